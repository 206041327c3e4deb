"""Card craft read from the laid-out faces and the rendered PNGs: values inside their
outlines, a corner index on every card, 6 and 9 underlined, pips that point the usual
way, point-symmetric backs for the betting games, the Kerton markers' own back, even
gold-die faces."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from PIL import Image, ImageChops, ImageStat

from printgen.shaping import font
from printgen.layout.deck import layout_deck
from printgen.layout.primitives import Ellipse, Polygon, TextRun
from printgen.spec import load_deck
from printgen.spec.template import load_template

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
BETTING_DECKS = ["coruscant-shift", "kerton-42", "sabacc-62", "sabacc-76"]


def inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    """Ray casting: is the point strictly inside the polygon?"""
    x, y = point
    hits = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hits = not hits
    return hits


def ink_box(run: TextRun) -> list[tuple[float, float]]:
    """The corners of a run's digits: advance width by cap height (0.73 em) over the baseline."""
    width = font(run.font).width(run.text, run.size)
    top = run.y - 0.73 * run.size
    return [(run.x, top), (run.x + width, top), (run.x, run.y), (run.x + width, run.y)]


def test_sabacc_62_triangle_values_sit_inside_the_triangle():
    layout = layout_deck(load_deck("sabacc-62"))
    checked = 0
    for card, face in zip(layout.deck.cards, layout.faces):
        if card.fields.get("suit") != "triangle":
            continue
        triangle = max((p for p in face.prims if isinstance(p, Polygon) and len(p.points) == 3),
                       key=lambda p: max(x for x, _ in p.points) - min(x for x, _ in p.points))
        value = max((p for p in face.prims if isinstance(p, TextRun)), key=lambda r: r.size)
        assert value.text == card.fields["value"].replace("-", "\u2212")      # a true minus
        corners = ink_box(value)
        assert all(inside(c, triangle.points) for c in corners), (card.fields["value"], corners)
        checked += 1
    assert checked == 20


@pytest.mark.parametrize("name", BETTING_DECKS)
def test_every_card_has_a_corner_index_at_both_ends(name):
    layout = layout_deck(load_deck(name))
    for card, face in zip(layout.deck.cards, layout.faces):
        w, h = face.frame.width, face.frame.height
        runs = [p for p in face.prims if isinstance(p, TextRun) and p.size <= 16]
        top_left = [r for r in runs if r.rotate == 0 and r.x < 18 / 25.4 * 72 and r.y < 16 / 25.4 * 72]
        bottom_right = [r for r in runs if r.rotate == 180 and r.x > w - 18 / 25.4 * 72 and r.y > h - 16 / 25.4 * 72]
        if card.fields.get("kind") == "marker":            # the marker's name is its index
            continue
        assert top_left and bottom_right, (name, card.fields)
        assert top_left[0].text == bottom_right[0].text


def test_sixes_and_nines_are_underlined():
    layout = layout_deck(load_deck("sabacc-76"))
    for card, face in zip(layout.deck.cards, layout.faces):
        rules = [p for p in face.prims if isinstance(p, Polygon) and len(p.points) == 2]
        underlined = card.fields["value"] in ("6", "9")
        assert (len(rules) == 3) == underlined, card.fields     # both corners and the centre


def pointing(parts: list, shape: list) -> str:
    """Whether a pip drawn as `parts` (a shape's ellipses and polygons, in the shape's
    order) points up or down: where its round parts sit within its height, against
    where they sit in the upright shape; "either" for a shape with no round parts."""
    def lean(centres: list[float], tops: list[float], bottoms: list[float]) -> float:
        return sum(centres) / len(centres) - (min(tops) + max(bottoms)) / 2

    if not any(part.kind == "ellipse" for part in shape):
        return "either"
    upright = lean([part.numbers[1] for part in shape if part.kind == "ellipse"],
                   [part.numbers[1] - part.numbers[3] if part.kind == "ellipse" else min(part.numbers[1::2])
                    for part in shape],
                   [part.numbers[1] + part.numbers[3] if part.kind == "ellipse" else max(part.numbers[1::2])
                    for part in shape])
    drawn = lean([p.cy for p in parts if isinstance(p, Ellipse)],
                 [p.cy - p.ry if isinstance(p, Ellipse) else min(y for _, y in p.points) for p in parts],
                 [p.cy + p.ry if isinstance(p, Ellipse) else max(y for _, y in p.points) for p in parts])
    return "up" if (drawn > 0) == (upright > 0) else "down"


