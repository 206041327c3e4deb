"""printgen list: every deck found, with its card count and size."""

from __future__ import annotations

import argparse
import sys

from printgen.errors import PrintgenError
from printgen.spec import deck_files, display_path
from printgen.spec.deck import load_deck_file


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    return sub.add_parser("list", parents=parents, help="list the decks, dice and parts found",
                          description="List every deck found in decks/ (in the current folder "
                                      "and printgen's own) with its card count, card size, title "
                                      "and the dice and parts printed with it; then every die "
                                      "(decks/dice/) and part (decks/parts/) that can be printed.")


def run(args: argparse.Namespace) -> int:
    status = 0
    rows = []
    for name, path in deck_files().items():
        try:
            deck = load_deck_file(path, display_path(path))
        except PrintgenError as error:
            print(f"printgen: error: {error}", file=sys.stderr)
            status = 2
            continue
        extras = [*deck.extra.get("dice", []), *deck.extra.get("parts", [])]
        rows.append((name, f"{len(deck.cards)} cards", str(deck.size), deck.title,
                     f"with {', '.join(map(str, extras))}" if extras else ""))
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(5)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    from printgen.products.parts import piece_names
    for folder in ("dice", "parts"):
        names = piece_names(folder)
        if names:
            print(f"{folder}: {', '.join(names)}")
    return status
