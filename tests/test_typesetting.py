"""A designer's own fonts and every script: the test deck tests/fixtures/scripts sets
one line in each of eight scripts with a TrueType font, a CFF (.otf) font and a .ttc
collection (small Noto subsets in the project's fonts/ folder), laid out as a user's
project is: decks/, templates/ and fonts/ side by side.

What is checked against things printgen does not share code with: each word's
glyphs and positions in the PDF (read back by pdfminer) against HarfBuzz's own
shaping of the word from the font file; the PDF's text (pdfium, poppler's pdftotext
where installed) against the input in logical order; the PNG renderer against
pdfium's render of the PDF; the SVG's glyph origins against the PDF's.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import uharfbuzz as hb
from PIL import Image, ImageChops
from pdfminer.converter import PDFLayoutAnalyzer
from pdfminer.layout import LAParams
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage

from conftest import ROOT
from printgen.cli import main
from printgen.errors import FitError
from printgen.fonts import FILES, FONT_DIR, chain, user_face
from printgen.layout.page import Page
from printgen.layout.text import TextStyle, set_text
from printgen.render.pdf import render_pdf
from printgen.render.png import render_page
from printgen.render.svg import element

FIXTURES = ROOT / "tests" / "fixtures"
FONTS = FIXTURES / "scripts" / "fonts"
DECK = FIXTURES / "scripts" / "decks" / "scripts.yaml"
# each card's line, the font file its words come from, HarfBuzz's direction and language
LINES = {
    "latin": ("AVATAR To fit office", "Latin.ttf", "ltr", "en"),
    "greek": ("Καλημέρα κόσμε", "Latin.ttf", "ltr", "el"),
    "cyrillic": ("Привет мир", "Cyrillic.otf", "ltr", "ru"),
    "hebrew": ("שלום עולם", "Hebrew.ttf", "rtl", "he"),
    "arabic": ("مرحبا بالعالم", "Arabic.ttf", "rtl", "ar"),
    "devanagari": ("नमस्ते दुनिया किताब", "Devanagari.ttf", "ltr", "hi"),
    "chinese": ("你好，世界。中文文本测试", "CJK.ttc", "ltr", "zh"),
    "japanese": ("こんにちは世界、日本語のテキスト。", "CJK.ttc", "ltr", "ja"),
}


def run(*args: str) -> tuple[int, str]:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        status = main(list(args))
    return status, err.getvalue()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("scripts")
    status, err = run("build", str(DECK), "--out", str(out), "-q")
    assert status == 0, err
    return out


class _Glyphs(PDFLayoutAnalyzer):
    """pdfminer's reading of every glyph drawn: font, code, origin (pt, y up), size."""

    def __init__(self, manager: PDFResourceManager) -> None:
        super().__init__(manager, laparams=LAParams())
        self.found: list[tuple[str, int, float, float, float]] = []

    def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):  # pdfminer's names
        a, b, c, d, e, f = matrix
        self.found.append((font.fontname, cid, e, f, fontsize * (a * a + b * b) ** 0.5))
        return super().render_char(matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate)


def pdf_glyphs(path: Path, page_number: int = 0) -> list[tuple[str, int, float, float, float]]:
    manager = PDFResourceManager()
    device = _Glyphs(manager)
    interpreter = PDFPageInterpreter(manager, device)
    with path.open("rb") as handle:
        for number, page in enumerate(PDFPage.get_pages(handle)):
            if number == page_number:
                interpreter.process_page(page)
    return device.found


def harfbuzz(file: str, text: str, direction: str, lang: str) -> list[tuple[int, float, float]]:
    """HarfBuzz's own shaping of text from the font file: glyph id, x, y in font units."""
    index = 0
    blob = hb.Blob.from_file_path(str(FONTS / file))
    font = hb.Font(hb.Face(blob, index))
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    buffer.direction = direction
    buffer.language = lang
    hb.shape(font, buffer)
    pen, out = 0.0, []
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        out.append((info.codepoint, pen + pos.x_offset, float(pos.y_offset)))
        pen += pos.x_advance
    return out


def units_per_em(file: str) -> int:
    return hb.Face(hb.Blob.from_file_path(str(FONTS / file)), 0).upem


def find_run(glyphs: list[tuple[str, int, float, float, float]], ids: list[int]) -> int:
    codes = [g[1] for g in glyphs]
    for start in range(len(codes) - len(ids) + 1):
        if codes[start:start + len(ids)] == ids:
            return start
    return -1


