"""A project's font file that is damaged (cut short anywhere, a table listed past the
end of the file, a table every font needs missing, a collection whose face is cut) is
one located line, exit status 2, and nothing written, whatever the build makes (PNG,
PDF, SVG); a file whose table directory is sound but whose outlines FreeType, HarfBuzz
or fontTools cannot read is one line naming the font file. No library's wording is
asserted: the line must name the place and the file."""

from __future__ import annotations

import contextlib
import io
import struct
from pathlib import Path

import pytest

from conftest import FIXTURES
from printgen.cli import main

FONTS = FIXTURES / "scripts" / "fonts"
# a font file, its face in a collection, and a line it can set
FACES = {
    "Latin.ttf": (0, "Hello"),                  # TrueType outlines (glyf, loca)
    "Cyrillic.otf": (0, "Привет"),              # CFF outlines
    "CJK.ttc": (1, "你好"),                      # the second face of a collection
}
OUTPUTS = ("png", "pdf", "svg")


def run(*args: str) -> tuple[int, str]:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        status = main(list(args))
    return status, err.getvalue()


def project(folder: Path, line: str, font: str, data: bytes, index: int = 0) -> Path:
    """A one-card project whose card sets line in the font `story` of its
    fonts/fonts.yaml: data, put in fonts/ as font (the face at index)."""
    for part in ("decks", "templates", "fonts"):
        (folder / part).mkdir(parents=True, exist_ok=True)
    (folder / "templates" / "face.yaml").write_text(
        "elements:\n  - {kind: text, text: '{{ card.line }}', x: 5mm, y: 5mm, w: 50mm, h: 30mm, font: story}\n",
        encoding="utf-8")
    (folder / "templates" / "back.yaml").write_text(
        "elements:\n  - {kind: rect, box: bleed, fill: '#000000'}\n", encoding="utf-8")
    (folder / "fonts" / font).write_bytes(data)
    (folder / "fonts" / "fonts.yaml").write_text(f"story: {{regular: {font}, index: {index}}}\n",
                                                 encoding="utf-8")
    deck = folder / "decks" / "d.yaml"
    deck.write_text(f"name: d\nsize: poker\nface: face\nback: back\ncards:\n  - fields: {{line: '{line}'}}\n",
                    encoding="utf-8")
    return deck


def one_line(status: int, err: str, out: Path) -> str:
    assert status == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not out.exists(), sorted(out.rglob("*"))
    return err


def tables(data: bytes, index: int) -> tuple[int, list[tuple[str, int, int, int]]]:
    """Where a face's table directory starts in a font file, and its records: (tag,
    where the record is, the table's offset, its length)."""
    start = 0
    if data[:4] == b"ttcf":
        start = struct.unpack(">I", data[12 + 4 * index:16 + 4 * index])[0]
    count = struct.unpack(">H", data[start + 4:start + 6])[0]
    records = []
    for i in range(count):
        at = start + 12 + 16 * i
        tag, _, offset, length = struct.unpack(">4sIII", data[at:at + 16])
        records.append((tag.decode("latin-1"), at, offset, length))
    return start, records


