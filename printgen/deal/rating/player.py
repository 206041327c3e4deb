"""The player model: determinization with hindsight optimisation.

The approach of Bjarnason, Fern and Tadepalli's Monte-Carlo planning for
Klondike: the model sees only what the level shows (knowledge.py) and plans with
the full-knowledge solver on deals consistent with it.

A game. The model draws `samples` determinizations of the deal (the unseen
cards shuffled over the unseen places, the rolls to come drawn afresh) and keeps
them consistent with what it sees: when a card is turned up (a Draw, a face-down
Temple card uncovered) or a roll is thrown, each determinization that had
something else there swaps the real card in (knowledge.condition). The game's
player has a search budget drawn log-uniformly from low_budget to budget nodes:
the model is a population of players from nearly greedy to strong, so its win
rate on a deal is graded rather than all or nothing.

A decision (a position with more than one move worth a thought, see options()):
1. each determinization is solved from the position: by a winning plan kept from
   before or found at this decision for another determinization, if it still
   wins this one (checked move by move), else by the solver within the budget;
2. each solution's first move gets a vote. When the votes differ, the
   `candidates` best voted moves are scored by the number of determinizations
   each wins (solving again after the move where needed); the move winning the
   most is played, ties going to the one with more votes.
3. When no determinization is won, a move is picked at random from the options.
A game spends at most `patience` solver nodes (its last search may overrun by
one); after that its searches count as not won. A move with no alternative (a
Sylop while a roll is left for every Sylop, a lone Draw) is played at once. Every
random draw comes from a SplitMix64 stream seeded from the deal number, level,
game number and the model's seed: a game never changes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.deal.rating.knowledge import (
    condition,
    determinize,
    hidden_places,
    plan_wins,
    seen_after,
)
from printgen.deal.search.solver import force_moves, forced_move, group_moves, solve_from
from printgen.deal.search.state import DRAW_MOVE_T, FULL, RECYCLE_MOVE_T, Board, State
from printgen.deal.table.deal import Deal
from printgen.deal.table.rules import Level
from printgen.deal.table.shuffle import MASK64, SplitMix64

MAX_TURNS = 2000


@dataclass(frozen=True)
class ModelParams:
    """The model's parameters (printgen/data/player-model.yaml says why each)."""

    samples: int          # determinizations per decision
    budget: int           # solver nodes per determinization (the most, see low_budget)
    low_budget: int       # each game's budget is drawn log-uniformly from low_budget..budget
    patience: int         # solver nodes one game may spend in all
    candidates: int       # most first moves scored against every determinization
    games: int            # model games per rating
    seed: int             # mixed into every game's random stream


@dataclass(frozen=True)
class GameResult:
    """One model game: won or not, its decisions and the solver nodes it spent."""

    won: bool
    moves: int
    decisions: int
    nodes: int


def options(board: Board, s: State) -> list[tuple]:
    """The moves worth a thought: a free Sylop alone if there is one; else Use the
    Force with each Sylop (a roll left, but not one for every Sylop), every group
    taking a Temple card (the largest first), Draw, Recycle."""
    cards = board.cards(s)
    forced = forced_move(board, s, cards)
    if forced is not None:
        return [forced]
    groups = [g for g in group_moves(board, s, cards) if g[1]]
    groups.sort(key=lambda g: (-(g[1].bit_count() + g[2] + g[3]), len(g[4])))
    groups = force_moves(board, s, cards) + groups
    if board.can_draw(s):
        groups.append(DRAW_MOVE_T)
    if board.can_recycle(s):
        groups.append(RECYCLE_MOVE_T)
    return groups


def game_budget(params: ModelParams, rng: SplitMix64) -> int:
    """This game's solver budget: log-uniform from low_budget to budget."""
    if params.low_budget >= params.budget:
        return params.budget
    span = math.log(params.budget / params.low_budget)
    return round(params.low_budget * math.exp(span * rng.below(1 << 20) / (1 << 20)))


def seed_of(deal: Deal, level: Level, game: int, seed: int) -> int:
    levels = [rules.level for rules in deal.rules.levels]
    base = ((deal.number or 0) * 8 + levels.index(level)) * 1_000_003 + game
    return (base + seed * 0x9E3779B97F4A7C15) & MASK64


