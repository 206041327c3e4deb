"""An independent simple player, to check the stars against: it takes the first
group it sees.

Written on the reference engine (table/engine.py), not the solver: at every turn it
looks at the available cards in the engine's order (Temple cards from the apex
down, left to right, then the Draw card and the Discard top) and removes the
first group that takes a Temple card, smallest groups first, using the fewest
Force values that make it balance; else it uses the Force with a Sylop; else it
Draws; else it Recycles; else the game is lost. It never looks ahead and never
chooses between groups, so it plays one fixed game per deal and level.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product

from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import (
    DRAW_MOVE,
    RECYCLE_MOVE,
    Game,
    IllegalMove,
    ItemKind,
    Move,
    Position,
)
from printgen.deal.table.rules import Level


def _force_sums(pool: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Signed sums of the pool's values -> the fewest signed values making them."""
    sums: dict[int, tuple[int, ...]] = {0: ()}
    for size in range(1, len(pool) + 1):
        for chosen in combinations(pool, size):
            for signs in product((1, -1), repeat=size):
                signed = tuple(v * s for v, s in zip(chosen, signs))
                sums.setdefault(sum(signed), signed)
    return sums


def first_group(game: Game, position: Position) -> Move | None:
    """The first group taking a Temple card, smallest first (None if there is none)."""
    rules = game.rules
    items = game.available_items(position)
    values = [game.value(position, item) for item in items]
    force = _force_sums(position.pool) if rules.force_value is not None else {0: ()}
    for size in range(1, (rules.max_cards or len(items)) + 1):
        for chosen in combinations(range(len(items)), size):
            if all(items[i].kind is not ItemKind.TEMPLE for i in chosen):
                continue
            need = rules.target - sum(values[i] for i in chosen)
            if need not in force:
                continue
            move = Move.balance(*(items[i] for i in chosen), force=tuple(sorted(force[need])))
            try:
                game.apply(position, move)
            except IllegalMove:
                continue
            return move
    return None


def choose(game: Game, position: Position) -> Move | None:
    group = first_group(game, position)
    if group is not None:
        return group
    if rules_force(game) and position.rolls_used < len(game.deal.rolls):
        for item in game.available_items(position):
            if game.value(position, item) == game.rules.force_value:
                return Move.use_force(item)
    if game.can_draw(position):
        return DRAW_MOVE
    if game.can_recycle(position):
        return RECYCLE_MOVE
    return None


def rules_force(game: Game) -> bool:
    return game.rules.force_value is not None


def greedy_wins(deal: Deal, level: Level | str | None = None) -> bool:
    """Does the greedy player win the deal at the level?"""
    return wins(deal, level, choose)


def wins(deal: Deal, level: Level | str | None, player: Callable[[Game, Position], Move | None]) -> bool:
    """Does a player (its choice of move in a position, None when it has none) win the
    deal at the level? Every game ends: each move removes cards, turns up a stock card
    or spends one of the level's recycles."""
    game = Game(deal, level)
    position = game.start()
    while not position.won:
        move = player(game, position)
        if move is None:
            return False
        position = game.apply(position, move)
    return True