def test_kerton_pips_point_up_in_the_top_half_and_middle_row_down_in_the_bottom_half():
    """The playing-card convention: a pip above the card's middle points up, one below
    it points down (turned end over end), one on the middle row points up; the corner
    indices' pips too."""
    layout = layout_deck(load_deck("kerton-42"))
    shapes = load_template(TEMPLATES / "kerton-face.yaml").shapes
    checked = set()
    for card, face in zip(layout.deck.cards, layout.faces):
        if card.fields.get("kind") != "pips":
            continue
        shape = shapes[card.fields["suit"][:-1]]
        drawn = [p for p in face.prims if isinstance(p, (Ellipse, Polygon))]
        assert len(drawn) % len(shape) == 0
        middle = face.frame.height / 2
        for k in range(0, len(drawn), len(shape)):
            parts = drawn[k:k + len(shape)]
            top = min(p.cy - p.ry if isinstance(p, Ellipse) else min(y for _, y in p.points) for p in parts)
            bottom = max(p.cy + p.ry if isinstance(p, Ellipse) else max(y for _, y in p.points) for p in parts)
            centre = (top + bottom) / 2
            way = pointing(parts, shape)
            if way == "either":
                continue
            expected = "down" if centre > middle + (bottom - top) / 2 else "up"
            assert way == expected, (card.fields["rank"], card.fields["suit"], round(centre / 72 * 25.4, 1))
            checked.add(card.fields["rank"])
    assert checked == {"1", "2", "3", "4", "5", "6"}


def test_kerton_markers_have_a_back_of_their_own():
    deck = load_deck("kerton-42")
    backs = {card.fields["kind"]: card.back for card in deck.cards}
    assert backs["marker"] != backs["pips"]
    assert [card.back for card in deck.cards].count(backs["marker"]) == 4


@pytest.mark.parametrize("name", BETTING_DECKS)
def test_backs_look_the_same_turned_end_over_end(tmp_path, name):
    """Each of the deck's backs, written as the build writes its PNG (300 dpi, with its
    bleed; the same bytes), looks the same turned end over end. The faces, which the
    build would draw too, are not drawn."""
    from printgen.render.png import write_png
    backs = [write_png(side, tmp_path / f"{side.name}.png", dpi=300)
             for side in layout_deck(load_deck(name)).backs.values()]
    assert backs
    for path in backs:
        picture = Image.open(path).convert("RGB")
        turned = picture.rotate(180)
        mean = sum(ImageStat.Stat(ImageChops.difference(picture, turned)).mean) / 3
        if mean >= 0.5:
            picture.save(tmp_path / f"actual-{path.name}")
            turned.save(tmp_path / f"turned-{path.name}")
        assert mean < 0.5, (path.name, mean)


def test_gold_die_faces_share_one_size(cli, tmp_path):
    result = cli("dice", "coruscant-gold", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    with pdfplumber.open(next(tmp_path.glob("*.pdf"))) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    faces = {w["text"]: round(w["size"], 2) for w in words
             if w["text"] in ("0", "+5", "\u22125", "+10", "\u221210")}           # true minus signs
    assert len(faces) == 5 and len(set(faces.values())) == 1, faces


# -- what a player with red-green colour blindness, or a guillotine 1 mm off, sees

# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))


def _linear(colour: str) -> list[float]:
    values = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in values]


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _seen(colour: str, matrix) -> tuple[float, float, float]:
    rgb = _linear(colour)
    return _lab([sum(m * v for m, v in zip(row, rgb)) for row in matrix])


@pytest.mark.parametrize("template", ["sabacc-face", "coruscant-face"])
@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deuteranopia", "protanopia"])
def test_the_signs_colours_stay_apart_for_red_green_colour_blindness(template, matrix):
    import yaml
    from conftest import ROOT
    colours = yaml.safe_load((ROOT / "templates" / f"{template}.yaml").read_text())["colors"]
    a, b = _seen(colours["positive"], matrix), _seen(colours["negative"], matrix)
    assert sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5 >= 30      # CIE76: clearly two colours


