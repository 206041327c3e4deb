"""The 1,500 Pyramid deals with known answers, used by tests and benches.

Data: mchung94/pyramid-solver (resources/random-decks.txt and
random-deck-solution-lengths.txt), MIT License, Copyright (c) 2017 Mitchell
Chung. The files live in shared/data/pyramid-1500 beside the repository
clone (LICENSE there); printgen does not ship them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printgen.deal.deal import Deal
from printgen.deal.textio import parse_pyramid

REPO_ROOT = Path(__file__).resolve().parents[2]
PYRAMID_1500 = REPO_ROOT.parent / "shared" / "data" / "pyramid-1500"


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


def load_pyramid_1500(folder: Path = PYRAMID_1500) -> list[KnownDeal]:
    decks = folder / "random-decks.txt"
    lengths = folder / "solution-lengths.txt"
    deals = decks.read_text().splitlines()
    answers = [int(x) for x in lengths.read_text().split()]
    return [KnownDeal(n, parse_pyramid(text, f"{decks}:{n}"), answer)
            for n, (text, answer) in enumerate(zip(deals, answers), 1)]