@pytest.mark.parametrize("script", sorted(LINES))
def test_every_word_is_where_harfbuzz_puts_its_glyphs(built, script):
    text, file, direction, lang = LINES[script]
    glyphs = pdf_glyphs(built / "scripts-a4.pdf")
    upem = units_per_em(file)
    # words, or for Chinese and Japanese (broken between any two ideographs) characters
    words = list(text.replace(" ", "")) if file == "CJK.ttc" else text.split(" ")
    for word in words:
        if not word:
            continue
        shaped = harfbuzz(file, word, direction, lang)
        ids = [gid for gid, _, _ in shaped]
        at = find_run(glyphs, ids)
        assert at >= 0, f"{script}: the glyphs {ids} of {word!r} are not drawn in that order"
        size = glyphs[at][4]
        x0, y0 = glyphs[at][2], glyphs[at][3]
        for (gid, hx, hy), (_, code, x, y, _) in zip(shaped, glyphs[at:at + len(ids)], strict=True):
            assert abs((x - x0) - (hx - shaped[0][1]) * size / upem) <= 0.05, (script, word, gid)
            assert abs((y - y0) - (hy - shaped[0][2]) * size / upem) <= 0.05, (script, word, gid)


def test_kerning_and_ligatures_are_applied(built):
    """The checks above can fail: Latin.ttf kerns "AV" and "To" and joins "fi"."""
    shaped = harfbuzz("Latin.ttf", "AVATAR", "ltr", "en")
    font = hb.Font(hb.Face(hb.Blob.from_file_path(str(FONTS / "Latin.ttf")), 0))
    plain = font.get_glyph_h_advance(shaped[0][0])
    assert shaped[1][1] < plain - 10                      # V tucked under A
    assert len(harfbuzz("Latin.ttf", "fit", "ltr", "en")) == 2      # the fi ligature
    assert len(harfbuzz("Devanagari.ttf", "कि", "ltr", "hi")) == 2
    ids = [g for g, _, _ in harfbuzz("Devanagari.ttf", "कि", "ltr", "hi")]
    assert ids[0] != font.get_nominal_glyph(ord("क"))     # the vowel sign drawn first


def test_every_font_is_embedded_once_as_a_subset(built):
    from pypdf import PdfReader
    reader = PdfReader(built / "scripts-a4.pdf")
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] == "/Type0" and font["/Encoding"] == "/Identity-H"
            descendant = font["/DescendantFonts"][0].get_object()
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object()
            assert re.fullmatch(r"/[A-Z]{6}\+.+", font["/BaseFont"])
            names.add(font["/BaseFont"][8:])
    assert {"NotoSans-Regular", "NotoSansHebrew-Regular", "NotoSansArabic-Regular",
            "NotoSansDevanagari-Regular", "NotoSansCJKjp-Regular"} <= names


def test_the_pdf_text_reads_as_written(built):
    page = pdfium.PdfDocument(built / "scripts-a4.pdf")[0]
    text = page.get_textpage().get_text_range().replace("\r\n", " ").replace("\n", " ")
    flat = re.sub(r"\s+", "", text)
    for script, (line, *_) in LINES.items():
        assert re.sub(r"\s+", "", line) in flat, script
    if shutil.which("pdftotext"):
        poppler = subprocess.run(["pdftotext", str(built / "scripts-a4.pdf"), "-"], capture_output=True,
                                 text=True, check=True).stdout
        poppler = re.sub(r"[\s\u202a-\u202e]+", "", poppler)
        for script, (line, *_) in LINES.items():
            assert re.sub(r"\s+", "", line) in poppler, script


def test_builds_are_byte_identical(built, tmp_path):
    status, err = run("build", str(DECK), "--out", str(tmp_path), "-q")
    assert status == 0, err
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.suffix in (".pdf", ".png", ".svg"))
    assert len(made) > 20
    for name in made:
        assert (tmp_path / name).read_bytes() == (built / name).read_bytes(), name


STORY = chain([user_face(FONTS / "Latin.ttf"), user_face(FONTS / "Cyrillic.otf"), user_face(FONTS / "Hebrew.ttf"),
               user_face(FONTS / "Arabic.ttf"), user_face(FONTS / "Devanagari.ttf"),
               user_face(FONTS / "CJK.ttc")])
ALL = "\n".join(line for line, *_ in LINES.values())


@pytest.fixture(scope="module")
def page() -> Page:
    runs = set_text(ALL, 20, 20, 360, 320, TextStyle(font=STORY, size=18), "the test page")
    return Page(400, 360, prims=tuple(runs))


