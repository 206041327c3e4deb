"""Export as one RGB PNG per face and per back (The Game Crafter, MakePlayingCards).

Files are named for upload, in deck order: DECK-face-001-SLUG.png, DECK-back.png.
As with a deck's own PNGs, a file is drawn only where its content key changed, and a
card renumbered (a card taken out or put in before it) is copied from its old file
(render/drawn.py). Each file is read back and its pixel size compared with the size
asked for. A deck of several backs (DECK-back-01-NAME.png ...) also gets
DECK-cards.csv, saying which back each face takes.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image as PILImage

from printgen.layout.deck import DeckLayout
from printgen.layout.page import Side
from printgen.output import staged, write_bytes
from printgen.preflight import image_file_findings
from printgen.render.drawn import keyed_pngs
from printgen.render.png import pixel_size
from printgen.words import plural

if TYPE_CHECKING:
    from printgen.model.vendor import Profile
    from printgen.products.exported import ExportResult


def upload_name(deck_name: str, side: Side, kind: str) -> str:
    return f"{deck_name}-{kind}-{side.name}.png" if kind == "face" else f"{deck_name}-{side.name}.png"


def write_png_set(layout: DeckLayout, prof: Profile, folder: Path, result: ExportResult, *,
                  quiet: bool = False, jobs: int = 1) -> None:
    deck = layout.deck
    wanted = [(side, folder / upload_name(deck.name, side, "face")) for side in layout.faces]
    wanted += [(side, folder / upload_name(deck.name, side, "back")) for side in layout.backs.values()]
    keyed_pngs([side for side, _ in wanted], [path for _, path in wanted], dpi=prof.dpi, jobs=jobs, quiet=quiet,
               desc=f"{deck.name} {prof.name}")
    checks = []
    for side, path in wanted:
        result.files.append(path)
        with PILImage.open(staged(path)) as image:     # read back what was written
            checks.append((str(path), image.size, pixel_size(side, prof.dpi)))
    result.warnings += [str(f) for f in image_file_findings(checks)]
    if len(layout.backs) > 1:
        result.files.append(write_bytes(folder / f"{deck.name}-cards.csv", card_list(layout)))
    width, height = pixel_size(layout.faces[0], prof.dpi)
    result.notes.append(f"{plural(len(layout.faces), 'face')} and {plural(len(layout.backs), 'back')}, "
                        f"{width} x {height} px RGB at {prof.dpi} dpi, for {prof.title}")


def card_list(layout: DeckLayout) -> bytes:
    """The CSV of which back each face takes, a row a face in deck order: the face's
    file, its back's file and how many copies of the card to order (each card has a
    face file of its own, so 1)."""
    text = io.StringIO()
    rows = csv.writer(text, lineterminator="\n")
    rows.writerow(["face", "back", "count"])
    name = layout.deck.name
    for index, face in enumerate(layout.faces):
        rows.writerow([upload_name(name, face, "face"), upload_name(name, layout.back_for(index), "back"), 1])
    return text.getvalue().encode("utf-8")
