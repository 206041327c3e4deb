"""printgen new FOLDER: a small project (a deck and its templates) that builds at once."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shlex
import unicodedata
from pathlib import Path

from printgen.builtin import data_dir
from printgen.cli.verbs import SUMMARIES
from printgen.errors import InputError, OutputError, named
from printgen.reading import display_path
from printgen.spec.places import real

DESCRIPTION = """\
Start a project of your own: FOLDER/decks/NAME.yaml (a 12-card deck), its face and
back templates in FOLDER/templates/, and a README. NAME is FOLDER's name made plain
(a-z, 0-9 and '-': 'my game' becomes my-game; new says so). It builds
at once: 'printgen build FOLDER/decks/NAME.yaml', or 'printgen build NAME' inside
FOLDER, where 'printgen list' shows it as a local deck. FOLDER must be new or empty,
and not a symbolic link; nothing that exists is overwritten."""

SKELETON = "new-project"         # in printgen/data/: files with __NAME__ and __TITLE__ in them


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("new", parents=parents, help=SUMMARIES["new"],
                            description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", metavar="FOLDER", type=Path, help="the project folder to create")
    return parser


def deck_name(folder: Path) -> str:
    """The folder's name as a deck name: lower case letters, digits and dashes (a deck
    name is plain ASCII: it names output files), accents taken off letters that have
    them ('spiel-ü' gives 'spiel-u'). The folder's name is where links lead, as far as
    they do (a link that loops is named as it is: places.real())."""
    plain = unicodedata.normalize("NFKD", real(folder).name.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    name = "-".join(part for part in re.split(r"[^a-z0-9]+", plain) if part)
    return name or "my-deck"


def _leads(link: Path) -> str:
    """Where a symbolic link leads, as new's error says it."""
    try:
        if link.exists():
            return f"to {named(os.readlink(link))}"
    except OSError:
        pass
    return "that leads nowhere, or round to itself"


def run(args: argparse.Namespace) -> int:
    folder: Path = args.folder
    unprinted = next((ch for ch in str(folder) if not ch.isprintable()), None)
    if unprinted is not None:       # (a line break pasted in, a terminal's control sequence)
        raise InputError(f"{named(str(folder))}: holds U+{ord(unprinted):04X}, a character that does not print; "
                         f"expected a folder name of printable characters")
    if folder.is_symlink():         # (where it leads may change between a check and a write)
        raise InputError(f"{named(str(folder))}: a symbolic link {_leads(folder)}; expected a new folder, or an "
                         f"empty one, named as it is (printgen new does not write through a link)")
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InputError(f"{named(str(folder))}: already exists and is not an empty folder; printgen new "
                         f"writes a new project, so name a new folder")
    name = deck_name(folder)
    title = name.replace("-", " ").title()
    skeleton = data_dir() / SKELETON
    written: list[Path] = []
    made: list[Path] = []
    try:
        for source in sorted(p for p in skeleton.rglob("*") if p.is_file()):
            target = folder / str(source.relative_to(skeleton)).replace("__NAME__", name)
            text = source.read_text(encoding="utf-8").replace("__NAME__", name).replace("__TITLE__", title)
            _make_folders(target.parent, made)
            with open(target, "x", encoding="utf-8") as file:      # never overwrite
                written.append(target)
                file.write(text)
    except OSError as error:
        _take_back(written, made)
        raise OutputError(f"{named(str(folder))}: cannot write the new project ({error.strerror or error})") from None
    if not args.quiet:
        print(f"{display_path(folder)}: a new printgen project with the deck {name!r}")
        if name != real(folder).name:
            print(f"  (named after the folder {real(folder).name!r}: a deck name "
                  f"holds only a-z, 0-9 and '-')")
        for path in written:
            print(f"  {display_path(path)}")
        print(f"build it: printgen build {shlex.quote(display_path(folder / 'decks' / f'{name}.yaml'))}")
    return 0


def _make_folders(folder: Path, made: list[Path]) -> None:
    """folder and those above it that do not exist yet, made, each noted in made."""
    missing = [path for path in (folder, *folder.parents) if not path.exists()]
    for path in reversed(missing):
        path.mkdir()
        made.append(path)


def _take_back(written: list[Path], made: list[Path]) -> None:
    """After a write failed part-way: the files and folders this run made removed, last
    first (a folder only where it is empty again), so nothing is left half written;
    nothing else is touched."""
    for path in reversed(written):
        with contextlib.suppress(OSError):
            path.unlink()
    for path in reversed(made):
        with contextlib.suppress(OSError):
            path.rmdir()
