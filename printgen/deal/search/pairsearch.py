"""The solver's search specialised for groups of at most two cards and no Force
(Pyramid): the same states, moves and lost table as solver.py, with the state
spread over plain ints so the hot loop does less work.

State: (removed, piles, cursor, recycles). The Draw card (the deck top) is the
pile card at `cursor`; `cursor == n` means the deck is empty. A lost state is
remembered by its pyramid and the values of its pile cards in pile order (which
cards they are plays no part in the game), with its place among them (how many
are on the waste). It also proves lost every state with the same cards and
recycles at a later place (the Draws reach it) and every state with fewer
recycles.

A Draw (or a Recycle) skips the positions where nothing new can be done: it goes
on while the new deck top is no King, partners no available pyramid card and does
not make the target with the card under it, through a Recycle when the deck runs
out (skip() in _searcher). The state it lands on tries only the moves with its deck
top and the Draw: its other moves (the waste top's, the pyramid pairs) lead where
moves tried before the skip led, or to the same cards later or with fewer
recycles, all lost (the order in expand() tries them before the Draw).

Two proofs of loss cut the search (both sound, see bag.py):
- the bag: the Temple cannot be cleared even if every pile card left could be
  used at any time;
- with no recycle left, the waste as a stack (bag.WasteCheck): the Temple cannot
  be cleared even if every stock card could be used at any time, when a waste
  card can only be used once the waste cards above it have left. This check gives
  up (proving nothing) after WASTE_EFFORT relaxed positions. (It also sees what
  an earlier cut saw, a waste card no card left in the Temple or the stock can
  partner, which never leaves with the cards under it.)
"""

from __future__ import annotations

from collections.abc import Callable

from printgen.deal.search.bag import BITS, WASTE_SHIFT, BagCheck, WasteCheck, bag_code
from printgen.deal.search.state import BALANCE, DRAW_MOVE_T, FULL, RECYCLE_MOVE_T, Board, State
from printgen.errors import BudgetExceeded

# Relaxed positions one last-pass check (bag.WasteCheck) may open before it gives up
# proving anything: on the slowest deals known (Pyramid 9,104,389; data set deals 776,
# 1104, 1171) 100 decides as much as 1,000 in less time, and 10 decides less.
WASTE_EFFORT = 100


def _chunk(ranks: list[int], mask: int, width: int) -> tuple[int, int]:
    """(the code of the cards whose bits are set in `mask`, in order, `width` bits a
    card, and their count), the cards' ranks given."""
    code = count = 0
    for j, r in enumerate(ranks):
        if mask >> j & 1:
            code |= r << (width * count)
            count += 1
    return code, count


