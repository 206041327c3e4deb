"""SVG pictures: drawn as vectors in the PDF (no raster image in it) and in the SVG
output, rasterised for the PNG, the three alike; an SVG that scripts, reaches out of
its file, holds text or has no size is one located error and nothing is written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from pictures import assert_alike, pdf_page_image
from printgen.layout.page import Frame, Page, Placed, Side
from printgen.layout.primitives import Image as Picture
from printgen.layout.primitives import Rect
from printgen.render.pdf import render_pdf
from printgen.render.png import render_page, render_side
from printgen.render.svg import side_svg

DRAWING = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     width="200" height="100" viewBox="0 0 200 100">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#ffcc00"/><stop offset="1" stop-color="#ff6600"/>
  </linearGradient></defs>
  <style>.blue { fill: #2255cc; }</style>
  <rect x="0" y="0" width="200" height="100" fill="url(#g)"/>
  <circle id="dot" class="blue" cx="50" cy="50" r="40"/>
  <use xlink:href="#dot" x="60" transform="scale(0.5)"/>
  <path d="M120 90 L160 10 L200 90 Z" fill="#cc2222" stroke="#000000" stroke-width="4"/>
</svg>
"""


DPI = 144             # two pixels a point: the pictures' edges fall on pixel edges in every renderer


def side_with(path: Path) -> Side:
    """A 170 x 114 pt side: white, the picture at 142 x 71 pt, and turned a quarter at 68 x 23 pt."""
    return Side("svg", "svg pictures", Frame(170.0, 114.0, 0.0, 0.0),
                (Rect(0.0, 0.0, 170.0, 114.0, fill="#ffffff"),
                 Picture(14.0, 8.0, 142.0, 71.0, path),
                 Picture(14.0, 85.0, 68.0, 23.0, path, rotate=90)))


@pytest.fixture
def drawing(tmp_path) -> Path:
    path = tmp_path / "drawing.svg"
    path.write_text(DRAWING, encoding="utf-8")
    return path


def test_the_pdf_draws_an_svg_as_vectors_alike_with_the_png(drawing, tmp_path):
    side = side_with(drawing)
    page = Page(side.frame.width, side.frame.height, (Placed(side, 0.0, 0.0),))
    pdf = render_pdf([page], tmp_path / "svg.pdf")
    resources = PdfReader(str(pdf)).pages[0]["/Resources"]
    images = [name for name, obj in (resources.get("/XObject") or {}).items()
              if obj.get_object().get("/Subtype") == "/Image"]
    assert images == []                                     # vectors, no raster picture
    drawn = render_page(page, DPI)
    assert_alike(pdf_page_image(pdf, DPI), drawn, mean_below=2.0, folder=tmp_path, label="svg-pdf-png")
    left_part = drawn.getpixel((2 * (14 + 35), 2 * (8 + 35)))
    assert left_part[2] > 150 > left_part[0]                # the blue circle, where the picture puts it


def test_the_svg_output_embeds_the_drawing_as_it_is_alike_with_the_png(drawing, tmp_path):
    resvg_py = pytest.importorskip("resvg_py")
    side = side_with(drawing)
    text = side_svg(side)
    assert text.count("data:image/svg+xml;base64,") == 2 and "data:image/png" not in text
    png = bytes(resvg_py.svg_to_bytes(svg_string=text, width=2 * 170, dpi=96, skip_system_fonts=True))
    shown = Image.open(io.BytesIO(png)).convert("RGBA")
    flat = Image.new("RGB", shown.size, "white")
    flat.paste(shown, mask=shown)
    assert_alike(flat, render_side(side, DPI), mean_below=2.0, folder=tmp_path, label="svg-svg-png")


