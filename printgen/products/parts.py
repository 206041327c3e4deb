"""Dice, boards and tokens: the pieces a deck's build prints besides its cards.

Each piece is a data file: dice in decks/dice/NAME.yaml, boards and tokens in
decks/parts/NAME.yaml, each drawn by a template of the usual elements. A deck names
the pieces it needs with the keys `dice:` and `parts:` (lists of names).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen.errors import FitError, InputError
from printgen.layout.board import board_pages
from printgen.layout.deck import Side
from printgen.layout.face import Frame, context_for, layout_side
from printgen.layout.net import Net, cube_net, net_lines
from printgen.layout.sheet import Page, Placed
from printgen.layout.text import TextStyle, set_text
from printgen.model import Deck, Paper
from printgen.render.pdf import render_pdf
from printgen.spec import search_roots
from printgen.spec.schema import Checker
from printgen.spec.template import find_template, load_template
from printgen.spec.yamlload import load_file
from printgen.units import mm, pt

DIE_KEYS = ["name", "title", "template", "edge", "tab", "count", "faces"]
PART_KEYS = ["name", "title", "kind", "template", "size", "overlap", "gap", "count"]
PART_KINDS = ("board", "tokens")
GAP = pt(6)            # between dice nets on a sheet
CAPTION = pt(4.5)      # height of the caption above each net


@dataclass(frozen=True)
class Die:
    name: str
    title: str
    source: Path
    edge: float
    tab: float
    count: int
    faces: tuple[Side, ...]         # faces 1..6 laid out at the edge length


@dataclass(frozen=True)
class Part:
    name: str
    title: str
    kind: str                       # board or tokens
    source: Path
    side: Side                      # the board, or one token
    count: int
    overlap: float
    gap: float


def piece_file(folder: str, name: str, near: Path | None = None) -> Path:
    """decks/<folder>/<name>.yaml beside the deck, then in every search root."""
    roots = ([near.resolve().parent] if near else []) + [root / "decks" for root in search_roots()]
    for root in dict.fromkeys(roots):
        path = root / folder / f"{name}.yaml"
        if path.is_file():
            return path
    raise InputError(f"unknown {folder[:-1] if folder == 'parts' else 'die'} {name!r}; "
                     f"expected one of {', '.join(piece_names(folder)) or 'none'}")


def piece_names(folder: str) -> list[str]:
    names = {p.stem for root in search_roots() for p in (root / "decks" / folder).glob("*.yaml")}
    return sorted(names)


def load_die(path: Path, edge: float | None = None) -> Die:
    """A die file; edge (points) overrides the file's edge length."""
    from printgen.spec import display_path
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), DIE_KEYS, required=["name", "template", "edge", "tab", "faces"])
    size = edge if edge is not None else check.length(data.get("edge"), ("edge",))
    tab = check.length(data.get("tab"), ("tab",))
    count = check.integer(data.get("count"), ("count",), default=1, minimum=1)
    faces = data.get("faces")
    if not isinstance(faces, list) or len(faces) != 6:
        check.fail(("faces",), "expected a list of six faces (1..6; opposite faces 1-6, 2-5, 3-4)")
        faces = []
    fields = [_face_fields(check, face, i) for i, face in enumerate(faces)]
    if size <= 0:
        check.fail(("edge",), "expected an edge length greater than zero")
    check.raise_errors()
    template = load_template(find_template(str(data["template"]), path, f"{doc.source} template"))
    frame = Frame(size, size, 0.0, 0.0)
    sides = tuple(Side(f"{data['name']}-{i}", f"{data['name']} face {i}", frame,
                       layout_side(template, frame, context_for(frame, template, card={**f, "face": i}),
                                   f"face {i} of die {data['name']!r}"))
                  for i, f in enumerate(fields, start=1))
    return Die(str(data["name"]), str(data.get("title") or data["name"]), path, size, tab, count, sides)


def _face_fields(check: Checker, face: Any, index: int) -> dict[str, str]:
    if not isinstance(face, dict):
        check.fail(("faces", index), "expected a mapping of field names to text, e.g. {value: '+5'}")
        return {}
    return {str(k): check.text(v, ("faces", index, k)) for k, v in face.items()}


def load_part(path: Path) -> Part:
    from printgen.spec import display_path
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), PART_KEYS, required=["name", "kind", "template", "size"])
    kind = check.choice(data.get("kind"), ("kind",), PART_KINDS, "board")
    size = check.mapping(data.get("size"), ("size",), ["width", "height"], required=["width", "height"])
    width = check.length(size.get("width"), ("size", "width"))
    height = check.length(size.get("height"), ("size", "height"))
    overlap = check.length(data.get("overlap"), ("overlap",), default="12mm")
    gap = check.length(data.get("gap"), ("gap",), default="4mm")
    count = check.integer(data.get("count"), ("count",), default=1, minimum=1)
    check.raise_errors()
    template = load_template(find_template(str(data["template"]), path, f"{doc.source} template"))
    frame = Frame(width, height, 0.0, 0.0)
    name = str(data["name"])
    side = Side(name, name, frame, layout_side(template, frame, context_for(frame, template, card={}),
                                               f"{kind} {name!r}"))
    return Part(name, str(data.get("title") or name), kind, path, side, count, overlap, gap)


