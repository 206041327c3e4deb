"""A project a stranger sent, built as it came: numbers, names, language codes and
pictures that break printgen's promise (one located line, exit 2, nothing written)
where they are not read with care. Each runs printgen as a real process, as the user
would, and checks its exit status, its one line and what the folder holds after."""

from __future__ import annotations

import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hostile import one_line, tree

TIMEOUT = 120
FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"


def deck_showing(folder: Path, picture: str) -> None:
    """deck.yaml in folder: one card whose face (face.yaml, also the back) shows the
    picture file of that name, 20 mm square."""
    (folder / "face.yaml").write_text(FACE + f"  - {{kind: image, src: {picture}, x: 5mm, y: 5mm, w: 20mm, h: 20mm}}\n",
                                      encoding="utf-8")
    (folder / "deck.yaml").write_text("name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n"
                                      "  - fields: {a: b}\n", encoding="utf-8")


def printgen(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printgen", *args], capture_output=True, text=True,
                          timeout=TIMEOUT, cwd=cwd, check=False)


@pytest.mark.parametrize("args", [
    ("deal", "9" * 5000),
    ("challenge", "--start", "9" * 5000),
    ("solve", "--rules", "jedi-temple", "--deck", "deal.txt", "--budget", "9" * 5000),
    ("solve", "--rules", "jedi-temple", "--deck", "deal.txt", "--rolls", "\u00b2,1 1,4 4,4"),
    ("solve", "--rules", "jedi-temple", "--deck", "deal.txt", "--rolls", "9" * 5000 + ",1 1,4 4,4"),
], ids=["deal", "challenge-start", "solve-budget", "solve-rolls-superscript", "solve-rolls-5000-digits"])
def test_a_number_past_what_python_reads_is_one_located_line(tmp_path, args):
    """int() refuses a string of more than 4,300 digits, and "²" is a digit to
    str.isdigit() that int() does not read: each was a traceback."""
    (tmp_path / "deal.txt").write_text("+1 " * 62, encoding="utf-8")
    before = tree(tmp_path)
    result = printgen(tmp_path, *args, "--out", "out") if args[0] != "solve" else printgen(tmp_path, *args)
    line = one_line(result, 2)
    assert line.split(": ")[2].split(" ")[0] in ("deal", "--start", "--budget", "--rolls")
    assert len(line) < 400
    assert tree(tmp_path) == before


