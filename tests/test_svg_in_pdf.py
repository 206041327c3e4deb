"""SVG pictures in the PDFs, read back from the files: the DriveThruCards file stays
PDF/X-1a (an SVG picture is placed there as a press CMYK picture at the shop's dpi, so
no RGB shading, no transparency and no unembedded font comes with it); a home PDF
draws an SVG as vectors with no font of reportlab's, or, where svglib would draw it
otherwise than the PNG renderer (opacity, masks, filters, ...), as resvg's picture
of it; preflight counts no pixels of an SVG picture."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pictures import assert_alike, pdf_page_image
from printgen.layout.page import Frame, Page, Placed, Side
from printgen.layout.primitives import Image as Picture
from printgen.layout.primitives import Rect
from printgen.render.pdf import render_pdf
from printgen.render.png import render_page
from test_fonts_embedded import fonts_of, has_font_file

ART = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>
  </linearGradient></defs>
  <rect x="0" y="0" width="100" height="50" fill="url(#g)"/>
  <circle cx="50" cy="60" r="30" fill="#00a000" fill-opacity="0.5"/>
  <rect x="10" y="55" width="80" height="40" fill="#000000" opacity="0.4"/>
</svg>
"""
PLAIN = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="#2255cc"/><circle cx="50" cy="50" r="30" fill="#cc2222" fill-opacity="0.5"/>
</svg>
"""
FACE = """colors: {paper: "#f0e0c0"}
elements:
  - {kind: rect, box: bleed, fill: paper}
  - {kind: image, src: ART, x: 5mm, y: 5mm, w: 25mm, h: 25mm}
  - {kind: image, src: TURNED, x: 33mm, y: 5mm, w: 25mm, h: 15mm, rotate: 90}
  - {kind: image, src: pic.png, x: 5mm, y: 35mm, w: 25mm, h: 25mm}
  - {kind: image, src: pic.jpg, x: 33mm, y: 35mm, w: 25mm, h: 25mm}
  - {kind: text, text: "{{ card.name }}", x: 5mm, y: 70mm, w: 50mm, h: 10mm, size: 12pt}
"""
COLOUR_OPS = {b"k", b"K", b"g", b"G", b"rg", b"RG", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS", b"sh"}


def deck_folder(folder: Path, art: str = "art.svg", turned: str = "art.svg", svg: str = ART) -> Path:
    """A two-card poker deck whose face places the picture art, and turned (a quarter,
    15 x 25 mm) the picture turned, beside a PNG with transparent corners and a JPEG;
    art.svg holds svg."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "art.svg").write_text(svg, encoding="utf-8")
    picture = Image.new("RGBA", (300, 300), (0, 0, 0, 0))
    picture.paste((200, 50, 50, 255), (30, 30, 270, 270))
    picture.save(folder / "pic.png")
    Image.new("RGB", (300, 300), (50, 120, 200)).save(folder / "pic.jpg")
    (folder / "face.yaml").write_text(FACE.replace("ART", art).replace("TURNED", turned), encoding="utf-8")
    (folder / "back.yaml").write_text('elements:\n  - {kind: rect, box: bleed, fill: "#16203a"}\n')
    deck = folder / "d.yaml"
    deck.write_text("name: d\ntitle: D\nsize: poker\nface: face.yaml\nback: back.yaml\n"
                    "cards:\n  - fields: {name: One}\n  - fields: {name: Two}\n")
    return deck


@pytest.fixture(scope="module")
def press(tmp_path_factory) -> tuple[Path, str]:
    """The deck's DriveThruCards file, and what the build said."""
    from printgen.cli import main
    folder = tmp_path_factory.mktemp("press")
    deck = deck_folder(folder / "deck")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["build", str(deck), "--for", "drivethrucards", "--out", str(folder / "out")]) == 0
    return folder / "out" / "drivethrucards" / "d-drivethrucards.pdf", out.getvalue()


