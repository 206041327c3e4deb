"""A second independent player, of another kind than greedy.py: it plans a few
moves ahead over the cards it can see.

Written on the reference engine (table/engine.py), like the greedy player, and
sharing nothing with the solver or the player model. At every turn it lists every
group that takes a Temple card (for each set of available cards, the fewest Force
values that balance it, as the greedy player builds them) and plays the one that
starts the best line of up to `DEPTH` groups in a row: the line that removes the
most Temple cards, then spends the fewest Force values, then the first in the
engine's order. A line uses only cards the player sees: at the face-down levels a
Temple card a line would uncover is unknown and is not planned with, and no line
draws (the stock is unseen). With no group it uses the Force with a Sylop, Draws,
Recycles or loses, as the greedy player does. It plays one fixed game per deal and
level.
"""

from __future__ import annotations

from itertools import combinations

from printgen.deal.census.greedy import _force_sums, choose, wins
from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import Game, IllegalMove, ItemKind, Move, Position
from printgen.deal.table.rules import Level

DEPTH = 3


def groups(game: Game, position: Position, known: int) -> list[tuple[Move, Position, int]]:
    """Every group taking a Temple card the player can see (Temple bits in `known`):
    (move, position after it, Temple cards it removes)."""
    rules = game.rules
    items = [item for item in game.available_items(position)
             if item.kind is not ItemKind.TEMPLE or known >> item.index & 1]
    values = [game.value(position, item) for item in items]
    force = _force_sums(position.pool) if rules.force_value is not None else {0: ()}
    found = []
    for size in range(1, (rules.max_cards or len(items)) + 1):
        for chosen in combinations(range(len(items)), size):
            temple = sum(items[i].kind is ItemKind.TEMPLE for i in chosen)
            need = rules.target - sum(values[i] for i in chosen)
            if not temple or need not in force:
                continue
            move = Move.balance(*(items[i] for i in chosen), force=tuple(sorted(force[need])))
            try:
                after = game.apply(position, move)
            except IllegalMove:
                continue
            found.append((move, after, temple))
    return found


def _line(game: Game, position: Position, known: int, depth: int) -> tuple[int, int]:
    """The best line's (Temple cards removed, -Force values spent) from `position`."""
    best = (0, 0)
    if depth == 0 or position.won:
        return best
    for move, after, temple in groups(game, position, known):
        rest = _line(game, after, known, depth - 1)
        score = (temple + rest[0], rest[1] - len(move.force))
        if score > best:
            best = score
    return best


def _known(game: Game, position: Position) -> int:
    """The Temple cards whose values the player may plan with: all of them at the
    face-up levels, the available ones at the face-down levels."""
    size = game.tableau.size
    if not game.level.face_down:
        return (1 << size) - 1
    return sum(1 << i for i in range(size) if game.available(position, i))


def plan_move(game: Game, position: Position) -> Move | None:
    """The first group of the best line, else the greedy player's fallback."""
    known = _known(game, position)
    best, chosen = (0, 0), None
    for move, after, temple in groups(game, position, known):
        rest = _line(game, after, known, DEPTH - 1)
        score = (temple + rest[0], rest[1] - len(move.force))
        if chosen is None or score > best:
            best, chosen = score, move
    return chosen if chosen is not None else choose(game, position)


def lookahead_wins(deal: Deal, level: Level | str | None = None) -> bool:
    """Does the look-ahead player win the deal at the level?"""
    return wins(deal, level, plan_move)