def test_an_svg_picture_builds_in_every_output(cli, drawing, tmp_path):
    deck = deck_with(tmp_path, "drawing.svg")
    result = cli("build", str(deck), "--only", "pdf,png,svg", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    card = Image.open(tmp_path / "out" / "png" / "1-card-1.png")
    assert card.size == (round((2.5 + 0.25) * 300), round((3.5 + 0.25) * 300))


def deck_with(folder: Path, src: str, size: str = "w: 40mm, h: 20mm") -> Path:
    (folder / "face.yaml").write_text(f"elements:\n  - {{kind: image, src: {src}, x: 5mm, y: 5mm, {size}}}\n")
    (folder / "back.yaml").write_text("elements: []\n")
    deck = folder / "deck.yaml"
    deck.write_text("name: d\nsize: poker\nface: face.yaml\nback: back.yaml\ncards:\n  - count: 1\n")
    return deck


def refused(cli, tmp_path, svg: str) -> str:
    (tmp_path / "bad.svg").write_text(svg, encoding="utf-8")
    result = cli("build", str(deck_with(tmp_path, "bad.svg")), "--out", str(tmp_path / "out"))
    assert result.status == 2 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert "face.yaml:2 elements[0].src" in lines[0] and "'bad.svg'" in lines[0]
    assert not (tmp_path / "out").exists()
    return lines[0]


OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'


@pytest.mark.parametrize("body, says", [
    ("<script>alert(1)</script>", "script"),
    ('<rect width="5" height="5" onclick="alert(1)"/>', "onclick"),
    ('<image xlink:href="file:///etc/passwd" width="5" height="5"/>', "embedded picture"),
    ('<use xlink:href="other.svg#a"/>', "'other.svg#a'"),
    ('<use href="https://example.org/a.svg#b"/>', "'https://example.org/a.svg#b'"),
    ('<rect width="5" height="5" style="fill: url(https://example.org/p.svg#p)"/>', "'https://example.org/p.svg#p'"),
    ("<style>@import url(https://example.org/a.css);</style>", "imports"),
    ('<text x="1" y="5">Hi</text>', "text"),
    ('<foreignObject width="5" height="5"><p xmlns="http://www.w3.org/1999/xhtml">Hi</p></foreignObject>',
     "foreignObject"),
])
def test_an_svg_that_reaches_out_or_scripts_is_refused_at_its_line(cli, tmp_path, body, says):
    line = refused(cli, tmp_path, f"{OPEN}\n{body}\n</svg>\n")
    assert says in line and "line 2" in line


def test_an_svg_declaring_entities_is_refused(cli, tmp_path):
    line = refused(cli, tmp_path, '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]>\n'
                                  f"{OPEN}<desc>&a;&a;</desc></svg>\n")
    assert "entities" in line


@pytest.mark.parametrize("encoding", ["UTF-16", "UTF-16BE"])
def test_an_svg_declaring_entities_in_another_encoding_is_refused(cli, tmp_path, encoding):
    """The entities were looked for as the bytes <!ENTITY: a file in UTF-16 declaring
    one naming /etc/passwd built a PDF (svglib reads the file itself) and stopped the
    PNG with resvg's words, not at its place."""
    svg = (f'<?xml version="1.0" encoding="{encoding}"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
           f'{OPEN}<desc>&x;</desc><rect width="5" height="5"/></svg>\n')
    (tmp_path / "bad.svg").write_bytes(svg.encode(encoding.lower()))
    for only in ("pdf", "png"):
        result = cli("build", str(deck_with(tmp_path, "bad.svg")), "--only", only, "--out", str(tmp_path / "out"))
        assert result.status == 2, result.err
        assert "face.yaml:2 elements[0].src: image 'bad.svg': the SVG picture declares entities" in result.err
        assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("svg", ['<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>',
                                 '<svg xmlns="http://www.w3.org/2000/svg" width="50%" height="0"/>',
                                 *(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} 10"/>'
                                   for side in ("inf", "nan", "1e400"))])
def test_an_svg_with_no_size_is_refused(cli, tmp_path, svg):
    """A viewBox that is not four finite numbers gives no size (renderers draw as if
    there were none): one located line, not a crash on an infinite side."""
    assert "no size" in refused(cli, tmp_path, svg)


@pytest.mark.parametrize("sides, expected", [('width="1e400" height="10"', "no size"),
                                             ('height="1e300" viewBox="0 0 1e10 1e-10"', "over")])
def test_an_svg_whose_width_or_height_overflows_is_refused(cli, tmp_path, sides, expected):
    """A width or height past any float ("1e400") is no length, as renderers read it,
    and one the viewBox's ratio takes past every limit is refused: one located line,
    not an OverflowError rounding infinity."""
    assert expected in refused(cli, tmp_path, f'<svg xmlns="http://www.w3.org/2000/svg" {sides}/>')


def test_a_part_of_an_svg_whose_viewbox_is_no_numbers_is_drawn_from_its_width_and_height(tmp_path):
    """The part of a picture a template crops to (rasterised's view) is of its width
    and height where its viewBox is not four numbers, as renderers read it: here the
    top left quarter, all of it the red rectangle."""
    from printgen.vector import rasterised
    path = tmp_path / "p.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="a 0 20 10">'
                    '<rect width="20" height="10" fill="#0000ff"/><rect width="10" height="5" fill="#ff0000"/></svg>')
    drawn = rasterised(path, (40, 20), view=(0.0, 0.0, 0.5, 0.5))
    assert drawn.size == (40, 20)
    assert {drawn.getpixel((x, y))[:3] for x in (1, 20, 38) for y in (1, 10, 18)} == {(255, 0, 0)}


