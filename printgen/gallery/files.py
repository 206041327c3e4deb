"""What an output folder holds for its gallery: its files and its proof records, by deck.

The folder may hold anything (a stranger's files, pipes, links, a tree nested
thousands deep): only regular files are listed (links, pipes and devices are
skipped, never opened; no link to a folder is followed), at most MAX_FILES of them,
and a proof record that is not well formed is ignored (proof.py).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from printgen.gallery.proof import HOME_PRINT, PREFIX, Proof, read_proof
from printgen.limits import limit
from printgen.output import walk

THUMBS = "_gallery"
MAX_FILES = int(limit("gallery_files"))               # files listed; a folder holding more is cut short, saying so


@dataclass
class DeckSection:
    """A deck's records, each with the folder it lies in (relative to the root, "" or
    ending in "/"): one section of the page."""

    name: str
    title: str
    proofs: list[tuple[str, Proof]] = field(default_factory=list)   # (folder of the record, record)
    outdated: dict[tuple[str, str], str] = field(default_factory=dict)  # (folder, label) of a home print out of
                                                                        # date: the label of the one that says so


def output_files(root: Path) -> tuple[list[Path], list[Path]]:
    """Every regular file under root but galleries (index.html, _gallery/), hidden and
    temporary files (symbolic links, pipes and devices are skipped; no link to a folder
    is followed), sorted by relative path (at most MAX_FILES); and the proof records
    found."""
    found: list[Path] = []
    records: list[Path] = []
    for folder, dirs, files in walk(root):                # links are not followed
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != THUMBS)
        for name in sorted(files):
            path = folder / name
            try:
                if not stat.S_ISREG(os.lstat(path).st_mode):
                    continue
            except OSError:
                continue
            if name.startswith(PREFIX) and name.endswith(".json"):
                records.append(path)
            elif not name.startswith(".") and not name.endswith(".tmp") and name != "index.html":
                found.append(path)
        if len(found) > MAX_FILES:
            break
    found.sort(key=lambda p: p.relative_to(root).as_posix())
    return found[:MAX_FILES], sorted(records)


def deck_sections(root: Path, records: list[Path]) -> list[DeckSection]:
    """The well-formed records, by deck (in deck name order; a deck's languages in one
    section, titled in the deck's own language)."""
    sections: dict[str, DeckSection] = {}
    for path in records:
        proof = read_proof(path)
        if proof is None:
            continue
        folder = path.parent.relative_to(root).as_posix()
        section = sections.setdefault(proof.section, DeckSection(proof.section, proof.title))
        section.proofs.append(("" if folder == "." else folder + "/", proof))
    for section in sections.values():           # home prints first, then exports; the deck's own language first
        section.outdated = _outdated(section.proofs)
        section.proofs.sort(key=lambda item: (not item[1].label.startswith(HOME_PRINT),
                                              (item[0], item[1].label) in section.outdated, item[1].order,
                                              item[1].label, item[0]))
        section.title = section.proofs[0][1].title
    return [sections[name] for name in sorted(sections)]


def _outdated(proofs: list[tuple[str, Proof]]) -> dict[tuple[str, str], str]:
    """The home prints a later build of the same deck in the same folder found out of
    date (its record's outdates names their label and their cards key, and they still
    have that key: a build of them since has its own), by (folder, label): the label
    of that later build's record."""
    keys = {(folder, proof.deck, proof.label): proof.cards_key for folder, proof in proofs}
    return {(folder, label): proof.label for folder, proof in proofs for label, key in proof.outdates
            if keys.get((folder, proof.deck, label)) == key}
