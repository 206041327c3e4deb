"""Export as Tabletop Simulator deck sheets.

A sheet is a grid of at most cols x rows card faces (10 x 7 by default) whose last
slot holds the hidden-card face (the back); one sheet holds cols x rows - 1 cards,
so longer decks get several sheets. Beside the sheets: one back image, and
DECK-tts.json with the numbers to type into the custom deck dialog.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image as PILImage

from printgen.layout.deck import DeckLayout
from printgen.output import atomic_path, write_bytes
from printgen.preflight import deck_where
from printgen.progress import progress
from printgen.render.png import pixel_size, render_side, write_png

if TYPE_CHECKING:
    from printgen.model.vendor import Profile
    from printgen.products.export import ExportResult


@dataclass(frozen=True)
class SheetPlan:
    """One TTS sheet: which cards, and its grid (the numbers the dialog asks for)."""

    number: int          # 1-based
    first: int           # index of its first card in the deck
    count: int           # cards on it ("Number" in the dialog)
    cols: int            # "Width"
    rows: int            # "Height"

    @property
    def hidden_slot(self) -> int:
        return self.cols * self.rows - 1

    def slot(self, index: int, card_w: int, card_h: int) -> tuple[int, int]:
        """Pixel position of slot index (0-based, row by row)."""
        row, col = divmod(index, self.cols)
        return col * card_w, row * card_h


def plan_sheets(total: int, cols: int, rows: int) -> list[SheetPlan]:
    """Split total cards into sheets; a sheet smaller than the full grid uses the
    fewest rows (and, for a single row, the fewest columns) that hold it plus the
    hidden slot."""
    per_sheet = cols * rows - 1
    plans = []
    for number, first in enumerate(range(0, total, per_sheet), start=1):
        count = min(per_sheet, total - first)
        use_cols = min(cols, count + 1)
        use_rows = math.ceil((count + 1) / use_cols)
        plans.append(SheetPlan(number, first, count, use_cols, use_rows))
    return plans


def write_tts(layout: DeckLayout, prof: Profile, folder: Path, result: ExportResult, *,
              quiet: bool = False) -> None:
    deck = layout.deck
    cols, rows = prof.sheet or (10, 7)
    back = layout.back_for(0)
    card_w, card_h = pixel_size(back, prof.dpi)
    hidden = render_side(back, prof.dpi)
    back_path = write_png(back, folder / f"{deck.name}-tts-back.png", dpi=prof.dpi)
    result.files.append(back_path)
    entries = []
    for plan in plan_sheets(len(layout.faces), cols, rows):
        sheet = PILImage.new("RGB", (plan.cols * card_w, plan.rows * card_h), "white")
        faces = layout.faces[plan.first:plan.first + plan.count]
        for slot, side in enumerate(progress(faces, desc=f"{deck.name} tts {plan.number}", quiet=quiet)):
            sheet.paste(render_side(side, prof.dpi), plan.slot(slot, card_w, card_h))
        sheet.paste(hidden, plan.slot(plan.hidden_slot, card_w, card_h))
        path = folder / f"{deck.name}-tts-sheet-{plan.number}.png"
        with atomic_path(path) as temp:
            sheet.save(temp, format="PNG", dpi=(prof.dpi, prof.dpi), optimize=False, compress_level=6)
        result.files.append(path)
        entries.append({"face": path.name, "back": back_path.name, "width": plan.cols,
                        "height": plan.rows, "number": plan.count,
                        "cards": f"{plan.first + 1}-{plan.first + plan.count}"})
        result.notes.append(f"sheet {plan.number} {path.name}: Width {plan.cols}, Height {plan.rows}, "
                            f"Number {plan.count} (cards {plan.first + 1}-{plan.first + plan.count}), "
                            f"back {back_path.name}, 'Back is hidden' unticked")
    if len(layout.backs) > 1:
        result.warnings.append(f"{deck_where(deck)} ({prof.name}): "
                               f"the deck has {len(layout.backs)} backs; TTS sheets use the first "
                               f"card's back for every card")
    info = {"deck": deck.name, "card_px": [card_w, card_h], "back_is_hidden": False, "sheets": entries}
    result.files.append(write_bytes(folder / f"{deck.name}-tts.json",
                                    (json.dumps(info, indent=2, sort_keys=True) + "\n").encode()))
