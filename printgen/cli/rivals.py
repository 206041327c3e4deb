"""Two decks built into one folder: which files of another deck's a build must not replace.

A build of a deck writes files whose names do not say the deck: its per-card PNGs and
SVGs (out/png/back.png, out/png/01-ace.png) and a shop's files. Built into the same
--out folder, a second deck's build would replace the first deck's files of the same
name, and the first deck's PNG set would carry the second deck's back. So a file that
a job of another deck wrote (the folder's build record says which), a build replaces
only with the very same bytes; other bytes are refused before anything is put in place
(output/writing.py's `_place`: the build stops, one line, exit 2, and the folder is
left as it was). "Another deck" is another deck file, or the same file in another
language or for another print shop (cli/options.py's product_key): what one deck's own
folder holds. A rebuild of the same deck on other paper or with other options replaces
its files, as before. Rules texts are held the same way: `printgen rules` and
`printgen booklet` name their files from the text's file name, so game-1/rules.md and
game-2/rules.md would share one leaflet's file; of texts only a file's (not a built-in
game's, whose files are named apart) are compared, each by its real path. A job's key
does not mark where the path ends, and a file's name may hold ' lang=' itself: of the
ways to read it, the longest path that names a file is taken (readings).

A job of a deck or text file that no longer exists where its record names it (it was
moved, renamed or deleted: it cannot be built there again) claims nothing any more, so
a deck moved to a new file rebuilds into its old folder.
"""

from __future__ import annotations

import argparse
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.cli.options import deck_identity

if TYPE_CHECKING:
    from printgen.output import Rival

BUILT_IN = "built-in:"
SOURCES = {"deck": "deck", "game": "rules text", "text": "rules text"}    # what a job's files are made from
ADVICE = {"deck": "give each deck, and each language of one, a folder of its own (--out DIR/DECK or DIR/DECK-LANG, "
                  "as printgen names them without --out)",
          "rules text": "give each text a folder of its own (--out), or a file name of its own"}
_SOURCE = {kind: re.compile(rf" {kind}=(.*?)(?= [a-z_]+=|$)") for kind in SOURCES}   # (options sort: job_key)
_OPTION = {"lang": re.compile(r" lang=(\S+)"), "target": re.compile(r" target=(\S+)")}
_NEXT = re.compile(r" [a-z_]+=")            # where the next option may start


def source_of(job: str) -> tuple[str, str, str, str] | None:
    """What a job's key names its files as made from (deck, game or text: the option, and
    its value as the key holds it), with its language and export profile ("" where the
    job has none); None for a job of none of them (the gallery, a deal sheet). The
    value is read to the first option after it: readings() gives the others."""
    found = readings(job)
    return found[-1] if found else None


def readings(job: str) -> list[tuple[str, str, str, str]]:
    """Every way the job's key reads as source_of reads it, the source's value longest
    first: the key does not mark where a value ends, and a file's name may hold ' lang=' or
    ' target=' itself ('deck=my deck lang=x.yaml duplex=long')."""
    for kind, pattern in _SOURCE.items():
        found = pattern.search(job)
        if found is None:
            continue
        start = found.start(1)
        ends = [option.start() for option in _NEXT.finditer(job, start)] + [len(job)]
        found_all = []
        for end in reversed(ends):
            rest = job[end:]                        # (lang and target sort after them)
            lang, target = (_OPTION[name].search(rest) for name in ("lang", "target"))
            found_all.append((kind, job[start:end], lang.group(1) if lang else "", target.group(1) if target else ""))
        return found_all
    return []


def _where(kind: str, value: str, root: Path) -> str | None:
    """The file a source names, by its real path, or a built-in deck as it is; None where
    it names no file now (moved or deleted, or a built-in game's name). A deck's identity
    is from the real path of the output folder (root) its record is for; a text's path
    is as it was typed. A record is a stranger's data: a value no path can be (a NUL
    byte in it) names no file."""
    try:
        if kind == "deck":
            if value.startswith(BUILT_IN):
                from printgen.builtin import data_root
                return value if (data_root() / value.removeprefix(BUILT_IN)).is_file() else None
            where = os.path.normpath(os.path.join(os.path.realpath(root), value))
        else:
            where = os.path.realpath(value)
        return where if os.path.isfile(where) else None
    except (OSError, ValueError):
        return None


def _said(kind: str, where: str, lang: str, target: str) -> str:
    """A source as an error names it: the deck or text file, the language and the shop."""
    if where.startswith(BUILT_IN):
        shown = f"the built-in deck {where.removeprefix(BUILT_IN)}"
    else:
        near = os.path.relpath(where)
        shown = f"the {SOURCES[kind]} {where if near.startswith('..') else near}"
    return shown + (f" in {lang}" if lang else "") + (f" for {target}" if target else "")


def rival(args: argparse.Namespace) -> Rival | None:
    """For a run of args that makes files from a deck or a rules text: what says whether
    a file another job wrote is another deck's or text's (that one and this one, for
    the error) or not (None), given that job's key and the output folder its record is
    for. None for a run of neither."""
    kind = next((kind for kind in SOURCES if getattr(args, kind, None) is not None), None)
    if kind is None:
        return None
    from printgen.output import DEFAULT
    value = deck_identity(args) if kind == "deck" else str(getattr(args, kind))
    where = _where(kind, value, Path(getattr(args, "out", None) or DEFAULT))
    if where is None:
        return None
    options = (getattr(args, "lang", None) or "", getattr(args, "target", None) or "")

    @lru_cache(maxsize=1024)            # (a job claims many files of one folder)
    def other(job: str, folder: Path) -> tuple[str, str, str] | None:
        found = ((theirs, _where(theirs[0], theirs[1], folder)) for theirs in readings(job)
                 if SOURCES[theirs[0]] == SOURCES[kind])    # (a deck's leaflet and `printgen rules`' are not compared)
        theirs, place = next(((theirs, place) for theirs, place in found if place is not None), (None, None))
        if theirs is None or place is None or (place, *theirs[2:]) == (where, *options):
            return None
        return _said(theirs[0], place, *theirs[2:]), _said(kind, where, *options), ADVICE[SOURCES[kind]]
    return other