def test_png_matches_the_pdf_render(page, tmp_path):
    render_pdf([page], tmp_path / "page.pdf")
    pdf = pdfium.PdfDocument(tmp_path / "page.pdf")[0].render(scale=2).to_pil().convert("L")
    png = render_page(page, 144).convert("L")
    assert pdf.size == png.size
    difference = ImageChops.difference(pdf, png)
    # anti-aliasing differs at glyph edges only: few pixels differ much, and no
    # glyph is missing or misplaced (that would differ over whole strokes)
    strong = sum(difference.point(lambda v: 255 if v > 128 else 0).histogram()[255:])
    inked = sum(pdf.point(lambda v: 255 if v < 128 else 0).histogram()[255:])
    assert inked > 5000
    assert strong < inked * 0.03, (strong, inked)
    assert _ink_box(pdf) == pytest.approx(_ink_box(png), abs=2)


def _ink_box(image: Image.Image) -> tuple[int, int, int, int]:
    box = image.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert box is not None
    return box


def test_svg_glyphs_stand_where_the_pdf_draws_them(page, tmp_path):
    import svgwrite
    render_pdf([page], tmp_path / "page.pdf")
    in_pdf = sorted((round(x, 2), round(360 - y, 2)) for _, _, x, y, _ in pdf_glyphs(tmp_path / "page.pdf"))
    drawing = svgwrite.Drawing(debug=False)
    in_svg = []
    for prim in page.prims:
        group = element(drawing, prim).tostring()
        tx, ty, scale = map(float, re.search(r"translate\(([-\d.]+) ([-\d.]+)\) rotate\(0\) scale\(([-\d.]+)",
                                             group).groups())
        for path in re.finditer(r"<path d=\"[^\"]*\"(?: transform=\"translate\(([-\d.]+) ([-\d.]+)\)\")?", group):
            gx, gy = (float(path.group(1)), float(path.group(2))) if path.group(1) else (0.0, 0.0)
            in_svg.append((round(tx + gx * scale, 2), round(ty - gy * scale, 2)))
    # the PDF also draws glyphs with no outline (spaces): every SVG glyph is among them
    pdf_points = in_pdf
    for x, y in in_svg:
        assert any(abs(x - px) <= 0.02 and abs(y - py) <= 0.02 for px, py in pdf_points), (x, y)
    assert len(in_svg) > 60


def project(tmp_path: Path, fonts: str, line: str = "Hello") -> Path:
    """A one-card project whose deck declares fonts (YAML under fonts:) beside a copy of
    the test fonts."""
    shutil.copytree(FONTS, tmp_path / "fonts")
    (tmp_path / "face.yaml").write_text(
        "elements:\n  - {kind: text, text: '{{ card.line }}', x: 5mm, y: 5mm, w: 50mm, h: 30mm, font: story}\n")
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#000000'}\n")
    deck = tmp_path / "deck.yaml"
    deck.write_text(f"name: t\nsize: poker\nface: face\nback: back\nfonts:\n{fonts}\n"
                    f"cards:\n  - fields: {{line: {json.dumps(line)}}}\n")
    return deck


def fails(deck: Path, tmp_path: Path) -> str:
    out = tmp_path / "out"
    status, err = run("build", str(deck), "--out", str(out), "-q")
    assert status == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not out.exists()
    return err


@pytest.mark.parametrize("line", ["سجّل بدلاً مُحَمَّد", "Hello नमस्ते किताब"])
def test_a_letter_with_marks_copies_from_the_pdf_with_them(tmp_path, line):
    """A letter and its marks shaped as one cluster of several glyphs (shadda and
    fathatan over Arabic letters, a shadda and a fatha drawn as one glyph over a
    letter's contextual form; a Devanagari syllable): every glyph drawn has
    characters in the font's ToUnicode map, so that the words copy and search as
    written, marks and all, in a right-to-left run too (which carries no ActualText).
    Before, the marks' glyphs had none: a reader dropped them, or (pdfium) showed the
    glyph's number as a character."""
    import pdfplumber
    from pypdf import PdfReader
    deck = project(tmp_path, "  story: {regular: fonts/Latin.ttf, fallback: [arabic, deva]}\n"
                             "  arabic: fonts/Arabic.ttf\n  deva: fonts/Devanagari.ttf", line)
    status, err = run("build", str(deck), "--out", str(tmp_path / "out"), "-q", "--only", "pdf")
    assert status == 0, err
    pdf = tmp_path / "out" / "t-a4.pdf"
    mapped: dict[str, set[int]] = {}
    for font in PdfReader(pdf).pages[0]["/Resources"]["/Font"].values():
        font = font.get_object()
        text = font["/ToUnicode"].get_object().get_data().decode("latin-1")
        mapped[str(font["/BaseFont"]).split("+")[-1]] = {int(code, 16) for code in re.findall(r"<([0-9A-F]{4})> <", text)}
    drawn = [(name.split("+")[-1], cid) for name, cid, *_ in pdf_glyphs(pdf)]
    assert drawn and all(cid in mapped[name] for name, cid in drawn), (drawn, mapped)
    with pdfplumber.open(pdf) as read:
        copied = "".join(char["text"] for char in read.pages[0].chars if "DejaVu" not in char["fontname"])  # (no caption)
    assert sorted(copied.replace(" ", "")) == sorted(line.replace(" ", "")), copied


