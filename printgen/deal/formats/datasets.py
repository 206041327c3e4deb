"""The 1,500 Pyramid deals with known answers, used by tests and benches.

Data: mchung94/pyramid-solver (resources/random-decks.txt and
random-deck-solution-lengths.txt), MIT License, Copyright (c) 2017 Mitchell
Chung. The tests keep a copy in tests/fixtures/pyramid-1500 (LICENSE there);
printgen does not ship them, so the folder is always given.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printgen.deal.formats.textio import parse_deal
from printgen.deal.table.deal import Deal
from printgen.deal.table.rules import PYRAMID


@dataclass(frozen=True)
class KnownDeal:
    """A data-set deal: its number (1-based line), the deal, and the shortest
    solution length (draws and recycles counted; 0 when it cannot be won)."""

    number: int
    deal: Deal
    shortest: int

    @property
    def winnable(self) -> bool:
        return self.shortest > 0


def load_pyramid_1500(folder: Path) -> list[KnownDeal]:
    decks = folder / "random-decks.txt"
    lengths = folder / "solution-lengths.txt"
    deals = decks.read_text().splitlines()
    answers = [int(x) for x in lengths.read_text().split()]
    return [KnownDeal(n, parse_deal(PYRAMID, text, f"{decks}:{n}"), answer)
            for n, (text, answer) in enumerate(zip(deals, answers), 1)]
