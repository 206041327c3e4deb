"""Fonts: the bundled DejaVu faces and a project's own, loaded once and shared by
layout and every renderer.

A font is named by a string. The bundled faces are "sans", "sans-bold" and the rest
of FILES (DejaVu, free licence in fonts/LICENSE-DejaVu.txt), so the built-in decks
never depend on what the system has installed. A face of the user's own (read and
checked by spec/fonts.py) is named "file:PATH#INDEX" (INDEX: its place in a .ttc
collection, 0 otherwise). A fallback chain is several names joined by "|": a
character is set in the first face of the chain that has it, and a word of a joining
script in the first that has all its letters (printgen/shaping.py).

Each face is read once, by HarfBuzz (its metrics, character map and whether its
licence lets it be embedded); HarfBuzz shapes text with it (printgen/shaping.py), the
PDF renderer embeds a subset of it, the PNG renderer rasterises its glyphs with
FreeType and the SVG renderer draws its outlines (fontTools), so all three outputs
measure and draw text alike. Layout measures through printgen/shaping.py's font().
"""

from __future__ import annotations

import atexit
import logging
import struct
import unicodedata
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any

from printgen.builtin import font_dir
from printgen.errors import FitError, GlyphError, InputError
from printgen.fontfile import WEB_FONTS, damage, is_font
from printgen.model.fonts import Fonts
from printgen.words import first_few, plural

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
# characters that draw nothing and need no glyph: the zero-width space, joiners and bidi marks
INVISIBLE = frozenset("\u200b\u200c\u200d\u200e\u200f\u061c")
# U+3000 IDEOGRAPHIC SPACE: where no face of a chain has it, it is set in the first,
# which HarfBuzz gives that face's space one em wide in its place: it needs no glyph
IDEOGRAPHIC_SPACE = "\u3000"

# what fontTools raises reading a broken or foreign file (it checks little as it goes),
# with its own TTLibError, imported only when a font fails (see broken())
BROKEN = (ValueError, KeyError, IndexError, AssertionError, struct.error, EOFError,
          TypeError, AttributeError, ZeroDivisionError, OverflowError, UnicodeDecodeError)


# fontTools warns of what it finds wrong in a font (a table too long, a glyph too wide)
# on stderr, line after line, where no program has set up logging; printgen reports a
# font that cannot be used in one line of its own (unreadable()), and prints none of them
logging.getLogger("fontTools").addHandler(logging.NullHandler())


def broken() -> tuple[type[BaseException], ...]:
    """BROKEN and fontTools' TTLibError: an `except broken()` imports fontTools only
    when an exception reaches it."""
    from fontTools.ttLib import TTLibError
    return (TTLibError, *BROKEN)


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


# a family's styles (the fields of Fonts), and the style one step plainer than each
# styled one: a script a styled face lacks (DejaVu's obliques have no Arabic) is set in
# the plainer style of its family, so an italic for a script without italic is upright
STYLES = ("regular", "bold", "italic", "bold_italic")
PLAINER = {"bold": "regular", "italic": "regular", "bold_italic": "bold"}
# the bundled families by style (DejaVu Sans Condensed has no oblique: its italic is
# upright), and each bundled face's family and style (of the styles a face serves,
# the plainest: the styles are walked plainest last, a later entry replacing one)
BUNDLED = (Fonts("sans", "sans-bold", "sans-italic", "sans-bold-italic"),
           Fonts("condensed", "condensed-bold", "condensed", "condensed-bold"))
PLACE = {getattr(family, style): (family, style) for family in BUNDLED for style in reversed(STYLES)}


@cache
def plainer(family: Fonts) -> Fonts:
    """family with each styled face (or chain) followed by the chain of the style one
    step plainer (PLAINER): bold italic by bold's, which regular's follows."""
    chains: dict[str, str] = {}
    for style in STYLES:
        chains[style] = chain([getattr(family, style), *([chains[PLAINER[style]]] if style in PLAINER else [])])
    return Fonts(**chains)