def test_a_character_no_font_has_names_card_field_and_character(tmp_path):
    err = fails(project(tmp_path, "  story: {regular: fonts/Latin.ttf, fallback: [hebrew]}\n"
                                  "  hebrew: fonts/Hebrew.ttf", "Hello שלום 你"), tmp_path)
    assert "face.yaml:" in err and "cards[0].fields.line" in err and "U+4F60" in err


def test_fallback_fills_what_the_first_font_lacks(tmp_path):
    deck = project(tmp_path, "  story: {regular: fonts/Latin.ttf, fallback: [hebrew, cjk]}\n"
                             "  hebrew: fonts/Hebrew.ttf\n  cjk: {regular: fonts/CJK.ttc, index: 1}",
                   "Hello שלום 你好")
    status, err = run("build", str(deck), "--out", str(tmp_path / "out"), "-q", "--only", "pdf")
    assert status == 0, err
    fonts = {f for f, *_ in pdf_glyphs(tmp_path / "out" / "t-a4.pdf")}
    assert any("NotoSansCJKsc" in f for f in fonts) and any("Hebrew" in f for f in fonts)


JOINED = "الإعداد البطاقة النهاية"        # Arabic.ttf lacks 'إ' and 'ة': each word has one of them
WHOLE = "مرحبا"                             # Arabic.ttf has all its letters
AR_FONTS = "  ar: {regular: fonts/Arabic.ttf, fallback: [sans]}"


def word_fonts(glyphs: list[tuple[str, int, float, float, float]], file: str | Path, word: str) -> set[str]:
    """The fonts that draw the Arabic word, found in the PDF's glyphs as HarfBuzz shapes
    the whole word in file, each glyph where HarfBuzz puts it; fails where no run of
    the glyphs is that shaping."""
    shaped = harfbuzz(file, word, "rtl", "ar")
    ids = [gid for gid, _, _ in shaped]
    at = find_run(glyphs, ids)
    assert at >= 0, f"the glyphs {ids} of {word!r} as one word in {Path(file).name} are not drawn in that order"
    size, upem = glyphs[at][4], units_per_em(file)
    x0, y0 = glyphs[at][2], glyphs[at][3]
    for (gid, hx, hy), (_, _, x, y, _) in zip(shaped, glyphs[at:at + len(ids)], strict=True):
        assert abs((x - x0) - (hx - shaped[0][1]) * size / upem) <= 0.05, (word, gid)
        assert abs((y - y0) - (hy - shaped[0][2]) * size / upem) <= 0.05, (word, gid)
    return {name.split("+")[-1] for name, *_ in glyphs[at:at + len(ids)]}


def test_a_joined_word_the_first_font_lacks_a_letter_of_is_set_whole_in_the_fallback(tmp_path):
    """Each Arabic word missing a letter from the first font is the fallback font's
    shaping of the whole word (the lam-alef ligature of 'الإ', the joined 'ة'), not
    a word cut between two fonts; a word the first font has stays in it."""
    deck = project(tmp_path, AR_FONTS.replace("  ar:", "  story:"), f"{JOINED} {WHOLE}")
    status, err = run("build", str(deck), "--out", str(tmp_path / "out"), "--only", "pdf")
    assert status == 0, err
    assert "letter by letter" not in err
    glyphs = pdf_glyphs(tmp_path / "out" / "t-a4.pdf")
    for word in JOINED.split():
        assert word_fonts(glyphs, FONT_DIR / FILES["sans"], word) == {"DejaVuSans"}, word
    assert word_fonts(glyphs, "Arabic.ttf", WHOLE) == {"NotoSansArabic-Regular"}


def test_a_joined_word_set_whole_in_the_fallback_is_one_note_naming_the_font_and_its_letters(tmp_path):
    """The Arabic words Arabic.ttf lacks a letter of, set whole in `sans` beside words
    Arabic.ttf sets (a card and a second one): the build says so once for the font,
    naming the words, the letters it lacks, the font that sets them and the first
    place; a word Arabic.ttf has all of is not named; under --quiet nothing is said."""
    deck = project(tmp_path, AR_FONTS.replace("  ar:", "  story:"), f"{JOINED} {WHOLE}")
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards:\n", f"cards:\n  - fields: {{line: '{WHOLE} "
                                                             f"الإعداد'}}\n"), encoding="utf-8")
    status, err = run("build", str(deck), "--out", str(tmp_path / "quiet"), "--only", "pdf", "-q")
    assert status == 0 and err == "", err
    status, err = run("build", str(deck), "--out", str(tmp_path / "out"), "--only", "pdf")
    assert status == 0, err
    said = [line for line in err.splitlines() if "set whole in" in line]
    assert len(said) == 1, err
    note = said[0]
    assert "face.yaml" in note and "(card 1 " in note and "and 1 more place:" in note, note
    assert "'Arabic.ttf' lacks 'إ', 'ة' of 'الإعداد', 'البطاقة', 'النهاية', so they are set whole in 'sans'" in note, note
    assert WHOLE not in note and note.endswith("expected a font that has them, or a fallback of the same style"), note