def dice_pages(dice: list[Die], paper: Paper) -> list[Page]:
    """Every die's net (count times each), in rows on as few sheets as needed."""
    nets = [(die, cube_net(die.edge, die.tab)) for die in dice for _ in range(die.count)]
    pages: list[Page] = []
    widest = max((net.width for _, net in nets), default=0.0)
    sheet = paper if widest <= paper.width - 2 * paper.margin else paper.landscape()
    room_w, room_h = sheet.width - 2 * sheet.margin, sheet.height - 2 * sheet.margin
    x, y, row_h = 0.0, 0.0, 0.0
    placed: list[Placed] = []
    prims: list = []
    for die, net in nets:
        w, h = net.width, net.height + CAPTION
        if w > room_w or h > room_h:
            raise FitError(f"{die.source.name}: a die net of {mm(die.edge):g} mm edges needs "
                           f"{mm(w):.0f} x {mm(h):.0f} mm, more than the {mm(room_w):.0f} x {mm(room_h):.0f} mm "
                           f"printable on {paper.name}; choose a smaller --edge")
        if x + w > room_w + 1e-6:
            x, y, row_h = 0.0, y + row_h + GAP, 0.0
        if y + h > room_h + 1e-6:
            pages.append(Page(sheet.width, sheet.height, tuple(placed), tuple(prims), kind="other"))
            x, y, row_h, placed, prims = 0.0, 0.0, 0.0, [], []
        left, top = sheet.margin + x, sheet.margin + y
        placed += _net_faces(die, net, left, top + CAPTION)
        prims += net_lines(net, left, top + CAPTION)
        prims += set_text(die.title, left, top, net.width, CAPTION - pt(1),
                          TextStyle(font="sans-bold", size=8, min_size=5, color="#333333"),
                          f"{die.source.name} title")
        x, row_h = x + w + GAP, max(row_h, h)
    if placed:
        pages.append(Page(sheet.width, sheet.height, tuple(placed), tuple(prims), kind="other"))
    return pages


def _net_faces(die: Die, net: Net, left: float, top: float) -> list[Placed]:
    return [Placed(die.faces[square.face - 1], left + square.x, top + square.y, clip="trim")
            for square in net.squares]


def token_pages(part: Part, paper: Paper) -> list[Page]:
    """count tokens in a grid with part.gap between them, centred on the sheet."""
    w, h, gap = part.side.frame.width, part.side.frame.height, part.gap
    room_w, room_h = paper.width - 2 * paper.margin, paper.height - 2 * paper.margin
    cols = int((room_w + gap) // (w + gap))
    rows = int((room_h + gap) // (h + gap))
    if cols * rows == 0:
        raise FitError(f"{part.source.name}: a {mm(w):g} x {mm(h):g} mm token does not fit on {paper.name}")
    pages = []
    for start in range(0, part.count, cols * rows):
        number = min(cols * rows, part.count - start)
        used_cols = min(cols, number)
        used_rows = -(-number // cols)
        x0 = (paper.width - used_cols * (w + gap) + gap) / 2
        y0 = (paper.height - used_rows * (h + gap) + gap) / 2
        placed = tuple(Placed(part.side, x0 + (i % cols) * (w + gap), y0 + (i // cols) * (h + gap), clip="none")
                       for i in range(number))
        pages.append(Page(paper.width, paper.height, placed, kind="other"))
    return pages


def part_pages(part: Part, paper: Paper) -> list[Page]:
    if part.kind == "board":
        return [page for _ in range(part.count) for page in board_pages(part.side, paper, part.overlap, part.title)]
    return token_pages(part, paper)


@dataclass(frozen=True)
class Extras:
    """The dice and part sheets of a deck's build, laid out: (file name, title, pages)."""

    sheets: tuple[tuple[str, str, tuple[Page, ...]], ...] = ()


def _names(check: Checker, value: Any, key: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        check.fail((key,), f"expected a list of {key} names such as [spike], got {value!r}")
        return []
    return value


def plan_extras(deck: Deck, paper: Paper) -> Extras:
    """Validate the deck's `dice:` and `parts:` keys and lay out their sheets, so bad
    input fails before any file is written."""
    if not deck.extra.get("dice") and not deck.extra.get("parts"):
        return Extras()
    check = Checker(deck.doc)
    found: dict[str, list[Path]] = {"dice": [], "parts": []}
    for key in ("dice", "parts"):
        for i, name in enumerate(_names(check, deck.extra.get(key), key)):
            try:
                found[key].append(piece_file(key, name, deck.source))
            except InputError as error:
                check.fail((key, i), str(error))
    check.raise_errors()
    sheets = []
    if found["dice"]:
        dice = [load_die(path) for path in found["dice"]]
        sheets.append((f"{deck.name}-dice-{paper.name}.pdf", f"{deck.title}: dice",
                       tuple(dice_pages(dice, paper))))
    for path in found["parts"]:
        part = load_part(path)
        sheets.append((f"{deck.name}-{part.name}-{paper.name}.pdf", f"{deck.title}: {part.title}",
                       tuple(part_pages(part, paper))))
    return Extras(tuple(sheets))


def write_extras(extras: Extras, out: Path) -> list[Path]:
    """One PDF for all of a deck's dice, one per part."""
    return [render_pdf(list(pages), out / name, title=title) for name, title, pages in extras.sheets]
