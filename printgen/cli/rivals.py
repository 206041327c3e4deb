"""Two decks built into one folder: which files of another deck's a build must not replace.

A build of a deck writes files whose names do not say the deck: its per-card PNGs and
SVGs (out/png/back.png, out/png/01-ace.png) and a shop's files. Built into the same
--out folder, a second deck's build would replace the first deck's files of the same
name, and the first deck's PNG set would carry the second deck's back. So a file that
a job of another deck wrote (the folder's build record says which), a build replaces
only with the very same bytes; other bytes are refused before anything is put in
place (output.py's `_place`: the build stops, one line, exit 2, and the folder is left
as it was). "Another deck" is another deck file, or the same file in another language
or for another print shop (cli/options.py's product_key): what one deck's own folder
holds. A rebuild of the same deck on other paper or with other options replaces its
files, as before.

A job of a deck file that no longer exists where its record names it (the deck was
moved, renamed or deleted: it cannot be built there again) claims nothing any more, so
a deck moved to a new file rebuilds into its old folder.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.cli.options import product_key

if TYPE_CHECKING:
    from printgen.output import Rival

BUILT_IN = "built-in:"
_DECK = re.compile(r" deck=(.*?)(?= [a-z_]+=|$)")   # (a job's options are sorted: job_key)
_OPTION = {"lang": re.compile(r" lang=(\S+)"), "target": re.compile(r" target=(\S+)")}


def deck_of(job: str) -> tuple[str, str, str] | None:
    """The deck file a job's key names (as deck_identity gave it), with its language and
    export profile ("" where the job has none); None for a job of no deck."""
    found = _DECK.search(job)
    if found is None:
        return None
    rest = job[found.end():]                        # (lang and target sort after deck)
    lang, target = (_OPTION[name].search(rest) for name in ("lang", "target"))
    return found.group(1), lang.group(1) if lang else "", target.group(1) if target else ""


def _where(identity: str, root: Path) -> str:
    """The deck file an identity names: a built-in deck as it is, another by its real
    path (identities are from the real path of the output folder its record is in)."""
    if identity.startswith(BUILT_IN):
        return identity
    return os.path.normpath(os.path.join(os.path.realpath(root), identity))


def _exists(where: str) -> bool:
    if where.startswith(BUILT_IN):
        from printgen.builtin import data_root
        return (data_root() / where.removeprefix(BUILT_IN)).is_file()
    return os.path.isfile(where)


def _said(where: str, lang: str, target: str) -> str:
    """The deck as an error names it: its file, the language and the shop."""
    shown = (f"the built-in deck {where.removeprefix(BUILT_IN)}" if where.startswith(BUILT_IN)
             else f"the deck {os.path.relpath(where) if not os.path.relpath(where).startswith('..') else where}")
    return shown + (f" in {lang}" if lang else "") + (f" for {target}" if target else "")


def rival(args: argparse.Namespace) -> Rival | None:
    """For a run of args that builds a deck: what says whether a file another job wrote
    is another deck's (that deck and this one, for the error) or not (None), given that
    job's key and the output folder its record is for. None for a run of no deck."""
    if getattr(args, "deck", None) is None:
        return None
    mine = deck_of(product_key(args))
    if mine is None:
        return None
    from printgen.output import DEFAULT
    root = Path(getattr(args, "out", None) or DEFAULT)
    me = (_where(mine[0], root), *mine[1:])

    def other(job: str, where: Path) -> tuple[str, str] | None:
        theirs = deck_of(job)
        if theirs is None:
            return None
        them = (_where(theirs[0], where), *theirs[1:])
        if them == me or not _exists(them[0]):
            return None
        return _said(*them), _said(*me)
    return other