@pytest.mark.parametrize(("deck", "where"), [
    ('name: "t\\n"\n', "deck.yaml:1 name: expected a plain name"),
    ('name: t\nlanguages: [en, "de\\n"]\n', ("deck.yaml:2 languages[1]: expected a language code such as en, de or "
                                           "pt-BR, got 'de\\n'")),
    ('name: t\nlang: "de\\n"\n', "deck.yaml:2 lang: expected a language code"),
    ('name: t\nlanguages: [en, x-klingon]\n', ("deck.yaml:2 languages[1]: expected a language code such as en, de "
                                             "or pt-BR, got 'x-klingon'")),
], ids=["name", "languages", "lang", "not-a-code"])
def test_a_name_or_language_code_ending_in_a_line_break_is_refused(tmp_path, deck, where):
    """A deck's name and its language codes name its files (t-de-a4.pdf): a regular
    expression's "$" matches before a last line break, so 'de\\n' passed as a code and
    wrote 't-de\\n-a4.pdf' (and --lang all's errors broke across lines). The code that
    is not one is named, where the line said 'got a list'."""
    (tmp_path / "face.yaml").write_text(FACE, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(deck + "size: poker\nface: face.yaml\nback: face.yaml\ncards:\n"
                                               "  - fields: {a: b}\n", encoding="utf-8")
    before = tree(tmp_path)
    for lang in (["--lang", "all"] if "languages" in deck else []), []:
        one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out", *lang), 2, where)
        assert tree(tmp_path) == before


def chunk(kind: bytes, data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")


def png(before: bytes = b"", after: bytes = b"", end: bytes = chunk(b"IEND", b"")) -> bytes:
    """A 16 x 16 grey PNG with these chunks before and after its pixel data."""
    header = chunk(b"IHDR", (16).to_bytes(4, "big") * 2 + bytes([8, 0, 0, 0, 0]))
    pixels = chunk(b"IDAT", zlib.compress((b"\0" + b"\x80" * 16) * 16))
    return b"\x89PNG\r\n\x1a\n" + header + before + pixels + after + end


@pytest.mark.parametrize(("picture", "expected"), [
    (png(end=(1 << 30).to_bytes(4, "big") + b"eXIf" + b"MM\0*"), "the picture is damaged or cut short"),
    (png(after=chunk(b"tEXt", b"k\0v") + (1 << 20).to_bytes(4, "big") + b"zzZz"), "damaged or cut short"),
    (png(before=chunk(b"tEXt", b"k\0v") * 100_001), "a PNG file of more than 100,000 chunks"),
], ids=["exif-past-the-end", "unknown-chunk-past-the-end", "100001-chunks"])
def test_a_png_whose_chunks_break_after_its_pixels_or_are_too_many_is_one_located_line(tmp_path, picture, expected):
    """The pixels are checked without decoding them; Pillow reads the chunks after
    them once it has, and one cut short there failed the PDF ('out/t-a4.pdf: cannot
    write (' and reportlab's words on a second line). Pillow reads each chunk in turn
    in Python: 2 million empty ones (30 MB) took a minute, now refused at once."""
    (tmp_path / "art.png").write_bytes(picture)
    deck_showing(tmp_path, "art.png")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf,png", "--out", "out"), 2,
             "face.yaml:3 elements[1].src: image 'art.png': ", expected)
    assert tree(tmp_path) == before


def test_a_png_with_chunks_after_its_pixels_still_builds(tmp_path):
    """What follows the pixels and is whole (text, an unknown chunk) is read as before."""
    (tmp_path / "art.png").write_bytes(png(after=chunk(b"tEXt", b"k\0v") + chunk(b"zzZz", b"data")))
    deck_showing(tmp_path, "art.png")
    result = printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    assert result.returncode == 0 and result.stderr == "", result.stderr


@pytest.mark.parametrize("only", ["pdf", "png,svg"])
def test_a_picture_with_damaged_exif_data_builds_without_pillow_s_warnings(tmp_path, only):
    """EXIF data that says 65,535 entries and holds few ("Corrupt EXIF data") gives no
    orientation; Pillow's warning, with its source file and line, was printed twice on
    standard error by a build that succeeded."""
    exif = b"MM\0*\0\0\0\x08" + b"\xff\xff" + b"\0" * 100
    (tmp_path / "art.png").write_bytes(png(before=chunk(b"eXIf", exif)))
    deck_showing(tmp_path, "art.png")
    result = printgen(tmp_path, "build", "deck.yaml", "--only", only, "--out", "out", "--quiet")
    assert (result.returncode, result.stderr) == (0, "")


# EXIF data whose one entry, the orientation, says its value lies past the end of the data
# (2 billion values; a value at offset 65,520): Pillow warns as it opens the picture
EXIF_PAST_ITS_END = {
    "count": b"MM\0*\0\0\0\x08\0\x01" + b"\x01\x12\0\x03\x7f\xff\xff\xff\0\0\0\x10" + b"\0" * 4,
    "offset": b"MM\0*\0\0\0\x08\0\x01" + b"\x01\x12\0\x05\0\0\0\x01\0\0\xff\xf0" + b"\0" * 4,
}


@pytest.mark.parametrize("only", ["pdf", "png,svg"])
@pytest.mark.parametrize("kind", ["JPEG", "PNG", "WEBP"])
@pytest.mark.parametrize("exif", sorted(EXIF_PAST_ITS_END))
def test_a_picture_whose_exif_data_points_past_its_end_builds_without_pillow_s_warnings(tmp_path, only, kind,
                                                                                        exif):
    """Pillow reads a JPEG's EXIF data as it opens the file (for its resolution), and
    the PDF renderer's own library opens the file again: an entry pointing past the
    data's end was printed on standard error as Pillow's warning, with its source file
    and line, two to four times by a build that succeeded."""
    from PIL import Image
    Image.new("RGB", (30, 20), "blue").save(tmp_path / "art.pic", kind, exif=b"Exif\0\0" + EXIF_PAST_ITS_END[exif])
    deck_showing(tmp_path, "art.pic")
    result = printgen(tmp_path, "build", "deck.yaml", "--only", only, "--out", "out", "--quiet")
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize("only", ["png", "pdf"])
@pytest.mark.parametrize("shape", ['<rect width="10" height="10" stroke="#000000" stroke-width="1e10"/>',
                                   '<circle r="1e9" fill="#000000"/>'], ids=["stroke", "circle"])
def test_an_svg_shape_billions_of_pixels_large_is_one_line(tmp_path, only, shape):
    """resvg's rasteriser panics on a stroke or shape billions of pixels large (the PDF
    draws such numbers as resvg's picture too): Rust's panic message and backtrace,
    then Python's traceback, exit status 1."""
    (tmp_path / "art.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" '
                                      f'viewBox="0 0 100 100">{shape}</svg>', encoding="utf-8")
    deck_showing(tmp_path, "art.svg")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "build", "deck.yaml", "--only", only, "--out", "out"), 2,
             "printgen: error: art.svg: resvg cannot draw the SVG picture")
    assert tree(tmp_path) == before


