"""The fonts printgen ships and their metrics, shared by layout and every renderer.

Fonts are bundled TrueType files (DejaVu, free licence in fonts/LICENSE-DejaVu.txt),
so output never depends on what the system has installed. Layout measures text
with these metrics; the PDF embeds the same files, the PNG renderer rasterises
them and the SVG renderer turns their glyph outlines into paths.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont

from printgen.errors import FitError

FONT_DIR = Path(__file__).resolve().parent / "fonts"
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
    advances: dict[int, int]     # code point -> advance width

    def width(self, text: str, size: float) -> float:
        """Width of text set at size (points), without kerning."""
        advances = self.advances
        return sum(advances.get(ord(ch), 0) for ch in text) * size / self.units_per_em

    def missing(self, text: str) -> list[str]:
        """Characters of text that have no glyph in this font."""
        return sorted({ch for ch in text if ord(ch) not in self.advances and ch != "\n"})


@lru_cache(maxsize=None)
def font(name: str) -> FontMetrics:
    """The metrics of a bundled font by name; FitError for an unknown name."""
    if name not in FILES:
        raise FitError(f"unknown font {name!r}; expected one of {', '.join(FILES)}")
    path = FONT_DIR / FILES[name]
    tt = TTFont(path, lazy=True)
    cmap = tt.getBestCmap()
    metrics = tt["hmtx"].metrics
    advances = {code: metrics[glyph][0] for code, glyph in cmap.items()}
    hhea = tt["hhea"]
    cap = getattr(tt["OS/2"], "sCapHeight", 0) or int(hhea.ascent * 0.75)
    return FontMetrics(name, path, tt["head"].unitsPerEm, hhea.ascent, hhea.descent, cap, advances)


def check_glyphs(text: str, font_name: str, where: str) -> None:
    """Refuse text with characters the font cannot draw, rather than print boxes."""
    missing = font(font_name).missing(text)
    if missing:
        shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:5])
        raise FitError(f"{where}: the font {font_name!r} has no glyph for {shown}; "
                       f"expected text the bundled fonts can draw")
