"""The full-knowledge solver: depth-first search with a table of lost states.

The moves are the engine's legal moves (engine.Game.legal_moves) but for
pruning that never changes a verdict:
- a card that leaves alone at no cost (a Pyramid King; a Sylop while a Force
  roll is left for every Sylop still in play) is removed at once: removing a
  card only ever frees the cards around it, and a Force roll only adds to the
  pool. With fewer rolls left than Sylops in play, using one may take the roll
  another Sylop needed, so every Sylop's Use the Force and every group it can
  stand in are tried instead;
- Force values are only spent in inclusion-minimal sets (a value kept in the
  pool is never worse than one spent), except that a lone Sylop that cannot
  leave at no cost also tries the minimal non-empty sets that sum to zero
  (+a with -a, ...), the only groups it can leave in on its own;
- a group that is two groups is played as two moves (group_moves);
- a state already proven lost is never searched again (the lost table);
- (Solver's searches, every other restart) with no Draw card and cards in the
  stock, Draw is the only move: it loses nothing, since the Discard Pile stays as
  it is and every group possible without a Draw card is possible with one, so the
  state and the one after the Draw are won or lost together;
- (Solver's searches) for the same reason such a state is looked up in the lost
  table, and remembered, as the state after its Draw (_Search.alike);
- (Solver's searches) a Draw goes on over the Draw cards that are in no group
  (_Search.leap), and the state it lands on tries only the moves with its Draw
  card, the Draw, the Recycle and the groups of pile cards alone
  (_Search.landed_moves): every other move there leads where a move tried before
  the Draw led, or to the same cards further on;
- the loss check's answer is kept per lost-table key (it reads nothing else).
tests/test_deal_soundness.py checks the verdicts against an exhaustive search
of the engine's own legal moves.
Move order: Use the Force (only when no Sylop leaves at no cost), Balance groups
(in one of three orders, see _order_key), then Draw, then Recycle, then groups of
pile cards alone. The search restarts after Luby-sequence node budgets (units of
SOLVER_RESTART positions in a Solver's searches, MODEL_RESTART in the player model's),
switching order, keeping what it proved lost; a Solver's restarts take turns with and without
the forced Draw (each finds fast some wins the other finds slowly: deal 7,000,400 at
Chosen One took 169,842 positions without it and takes 80 with it, while a few deals
take longer with it alone). The player model's searches (solve_from) use none of
the rules marked "Solver's searches", so its games are those the star scale was set
with.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from printgen.deal.search.bounds import OFFSET, LossCheck
from printgen.deal.search.pairsearch import PairSearch
from printgen.deal.search.state import (
    BALANCE,
    DRAW_KIND,
    DRAW_MOVE_T,
    FORCE,
    FULL,
    POOL_BITS,
    RECYCLE_MOVE_T,
    Board,
    State,
    force_options,
    pool_values,
    zero_options,
)
from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import Move
from printgen.deal.table.rules import TEMPLE_SIZE, Level
from printgen.errors import BudgetExceeded

DEFAULT_BUDGET = 12_000_000
# Luby restart units: a Solver's searches (the verdict's, the key's) restart after 200
# positions times the Luby sequence, the player model's after 1,000 (each of its
# searches spends at most its budget, 200: its games, and the stars set with them,
# stay as they were; tests/test_solver_restarts.py)
SOLVER_RESTART = 200
MODEL_RESTART = 1000
MADE_LIMIT = 200_000    # group lists kept across restarts; past it they are found anew
POOL_SHIFT = 62 + 6 * POOL_BITS     # the lost table's key: Temple, piles, pool, rolls used


@dataclass(frozen=True)
class Solution:
    """A solver's answer: winnable (None when the node budget ran out), a winning
    move list when winnable, and the number of states searched."""

    winnable: bool | None
    moves: tuple[Move, ...] | None
    nodes: int


def forced_move(board: Board, s: State, cards: list) -> tuple | None:
    """A card that leaves alone at no cost, if one is available: a Sylop when a roll
    is left for every Sylop in play (Board.sylops_free), a Pyramid King."""
    rules = board.rules
    if board.sylops_free(s):
        for value, tmask, is_draw, is_disc in cards:
            if value == rules.force_value:
                return FORCE, tmask, is_draw, is_disc, (), 0
    if rules.lone_value is not None:
        for value, tmask, is_draw, is_disc in cards:
            if value == rules.lone_value:
                return BALANCE, tmask, is_draw, is_disc, (), s[5]
    return None


def force_moves(board: Board, s: State, cards: list) -> list[tuple]:
    """Use the Force with each available Sylop, while a roll is left."""
    force = board.rules.force_value
    if force is None or s[6] >= len(board.rolls):
        return []
    return [(FORCE, tmask, is_draw, is_disc, (), 0)
            for value, tmask, is_draw, is_disc in cards if value == force]


def group_moves(board: Board, s: State, cards: list, *, split: bool = True) -> list[tuple]:
    """Every Balance group (minimal Force use) of the available cards; with split,
    not the groups that are two moves played one after the other: a zero-sum group
    of two or more cards, then the rest as a group of its own (or, a lone Sylop that
    leaves at no cost, as Use the Force). A Sylop that cannot leave at no cost (no
    roll left for it) can only leave in a group, so a group made of it and a
    zero-sum group is kept, and so is the Sylop with each minimal non-empty set of
    Force values that sums to zero (zero_options)."""
    rules = board.rules
    target, min_items = rules.target, rules.min_items
    if rules.max_cards == 2:
        return _pairs(board, s, cards)
    options = force_options(s[5])
    sums, masks, draw_card, discard_top = [0], [0], 0, 0      # per subset of the cards
    for j, (value, bit, is_draw, is_disc) in enumerate(cards):
        sums += [x + value for x in sums]
        masks += [m | bit for m in masks]
        if is_draw:
            draw_card = 1 << j
        if is_disc:
            discard_top = 1 << j
    wanted = {target - f for f in options}
    groups = []
    zero = [i for i, x in enumerate(sums) if x == target and i & (i - 1)] if split else []
    lone = _lone_leavers(board, s, cards)
    for index in [i for i, x in enumerate(sums) if x in wanted and i]:
        rests = [index ^ z for z in zero if z & index == z and z != index] if zero else zero
        count = index.bit_count()
        tmask, use_draw, use_disc = masks[index], bool(index & draw_card), bool(index & discard_top)
        choices = options[target - sums[index]]
        if count < min_items and sums[index] == target and not index & lone:
            choices = choices + zero_options(s[5])
        for force, pool in choices:
            if count + len(force) < min_items:
                continue
            if rests and any(rest & (rest - 1) or force or rest & lone for rest in rests):
                continue  # two moves played one after the other
            groups.append((BALANCE, tmask, use_draw, use_disc, force, pool))
    return groups


def _lone_leavers(board: Board, s: State, cards: list) -> int:
    """The cards (bits of their index in `cards`) that leave alone at no cost: Sylops
    while a Force roll is left for every Sylop in play (Board.sylops_free)."""
    force = board.rules.force_value
    if force is None or not board.sylops_free(s):
        return 0
    return sum(1 << j for j, card in enumerate(cards) if card[0] == force)


def _pairs(board: Board, s: State, cards: list) -> list[tuple]:
    target, pool = board.rules.target, s[5]
    groups = []
    for a in range(len(cards)):
        va, ma, da, xa = cards[a]
        for b in range(a + 1, len(cards)):
            vb, mb, db, xb = cards[b]
            if va + vb == target:
                groups.append((BALANCE, ma | mb, da or db, xa or xb, (), pool))
    return groups


def _below_top(cards: int, keep: int) -> int:
    """The cards of a bitmask but its `keep` highest (the shorter loop of two: the
    `keep` highest bits taken off, or the others gathered from the lowest up)."""
    drop = cards.bit_count() - keep
    if keep <= drop:
        for _ in range(keep):
            cards ^= 1 << (cards.bit_length() - 1)
        return cards
    below = 0
    for _ in range(drop):
        low = cards & -cards
        below |= low
        cards ^= low
    return below


def _luby(i: int) -> int:
    """The Luby restart sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (i from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _order_key(attempt: int) -> Callable[[tuple], tuple]:
    """Three move orders, taken in turn by the restarts (each wins deals the others
    find hard), all sharing one lost table:
    0: the groups with the most cards first, then the fewest Force values;
    1: the fewest Force values, then the most Temple cards, the fewest pile cards;
    2: the fewest Force values, then the fewest Temple cards, the most pile cards.
    From the fourth attempt on, ties are broken by a fixed scramble per attempt."""
    mult = (attempt * 0x9E3779B1) | 1
    order = attempt % 3

    def key(group: tuple) -> tuple:
        temple = group[1].bit_count()
        pile = group[2] + group[3]
        scramble = ((group[1] << 2 | group[2] << 1 | group[3]) * mult) & 0xFFFFF if attempt > 2 else 0
        if order == 1:
            return len(group[4]), -temple, pile, scramble
        if order == 2:
            return len(group[4]), temple, -pile, scramble
        return -(temple + pile), len(group[4]), scramble
    return key


class _Search:
    """One depth-first search with restarts sharing a lost table.

    complete=False leaves out groups of pile cards alone: a win found without them
    is a win, but a loss must then be confirmed by a complete search.
    """

    def __init__(self, board: Board, *, complete: bool, draw_first: bool = False,
                 made: dict[tuple, tuple] | None = None) -> None:
        self.board = board
        self.complete = complete
        self.draw_first = draw_first        # may restarts force the Draw (see run())
        self.forcing = False                # this restart forces it
        # A state with no Draw card and cards in the stock is won or lost with the one
        # after its Draw: look it up and remember it as that one
        self.alike = draw_first
        self.restart = SOLVER_RESTART if draw_first else MODEL_RESTART
        self.budget = 0
        self.lost: dict[int, list[tuple[int, int]]] = {}
        self.nodes = 0
        self.limit = 0
        self.path: list[tuple] = []
        self.key = _order_key(0)
        self.loss_check = LossCheck(board, complete=complete)
        # the loss check's answers by the lost table's key (they depend on nothing else)
        self.checked: dict[int, bool] = {}
        self._reach: dict[tuple[int, int], int] = {}     # leap(): sums per Temple and pool
        self._groups: dict[tuple, tuple] = {}     # the moves per key, this restart's order
        self._landed: dict[int, tuple] = {}       # landed_moves() per moves() tuple's id
        # the groups per key, for every restart (and, for the player model's searches,
        # every search of a board with the same Temple: _shared_made)
        self._made: dict[tuple, tuple] = {} if made is None else made
        # what moves() reads of the board, kept at hand (the solver's hot loop)
        self._plain_draw = not board.rules.auto_flip
        self._rolls = len(board.rolls)
        self._force = board.rules.force_value is not None
        self._sylop_temple, self._sylop_piles = board.sylop_temple, board.sylop_piles

    def moves(self, s: State) -> tuple[tuple, ...]:
        """The moves to try in state s, in the current order. The groups depend only on
        the Temple cards left, the values of the Draw card and the Discard top, the
        pool, whether a roll is left and whether the Sylops leave at no cost, and the
        Draw and Recycle moves on whether each is legal, so the moves are kept per
        those (the tuple is shared: never changed)."""
        board = self.board
        removed, piles, cursor, hd, rec, pool, used = s
        top = (piles & ((1 << cursor) - 1)).bit_length() - 1
        if self._plain_draw:
            stock = piles >> (cursor + hd)
            tail = 1 if stock else 2 if rec > 0 and piles else 0
        else:
            tail = board.can_draw(s) | board.can_recycle(s) << 1
        rolls_left = self._rolls - used
        free = rolls_left > 0 and self._force and rolls_left >= (
            (self._sylop_temple & ~removed).bit_count() + (self._sylop_piles & piles).bit_count())
        key = (removed, board.pile[cursor] if hd else None,
               board.pile[top] if top >= 0 else None, pool, rolls_left > 0, free, tail)
        entry = self._groups.get(key)
        if entry is None:
            entry = self._groups[key] = self._moves(s, key[:-1], tail)
        return entry

    def landed_moves(self, s: State) -> tuple[tuple, ...]:
        """The moves of moves() that a leap's landing state still has to try: those
        with its Draw card, the Draw and Recycle, and the groups of pile cards alone.
        Each of the others (Temple cards and Force values alone, or with the Discard
        top, or a Sylop's Use the Force without the Draw card) leads where a move
        tried before the leap's first Draw led, or to the same cards further on."""
        every = self.moves(s)
        kept = self._landed.get(id(every))
        if kept is None:
            kept = self._landed[id(every)] = tuple(
                m for m in every if m[2] or m[0] >= DRAW_KIND or (m[0] == BALANCE and not m[1]))
        return kept

    def _moves(self, s: State, key: tuple, tail: int) -> tuple[tuple, ...]:
        """The moves of moves() (tail: 1 Draw is legal, 2 Recycle is, 3 both), from
        the groups of s, which are found once per key for all the restarts and only
        sorted again in each restart's order."""
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = self._group_moves(s)
        forced, force, with_temple, pile_only = made
        if forced is not None:
            return (forced,)
        if self.forcing and tail & 1 and key[1] is None:
            return (DRAW_MOVE_T,)       # no Draw card and the stock not empty
        moves = force + sorted(with_temple, key=self.key)
        if tail & 1:
            moves.append(DRAW_MOVE_T)
        if tail & 2:
            moves.append(RECYCLE_MOVE_T)
        return tuple(moves + pile_only if self.complete else moves)

    def _group_moves(self, s: State) -> tuple[tuple | None, list[tuple], list[tuple], list[tuple]]:
        """(a card that leaves alone at no cost, or None; Use the Force with each Sylop
        (when no Sylop leaves at no cost); the groups with Temple cards, in no order;
        the groups of pile cards alone)."""
        board = self.board
        cards = board.cards(s)
        forced = forced_move(board, s, cards)
        if forced is not None:
            return forced, [], [], []
        groups = group_moves(board, s, cards)
        return (None, force_moves(board, s, cards), [g for g in groups if g[1]],
                [g for g in groups if not g[1]])

    def leap(self, s: State) -> tuple[State, int]:
        """Draw from s, and go on drawing while the new Draw card is in no group: not
        with Temple cards available, the Discard top (the card drawn before it) and
        Force values of the pool, nor with any of these without Temple cards. Every
        other move of the states passed over leads where a move of s leads, or to
        the same cards further on, or (a group with the Discard top) to the state that
        s's group with that card as its Draw card leads to, after its Draw: none is
        better than a move of s. A Sylop or the last stock card stops the leap.
        (state reached, Draws made)"""
        board, draws = self.board, 1
        removed, piles, cursor, hd, rec, pool, used = s
        if board.rules.auto_flip:
            s = board.apply(s, DRAW_MOVE_T)
            removed, piles, cursor, hd, rec, pool, used = s
            if not hd:
                return s, draws
        else:
            rest = piles >> (cursor + hd)       # the Draw (Board.apply), written out
            if not rest:
                return (removed, piles, board.n, 0, rec, pool, used), draws
            cursor += hd + (rest & -rest).bit_length() - 1
        pile, force = board.pile, board.rules.force_value
        sums = self._reach.get((removed, pool))
        if sums is None:
            sums = self._reach[(removed, pool)] = self._reachable(removed, pool)
        target = board.rules.target + OFFSET
        top = (piles & ((1 << cursor) - 1)).bit_length() - 1
        rest = piles >> (cursor + 1)
        while rest:
            v = pile[cursor]
            t = pile[top] if top >= 0 else 0
            if v == force or sums >> (target - v) & 1 or sums >> (target - v - t) & 1:
                break
            top, cursor = cursor, cursor + (rest & -rest).bit_length()
            rest = piles >> (cursor + 1)
            draws += 1
        return (removed, piles, cursor, 1, rec, pool, used), draws

    def _reachable(self, removed: int, pool: int) -> int:
        """Bitset (at OFFSET) of the sums of a set of available Temple cards (not
        empty, unless groups of pile cards alone are searched) and Force values of
        the pool, each counted + or -."""
        board = self.board
        sums = 0 if not self.complete else 1 << OFFSET
        for i in board.available(removed):
            v = board.temple[i]
            sums |= (sums << v if v >= 0 else sums >> -v) | 1 << (v + OFFSET)
        for v in pool_values(pool):
            sums |= sums << v | sums >> v
        return sums

    def win(self) -> list[tuple]:
        """The solver moves of the win the last run found."""
        return list(reversed(self.path))

    def _searcher(self) -> tuple[Callable[[State], bool], Callable[[], int]]:
        """The recursive search as a closure over locals (the solver's hot loop)."""
        lost, lost_get = self.lost, self.lost.get
        apply, moves, check, path = self.board.apply, self.moves, self.loss_check, self.path
        limit = self.limit
        nodes = self.nodes
        pops = self.loss_check.pops
        complete = self.complete
        free = self.loss_check.free
        alike, n = self.alike, self.board.n
        checked = self.checked
        proven_get = checked.get
        leaping, leap, forcing = self.alike, self.leap, self.forcing
        landed_moves = self.landed_moves
        # moves()'s key, written out (plain Draw rules only)
        plain = self._plain_draw
        groups_get, landed_get = self._groups.get, self._landed.get
        pile, rolls, force_on = self.board.pile, self._rolls, self._force
        sylop_temple, sylop_piles = self._sylop_temple, self._sylop_piles

        def search(s: State, landed: bool = False) -> bool:
            nonlocal nodes
            removed, piles, cursor, hd, rec, pool, used = s
            if removed == FULL:
                return True
            below = (1 << cursor) - 1
            if not rec and cursor:
                # with no recycle left, discard cards below the ones that can still be
                # taken off the top never come up: search without them
                discard = piles & below
                # LossCheck.pops, written out for the fast search
                keep = (pops(s) if complete else
                        TEMPLE_SIZE - removed.bit_count() + (discard & free).bit_count())
                if discard.bit_count() > keep:
                    piles ^= _below_top(discard, keep)
                    s = removed, piles, cursor, hd, rec, pool, used
            base = removed | piles << 28 | pool << 62 | used << POOL_SHIFT
            pos = 2 * cursor + (1 if alike and cursor < n else hd)  # alike: as after the Draw
            entries = lost_get(base)
            if entries is not None:
                after = pos & 1
                for lost_rec, lost_pos in entries:
                    if ((lost_rec >= rec and (lost_pos == pos or (after and lost_pos < pos)))
                            or (after and lost_rec > rec)):
                        return False
            nodes += 1
            if nodes > limit:
                raise BudgetExceeded
            proven = proven_get(base)
            if proven is None:
                proven = checked[base] = check(s)
            if not proven:
                if plain:
                    top = (piles & below).bit_length() - 1
                    left = rolls - used
                    key = (removed, pile[cursor] if hd else None, pile[top] if top >= 0 else None,
                           pool, left > 0, left > 0 and force_on and left >= (
                               (sylop_temple & ~removed).bit_count()
                               + (sylop_piles & piles).bit_count()),
                           1 if piles >> (cursor + hd) else 2 if rec > 0 and piles else 0)
                    tried = groups_get(key)
                    if tried is None:
                        tried = moves(s)
                    if landed:
                        tried = landed_get(id(tried)) or landed_moves(s)
                else:
                    tried = landed_moves(s) if landed else moves(s)
                for move in tried:
                    if move is DRAW_MOVE_T and leaping and (hd or not forcing):
                        after_leap, draws = leap(s)
                        if search(after_leap, True):
                            path.extend([move] * draws)
                            return True
                    elif search(apply(s, move)):
                        path.append(move)
                        return True
            if entries is None:
                lost[base] = [(rec, pos)]
            else:
                entries.append((rec, pos))
            return False

        def count() -> int:
            return nodes
        return search, count

    def run(self, start: State, budget: int, base: int | None = None) -> bool | None:
        """Search from `start` for at most `budget` more nodes, restarting with a new
        move order after Luby(i) * base nodes (what earlier runs proved lost stays;
        base: self.restart unless given)."""
        base = self.restart if base is None else base
        attempt = 0
        self.budget = self.nodes + budget
        while self.nodes < self.budget:
            attempt += 1
            self.key = _order_key(attempt - 1)
            self.forcing = self.draw_first and attempt % 2 == 1
            self._groups.clear()
            self._landed.clear()
            if len(self._made) > MADE_LIMIT:
                self._made.clear()
            self.limit = min(self.budget, self.nodes + base * _luby(attempt))
            self.path.clear()
            search, count = self._searcher()
            try:
                return search(start)
            except BudgetExceeded:
                continue
            finally:
                self.nodes = count()
        return None


class Solver:
    """Full-knowledge searches of one deal at one level.

    Each call of solve() may allow its own number of recycles; all calls share what
    they have proven lost, since a lost state is keyed by the recycles it has left
    (fewest_recycles in recycles.py searches several allowances this way)."""

    def __init__(self, deal: Deal, level: Level | str | None = None) -> None:
        self.board = board = Board(deal, level)
        rules = board.rules
        self.pairs = rules.max_cards == 2 and rules.force_value is None and PairSearch.fits(board)
        self.fast = (_Search(board, complete=False, draw_first=True)
                     if rules.fast_first and not self.pairs else None)
        self.full: _Search | PairSearch = (PairSearch(board) if self.pairs
                                           else _Search(board, complete=True, draw_first=True))
        self.nodes = 0

    def solve(self, recycles: int | None = None, *, budget: int = DEFAULT_BUDGET) -> Solution:
        """Decide the deal allowing `recycles` recycles (default: the level's), with
        at most `budget` more nodes; the Solution counts this call's nodes."""
        won, search, nodes = _fast_then_full(self.fast, self.full, self.board.start(recycles), budget)
        self.nodes += nodes
        if not won:
            return Solution(won, None, nodes)
        return Solution(True, tuple(self.board.to_move(m) for m in search.win()), nodes)


def _fast_then_full(fast: _Search | None, full: _Search | PairSearch, start: State,
                    budget: int) -> tuple[bool | None, _Search | PairSearch, int]:
    """The fast search (if any), then the complete one if the fast one proved no win,
    within `budget` nodes in all: (verdict, the search that gave it, nodes spent)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    nodes, search = 0, full
    won: bool | None = False
    try:
        for search in (fast, full) if fast is not None else (full,):
            before = search.nodes
            try:
                won = search.run(start, budget - nodes)
            finally:
                nodes += search.nodes - before
            if won is not False:
                break
    finally:
        sys.setrecursionlimit(limit)
    return won, search, nodes


def solve(deal: Deal, level: Level | str | None = None, *,
          budget: int = DEFAULT_BUDGET, recycles: int | None = None) -> Solution:
    """Decide a deal with full knowledge; a winning move list if it is winnable.

    recycles: allow this many recycles instead of the level's.
    """
    return Solver(deal, level).solve(recycles, budget=budget)


# --- For the player model (printgen/deal/rating/player.py): decide any position. ---------

SHARED_MADE_LIMIT = 20_000      # group lists kept for the model's searches of one Temple


@lru_cache(maxsize=8)
def _shared_made(rules: tuple, temple: tuple[int, ...]) -> dict[tuple, tuple]:
    """The group lists (_Search._made) of every search the player model makes on
    boards with these Temple values and rules (what groups read of them: target, the
    fewest items, the most cards, the Force's and the lone card's values): a group
    list depends on nothing else (its key holds the rest), and the model searches
    each of its samples many times, at the face-up levels all with the same Temple."""
    return {}

def solve_from(board: Board, start: State, *, budget: int) -> tuple[bool | None, list[tuple], int]:
    """Decide position `start` of `board` with full knowledge, as solve() decides a
    deal's start, with searches of its own (nothing is kept between calls): (verdict
    or None at the budget, the solver moves of a win, nodes)."""
    rules = board.rules
    made = _shared_made((rules.target, rules.min_items, rules.max_cards, rules.force_value,
                         rules.lone_value), tuple(board.temple))
    if len(made) > SHARED_MADE_LIMIT:
        made.clear()
    fast = _Search(board, complete=False, made=made) if board.rules.fast_first else None
    won, search, nodes = _fast_then_full(fast, _Search(board, complete=True, made=made), start,
                                         budget)
    return won, (search.win() if won else []), nodes
