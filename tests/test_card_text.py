"""Rich card text: **bold**, *italic* and inline icons in a text element with
`markup: true`, the same in the PDF, the PNG and the SVG, wrapped with the words."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from pictures import assert_alike, pdf_page_image
from printgen.layout.cardtext import parse_markup, set_rich
from printgen.layout.deck import layout_deck
from printgen.layout.page import Clip, Page, Placed
from printgen.layout.primitives import Ellipse, Image as ImagePrim, Polygon, TextRun
from printgen.layout.text import TextStyle
from printgen.model.text import Span
from printgen.render.pdf import render_pdf
from printgen.render.png import render_side
from printgen.render.svg import write_svg
from printgen.spec import load_deck

TEXT = "Pay **two** :coin: to draw, then discard *one* :circle: card."


def rich_deck(folder: Path, text: str = TEXT) -> Path:
    Image.new("RGB", (64, 64), "#d4a017").save(folder / "coin.png")
    (folder / "face.yaml").write_text(
        "icons: {coin: coin.png}\nelements:\n  - {kind: rect, box: bleed, fill: '#fbf8f1'}\n"
        "  - {kind: text, markup: true, text: '{{ card.text }}', x: 6mm, y: 10mm, w: 51.5mm, h: 40mm,"
        " size: 12pt, min_size: 7pt, color: '#1f2a44'}\n", encoding="utf-8")
    (folder / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#1f2a44'}\n", encoding="utf-8")
    (folder / "deck.yaml").write_text(f"name: rich\nsize: poker\nface: face.yaml\nback: back.yaml\n"
                                      f"label: card\ncards:\n  - fields: {{text: \"{text}\"}}\n", encoding="utf-8")
    return folder / "deck.yaml"


def test_markup_parses_bold_italic_nested_and_icons():
    assert parse_markup("a **b *c* d** *e* :coin:f") == [
        Span("a "), Span("b ", bold=True), Span("c", bold=True, italic=True), Span(" d", bold=True),
        Span(" "), Span("e", italic=True), Span(" "), Span("", icon="coin"), Span("f")]


def test_the_card_has_bold_italic_and_both_icons(tmp_path):
    face = layout_deck(load_deck(str(rich_deck(tmp_path)))).faces[0]
    fonts = {p.font for p in face.prims if isinstance(p, TextRun)}
    assert {"sans", "sans-bold", "sans-italic"} <= fonts
    assert sum(isinstance(p, ImagePrim) for p in face.prims) == 1                 # the coin
    assert any(isinstance(p, Ellipse) for p in face.prims)                         # the circle
    runs = [p for p in face.prims if isinstance(p, TextRun)]
    coin = next(p for p in face.prims if isinstance(p, ImagePrim))
    baseline = next(r.y for r in runs if "two" in r.text)
    assert coin.y + coin.h == pytest.approx(baseline, abs=0.01)                   # on the baseline
    assert coin.h == pytest.approx(12 * 0.8, abs=0.01)                              # at the text's size


def test_icons_wrap_with_their_words():
    """A box just too narrow for 'aaaa :circle: bbbb' on one line breaks before 'bbbb',
    and the icon stays on the first line; each line is no wider than the box."""
    style = TextStyle(size=10, min_size=10)
    found: list[tuple[str, float, float]] = []

    def draw(name, left, top, size, colour):
        found.append((name, left, top))
        return [Polygon(((left, top), (left + size, top), (left, top + size)), fill=colour)]

    prims = set_rich("aaaa :circle: bbbb", 50, 40, style, "test", draw)
    runs = [p for p in prims if isinstance(p, TextRun)]
    assert [r.text.strip() for r in runs] == ["aaaa", "bbbb"]
    name, left, top = found[-1]
    assert top < runs[1].y - 10                                  # the icon sits on the first line
    assert left > runs[0].x


def test_an_unknown_icon_is_a_located_error(cli, tmp_path):
    result = cli("build", str(rich_deck(tmp_path, "a :nothing: here")), "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert "face.yaml:4 elements[1].text" in line and ":nothing:" in line and "icon" in line
    assert not (tmp_path / "out").exists()


def test_an_icon_is_found_where_a_templates_picture_is_anywhere_in_its_project(cli, tmp_path):
    """A project keeps its pictures in pictures/ beside templates/: an image element
    names '../pictures/coin.png', and so may an icon, drawing the card as the icon
    beside the template does; a picture outside the project stays refused, one line."""
    near, far = tmp_path / "near", tmp_path / "game"
    near.mkdir()
    for folder in (far / "decks", far / "templates", far / "pictures"):
        folder.mkdir(parents=True)
    rich_deck(near)
    for name in ("face.yaml", "back.yaml"):
        shutil.copy(near / name, far / "templates" / name)
    shutil.copy(near / "coin.png", far / "pictures" / "coin.png")
    face = far / "templates" / "face.yaml"
    face.write_text(face.read_text(encoding="utf-8").replace("{coin: coin.png}", "{coin: ../pictures/coin.png}"),
                    encoding="utf-8")
    deck = far / "decks" / "deck.yaml"
    deck.write_text((near / "deck.yaml").read_text(encoding="utf-8").replace(": face.yaml", ": ../templates/face.yaml")
                    .replace(": back.yaml", ": ../templates/back.yaml"), encoding="utf-8")
    for folder, path in (("near", near / "deck.yaml"), ("far", deck)):
        assert cli("build", str(path), "--only", "png", "--out", str(tmp_path / folder), "-q").status == 0
    assert (tmp_path / "far" / "png" / "1-card.png").read_bytes() == \
        (tmp_path / "near" / "png" / "1-card.png").read_bytes()
    stranger = tmp_path / "stranger"                    # (a template is read once a process: another project)
    shutil.copytree(far, stranger)
    face = stranger / "templates" / "face.yaml"
    face.write_text(face.read_text(encoding="utf-8").replace("../pictures/", "../../near/"), encoding="utf-8")
    result = cli("build", str(stranger / "decks" / "deck.yaml"), "--only", "png", "--out", str(tmp_path / "out"))
    assert result.status == 2 and not (tmp_path / "out").exists()
    line, = result.err.strip().splitlines()
    assert "face.yaml:1 icons.coin:" in line and "../../near/coin.png" in line


def test_pdf_png_and_svg_show_the_same_card(tmp_path):
    face = layout_deck(load_deck(str(rich_deck(tmp_path)))).faces[0]
    f = face.frame
    page = Page(f.width + 2 * f.bleed, f.height + 2 * f.bleed, (Placed(face, f.bleed, f.bleed, Clip.BLEED),))
    pdf = render_pdf([page], tmp_path / "card.pdf")
    png = render_side(face, 200)
    assert_alike(pdf_page_image(pdf, 200), png, mean_below=4.0, folder=tmp_path, label="rich-pdf")
    chromium = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
                    None)
    if chromium is None:
        pytest.skip("no Chromium to draw the SVG")
    svg = write_svg(face, tmp_path / "card.svg")
    width, height = round((f.width + 2 * f.bleed) * 96 / 72), round((f.height + 2 * f.bleed) * 96 / 72)
    shot = tmp_path / "svg.png"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--window-size={width},{height}", f"--screenshot={shot}", svg.as_uri()],
                   check=True, capture_output=True, timeout=60)
    with Image.open(shot) as drawn:
        assert_alike(render_side(face, 96), drawn.convert("RGB"), mean_below=6.0, folder=tmp_path,
                     label="rich-svg")


def german_deck(folder: Path, texts: list[str], markup: bool) -> Path:
    """A German deck (lang: de) whose card text is set 45 mm wide, hyphenated, with or
    without markup: one card a text."""
    folder.mkdir(exist_ok=True)
    (folder / "face.yaml").write_text(
        "elements:\n  - {kind: text, text: '{{ card.text }}', x: 5mm, y: 5mm, w: 45mm, h: 70mm, font: sans,"
        f" size: 10pt, hyphenate: true, markup: {str(markup).lower()}}}\n", encoding="utf-8")
    (folder / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#1f2a44'}\n", encoding="utf-8")
    cards = "".join(f"  - fields: {{text: \"{text}\"}}\n" for text in texts)
    (folder / "deck.yaml").write_text(f"name: woerter\nlang: de\nsize: poker\nface: face.yaml\nback: back.yaml\n"
                                      f"label: card\ncards:\n{cards}", encoding="utf-8")
    return folder / "deck.yaml"


def set_lines(face) -> list[str]:
    """A face's text as its lines read left to right, top to bottom."""
    rows: dict[float, list[TextRun]] = {}
    for run in (p for p in face.prims if isinstance(p, TextRun)):
        rows.setdefault(round(run.y, 3), []).append(run)
    return ["".join(run.text for run in sorted(rows[y], key=lambda run: run.x)).strip() for y in sorted(rows)]


