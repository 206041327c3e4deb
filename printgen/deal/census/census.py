"""The census: full-knowledge and player-model win rates per level over many deals.

Each (deal, level) is decided by the solver, played once by the player model
(game 0, rating/player.py) and once by the simple greedy player (greedy.py). Work is
spread over a process pool; results are gathered by deal number, so they are the
same whatever the number of jobs.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, fields

from printgen.deal.census.greedy import greedy_wins
from printgen.deal.rating.interval import percent, wilson
from printgen.deal.rating.player import ModelParams, play
from printgen.deal.search.solver import DEFAULT_BUDGET, solve
from printgen.deal.table.deal import seeded_deal
from printgen.deal.table.rules import Level, RuleSet
from printgen.progress import progress
from printgen.workers import map_in_order

CHUNK = 2     # deals a worker takes at a time


@dataclass(frozen=True)
class CensusRow:
    """One level's results."""

    level: str
    deals: int
    winnable: int
    undecided: int
    win_rate: float
    win_low: float
    win_high: float
    player_wins: int
    player_rate: float
    player_low: float
    player_high: float
    greedy_wins: int
    greedy_rate: float
    greedy_low: float
    greedy_high: float


@dataclass(frozen=True)
class DealResult:
    number: int
    level: str
    winnable: bool | None
    player_won: bool
    nodes: int
    greedy_won: bool = False


def _deal(args: tuple[RuleSet, int, tuple[str, ...], int, ModelParams]) -> list[DealResult]:
    rules, number, levels, budget, params = args
    deal = seeded_deal(rules, number)
    results = []
    for level in levels:
        solution = solve(deal, level, budget=budget)
        results.append(DealResult(number, level, solution.winnable,
                                  play(deal, level, 0, params).won, solution.nodes,
                                  greedy_wins(deal, level)))
    return results


def run_deals(start: int, count: int, levels: Sequence[Level], *, rules: RuleSet,
              params: ModelParams, jobs: int = 1, budget: int = DEFAULT_BUDGET,
              quiet: bool = False) -> list[DealResult]:
    """Solve and play deals start..start+count-1 of `rules` (Jedi Temple, its cards
    handed in) at each level, in deal order (the progress bar counts deals); the
    player model plays with `params`."""
    names = tuple(level.value for level in levels)
    work = [(rules, n, names, budget, params) for n in range(start, start + count)]
    deals = map_in_order(_deal, work, jobs=jobs, chunksize=CHUNK)
    return [r for one in progress(deals, total=count, desc="census", unit="deal", quiet=quiet)
            for r in one]


def census_rows(results: Sequence[DealResult], levels: Sequence[Level]) -> list[CensusRow]:
    """The table: one row per level (for printing, CSV and charts)."""
    rows = []
    for level in levels:
        mine = [r for r in results if r.level == level.value]
        decided = [r for r in mine if r.winnable is not None]
        won = sum(1 for r in decided if r.winnable)
        played = sum(1 for r in mine if r.player_won)
        greedy = sum(1 for r in mine if r.greedy_won)
        rows.append(CensusRow(level.value, len(mine), won, len(mine) - len(decided),
                              won / max(1, len(decided)), *wilson(won, len(decided)), played,
                              played / max(1, len(mine)), *wilson(played, len(mine)), greedy,
                              greedy / max(1, len(mine)), *wilson(greedy, len(mine))))
    return rows


def format_csv(rows: Sequence[CensusRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([f.name for f in fields(CensusRow)])
    for row in rows:
        writer.writerow([f"{v:.4f}" if isinstance(v, float) else v
                         for v in (getattr(row, f.name) for f in fields(CensusRow))])
    return out.getvalue()


def format_table(rows: Sequence[CensusRow]) -> str:
    lines = [(f"{'level':<8} {'deals':>6} {'winnable (95% CI)':>26} {'player model (95% CI)':>26}"
              f" {'greedy player (95% CI)':>26}")]
    for r in rows:
        lines.append(f"{r.level:<8} {r.deals:>6} {_share(r.win_rate, r.win_low, r.win_high)}"
                     f" {_share(r.player_rate, r.player_low, r.player_high)}"
                     f" {_share(r.greedy_rate, r.greedy_low, r.greedy_high)}"
                     + (f"  undecided {r.undecided}" if r.undecided else ""))
    return "\n".join(lines)


def _share(rate: float, low: float, high: float) -> str:
    return f"{percent(rate, 2):>7}% [{percent(low, 2):>6}, {percent(high, 2):>6}]"
