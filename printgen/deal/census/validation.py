"""Do the stars mean something? Deals rated in bulk, tabled by star level.

For each (deal, level) the deal is rated as its sheet rates it (rating/rating.py), then
played by three players the stars were not made from: one more game of the player
model (game number `games`, which no rating plays: a held-out game), the simple
greedy player (greedy.py) and the look-ahead player (lookahead.py), the last two
independent of the model and the solver. Per level and star level the table gives
the deals, the model's mean win rate in its rating games, and the held-out game's
and the two independent players' win rates with 95% Wilson intervals. More stars
should mean lower win rates for all of them. Results are in deal order whatever
--jobs.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields

from printgen.deal.census.greedy import greedy_wins
from printgen.deal.census.lookahead import lookahead_wins
from printgen.deal.rating.interval import percent, wilson
from printgen.deal.rating.player import play
from printgen.deal.rating.rating import ModelData, rate
from printgen.deal.table.deal import seeded_deal
from printgen.deal.table.rules import Level, RuleSet
from printgen.progress import progress
from printgen.workers import map_in_order

STARS = range(1, 6)


@dataclass(frozen=True)
class StarResult:
    """One deal at one level: its rating and the three independent games."""

    number: int
    level: str
    winnable: bool | None
    stars: int
    wins: int
    games: int
    nodes: int              # solver nodes the rating games spent (the stars' tie-break)
    recycles: int | None
    held_out_won: bool
    greedy_won: bool
    lookahead_won: bool


@dataclass(frozen=True)
class StarRow:
    """One star level of one level."""

    level: str
    stars: int
    deals: int
    share: float            # of the level's rated deals
    model_rate: float       # mean win rate of the rating games
    held_out_rate: float
    held_out_low: float
    held_out_high: float
    greedy_rate: float
    greedy_low: float
    greedy_high: float
    lookahead_rate: float
    lookahead_low: float
    lookahead_high: float


def _deal(args: tuple[RuleSet, int, tuple[str, ...], ModelData]) -> list[StarResult]:
    rules, number, levels, data = args
    params = data.model
    deal = seeded_deal(rules, number)
    results = []
    for level in levels:
        rating = rate(deal, level, data)
        results.append(StarResult(number, level, rating.winnable, rating.stars,
                                  rating.model.wins, rating.model.games, rating.model.nodes,
                                  rating.key.recycles,
                                  play(deal, level, params.games, params).won,
                                  greedy_wins(deal, level), lookahead_wins(deal, level)))
    return results


def run_stars(start: int, count: int, levels: Sequence[Level], *, rules: RuleSet,
              data: ModelData, jobs: int = 1, quiet: bool = False) -> list[StarResult]:
    """Rate (with `data`) and play deals start..start+count-1 of `rules` (its cards
    handed in) at each level, in deal order."""
    names = tuple(level.value for level in levels)
    work = [(rules, n, names, data) for n in range(start, start + count)]
    deals = map_in_order(_deal, work, jobs=jobs)
    return [r for one in progress(deals, total=count, desc="stars", unit="deal", quiet=quiet)
            for r in one]


def star_rows(results: Sequence[StarResult], levels: Sequence[Level]) -> list[StarRow]:
    rows = []
    for level in levels:
        rated = [r for r in results if r.level == level.value and r.winnable]
        for stars in STARS:
            mine = [r for r in rated if r.stars == stars]
            n = len(mine)
            held, greedy = sum(r.held_out_won for r in mine), sum(r.greedy_won for r in mine)
            ahead = sum(r.lookahead_won for r in mine)
            rows.append(StarRow(level.value, stars, n, n / max(1, len(rated)),
                                sum(r.wins / r.games for r in mine) / max(1, n),
                                held / max(1, n), *wilson(held, n),
                                greedy / max(1, n), *wilson(greedy, n),
                                ahead / max(1, n), *wilson(ahead, n)))
    return rows


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""
    def ranks(values: Sequence[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        result = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2
            i = j + 1
        return result
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else 0.0


def format_results_csv(results: Sequence[StarResult]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([f.name for f in fields(StarResult)])
    for result in results:
        writer.writerow(asdict(result).values())
    return out.getvalue()


def format_star_table(results: Sequence[StarResult], levels: Sequence[Level]) -> str:
    rows = star_rows(results, levels)
    head = (f"{'level':<8} {'stars':>5} {'deals':>6} {'share':>6} {'model (rating games)':>21}"
            f" {'model, held-out game (95% CI)':>31} {'greedy player (95% CI)':>26}"
            f" {'look-ahead player (95% CI)':>26}")
    lines = [head]
    for r in rows:
        if not r.deals:         # no deal of this many stars: no rate to show
            lines.append(f"{r.level:<8} {r.stars:>5} {r.deals:>6} {percent(r.share, 1):>5}%"
                         f" {'-':>21} {'-':>31} {'-':>26} {'-':>26}")
            continue
        lines.append(f"{r.level:<8} {r.stars:>5} {r.deals:>6} {percent(r.share, 1):>5}%"
                     f" {percent(r.model_rate, 1):>20}%"
                     f" {_share(r.held_out_rate, r.held_out_low, r.held_out_high):>31}"
                     f" {_share(r.greedy_rate, r.greedy_low, r.greedy_high):>26}"
                     f" {_share(r.lookahead_rate, r.lookahead_low, r.lookahead_high):>26}")
    for level in levels:
        rated = [r for r in results if r.level == level.value and r.winnable]
        if rated:
            stars = [r.stars for r in rated]
            lines.append(f"{level.value}: Spearman rank correlation of stars with the greedy "
                         f"player's win {spearman(stars, [r.greedy_won for r in rated]):+.3f}, "
                         f"the look-ahead player's "
                         f"{spearman(stars, [r.lookahead_won for r in rated]):+.3f}, "
                         f"the held-out model game's "
                         f"{spearman(stars, [r.held_out_won for r in rated]):+.3f}")
    return "\n".join(lines)


def _share(rate: float, low: float, high: float) -> str:
    return f"{percent(rate, 1):>5}% [{percent(low, 1):>5}, {percent(high, 1):>5}]"
