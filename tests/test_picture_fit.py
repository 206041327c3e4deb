"""An image element's `fit`: fill (stretched, the default), contain (whole, its shape
kept, centred) and cover (its shape kept, the box filled, the overflow cut off), read
back from the PNG's pixels, the PDF's drawing (the picture's rectangle and its clip)
and pixels, and the SVG drawn by resvg; and a bad value stopped with its key.

The picture is 600 x 400 px whose red grows from its left to its right and whose
green from its top to its bottom, so the colour at a box's edge says which part of
the picture is shown there. It is placed in a 30 x 45 mm box over magenta (its blue
is 128, the magenta's 255): a 20 mm tall band of it for contain; for cover, 67.5 mm
wide of which the middle 30 mm (red 71 to 184) show. Turned a quarter in a 45 x 30 mm
box, covered, the picture's own left (red 71) is at the box's top and its bottom
(green 255) at the box's left. The same in the PNG, the home PDF, the press file and
the SVG."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pictures import pdf_page_image
from printgen.layout.deck import layout_deck
from printgen.layout.page import Page, Placed, Side
from printgen.render.pdf import render_pdf
from printgen.render.png import render_side
from printgen.render.svg import side_svg
from printgen.spec import load_deck

DPI = 300
MM = 72 / 25.4                          # points in a millimetre
FACE = """elements:
  - {kind: rect, box: bleed, fill: "#ffffff"}
  - {kind: rect, x: 5mm, y: 5mm, w: 30mm, h: 45mm, fill: "#ff00ff"}
  - {kind: image, src: ramp.png, x: 5mm, y: 5mm, w: 30mm, h: 45mm, fit: "{{ card.fit }}"}
  - {kind: rect, x: 5mm, y: 55mm, w: 45mm, h: 30mm, fill: "#ff00ff"}
  - {kind: image, src: ramp.png, x: 5mm, y: 55mm, w: 45mm, h: 30mm, fit: "{{ card.fit }}", rotate: 90}
"""
BOX = (5.0, 5.0, 30.0, 45.0)             # mm: the upright box, and the turned one
TURNED = (5.0, 55.0, 45.0, 30.0)


def deck_folder(folder: Path, fit: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    ramp = Image.new("RGB", (600, 400))
    ramp.putdata([(round(x * 255 / 599), round(y * 255 / 399), 128) for y in range(400) for x in range(600)])
    ramp.save(folder / "ramp.png")
    (folder / "face.yaml").write_text(FACE.replace('"{{ card.fit }}"', fit) if fit else FACE, encoding="utf-8")
    (folder / "back.yaml").write_text('elements:\n  - {kind: rect, box: bleed, fill: "#16203a"}\n')
    deck = folder / "d.yaml"
    deck.write_text("name: d\ntitle: D\nsize: poker\nface: face.yaml\nback: back.yaml\ncards:\n"
                    "  - fields: {fit: fill}\n  - fields: {fit: contain}\n  - fields: {fit: cover}\n")
    return deck


@pytest.fixture(scope="module")
def faces(tmp_path_factory) -> dict[str, Side]:
    deck = load_deck(str(deck_folder(tmp_path_factory.mktemp("fit") / "deck")))
    return dict(zip(("fill", "contain", "cover"), layout_deck(deck).faces))


def drawn(side: Side, how: str, folder: Path) -> Image.Image:
    """The side at DPI, its bleed included, as the PNG renderer, the home PDF or the press
    file (PDF/X-1a, its pictures flattened and in CMYK; rasterised by pdfium) or the SVG
    (by resvg) draws it."""
    if how == "png":
        return render_side(side, DPI).convert("RGB")
    frame = side.frame
    width, height = frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed
    if how in ("pdf", "press"):
        page = Page(width, height, (Placed(side, frame.bleed, frame.bleed),))
        return pdf_page_image(render_pdf([page], folder / "side.pdf", cmyk=how == "press", boxes=True), DPI)
    import resvg_py
    size = (round(width * DPI / 72), round(height * DPI / 72))
    svg = re.sub(r'height="[0-9.]+mm"', f'height="{size[1]}"', side_svg(side), count=1)    # (resvg: no mm)
    svg = re.sub(r'width="[0-9.]+mm"', f'width="{size[0]}"', svg, count=1)
    png = resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True)
    return Image.open(io.BytesIO(bytes(png))).convert("RGB")


def shown(image: Image.Image, side: Side, box: tuple[float, float, float, float]) -> dict[str, float]:
    """Along the box's middle row and column: where the picture starts and ends (mm from
    the box's left and top) and its red and green at those ends."""
    scale, bleed = DPI / 25.4, side.frame.bleed / MM
    x, y, w, h = ((v + bleed) * scale for v in box)
    row = [(round(x + i), round(y + h / 2)) for i in range(1, round(w) - 1)]
    column = [(round(x + w / 2), round(y + i)) for i in range(1, round(h) - 1)]
    across = [p for p in row if abs(image.getpixel(p)[2] - 128) < 30]
    down = [p for p in column if abs(image.getpixel(p)[2] - 128) < 30]
    inset = 3                                       # pixels: past the antialiased edge
    return {"left": (across[0][0] - x) / scale, "right": (across[-1][0] + 1 - x) / scale,
            "top": (down[0][1] - y) / scale, "bottom": (down[-1][1] + 1 - y) / scale,
            "red_left": image.getpixel((across[0][0] + inset, across[0][1]))[0],
            "red_right": image.getpixel((across[-1][0] - inset, across[-1][1]))[0],
            "top_colour": image.getpixel((down[0][0], down[0][1] + inset)),
            "bottom_colour": image.getpixel((down[-1][0], down[-1][1] - inset)),
            "left_colour": image.getpixel((across[0][0] + inset, across[0][1]))}