def test_a_bold_heading_sets_each_word_in_one_weight(tmp_path):
    """A rules text in a font with no bold: its heading's words the font lacks a letter
    of are set whole in the bold fallback, not half in the regular face and half bold."""
    shutil.copytree(FONTS, tmp_path / "fonts")
    text = tmp_path / "qawaid.md"
    text.write_text(f"---\ntitle: Rules\nfonts:\n{AR_FONTS}\nfont: ar\n---\n\n# {JOINED}\n\n{WHOLE}.\n",
                    encoding="utf-8")
    status, err = run("rules", str(text), "--out", str(tmp_path / "out"))
    assert status == 0, err
    pdf, = (tmp_path / "out").rglob("*.pdf")
    glyphs = [glyph for number in range(2) for glyph in pdf_glyphs(pdf, number)]
    for word in JOINED.split():
        assert word_fonts(glyphs, FONT_DIR / FILES["sans-bold"], word) == {"DejaVuSans-Bold"}, word
    assert word_fonts(glyphs, "Arabic.ttf", WHOLE) == {"NotoSansArabic-Regular"}


def test_a_joined_word_no_one_font_has_is_set_letter_by_letter_and_named(tmp_path):
    """Where no font of the chain has every letter of a word (the second font has only
    'إ'), the word is set letter by letter, and the build says so once, naming the
    card's field and the word."""
    from fontTools import subset
    deck = project(tmp_path, "  story: {regular: fonts/Arabic.ttf, fallback: [hamza]}\n"
                             "  hamza: fonts/Hamza.ttf", f"الإعداد {WHOLE}")
    font = subset.load_font(str(FONT_DIR / FILES["sans"]), subset.Options())
    cut = subset.Subsetter(subset.Options())
    cut.populate(text="إ")
    cut.subset(font)
    font.save(str(tmp_path / "fonts" / "Hamza.ttf"))
    status, err = run("build", str(deck), "--out", str(tmp_path / "out"), "--only", "pdf,png")
    assert status == 0, err
    said = [line for line in err.splitlines() if "letter by letter" in line]
    assert len(said) == 1 and said[0].count("الإعداد") == 1 and WHOLE not in said[0], err
    assert "face.yaml" in said[0] and "cards[0].fields.line" in said[0], said


def test_a_word_split_on_many_cards_is_one_note_naming_how_many_and_none_under_quiet(tmp_path):
    """Three cards set the same split word in the same field: the build says it in one
    note, naming the first card's field and how many others; under --quiet it says
    nothing."""
    from fontTools import subset
    deck = project(tmp_path, "  story: {regular: fonts/Arabic.ttf, fallback: [hamza]}\n"
                             "  hamza: fonts/Hamza.ttf", f"الإعداد {WHOLE}")
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards:\n", "cards:\n  - fields: {line: 'الإعداد'}\n"
                                                             "  - fields: {line: 'الإعداد'}\n"), encoding="utf-8")
    font = subset.load_font(str(FONT_DIR / FILES["sans"]), subset.Options())
    cut = subset.Subsetter(subset.Options())
    cut.populate(text="إ")
    cut.subset(font)
    font.save(str(tmp_path / "fonts" / "Hamza.ttf"))
    status, err = run("build", str(deck), "--out", str(tmp_path / "quiet"), "--only", "pdf", "-q")
    assert status == 0 and err == "", err
    status, err = run("build", str(deck), "--out", str(tmp_path / "out"), "--only", "pdf,png")
    assert status == 0, err
    said = [line for line in err.splitlines() if "letter by letter" in line]
    assert len(said) == 1 and said[0].count("الإعداد") == 1, err
    assert "(card 1 " in said[0] and "and 2 more places:" in said[0] and "(card 2 " not in said[0], said