class _Particle:
    """One determinization kept through a game: its values, rolls, board and plan."""

    def __init__(self, board: Board, hidden: tuple[int, ...], rolls_known: int,
                 rng: SplitMix64) -> None:
        deal = determinize(board.deal, hidden, rolls_known, rng)
        self.values = list(deal.values)
        self.rolls = list(deal.rolls)
        self.level = board.level.level
        self.board = Board(deal, self.level)
        self.plan: list[tuple] | None = None

    def observe(self, truth: Deal, before: tuple[int, ...], after: tuple[int, ...],
                rolls_known: int, rng: SplitMix64) -> None:
        if condition(self.values, self.rolls, truth, before, after, rolls_known, rng):
            deal = Deal(truth.rules, tuple(self.values), tuple(self.rolls), truth.number)
            self.board = Board(deal, self.level)


class _Decider:
    """One game's decisions over its determinizations."""

    def __init__(self, board: Board, params: ModelParams, rng: SplitMix64, s: State,
                 seen: int) -> None:
        self.board = board
        self.params = params
        self.rng = rng
        self.budget = game_budget(params, rng)
        self.hidden = hidden_places(board, s, seen)
        self.rolls_known = s[6]
        self.particles = [_Particle(board, self.hidden, s[6], rng) for _ in range(params.samples)]
        self.known: list[list[tuple]] = []      # the winning plans found at this decision
        self.nodes = 0

    def played(self, move: tuple, s: State, seen: int) -> None:
        """After `move` (now in state s): plans that began with it go on, the others
        are dropped; the determinizations learn what was turned up."""
        hidden = hidden_places(self.board, s, seen)
        news = hidden != self.hidden or s[6] != self.rolls_known
        for particle in self.particles:
            plan = particle.plan
            particle.plan = plan[1:] if plan and plan[0] == move else None
            if news:
                particle.observe(self.board.deal, self.hidden, hidden, s[6], self.rng)
        self.hidden, self.rolls_known = hidden, s[6]

    def _plan(self, particle: _Particle, s: State, first: tuple | None = None) -> list[tuple] | None:
        """A plan that wins the particle from s (starting with `first` if given): its
        own, another found at this decision, or the solver's."""
        mine = [particle.plan] if particle.plan else []
        for plan in mine + self.known:
            if (first is None or plan[0] == first) and plan_wins(particle.board, s, plan):
                return plan
        found: list[tuple] | None
        if first is None:
            won, path = self._search(particle.board, s)
            found = path if won else None
        else:
            after = self.board.apply(s, first)
            won, path = (True, []) if after[0] == FULL else self._search(particle.board, after)
            found = [first] + path if won else None
        if found and found not in self.known:
            self.known.append(found)
        return found

    def _search(self, board: Board, s: State) -> tuple[bool | None, list[tuple]]:
        """The solver within this game's budget and what is left of its patience."""
        budget = min(self.budget, self.params.patience - self.nodes)
        if budget <= 0:
            return None, []
        won, path, nodes = solve_from(board, s, budget=budget)
        self.nodes += nodes
        return won, path

    def decide(self, s: State, moves: list[tuple]) -> tuple:
        """The move that wins the most determinizations (see the module docstring)."""
        self.known = []
        for particle in self.particles:
            particle.plan = self._plan(particle, s)
        votes: dict[tuple, int] = {}
        for particle in self.particles:
            if particle.plan:
                votes[particle.plan[0]] = votes.get(particle.plan[0], 0) + 1
        if not votes:
            return moves[self.rng.below(len(moves))]
        ranked = sorted(votes, key=lambda m: -votes[m])[:self.params.candidates]
        if len(ranked) > 1:
            plans = {m: [self._plan(p, s, m) for p in self.particles] for m in ranked}
            wins = {m: sum(plan is not None for plan in plans[m]) for m in ranked}
            ranked.sort(key=lambda m: (-wins[m], -votes[m]))
            for particle, plan in zip(self.particles, plans[ranked[0]]):
                particle.plan = plan
        return ranked[0]


def play(deal: Deal, level: Level | str | None, game: int, params: ModelParams) -> GameResult:
    """One game of the player model."""
    board = Board(deal, level)
    rng = SplitMix64(seed_of(deal, board.level.level, game, params.seed))
    s = board.start()
    seen = seen_after(0, s)
    decider = _Decider(board, params, rng, s, seen)
    decisions = turns = 0
    while s[0] != FULL and turns < MAX_TURNS:
        moves = options(board, s)
        if not moves:
            break
        if len(moves) == 1:
            move = moves[0]
        else:
            move = decider.decide(s, moves)
            decisions += 1
        s = board.apply(s, move)
        seen = seen_after(seen, s)
        decider.played(move, s, seen)
        turns += 1
    return GameResult(s[0] == FULL, turns, decisions, decider.nodes)