def cuts(data: bytes, index: int) -> list[int]:
    """Lengths to cut a font file to that cut its face short: within its header and its
    table directory, at the start of each of its tables (the tables before it whole)
    and in the middle of each."""
    start, records = tables(data, index)
    whole = max(offset + length for _, _, offset, length in records)
    lengths = {start + 6, start + 12, start + 12 + 8 * len(records)}
    if index:
        lengths.add(14)                                         # within the collection's list of faces
    for _, _, offset, length in records:
        lengths |= {offset, offset + length // 2}
    return sorted(n for n in lengths if 4 <= n < whole)


@pytest.mark.parametrize("output", OUTPUTS)
@pytest.mark.parametrize("font", FACES)
def test_a_font_cut_short_anywhere_is_one_located_line(tmp_path, font, output):
    index, line = FACES[font]
    data = (FONTS / font).read_bytes()
    deck, out = project(tmp_path / "whole", line, font, data, index), tmp_path / "whole" / "out"
    status, err = run("build", str(deck), "--only", output, "--out", str(out), "-q")
    assert status == 0 and out.exists(), err                  # whole, it builds
    lengths = cuts(data, index)
    assert len(lengths) > 30
    for length in lengths:
        folder = tmp_path / f"cut-{length}"
        deck, out = project(folder, line, font, data[:length], index), folder / "out"
        err = one_line(*run("build", str(deck), "--only", output, "--out", str(out), "-q"), out)
        assert "fonts.yaml:1 story" in err and repr(font) in err, (length, err)


def without(data: bytes, tag: str) -> bytes:
    """A single face's font file whose table directory no longer lists tag (the table's
    bytes stay where they were)."""
    _, records = tables(data, 0)
    at = next(at for name, at, _, _ in records if name == tag)
    directory_end = 12 + 16 * len(records)
    left = data[:4] + struct.pack(">H", len(records) - 1) + data[6:at] + data[at + 16:directory_end]
    return left + bytes(16) + data[directory_end:]


@pytest.mark.parametrize("font, tag", [
    *(("Latin.ttf", tag) for tag in ("cmap", "head", "hhea", "hmtx", "maxp", "glyf", "loca")),
    *(("Cyrillic.otf", tag) for tag in ("cmap", "head", "hhea", "hmtx", "maxp", "CFF ")),
])
def test_a_font_without_a_table_every_font_needs_is_one_located_line(tmp_path, font, tag):
    data = without((FONTS / font).read_bytes(), tag)
    deck, out = project(tmp_path, FACES[font][1], font, data), tmp_path / "out"
    err = one_line(*run("build", str(deck), "--only", "png,pdf,svg", "--out", str(out), "-q"), out)
    assert "fonts.yaml:1 story" in err and repr(font) in err, err


@pytest.mark.parametrize("font", ["Latin.ttf", "Cyrillic.otf"])
def test_a_table_listed_past_the_end_of_the_file_is_one_located_line(tmp_path, font):
    data = bytearray((FONTS / font).read_bytes())
    _, records = tables(bytes(data), 0)
    at = next(at for name, at, _, _ in records if name == "hmtx")
    data[at + 8:at + 12] = struct.pack(">I", len(data) - 2)            # its offset, 2 bytes before the end
    deck, out = project(tmp_path, FACES[font][1], font, bytes(data)), tmp_path / "out"
    err = one_line(*run("build", str(deck), "--only", "png,pdf,svg", "--out", str(out), "-q"), out)
    assert "fonts.yaml:1 story" in err and repr(font) in err, err


def spoiled(data: bytes, tag: str) -> bytes:
    """A single face's font file with every byte of one table made 0xFF: its directory
    sound, its table unreadable."""
    _, records = tables(data, 0)
    offset, length = next((offset, length) for name, _, offset, length in records if name == tag)
    return data[:offset] + b"\xff" * length + data[offset + length:]


@pytest.mark.parametrize("output", OUTPUTS)
def test_outlines_no_library_can_read_are_one_line_naming_the_font_file(tmp_path, output):
    data = spoiled((FONTS / "Cyrillic.otf").read_bytes(), "CFF ")
    deck, out = project(tmp_path, FACES["Cyrillic.otf"][1], "spoiled.otf", data), tmp_path / "out"
    err = one_line(*run("build", str(deck), "--only", output, "--out", str(out), "-q"), out)
    assert "spoiled.otf" in err, err


def edited(font: str, tag: str, offset: int, form: str, value: int) -> bytes:
    """A fixture font with one fixed field of one table set to value, by fontTools: the
    table put back as raw bytes, so that fontTools does not count the field afresh
    when it saves the font (as it does maxp's glyph count)."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables.DefaultTable import DefaultTable
    tt = TTFont(FONTS / font, lazy=True, recalcBBoxes=False, recalcTimestamp=False)
    raw = bytearray(tt.getTableData(tag))
    raw[offset:offset + struct.calcsize(form)] = struct.pack(form, value)
    table = DefaultTable(tag)
    table.data = bytes(raw)
    tt[tag] = table
    out = io.BytesIO()
    tt.save(out)
    return out.getvalue()


# a field each library trusts (table, offset, format, value) and the table the error names
COUNTS = {
    "65,535 glyphs": ("Latin.ttf", "maxp", 4, ">H", 65535, "'hmtx'"),
    "65,535 glyphs, CFF": ("Cyrillic.otf", "maxp", 4, ">H", 65535, "'hmtx'"),
    "no glyphs": ("Latin.ttf", "maxp", 4, ">H", 0, "'maxp'"),
    "no full metrics": ("Latin.ttf", "hhea", 34, ">H", 0, "'hhea'"),
    "more full metrics than glyphs": ("Cyrillic.otf", "hhea", 34, ">H", 503, "'hhea'"),
    "long loca offsets": ("Latin.ttf", "head", 50, ">h", 1, "'loca'"),
    "no loca format": ("Latin.ttf", "head", 50, ">h", 2, "'head'"),
}


@pytest.mark.parametrize("output", OUTPUTS)
@pytest.mark.parametrize("case", COUNTS)
def test_counts_that_disagree_are_one_located_line(tmp_path, case, output):
    font, tag, offset, form, value, named = COUNTS[case]
    data = edited(font, tag, offset, form, value)
    deck, out = project(tmp_path, FACES[font][1], font, data), tmp_path / "out"
    err = one_line(*run("build", str(deck), "--only", output, "--out", str(out), "-q"), out)
    assert "fonts.yaml:1 story" in err and repr(font) in err and named in err, err


@pytest.mark.parametrize("index", [-1, 2])
def test_a_collection_index_out_of_range_is_one_line_giving_the_range(tmp_path, index):
    deck, out = project(tmp_path, "你好", "CJK.ttc", (FONTS / "CJK.ttc").read_bytes(), index), tmp_path / "out"
    err = one_line(*run("build", str(deck), "--only", "png,pdf,svg", "--out", str(out), "-q"), out)
    assert "fonts.yaml:1 story" in err and "'CJK.ttc'" in err and "from 0 to 1" in err, err


@pytest.mark.parametrize("kind", ["WOFF", "WOFF2"])
def test_a_web_font_is_one_line_saying_to_convert_it(tmp_path, kind):
    """A WOFF or WOFF2 file was called not a TrueType or OpenType font file at all."""
    from fontTools.ttLib import TTFont
    font = TTFont(FONTS / "Latin.ttf")
    font.flavor = "woff"                    # (WOFF2 needs brotli to be written: its first four bytes say it)
    made = io.BytesIO()
    font.save(made)
    data = made.getvalue() if kind == "WOFF" else b"wOF2" + made.getvalue()[4:]
    name = f"Latin.{kind.lower()}"
    deck, out = project(tmp_path, "Hello", name, data), tmp_path / "out"
    err = one_line(*run("build", str(deck), "--only", "pdf", "--out", str(out), "-q"), out)
    assert "fonts.yaml:1 story" in err and repr(name) in err and f"a {kind} web font" in err, err
    assert "convert it to TTF or OTF" in err, err


def test_what_fonttools_warns_of_is_not_printed(tmp_path):
    """A font whose vertical header counts more metrics than it has glyphs: fontTools
    warns of it (through logging, which printgen does not set up) before it fails;
    printgen says only its own line. A separate process: pytest takes the warnings."""
    import subprocess
    import sys
    data = edited("Cyrillic.otf", "vhea", 34, ">H", 503)
    deck, out = project(tmp_path, FACES["Cyrillic.otf"][1], "Cyrillic.otf", data), tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "printgen", "build", str(deck), "--only", "svg",
                           "--out", str(out), "-q"], check=False, capture_output=True, text=True, timeout=120)
    err = one_line(done.returncode, done.stderr, out)
    assert "Cyrillic.otf" in err, err


def every_seventh(data: bytes, tag: str) -> bytes:
    """A single face's font file with every seventh byte of one table overwritten: its
    directory sound, most of its outlines garbled (their boxes too)."""
    _, records = tables(data, 0)
    offset, length = next((offset, length) for name, _, offset, length in records if name == tag)
    table = bytearray(data[offset:offset + length])
    table[::7] = b"\x7f" * len(table[::7])
    return data[:offset] + bytes(table) + data[offset + length:]


@pytest.mark.parametrize("output", OUTPUTS)
def test_outlines_whose_boxes_are_garbled_are_damaged_not_too_big_for_their_box(tmp_path, output):
    """Garbled outlines measure as ink reaching far past the line: the text was said not
    to fit its box, before any renderer found the font damaged. Measuring its ink now
    says the font file is damaged, and names it."""
    data = every_seventh((FONTS / "Latin.ttf").read_bytes(), "glyf")
    deck, out = project(tmp_path, "brown", "Latin.ttf", data), tmp_path / "out"     # b and w reach 32 em up
    err = one_line(*run("build", str(deck), "--only", output, "--out", str(out), "-q"), out)
    assert "Latin.ttf' is damaged" in err and "does not fit" not in err, err
