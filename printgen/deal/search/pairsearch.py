"""The solver's search specialised for groups of at most two cards and no Force
(Pyramid): the same states, moves and lost table as solver.py, with the state
spread over plain ints so the hot loop does less work.

State: the pyramid (removed, a mask, with no King available: a King that can leave
leaves at once, with the move that freed it), the recycles left and the pile as one
stack code of values (bag.WasteCheck's): the waste's cards from the bottom, then the
deck's from the top, with the place between them (how many bits the waste takes)
and the bags of both. Which cards the pile holds plays no part in the game, only
their values in order. A Draw moves the place up a card, a Recycle moves it to the
start, and a card leaves by joining the codes under and over it. A lost state is
remembered by its pyramid and that code, with its place. It also proves lost every
state with the same cards and recycles at a later place (the Draws reach it) and
every state with fewer recycles. The solver's states (pile indices and a cursor)
are read only at the start of a run; its moves name no pile index.

A Draw (or a Recycle) skips the positions where nothing new can be done: it goes
on while the new deck top is no King, partners no available pyramid card and does
not make the target with the card under it, through a Recycle when the deck runs
out (the end of expand()). The state it lands on tries only the moves with its deck
top and the Draw: its other moves (the waste top's, the pyramid pairs) lead where
moves tried before the skip led, or to the same cards later or with fewer
recycles, all lost (the order in expand() tries them before the Draw).
The states it lands on are searched in expand()'s own loop, not by a call: Draws
and Recycles change neither the pyramid nor the pile's code, so each reads the
lost table entry of the state that drew, and stores none (the state that drew,
when lost, stores its own place, which proves every later place and every fewer
recycles lost, over whatever they would have stored). Each still counts as a node.
A skip that recycles ends where it began: after the Recycle, every position from
that place on is one the pass before tried with a recycle more (expand()'s `stop`).

Two proofs of loss cut the search (both sound, see bag.py):
- the bag: the Temple cannot be cleared even if every pile card left could be
  used at any time;
- with no recycle left, the waste as a stack (bag.WasteCheck): the Temple cannot
  be cleared even if every stock card could be used at any time, when a waste
  card can only be used once the waste cards above it have left. This check gives
  up (proving nothing) after WASTE_EFFORT relaxed positions. (It also sees what
  an earlier cut saw, a waste card no card left in the Temple or the stock can
  partner, which never leaves with the cards under it.) It runs where a skip
  lands, whose Draws have put cards on the waste; any other position only reads
  what an earlier check decided (running it there too proved almost nothing more
  and cost more than it saved).

With a recycle left only the sum of the two bags is read (the bag), so the skips
move no bag card while a recycle is left: `stock` and `under` may then split the
sum wrongly. A Recycle sets them right (the whole pile is the stock), and a run
starting with no recycle left starts with them right.
"""

from __future__ import annotations

from collections.abc import Callable

from printgen.deal.search.bag import BITS, WASTE_SHIFT, BagCheck, WasteCheck, bag_code
from printgen.deal.search.state import (
    BALANCE,
    COVER,
    DRAW_MOVE_T,
    FULL,
    RECYCLE_MOVE_T,
    Board,
    State,
)
from printgen.errors import BudgetExceeded

# Relaxed positions one last-pass check (bag.WasteCheck) may open before it gives up
# proving anything: on the slowest deals known (Pyramid 9,104,389; data set deals 776,
# 1104, 1171) 100 decides as much as 1,000 in less time, and 10 decides less.
WASTE_EFFORT = 100


def king_covers(board: Board) -> tuple[tuple[int, int], ...]:
    """(bit, the bits of the cards covering it) of each lone card (King) of the
    pyramid, bottom row first (Board.available()'s order)."""
    lone = board.rules.lone_value
    return tuple((1 << i, COVER[i]) for i in reversed(range(len(board.temple)))
                 if lone is not None and board.temple[i] == lone)