def test_a_word_set_in_two_typefaces_is_one_note_naming_the_font_and_its_letters(tmp_path):
    """Latin.ttf lacks the Vietnamese 'ư', 'ờ', 'ọ', 'ủ' and 'ề': each is set in the
    fallback, the rest of its word in Latin.ttf, and the build says so once for the
    font (two cards set the words): the words, the font, the letters it lacks and the
    font that sets them. A word wholly in one font (Hello; Καλημέρα, all in the
    fallback) is not named; under --quiet nothing is said."""
    deck = project(tmp_path, "  story: {regular: fonts/Latin.ttf, fallback: [sans]}", "Người gọi Thủy triều")
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "cards:\n", "cards:\n  - fields: {line: 'Hello Người Καλημέρα'}\n"), encoding="utf-8")
    status, err = run("build", str(deck), "--out", str(tmp_path / "quiet"), "--only", "pdf", "-q")
    assert status == 0 and err == "", err
    status, err = run("build", str(deck), "--out", str(tmp_path / "out"), "--only", "pdf")
    assert status == 0, err
    said = [line for line in err.splitlines() if "typefaces" in line]
    assert len(said) == 1, err
    note = said[0]
    assert "face.yaml" in note and "(card 1 " in note and "and 1 more place:" in note, note
    assert all(f"{word!r}" in note for word in ("Người", "gọi", "Thủy", "triều")), note
    assert "Hello" not in note and "Καλημέρα" not in note, note
    assert "'Latin.ttf' lacks 'ư', 'ờ', 'ọ' and 2 more letters, set in 'sans'" in note, note
    assert note.endswith("expected a font that has them, or a fallback of the same style"), note
    fonts = {name.split("+")[-1] for name, *_ in pdf_glyphs(tmp_path / "out" / "t-a4.pdf")}
    assert {"DejaVuSans", "NotoSans-Regular"} <= fonts, fonts     # the note is true: both draw the words


@pytest.mark.parametrize("fonts, expected", [
    ("  story: fonts/OFL.txt", "expected a TrueType or OpenType font"),
    ("  story: ../../etc/passwd", "outside"),
    ("  story: https://example.com/a.ttf", "address"),
    ("  story: fonts/missing.ttf", "not found"),
    ("  story: {regular: fonts/CJK.ttc, index: 7}", "index 7"),
    ("  story: {regular: fonts/Latin.ttf, fallback: [nothing]}", "unknown font 'nothing'"),
    ("  sans: fonts/Latin.ttf", "bundled"),
])
def test_a_bad_font_is_one_located_line(tmp_path, fonts, expected):
    err = fails(project(tmp_path, fonts), tmp_path)
    assert "deck.yaml:" in err and expected in err, err


def test_a_collection_index_no_file_of_the_family_holds_is_one_line_at_the_index(tmp_path):
    """A family whose regular and bold files are collections, at an index neither holds:
    one line, at the family's index key (not one line for each file, at its style)."""
    err = fails(project(tmp_path, "  story:\n    regular: fonts/CJK.ttc\n    bold: fonts/CJK.ttc\n"
                                  "    index: 7"), tmp_path)
    assert "deck.yaml:9 fonts.story.index:" in err and "CJK.ttc'" in err and "index 7" in err \
        and "from 0 to 1" in err, err


def test_a_font_whose_licence_forbids_embedding_is_refused(tmp_path):
    from fontTools.ttLib import TTFont
    deck = project(tmp_path, "  story: fonts/Restricted.ttf")
    font = TTFont(FONTS / "Latin.ttf")
    font["OS/2"].fsType = 0x0002
    font.save(tmp_path / "fonts" / "Restricted.ttf")
    err = fails(deck, tmp_path)
    assert "Restricted.ttf" in err and "embed" in err, err


def test_hyphenation_breaks_words_where_the_dictionary_allows():
    import pyphen
    text = "Die Kartenspielerinnen verabschieden sich nach der Weltmeisterschaftsveranstaltung"
    style = TextStyle(size=10, lang="de", hyphenate=True)
    runs = set_text(text, 0, 0, 100, 200, style, "here")
    lines = [run.text for run in runs]
    assert any(line.endswith("-") for line in lines), lines
    dictionary = pyphen.Pyphen(lang="de_DE")
    for line, following in zip(lines, lines[1:], strict=False):
        if line.endswith("-"):
            head, tail = line.split(" ")[-1][:-1], following.split(" ")[0]
            assert (head, tail) in list(dictionary.iterate(head + tail)), (head, tail)
    assert " ".join(ln[:-1] if ln.endswith("-") else ln + " " for ln in lines).replace("  ", " ") \
        .replace("- ", "").replace(" ", "") == text.replace(" ", "")
    with pytest.raises(FitError):         # unbroken, the longest word is wider than the box
        set_text(text, 0, 0, 100, 200, TextStyle(size=10, lang="de"), "here")
    plain = set_text(text, 0, 0, 200, 200, TextStyle(size=10, lang="de"), "here")
    assert not any(run.text.endswith("-") for run in plain)
    assert all(run.x + _width(run) <= 100 + 1e-6 for run in runs)


