"""The difficulty rating: 1 to 5 stars for a deal at a level.

How hard a win is to find for a player who sees only what the level shows:
- the player model (player.py) plays `games` seeded games of the deal (its win
  rate is printed with a 95% Wilson interval); their hardness, the games lost plus
  one for every `nodes_per_loss` solver nodes they spent, per game, sets the stars
  against the level's four cuts in data/player-model.yaml (1 star below the first,
  5 at or above the last; the cuts put about a fifth of a level's deals at each
  star). The nodes break the ties among deals with the same wins: the model had to
  search longer to win the harder ones. A level with no cuts takes its stars from
  the win rate (1 star at win_rates[0] or more, ..., 5 below the last);
- the level's `recycle_star` more (at most 5; none at Pyramid's level, where nearly
  every win needs a recycle) when a win needs a recycle: proven, that is the
  key recycles and a win with no recycle was proven impossible (key.recycle_needed).
  A count the key's budget left open (a win with fewer recycles not ruled out) adds
  nothing: a star never comes from a budget running out.
A deal the solver does not win gets no stars (0).
The solution key and the verdict come from key.py; the rating carries them, so
the sheet, the JSON and the booklet print one truth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printgen.deal.rating.ahead import Ahead, channel, search_ahead, share, worth_ahead
from printgen.deal.rating.interval import wilson
from printgen.deal.rating.key import Key, KeyBudgets, find_key
from printgen.deal.rating.player import ModelParams, play
from printgen.deal.search.solver import DEFAULT_BUDGET
from printgen.deal.table.deal import Deal
from printgen.deal.table.rules import Level
from printgen.workers import pool as worker_pool
from printgen.workers import worker_count


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
    the determinizations it drew at each decision and the solver nodes its games
    spent in all."""

    wins: int
    games: int
    samples: int
    nodes: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def hardness(self, nodes_per_loss: int) -> float:
        """Games lost, plus one for every `nodes_per_loss` solver nodes spent, per
        game: among deals with the same wins, the model searched longer to win the
        harder ones."""
        if not self.games:
            return 0.0
        spent = self.nodes / nodes_per_loss if nodes_per_loss else 0.0
        return (self.games - self.wins + spent) / self.games


@dataclass(frozen=True)
class StarScale:
    """Stars from the model's games (see the module docstring).

    hardness: per level, four cuts on the games' hardness (lost games plus solver
    nodes spent, see ModelRate.hardness), low to high: 1 star below the first, 5 at
    or above the last. A level without cuts of its own takes its stars from the win
    rate: 1 star when it is at least win_rates[0], ..., 5 below the last.
    recycle_star: the stars a proven recycle adds, at a level not in recycle_stars.
    """

    win_rates: tuple[float, ...]
    recycle_star: int
    hardness: tuple[tuple[Level, tuple[float, ...]], ...] = ()
    nodes_per_loss: int = 0
    recycle_stars: tuple[tuple[Level, int], ...] = ()     # a level's own recycle_star

    def recycle_star_at(self, level: Level) -> int:
        """The stars a proven recycle adds at `level`."""
        for at, extra in self.recycle_stars:
            if at is level:
                return extra
        return self.recycle_star

    def model_stars(self, level: Level, model: ModelRate) -> int:
        """Stars the model's games give, before any recycle star."""
        for at, cuts in self.hardness:
            if at is level:
                score = model.hardness(self.nodes_per_loss)
                return 1 + sum(1 for cut in cuts if score >= cut)
        return 1 + sum(1 for share in self.win_rates if model.rate < share)

    def stars(self, level: Level, model: ModelRate, recycles: int | None) -> int:
        """Stars for the model's games and the recycles a win is proven to need
        (0 or None when none is proven needed)."""
        extra = self.recycle_star_at(level) if recycles else 0
        return min(5, self.model_stars(level, model) + extra)


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


def _game(args: tuple[Deal, Level, ModelParams, int]) -> tuple[bool, int]:
    """One model game: won, and the solver nodes it spent."""
    deal, level, params, game = args
    result = play(deal, level, game, params)
    return result.won, result.nodes


def _key(deal: Deal, level: Level, budgets: KeyBudgets, budget: int, ahead: bool) -> Key:
    """find_key in a worker, with the search ahead rate() started beside it (if ahead)."""
    return find_key(deal, level, budgets, budget=budget, ahead=channel() if ahead else None)


