"""Fonts: the bundled DejaVu faces and a project's own, loaded once and shared by
layout and every renderer.

A font is named by a string. The bundled faces are "sans", "sans-bold" and the rest
of FILES (DejaVu, free licence in fonts/LICENSE-DejaVu.txt), so the built-in decks
never depend on what the system has installed. A face of the user's own (read and
checked by spec/fonts.py) is named "file:PATH#INDEX" (INDEX: its place in a .ttc
collection, 0 otherwise). A fallback chain is several names joined by "|": a
character is set in the first face of the chain that has it (printgen/shaping.py).

Each face is parsed once: fontTools reads its tables (metrics, character map, whether
it may be embedded), HarfBuzz shapes text with it (printgen/shaping.py), the PDF
renderer embeds a subset of it, the PNG renderer rasterises its glyphs with FreeType
and the SVG renderer draws its outlines, so all three outputs measure and draw text
alike.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

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
USER = "file:"           # the prefix of a user's face: file:PATH#INDEX
CHAIN = "|"              # between the faces of a fallback chain
# characters that draw nothing and need no glyph: joiners and bidi marks
INVISIBLE = frozenset("\u200c\u200d\u200e\u200f\u061c")


def user_face(path: Path, index: int = 0) -> str:
    """The name of a user's font file (and its place in a collection)."""
    return f"{USER}{path}#{index}"


def chain(names: list[str] | tuple[str, ...]) -> str:
    """One name for a face and its fallbacks, first choice first."""
    return CHAIN.join(dict.fromkeys(n for name in names for n in name.split(CHAIN)))


def faces(name: str) -> list[str]:
    """The faces of a name, first choice first (one for a plain face)."""
    return name.split(CHAIN)


def shown(name: str) -> str:
    """A font name as a user knows it: a bundled name, or the font file's name."""
    first = faces(name)[0]
    return Path(first[len(USER):].rsplit("#", 1)[0]).name if first.startswith(USER) else first


@dataclass(frozen=True)
class Fonts:
    """A family: the four faces (each a face or a fallback chain) text of one font
    name is set in, by weight and style."""

    regular: str = "sans"
    bold: str = "sans-bold"
    italic: str = "sans-italic"
    bold_italic: str = "sans-bold-italic"

    def pick(self, span: Any) -> str:
        """The face for a span of rich text (its bold and italic flags)."""
        if span.bold and span.italic:
            return self.bold_italic
        return self.bold if span.bold else self.italic if span.italic else self.regular


BUILTIN_FAMILIES = {
    "sans": Fonts(),
    "condensed": Fonts("condensed", "condensed-bold", "condensed", "condensed-bold"),
}


def builtin_family(name: str) -> Fonts:
    """The family a bundled face's name stands for: its own face as the regular one,
    with the bold and italic faces that go with it."""
    if name.startswith("condensed"):
        return Fonts(regular=name, bold="condensed-bold", italic=name, bold_italic="condensed-bold")
    return Fonts(regular=name, bold="sans-bold", italic="sans-italic", bold_italic="sans-bold-italic")


@dataclass(eq=False)
class Face:
    """One loaded face: its file, metrics (font units), character map and glyphs."""

    name: str
    path: Path
    index: int
    data: bytes = field(repr=False)
    units_per_em: int
    ascent: int
    descent: int                 # negative, below the baseline
    cap_height: int
    cmap: dict[int, int] = field(repr=False)      # code point -> glyph id
    postscript_name: str
    cff: bool                    # CFF outlines (an .otf); else TrueType (glyf)
    embedding: int               # the OS/2 fsType bits

    @cached_property
    def hb(self) -> Any:        # uharfbuzz has no type hints
        import uharfbuzz
        return uharfbuzz.Font(uharfbuzz.Face(uharfbuzz.Blob(self.data), self.index))

    @cached_property
    def tables(self) -> Any:    # fontTools has no type hints
        return _open(self.data, self.index, lazy=True)

    @cached_property
    def glyph_names(self) -> list[str]:
        return list(self.tables.getGlyphOrder())

    @cached_property
    def advances(self) -> dict[int, float]:
        """code point -> advance width in font units, unshaped (kept for the measures
        that need no shaping: a text's extent before it is set)."""
        hmtx = self.tables["hmtx"].metrics
        names = self.glyph_names
        return {code: hmtx[names[gid]][0] for code, gid in self.cmap.items() if gid < len(names)}

    def width(self, text: str, size: float) -> float:
        """Width of text set at size (points), shaped by HarfBuzz (kerning, ligatures)."""
        from printgen.shaping import text_width
        return text_width(text, self.name, size)

    def missing(self, text: str) -> list[str]:
        """Characters of text that have no glyph in this face."""
        return sorted({ch for ch in text if ord(ch) not in self.cmap and ch != "\n" and ch not in INVISIBLE})

    def has(self, ch: str) -> bool:
        return ord(ch) in self.cmap or ch in INVISIBLE