@cache
def house(name: str, own: Fonts | None = None) -> str:
    """A bundled face extended for the characters it lacks: the face, then the same
    style of the deck's own fonts (own: every face they declare, see own_faces), then
    the plainer faces of its family and of the deck's (an italic for a script without
    italic is set upright). Text the bundled face has is set in it as before."""
    family, style = PLACE.get(name, (Fonts(name, name, name, name), "regular"))
    if own is not None:
        family = Fonts(*(chain([getattr(family, s), getattr(own, s)]) for s in STYLES))
    return str(getattr(plainer(family), style))


@cache
def house_family(family: Fonts, own: Fonts | None = None) -> Fonts:
    """A family of bundled faces, each extended by house(), and each style by the
    plainer style's chain (plainer()): a family whose regular face is bold sets what its
    italic lacks in that bold face, as one of the sans family sets it upright."""
    return plainer(Fonts(*(house(getattr(family, style), own) for style in STYLES)))


def chosen_face(name: str, chosen: Fonts | None, house_face: str) -> str:
    """The face a bundled face's text is set in where a text chose a family of its own
    (a rules text's `font:`): the chosen family's face of the same style ("sans-bold":
    its bold, "sans-italic" its italic), then house_face (the bundled face, as house()
    extends it) for what the chosen one lacks. No chosen family: house_face."""
    if chosen is None:
        return house_face
    return chain([getattr(plainer(chosen), PLACE.get(name, (None, "regular"))[1]), house_face])


def chosen_family(family: Fonts, own: Fonts | None, chosen: Fonts | None) -> Fonts:
    """house_family(), each face set in the chosen family's instead (chosen_face())."""
    house_faces = house_family(family, own)
    if chosen is None:
        return house_faces
    return Fonts(*(chosen_face(getattr(family, style), chosen, getattr(house_faces, style)) for style in STYLES))


def own_faces(declared: dict[str, Fonts]) -> Fonts | None:
    """Every face a deck (with its project) declares under fonts:, style by style, in
    the order declared (with their fallbacks): where its texts beyond its cards (sheet
    captions, tuck box, rules) find what the bundled faces lack. None: it declares none."""
    if not declared:
        return None
    families = list(declared.values())
    return Fonts(*(chain([getattr(f, style) for f in families]) for style in STYLES))


def bundled_family(name: str) -> Fonts:
    """The bundled faces a bundled face's name stands for: its own face as the regular
    one, with the bold and italic faces that go with it."""
    if name.startswith("condensed"):
        return Fonts(regular=name, bold="condensed-bold", italic=name, bold_italic="condensed-bold")
    return Fonts(regular=name, bold="sans-bold", italic="sans-italic", bold_italic="sans-bold-italic")


def builtin_family(name: str, own: Fonts | None = None) -> Fonts:
    """The family a bundled face's name stands for (bundled_family()), extended by
    house_family() (by the plainer faces and styles, and by own, a deck's own faces,
    if given)."""
    return house_family(bundled_family(name), own)


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
    unicodes: Any = field(repr=False)            # the code points its character map lists (a HarfBuzz set)
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

    def advance(self, gid: int) -> int:
        """A glyph's advance width in font units, unshaped."""
        return int(self.hb.get_glyph_h_advance(gid))

    @cached_property
    def _mapped(self) -> dict[int, bool]:
        return {}

    @cached_property
    def bounds(self) -> tuple[int, int, int, int]:
        """The box its head table gives every glyph's outline: xMin, yMin, xMax, yMax."""
        return struct.unpack(">hhhh", _table(self.hb.face, "head", 54)[36:44])

    @cached_property
    def _inks(self) -> dict[int, Any]:
        return {}

    def ink(self, gid: int) -> Any:
        """A glyph's ink as HarfBuzz measures it (its extents, font units; None: no
        outline). An outline reaching past bounds is first drawn as the PNG renderer
        draws it (check_outline()), so that a damaged one is said to be damaged, the
        font file named (unreadable()), and not measured as ink far past its line (a
        text that then fits no box)."""
        if gid not in self._inks:
            ink = self.hb.get_glyph_extents(gid)
            x0, y0, x1, y1 = self.bounds
            if ink is not None and (ink.x_bearing < x0 or ink.x_bearing + ink.width > x1
                                    or ink.y_bearing > y1 or ink.y_bearing + ink.height < y0):
                check_outline(self.name, gid)
            self._inks[gid] = ink
        return self._inks[gid]

    def has(self, ch: str) -> bool:
        """Whether the character map gives ch a glyph (each code point asked of HarfBuzz
        once: a face's whole map took a millisecond or two to read, and a deck uses a
        few dozen characters of it)."""
        if ch in INVISIBLE:
            return True
        code = ord(ch)
        mapped = self._mapped.get(code)
        if mapped is None:
            mapped = self._mapped[code] = code in self.unicodes and self.hb.get_nominal_glyph(code) is not None
        return mapped