def tally(games: list[tuple[bool, int]], samples: int) -> ModelRate:
    """The ModelRate of games played, each (won, solver nodes spent)."""
    return ModelRate(sum(won for won, _ in games), len(games), samples,
                     sum(nodes for _, nodes in games))


def model_rate(deal: Deal, level: Level, params: ModelParams, *,
               stop: Callable[[ModelRate], bool] | None = None) -> ModelRate:
    """The model's `params.games` games, one after the other; with `stop`, only until
    stop(the games so far) is true (a partial count)."""
    games: list[tuple[bool, int]] = []
    for game in range(params.games):
        games.append(_game((deal, level, params, game)))
        if stop is not None and stop(tally(games, params.samples)):
            break
    return tally(games, params.samples)


def rate(deal: Deal, level: Level | str | None, data: ModelData, *, jobs: int = 1,
         budget: int = DEFAULT_BUDGET, model: ModelRate | None = None,
         meanwhile: Callable[[], object] | None = None) -> Rating:
    """Rate a deal at a level (None: the rule set's default) with `data`: the key and
    the model's games (or `model`, the games already played). With jobs > 1 the key's
    search and the games are tasks for `jobs` worker processes (at most the cores:
    worker_count), the key first and each game a task of its own, so a worker that
    finishes takes the next: a key that takes seconds keeps one worker while the
    others play the games; at Jedi Temple the key's search for a win with no
    recycle, which on the slowest sheets comes up empty, starts beside the key on a
    worker of its own (ahead.py) and is stopped when the key does not need it.
    Every search is bounded in positions, not seconds, so the rating is the same
    whatever `jobs`. A deal proven lost plays no games: the model,
    which plays the real deal, loses every one of them, so they are counted 0 of
    `games` without being played.
    meanwhile: work of the caller's that needs no rating, done in this process while
    the workers search (a key that takes a while leaves a core free), or first."""
    at = deal.rules.level(level)
    params = data.model
    workers = worker_count(jobs, 1 + params.games)       # a task for the key, one a game
    if model is None and workers > 1:
        import multiprocessing
        sharing = Ahead(multiprocessing.get_context())
        ahead = worth_ahead(deal)
        with worker_pool(workers, share=share, shared=(sharing,)) as pool:
            searching = pool.submit(_key, deal, at.level, data.key, budget, ahead)
            if ahead:
                pool.submit(search_ahead, deal, at.level, data.key.fewer_search)
            futures = [pool.submit(_game, (deal, at.level, params, game))
                       for game in range(params.games)]
            if meanwhile is not None:
                meanwhile()
            key = searching.result()
            if key.winnable is False:
                for future in futures:
                    future.cancel()
            else:
                model = tally([f.result() for f in futures], params.samples)
    else:
        if meanwhile is not None:
            meanwhile()
        key = find_key(deal, at.level, data.key, budget=budget)
    if model is None:
        model = (ModelRate(0, params.games, params.samples) if key.winnable is False
                 else model_rate(deal, at.level, params))
    needed = key.recycles if key.recycle_needed else 0
    stars = data.stars.stars(at.level, model, needed) if key.winnable else 0
    return Rating(stars, model, key, at.recycles)


def screen(deal: Deal, level: Level | str | None, data: ModelData,
           stars: int) -> ModelRate | None:
    """The model's games for a deal that can still get `stars` at the level, or None
    as soon as the games played show it cannot (the key can only add recycle_star).
    They are the same games rate() plays with `data`, so a deal is never wrongly left
    out, and the result can be handed to rate()."""
    scale, params = data.stars, data.model
    at = deal.rules.level(level).level

    def reachable(model: ModelRate) -> set[int]:
        left = params.games - model.games
        # the games left all lost with every node of their patience spent (and more
        # than its last search may overrun), or all won spending none: the stars lie
        # between (they grow with losses and with nodes)
        worst = ModelRate(model.wins, params.games, params.samples,
                          model.nodes + left * (params.patience + params.budget))
        best = ModelRate(model.wins + left, params.games, params.samples, model.nodes)
        fewest, most = scale.model_stars(at, best), scale.model_stars(at, worst)
        return {min(5, s + extra) for s in range(fewest, most + 1)
                for extra in (0, scale.recycle_star_at(at))}

    model = model_rate(deal, at, params, stop=lambda model: stars not in reachable(model))
    return model if model.games == params.games and stars in reachable(model) else None