def freed_kings(kings: tuple[tuple[int, int], ...], removed: int) -> list[int]:
    """The Kings (kings: king_covers()) that leave the pyramid `removed` one at a time,
    each the first one available, until none is: a King that can leave is removed at
    once (it partners nothing, and removing it only uncovers cards), so the search lists
    each move's pyramid with the Kings it frees already gone, in this order."""
    out: list[int] = []
    while True:
        king = next((bit for bit, cover in kings if not removed & bit and removed & cover == cover), 0)
        if not king:
            return out
        out.append(king)
        removed |= king


def settled(kings: tuple[tuple[int, int], ...], removed: int) -> int:
    """The pyramid `removed` with the Kings freed_kings() removes gone."""
    for king in freed_kings(kings, removed):
        removed |= king
    return removed


class PairSearch:
    """Depth-first searches of one deal (see the module docstring); each run may
    start with its own recycles and keeps what earlier runs proved lost."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.limit = 0
        self.nodes = 0
        self.path: list[tuple] = []
        # lost[pyramid | pile values in order << 28] packs, per recycles left r, 1 + the
        # fewest waste cards proven lost times the code's width in 8 bits at 8 * r
        # (0: none).
        self.lost: dict[int, int] = {}
        self.bag = BagCheck(board)
        self.waste = WasteCheck(self.bag)
        self._temple: dict[int, tuple] = {}
        self._top_value = max(board.pile, default=0)
        self._kings = king_covers(board)
        self._king_cards = sum(bit for bit, _ in self._kings)

    @staticmethod
    def fits(board: Board) -> bool:
        """Whether the packed ints of this search hold the deal: a lost entry's place
        (1 + the waste's code width, in bits) in 8 bits, and at most 7 pile cards of a
        value in a bag (bag.BITS)."""
        pile = board.pile
        width = len(set(pile)).bit_length()
        return width * len(pile) < 255 and all(pile.count(v) < 1 << BITS for v in set(pile))

    def temple_moves(self, removed: int) -> tuple:
        """For a pyramid with no King available: (the pyramid after each pyramid pair,
        per pile card value the pyramid after it leaves with each available pyramid
        card that partners it, per rank whether a deck top of it has a move of its
        own). Each pyramid is settled(): the Kings a move frees leave with it."""
        board, kings = self.board, self._kings
        target, lone, temple = board.rules.target, board.rules.lone_value, board.temple
        by_value: dict[int, list[int]] = {}
        pairs = []
        for i in board.available(removed):
            v = temple[i]
            for j in by_value.get(target - v, ()):
                pairs.append(settled(kings, removed | 1 << i | j))
            by_value.setdefault(v, []).append(1 << i)
        partners = [tuple(settled(kings, removed | bit) for bit in by_value.get(target - v, ()))
                    for v in range(self._top_value + 1)]
        # per rank (0: no card), whether a deck top of it has a move of its own
        hot = [False] + [v == lone or bool(partners[v]) for v in self.waste.values]
        info = self._temple[removed] = (pairs, partners, hot)
        return info

    def moved(self, before: int, after: int, tops: tuple[bool, bool]) -> None:
        """Add to the path (deepest first) the move that took the pyramid `before` to
        `after` (its own cards, with the deck top and the waste top as `tops` says),
        then the Kings it freed."""
        cards = after & ~before
        kings = freed_kings(self._kings, before | cards & ~self._king_cards)
        for king in reversed(kings):
            self.path.append((BALANCE, king, False, False, (), 0))
        self.path.append((BALANCE, cards & ~self._king_cards, *tops, (), 0))

    def run(self, start: State, budget: int) -> bool | None:
        """Search from `start` (a solver state) for at most `budget` more nodes."""
        self.limit = self.nodes + budget
        self.path.clear()
        board, lone = self.board, self.board.rules.lone_value
        piles = start[1]
        removed = settled(self._kings, start[0])
        cursor = start[2] if start[3] else board.n
        rank, width = self.waste.rank, self.waste.width
        code = shift = stock = under = 0
        for j, v in enumerate(board.pile):
            if piles >> j & 1:
                code |= rank[v] << shift
                shift += width
                if j < cursor:
                    under += bag_code((v,), lone)
                else:
                    stock += bag_code((v,), lone)
        below = width * (piles & ((1 << cursor) - 1)).bit_count()
        search = self._searcher()
        try:
            won = search(removed, code, below, start[4], stock, under)
            if won:
                for king in reversed(freed_kings(self._kings, start[0])):
                    self.path.append((BALANCE, king, False, False, (), 0))
            return won
        except BudgetExceeded:
            self.path.clear()
            return None
        finally:
            self.nodes = self._count()

    def win(self) -> list[tuple]:
        """The solver moves of the win the last run found."""
        return self.path[::-1]

    def _searcher(self) -> Callable[..., bool]:
        """The recursive search as a closure over locals (the hot loop)."""
        lost, path = self.lost, self.path
        lost_get, temple_get = lost.get, self._temple.get
        temple_moves, budget, moved = self.temple_moves, self.limit, self.moved
        clear_get, clear = self.bag.clearable.get, self.bag.clear
        target, lone = self.board.rules.target, self.board.rules.lone_value
        nodes = self.nodes
        waste_check, waste_get = self.waste.check, self.waste.known.get
        width = self.waste.width
        top_mask = (1 << width) - 1
        # per rank (0: no card), its value and its bag bit (none for a lone card)
        value = [0, *self.waste.values]
        rank_bit = [0] + [0 if v == lone else 1 << (BITS * v) for v in value[1:]]
        # per rank, the rank of the value that makes the target with it (-1: none)
        rank = self.waste.rank
        pair_rank = [-1] + [rank.get(target - v, -1) for v in value[1:]]

        # low[b]: the pile code's lowest b bits (the cards under a place)
        low = [(1 << b) - 1 for b in range(width * (len(self.board.pile) + 2))]
        beyond = len(low)       # a place past every pile

        def search(removed: int, pile: int, below: int, rec: int, stock: int, under: int) -> bool:
            """Is the position won? `pile` the pile's stack code: the waste's cards from
            the bottom (the lowest `below` bits), then the deck's from the top; `stock`
            and `under` the bags of the deck and the waste (with a recycle left, only
            their sum is right: see the module docstring); `rec` the recycles left."""
            nonlocal nodes
            if removed == FULL:
                return True
            base = removed | pile << 28
            entry = lost_get(base, 0)
            if entry:
                if entry >> ((rec << 3) + 8):
                    return False  # lost with more recycles left
                first = entry >> (rec << 3) & 255
                if first and first <= below + 1:
                    return False  # lost at this place in the pile or an earlier one
            nodes += 1
            if nodes > budget:
                raise BudgetExceeded
            clearable = clear_get(removed | (stock + under) << 28)
            if clearable is None:
                clearable = clear(removed, stock + under)
            if clearable and not rec and below:     # only a check run before (docstring)
                clearable = waste_get(removed | stock << 28 | (pile & low[below]) << WASTE_SHIFT, True)
            if clearable and expand(removed, pile, below, rec, stock, under, entry):
                return True
            shift = rec << 3
            lost[base] = entry & ~(255 << shift) | (below + 1) << shift
            return False

        def expand(removed: int, pile: int, below: int, rec: int, stock: int, under: int,
                   entry: int) -> bool:
            """The moves of a position, in this order: a King on the deck or the waste
            alone and nothing else (a pyramid King has left with the move that freed
            it: temple_moves()); the pyramid pairs (they spend no pile card); the deck
            top with a pyramid card; the waste top with a pyramid card; the two tops;
            the Draw (or the Recycle) and on (skip), trying at each position the skip
            lands on its own new moves (`entry`: the lost table's entry for the pyramid
            and pile, which the Draws and Recycles do not change). A card leaves the
            pile code by joining the codes under and over it."""
            nonlocal nodes
            pairs, partners, hot = temple_get(removed) or temple_moves(removed)
            dr = pile >> below & top_mask
            d = value[dr]
            lower = below - width
            wr = pile >> lower & top_mask if below else 0
            w = value[wr]
            if d == lone:
                if search(removed, pile & low[below] | pile >> (below + width) << below, below,
                          rec, stock, under):
                    path.append((BALANCE, 0, True, False, (), 0))
                    return True
                return False
            if w == lone:
                if search(removed, pile & low[lower] | pile >> below << lower, lower, rec, stock,
                          under):
                    path.append((BALANCE, 0, False, True, (), 0))
                    return True
                return False
            for after in pairs:
                if search(after, pile, below, rec, stock, under):
                    moved(removed, after, (False, False))
                    return True
            if d and partners[d]:
                rest, less = pile & low[below] | pile >> (below + width) << below, stock - rank_bit[dr]
                for after in partners[d]:
                    if search(after, rest, below, rec, less, under):
                        moved(removed, after, (True, False))
                        return True
            if w and partners[w]:
                rest, less = pile & low[lower] | pile >> below << lower, under - rank_bit[wr]
                for after in partners[w]:
                    if search(after, rest, lower, rec, stock, less):
                        moved(removed, after, (False, True))
                        return True
            if d and w and d + w == target and search(
                    removed, pile & low[lower] | pile >> (below + width) << lower, lower, rec,
                    stock - rank_bit[dr], under - rank_bit[wr]):
                path.append((BALANCE, 0, True, True, (), 0))
                return True
            if not (d or (rec and below)):
                return False
            # The Draw (or the Recycle), and on past the positions where nothing new can
            # be done: while the new deck top is no King, partners no available pyramid
            # card and does not make the target with the waste top (the card drawn
            # before it), through a Recycle when the deck runs out with a recycle left.
            # At the deck's end with no recycle left nothing new can be done. Where it
            # lands, the position's new moves are its deck top's (its other moves lead
            # where the moves above led), then the Draws go on. A Draw moves the place
            # in the pile code up a card; a Recycle moves it to the start.
            start = below               # where this pass's Draws began
            runs: list[int] = []        # the earlier passes' Draws (bits)
            need = -1        # the rank a deck top pairs with the waste top by (-1: none)
            # After the Recycle, a landing at this skip's first place or later is lost:
            # the first pass's landings there tried the same moves with a recycle more,
            # and its first place tried them all. So the skip ends there, and a second
            # Recycle (every place covered) ends it too.
            stop = beyond
            while True:
                if dr:
                    if not rec:     # with a recycle left only the bags' sum is read
                        bit = rank_bit[dr]
                        stock -= bit
                        under += bit
                    below += width
                    need = pair_rank[dr]
                elif rec and not runs:
                    stop = start
                    runs.append(below - start)
                    rec -= 1
                    below = start = 0
                    stock, under = stock + under, 0
                    need = -1
                else:
                    return False
                dr = pile >> below & top_mask
                if not dr or not (hot[dr] or dr == need):
                    continue
                if below >= stop:
                    return False
                d = value[dr]
                # Landed: a position of its own (counted as one), with the entry of the
                # position that drew (the same pyramid and pile).
                if entry:
                    if entry >> ((rec << 3) + 8):
                        return False
                    first = entry >> (rec << 3) & 255
                    if first and first <= below + 1:
                        return False
                nodes += 1
                if nodes > budget:
                    raise BudgetExceeded
                if not rec and below:
                    waste = pile & low[below]
                    clearable = waste_get(removed | stock << 28 | waste << WASTE_SHIFT)
                    if clearable is None:
                        clearable = waste_check(removed, stock, waste, under, WASTE_EFFORT)
                    if not clearable:
                        return False
                over = pile >> (below + width)
                if d == lone:
                    if search(removed, pile & low[below] | over << below, below, rec, stock, under):
                        path.append((BALANCE, 0, True, False, (), 0))
                        break
                    return False
                less = stock - rank_bit[dr]
                if partners[d]:
                    rest = pile & low[below] | over << below
                    won = False
                    for after in partners[d]:
                        if search(after, rest, below, rec, less, under):
                            moved(removed, after, (True, False))
                            won = True
                            break
                    if won:
                        break
                if dr == need:
                    lower = below - width
                    if search(removed, pile & low[lower] | over << lower, lower, rec, less,
                              under - rank_bit[pile >> lower & top_mask]):
                        path.append((BALANCE, 0, True, True, (), 0))
                        break
            for run in (below - start, *reversed(runs)):
                path.extend([DRAW_MOVE_T] * (run // width))
                path.append(RECYCLE_MOVE_T)
            path.pop()
            return True

        def count() -> int:
            return nodes
        self._count = count
        return search