@pytest.mark.parametrize("marked", [False, True])
@pytest.mark.parametrize("compound, head, tail", [("Level-3-Angriff", "Level-3-An-", "griff"),
                                                  ("Nord-Süd-Verbindung", "Nord-Süd-Ver-", "bindung")])
def test_a_compound_s_last_word_after_its_hard_hyphens_is_hyphenated(marked, compound, head, tail):
    """With hyphenation on, the word after a compound's hard hyphens ("Angriff" in
    "Level-3-Angriff", though the digit makes the whole a code) is offered to the
    dictionary: where the line has room for "Ein Level-3-An-" but not the whole
    compound, the line ends there, after the hard hyphens' own break, in plain and
    marked-up text alike."""
    from printgen.layout.richtext import RichStyle, Span, wrap
    from printgen.shaping import font
    text = f"Ein {compound} trifft"
    width = font("sans").width(f"Ein {head}", 10) + 0.5
    if marked:
        lines = ["".join(t for t, _ in line.pieces)
                 for line in wrap([Span(text)], width, RichStyle(size=10.0, lang="de", hyphenate=True), "test")]
    else:
        runs = set_text(text, 0.0, 0.0, width, 600.0, TextStyle(size=10.0, lang="de", hyphenate=True), "test")
        lines = [run.text for run in sorted(runs, key=lambda run: run.y)]
        assert all(run.x + _width(run) <= width + 1e-6 for run in runs)
    assert lines == [f"Ein {head}", f"{tail} trifft"], lines


@pytest.mark.parametrize("word, bare", [
    ("„Ablage“,", "Ablage"),                     # not "Ablag-e“,"
    ("(Hand).", "Hand"),                         # not "Han-d)."
    ("İstanbulerstraßenbahnhaltestelle", "istanbulerstraßenbahnhaltestelle"),
    ("Überraschungsangriffs\u0331vorbereitungsmaßnahmen", "Überraschungsangriffsvorbereitungsmaßnahmen"),
])
def test_a_word_is_hyphenated_where_the_dictionary_breaks_its_letters(word, bare):
    """The dictionary breaks a word's letters: punctuation around them does not move
    the breaks (nor leave a letter alone before them), nor does a capital whose lower case is two characters (İ), and a
    combining mark NFC leaves apart stays with its letter, the break after it."""
    import unicodedata

    import pyphen
    from printgen.layout.hyphens import hyphenations
    expected = {len(head) for head, _ in pyphen.Pyphen(lang="de_DE").iterate(bare)}
    found = hyphenations(word, "de")
    assert {len(head.lstrip("(„").replace("\u0331", "")) for head, _ in found} == expected
    assert all(head + tail == word and unicodedata.category(tail[0]) != "Mn" for head, tail in found)


@pytest.mark.parametrize("lang, country, word", [
    ("en", "en_US", "incomprehensibilities"),       # en_GB: incomprehens-ib-il-it-ies
    ("en", "en_US", "counterbalancing"),
    ("de", "de_DE", "Kartenspielerinnen"),
    ("pt", "pt_PT", "extraordinariamente"),
])
def test_a_language_without_a_country_is_hyphenated_as_its_main_country_writes_it(lang, country, word):
    """`lang: en` breaks words by the US English dictionary, `de` by Germany's, `pt` by
    Portugal's (pyphen's own name for the bare language is the first of its countries
    in the alphabet: en_GB, de_AT, pt_BR); a code with its country keeps that country's
    (`en-GB`)."""
    import pyphen
    from printgen.layout.hyphens import hyphenations
    expected = [len(head) for head, _ in pyphen.Pyphen(lang=country).iterate(word)]
    assert [len(head) for head, _ in hyphenations(word, lang)] == expected
    region = lang + "-" + country.split("_")[1]
    assert hyphenations(word, region) == hyphenations(word, lang)
    if lang == "en":
        british = [len(head) for head, _ in pyphen.Pyphen(lang="en_GB").iterate(word)]
        assert [len(head) for head, _ in hyphenations(word, "en-GB")] == british


def _width(run) -> float:
    from printgen.shaping import font
    return font(run.font).width(run.text, run.size)