def at(image: Image.Image, side: Side, box: tuple[float, float, float, float], fx: float, fy: float) -> tuple:
    """The colour at a fraction of the box's width and height."""
    scale, bleed = DPI / 25.4, side.frame.bleed / MM
    return image.getpixel((round((box[0] + bleed + fx * box[2]) * scale), round((box[1] + bleed + fy * box[3]) * scale)))


@pytest.mark.parametrize("how", ["png", "pdf", "svg", "press"])
def test_each_fit_shows_the_part_of_the_picture_it_says(faces, how, tmp_path):
    """The colours a covered box shows at its edges are those the stretched picture
    shows 27.8 % and 72.2 % across its box (the middle 30 of 67.5 mm); in the turned
    box, down it. Colours are compared within the renderer (the press file's CMYK
    narrows them)."""
    near = pytest.approx
    stretched = drawn(faces["fill"], how, tmp_path)
    fill = shown(stretched, faces["fill"], BOX)
    assert (fill["left"], fill["right"], fill["top"], fill["bottom"]) == near((0, 30, 0, 45), abs=0.3)
    assert fill["red_left"] < 40 and fill["red_right"] > 200
    contain = shown(drawn(faces["contain"], how, tmp_path), faces["contain"], BOX)
    assert (contain["left"], contain["right"]) == near((0, 30), abs=0.3)
    assert (contain["top"], contain["bottom"]) == near((12.5, 32.5), abs=0.3)       # 20 mm tall, centred
    assert contain["red_left"] < 40 and contain["red_right"] > 200
    assert contain["top_colour"][1] < 45 and contain["bottom_colour"][1] > 200
    covered = drawn(faces["cover"], how, tmp_path)
    cover = shown(covered, faces["cover"], BOX)
    assert (cover["left"], cover["right"], cover["top"], cover["bottom"]) == near((0, 30, 0, 45), abs=0.3)
    third, two_thirds = (at(stretched, faces["fill"], BOX, f, 0.5)[0] for f in (15 / 54, 39 / 54))
    assert 50 < third < 100 and 150 < two_thirds < 200                      # (the picture's own colours there)
    assert cover["red_left"] == near(third, abs=6) and cover["red_right"] == near(two_thirds, abs=6)
    assert cover["top_colour"][1] < 45 and cover["bottom_colour"][1] > 200
    turned = shown(covered, faces["cover"], TURNED)
    assert (turned["left"], turned["right"], turned["top"], turned["bottom"]) == near((0, 45, 0, 30), abs=0.3)
    third, two_thirds = (at(stretched, faces["fill"], TURNED, 0.5, f)[0] for f in (15 / 54, 39 / 54))
    assert turned["top_colour"][0] == near(third, abs=6) and turned["bottom_colour"][0] == near(two_thirds, abs=6)
    assert turned["left_colour"][1] > 200
    turned = shown(drawn(faces["contain"], how, tmp_path), faces["contain"], TURNED)
    assert (turned["left"], turned["right"], turned["top"], turned["bottom"]) == near((12.5, 32.5, 0, 30), abs=0.3)