def test_an_svg_with_too_many_elements_is_refused(cli, tmp_path, monkeypatch):
    import printgen.vector
    monkeypatch.setattr(printgen.vector, "MAX_ELEMENTS", 50)
    assert "50 elements" in refused(cli, tmp_path, OPEN + '<rect width="1" height="1"/>' * 60 + "</svg>")


def test_elements_and_attributes_are_counted_as_the_file_is_read(cli, tmp_path, monkeypatch):
    """The elements were counted once the whole file was read: 120 MB of <g/> took 4 GB
    and 20 s to be refused. Counted as it is read, a file whose elements past the
    bound are no XML at all is refused for its elements, and so for its attributes."""
    import printgen.svgread
    monkeypatch.setattr(printgen.svgread, "MAX_ELEMENTS", 50)
    monkeypatch.setattr(printgen.svgread, "MAX_ATTRIBUTES", 100)
    assert "more than 50 elements" in refused(cli, tmp_path, OPEN + "<g/>" * 60 + "<<<>")
    assert "more than 100 attributes" in refused(cli, tmp_path, OPEN + '<rect x="0" width="1" height="1"/>' * 40 + "<<<>")


def test_an_element_of_too_many_attributes_is_refused_before_they_are_read(cli, tmp_path):
    """lxml gives an element's attributes in a time growing with their square: one of
    200,000 took minutes to check (20,000: seconds, and svglib's drawing as long)."""
    attributes = " ".join(f'data-a{i}="1"' for i in range(20_000))
    line = refused(cli, tmp_path, OPEN + f'\n<rect {attributes} width="1" height="1"/></svg>')
    assert "<rect> at line 2 has 20,002 attributes, more than 200" in line


@pytest.mark.parametrize("groups", [200, 10_000])
def test_an_svg_nested_too_deep_is_refused_in_printgens_words(cli, tmp_path, groups):
    """Nested 256 deep, libxml2 stopped reading and said so in its own words (with advice
    to set an option of its own); nested 248 deep, resvg ended the process drawing it
    (its stack overflowed). The nesting and its bound are said instead."""
    line = refused(cli, tmp_path, OPEN + "<g>" * groups + '<rect width="5" height="5"/>' + "</g>" * groups + "</svg>")
    assert "nested more than 128 deep" in line


def test_an_svg_nested_as_deep_as_the_bound_is_drawn(cli, tmp_path):
    # the <svg>, 126 groups and the <rect>: 128 deep
    (tmp_path / "deep.svg").write_text(OPEN + "<g>" * 126 + '<rect width="5" height="5"/>' + "</g>" * 126 + "</svg>")
    result = cli("build", str(deck_with(tmp_path, "deep.svg")), "--out", str(tmp_path / "out"), "--only", "pdf,png")
    assert result.status == 0, result.err


def test_not_an_svg_is_refused(cli, tmp_path):
    assert "not a readable SVG" in refused(cli, tmp_path, "<svg><rect></svg>")
    assert "root is not <svg>" in refused(cli, tmp_path, '<html xmlns="http://www.w3.org/1999/xhtml"/>')


@pytest.mark.parametrize("attributes, size", [('width="30mm" height="15mm"', (113, 57)),
                                              ('viewBox="0 0 400 100"', (400, 100)),
                                              ('width="2in" viewBox="0 0 400 100"', (192, 48))])
def test_an_svgs_size_is_its_width_and_height_else_its_viewbox(tmp_path, attributes, size):
    from printgen.pictures import check_picture
    path = tmp_path / "p.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}><rect width="1" height="1"/></svg>')
    assert check_picture(path, "p.svg") == size


@pytest.mark.parametrize(("width_mm", "placed_mm"), [(40, 40.0), (120, 112.6)])
def test_a_booklet_sets_an_svg_at_its_own_size_or_the_text_width(cli, tmp_path, width_mm, placed_mm):
    from readback import page_paths
    (tmp_path / "board.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_mm}mm" height="{width_mm / 2}mm" '
        f'viewBox="0 0 {width_mm} {width_mm / 2}"><rect width="{width_mm}" height="{width_mm / 2}" '
        f'fill="#1abc9c"/></svg>', encoding="utf-8")
    source = tmp_path / "board.md"
    source.write_text("# Board\n\n![The board](board.svg)\n", encoding="utf-8")
    out = tmp_path / "out"
    assert cli("booklet", str(source), "--out", str(out), "-q").status == 0
    boxes = page_paths(out / "board-booklet-a5-a4-reading.pdf", 2)
    left, bottom = min(box[0] for box in boxes), min(box[1] for box in boxes)
    right, top = max(box[2] for box in boxes), max(box[3] for box in boxes)
    assert (right - left) * 25.4 / 72 == pytest.approx(placed_mm, abs=0.3)    # 112.6 mm: the text width
    assert (top - bottom) * 25.4 / 72 == pytest.approx(placed_mm / 2, abs=0.3)
