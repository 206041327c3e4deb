"""The game engine: positions, moves, legality, and replay of a move list.

This module is the reference for the rules stated in docs/jedi-temple.md ("The
rules the engine plays") and docs/pyramid.md ("The rules"), written for clarity;
the solver has its own fast representation, and every solution it finds is
checked by `replay` here.

The non-Temple cards keep one fixed cycle order: the discard pile from bottom
to top, then the Draw card, then the stock from top to bottom. Draws and
recycles never change that order (a recycle turns the discard pile over so the
card discarded first comes up first), so a position stores the remaining pile
cards (as indices into the deal's pile cards, so each card keeps its identity)
in that order plus a cursor: `piles[:cursor]` is the discard pile,
`piles[cursor]` the Draw card when `has_draw`, the rest the stock.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations, product

from printgen.deal.table.deal import Deal
from printgen.deal.table.rules import Level, LevelRules
from printgen.deal.table.tableau import Tableau
from printgen.errors import IllegalMove


class ItemKind(Enum):
    TEMPLE = "temple"
    DRAW = "draw"
    DISCARD = "discard"


@dataclass(frozen=True, order=True)
class Item:
    """An available card: a Temple position (row, col from the apex), the Draw card
    or the Discard top."""

    kind: ItemKind
    row: int = -1
    col: int = -1

    @classmethod
    def temple(cls, row: int, col: int) -> Item:
        return cls(ItemKind.TEMPLE, row, col)

    @property
    def index(self) -> int:
        return Tableau.index_of(self.row, self.col)


DRAW = Item(ItemKind.DRAW)
DISCARD = Item(ItemKind.DISCARD)


class MoveKind(Enum):
    BALANCE = "balance"
    FORCE = "force"
    DRAW = "draw"
    RECYCLE = "recycle"


@dataclass(frozen=True)
class Move:
    """A move. BALANCE: `cards` and signed `force` values; FORCE: `cards` is the Sylop."""

    kind: MoveKind
    cards: tuple[Item, ...] = ()
    force: tuple[int, ...] = ()

    @classmethod
    def balance(cls, *cards: Item, force: tuple[int, ...] = ()) -> Move:
        return cls(MoveKind.BALANCE, tuple(cards), tuple(force))

    @classmethod
    def use_force(cls, sylop: Item) -> Move:
        return cls(MoveKind.FORCE, (sylop,))


DRAW_MOVE = Move(MoveKind.DRAW)
RECYCLE_MOVE = Move(MoveKind.RECYCLE)


@dataclass(frozen=True)
class Position:
    """A game position (see the module docstring for the pile layout)."""

    temple: tuple[int | None, ...]
    piles: tuple[int, ...]
    cursor: int
    has_draw: bool
    recycles_left: int
    pool: tuple[int, ...]
    rolls_used: int

    @property
    def won(self) -> bool:
        return all(value is None for value in self.temple)

    @property
    def discard(self) -> tuple[int, ...]:
        """Pile indices of the discard pile, bottom first."""
        return self.piles[:self.cursor]

    @property
    def stock(self) -> tuple[int, ...]:
        """Pile indices of the stock, top first."""
        return self.piles[self.cursor + self.has_draw:]


class Game:
    """A deal played at one level: the start position, legal moves and their effect."""

    def __init__(self, deal: Deal, level: Level | str | None = None) -> None:
        self.deal = deal
        self.rules = deal.rules
        self.tableau = deal.rules.tableau
        self.level: LevelRules = deal.rules.level(level)

    def available(self, position: Position, index: int) -> bool:
        """Is Temple card `index` present and uncovered?"""
        temple = position.temple
        return temple[index] is not None and all(
            temple[other] is None for other in self.tableau.coverers(index))

    def available_items(self, position: Position) -> list[Item]:
        """The Temple cards present and uncovered (from the apex), the Draw card and the
        Discard top."""
        items = [Item.temple(*self.tableau.position_of(i)) for i in range(self.tableau.size)
                 if self.available(position, i)]
        if position.has_draw:
            items.append(DRAW)
        if position.cursor > 0:
            items.append(DISCARD)
        return items

    def start(self) -> Position:
        rules, opening = self.rules, self.level.opening_rolls
        pool = tuple(sorted(v for roll in self.deal.rolls[:opening] for v in roll))
        position = Position(temple=tuple(self.deal.temple),
                            piles=tuple(range(len(self.deal.piles))),
                            cursor=rules.initial_discard, has_draw=False,
                            recycles_left=self.level.recycles, pool=pool, rolls_used=opening)
        return self._flip(position)

    def _flip(self, position: Position) -> Position:
        """With auto_flip, the stock's top card is always the Draw card."""
        if self.rules.auto_flip and not position.has_draw and position.cursor < len(position.piles):
            return replace(position, has_draw=True)
        return position

    def value(self, position: Position, item: Item) -> int:
        """The value of an available item; IllegalMove if it is not available."""
        return self.card_of(position, item)[1]

    def card_of(self, position: Position, item: Item) -> tuple[int, int]:
        """(index in dealt order, value) of an available item; IllegalMove if it is
        not available."""
        if item.kind is ItemKind.TEMPLE:
            value = position.temple[item.index] if self.tableau.contains(item.row, item.col) else None
            if value is None or not self.available(position, item.index):
                raise IllegalMove(f"Temple card ({item.row}, {item.col}) is not available")
            return item.index, value
        if item.kind is ItemKind.DRAW:
            if not position.has_draw:
                raise IllegalMove("there is no Draw card")
            pile = position.piles[position.cursor]
        else:
            if position.cursor == 0:
                raise IllegalMove("the Discard Pile is empty")
            pile = position.piles[position.cursor - 1]
        return self.tableau.size + pile, self.deal.piles[pile]

    def _remove(self, position: Position, items: tuple[Item, ...]) -> Position:
        temple = list(position.temple)
        piles, cursor, has_draw = list(position.piles), position.cursor, position.has_draw
        for item in items:
            if item.kind is ItemKind.TEMPLE:
                temple[item.index] = None
        if DRAW in items:
            del piles[cursor]
            has_draw = False
        if DISCARD in items:
            del piles[cursor - 1]
            cursor -= 1
        return self._flip(replace(position, temple=tuple(temple), piles=tuple(piles),
                                  cursor=cursor, has_draw=has_draw))

    def apply(self, position: Position, move: Move) -> Position:
        """The position after a legal move; IllegalMove (with the reason) otherwise."""
        if position.won:
            raise IllegalMove("the game is already won")
        handler = {MoveKind.BALANCE: self._balance, MoveKind.FORCE: self._force,
                   MoveKind.DRAW: self._draw, MoveKind.RECYCLE: self._recycle}[move.kind]
        return handler(position, move)

    def _balance(self, position: Position, move: Move) -> Position:
        rules, cards = self.rules, move.cards
        if len(set(cards)) != len(cards) or not cards:
            raise IllegalMove("a Balance needs at least one card, each named once")
        if len(cards) + len(move.force) < rules.min_items:
            raise IllegalMove(f"a group needs at least {rules.min_items} items")
        if rules.max_cards is not None and len(cards) > rules.max_cards:
            raise IllegalMove(f"a group has at most {rules.max_cards} cards")
        if (rules.max_cards is not None and len(cards) == 1 and not move.force
                and self.value(position, cards[0]) != rules.lone_value):
            raise IllegalMove("only a lone-removable card may be removed alone")
        pool = Counter(position.pool)
        used = Counter(abs(v) for v in move.force)
        if any(v == 0 for v in move.force) or used - pool:
            raise IllegalMove(f"Force values {list(move.force)} are not all in the pool "
                              f"{list(position.pool)}")
        total = sum(self.value(position, item) for item in cards) + sum(move.force)
        if total != rules.target:
            raise IllegalMove(f"the group sums to {total}, not {rules.target}")
        after = self._remove(position, cards)
        return replace(after, pool=tuple(sorted((pool - used).elements())))

    def _force(self, position: Position, move: Move) -> Position:
        rules = self.rules
        if rules.force_value is None or len(move.cards) != 1:
            raise IllegalMove("Use the Force names exactly one Sylop (and needs Force rules)")
        if self.value(position, move.cards[0]) != rules.force_value:
            raise IllegalMove("Use the Force needs a Sylop")
        if position.rolls_used >= len(self.deal.rolls):
            raise IllegalMove("no Force roll is left")
        roll = self.deal.rolls[position.rolls_used]
        after = self._remove(position, move.cards)
        return replace(after, pool=tuple(sorted(position.pool + tuple(roll))),
                       rolls_used=position.rolls_used + 1)

    def can_draw(self, position: Position) -> bool:
        if self.rules.auto_flip:
            return position.has_draw
        return len(position.stock) > 0

    def _draw(self, position: Position, move: Move) -> Position:
        if not self.can_draw(position):
            raise IllegalMove("the Stockpile is empty")
        cursor = position.cursor + 1 if position.has_draw else position.cursor
        has_draw = cursor < len(position.piles)
        return replace(position, cursor=cursor, has_draw=has_draw)

    def can_recycle(self, position: Position) -> bool:
        stock_empty = not position.has_draw if self.rules.auto_flip else not position.stock
        return stock_empty and position.recycles_left > 0 and len(position.piles) > 0

    def _recycle(self, position: Position, move: Move) -> Position:
        if not self.can_recycle(position):
            raise IllegalMove("a Recycle needs an empty Stockpile, a recycle left and "
                              "cards to turn over")
        return self._flip(replace(position, cursor=0, has_draw=False,
                                  recycles_left=position.recycles_left - 1))

    def legal_moves(self, position: Position) -> list[Move]:
        """Every legal move (Balance groups with every sign choice of Force values)."""
        if position.won:
            return []
        moves: list[Move] = []
        items = self.available_items(position)
        limit = self.rules.max_cards or len(items)
        for size in range(1, limit + 1):
            for cards in combinations(items, size):
                moves.extend(self._balances_with(position, cards))
        if self.rules.force_value is not None and position.rolls_used < len(self.deal.rolls):
            moves += [Move.use_force(item) for item in items
                      if self.value(position, item) == self.rules.force_value]
        if self.can_draw(position):
            moves.append(DRAW_MOVE)
        if self.can_recycle(position):
            moves.append(RECYCLE_MOVE)
        return moves

    def _balances_with(self, position: Position, cards: tuple[Item, ...]) -> list[Move]:
        moves, seen = [], set()
        pool = position.pool if self.rules.force_value is not None else ()
        for size in range(len(pool) + 1):
            for chosen in combinations(pool, size):
                for signs in product((1, -1), repeat=size):
                    force = tuple(sorted(v * s for v, s in zip(chosen, signs)))
                    if force in seen:
                        continue
                    seen.add(force)
                    move = Move.balance(*cards, force=force)
                    try:
                        self.apply(position, move)
                    except IllegalMove:
                        continue
                    moves.append(move)
        return moves

    def lost(self, position: Position) -> bool:
        return not position.won and not self.legal_moves(position)


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying a move list: every position, and whether it won."""

    positions: tuple[Position, ...]

    @property
    def final(self) -> Position:
        return self.positions[-1]

    @property
    def won(self) -> bool:
        return self.final.won


def replay(deal: Deal, level: Level | str | None, moves: list[Move] | tuple[Move, ...]) -> Replay:
    """Play `moves` from the start; IllegalMove names the first illegal move."""
    game = Game(deal, level)
    positions = [game.start()]
    for number, move in enumerate(moves, 1):
        try:
            positions.append(game.apply(positions[-1], move))
        except IllegalMove as error:
            raise IllegalMove(f"move {number} ({move.kind.value}): {error}") from None
    return Replay(tuple(positions))
