"""Export as Tabletop Simulator deck sheets and a saved object.

The sheets (their cards, grid and dpi) are laid out by layout/tts.py and drawn by
the PNG renderer. Beside the sheets: one back image, and DECK-tts.json, a saved
object (tts_object.py) that Tabletop Simulator loads as a custom deck, its cards
sideways when they are landscape and scaled when they are not the size of its own
card object (layout/tts.py table_card; the build says so).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from printgen.layout.deck import DeckLayout
from printgen.layout.tts import TableCard, plan_sheets, sheet_dpi, sheet_page, table_card
from printgen.output import write_bytes
from printgen.preflight import deck_where
from printgen.products.tts_object import saved_object
from printgen.progress import progress
from printgen.render.png import write_png
from printgen.units import mm

if TYPE_CHECKING:
    from printgen.model.vendor import Profile
    from printgen.products.exported import ExportResult


def write_tts(layout: DeckLayout, prof: Profile, folder: Path, result: ExportResult, *,
              quiet: bool = False, url_base: str | None = None) -> None:
    """The sheets, the back image, and a saved object that Tabletop Simulator loads."""
    deck = layout.deck
    assert prof.sheet and prof.max_side, "vendors.yaml: a tts profile gives its sheet and max_side"
    cols, rows = prof.sheet
    hidden = layout.back_for(0)
    frame = hidden.frame
    plans = plan_sheets(len(layout.faces), cols, rows)
    dpi = sheet_dpi(frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed, plans, prof.dpi, prof.max_side)
    back_path = write_png(hidden, folder / f"{deck.name}-tts-back.png", dpi=dpi)
    result.files.append(back_path)
    if dpi < prof.dpi:
        result.notes.append(f"cards drawn at {dpi} dpi instead of {prof.dpi}, so that a sheet of "
                            f"{plans[0].cols} x {plans[0].rows} cards is at most {prof.max_side} pixels a side")
    lies = table_card(frame.width, frame.height, prof.card or (min(frame.width, frame.height),
                                                               max(frame.width, frame.height)))
    sideways = ", 'Sideways' ticked" if lies.sideways else ""
    sheets = []
    for plan in progress(plans, desc=f"{deck.name} tts", quiet=quiet):
        faces = tuple(layout.faces[plan.first:plan.first + plan.count])
        path = write_png(sheet_page(faces, hidden, plan, dpi), folder / f"{deck.name}-tts-sheet-{plan.number}.png",
                         dpi=dpi)
        result.files.append(path)
        sheets.append((plan, path))
        result.notes.append(f"sheet {plan.number} {path.name}: Width {plan.cols}, Height {plan.rows}, "
                            f"Number {plan.count} (cards {plan.first + 1}-{plan.first + plan.count}), "
                            f"back {back_path.name}, 'Back is hidden' unticked{sideways}")
    if len(layout.backs) > 1:
        result.warnings.append(f"{deck_where(deck)} ({prof.name}): "
                               f"the deck has {len(layout.backs)} backs; TTS sheets use the first "
                               f"card's back for every card")
    # an image's address: its file name (percent-encoded) under the checked --url-base, else
    # its path on this computer as a file: address (links not followed, as every path shown)
    url = ((lambda p: f"{url_base.rstrip('/')}/{quote(p.name)}") if url_base
           else (lambda p: Path(os.path.abspath(p)).as_uri()))
    if lies.scaled and prof.card:
        result.notes.append(scale_note(deck.size, prof.card, lies))
    saved = saved_object(deck.title, [card.label for card in deck.cards], sheets, url(back_path), url, lies)
    path = folder / f"{deck.name}-tts.json"
    result.files.append(write_bytes(path, (json.dumps(saved, indent=2) + "\n").encode("utf-8")))
    result.notes.append(f"saved object {path.name}: copy it into Tabletop Simulator's Saved Objects "
                        f"folder (see 'printgen docs print-shops')" + ("" if url_base else
                        "; its images are named by file path on this computer (--url-base for a web address)"))


def scale_note(size: object, standard: tuple[float, float], lies: TableCard) -> str:
    """What a deck of another size than Tabletop Simulator's card object is told."""
    return (f"{size} cards: Tabletop Simulator draws every card on one card object, taken as "
            f"{mm(standard[0]):g} x {mm(standard[1]):g} mm at scale 1, so the saved object scales its width by "
            f"{lies.scale_x:g} and its height by {lies.scale_z:g} (Transform scaleX and scaleZ); "
            f"a deck made by hand in the Custom Deck dialog keeps that shape, its images stretched to it")
