"""A quick proof that a position is lost, for the solver's first (fast) phase.

Near the end, a remaining Temple card X needs a group: other Temple cards that
can be available together with it (not covering it, not covered by it), at
most two pile cards (the Draw card and the Discard top), and Force values
(the pool plus the rolls still to come from Sylops in play). In the fast phase
pile cards only leave with Temple cards, at most two per group, so with T
Temple cards left two pile cards can only become neighbours (Draw card and
Discard top) if at most 2(T-1) cards lie between them. If some X has no such
group, the position is lost (for that phase; a complete search confirms any
loss). Sets of sums are bitsets: value x is bit x + OFFSET.
"""

from __future__ import annotations

from printgen.deal.rules import TEMPLE_SIZE, coverers
from printgen.deal.state import FULL, Board, State, pool_values

OFFSET = 128
TOP_ROWS = 1  # the apex: no Temple card can partner it (every card covers it)
FEW = 0
APEX_LEFT = 12  # the apex alone is checked with up to this many Temple cards left,
# and at the start


def _related() -> list[int]:
    """Per Temple card: itself and every card that covers it or that it covers,
    directly or not (cards that can never be available together with it)."""
    below = [0] * TEMPLE_SIZE
    for i in range(TEMPLE_SIZE - 1, -1, -1):
        for j in coverers(i):
            below[i] |= 1 << j | below[j]
    above = [sum(1 << j for j in range(TEMPLE_SIZE) if below[j] >> i & 1)
             for i in range(TEMPLE_SIZE)]
    return [below[i] | above[i] | 1 << i for i in range(TEMPLE_SIZE)]


RELATED = _related()


def _signed_sums(values: list[int]) -> int:
    bits = 1 << OFFSET
    for v in values:
        bits |= bits << v | bits >> v
    return bits


def _sumset(a: int, b: int) -> int:
    """Bitset of x + y (the result is offset by 2 * OFFSET)."""
    result = 0
    while b:
        low = b & -b
        result |= a << (low.bit_length() - 1)
        b ^= low
    return result


