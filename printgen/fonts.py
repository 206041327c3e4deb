"""The fonts printgen ships and their metrics, shared by layout and every renderer.

Fonts are bundled TrueType files (DejaVu, free licence in fonts/LICENSE-DejaVu.txt),
so output never depends on what the system has installed. Each file is parsed once
(by reportlab): layout measures text with its metrics and the PDF embeds it; the PNG
renderer rasterises the same file and the SVG renderer turns its glyph outlines into
paths.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from printgen.builtin import font_dir
from printgen.errors import FitError

FONT_DIR = font_dir()
FILES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-italic": "DejaVuSans-Oblique.ttf",
    "sans-bold-italic": "DejaVuSans-BoldOblique.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
}


@dataclass(frozen=True)
class FontMetrics:
    """Advance widths and vertical metrics of one font, in font units."""

    name: str
    path: Path
    units_per_em: int
    ascent: int
    descent: int                 # negative, below the baseline
    cap_height: int
    advances: dict[int, float]   # code point -> advance width, in font units

    def width(self, text: str, size: float) -> float:
        """Width of text set at size (points), without kerning."""
        advances = self.advances
        return sum(advances.get(ord(ch), 0) for ch in text) * size / self.units_per_em

    def missing(self, text: str) -> list[str]:
        """Characters of text that have no glyph in this font."""
        return sorted({ch for ch in text if ord(ch) not in self.advances and ch != "\n"})


@cache
def ttfont(name: str) -> TTFont:
    """The parsed font, shared by layout (metrics) and the PDF renderer (embedding)."""
    if name not in FILES:
        raise FitError(f"unknown font {name!r}; expected one of {', '.join(FILES)}")
    return TTFont(f"printgen-{name}", str(FONT_DIR / FILES[name]))


@cache
def font(name: str) -> FontMetrics:
    """The metrics of a bundled font by name; FitError for an unknown name."""
    face = ttfont(name).face
    upem = face.unitsPerEm
    advances = {code: width * upem / 1000 for code, width in face.charWidths.items()}
    face.seek_table("hhea", 4)
    ascent, descent = face.read_short(), face.read_short()
    return FontMetrics(name, FONT_DIR / FILES[name], upem, ascent, descent,
                       _glyph_top(face, ord("H")) or int(ascent * 0.75), advances)


def _glyph_top(face: TTFontFace, code: int) -> int:
    """The top (yMax) of a character's glyph, in font units; 0 if it has none."""
    glyph = face.charToGlyph.get(code)
    if glyph is None or face.glyphPos[glyph] == face.glyphPos[glyph + 1]:
        return 0
    face.seek_table("glyf", face.glyphPos[glyph] + 8)
    return face.read_short()


RIGHT_TO_LEFT = ("R", "AL", "RLE", "RLO", "RLI")


def check_glyphs(text: str, font_name: str, where: str) -> None:
    """Refuse text with characters the font cannot draw, rather than print boxes, and
    right-to-left text (Hebrew, Arabic), which printgen would set unshaped and in the
    wrong order."""
    rtl = next((ch for ch in text if unicodedata.bidirectional(ch) in RIGHT_TO_LEFT), None)
    if rtl is not None:
        raise FitError(f"{where}: {rtl!r} (U+{ord(rtl):04X}) is right-to-left script, which printgen "
                       f"cannot yet set correctly; expected left-to-right text")
    missing = font(font_name).missing(text)
    if missing:
        shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:5])
        raise FitError(f"{where}: the font {font_name!r} has no glyph for {shown}; "
                       f"expected text the bundled fonts can draw")
