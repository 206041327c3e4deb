"""A deck whose `name:` changed: the folders its builds wrote under its earlier name.

A deck is known by its file (cli/options.py's deck_identity); its name names its
folders in printgen's default output folder: `name: lingua` builds into
output/lingua (and output/lingua-de, one per language), `name: lingo` into
output/lingo. Once the name has changed, a folder of output/ whose build records say
that builds of this very deck file, and nothing else, wrote it there (each record
naming output/ as its jobs' output folder) holds the deck's stale files, as a card no
longer in the deck is one: every file printgen recorded there whose bytes are
unchanged is removed, with one note, and the folder too once empty. A file of the
user's there (or one changed since printgen wrote it) is left, and with it its
folder, and the note says so (under --quiet, the note says only that). A folder another deck's build, or anything but a build
of this deck, also wrote into is not touched, and neither is a folder named with
--out (printgen did not choose its name).
"""

from __future__ import annotations

import os
from pathlib import Path

from printgen.output import note, record_folder, remove_made_folder
from printgen.words import plural


def remove_renamed(base: Path, deck_file: str, current: set[Path], tell: bool = True) -> None:
    """Remove what builds of deck_file (the path of the deck's file) left in the folders
    printgen named directly under base (its default output folder) other than current
    (those the deck builds into now), and say so; with tell False (--quiet), as other
    removed files are (output/jobs.py's tell_removed()), say only the folders it left."""
    keep = {os.path.abspath(folder) for folder in current}
    mark = f" deck={Path(os.path.relpath(os.path.realpath(deck_file), os.path.realpath(base))).as_posix()} "
    removed: list[Path] = []
    left: list[Path] = []
    try:
        with os.scandir(base) as found:
            entries = sorted(found, key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        if not entry.is_dir(follow_symlinks=False) or os.path.abspath(entry.path) in keep:
            continue
        folder = base / entry.name
        if record_folder(folder) != entry.name:         # not a folder a build into `base` named
            continue
        gone, kept = remove_made_folder(folder, entry.name, lambda job: mark in f"{job} ")
        removed += gone
        left += kept
    if not removed:
        return
    top = Path(os.path.abspath(base))
    said_left = (f"left {', '.join(f'{base / Path(folder).relative_to(top)}/' for folder in left)}: they hold files "
                 f"printgen did not write, or that changed since" if left else "")
    if not tell:
        if said_left:
            note(f"{deck_file}: {said_left}")
        return
    earlier = sorted({f"{base / path.relative_to(top).parts[0]}/" for path in removed})
    now = sorted(f"{folder}/" for folder in current)
    note(f"removed {plural(len(removed), 'file')} that builds of {deck_file} wrote under an earlier name of "
         f"the deck, in {', '.join(earlier)} (a deck is known by its file; it now builds into "
         f"{', '.join(now)})" + (f"; {said_left}" if said_left else ""))
