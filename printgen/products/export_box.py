"""A print shop's tuck box art (The Game Crafter): one PNG laid on the shop's die line.

The die lines are data (data/tgc-boxes.yaml); the smallest box that holds the deck
is used. Its panels get the same art as the home-made box (`printgen box`): the
deck's back on the front, the title on both sides, the contents and credits on the
back. Preflight checks every panel against the shop's safe zone before anything is
written, and the PNG is read back and its pixel size compared with the shop's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image as PILImage

from printgen.layout.box import DieLine
from printgen.layout.sheet import Page
from printgen.model import Deck
from printgen.preflight import deck_where, image_file_findings, side_findings
from printgen.products.box import box_options, layout_die_art
from printgen.render.png import write_png
from printgen.spec.printdata import print_facts, size_preset
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file

if TYPE_CHECKING:
    from printgen.products.export import ExportResult, Profile

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
PANELS = ("side-left", "back", "side-right", "front", "glue")
TOP_KEYS = ["card", "dpi", "bleed", "safe", "glue", "boxes"]


@dataclass(frozen=True)
class DieSet:
    """The boxes of one data file, smallest first, and the card size they are for."""

    card: str
    dpi: int
    boxes: tuple[DieLine, ...]


@dataclass(frozen=True)
class BoxArt:
    """The box art a deck will get, checked but not yet written."""

    die: DieLine
    page: Page
    dpi: int
    warnings: list[str]


@lru_cache(maxsize=None)
def die_set(path: Path) -> DieSet:
    """A die-line data file read and checked, with every error located."""
    doc = load_file(path)
    check = Checker(doc)
    data = check.mapping(doc.data, (), TOP_KEYS, required=TOP_KEYS)
    dpi = check.integer(data.get("dpi"), ("dpi",), minimum=1) or 300
    bleed = check.length(data.get("bleed"), ("bleed",))
    safe = check.length(data.get("safe"), ("safe",))
    glue = check.text(data.get("glue"), ("glue",))
    raw_boxes = data.get("boxes") or {}
    boxes = [_die(check, name, raw, dpi=dpi, bleed=bleed, safe=safe, glue=glue)
             for name, raw in check.mapping(raw_boxes, ("boxes",), list(raw_boxes)).items()]
    check.raise_errors()
    return DieSet(check.text(data.get("card"), ("card",)), dpi,
                  tuple(sorted(boxes, key=lambda die: die.cards)))


def _die(check: Checker, name: str, raw: object, *, dpi: int, bleed: float, safe: float,
         glue: str) -> DieLine:
    path = ("boxes", name)
    value = check.mapping(raw, path, ["cards", "image", *PANELS, "body"],
                          required=["cards", "image", "body", *PANELS])
    image = check.mapping(value.get("image"), path + ("image",), ["width", "height"],
                          required=["width", "height"])
    pixels = (check.integer(image.get("width"), path + ("image", "width"), minimum=1),
              check.integer(image.get("height"), path + ("image", "height"), minimum=1))
    width, height = pixels[0] * 72 / dpi, pixels[1] * 72 / dpi
    top, bottom = _span(check, value.get("body"), path + ("body",), height)
    panels = {}
    for panel in PANELS:
        left, right = _span(check, value.get(panel), path + (panel,), width)
        panels[panel] = (left, top, right - left, bottom - top)
    return DieLine(name, check.integer(value.get("cards"), path + ("cards",), minimum=1), pixels,
                   width, height, panels, bleed, safe, glue)


def _span(check: Checker, raw: object, path: tuple, limit: float) -> tuple[float, float]:
    """'START END': two lengths, the second past the first, both inside the image."""
    parts = str(raw).split() if isinstance(raw, (str, int, float)) else []
    if len(parts) != 2:
        check.fail(path, f"expected two lengths 'START END' such as '10pt 66.3pt', got {raw!r}")
        return 0.0, limit
    start, end = (check.length(part, path) for part in parts)
    if not start < end <= limit + 1e-6:
        check.fail(path, f"expected START < END inside the {limit:.1f} pt image, got {raw!r}")
    return start, end


def plan_box_art(deck: Deck, prof: Profile) -> tuple[BoxArt | None, str]:
    """The deck's box art laid out and preflighted, or None and the reason there is
    none; FitError when the box's text does not fit the shop's panels."""
    dies = die_set(DATA_DIR / prof.box_art)
    if size_preset(deck.size) != dies.card:
        card = print_facts().card_sizes.get(dies.card, dies.card)
        return None, (f"no tuck box art: {prof.title}'s tuck boxes are made for {card} "
                      f"cards and this deck's are {deck.size}")
    fits = [die for die in dies.boxes if die.cards >= len(deck.cards)]
    if not fits:
        largest = dies.boxes[-1]
        return None, (f"no tuck box art: {len(deck.cards)} cards is more than {prof.title}'s "
                      f"largest tuck box ({largest.name}) holds ({largest.cards})")
    die = fits[0]
    page = layout_die_art(deck, box_options(deck), die)      # FitError: text that does not fit
    where = f"{deck_where(deck)} {die.name}"
    panels = page.placed[1:]                                  # the first is the background
    warnings = [str(finding) for placed in panels
                for finding in side_findings(placed.side, f"{where} {placed.side.label}",
                                             safe=die.safe, bleed=False, dpi=dies.dpi)]
    return BoxArt(die, page, dies.dpi, warnings), ""


def write_box_art(deck: Deck, art: BoxArt, prof: Profile, folder: Path, result: ExportResult) -> None:
    """Write the planned art as DECK-box-NAME.png and check its pixel size."""
    path = write_png(art.page, folder / f"{deck.name}-box-{art.die.name}.png", dpi=art.dpi)
    result.files.append(path)
    with PILImage.open(path) as image:
        got = image.size
    result.warnings += [str(f) for f in image_file_findings([(str(path), got, art.die.pixels)])]
    result.notes.append(f"tuck box art {path.name}: {prof.title}'s {art.die.name} (up to "
                        f"{art.die.cards} cards), {got[0]} x {got[1]} px; the panel positions "
                        f"are measured, not published: check it against {prof.title}'s "
                        f"template before ordering")
