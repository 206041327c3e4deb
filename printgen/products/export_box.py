"""A print shop's tuck box art (The Game Crafter): one PNG laid on the shop's die line.

The die lines are data (data/tgc-boxes.yaml); the smallest box that holds the deck
is used. Its panels get the same art as the home-made box (`printgen box`): the
deck's back on the front, the title on both sides, the contents and credits on the
back. Preflight checks every panel against the shop's safe zone before anything is
written, and the PNG is read back and its pixel size compared with the shop's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image as PILImage

from printgen.errors import FitError
from printgen.frozen import frozen
from printgen.layout.boxart import layout_die_art
from printgen.layout.page import Page
from printgen.model import Deck
from printgen.model.box import DieLine
from printgen.output import staged
from printgen.preflight import deck_where, image_file_findings, side_findings
from printgen.products.box import box_text_error, english_back
from printgen.render.png import write_png
from printgen.spec.box import die_set_file, load_die_set, tuck_box
from printgen.spec.printdata import print_facts, size_preset

if TYPE_CHECKING:
    from printgen.model.vendor import Profile
    from printgen.products.exported import ExportResult


@frozen
class BoxArt:
    """The box art a deck will get, checked but not yet written."""

    die: DieLine
    page: Page
    dpi: int
    warnings: list[str]
    notes: list[str]            # what to tell (its back text set in English: english_back())


def plan_box_art(deck: Deck, prof: Profile) -> tuple[BoxArt | None, str]:
    """The deck's box art laid out and preflighted, or None and the reason there is
    none; FitError when the box's text does not fit the shop's panels. printgen's own
    back text is set in English where the fonts lack the deck's language's letters,
    as on the home-made box (english_back())."""
    if not prof.box_art:
        return None, f"no tuck box art: {prof.title} takes none"
    dies = load_die_set(die_set_file(prof.box_art))
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
    notes: list[str] = []
    box = english_back(deck, tuck_box(deck), notes)
    try:
        page = layout_die_art(deck, box, die)
    except FitError as error:                                 # text that does not fit
        raise box_text_error(deck, box, error, lambda given: layout_die_art(*given, die)) from None
    where = f"{deck_where(deck)} {die.name}"
    panels = page.placed[1:]                                  # the first is the background
    warnings = [str(finding) for placed in panels
                for finding in side_findings(placed.side, f"{where} {placed.side.label}",
                                             safe=die.safe, bleed=False, dpi=dies.dpi)]
    return BoxArt(die, page, dies.dpi, warnings, notes), ""


def write_box_art(deck: Deck, art: BoxArt, prof: Profile, folder: Path, result: ExportResult) -> None:
    """Write the planned art as DECK-box-NAME.png and check its pixel size."""
    path = write_png(art.page, folder / f"{deck.name}-box-{art.die.name}.png", dpi=art.dpi)
    result.files.append(path)
    result.notes += art.notes
    with PILImage.open(staged(path)) as image:
        got = image.size
    result.warnings += [str(f) for f in image_file_findings([(str(path), got, art.die.pixels)])]
    result.notes.append(f"tuck box art {path.name}: {prof.title}'s {art.die.name} (up to "
                        f"{art.die.cards} cards), {got[0]} x {got[1]} px; the panel positions "
                        f"are measured, not published: check it against {prof.title}'s "
                        f"template before ordering")