class LossCheck:
    """Callable: True when the position is proven lost (see the module docstring)."""

    def __init__(self, board: Board, *, complete: bool) -> None:
        self.board = board
        self.complete = complete
        self.pairs_only = board.rules.max_cards == 2
        self.max_left = TEMPLE_SIZE if self.pairs_only else 4
        self.related = RELATED
        force, lone = board.rules.force_value, board.rules.lone_value
        self.free = sum(1 << j for j, v in enumerate(board.pile)
                        if v is not None and v in (force, lone))
        self.sylops = sum(v == force for v in board.deal.values) if force is not None else 0
        self._force: dict[tuple[int, int], int] = {}
        self._piles: dict[tuple[int, int], int] = {}
        self._pair_cache: dict[int, bool] = {}
        self._extra: dict[tuple[int, int, int, int], int] = {}
        rules, temple = board.rules, board.temple
        # For pairs: the bit of the partner value a Temple card needs (None: leaves
        # alone) and the Temple cards that could partner it.
        self.need = [None if v == rules.lone_value else rules.target - v + OFFSET
                     for v in temple]
        self.partners = [sum(1 << j for j in range(TEMPLE_SIZE)
                             if not RELATED[i] >> j & 1 and temple[i] + temple[j] == rules.target)
                         for i in range(TEMPLE_SIZE)] if self.pairs_only else []

    def force_bits(self, pool: int, used: int) -> int:
        cached = self._force.get((pool, used))
        if cached is None:
            board = self.board
            left = self.sylops - (used - board.level.opening_rolls)
            values = pool_values(pool)
            for roll in board.deal.rolls[used:used + max(left, 0)]:
                values += list(roll)
            cached = self._force[(pool, used)] = _signed_sums(values)
        return cached

    def extra(self, piles: int, gap: int, pool: int, used: int) -> int:
        """Sums of at most two pile cards plus Force values (cached)."""
        key = (piles, gap, pool, used)
        cached = self._extra.get(key)
        if cached is None:
            cached = self._extra[key] = _sumset(self.pile_bits(piles, gap),
                                                self.force_bits(pool, used))
        return cached

    def pile_bits(self, piles: int, gap: int) -> int:
        """Sums of no pile card, one, or two with at most `gap` cards between them
        (with a gap as long as the piles: any two values present, a relaxation)."""
        count = piles.bit_count()
        if gap + 1 >= count:
            gap = self.board.n
        cached = self._piles.get((piles, gap))
        if cached is None:
            pile = self.board.pile
            values = [pile[j] for j in range(self.board.n) if piles >> j & 1]
            singles = 0
            for v in values:
                singles |= 1 << (v + OFFSET)
            if gap >= self.board.n:
                bits = 1 << OFFSET | singles | _sumset(singles, singles) >> OFFSET
            else:
                bits = 1 << OFFSET | singles
                for i, v in enumerate(values):
                    for w in values[i + 1:i + gap + 2]:
                        bits |= 1 << (v + w + OFFSET)
            cached = self._piles[(piles, gap)] = bits
        return cached

    def pops(self, s: State, count: int) -> int:
        """In the fast phase, how many discard cards can still be taken off the top
        in the last pass: each goes with a Temple card or leaves alone (a Sylop)."""
        discard = s[1] & ((1 << s[2]) - 1)
        return count + (discard & self.free).bit_count()

    @staticmethod
    def live_piles(piles: int, cursor: int, count: int) -> int:
        """With no recycle left, only the top `count` discard cards (and the stock)
        can still be used."""
        discard = piles & ((1 << cursor) - 1)
        live = piles & ~discard
        for _ in range(count):
            if not discard:
                break
            top = 1 << (discard.bit_length() - 1)
            live |= top
            discard ^= top
        return live

    def __call__(self, s: State) -> bool:
        left = FULL & ~s[0]
        count = left.bit_count()
        if count > self.max_left and (self.pairs_only or not left & TOP_ROWS
                                      or APEX_LEFT < count < TEMPLE_SIZE):
            return False
        piles = s[1]
        if s[4] == 0 and not self.complete:
            piles = self.live_piles(piles, s[2], self.pops(s, count))
        if self.pairs_only:
            return self._pair_lost(left, piles)
        gap = self.board.n if self.complete else 2 * (count - 1)
        extra = self.extra(piles, gap, s[5], s[6])
        temple, force = self.board.temple, self.board.rules.force_value
        target = self.board.rules.target
        # Above max_left only the apex is checked: no Temple card can partner it,
        # so its group is pile cards and Force values alone.
        few = TEMPLE_SIZE if count <= self.max_left else FEW
        rest = left if count <= self.max_left else left & TOP_ROWS
        while rest:
            low = rest & -rest
            x = low.bit_length() - 1
            rest ^= low
            if temple[x] == force:
                continue
            sums = [temple[x]]
            compat = left & ~self.related[x]
            if compat.bit_count() > few:
                continue
            while compat:
                bit = compat & -compat
                v = temple[bit.bit_length() - 1]
                sums += [a + v for a in sums]
                compat ^= bit
            if not any(extra >> (target - a + 2 * OFFSET) & 1 for a in sums):
                return True
        return False

    def _pair_lost(self, left: int, piles: int) -> bool:
        """Groups of at most two cards: each Temple card needs one partner card."""
        key = left | piles << TEMPLE_SIZE
        cached = self._pair_cache.get(key)
        if cached is not None:
            return cached
        board = self.board
        present = 0
        for j in range(board.n):
            if piles >> j & 1:
                present |= 1 << (board.pile[j] + OFFSET)
        lost = False
        need, partners = self.need, self.partners
        rest = left
        while rest:
            low = rest & -rest
            x = low.bit_length() - 1
            rest ^= low
            if need[x] is not None and not present >> need[x] & 1 and not partners[x] & left:
                lost = True
                break
        if not lost:
            lost = self._short_of_partners(left, piles)
        self._pair_cache[key] = lost
        return lost

    def _short_of_partners(self, left: int, piles: int) -> bool:
        """Counting: the Temple cards of values v and w = target - v need partners;
        x pairs of two Temple cards leave tv - x and tw - x to pile partners."""
        board = self.board
        target, lone = board.rules.target, board.rules.lone_value
        temple: dict[int, int] = {}
        pile: dict[int, int] = {}
        for i in range(TEMPLE_SIZE):
            if left >> i & 1 and board.temple[i] != lone:
                temple[board.temple[i]] = temple.get(board.temple[i], 0) + 1
        for j in range(board.n):
            if piles >> j & 1:
                pile[board.pile[j]] = pile.get(board.pile[j], 0) + 1
        for v, tv in temple.items():
            w = target - v
            tw, pv, pw = temple.get(w, 0), pile.get(v, 0), pile.get(w, 0)
            if v == w:
                if tv % 2 and not pv:
                    return True
            elif max(tv - pw, tw - pv) > min(tv, tw):
                return True
        return False
