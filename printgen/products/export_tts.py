"""Export as Tabletop Simulator deck sheets and a saved object.

A sheet is a grid of at most cols x rows card faces (10 x 7 by default) whose last
slot holds the hidden-card face (the back); one sheet holds cols x rows - 1 cards,
so longer decks get several sheets. A sheet is a page of the usual page model,
drawn by the PNG renderer, at the profile's dpi or less, so that no side exceeds
MAX_SIDE pixels. Beside the sheets: one back image, and DECK-tts.json, a saved
object (tts_object.py) that Tabletop Simulator loads as a custom deck.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from printgen.layout.deck import DeckLayout
from printgen.layout.impose import Grid
from printgen.layout.page import Clip, Page, PageKind, Placed, Side
from printgen.model import Paper
from printgen.output import write_bytes
from printgen.preflight import deck_where
from printgen.products.tts_object import SheetPlan, plan_sheets, saved_object
from printgen.progress import progress
from printgen.render.png import write_png

if TYPE_CHECKING:
    from printgen.model.vendor import Profile
    from printgen.products.exported import ExportResult


MAX_SIDE = 4096       # pixels: the largest image side Tabletop Simulator handles well


def sheet_dpi(card_w: float, card_h: float, cols: int, rows: int, dpi: int) -> int:
    """The profile's dpi, or less where a full sheet would exceed MAX_SIDE pixels."""
    fits = min(MAX_SIDE * 72 / (cols * card_w), MAX_SIDE * 72 / (rows * card_h))
    return max(1, min(dpi, math.floor(fits)))


def sheet_page(faces: tuple[Side, ...], hidden: Side, plan: SheetPlan) -> Page:
    """A sheet as a page: the faces butted in the plan's grid, the hidden face last."""
    w = hidden.frame.width + 2 * hidden.frame.bleed
    h = hidden.frame.height + 2 * hidden.frame.bleed
    grid = Grid(Paper("tts", plan.cols * w, plan.rows * h, 0.0), plan.cols, plan.rows, 0.0, 0.0, w, h)
    placed = [Placed(side, *_inset(grid.cell(slot), side), clip=Clip.BLEED) for slot, side in enumerate(faces)]
    placed.append(Placed(hidden, *_inset(grid.cell(plan.hidden_slot), hidden), clip=Clip.BLEED))
    return Page(grid.paper.width, grid.paper.height, tuple(placed), kind=PageKind.OTHER)


def _inset(cell: tuple[float, float], side: Side) -> tuple[float, float]:
    return cell[0] + side.frame.bleed, cell[1] + side.frame.bleed


def write_tts(layout: DeckLayout, prof: Profile, folder: Path, result: ExportResult, *,
              quiet: bool = False, url_base: str | None = None) -> None:
    """The sheets, the back image, and a saved object that Tabletop Simulator loads."""
    deck = layout.deck
    cols, rows = prof.sheet or (10, 7)
    hidden = layout.back_for(0)
    frame = hidden.frame
    dpi = sheet_dpi(frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed, cols, rows, prof.dpi)
    back_path = write_png(hidden, folder / f"{deck.name}-tts-back.png", dpi=dpi)
    result.files.append(back_path)
    if dpi < prof.dpi:
        result.notes.append(f"cards drawn at {dpi} dpi instead of {prof.dpi}, so that a sheet is at most "
                            f"{MAX_SIDE} pixels a side")
    sheets = []
    for plan in progress(plan_sheets(len(layout.faces), cols, rows), desc=f"{deck.name} tts", quiet=quiet):
        faces = tuple(layout.faces[plan.first:plan.first + plan.count])
        path = write_png(sheet_page(faces, hidden, plan), folder / f"{deck.name}-tts-sheet-{plan.number}.png",
                         dpi=dpi)
        result.files.append(path)
        sheets.append((plan, path))
        result.notes.append(f"sheet {plan.number} {path.name}: Width {plan.cols}, Height {plan.rows}, "
                            f"Number {plan.count} (cards {plan.first + 1}-{plan.first + plan.count}), "
                            f"back {back_path.name}, 'Back is hidden' unticked")
    if len(layout.backs) > 1:
        result.warnings.append(f"{deck_where(deck)} ({prof.name}): "
                               f"the deck has {len(layout.backs)} backs; TTS sheets use the first "
                               f"card's back for every card")
    # an image's address: its file name (percent-encoded) under the checked --url-base, else
    # its path on this computer as a file: address (links not followed, as every path shown)
    url = ((lambda p: f"{url_base.rstrip('/')}/{quote(p.name)}") if url_base
           else (lambda p: Path(os.path.abspath(p)).as_uri()))
    saved = saved_object(deck.title, [card.label for card in deck.cards], sheets, url(back_path), url)
    path = folder / f"{deck.name}-tts.json"
    result.files.append(write_bytes(path, (json.dumps(saved, indent=2) + "\n").encode("utf-8")))
    result.notes.append(f"saved object {path.name}: copy it into Tabletop Simulator's Saved Objects "
                        f"folder (see 'printgen docs print-shops')" + ("" if url_base else
                        "; its images are named by file path on this computer (--url-base for a web address)"))
