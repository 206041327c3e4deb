"""Setting text in a box: wrapping, shrinking to fit, alignment, and fit errors.

Text that cannot fit its box even at its smallest allowed size is an error that
names the card and field; it is never clipped or left to overlap. Shrinking finds
the largest size that fits, on a grid a quarter point apart, by binary search (text
that fits at a size fits at every smaller one), measuring the words once: the work
is O(n log n) in the text's length. A text longer than `text_chars` characters is an
error before any wrapping.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from printgen.errors import FitError
from printgen.fonts import FontMetrics, check_glyphs, font
from printgen.layout.primitives import TextRun
from printgen.limits import limit
from printgen.units import mm

ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom")


@dataclass(frozen=True)
class TextStyle:
    font: str = "sans"
    size: float = 10.0
    color: str = "#000000"
    align: str = "left"
    valign: str = "top"
    line_height: float = 1.2
    wrap: bool = True
    min_size: float = 0.0        # 0: never shrink


def clean(text: str) -> str:
    """Normalise pasted text: NFC, tabs to spaces, no control or invisible format
    characters. (A private-use or unassigned character is kept, so that the glyph
    check names it instead of it vanishing.)"""
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\t", " ")
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch) not in ("Cc", "Cf"))


MAX_TEXT = int(limit("text_chars"))      # the longest text a box is asked to set
STEP = 0.25                              # shrinking text tries sizes a quarter point apart
T = TypeVar("T")


def check_length(text: str, where: str) -> None:
    """Refuse a text longer than MAX_TEXT characters, before any wrapping."""
    if len(text) > MAX_TEXT:
        raise FitError(f"{where}: expected a text of at most {MAX_TEXT:,} characters, got {len(text):,}; "
                       f"shorten it")


def shrink_sizes(size: float, smallest: float) -> list[float]:
    """The sizes text shrinking to fit tries, largest first: size, then a quarter point
    smaller each time while that is not below smallest."""
    sizes = [size]
    while not sizes[-1] - STEP < smallest - 1e-9:
        sizes.append(sizes[-1] - STEP)
    return sizes


def largest_fit(sizes: list[float], attempt: Callable[[float], T | None]) -> tuple[float, T] | None:
    """The first of sizes (largest first) at which attempt succeeds, with what it made;
    None where it succeeds at none. Text that fits at a size fits at every smaller one,
    so this is where stepping down one size at a time would stop, found in O(log n)
    attempts by binary search."""
    made = attempt(sizes[0])
    if made is not None:
        return sizes[0], made
    failed, fits = 0, len(sizes) - 1             # sizes[failed] does not fit
    if fits == failed:
        return None
    made = attempt(sizes[fits])
    if made is None:
        return None
    while fits - failed > 1:
        middle = (failed + fits) // 2
        trial = attempt(sizes[middle])
        if trial is None:
            failed = middle
        else:
            fits, made = middle, trial
    return sizes[fits], made


def band(limit: float) -> tuple[float, float]:
    """Where a width summed in another order than the exact one may fall: below the
    first bound it is within limit, above the second it is not, and between them
    only the exact width can tell. (Sums of up to a million widths differ by far
    less than 1e-9 of their size.)"""
    tolerance = 2e-9 * max(1.0, abs(limit))
    return limit - tolerance, limit + tolerance


def clearly_within(approximate: float, limit: float) -> bool | None:
    """Whether a width summed in another order than the exact one is within limit:
    True or False where that is clear, None where only the exact width can tell."""
    low, high = band(limit)
    return True if approximate < low else False if approximate > high else None


class Words:
    """A text's paragraphs split into words, each word measured once (in font units),
    to be wrapped at each size that shrinking tries in time linear in its words."""

    def __init__(self, text: str, metrics: FontMetrics) -> None:
        advances = metrics.advances
        self.metrics = metrics
        self.paragraphs = [paragraph.split(" ") for paragraph in text.split("\n")]
        self.units = [[sum(advances.get(ord(ch), 0) for ch in word) for word in words]
                      for words in self.paragraphs]
        self.space = advances.get(ord(" "), 0)

    def wrap(self, size: float, width: float, wrap: bool) -> list[str] | None:
        """Break the text into lines no wider than width; None where a word cannot fit.
        (Greedy: each word on the line if the line stays within width, else on the next.)"""
        metrics, limit, space = self.metrics, width + 1e-6, self.space
        low, high = band(limit)
        scale = size / metrics.units_per_em
        lines: list[str] = []
        for words, units in zip(self.paragraphs, self.units, strict=True):
            if not wrap:
                paragraph = " ".join(words)
                if metrics.width(paragraph, size) > limit:
                    return None
                lines.append(paragraph)
                continue
            line: list[str] = []           # the words of the current line, joined by spaces
            used = 0.0                     # their width in font units, summed word by word
            filled = False                 # " ".join(line) is not empty
            for word, word_units in zip(words, units, strict=True):
                if filled:
                    trial = (used + space + word_units) * scale
                    if trial < low or (trial <= high and metrics.width(" ".join(line) + " " + word, size) <= limit):
                        line.append(word)
                        used += space + word_units
                        continue
                alone = word_units * scale
                if alone > high or (alone >= low and metrics.width(word, size) > limit):
                    return None
                if filled:
                    lines.append(" ".join(line))
                line, used, filled = [word], word_units, bool(word)
            lines.append(" ".join(line))
        return lines


def wrap_lines(text: str, metrics: FontMetrics, size: float, width: float,
               wrap: bool) -> list[str] | None:
    """Break text into lines no wider than width; None where a word cannot fit."""
    return Words(text, metrics).wrap(size, width, wrap)


def block_height(metrics: FontMetrics, size: float, count: int, line_height: float) -> float:
    """Height from the top of the first line to the lowest descender of the last."""
    em = size / metrics.units_per_em
    return metrics.ascent * em + (count - 1) * size * line_height - metrics.descent * em


def set_text(text: str, x: float, y: float, w: float, h: float, style: TextStyle,
             where: str) -> list[TextRun]:
    """Lay out text in the box at the largest size from style.size down to
    style.min_size, a quarter point apart, at which it fits; FitError when it cannot
    fit at style.min_size."""
    check_length(text, where)
    text = clean(text)
    check_glyphs(text, style.font, where)
    metrics = font(style.font)
    words = Words(text, metrics)

    def attempt(size: float) -> list[str] | None:
        lines = words.wrap(size, w, style.wrap)
        if lines is not None and block_height(metrics, size, len(lines), style.line_height) <= h + 1e-6:
            return lines
        return None

    smallest = style.min_size or style.size
    found = largest_fit(shrink_sizes(style.size, smallest), attempt)
    if found is not None:
        return _place(found[1], metrics, x, y, w, h, found[0], style)
    need = _needed(text, metrics, smallest, w, style)
    raise FitError(f"{where}: text {_short(text)} does not fit its {mm(w):.1f} x {mm(h):.1f} mm box "
                   f"at {smallest:g} pt ({need}); shorten it or enlarge the box")


def _needed(text: str, metrics: FontMetrics, size: float, w: float, style: TextStyle) -> str:
    lines = wrap_lines(text, metrics, size, w, style.wrap)
    if lines is None:
        widest = max(metrics.width(word, size) for word in text.replace("\n", " ").split(" "))
        return f"a word needs {mm(widest):.1f} mm of width" if style.wrap else \
            f"a line needs {mm(max(metrics.width(t, size) for t in text.split(chr(10)))):.1f} mm of width"
    return f"it needs {mm(block_height(metrics, size, len(lines), style.line_height)):.1f} mm of height"


def _short(text: str) -> str:
    flat = text.replace("\n", " ")
    return repr(flat if len(flat) <= 40 else flat[:37] + "...")


def _place(lines: list[str], metrics: FontMetrics, x: float, y: float, w: float, h: float,
           size: float, style: TextStyle) -> list[TextRun]:
    em = size / metrics.units_per_em
    step = size * style.line_height
    if style.valign == "top":
        first = y + metrics.ascent * em
    elif style.valign == "bottom":
        first = y + h + metrics.descent * em - (len(lines) - 1) * step
    else:  # middle: centre the capitals of the block, so numerals sit visually centred
        block = metrics.cap_height * em + (len(lines) - 1) * step
        first = y + (h - block) / 2 + metrics.cap_height * em
        lowest = y + h + metrics.descent * em - (len(lines) - 1) * step
        first = max(min(first, lowest), y + metrics.ascent * em)
    runs = []
    for i, line in enumerate(lines):
        width = metrics.width(line, size)
        left = x + {"left": 0.0, "center": (w - width) / 2, "right": w - width}[style.align]
        if line:
            runs.append(TextRun(left, first + i * step, line, style.font, size, style.color))
    return runs