def test_an_xlsx_date_past_what_dates_hold_is_one_line_without_openpyxl_s_warning(tmp_path):
    """A cell formatted as a date whose number is past the last date (1e300): openpyxl
    warned on standard error, with its source file and line, and the card printed
    "#VALUE!", which openpyxl reads it as."""
    import openpyxl
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["a"])
    sheet.append([1e300])
    sheet["A2"].number_format = "yyyy-mm-dd"
    book.save(tmp_path / "cards.xlsx")
    (tmp_path / "face.yaml").write_text(FACE, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards: cards.xlsx\n",
                                        encoding="utf-8")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out"), 2,
             "cards.xlsx:2 a: cell A2 holds the error '#VALUE!'")
    assert tree(tmp_path) == before


@pytest.mark.parametrize("chunk_before", [
    chunk(b"iCCP", b"big profile\0\0" + zlib.compress(bytes(range(256)) * 8192)),     # 2 MB unpacked
    chunk(b"zTXt", b"note\0\0" + zlib.compress(b"a" * 100_000_000, 9)),               # 100 MB, in 100 KB
], ids=["2 MB colour profile", "zip bomb of text"])
def test_a_png_whose_profile_or_text_unpacks_past_what_pillow_reads_says_it_is_a_png(tmp_path, chunk_before):
    """Pillow opens no PNG whose text or colour profile unpacks past 1 MB: such a file
    was "not a picture printgen can read", as if it were no PNG."""
    (tmp_path / "art.png").write_bytes(png(before=chunk_before))
    deck_showing(tmp_path, "art.png")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out"), 2,
             "face.yaml:3 elements[1].src: image 'art.png': a PNG file that does not open",
             "colour profile of more than 1 MB")
    assert tree(tmp_path) == before


def test_an_svg_picture_is_drawn_by_a_process_started_without_standard_error(tmp_path):
    """resvg draws with standard error kept from it (above): a process started with it
    closed has none to keep, and file descriptor 2 may be a file printgen opened."""
    (tmp_path / "art.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
                                      '<circle cx="50" cy="50" r="40" fill="#cc2222"/></svg>', encoding="utf-8")
    deck_showing(tmp_path, "art.svg")
    import os
    result = subprocess.run([sys.executable, "-m", "printgen", "build", "deck.yaml", "--only", "png", "--out", "out",
                             "-q"], stdout=subprocess.PIPE, timeout=TIMEOUT, cwd=tmp_path, check=False,
                            preexec_fn=lambda: os.close(2))
    assert result.returncode == 0
    assert len(list((tmp_path / "out").rglob("*.png"))) == 2