def resources(holder, seen: set[int]) -> list:
    """The resource dictionary of holder (a page) and those of the forms and patterns
    it names, recursively, each as (its holder, the dictionary)."""
    found = []
    dictionary = holder.get("/Resources")
    if dictionary is None:
        return found
    dictionary = dictionary.get_object()
    found.append((holder, dictionary))
    for kind in ("/XObject", "/Pattern"):
        for one in (dictionary.get(kind) or {}).values():
            ref = getattr(one, "idnum", None)
            if ref not in seen:
                seen.add(ref)
                found += resources(one.get_object(), seen)
    return found


def test_the_press_file_holds_only_cmyk_opaque_drawing_and_embedded_fonts(press):
    path, said = press
    data = path.read_bytes()
    assert data[:9] == b"%PDF-1.3\n"                       # transparency would have raised it to 1.4
    reader = PdfReader(str(path))
    checked = 0
    for number, page in enumerate(reader.pages, start=1):
        assert "/Group" not in page
        for holder, dictionary in resources(page, set()):
            assert not dictionary.get("/Shading") and not dictionary.get("/Pattern"), number
            assert not dictionary.get("/ColorSpace"), number
            for named in (dictionary.get("/ExtGState") or {}).values():
                state = named.get_object()
                assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1, (number, state)
                assert state.get("/SMask", "/None") == "/None" and state.get("/BM", "/Normal") == "/Normal"
            for name in (dictionary.get("/XObject") or {}).values():
                xobject = name.get_object()
                assert "/SMask" not in xobject and "/Group" not in xobject, number
                if xobject["/Subtype"] == "/Image":
                    assert xobject["/ColorSpace"] in ("/DeviceCMYK", "/DeviceGray"), number
            for font in fonts_of(dictionary, set()):
                assert has_font_file(font), (number, font.get("/BaseFont"))
            if holder is page:
                ops = {op for _, op in ContentStream(page.get_contents(), reader).operations}
                assert ops & COLOUR_OPS <= {b"k", b"K", b"g", b"G"}, number
            checked += 1
    assert checked == len(reader.pages) == 4
    assert "SVG pictures placed as 300 dpi pictures" in said and "art.svg" in said


def test_the_press_file_shows_the_svg_as_a_png_of_it_would_be_shown(press, tmp_path):
    """The card with the SVG picture, and the same card placing resvg's PNGs of the
    picture at 300 dpi instead (295 x 295 px, and 177 x 295 px for the turned one),
    print alike; where the translucent rect lies alone the picture is grey (40 %
    black on white), not black."""
    import resvg_py

    from printgen.products.export import ExportOptions, export_deck
    from printgen.spec import load_deck
    from printgen.spec.vendors import profile
    path, _ = press
    deck = deck_folder(tmp_path / "deck", art="art.png", turned="turned.png")
    for name, (width, height) in (("art.png", (295, 295)), ("turned.png", (177, 295))):
        png = resvg_py.svg_to_bytes(svg_string=ART, width=width, height=height, dpi=96, skip_system_fonts=True)
        Image.open(io.BytesIO(bytes(png))).resize((width, height)).save(tmp_path / "deck" / name)
    options = ExportOptions(out=tmp_path / "out", quiet=True)
    placed, = export_deck(load_deck(str(deck)), profile("drivethrucards"), options).files
    svg_page, png_page = pdf_page_image(path, 144, page=1), pdf_page_image(placed, 144, page=1)

    def box(x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        """mm from the trim's top-left corner as pixels of the page (1/8 in of bleed)."""
        return tuple(round(18 + v / 25.4 * 144) for v in (x, y, x + w, y + h))      # type: ignore[return-value]

    for where in (box(5, 5, 25, 25), box(33, 5, 25, 15)):
        assert_alike(png_page.crop(where), svg_page.crop(where), mean_below=2.0, folder=tmp_path, label="press")
    grey = svg_page.getpixel(box(5 + 0.12 * 25, 5 + 0.9 * 25, 0, 0)[:2])   # in the rect, left of the circle
    assert all(90 < channel < 210 for channel in grey), grey


def side_with(path: Path) -> Side:
    """A 170 x 114 pt side: a white ground, the picture at 142 x 71 pt, and turned a
    quarter at 68 x 23 pt."""
    return Side("svg", "svg pictures", Frame(170.0, 114.0, 0.0, 0.0),
                (Rect(0.0, 0.0, 170.0, 114.0, fill="#ffffff"),
                 Picture(14.0, 8.0, 142.0, 71.0, path),
                 Picture(14.0, 85.0, 68.0, 23.0, path, rotate=90)))


def drawn(tmp_path: Path, svg: str) -> tuple[Path, Page]:
    path = tmp_path / "drawing.svg"
    path.write_text(svg, encoding="utf-8")
    side = side_with(path)
    page = Page(side.frame.width, side.frame.height, (Placed(side, 0.0, 0.0),))
    return render_pdf([page], tmp_path / "svg.pdf"), page


def images(pdf: Path) -> list[str]:
    xobjects = PdfReader(str(pdf)).pages[0]["/Resources"].get("/XObject") or {}
    return [name for name, one in xobjects.items() if one.get_object()["/Subtype"] == "/Image"]


def test_a_home_pdf_names_no_font_for_an_svg_picture(tmp_path):
    """reportlab's renderer selected Helvetica (no font file) for the text an SVG
    picture cannot hold; the deck's sheets embed every font they name."""
    pdf, _ = drawn(tmp_path, PLAIN)
    assert images(pdf) == []                                # drawn as vectors
    page = PdfReader(str(pdf)).pages[0]
    assert fonts_of(page.get("/Resources"), set()) == []
    assert b"Tf" not in page.get_contents().get_data()
    deck = deck_folder(tmp_path / "deck", svg=PLAIN)
    from printgen.cli import main
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["build", str(deck), "--only", "pdf", "--out", str(tmp_path / "out"), "-q"]) == 0
    for sheets in (tmp_path / "out").glob("*.pdf"):
        for page in PdfReader(str(sheets)).pages:
            fonts = fonts_of(page.get("/Resources"), set())
            assert fonts and all(has_font_file(font) for font in fonts), sheets.name


S = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
BLUE = '<rect width="100" height="50" fill="#2255cc"/>'
GRADIENT = '<linearGradient id="g"><stop offset="0" stop-color="#ffcc00"/><stop offset="1" stop-color="#cc0066"/></linearGradient>'
LEFT_OUT = {
    "opacity": f'{S}{BLUE}<rect x="10" y="5" width="80" height="40" fill="#000000" opacity="0.4"/></svg>',
    "style opacity": f'{S}{BLUE}<rect x="10" y="5" width="80" height="40" style="fill:#ff0000;opacity:.4"/></svg>',
    "style sheet opacity": f'{S}<style>.t {{ opacity: 0.4 }}</style>{BLUE}'
                           f'<rect class="t" x="10" y="5" width="80" height="40" fill="#ff0000"/></svg>',
    "group opacity": f'{S}{BLUE}<g opacity="0.5"><rect x="10" y="5" width="50" height="40" fill="#ff0000"/>'
                     f'<rect x="40" y="5" width="50" height="40" fill="#00ff00"/></g></svg>',
    "mask": f'{S}<mask id="m"><rect width="50" height="50" fill="#ffffff"/></mask>'
            f'<rect width="100" height="50" fill="#2255cc" mask="url(#m)"/></svg>',
    "filter": f'{S}<filter id="f"><feGaussianBlur stdDeviation="4"/></filter>'
              f'<rect x="20" y="10" width="60" height="30" fill="#2255cc" filter="url(#f)"/></svg>',
    "pattern": f'{S}<pattern id="p" width="50" height="50" patternUnits="userSpaceOnUse">'
               f'<rect width="25" height="25" fill="#ff0000"/></pattern><rect width="100" height="50" fill="url(#p)"/></svg>',
    "marker": f'{S}<marker id="a" markerWidth="5" markerHeight="5" refY="2.5" orient="auto">'
              f'<path d="M0 0 L5 2.5 L0 5z" fill="#ff0000"/></marker>'
              f'<path d="M10 25 L80 25" stroke="#000000" stroke-width="4" marker-end="url(#a)"/></svg>',
    "gradient stroke": f'{S}<defs>{GRADIENT}</defs><rect x="15" y="10" width="70" height="30" fill="none" '
                       f'stroke="url(#g)" stroke-width="8"/></svg>',
    "translucent gradient": f'{S}<defs>{GRADIENT}</defs>{BLUE}<rect width="100" height="50" fill="url(#g)" '
                            f'fill-opacity="0.5"/></svg>',
    "turned gradient": f'{S}<defs><linearGradient id="g" gradientTransform="rotate(45)"><stop offset="0" '
                       f'stop-color="#ffcc00"/><stop offset="1" stop-color="#cc0066"/></linearGradient></defs>'
                       f'<rect width="100" height="50" fill="url(#g)"/></svg>',
    "diagonal gradient": f'{S}<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/>'
                         f'<stop offset="1" stop-color="#0000ff"/></linearGradient></defs>'
                         f'<rect width="100" height="50" fill="url(#g)"/></svg>',
    "symbol": f'{S}<symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#ff0000"/></symbol>'
              f'<use href="#s" x="10" y="5" width="40" height="40"/></svg>',
    "bad selector": f'{S}<style>a[[ {{ fill: #ff0000 }}</style>{BLUE}</svg>',
    "bad selector with a clip path": f'{S}<style>a[[ {{ clip-path: url(#c) }}</style>'
                                     f'<clipPath id="c"><rect width="50" height="50"/></clipPath>{BLUE}</svg>',
}