def test_negative_values_are_set_with_a_true_minus(cli, tmp_path):
    assert cli("build", "sabacc-62", "--only", "pdf", "--out", str(tmp_path), "-q").status == 0
    with pdfplumber.open(tmp_path / "sabacc-62-a4.pdf") as pdf:
        text = pdf.pages[2].extract_text()
    assert "\u22123" in text and "-3" not in text


@pytest.mark.parametrize("name", ["coruscant-shift", "kerton-42", "sabacc-62", "sabacc-76",
                                  "solomons-temple-black", "standard-54"])
def test_no_face_has_a_line_or_edge_near_its_trim(name):
    """A cut 1 mm off must not show: on every face, across the middle from each side
    (the bleed inwards), the colour at the trim runs on at least 5 mm (a frame or
    panel edge 5 mm in leaves 4 and 6 mm), or the face is one colour there."""
    from printgen.render.png import render_side
    layout = layout_deck(load_deck(name))
    dpi = 100
    for side in layout.faces:
        image = render_side(side, dpi).convert("RGB")
        bleed = side.frame.bleed * dpi / 72
        middle_x, middle_y = image.width // 2, image.height // 2
        for along in ("row", "column"):
            pixel = (lambda i: image.getpixel((i, middle_y))) if along == "row" else \
                (lambda i: image.getpixel((middle_x, i)))
            edge = pixel(round(bleed) + 1)
            length = image.width if along == "row" else image.height
            first = next((i for i in range(round(bleed) + 1, length // 2) if _far(pixel(i), edge)), length)
            assert (first - bleed) / dpi * 25.4 >= 5.0 - 0.4, (name, side.label, along)   # a pixel is 0.25 mm


def _far(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return max(abs(p - q) for p, q in zip(a, b)) > 24


def test_each_kind_of_solomon_card_has_its_own_emblem():
    """The emblem (the disc under the type ribbon) is the same for cards of one type
    and differs between types, but where two types share a meaning (an offering and
    an instant offering; worship and the finale; the evil cards' broken star)."""
    from printgen.render.png import render_side
    layout = layout_deck(load_deck("solomons-temple-black"))
    same = {"Instant offering": "Offering", "Finale": "Worship", "Instant evil": "Sin"}
    emblems: dict[str, bytes] = {}
    for card, side in zip(layout.deck.cards, layout.faces):
        kind = same.get(card.fields["type"], card.fields["type"])
        image = render_side(side, 72).convert("RGB")
        centre_x = side.frame.bleed + side.frame.width / 2       # at 72 dpi a pixel is a point
        centre_y = side.frame.bleed + 35 / 25.4 * 72          # the emblem's disc: 35 mm down, 9.5 mm across
        half = 8 / 25.4 * 72
        crop = image.crop((round(centre_x - half), round(centre_y - half), round(centre_x + half),
                           round(centre_y + half)))
        picture = crop.convert("L").point(lambda v: 255 if v > 200 else 0).tobytes()   # the cream disc against ink
        if card.fields["group"] in ("sin", "evil", "military"):
            continue
        if kind in emblems:
            assert emblems[kind] == picture, card.fields["name"]
        emblems[kind] = picture
    kinds = sorted(emblems)
    assert len(kinds) >= 8
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            assert emblems[a] != emblems[b], (a, b)


def _luminance(colour: str) -> float:
    r, g, b = _linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("template, ink, ground", [
    ("coruscant-face", "sylop", "sylop_tint"), ("coruscant-face", "positive", "positive_tint"),
    ("coruscant-face", "negative", "negative_tint"), ("sabacc-face", "positive", "panel"),
    ("sabacc-face", "negative", "panel"), ("sabacc-face", "sylop", "panel"),
])
def test_values_read_against_their_panel(template, ink, ground):
    """WCAG contrast of at least 3:1, the floor for large text (the values are 30 pt and more)."""
    import yaml
    from conftest import ROOT
    colours = yaml.safe_load((ROOT / "templates" / f"{template}.yaml").read_text())["colors"]
    light, dark = sorted((_luminance(colours[ink]), _luminance(colours[ground])), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 3.0
