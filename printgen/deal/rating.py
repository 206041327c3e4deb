"""The difficulty rating: 1 to 5 stars for a deal at a level.

How hard a win is to find, for a player who sees only what the level shows:
- p: the share of 16 seeded games the greedy player model wins (player.py);
- r: the fewest recycles a win needs, as a share of the level's recycles.
difficulty = 0.75 * (1 - p) + 0.25 * r, and stars = 1 + round(4 * difficulty).
A deal that cannot be won at all gets 0 stars.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.deal.deal import Deal
from printgen.deal.player import win_rate
from printgen.deal.rules import Level
from printgen.deal.solver import DEFAULT_BUDGET, solve

GAMES = 16
PLAYER_WEIGHT = 0.75
RECYCLE_WEIGHT = 0.25


@dataclass(frozen=True)
class Rating:
    """A deal's difficulty at one level (see the module docstring)."""

    stars: int
    winnable: bool | None
    player_win_rate: float
    games: int
    solution_moves: int | None
    recycles_needed: int | None
    difficulty: float


def _recycles_needed(deal: Deal, level: Level | str | None, most: int, budget: int) -> int | None:
    for recycles in range(most + 1):
        if solve(deal, level, budget=budget, recycles=recycles).winnable:
            return recycles
    return None


def rate(deal: Deal, level: Level | str | None = None, *, games: int = GAMES,
         budget: int = DEFAULT_BUDGET) -> Rating:
    """Rate a deal at a level (deterministic: the same deal always gets the same rating)."""
    level_rules = deal.rules.level(level)
    solution = solve(deal, level, budget=budget)
    rate_won = win_rate(deal, level, games)
    if not solution.winnable:
        return Rating(0, solution.winnable, rate_won, games, None, None, 1.0)
    needed = _recycles_needed(deal, level, level_rules.recycles, budget)
    share = (needed or 0) / level_rules.recycles if level_rules.recycles else 0.0
    difficulty = PLAYER_WEIGHT * (1 - rate_won) + RECYCLE_WEIGHT * share
    return Rating(_stars(difficulty), True, rate_won, games, len(solution.moves or ()), needed,
                  round(difficulty, 4))


def possible_stars(deal: Deal, level: Level | str | None = None, *, games: int = GAMES) -> range:
    """The stars the deal can get at the level if it is winnable, from the player model
    alone (a few milliseconds, no search): the recycles a win needs add between 0 and
    RECYCLE_WEIGHT to the difficulty, so rate() gives one of these."""
    low = PLAYER_WEIGHT * (1 - win_rate(deal, level, games))
    return range(_stars(low), _stars(low + RECYCLE_WEIGHT * 1.0) + 1)


def _stars(difficulty: float) -> int:
    return 1 + round(4 * difficulty)