@pytest.mark.parametrize("svg", LEFT_OUT.values(), ids=LEFT_OUT.keys())
def test_what_svglib_leaves_out_is_drawn_in_the_pdf_as_in_the_png(tmp_path, svg):
    """Each of these svglib drew otherwise than resvg (the group's opacity ignored, the
    mask, blur, pattern, marker and gradient stroke left out, ...): the PDF places
    resvg's picture of it instead, with its transparency."""
    pdf, page = drawn(tmp_path, svg)
    assert_alike(pdf_page_image(pdf, 144), render_page(page, 144), mean_below=1.5, folder=tmp_path,
                 label="left-out")
    assert images(pdf)


OUTSIZED = {
    "a path past 1e20": f'{S}{BLUE}<path d="M0 0 L1e25 5 L0 40 Z" fill="#ff0000"/></svg>',
    "an infinite stroke width": f'{S}{BLUE}<rect x="10" y="5" width="30" height="30" stroke="#000000" '
                                f'stroke-width="inf"/></svg>',
    "a scale of 1e300": f'{S}{BLUE}<g transform="scale(1e300)"><rect width="1e-299" height="1e-299" '
                        f'fill="#ff0000"/></g></svg>',
    "a style sheet's dashes of 1e30": f'{S}<style>rect {{ stroke-dasharray: 1e30 1 }}</style>{BLUE}'
                                      f'<rect x="10" y="5" width="30" height="30" fill="none" stroke="#000000"/></svg>',
    "a viewBox of 1e-20": '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 2e-20 1e-20">'
                          '<rect width="1e-20" height="1e-20" fill="#2255cc"/></svg>',
    "a viewBox of 1e300": '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 2e300 1e300">'
                          '<rect width="1e300" height="1e300" fill="#2255cc"/></svg>',
}


@pytest.mark.parametrize("svg", OUTSIZED.values(), ids=OUTSIZED.keys())
def test_a_number_past_what_a_pdf_holds_is_drawn_as_resvg_draws_it(tmp_path, svg):
    """reportlab writes no number past 1e20 into a PDF: a picture holding one (or a
    viewBox so small that its scale is one) stopped the build with reportlab's
    traceback. It is placed as resvg's picture, alike with the PNG."""
    pdf, page = drawn(tmp_path, svg)
    assert images(pdf)
    assert_alike(pdf_page_image(pdf, 144), render_page(page, 144), mean_below=1.5, folder=tmp_path,
                 label="outsized")