def _open(data: bytes, index: int, lazy: bool | None = None) -> Any:
    import io

    from fontTools.ttLib import TTFont
    return TTFont(io.BytesIO(data), fontNumber=index, lazy=lazy, recalcTimestamp=False)


class OutOfCollection(ValueError):
    """A font file's index (its place in a collection) that the file does not hold."""


def load_face(name: str, path: Path, index: int, data: bytes) -> Face:
    """Read a face from its bytes with HarfBuzz (which checks every table it reads),
    once its table directory is found sound (fontfile.py: HarfBuzz reads a table cut
    short as empty): its metrics, character map and licence bits; ValueError for a
    file that is not a usable font."""
    import uharfbuzz
    web = WEB_FONTS.get(data[:4])
    if web:
        raise ValueError(f"it is a {web} web font (compressed for web pages), which printgen cannot embed: "
                         f"convert it to TTF or OTF with a font converter, or use the font's own .ttf or .otf file")
    trouble = damage(data, index) if is_font(data) else None
    if trouble:
        raise ValueError(trouble)
    blob = uharfbuzz.Blob(data)
    count = uharfbuzz.Face(blob).count          # fonts in the file (a collection holds several)
    if not count:
        raise ValueError("it is not a TrueType or OpenType font file")
    if not 0 <= index < count:
        raise OutOfCollection(f"it holds {plural(count, 'font')}; expected "
                              f"{'index 0' if count == 1 else f'an index from 0 to {count - 1}'}")
    hb_face = uharfbuzz.Face(blob, index)
    tags = set(hb_face.table_tags)
    if "glyf" not in tags and "CFF " not in tags:
        raise ValueError("it has neither TrueType (glyf) nor CFF outlines (a CFF2 variable font or a "
                         "bitmap-only font cannot be embedded)")
    hb_font = uharfbuzz.Font(hb_face)
    unicodes = hb_face.unicodes
    if not any(hb_font.get_nominal_glyph(code) is not None for code in unicodes):
        raise ValueError("it has no Unicode character map")
    hhea = _table(hb_face, "hhea", 8)
    ascent, descent = struct.unpack(">hh", hhea[4:8])
    os2 = _table(hb_face, "OS/2", 0)
    version, embedding = (struct.unpack(">H", os2[0:2])[0], struct.unpack(">H", os2[8:10])[0]) \
        if len(os2) >= 10 else (0, 0)
    cap = struct.unpack(">h", os2[88:90])[0] if version >= 2 and len(os2) >= 90 else 0
    if name in FILES or not cap:     # the top of "H", as printgen has always measured it
        cap = _glyph_top(hb_font, hb_font.get_nominal_glyph(ord("H")) if ord("H") in unicodes else None) \
            or cap or int(ascent * 0.75)
    found = Face(name=name, path=path, index=index, data=data, units_per_em=hb_face.upem,
                 ascent=ascent, descent=descent, cap_height=cap, unicodes=unicodes,
                 postscript_name=_postscript_name(hb_face, path), cff="CFF " in tags, embedding=embedding)
    found.__dict__["hb"] = hb_font
    return found


def _table(face: Any, tag: str, size: int) -> bytes:
    """A table's bytes; ValueError where a required one is missing or short."""
    data = bytes(face.reference_table(tag).data)
    if len(data) < size:
        raise ValueError(f"its {tag} table is missing or damaged")
    return data