class PairSearch:
    """Depth-first searches of one deal (see the module docstring); each run may
    start with its own recycles and keeps what earlier runs proved lost."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.limit = 0
        self.nodes = 0
        self.path: list[tuple] = []
        # lost[pyramid | pile values in order << 28] packs, per recycles left r, 1 + the
        # fewest waste cards proven lost in 6 bits at 6 * r (0: none).
        self.lost: dict[int, int] = {}
        self.bag = BagCheck(board)
        self.waste = WasteCheck(self.bag)
        self._temple: dict[int, tuple] = {}

    def temple_moves(self, removed: int) -> tuple:
        """(a King's bit or 0, the Temple pairs' masks, Temple card bits by value)."""
        board = self.board
        target, lone, temple = board.rules.target, board.rules.lone_value, board.temple
        by_value: dict[int, list[int]] = {}
        pairs, king = [], 0
        for i in board.available(removed):
            v = temple[i]
            if v == lone and not king:
                king = 1 << i
            for j in by_value.get(target - v, ()):
                pairs.append(1 << i | j)
            by_value.setdefault(v, []).append(1 << i)
        info = self._temple[removed] = (king, pairs, by_value)
        return info

    def run(self, start: State, budget: int) -> bool | None:
        """Search from `start` (a solver state) for at most `budget` more nodes."""
        self.limit = self.nodes + budget
        self.path.clear()
        bag = bag_code(self.board.pile, self.board.rules.lone_value)
        cursor = start[2] if start[3] else self.board.n
        search = self._searcher()
        try:
            return search(start[0], start[1], cursor, start[4], bag)
        except BudgetExceeded:
            self.path.clear()
            return None
        finally:
            self.nodes = self._count()

    def win(self) -> list[tuple]:
        """The solver moves of the win the last run found."""
        return self.path[::-1]

    def _searcher(self) -> Callable[[int, int, int, int, int], bool]:
        """The recursive search as a closure over locals (the hot loop)."""
        board, lost, path = self.board, self.lost, self.path
        lost_get, temple_get = lost.get, self._temple.get
        temple_moves, budget = self.temple_moves, self.limit
        clear_get, clear, bits = self.bag.clearable.get, self.bag.clear, self.bag.pile_bit
        n, pile = board.n, board.pile
        target, lone = board.rules.target, board.rules.lone_value
        nodes = self.nodes
        waste_check, waste_get = self.waste.check, self.waste.known.get
        waste_bags: dict[int, int] = {}
        waste_bags_get = waste_bags.get

        codes: dict[int, int] = {}
        codes_get = codes.get
        width = self.waste.width
        rank = [self.waste.rank[v] for v in pile]
        top_mask = (1 << width) - 1
        # per rank (0: no card), its value and its bag bit (none for a lone card)
        value = self.waste._value
        rank_bit = [0 if v == lone else 1 << (BITS * v) for v in value]
        rank_bit[0] = 0
        # per 6 pile cards from 6 * k: 6 bits of piles -> (the code of the cards whose bits
        # are set, their count), filled as met
        chunks: list[dict[int, tuple[int, int]]] = [{} for _ in range(-(-n // 6))]

        def sequence(piles: int) -> int:
            """The pile cards left as their values alone, in pile order (a stack code
            of bag.WasteCheck: `width` bits a card, the first in the lowest)."""
            code = shift = first = 0
            for table in chunks:
                bits6 = piles & 63
                entry = table.get(bits6)
                if entry is None:
                    entry = table[bits6] = _chunk(rank[first:first + 6], bits6, width)
                part, count = entry
                code |= part << shift
                shift += width * count
                piles >>= 6
                first += 6
            return code

        def bag_of(cards: int) -> int:
            code = 0
            while cards:
                low = cards & -cards
                code += bits[low.bit_length() - 1]
                cards ^= low
            return code

        def search(removed: int, piles: int, cursor: int, rec: int, bag: int,
                   landed: bool = False) -> bool:
            nonlocal nodes
            if removed == FULL:
                return True
            code = codes_get(piles)
            if code is None:
                code = codes[piles] = sequence(piles)
            waste = piles & ((1 << cursor) - 1)
            if not rec:
                # the last pass: its own loop over the stack codes (last())
                under = waste_bags_get(waste)
                if under is None:
                    under = waste_bags[waste] = bag_of(waste)
                below = width * waste.bit_count()
                return last(removed, code & ((1 << below) - 1), below, code >> below, bag - under,
                            under, landed)
            base = removed | code << 28
            entry = lost_get(base, 0)
            shift = 6 * rec
            if entry >> (shift + 6):
                return False  # lost with more recycles left
            first = entry >> shift & 63
            place = waste.bit_count() + 1
            if first and first <= place:
                return False  # lost at this place in the pile or an earlier one
            nodes += 1
            if nodes > budget:
                raise BudgetExceeded
            # (a landing has the pyramid and bag of the position that drew, which passed
            # the bag check)
            if not landed:
                clearable = clear_get(removed | bag << 28)
                if clearable is None:
                    clearable = clear(removed, bag)
                if not clearable:
                    lost[base] = entry & ~(63 << shift) | place << shift
                    return False
            if expand(removed, piles, cursor, rec, bag, landed):
                return True
            lost[base] = entry & ~(63 << shift) | place << shift
            return False

        def last(removed: int, waste: int, below: int, deck: int, stock: int, under: int,
                 landed: bool) -> bool:
            """search() with no recycle left, the pile as two stack codes: `waste` the
            waste's cards from the bottom (`below` bits), `deck` the deck's from the top
            (the Draw card in the lowest bits); `stock` and `under` their bags. The
            pile's code, the lost table's, is waste | deck << below."""
            nonlocal nodes
            if removed == FULL:
                return True
            base = removed | (waste | deck << below) << 28
            entry = lost_get(base, 0)
            place = below // width + 1
            if entry and (entry >> 6 or entry <= place):
                return False  # lost with a recycle left, or at this place or an earlier one
            nodes += 1
            if nodes > budget:
                raise BudgetExceeded
            clearable: bool | None = True
            if not landed:
                clearable = clear_get(removed | (stock + under) << 28)
                if clearable is None:
                    clearable = clear(removed, stock + under)
            if clearable and waste:
                clearable = waste_get(removed | stock << 28 | waste << WASTE_SHIFT)
                if clearable is None:
                    clearable = waste_check(removed, stock, waste, under, WASTE_EFFORT)
            if clearable and last_moves(removed, waste, below, deck, stock, under, landed):
                return True
            lost[base] = place
            return False

        def last_moves(removed: int, waste: int, below: int, deck: int, stock: int, under: int,
                       landed: bool) -> bool:
            """expand() for last(): the same moves in the same order."""
            king, pairs, by_value = temple_get(removed) or temple_moves(removed)
            if king:
                if last(removed | king, waste, below, deck, stock, under, False):
                    path.append((BALANCE, king, False, False, (), 0))
                    return True
                return False
            dr = deck & top_mask
            d = value[dr]
            lower = below - width
            wr = waste >> lower if waste else 0
            w = value[wr]
            if d == lone:
                if last(removed, waste, below, deck >> width, stock, under, False):
                    path.append((BALANCE, 0, True, False, (), 0))
                    return True
                return False
            if w == lone:
                if last(removed, waste & ((1 << lower) - 1), lower, deck, stock, under, False):
                    path.append((BALANCE, 0, False, True, (), 0))
                    return True
                return False
            if d:
                rest, less = deck >> width, stock - rank_bit[dr]
                for bit in by_value.get(target - d, ()):
                    if last(removed | bit, waste, below, rest, less, under, False):
                        path.append((BALANCE, bit, True, False, (), 0))
                        return True
            if w and not landed:
                rest, less = waste & ((1 << lower) - 1), under - rank_bit[wr]
                for bit in by_value.get(target - w, ()):
                    if last(removed | bit, rest, lower, deck, stock, less, False):
                        path.append((BALANCE, bit, False, True, (), 0))
                        return True
            if not landed:
                for mask in pairs:
                    if last(removed | mask, waste, below, deck, stock, under, False):
                        path.append((BALANCE, mask, False, False, (), 0))
                        return True
            if d and w and d + w == target and last(
                    removed, waste & ((1 << lower) - 1), lower, deck >> width,
                    stock - rank_bit[dr], under - rank_bit[wr], False):
                path.append((BALANCE, 0, True, True, (), 0))
                return True
            if d:
                # Draw, and on past the positions where nothing new can be done (as
                # skip(); at the deck's end nothing new can be done)
                drawn = 0
                while True:
                    waste |= dr << below
                    below += width
                    bit = rank_bit[dr]
                    stock -= bit
                    under += bit
                    drawn += 1
                    deck >>= width
                    if not deck:
                        return False
                    prev, dr = d, deck & top_mask
                    d = value[dr]
                    if d == lone or target - d in by_value or d + prev == target:
                        break
                if last(removed, waste, below, deck, stock, under, True):
                    path.extend([DRAW_MOVE_T] * drawn)
                    return True
            return False

        def skip(piles: int, prev: int, nxt: int, rec: int, by_value: dict,
                 moves: list[tuple]) -> tuple[int, int]:
            """Where a Draw (or a Recycle) lands, the moves made on the way appended to
            `moves` (a Draw was just made onto the card at `prev`, or prev is -1 after a
            Recycle, with `nxt` the deck top): the first deck top that is a King, has a
            partner among the available pyramid cards or makes the target with the waste
            top; past the deck's end, the Recycle and on, or the deck's end when no
            recycle is left. Every other move at the positions passed over leads where
            a move tried before this Draw or Recycle led, or to a state with the same
            cards at a later position or with fewer recycles: all lost."""
            while True:
                while nxt < n:
                    v = pile[nxt]
                    if v == lone or target - v in by_value or (prev >= 0 and v + pile[prev] == target):
                        return nxt, rec
                    rest = piles >> (nxt + 1)
                    prev, nxt = nxt, nxt + (rest & -rest).bit_length() if rest else n
                    moves.append(DRAW_MOVE_T)
                if not rec or not piles:
                    return n, rec
                rec -= 1
                moves.append(RECYCLE_MOVE_T)
                prev, nxt = -1, (piles & -piles).bit_length() - 1

        def expand(removed: int, piles: int, cursor: int, rec: int, bag: int, landed: bool) -> bool:
            """The moves of a state; `landed`: reached by skip(), so that the moves with
            the waste top and the pyramid pairs lead where moves already tried led."""
            info = temple_get(removed) or temple_moves(removed)
            king, pairs, by_value = info
            if king:
                if search(removed | king, piles, cursor, rec, bag):
                    path.append((BALANCE, king, False, False, (), 0))
                    return True
                return False
            top = (piles & ((1 << cursor) - 1)).bit_length() - 1
            d = pile[cursor] if cursor < n else 0
            w = pile[top] if top >= 0 else 0
            rest = piles >> (cursor + 1)
            nxt = cursor + (rest & -rest).bit_length() if rest else n
            if d == lone:
                if search(removed, piles & ~(1 << cursor), nxt, rec, bag):
                    path.append((BALANCE, 0, True, False, (), 0))
                    return True
                return False
            if w == lone:
                if search(removed, piles & ~(1 << top), cursor, rec, bag):
                    path.append((BALANCE, 0, False, True, (), 0))
                    return True
                return False
            if d:
                without, less = piles & ~(1 << cursor), bag - bits[cursor]
                for bit in by_value.get(target - d, ()):
                    if search(removed | bit, without, nxt, rec, less):
                        path.append((BALANCE, bit, True, False, (), 0))
                        return True
            if w and not landed:
                without, less = piles & ~(1 << top), bag - bits[top]
                for bit in by_value.get(target - w, ()):
                    if search(removed | bit, without, cursor, rec, less):
                        path.append((BALANCE, bit, False, True, (), 0))
                        return True
            for mask in () if landed else pairs:
                if search(removed | mask, piles, cursor, rec, bag):
                    path.append((BALANCE, mask, False, False, (), 0))
                    return True
            if d and w and d + w == target and search(removed, piles & ~(1 << cursor | 1 << top), nxt,
                                                      rec, bag - bits[cursor] - bits[top]):
                path.append((BALANCE, 0, True, True, (), 0))
                return True
            if d or (rec and piles):
                # Draw (or Recycle), and on past the positions where nothing new can be
                # done (skip())
                made = [DRAW_MOVE_T] if d else [RECYCLE_MOVE_T]
                land, left = (skip(piles, cursor, nxt, rec, by_value, made) if d else
                              skip(piles, -1, (piles & -piles).bit_length() - 1, rec - 1, by_value,
                                   made))
                # (at the deck's end with no recycle left nothing new can be done)
                if (land < n or left) and search(removed, piles, land, left, bag, True):
                    path.extend(reversed(made))
                    return True
            return False

        def count() -> int:
            return nodes
        self._count = count
        return search