KEPT = {
    "plain": PLAIN,
    "miter": f'{S}<path d="M10 48 L16 12 L22 48" fill="none" stroke="#000000" stroke-width="6"/></svg>',
    "defaults said": f'{S}<rect width="100" height="50" style="opacity:1;fill:#2255cc;stroke-miterlimit:4;'
                     f'paint-order:markers fill stroke;filter:none"/></svg>',
    "an empty id": f'{S}<defs>{GRADIENT}</defs><rect width="100" height="50" fill="url(#g)"/>'
                   f'<rect id="" spreadMethod="reflect" x="5" y="5" width="10" height="10" fill="#000000"/></svg>',
    "small numbers, a colour like one": f'{S}<rect width="100" height="50.0000000001" fill="#1e9999"/>'
                                        f'<rect x="1e-7" y="5" width="999999" height="20" fill="#ff1e99"/></svg>',
}


@pytest.mark.parametrize("svg", KEPT.values(), ids=KEPT.keys())
def test_what_svglib_draws_stays_vectors_alike_with_the_png(tmp_path, svg):
    """Drawn as vectors, naming no font, alike with the PNG (the sharp corner cut at
    SVG's miter limit, 4, not reportlab's, 10); properties said at their defaults
    leave nothing out; a gradient naming no other takes nothing from an element whose
    id is empty."""
    pdf, page = drawn(tmp_path, svg)
    assert images(pdf) == []
    assert b"Tf" not in PdfReader(str(pdf)).pages[0].get_contents().get_data()
    assert_alike(pdf_page_image(pdf, 144), render_page(page, 144), mean_below=1.0, folder=tmp_path,
                 label="kept")


def test_preflight_counts_no_pixels_of_an_svg_picture(cli, tmp_path):
    """A 100 x 100 px SVG placed 25 mm wide would be 102 dpi as a raster: no finding,
    and --strict builds; a raster picture too coarse still stops it."""
    deck = deck_folder(tmp_path / "deck")
    result = cli("build", str(deck), "--for", "drivethrucards", "--strict", "-q", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    assert "art.svg" not in result.err
    Image.new("RGB", (40, 40), (50, 120, 200)).save(tmp_path / "deck" / "pic.jpg")
    result = cli("build", str(deck), "--for", "drivethrucards", "--strict", "-q", "--out", str(tmp_path / "out2"))
    assert result.status == 2 and "pic.jpg" in result.err and "art.svg" not in result.err


def test_a_style_sheet_svglib_cannot_read_is_built_as_resvg_draws_it(tmp_path):
    """svglib failed (a traceback) on a selector it cannot read; resvg skips that rule,
    and the build places resvg's picture, saying nothing."""
    svg = (f'{S}<style>a[[ {{ clip-path: url(#c) }}</style>'
           f'<clipPath id="c"><rect width="50" height="50"/></clipPath>{BLUE}</svg>')
    deck = deck_folder(tmp_path / "deck", svg=svg)
    from printgen.cli import main
    said, told = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(told):
        assert main(["build", str(deck), "--only", "pdf", "--out", str(tmp_path / "out"), "-q"]) == 0
    assert told.getvalue() == "" and "Traceback" not in said.getvalue()
    assert images(next((tmp_path / "out").glob("*.pdf")))


@pytest.mark.parametrize("rules, rects", [(2000, 2000), (20000, 1)])
def test_a_style_sheet_of_many_rules_over_many_elements_is_not_matched(tmp_path, rules, rects):
    """Reading a style sheet costs its rules, matching it its rules times the picture's
    elements: 2,000 rules over 2,000 rects (98 KB) took seconds to match, and 20,000
    rules over one rect seconds to read; past the bound the PDF places resvg's picture
    without reading or matching."""
    from cputime import cpu_seconds
    from printgen.render.pdfsvg import vector_gap
    sheet = "* { clip-path: url(#c) }\n" * rules
    path = tmp_path / "many.svg"
    path.write_text(f'{S}<style>{sheet}</style><clipPath id="c"><rect width="50" height="50"/></clipPath>'
                    + '<rect width="1" height="1"/>' * rects + "</svg>", encoding="utf-8")
    start = cpu_seconds()
    gap = vector_gap(path)
    assert cpu_seconds() - start < 0.5
    assert gap == "a style sheet too large to match against the picture"