def _glyph_top(font: Any, glyph: int | None) -> int:
    """The top (yMax) of a glyph, in font units; 0 if it has none."""
    if glyph is None:
        return 0
    extents = font.get_glyph_extents(glyph)
    return int(extents.y_bearing) if extents is not None else 0


def _postscript_name(face: Any, path: Path) -> str:
    """The face's PostScript name (its full name, else its file's name, where it has none)."""
    import uharfbuzz
    names = uharfbuzz.OTNameIdPredefined
    name = face.get_name(names.POSTSCRIPT_NAME) or face.get_name(names.FULL_NAME) or path.stem
    return "".join(ch for ch in name if ch.isascii() and (ch.isalnum() or ch in "-_"))[:60] or "Font"


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


def unreadable(name: str, doing: str, error: BaseException) -> InputError:
    """The one-line error for a face a font library fails on while drawing or subsetting
    it (doing: what it could not do), naming the font file: a file whose table
    directory is sound (fontfile.py) may still be damaged within its tables."""
    from printgen.reading import display_path
    source = face(name)
    detail = str(error).strip().splitlines()[0] if str(error).strip() else ""
    detail = detail.removeprefix(f"{type(error).__name__}:").strip(" ()")
    index = f" (collection index {source.index})" if source.index else ""
    return InputError(f"the font file {display_path(source.path)!r}{index} is damaged: {doing}"
                      f"{f' ({detail})' if detail else ''}; expected a whole TrueType or OpenType font file "
                      f"(replace it with a good copy)")


@lru_cache(maxsize=1)
def freetype() -> Any:          # freetype-py has no type hints
    import freetype
    return freetype


@lru_cache(maxsize=64)
def freetype_face(name: str) -> Any:
    """A face as FreeType reads it, to draw its glyphs (the PNG renderer, check_outline())."""
    import io
    source = face(name)
    ft = freetype()
    try:
        return ft.Face(io.BytesIO(source.data), index=source.index)
    except ft.FT_Exception as error:
        raise unreadable(name, "FreeType cannot read it", error) from error


# The faces are let go at exit while freetype-py is still whole: left to the
# interpreter's last clean-up, freetype-py 2.4's Face.__del__ finds its module's
# names already gone and prints an ignored TypeError with a traceback.
atexit.register(freetype_face.cache_clear)


def check_outline(name: str, gid: int) -> None:
    """InputError (unreadable()) where FreeType cannot draw a face's glyph as the PNG
    renderer draws it (unhinted, rendered)."""
    ft = freetype()
    font = freetype_face(name)
    try:
        font.set_char_size(64 * 64, 0, 72, 72)
        font.load_glyph(gid, ft.FT_LOAD_NO_HINTING | ft.FT_LOAD_NO_BITMAP | ft.FT_LOAD_RENDER)
    except ft.FT_Exception as error:
        raise unreadable(name, f"FreeType cannot draw its glyph {gid}", error) from error


def missing(name: str, text: str) -> list[str]:
    """Characters of text that no face of a face or fallback chain has (an ideographic
    space is set as the first face's space where no face has it: IDEOGRAPHIC_SPACE);
    FitError for an unknown name."""
    chained = [face(n) for n in faces(name)]
    spaced = chained[0].has(" ")
    return sorted(ch for ch in set(text) if ch != "\n" and not any(f.has(ch) for f in chained)
                  and not (ch == IDEOGRAPHIC_SPACE and spaced))


NAMED = 5           # the characters a missing-glyph error names (it counts the others)


def check_glyphs(text: str, font_name: str, where: str) -> None:
    """Refuse text with a character no face of the chain can draw, rather than print
    a box in its place: the error names the first NAMED of them (all, where there is
    one more) and says how many more there are."""
    lacking = missing(font_name, text)
    if lacking:
        listed = first_few([f"{ch!r} (U+{ord(ch):04X}) {_char_name(ch)}" for ch in lacking], NAMED)
        raise GlyphError(f"no font of {shown(font_name)!r} and its fallbacks has a glyph for {listed}; expected "
                         f"text its fonts can draw, or a fallback font that has these characters", where=where,
                         chars="".join(lacking))


def _char_name(ch: str) -> str:
    return unicodedata.name(ch, "").lower() or "(unnamed)"
