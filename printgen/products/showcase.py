"""Showcase pictures of a deck, for a game's web page or a crowdfunding post: a fanned
hand of chosen cards and a spread of them (with the back) above a soft reflection.

Cards are the deck's own laid-out sides, rendered by the PNG renderer, cut at the
trim with rounded corners, on a transparent background with a soft shadow. The same
deck and choice of cards give the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from printgen.errors import InputError
from printgen.frozen import frozen
from printgen.layout.page import Side
from printgen.limits import limit
from printgen.output import atomic_path
from printgen.render.png import render_side

CORNER_MM = 3.0                  # the rounded corner of a die-cut card
MAX_CARDS = limit("showcase_cards")                   # a hand or spread of more is unreadable at any size
MAX_PIXELS = limit("showcase_pixels")     # the cards' pictures, the hand's and the spread's together
SHADOW = (0, 0, 0, 110)


@frozen
class Showcase:
    dpi: int = 150               # pixels per inch of each card in the pictures
    fan_degrees: float = 8.0     # between neighbouring cards of the hand, at most


def card_picture(side: Side, dpi: int) -> Image.Image:
    """The side cut at its trim, with rounded corners, as RGBA."""
    full = render_side(side, dpi)
    bleed = round(side.frame.bleed * dpi / 72)
    card = full.crop((bleed, bleed, full.width - bleed, full.height - bleed)).convert("RGBA")
    radius = round(CORNER_MM / 25.4 * dpi)
    mask = Image.new("L", card.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, card.width - 1, card.height - 1), radius=radius, fill=255)
    card.putalpha(mask)
    return card


def check_size(card: tuple[int, int], count: int, options: Showcase, where: str) -> None:
    """Before anything is drawn: InputError naming `where` (the deck's size) when count
    cards of card's pixel size, with the back, and their hand and spread pictures
    would need more than MAX_PIXELS pixels (each held as RGBA, some twice over)."""
    width, height = card
    cards = (count + 1) * width * height
    hand_w, hand_h = hand_size(card, count, options)
    spread_w, spread_h = spread_size(card, count + 1)
    needed = cards + hand_w * hand_h + spread_w * spread_h
    if needed > MAX_PIXELS:
        raise InputError(f"{where}: a showcase of {count} cards of {width:,} x {height:,} pixels at "
                         f"{options.dpi} dpi needs {needed:,} pixels; expected at most {MAX_PIXELS:,}: "
                         f"show fewer cards (--cards) or give a lower --dpi")


def hand_size(card: tuple[int, int], count: int, options: Showcase) -> tuple[int, int]:
    """hand()'s picture size for count cards of card's pixel size (at most a pixel or
    two larger), worked out without drawing."""
    width, height = card
    step = min(options.fan_degrees, 48.0 / max(1, count - 1))
    radius = 1.6 * height
    boxes = []
    for index in range(count):
        turn = math.radians((index - (count - 1) / 2) * step)
        cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
        turned_w, turned_h = math.ceil(width * cos + height * sin) + 1, math.ceil(width * sin + height * cos) + 1
        x, y = radius * math.sin(turn) - turned_w / 2, -radius * math.cos(turn) - turned_h / 2
        boxes.append((x, y, x + turned_w, y + turned_h))
    margin = round(0.08 * height)
    left, top = min(b[0] for b in boxes) - margin, min(b[1] for b in boxes) - margin
    right, bottom = max(b[2] for b in boxes) + margin, max(b[3] for b in boxes) + 2 * margin
    return math.ceil(right - left), math.ceil(bottom - top)


def spread_size(card: tuple[int, int], count: int) -> tuple[int, int]:
    """spread()'s picture size for count cards of card's pixel size."""
    width, height = card
    gap, margin = round(0.12 * width), round(0.1 * height)
    return 2 * margin + count * width + (count - 1) * gap, 2 * margin + height + round(0.3 * height)


def _shadowed(canvas: Image.Image, card: Image.Image, at: tuple[int, int], blur: int) -> None:
    """Paste card at at onto canvas over a soft shadow offset down and right."""
    shadow = Image.new("RGBA", card.size, SHADOW)
    shadow.putalpha(ImageChops.multiply(card.getchannel("A"), shadow.getchannel("A")))
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    layer.alpha_composite(shadow, (at[0] + blur // 2, at[1] + blur))
    canvas.alpha_composite(layer.filter(ImageFilter.GaussianBlur(blur)))
    canvas.alpha_composite(card, at)


def hand(cards: Sequence[Image.Image], options: Showcase) -> Image.Image:
    """The cards fanned as a player holds them, turning about a point below the hand."""
    height = cards[0].height
    count = len(cards)
    step = min(options.fan_degrees, 48.0 / max(1, count - 1))
    radius = 1.6 * height                          # from the pivot to each card's centre
    placed = []
    for index, card in enumerate(cards):
        angle = (index - (count - 1) / 2) * step
        turned = card.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        cx = radius * math.sin(math.radians(angle))
        cy = -radius * math.cos(math.radians(angle))
        placed.append((turned, cx - turned.width / 2, cy - turned.height / 2))
    margin = round(0.08 * height)
    left = min(x for _, x, _ in placed) - margin
    top = min(y for _, _, y in placed) - margin
    right = max(x + t.width for t, x, _ in placed) + margin
    bottom = max(y + t.height for t, _, y in placed) + 2 * margin
    canvas = Image.new("RGBA", (math.ceil(right - left), math.ceil(bottom - top)), (0, 0, 0, 0))
    for turned, x, y in placed:
        _shadowed(canvas, turned, (round(x - left), round(y - top)), blur=max(2, margin // 3))
    return canvas


def spread(cards: Sequence[Image.Image]) -> Image.Image:
    """The cards side by side above a fading reflection, as on a table top."""
    width, height = max(c.width for c in cards), max(c.height for c in cards)
    gap, margin = round(0.12 * width), round(0.1 * height)
    reflection = round(0.3 * height)
    canvas = Image.new("RGBA", (2 * margin + len(cards) * width + (len(cards) - 1) * gap,
                                2 * margin + height + reflection), (0, 0, 0, 0))
    fade = Image.linear_gradient("L").rotate(180).resize((width, reflection))
    fade = fade.point(lambda v: v * 0.35)
    for index, card in enumerate(cards):
        x = margin + index * (width + gap) + (width - card.width) // 2
        y = margin + height - card.height
        _shadowed(canvas, card, (x, y), blur=max(2, margin // 4))
        mirror = card.transpose(Image.Transpose.FLIP_TOP_BOTTOM).crop((0, 0, card.width, reflection))
        alpha = ImageChops.multiply(mirror.getchannel("A"), fade.resize(mirror.size))
        mirror.putalpha(alpha)
        canvas.alpha_composite(mirror, (x, margin + height + round(0.02 * height)))
    return canvas


def write_picture(image: Image.Image, path: Path) -> Path:
    with atomic_path(path) as temp:
        image.save(temp, format="PNG", optimize=False, compress_level=6)
    return path