def test_a_png_of_too_many_chunks_in_the_output_folder_is_listed_without_a_preview(tmp_path):
    """The gallery previews what a stranger's output folder holds: Pillow reads a PNG's
    chunks one by one as it opens it (2 million took the gallery 44 s)."""
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "stranger.png").write_bytes(png(before=chunk(b"tEXt", b"k\0v") * 100_001))
    (tmp_path / "out" / "fine.png").write_bytes(png())
    result = printgen(tmp_path, "gallery", "--out", "out", "--quiet")
    assert (result.returncode, result.stderr) == (0, "")
    previews = sorted(path.name for path in (tmp_path / "out" / "_gallery").iterdir() if path.suffix == ".jpg")
    assert previews == ["fine.png.jpg"]
    assert "stranger.png" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_a_picture_name_holding_a_line_break_is_said_on_one_line(tmp_path):
    """A name that names no file is said with the place looked at, which printed the
    line break as it is and broke the error over two lines."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "face.yaml").write_text(
        FACE + '  - {kind: image, src: "art\\n.png", x: 5mm, y: 5mm, w: 9mm, h: 9mm}\n', encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("name: t\nsize: poker\nface: face\nback: face\ncards:\n"
                                        "  - fields: {a: b}\n", encoding="utf-8")
    one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out"), 2,
             "face.yaml:3 elements[1].src: image 'art\\n.png' not found (looked at 'templates/art\\n.png')")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("cell", "said"), [("\u200f", "only U+200F (marks that print nothing)"),
                                            ("\u200b ", "only U+200B (marks that print nothing)"),
                                            ("\u200e\u200f", "only U+200E and U+200F (marks that print nothing)")])
def test_a_translation_of_only_marks_that_print_nothing_is_a_missing_one(tmp_path, cell, said):
    """In a deck of three languages, a Hebrew cell holding a RIGHT-TO-LEFT MARK alone
    (what is left of a text deleted in an editor) was a translation, printed blank."""
    (tmp_path / "face.yaml").write_text(FACE, encoding="utf-8")
    (tmp_path / "cards.csv").write_text(f"word,word@de,word@he\nSun,Sonne,\u200f\u05e9\u05de\u05e9\nMoon,Mond,{cell}\n",
                                        encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("name: t\nlanguages: [en, de, he]\nsize: poker\nface: face.yaml\n"
                                        "back: face.yaml\ncards: cards.csv\n", encoding="utf-8")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--lang", "all", "--out", "out"), 2,
             f"--lang he: deck.yaml:6 cards: cards.csv:3 word@he: {said}, while word is 'Moon'; expected its "
             f"translation")
    assert tree(tmp_path) == before


def test_a_deck_file_whose_name_holds_an_option_still_keeps_its_files_from_another_deck(tmp_path):
    """A job's key reads 'build deck=my deck lang=de.yaml only=png ...': the deck's path
    was read to ' lang=', named no file, and so claimed nothing; another deck of the
    same name then replaced its card PNGs silently."""
    (tmp_path / "face.yaml").write_text(FACE, encoding="utf-8")
    (tmp_path / "back.yaml").write_text(FACE.replace("#ffffff", "#000000"), encoding="utf-8")
    deck = "name: t\nsize: poker\nface: face.yaml\nback: {back}\ncards:\n  - fields: {{a: b}}\n"
    (tmp_path / "my deck lang=de.yaml").write_text(deck.format(back="face.yaml"), encoding="utf-8")
    (tmp_path / "other.yaml").write_text(deck.format(back="back.yaml"), encoding="utf-8")
    first = printgen(tmp_path, "build", "my deck lang=de.yaml", "--only", "png", "--out", "out")
    assert first.returncode == 0, first.stderr
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "build", "other.yaml", "--only", "png", "--out", "out"), 2,
             "out/png/back.png: a build of the deck my deck lang=de.yaml wrote this file, and this build of the "
             "deck other.yaml would replace it with other bytes")
    assert tree(tmp_path) == before


def test_a_picture_path_too_long_for_the_system_is_located_at_its_key(tmp_path):
    """A path of 6,000 characters (each name short) makes the system refuse to look it
    up: the line named the whole path with no file, line or key; it says them, and
    quotes the path short."""
    src = "a/" * 3000 + "x.png"
    (tmp_path / "face.yaml").write_text(FACE + f'  - {{kind: image, src: "{src}", x: 5mm, y: 5mm, w: 9mm, h: 9mm}}\n',
                                        encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n"
                                        "  - fields: {a: b}\n", encoding="utf-8")
    line = one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out"), 2,
                    "face.yaml:3 elements[1].src: image 'a/a/a/", "(6,005 characters) is not readable")
    assert len(line) < 400
    assert not (tmp_path / "out").exists()