def test_a_leaflet_hyphenates_when_its_front_matter_asks(tmp_path):
    text = ("Die Kartenspielerinnen und Kartenspieler verabschieden sich nach der "
            "Weltmeisterschaftsveranstaltung, bevor die Verkehrsinfrastrukturfinanzierung besprochen wird.")
    for hyphenate in (True, False):
        source = tmp_path / f"regeln-{hyphenate}.md"
        source.write_text(f"---\nlang: de\nhyphenate: {str(hyphenate).lower()}\n---\n# Regeln\n\n{text}\n",
                          encoding="utf-8")
        status, err = run("rules", str(source), "--out", str(tmp_path / "out"), "-q")
        assert status == 0, err
        page = pdfium.PdfDocument(next((tmp_path / "out").glob(f"regeln-{hyphenate}*.pdf")))[0]
        lines = page.get_textpage().get_text_range().splitlines()
        broken = [line for line in lines if "\ufffe" in line or line.rstrip().endswith("-")]
        assert bool(broken) is hyphenate, lines


def _icon_font(path: Path) -> None:
    """A font of one private-use character, U+E000, drawn as a square (an icon font)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    square = TTGlyphPen(None)
    for point in ((100, 0), (100, 700), (800, 700), (800, 0)):
        (square.lineTo if square.points else square.moveTo)(point)
    square.closePath()
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "square", "space"])
    builder.setupCharacterMap({0xE000: "square", 0x20: "space"})
    builder.setupGlyf({".notdef": TTGlyphPen(None).glyph(), "square": square.glyph(),
                       "space": TTGlyphPen(None).glyph()})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "square": (900, 100), "space": (250, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Icons", "styleName": "Regular"})
    builder.setupOS2(fsType=0)
    builder.setupPost()
    builder.save(path)


def test_a_private_use_icon_comes_from_an_icon_font_in_the_chain(tmp_path):
    deck = project(tmp_path, "  story: {regular: fonts/Latin.ttf, fallback: [icons]}\n  icons: fonts/Icons.ttf",
                   "Pay 2 \ue000 to draw")
    _icon_font(tmp_path / "fonts" / "Icons.ttf")
    status, err = run("build", str(deck), "--out", str(tmp_path / "out"), "-q", "--only", "pdf")
    assert status == 0, err
    drawn = [(font, code) for font, code, *_ in pdf_glyphs(tmp_path / "out" / "t-a4.pdf")]
    assert 1 in [code for font, code in drawn if "Icons" in font]      # the square, glyph 1


def test_a_deck_may_not_declare_a_thousand_fonts(tmp_path):
    fonts = "".join(f"  f{i}: fonts/Latin.ttf\n" for i in range(1000)) + "  story: fonts/Latin.ttf"
    err = fails(project(tmp_path, fonts), tmp_path)
    assert "deck.yaml:" in err and "at most" in err and "1,001" in err, err


@pytest.mark.parametrize("kind", ["link out", "fifo", "too large"])
def test_a_stranger_s_font_file_is_refused_in_a_real_process(tmp_path, kind):
    """A deck from a stranger: its font a link to a file outside the project, a FIFO
    (reading it would wait for ever) or 65 MB; one located line, exit 2, no output."""
    deck = project(tmp_path, "  story: fonts/Strange.ttf")
    strange = tmp_path / "fonts" / "Strange.ttf"
    if kind == "link out":
        outside = tmp_path.parent / f"{tmp_path.name}-secret.ttf"
        shutil.copy(FONTS / "Latin.ttf", outside)
        strange.symlink_to(outside)
    elif kind == "fifo":
        os.mkfifo(strange)
    else:
        with strange.open("wb") as handle:
            handle.truncate(65 * 2**20)
    result = subprocess.run([sys.executable, "-m", "printgen", "build", str(deck), "--out", str(tmp_path / "out")],
                            capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    line, = result.stderr.strip().splitlines()
    assert "deck.yaml:" in line and "fonts.story" in line and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_booklets_contents_numbers_are_drawn_in_a_face_that_has_the_digits(tmp_path):
    """An Arabic booklet whose chosen font has no Latin digits (Arabic.ttf) numbers its
    contents' entries in a face that has them: no page number is drawn as the empty box
    of a missing glyph (glyph 0) on any page."""
    shutil.copytree(FONTS, tmp_path / "fonts")
    sections = "\n\n".join(f"# {WHOLE} {n}\n\n{WHOLE}." for n in ("أ", "ب", "ج"))
    text = tmp_path / "qawaid.md"
    text.write_text(f"---\ntitle: {WHOLE}\nlang: ar\nfonts:\n{AR_FONTS}\nfont: ar\n---\n\n{sections}\n",
                    encoding="utf-8")
    status, err = run("booklet", str(text), "--size", "a6", "--out", str(tmp_path / "out"), "-q")
    assert status == 0, err
    reading, = (tmp_path / "out").rglob("*-reading.pdf")
    pages = len(pdfium.PdfDocument(reading))
    glyphs = [glyph for number in range(pages) for glyph in pdf_glyphs(reading, number)]
    assert glyphs and not [glyph for glyph in glyphs if glyph[1] == 0]