FontMetrics = Face          # the name layout has used for a face's measures


def _open(data: bytes, index: int, lazy: bool | None = None) -> Any:
    import io

    from fontTools.ttLib import TTFont
    return TTFont(io.BytesIO(data), fontNumber=index, lazy=lazy, recalcTimestamp=False)


def load_face(name: str, path: Path, index: int, data: bytes) -> Face:
    """Read a face's tables from its bytes; ValueError (or fontTools' errors) for a
    file that is not a usable font."""
    tt = _open(data, index)
    if "glyf" not in tt and "CFF " not in tt:
        raise ValueError("it has neither TrueType (glyf) nor CFF outlines (a CFF2 variable font or a "
                         "bitmap-only font cannot be embedded)")
    cmap = tt.getBestCmap()
    if not cmap:
        raise ValueError("it has no Unicode character map")
    order = {glyph: gid for gid, glyph in enumerate(tt.getGlyphOrder())}
    head, hhea = tt["head"], tt["hhea"]
    os2 = tt.get("OS/2")
    cap = getattr(os2, "sCapHeight", 0) if os2 is not None and os2.version >= 2 else 0
    if name in FILES or not cap:     # the top of "H", as printgen has always measured it
        cap = _glyph_top(tt, cmap.get(ord("H"))) or cap or int(hhea.ascent * 0.75)
    return Face(name=name, path=path, index=index, data=data, units_per_em=head.unitsPerEm,
                ascent=hhea.ascent, descent=hhea.descent, cap_height=cap,
                cmap={code: order[glyph] for code, glyph in cmap.items()},
                postscript_name=_postscript_name(tt), cff="CFF " in tt,
                embedding=getattr(os2, "fsType", 0) if os2 is not None else 0)


def _glyph_top(tt: Any, glyph: str | None) -> int:
    """The top (yMax) of a glyph, in font units; 0 if it has none."""
    if glyph is None:
        return 0
    if "glyf" in tt:
        return int(getattr(tt["glyf"][glyph], "yMax", 0))
    from fontTools.pens.boundsPen import BoundsPen
    glyphs = tt.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[glyph].draw(pen)
    return int(pen.bounds[3]) if pen.bounds else 0


def _postscript_name(tt: Any) -> str:
    name = tt["name"].getDebugName(6) or tt["name"].getDebugName(4) or "Font"
    return "".join(ch for ch in name if (ch.isascii() and ch.isalnum()) or ch in "-_")[:60] or "Font"


@cache
def face(name: str) -> Face:
    """A loaded face by name (one face, not a chain); FitError for an unknown name."""
    if name.startswith(USER):
        file, _, index = name[len(USER):].rpartition("#")
        return load_face(name, Path(file), int(index), Path(file).read_bytes())
    if name not in FILES:
        raise FitError(f"unknown font {name!r}; expected one of {', '.join(FILES)}, or a font the deck "
                       f"or template declares under fonts:")
    bundled = FONT_DIR / FILES[name]
    return load_face(name, bundled, 0, bundled.read_bytes())


@dataclass(frozen=True)
class Chain:
    """A fallback chain measured as one font: the first face's vertical metrics, and
    each character's width from the first face that has it."""

    name: str

    @cached_property
    def first(self) -> Face:
        return face(faces(self.name)[0])

    @property
    def units_per_em(self) -> int:
        return self.first.units_per_em

    @property
    def ascent(self) -> int:
        return self.first.ascent

    @property
    def descent(self) -> int:
        return self.first.descent

    @property
    def cap_height(self) -> int:
        return self.first.cap_height

    def width(self, text: str, size: float) -> float:
        from printgen.shaping import text_width
        return text_width(text, self.name, size)

    def missing(self, text: str) -> list[str]:
        chained = [face(n) for n in faces(self.name)]
        return sorted({ch for ch in text if ch != "\n" and not any(f.has(ch) for f in chained)})


@cache
def font(name: str) -> Face | Chain:
    """The measures of a face or fallback chain by name; FitError for an unknown name."""
    if CHAIN in name:
        for part in faces(name):
            face(part)
        return Chain(name)
    return face(name)


def check_glyphs(text: str, font_name: str, where: str) -> None:
    """Refuse text with a character no face of the chain can draw, rather than print
    a box in its place."""
    missing = font(font_name).missing(text)
    if missing:
        listed = ", ".join(f"{ch!r} (U+{ord(ch):04X}) {_char_name(ch)}" for ch in missing[:5])
        raise FitError(f"{where}: no font of {shown(font_name)!r} and its fallbacks has a glyph for {listed}; "
                       f"expected text its fonts can draw, or a fallback font that has these characters")


def _char_name(ch: str) -> str:
    return unicodedata.name(ch, "").lower() or "(unnamed)"
