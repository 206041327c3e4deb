"""printgen list: every deck found (the project's and printgen's own), then the other pieces."""

from __future__ import annotations

import argparse
import sys

from printgen.cli.verbs import SUMMARIES
from printgen.errors import PrintgenError, error_line
from printgen.reading import display_path
from printgen.spec.places import (
    AIDS,
    DECKS,
    DICE,
    PARTS,
    RULES,
    Entry,
    Origin,
    catalogue,
    kept_in,
)

DESCRIPTION = """\
List every deck printgen can build: the decks in decks/ of the current folder (your
project, marked 'local') and printgen's own (marked 'built-in'), each with its card
count, card size, title and the dice and parts printed with it. A local deck with the
name of a built-in one replaces it, and the list says so. Then the dice, parts, play
aids and rules texts (a text's versions in other languages, NAME-LANG.md, with it), and
the papers."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    return sub.add_parser("list", parents=parents, help=SUMMARIES["list"],
                          description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)


def origin(entry: Entry) -> str:
    if entry.hides is not None:
        return f"local, replaces the built-in {entry.name}"
    return entry.origin.value


def translations(entries: dict[str, Entry]) -> dict[str, list[str]]:
    """A rules text's versions in other languages, NAME-LANG.md beside NAME.md (spec/
    languages.py translated_file): per text, the names of its versions found."""
    from printgen.spec.languages import CODE
    found: dict[str, list[str]] = {}
    for name, entry in entries.items():
        for base in entries:
            code = name[len(base) + 1:] if name.startswith(f"{base}-") else ""
            if CODE.fullmatch(code) and entries[base].path.parent == entry.path.parent:
                found.setdefault(base, []).append(name)
    return found


def _listed(name: str, entry: Entry, versions: list[str]) -> str:
    """A piece as the list names it: 'lumen (local; also in ar, ja)'."""
    said = [] if entry.origin is Origin.BUILTIN else [origin(entry)]
    if versions:
        said.append(f"also in {', '.join(version[len(name) + 1:] for version in versions)}")
    return f"{name} ({'; '.join(said)})" if said else name


def run(args: argparse.Namespace) -> int:
    from printgen.spec.deck import load_deck_file
    status = 0
    rows = []
    for name, entry in catalogue(DECKS).items():
        try:
            deck = load_deck_file(kept_in(entry.path, DECKS.noun, name), display_path(entry.path), labels=False)
        except PrintgenError as error:
            print(error_line(error), file=sys.stderr)
            status = 2
            continue
        pieces = [ref.name for ref in (*deck.dice, *deck.parts)]
        rows.append((name, f"{len(deck.cards)} cards", str(deck.size), deck.title,
                     f"with {', '.join(pieces)}" if pieces else "", origin(entry)))
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(6)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    for label, shelf in (("dice", DICE), ("parts", PARTS), ("aids", AIDS), ("rules", RULES)):
        entries = catalogue(shelf)
        versions = translations(entries) if shelf is RULES else {}
        names = [_listed(name, entry, versions.get(name, [])) for name, entry in entries.items()
                 if not any(name in found for found in versions.values())]
        if names:
            print(f"{label}: {', '.join(names)}")
    from printgen.spec.printdata import print_facts
    print(f"papers: {', '.join(print_facts().papers)}")
    return status