def placements(pdf: Path) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """The clip rectangles and the pictures' rectangles the page draws (left, bottom,
    width, height, in points), through its transformations."""
    reader = PdfReader(str(pdf))
    matrix, stack, clips, pictures, last = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], [], [], None

    def point(m, x, y):
        return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]

    def box(m, x, y, w, h):
        xs, ys = zip(*(point(m, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))))
        return round(min(xs), 2), round(min(ys), 2), round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2)

    for operands, op in ContentStream(reader.pages[0].get_contents(), reader).operations:
        if op == b"q":
            stack.append(matrix)
        elif op == b"Q":
            matrix = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            m = matrix
            matrix = (a * m[0] + b * m[2], a * m[1] + b * m[3], c * m[0] + d * m[2], c * m[1] + d * m[3],
                      e * m[0] + f * m[2] + m[4], e * m[1] + f * m[3] + m[5])
        elif op == b"re":
            last = box(matrix, *(float(v) for v in operands))
        elif op in (b"W", b"W*"):
            clips.append(last)
        elif op == b"Do":
            pictures.append(box(matrix, 0, 0, 1, 1))
    return clips, pictures


def test_the_pdf_draws_a_covered_picture_whole_and_clips_it_to_its_box(faces, tmp_path):
    side = faces["cover"]
    page = Page(side.frame.width, side.frame.height, (Placed(side, 0.0, 0.0),))
    clips, pictures = placements(render_pdf([page], tmp_path / "cover.pdf"))
    height = side.frame.height
    upright = (round(5 * MM, 2), round(height - 50 * MM, 2), round(30 * MM, 2), round(45 * MM, 2))
    assert upright in clips
    whole = (round((5 - 18.75) * MM, 2), upright[1], round(67.5 * MM, 2), upright[3])   # centred on the box
    assert any(p == pytest.approx(whole, abs=0.05) for p in pictures), pictures
    turned = (round(5 * MM, 2), round(height - 85 * MM, 2), round(45 * MM, 2), round(30 * MM, 2))
    assert turned in clips
    assert any(p == pytest.approx((turned[0], turned[1] - 18.75 * MM, 45 * MM, 67.5 * MM), abs=0.05)
               for p in pictures), pictures
    page = Page(side.frame.width, side.frame.height, (Placed(faces["contain"], 0.0, 0.0),))
    clips, pictures = placements(render_pdf([page], tmp_path / "contain.pdf"))
    assert any(p == pytest.approx((5 * MM, height - 37.5 * MM, 30 * MM, 20 * MM), abs=0.05) for p in pictures)


def test_a_fit_not_known_stops_the_build_with_its_key(cli, tmp_path):
    deck = deck_folder(tmp_path / "deck", fit="stretch")
    result = cli("build", str(deck), "--only", "png", "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert "face.yaml:4 elements[2].fit" in line and "expected one of fill, contain, cover" in line
    assert "'stretch'" in line and not (tmp_path / "out" / "png").exists()


WIDE_FACE = """elements:
  - {kind: rect, box: bleed, fill: "#ffffff"}
  - {kind: image, src: wide.png, x: 0mm, y: 0mm, w: 63mm, h: 44mm, fit: cover}
  - {kind: image, src: wide.svg, x: 0mm, y: 44mm, w: 63mm, h: 44mm, fit: cover}
"""
WIDE_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="1" viewBox="0 0 4000 1">'
            '<rect width="4000" height="1" fill="#ff0000"/>'
            '<rect x="1333" width="1334" height="1" fill="#00ff00" opacity="0.99"/></svg>')


