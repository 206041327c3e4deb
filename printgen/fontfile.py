"""A font file's table directory, checked before any font library reads the file.

HarfBuzz reads a damaged font without complaint (a table that runs past the end of
the file reads as empty), and FreeType and fontTools fail only later, while drawing
or subsetting. So a file is checked first, from its header and table directory
alone (16 bytes a table, never its glyphs): each table it lists must lie within the
file, the tables every face needs must be there (cmap, head, hhea, hmtx, maxp, and
loca beside glyf), and the tables whose fields are fixed must be long enough to hold
them. A few of those fields are then read, since the libraries trust them: the glyph
count (maxp) must be at least 1, the count of full horizontal metrics (hhea) from 1
to the glyph count, and the metrics (hmtx) and the outlines' index (loca, in the
format head gives) long enough for every glyph. A file cut anywhere before the end
of its face's last table fails this check.
In a collection (.ttc) only the face used is checked: another face's tables may be
cut while this one's are whole.
"""

from __future__ import annotations

import struct

SFNT = {b"\x00\x01\x00\x00", b"OTTO", b"true"}     # the first four bytes of a single face
COLLECTION = b"ttcf"                                # ... and of a collection of faces
WEB_FONTS = {b"wOFF": "WOFF", b"wOF2": "WOFF2"}     # ... and of a web font (compressed), by its format's name
NEEDED = {"cmap": "character map", "head": "font header", "hhea": "horizontal header",
          "hmtx": "horizontal metrics", "maxp": "glyph count"}
# the least size of a table whose fields are fixed (bytes)
LEAST = {"head": 54, "hhea": 36, "maxp": 6, "cmap": 4, "hmtx": 4, "CFF ": 4, "CFF2": 5}
# TrueType outlines are two tables, each useless without the other
PAIRED = {"glyf": ("loca", "the TrueType outlines"), "loca": ("glyf", "the index of the TrueType outlines")}


def is_font(data: bytes) -> bool:
    """Whether data begins as a TrueType or OpenType font or collection does."""
    return data[:4] in SFNT or data[:4] == COLLECTION


def damage(data: bytes, index: int) -> str | None:
    """What is wrong with the face at index of a font file (data) that begins as one
    does (is_font), as a message says it ("it is cut short: ..."); None when its table
    directory is sound. An index below 0 or past a collection's last face is for the
    caller to refuse (None)."""
    start = 0
    if data[:4] == COLLECTION:
        if len(data) < 12:
            return _short(data, "the collection's header", 12)
        count = struct.unpack(">I", data[8:12])[0]
        if len(data) < 12 + 4 * count:
            return _short(data, f"the collection's list of its {count:,} fonts", 12 + 4 * count)
        if not 0 <= index < count:
            return None
        start = struct.unpack(">I", data[12 + 4 * index:16 + 4 * index])[0]
        if start + 4 > len(data) or data[start:start + 4] not in SFNT:
            return (f"it is cut short or damaged: font {index} of the collection should start at byte "
                    f"{start:,}, and no font starts there (the file is {len(data):,} bytes)")
    return _face_damage(data, start)


def _face_damage(data: bytes, start: int) -> str | None:
    if len(data) < start + 12:
        return _short(data, "the font's header", start + 12)
    count = struct.unpack(">H", data[start + 4:start + 6])[0]
    end = start + 12 + 16 * count
    if len(data) < end:
        return _short(data, f"the font's directory of its {count} tables", end)
    tables: dict[str, int] = {}         # each table's length, by its tag
    offsets: dict[str, int] = {}
    for record in range(start + 12, end, 16):
        tag, _, offset, length = struct.unpack(">4sIII", data[record:record + 16])
        tables[tag.decode("latin-1")] = length
        offsets[tag.decode("latin-1")] = offset
    last = max(tables, key=lambda name: offsets[name] + tables[name], default=None)
    if last is not None and (reach := offsets[last] + tables[last]) > len(data):
        return (f"it is cut short or damaged: its {last!r} table runs to byte {reach:,}, past the "
                f"end of the file at byte {len(data):,}")
    for name, what in NEEDED.items():
        if name not in tables:
            return f"it is damaged: it has no {name!r} table ({what}), which every font needs"
    for name, (partner, what) in PAIRED.items():
        if partner in tables and name not in tables:
            return f"it is damaged: it has no {name!r} table ({what}), which its {partner!r} table needs"
    for name, least in LEAST.items():
        if name in tables and tables[name] < least:
            return (f"it is damaged: its {name!r} table is {tables[name]} bytes long; expected at "
                    f"least {least}")
    return _count_damage(data, tables, offsets)


def _count_damage(data: bytes, tables: dict[str, int], offsets: dict[str, int]) -> str | None:
    """What is wrong with the glyph count and the counts that follow from it (the
    tables' lengths and offsets given, each table within the file and long enough
    for its fixed fields); None when they agree."""
    glyphs = struct.unpack(">H", data[offsets["maxp"] + 4:offsets["maxp"] + 6])[0]
    metrics = struct.unpack(">H", data[offsets["hhea"] + 34:offsets["hhea"] + 36])[0]
    if not glyphs:
        return "it is damaged: its 'maxp' table gives a glyph count of 0; expected at least 1"
    if not 1 <= metrics <= glyphs:
        return (f"it is damaged: its 'hhea' table gives {metrics:,} full horizontal metrics for "
                f"{glyphs:,} glyphs; expected from 1 to {glyphs:,}")
    needed = 4 * metrics + 2 * (glyphs - metrics)
    if tables["hmtx"] < needed:
        return (f"it is damaged: its 'hmtx' table is {tables['hmtx']:,} bytes long, too short for the "
                f"metrics of its {glyphs:,} glyphs; expected at least {needed:,}")
    if "loca" not in tables:
        return None
    form = struct.unpack(">h", data[offsets["head"] + 50:offsets["head"] + 52])[0]
    if form not in (0, 1):
        return f"it is damaged: its 'head' table gives {form} as the 'loca' format; expected 0 or 1"
    needed = (2, 4)[form] * (glyphs + 1)
    if tables["loca"] < needed:
        return (f"it is damaged: its 'loca' table is {tables['loca']:,} bytes long, too short for the "
                f"outlines of its {glyphs:,} glyphs; expected at least {needed:,}")
    return None


def _short(data: bytes, what: str, needed: int) -> str:
    return f"it is cut short: {what} needs {needed:,} bytes and the file has {len(data):,}"
