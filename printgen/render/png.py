"""Card sides -> PNG images at a given dpi, the bleed included (Pillow).

The only place printgen thinks in pixels. Shapes are drawn at twice the
resolution and reduced, so their edges are smooth. Text is the glyphs HarfBuzz
placed, rasterised by FreeType (printgen/render/pngtext.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

from PIL import Image, ImageColor, ImageDraw

from printgen.layout.page import Clip, Frame, Page, Side
from printgen.layout.primitives import (
    FULL,
    Ellipse,
    Point,
    Polygon,
    Primitive,
    Rect,
    Shape,
    TextRun,
    drawn_dash,
    shape_bounds,
    uncropped,
)
from printgen.layout.primitives import Image as ImagePrim
from printgen.limits import limit
from printgen.output import atomic_path
from printgen.pictures import drawn_part, drawn_picture
from printgen.render import pngtext
from printgen.render.kept import Kept, image_bytes
from printgen.render.pngfile import png_bytes
from printgen.render.pngtext import TURNS, draw_text

SUPERSAMPLE = 2
# Pillow allocates an image in blocks of up to 16 MB by default: a card's image buffers,
# of many sizes, then leave the C heap fragmented, and a process drawing cards peaks
# higher than needed. In blocks of 256 KB the freed blocks fit the next image's: a
# 1,240-card deck's PDF and PNGs peak at 71 MB instead of 85 MB, with no cost in time
# (bench/bench_scale.py, worker processes; with threads it was 82-88 MB against
# 112-118 MB). The pixels are the same. Blocks of 64 KB are taken from the C heap's
# free memory rather than mapped fresh for each card (256 KB blocks are at the C
# library's threshold for a mapping of their own): 180 page faults a Sabacc card
# instead of 580, and drawing plus packing 2.8 ms a card instead of 3.6 ms, with the
# same peak (a 1,240-card PDF and PNGs, 2 workers: 199 MB for the tree against 200 MB).
BLOCK_SIZE = 64 * 1024
if hasattr(Image.core, "set_block_size"):
    Image.core.set_block_size(BLOCK_SIZE)
BAND_PIXELS = 1_000_000     # output pixels drawn at once: a card in one go, a box art in bands
MARGIN = 16                 # rows drawn past each band's edges and then dropped


def pixel_size(side: Side, dpi: int) -> tuple[int, int]:
    f = side.frame
    return round((f.width + 2 * f.bleed) * dpi / 72), round((f.height + 2 * f.bleed) * dpi / 72)


SHAPES, PICTURES, TEXT = 0, 1, 2       # the order render_side draws a side's primitives in, by kind


def layer(prim: Primitive) -> int:
    """Which of a side's primitives render_side draws prim with: its shapes first (in
    their order), then its pictures, then its text."""
    return TEXT if isinstance(prim, TextRun) else PICTURES if isinstance(prim, ImagePrim) else SHAPES


def drawn_runs(prims: Sequence[Primitive]) -> list[tuple[Primitive, ...]]:
    """prims cut into runs that render_side draws in their own order (cut where one
    comes in an earlier layer than the one before): drawing the runs one over another,
    each as a side of its own, draws prims in their order."""
    runs: list[list[Primitive]] = []
    last = TEXT + 1
    for prim in prims:
        rank = layer(prim)
        if rank < last:
            runs.append([])
        runs[-1].append(prim)
        last = rank
    return [tuple(run) for run in runs]


def render_side(side: Side, dpi: int, ground: Image.Image | None = None) -> Image.Image:
    """The side with its bleed as an RGB image, drawn on white or on ground (an image
    of the side's pixel size: what lies beneath it on a page; an RGB ground is drawn
    on in place)."""
    width, height = pixel_size(side, dpi)
    scale, origin = dpi / 72, side.frame.bleed
    if ground is None:
        image = Image.new("RGB", (width, height), "white")
    else:
        image = ground if ground.mode == "RGB" else ground.convert("RGB")
    layers: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
    for prim in side.prims:
        layers[layer(prim)].append(prim)
    shapes: list[Shape] = layers[SHAPES]
    images: list[ImagePrim] = layers[PICTURES]
    texts: list[TextRun] = layers[TEXT]
    # shapes are drawn at SUPERSAMPLE times the size, a band of rows at a time so a
    # large page needs little memory; each pixel is doubled first, so the reduction
    # gives back the pixels no shape touched exactly. A band is drawn with MARGIN
    # rows more on each side and only its own rows kept, so no band edge shows.
    rows = max(1, BAND_PIXELS // width)
    paper = "white"
    background = shapes[0] if ground is None and shapes else None
    if background is not None and background.fill and _covers(background, width, height, scale * SUPERSAMPLE, origin):
        paper, shapes = background.fill, shapes[1:]     # a full-bleed background: the paper's colour
    one_band = ground is None and height <= rows
    if one_band:                                        # a card: its shapes in one go
        image = _shapes_image(shapes, width, height, scale * SUPERSAMPLE, origin, paper)
    for top in () if one_band else range(0, height, rows):
        start, stop = max(0, top - MARGIN), min(height, top + rows + MARGIN)
        size = (width * SUPERSAMPLE, (stop - start) * SUPERSAMPLE)
        if ground is None and top == 0:      # nothing drawn yet: plain paper
            big = Image.new("RGB", size, paper)
        else:
            big = image.crop((0, start, width, stop)).resize(size, Image.Resampling.NEAREST)
        draw = ImageDraw.Draw(big)
        for prim in shapes:
            _shape(draw, prim, scale * SUPERSAMPLE, origin, start * SUPERSAMPLE)
        if ground is None and (start, stop) == (0, height):     # the whole side in one band
            image = big.reduce(SUPERSAMPLE)
            continue
        kept = big.reduce(SUPERSAMPLE).crop((0, top - start, width, min(height, top + rows) - start))
        image.paste(kept, (0, top))
    for picture in images:
        _picture(image, picture, scale, origin)
    for run in texts:
        draw_text(image, run, scale, *_xy(run.x, run.y, scale, origin))
    return image


MAX_DASHES = limit("dashes_per_line")     # dash periods along one line; a finer pattern is drawn solid
EDGE = 8 * SUPERSAMPLE   # pixels around a shape's box (and two stroke widths) its drawing may touch
# What a deck's cards share is drawn once and kept, each store up to a number of bytes
# (Pillow keeps RGB as 4 bytes a pixel; a poker card at 300 dpi is 3.7 MB), the oldest
# let go first:
# - _bases: the leading rectangles (background and frame) drawn and reduced, one for
#   each kind of card: Sabacc's 76 cards have five, and some decks deal their suits in
#   turn, so four or more are kept;
# - _drawings: the last of those rectangles' drawings at SUPERSAMPLE (on a palette
#   image: cheap to draw again), needed only while a new group is being drawn;
# - _pieces: each group of shapes drawn on its region of that drawing and reduced. The
#   62 Sabacc faces draw 186 groups, 21 of them distinct.
BASE_BYTES = 16 * 1024 * 1024
PIECE_BYTES = 16 * 1024 * 1024    # 8 MB served as well on the decks here
_bases: Kept[Image.Image] = Kept(BASE_BYTES)
_drawings: dict[tuple, Image.Image] = {}
_pieces: Kept[Image.Image] = Kept(PIECE_BYTES)
REDUCE_ROWS = 16                  # rows reduced at once (a whole card's would need 30 MB of fresh memory)


def _shapes_image(shapes: list[Shape], width: int, height: int, scale: float, origin: float,
                  paper: str) -> Image.Image:
    """The shapes drawn at scale (SUPERSAMPLE times the output) and reduced.

    The leading rectangles (a card's background and frame, the same on every card of
    a kind) are drawn and reduced once and kept. The shapes after them are drawn only
    where they lie: shapes whose boxes overlap form a group, and each group is drawn on
    its own region of the rectangles' drawing (regions aligned to whole SUPERSAMPLE
    blocks), reduced, kept and pasted; elsewhere the kept reduction stands. The pixels
    are those of drawing everything on one image and reducing it
    (tests/test_png_writing.py)."""
    lead = next((i for i, prim in enumerate(shapes) if not isinstance(prim, Rect)), len(shapes))
    key = (width, height, scale, origin, paper, tuple(shapes[:lead]))
    base = _bases.get(key)
    if base is None:
        base = _reduced(_drawing(key))
        _bases.put(key, base, image_bytes(base))
    image = base.copy()
    for box, members in _groups(shapes[lead:], scale, origin, (width * SUPERSAMPLE, height * SUPERSAMPLE)):
        image.paste(_piece(key, box, members), (box[0] // SUPERSAMPLE, box[1] // SUPERSAMPLE))
    return image


def _piece(base: tuple, box: tuple[int, int, int, int], members: list[Shape]) -> Image.Image:
    """The group's shapes drawn on their box of the rectangles' drawing `base` (its key
    in _bases) and reduced; kept, as its pixels depend on nothing else."""
    key = (base, box, tuple(members))
    piece = _pieces.get(key)
    if piece is None:
        big = _drawing(base).crop(box).convert("RGB")
        draw = ImageDraw.Draw(big)
        for prim in members:
            _shape(draw, prim, base[2], base[3], box[1], box[0])
        piece = big.reduce(SUPERSAMPLE)
        _pieces.put(key, piece, image_bytes(piece))
    return piece


def _drawing(key: tuple) -> Image.Image:
    """The rectangles of a base's key drawn at scale on paper (the last one kept). Flat
    rectangles of at most 256 colours are drawn on a palette image: the same pixels as
    on RGB, in a third of the memory, with no pass to count the colours afterwards."""
    if key not in _drawings:
        _drawings.clear()
        width, height, scale, origin, paper, rects = key
        colours = {ImageColor.getrgb(c) for c in [paper, *(p.fill for p in rects), *(p.stroke for p in rects)] if c}
        big = Image.new("P" if len(colours) <= 256 else "RGB", (width * SUPERSAMPLE, height * SUPERSAMPLE), paper)
        draw = ImageDraw.Draw(big)
        for prim in rects:
            _shape(draw, prim, scale, origin)
        _drawings[key] = big
    return _drawings[key]


def _reduced(big: Image.Image) -> Image.Image:
    """big as RGB, reduced by SUPERSAMPLE, a band of rows at a time. Rectangles repeat
    their rows: a band the same as the one before is reduced once (of a poker card's
    71 bands at 300 dpi, Sabacc's frames give 10 runs of equal bands, a plain
    background 2)."""
    width, height = big.size
    small = Image.new("RGB", (width // SUPERSAMPLE, height // SUPERSAMPLE))
    rows = REDUCE_ROWS * SUPERSAMPLE
    last: tuple[bytes, Image.Image] | None = None
    for top in range(0, height, rows):
        band = big.crop((0, top, width, min(height, top + rows)))
        pixels = band.tobytes()
        if last is None or last[0] != pixels:
            last = pixels, band.convert("RGB").reduce(SUPERSAMPLE)
        small.paste(last[1], (0, top // SUPERSAMPLE))
    return small


def _groups(shapes: list[Shape], scale: float, origin: float,
            size: tuple[int, int]) -> list[tuple[tuple[int, int, int, int], list[Shape]]]:
    """Shapes gathered into groups whose regions (pixel boxes at scale, grown by EDGE
    and two stroke widths, aligned to SUPERSAMPLE) do not overlap; each group keeps
    its shapes' order."""
    step = SUPERSAMPLE
    groups: list[tuple[list[int], list[Shape]]] = []
    for prim in shapes:
        left, top, right, bottom = shape_bounds(prim)
        x0, y0 = _xy(left, top, scale, origin)
        x1, y1 = _xy(right, bottom, scale, origin)
        pad = EDGE + 2 * getattr(prim, "width", 0.0) * scale      # wide strokes' caps and joins
        box = [max(0, int(x0 - pad) // step * step), max(0, int(y0 - pad) // step * step),
               min(size[0], -(-int(x1 + pad + 1) // step) * step),
               min(size[1], -(-int(y1 + pad + 1) // step) * step)]
        members = [prim]
        merged = True
        while merged:                   # swallow every group the box overlaps
            merged = False
            for group in groups:
                other = group[0]
                if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]:
                    box = [min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]),
                           max(box[3], other[3])]
                    members = group[1] + members
                    groups.remove(group)
                    merged = True
                    break
        groups.append((box, members))
    return [((b[0], b[1], b[2], b[3]), members) for b, members in groups if b[2] > b[0] and b[3] > b[1]]


def _covers(prim: Shape, width: int, height: int, scale: float, origin: float) -> bool:
    """Whether prim is a plain filled rectangle over every pixel of the side drawn at scale."""
    if not (isinstance(prim, Rect) and prim.fill and not prim.stroke and prim.radius == 0):
        return False
    x0, y0 = _xy(prim.x, prim.y, scale, origin)
    x1, y1 = _xy(prim.x + prim.w, prim.y + prim.h, scale, origin)
    return x0 <= 0 and y0 <= 0 and x1 >= width * SUPERSAMPLE - 1 and y1 >= height * SUPERSAMPLE - 1


def render_page(page: Page, dpi: int) -> Image.Image:
    """A whole page as one RGB image: each placed side drawn over what lies beneath
    it and cut at its trim box (clip "trim") or its bleed box (any other clip: an
    image has no room outside its frame), then the page's own drawing on top."""
    scale = dpi / 72
    sheet = Image.new("RGB", (round(page.width * scale), round(page.height * scale)), "white")
    for placed in page.placed:
        frame = placed.side.frame
        width, height = pixel_size(placed.side, dpi)
        left, top = round((placed.x - frame.bleed) * scale), round((placed.y - frame.bleed) * scale)
        if (left, top, width, height) == (0, 0, *sheet.size):    # a page-sized side: draw in place
            sheet = render_side(placed.side, dpi, ground=sheet)
            continue
        drawn = render_side(placed.side, dpi, ground=sheet.crop((left, top, left + width, top + height)))
        if placed.clip is Clip.TRIM:
            cx, cy, cw, ch = placed.cut()
            x0, y0 = round((frame.bleed + cx) * scale), round((frame.bleed + cy) * scale)
            drawn = drawn.crop((x0, y0, x0 + round(cw * scale), y0 + round(ch * scale)))
            left, top = left + x0, top + y0
        sheet.paste(drawn, (left, top))
    if page.prims:
        drawing = Side("page", "page drawing", Frame(page.width, page.height, 0.0, 0.0), page.prims)
        sheet = render_side(drawing, dpi, ground=sheet)
    return sheet


# Worker processes pay only for a few hundred sides or more. Each starts by drawing
# what this process would have drawn once (a deck's backgrounds, pieces and glyphs,
# about 100 ms of CPU between them), and the pool holds some 40 MB more in all. With
# the 2-core machine shared (load 7-10; bench/bench_png.py), 2 workers took 1.14x the
# wall time of one process for 62 Sabacc faces, 1.0x for 124 and 248, 0.78x for 620
# and 0.66x for 6,200. Fewer sides than PARALLEL_FROM are drawn in this process.
PARALLEL_FROM = 300
CHUNK_SIDES = 4            # sides sent to a worker at once
def write_pngs(count: int, item: Callable[[int], tuple[Side, Path]], *, dpi: int, jobs: int = 1,
               quiet: bool = True, desc: str = "PNG") -> list[Path]:
    """Write count sides as PNGs, item(i) giving the i-th side and its path (asked for
    only a few sides ahead of the files written, so a deck of any size needs the memory
    of a few cards). With jobs > 1 and at least PARALLEL_FROM sides the images are
    drawn and packed in `jobs` worker processes (drawing holds Python's global lock,
    so threads would not share the cores) and this process writes the files. The files are the same whatever jobs
    is. Returns their paths in order."""
    from printgen.progress import progress

    if jobs <= 1 or count < PARALLEL_FROM:
        try:
            return [write_png(*item(i), dpi=dpi) for i in progress(range(count), desc=desc, quiet=quiet)]
        finally:
            forget()
    from printgen.workers import map_in_order
    packed = map_in_order(partial(_packed, dpi=dpi), map(item, range(count)), jobs=jobs, chunksize=CHUNK_SIDES)
    return [_save(path, data) for path, data in progress(packed, total=count, desc=desc, quiet=quiet)]


# Set by build --watch: its next build draws much the same shapes (one card's text
# changed), so the shapes' drawings are kept between builds (their keys hold all their
# pixels depend on; the stores are byte-capped). The glyphs are let go all the same: a
# project's fonts.yaml, read again by each build, may give a font's name another file.
keep_drawings = False


def forget() -> None:
    """Let the kept drawings go: they serve one deck's cards, not what comes next."""
    if not keep_drawings:
        for store in (_bases, _drawings, _pieces):
            store.clear()
    pngtext.forget()


def _packed(work: tuple[Side, Path], *, dpi: int) -> tuple[Path, bytes]:
    side, path = work
    return path, png_bytes(render_side(side, dpi), dpi)


# Told of each side's image and PNG bytes as write_png writes them in this process (not
# in write_pngs' worker processes): a watching build's gallery makes its previews from
# the image, meanwhile, instead of reading the file back.
drawn: list[Callable[[Image.Image, bytes], None]] = []


def write_png(drawing: Side | Page, path: Path, *, dpi: int) -> Path:
    """A side (with its bleed) or a whole page, written as a PNG marked with its dpi."""
    if isinstance(drawing, Page):
        return _save(path, png_bytes(render_page(drawing, dpi), dpi))
    image = render_side(drawing, dpi)
    data = png_bytes(image, dpi)
    for tell in drawn:
        tell(image, data)
    return _save(path, data)


def _save(path: Path, data: bytes) -> Path:
    with atomic_path(path) as temp:
        temp.write_bytes(data)
    return path


def _xy(x: float, y: float, scale: float, origin: float, top: float = 0.0,
        left: float = 0.0) -> tuple[float, float]:
    return (x + origin) * scale - left, (y + origin) * scale - top


def _shape(draw: ImageDraw.ImageDraw, prim: Shape, scale: float, origin: float,
           top: float = 0.0, left: float = 0.0) -> None:
    """Fill, then stroke centred on the outline as PDF and SVG do (Pillow strokes
    inside a box, so the stroke's box is grown by half its width)."""
    width = max(1, round(prim.width * scale)) if prim.stroke and prim.width > 0 else 0
    half = width / 2
    if isinstance(prim, Rect):
        box = [*_xy(prim.x, prim.y, scale, origin, top, left),
               *_xy(prim.x + prim.w, prim.y + prim.h, scale, origin, top, left)]
        if prim.fill:
            draw.rounded_rectangle(box, radius=prim.radius * scale, fill=prim.fill)
        if width:
            grown = [box[0] - half, box[1] - half, box[2] + half, box[3] + half]
            draw.rounded_rectangle(grown, radius=prim.radius * scale + half, outline=prim.stroke, width=width)
    elif isinstance(prim, Ellipse):
        box = [*_xy(prim.cx - prim.rx, prim.cy - prim.ry, scale, origin, top, left),
               *_xy(prim.cx + prim.rx, prim.cy + prim.ry, scale, origin, top, left)]
        if prim.fill:
            draw.ellipse(box, fill=prim.fill)
        if width:
            draw.ellipse([box[0] - half, box[1] - half, box[2] + half, box[3] + half],
                         outline=prim.stroke, width=width)
    elif isinstance(prim, Polygon):
        points = [_xy(x, y, scale, origin, top, left) for x, y in prim.points]
        if prim.closed and prim.fill:
            draw.polygon(points, fill=prim.fill)
        if width:
            outline = points + points[:1] if prim.closed else points
            for a, b in _dashes(outline, [d * scale for d in prim.dash]):
                draw.line([a, b], fill=prim.stroke, width=width)
            if not prim.dash and len(outline) > 2:     # round the joints
                for x, y in outline:
                    draw.ellipse([x - half, y - half, x + half, y + half], fill=prim.stroke)


def _dashes(points: list[Point], dash: list[float]) -> Iterator[tuple[Point, Point]]:
    """Split a polyline into its drawn dash segments (all of it if there is no dash)."""
    dash = list(drawn_dash(tuple(dash)))
    total = sum(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 for (x1, y1), (x2, y2) in pairwise(points))
    if not dash or total / (sum(dash) * (2 if len(dash) % 2 else 1)) > MAX_DASHES:
        yield from pairwise(points)                     # no pattern, or one too fine to draw: solid
        return
    pattern = dash * (2 if len(dash) % 2 else 1)      # an odd pattern repeats to even length
    index, left, on = 0, pattern[0], True
    for (x1, y1), (x2, y2) in pairwise(points):
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        pos = 0.0
        while pos < length - 1e-9:
            step = min(left, length - pos)
            a = (x1 + (x2 - x1) * pos / length, y1 + (y2 - y1) * pos / length)
            b = (x1 + (x2 - x1) * (pos + step) / length, y1 + (y2 - y1) * (pos + step) / length)
            if on:
                yield a, b
            pos += step
            left -= step
            if left <= 1e-9:
                index = (index + 1) % len(pattern)
                left, on = pattern[index], not on


def _picture(image: Image.Image, prim: ImagePrim, scale: float, origin: float) -> None:
    x, y = _xy(prim.x, prim.y, scale, origin)
    size = (max(1, round(prim.w * scale)), max(1, round(prim.h * scale)))
    # decoded once and resized once per size in this process (an icon may stand 60 times on a card)
    if prim.crop != FULL:                   # the part of the whole picture in the box (fit: cover)
        whole = uncropped(prim)
        left, top = _xy(whole.x, whole.y, scale, origin)
        shown = (round(x - left), round(y - top))
        picture = drawn_part(prim.path, (max(1, round(whole.w * scale)), max(1, round(whole.h * scale))),
                             (*shown, shown[0] + size[0], shown[1] + size[1]),
                             TURNS.get(prim.rotate))
    else:
        picture = drawn_picture(prim.path, size, TURNS.get(prim.rotate))
    image.paste(picture, (round(x), round(y)), picture)