def _capped() -> None:                  # in the child, before printgen starts
    import resource
    cap = 3 * 1024 ** 3
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


@pytest.mark.parametrize("how", [["--only", "png"], ["--only", "pdf"], ["--only", "svg"], ["--for", "drivethrucards"]])
def test_a_very_wide_picture_covering_a_box_draws_only_the_part_shown(tmp_path, how):
    """A 4000 x 1 px picture covering a card is 4000 times the card's width across: drawn
    whole (billions of pixels) it ran out of memory. Under a memory cap, in bounded time,
    every output is built, and the PNG shows the picture's middle (green) in the box."""
    import subprocess
    import sys

    from cputime import cpu_seconds

    from printgen.render.pdfsvg import vector_gap
    wide = Image.new("RGBA", (4000, 1), (255, 0, 0, 250))
    wide.paste((0, 255, 0, 250), (1333, 0, 2667, 1))
    wide.save(tmp_path / "wide.png")
    (tmp_path / "wide.svg").write_text(WIDE_SVG, encoding="utf-8")
    assert vector_gap(tmp_path / "wide.svg") is not None       # (drawn as a picture in the PDF too)
    (tmp_path / "face.yaml").write_text(WIDE_FACE, encoding="utf-8")
    (tmp_path / "back.yaml").write_text('elements:\n  - {kind: rect, box: bleed, fill: "#16203a"}\n')
    (tmp_path / "d.yaml").write_text("name: d\ntitle: D\nsize: poker\nface: face.yaml\nback: back.yaml\n"
                                     "cards:\n  - fields: {a: b}\n")
    start = cpu_seconds()
    result = subprocess.run([sys.executable, "-m", "printgen", "build", "d.yaml", "-q", *how, "--out", "out"],
                            capture_output=True, text=True, timeout=300, cwd=tmp_path,
                            preexec_fn=_capped if sys.platform.startswith("linux") else None)
    assert result.returncode == 0, result.stderr[-2000:]
    assert cpu_seconds() - start < 60
    made = [path for path in (tmp_path / "out").rglob("*") if path.suffix in (".png", ".pdf", ".svg")]
    assert made
    if how == ["--only", "png"]:
        face, = [path for path in made if "back" not in path.name]
        with Image.open(face) as card:
            width, height = card.size
            for y in (height * 0.3, height * 0.75):
                red, green, blue = card.convert("RGB").getpixel((width // 2, round(y)))
                assert green > 200 and red < 40, (y, red, green, blue)


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_the_part_of_a_very_wide_picture_drawn_alone_is_the_part_cut_from_the_whole(tmp_path, kind):
    """drawn_part draws a 3000 x 100 px picture's middle at the size a poker card's box
    covered by it shows (31170 x 1039 px whole, past KEPT_DRAWN_PIXELS), upright and
    turned: the same pixels as the whole picture drawn and cut."""
    from PIL import ImageChops, ImageStat

    from printgen.pictures import KEPT_DRAWN_PIXELS, drawn_part, drawn_picture
    path = tmp_path / f"wide.{kind}"
    if kind == "png":
        picture = Image.new("RGB", (3000, 100))
        picture.putdata([(x * 7 % 256, y * 2, x // 10 % 256) for y in range(100) for x in range(3000)])
        picture.save(path)
    else:
        path.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="100">'
                        '<rect width="3000" height="100" fill="#ff0000"/>'
                        '<circle cx="1500" cy="50" r="40" fill="#0000ff"/>'
                        '<rect x="1490" width="5" height="30" fill="#00ff00"/></svg>', encoding="utf-8")
    assert 31170 * 1039 > KEPT_DRAWN_PIXELS
    for turn, whole, box in [(None, (31170, 1039), (15213, 0, 15957, 1039)),
                             (Image.Transpose.ROTATE_90, (1039, 31170), (0, 15065, 1039, 15809))]:
        part = drawn_part(path, whole, box, turn)
        cut = drawn_picture(path, whole, turn).crop(box)
        assert part.size == cut.size
        assert max(ImageStat.Stat(ImageChops.difference(part, cut)).mean) < 1, (kind, turn)
        assert len(part.convert("RGB").getcolors(1 << 20) or ()) > 1          # (not one flat colour)
