"""Setting text in a box: wrapping, shrinking to fit, alignment, and fit errors.

Text that cannot fit its box even at its smallest allowed size is an error that
names the card and field; it is never clipped or left to overlap.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from printgen.errors import FitError
from printgen.fonts import FontMetrics, check_glyphs, font
from printgen.layout.primitives import TextRun
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


def wrap_lines(text: str, metrics: FontMetrics, size: float, width: float,
               wrap: bool) -> list[str] | None:
    """Break text into lines no wider than width; None where a word cannot fit."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if not wrap:
            if metrics.width(paragraph, size) > width + 1e-6:
                return None
            lines.append(paragraph)
            continue
        current = ""
        for word in paragraph.split(" "):
            trial = f"{current} {word}" if current else word
            if metrics.width(trial, size) <= width + 1e-6:
                current = trial
            elif metrics.width(word, size) > width + 1e-6:
                return None
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


def block_height(metrics: FontMetrics, size: float, count: int, line_height: float) -> float:
    """Height from the top of the first line to the lowest descender of the last."""
    em = size / metrics.units_per_em
    return metrics.ascent * em + (count - 1) * size * line_height - metrics.descent * em


def set_text(text: str, x: float, y: float, w: float, h: float, style: TextStyle,
             where: str) -> list[TextRun]:
    """Lay out text in the box; FitError when it cannot fit at style.min_size."""
    text = clean(text)
    check_glyphs(text, style.font, where)
    metrics = font(style.font)
    size = style.size
    smallest = style.min_size or style.size
    while True:
        lines = wrap_lines(text, metrics, size, w, style.wrap)
        if lines is not None and block_height(metrics, size, len(lines), style.line_height) <= h + 1e-6:
            return _place(lines, metrics, x, y, w, h, size, style)
        if size - 0.25 < smallest - 1e-9:
            break
        size -= 0.25
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