GERMAN = ["Die Überraschungsangriffsvorbereitungsmaßnahmen",
          "Donaudampfschifffahrtsgesellschaftskapitänsmütze",
          "Die Überraschungs**angriffs**vorbereitungsmaß*nahmen*.",
          "**Donau**dampf*schiff*fahrts**gesellschafts**kapitänsmütze",
          "Kraftfahrzeughaftpflichtversicherungsbeitra\u0308ge",              # ä as a and a combining diaeresis
          "(Überraschungs*angriffs*vorbereitungsmaßnahmen)"]


def test_marked_up_words_hyphenate_where_the_dictionary_and_plain_text_do(tmp_path):
    """With lang: de and hyphenate: true, a marked-up card text breaks its compounds
    where pyphen's German dictionary allows, the same places as the same text without
    markup where it has no bold or italic (whose wider letters may move a break to an
    earlier syllable): with bold and italic inside a word, ß, ä (composed or as a
    combining mark), and punctuation around it. (Marked-up text was broken between any
    two letters, "Überraschungsangri-ffs...".)"""
    import unicodedata

    import pyphen
    dictionary = pyphen.Pyphen(lang="de_DE")
    plain = [unicodedata.normalize("NFC", text.replace("*", "")) for text in GERMAN]
    marked = layout_deck(load_deck(str(german_deck(tmp_path / "marked", GERMAN, True)))).faces
    unmarked = layout_deck(load_deck(str(german_deck(tmp_path / "plain", plain, False)))).faces
    for given, text, marked_face, plain_face in zip(GERMAN, plain, marked, unmarked, strict=True):
        lines = set_lines(marked_face)
        assert "*" in given or lines == set_lines(plain_face), text
        word = max(text.split(" "), key=len).strip("(.)")
        allowed = {len(head) for head, _ in dictionary.iterate(word)}
        joined, cuts = "", []
        for line in lines[:-1]:
            assert line.endswith("-"), lines
            joined += line[:-1] if " " not in line else line[:-1].split(" ")[-1]
            cuts.append(len(joined.lstrip("(")))
        assert cuts and set(cuts) <= allowed, (lines, cuts, sorted(allowed))
