"""The difficulty rating: 1 to 5 stars for a deal at a level.

How hard a win is to find for a player who sees only what the level shows:
- the player model (player.py) plays `games` seeded games of the deal; its win
  rate, with a 95% Wilson interval, sets the stars on the scale of
  data/player-model.yaml (1 star when it wins at least win_rates[0] of its
  games, 2 at least win_rates[1], ..., 5 below the last);
- `recycle_star` more (at most 5) when a win needs a recycle: proven, that is the
  key recycles and the search for a win with no recycle completed and found none
  (key.recycle_needed). A count the key's budget left open (a win with fewer
  recycles not ruled out) adds nothing: a star never comes from a budget running out.
A deal the solver does not win gets no stars (0).
The solution key and the verdict come from key.py; the rating carries them, so
the sheet, the JSON and the booklet print one truth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printgen.deal.rating.interval import wilson
from printgen.deal.rating.key import Key, KeyBudgets, find_key
from printgen.deal.rating.player import ModelParams, play
from printgen.deal.search.solver import DEFAULT_BUDGET
from printgen.deal.table.deal import Deal
from printgen.deal.table.rules import Level


@dataclass(frozen=True)
class StarScale:
    """Stars from the model's win rate (see the module docstring)."""

    win_rates: tuple[float, ...]
    recycle_star: int

    def stars(self, rate: float, recycles: int | None) -> int:
        """Stars for the model's win rate and the recycles a win is proven to need
        (0 or None when none is proven needed)."""
        base = 1 + sum(1 for share in self.win_rates if rate < share)
        return min(5, base + (self.recycle_star if recycles else 0))


@dataclass(frozen=True)
class ModelData:
    """What a rating is made with: the player model's parameters, the star scale and
    the key's search budgets. The caller reads them (printgen.spec.playermodel reads
    data/player-model.yaml) and hands them to rate() and screen()."""

    model: ModelParams
    stars: StarScale
    key: KeyBudgets


@dataclass(frozen=True)
class ModelRate:
    """The player model's games on one deal: wins of games, 95% Wilson interval,
    and the determinizations it drew at each decision."""

    wins: int
    games: int
    samples: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class Rating:
    """A deal's difficulty at one level, with the key it was rated with."""

    stars: int
    model: ModelRate
    key: Key
    recycles_allowed: int

    @property
    def winnable(self) -> bool | None:
        return self.key.winnable


def _games(args: tuple[Deal, Level, ModelParams, tuple[int, ...]]) -> int:
    deal, level, params, games = args
    return sum(play(deal, level, game, params).won for game in games)


def model_rate(deal: Deal, level: Level, params: ModelParams, *,
               stop: Callable[[int, int], bool] | None = None) -> ModelRate:
    """The model's `params.games` games, one after the other; with `stop`, only until
    stop(wins, played) is true (a partial count)."""
    wins = played = 0
    for game in range(params.games):
        wins += play(deal, level, game, params).won
        played += 1
        if stop is not None and stop(wins, played):
            break
    return ModelRate(wins, played, params.samples)


def rate(deal: Deal, level: Level | str | None, data: ModelData, *, jobs: int = 1,
         budget: int = DEFAULT_BUDGET, model: ModelRate | None = None) -> Rating:
    """Rate a deal at a level (None: the rule set's default) with `data`: the key and
    the model's games (or `model`, the games already played). With jobs > 1 the key's
    search and the games are tasks for `jobs` worker processes, the key first and
    each game a task of its own, so a worker that finishes takes the next: a key that
    takes seconds keeps one worker while the others play the games. Every search is
    bounded in positions, not seconds, so the rating is the same whatever `jobs`.
    A deal proven lost plays no games: the model, which plays the real deal, loses
    every one of them, so they are counted 0 of `games` without being played."""
    at = deal.rules.level(level)
    params = data.model
    if model is None and jobs > 1:
        from printgen.workers import pool as worker_pool
        with worker_pool(jobs) as pool:
            searching = pool.submit(find_key, deal, at.level, data.key, budget=budget)
            futures = [pool.submit(_games, (deal, at.level, params, (game,)))
                       for game in range(params.games)]
            key = searching.result()
            if key.winnable is False:
                for future in futures:
                    future.cancel()
                model = ModelRate(0, params.games, params.samples)
            else:
                model = ModelRate(sum(f.result() for f in futures), params.games, params.samples)
    else:
        key = find_key(deal, at.level, data.key, budget=budget)
        if model is None and key.winnable is False:
            model = ModelRate(0, params.games, params.samples)
        model = model or model_rate(deal, at.level, params)
    needed = key.recycles if key.recycle_needed else 0
    stars = data.stars.stars(model.rate, needed) if key.winnable else 0
    return Rating(stars, model, key, at.recycles)


def screen(deal: Deal, level: Level | str | None, data: ModelData,
           stars: int) -> ModelRate | None:
    """The model's games for a deal that can still get `stars` at the level, or None
    as soon as the games played show it cannot (the key can only add recycle_star).
    They are the same games rate() plays with `data`, so a deal is never wrongly left
    out, and the result can be handed to rate()."""
    scale, games = data.stars, data.model.games

    def reachable(wins: int, played: int) -> set[int]:
        most = scale.stars(wins / games, 0)                      # losing every game left
        fewest = scale.stars((wins + games - played) / games, 0)  # winning every one
        return {min(5, s + extra) for s in range(fewest, most + 1)
                for extra in (0, scale.recycle_star)}

    model = model_rate(deal, deal.rules.level(level).level, data.model,
                       stop=lambda wins, played: stars not in reachable(wins, played))
    return model if model.games == games and stars in reachable(model.wins, games) else None
