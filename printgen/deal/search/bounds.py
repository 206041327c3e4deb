"""A quick proof that a position is lost (groups of any size: Jedi Temple).

Every Temple card X left must leave in a group: X, other Temple cards that can be
available together with it (neither covering it nor covered by it), at most two
pile cards (the Draw card and the Discard top at that moment) and Force values
(the pool plus the rolls that the Sylops still in play can bring). If for some X
no such group can sum to the target, the position is lost.

Only cards that exist are counted: two pile cards add up to 2v only when two
cards of value v are left. In the fast phase (no groups of pile cards alone) pile
cards only leave with Temple cards, at most two per group, or alone as a Sylop
used for the Force; so with T Temple cards left, two pile cards can only become
the Draw card and the Discard top together if at most 2(T-1) cards, plus the
Sylops, lie between them. The complete phase allows any two pile cards.

Sets of sums are bitsets: a sum x of pile cards or Force values is bit
x + OFFSET, a sum of Temple cards bit x + TEMPLE_OFFSET.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import accumulate
from operator import or_

from printgen.deal.search.state import FULL, Board, State, pool_values
from printgen.deal.table.rules import TEMPLE_SIZE, coverers

OFFSET = 128
TEMPLE_OFFSET = 320     # Temple sums: at most 27 cards of at most 10
PILE_REACH = 20         # two pile cards add up to at most 20 either way


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
    """Bitset (at OFFSET) of the sums of any of the values, each counted + or -."""
    bits = 1 << OFFSET
    for v in values:
        bits |= bits << v | bits >> v
    return bits


def _subset_sums(temple: tuple[int, ...], cards: int) -> int:
    """Bitset (at TEMPLE_OFFSET) of the sums of every subset of `cards`."""
    bits = 1 << TEMPLE_OFFSET
    while cards:
        low = cards & -cards
        v = temple[low.bit_length() - 1]
        bits |= bits << v if v >= 0 else bits >> -v
        cards ^= low
    return bits


def _sumset(a: int, b: int) -> int:
    """Bitset of x + y (the offsets add up)."""
    if a.bit_count() < b.bit_count():
        a, b = b, a
    result = 0
    while b:
        low = b & -b
        result |= a << (low.bit_length() - 1)
        b ^= low
    return result


def _near_pair_sums(values: list[int] | tuple[int, ...], gap: int) -> int:
    """Bitset (at OFFSET) of values[i] + values[j] for 0 < j - i <= gap + 1.

    The values j may take for each i form a window of gap + 1 cards; its set of
    values is a block's suffix, or its union with the next block's prefix, blocks of
    the window's width (van Herk, Gil and Werman), so each window costs one union."""
    width = gap + 1
    bits = [1 << (v + OFFSET) for v in values]
    n = len(bits)
    prefix: list[int] = []
    suffix: list[int] = []
    for start in range(0, n, width):        # the unions run in C (accumulate)
        block = bits[start:start + width]
        prefix += accumulate(block, or_)
        suffix += reversed(list(accumulate(reversed(block), or_)))
    sums = 0
    last = n - 1
    last_block = last // width
    for i in range(last):
        first = i + 1
        if first % width == 0 or first // width == last_block:
            window = suffix[first]      # first's block runs to the window's end (or the last card)
        else:
            end = i + width
            end = end if end < last else last  # noqa: FURB136 (a hot loop: min() is slower)
            window = suffix[first] | prefix[end]
        v = values[i]
        sums |= window << v if v >= 0 else window >> -v
    return sums


def _chunk_bits(pile: tuple[int, ...], start: int, chosen: int) -> int:
    """The bitset (at OFFSET) of the values of the pile cards start + j for each bit j
    of `chosen` (8 bits)."""
    bits = 0
    while chosen:
        low = chosen & -chosen
        j = start + low.bit_length() - 1
        if j < len(pile):
            bits |= 1 << (pile[j] + OFFSET)
        chosen ^= low
    return bits


TABLES_KEPT = 50_000    # entries of each shared table before it starts again
_Tables = tuple[dict[tuple[int, int], int],                                 # Force sums
                dict[tuple[int, int, int], tuple[tuple[int, bool], ...]],   # needs
                dict[int, int]]                                             # subset sums


@lru_cache(maxsize=16)
def _temple_tables(temple: tuple[int, ...], rolls: tuple[tuple[int, ...], ...], opening: int,
                   sylops: int, target: int, force: int | None) -> _Tables:
    """The tables of what depends only on the Temple's values and the Force rolls
    (Force sums, needs, subset sums), one set for every LossCheck of the same Temple
    and rolls: the player model's samples of a face-up Temple share them."""
    return {}, {}, {}


class LossCheck:
    """Callable: True when the position is proven lost (see the module docstring)."""

    def __init__(self, board: Board, *, complete: bool) -> None:
        self.board = board
        self.complete = complete
        self.target = board.rules.target
        # a Temple-and-Force sum set holding this whole window closes with any pile sum
        self.wide = ((1 << (2 * PILE_REACH + 1)) - 1) << (
            self.target + TEMPLE_OFFSET + OFFSET - PILE_REACH)
        self.temple_wide = self.wide >> OFFSET
        force = board.rules.force_value
        self.free = sum(1 << j for j, v in enumerate(board.pile) if v == force)
        self.sylops = sum(v == force for v in board.deal.values) if force is not None else 0
        self._force, self._needs, self._subsets = _temple_tables(
            tuple(board.temple), tuple(board.deal.rolls), board.level.opening_rolls,
            self.sylops, self.target, force)
        self._rolls = len(board.rolls)
        self._piles: dict[tuple[int, int], int] = {}
        # per 8 pile cards, which of them are in play -> the bitset of their values
        # (each entry found when first asked: a player's samples make many short searches)
        self._chunks: tuple[list[int | None], ...] = tuple(
            [None] * 256 for _ in range(0, board.n, 8))
        # per 8 pile cards, which of them are in play -> their values (found when asked)
        self._chunk_values: tuple[dict[int, tuple[int, ...]], ...] = tuple(
            {} for _ in range(0, board.n, 8))
        by_value: dict[int, int] = {}
        for j, v in enumerate(board.pile):
            by_value[v] = by_value.get(v, 0) | 1 << j
        self._value_masks = tuple((mask, 1 << (v + OFFSET)) for v, mask in by_value.items())

    def force_bits(self, pool: int, used: int) -> int:
        """Bitset (at OFFSET) of the signed sums of the pool and the rolls to come."""
        cached = self._force.get((pool, used))
        if cached is None:
            board = self.board
            left = self.sylops - (used - board.level.opening_rolls)
            values = pool_values(pool)
            for roll in board.deal.rolls[used:used + max(left, 0)]:
                values += list(roll)
            cached = self._force[(pool, used)] = _signed_sums(values)
        return cached

    def needs(self, left: int, pool: int, used: int) -> tuple[tuple[int, bool], ...]:
        """Per Temple card left whose group is not sure to close: the pile sums that
        would close it (target minus what its Temple cards and Force values can sum
        to, a bitset at OFFSET), and whether it is a Sylop."""
        key = (left, pool, used)
        cached = self._needs.get(key)
        if cached is not None:
            return cached
        temple, force_value = self.board.temple, self.board.rules.force_value
        force = self.force_bits(pool, used)
        needs = []
        rest = left
        while rest:
            low = rest & -rest
            x = low.bit_length() - 1
            rest ^= low
            compat = left & ~RELATED[x]
            sums = self._subsets.get(compat)
            if sums is None:
                if len(self._subsets) >= TABLES_KEPT:
                    self._subsets.clear()
                sums = self._subsets[compat] = _subset_sums(temple, compat)
            sums = sums << temple[x] if temple[x] >= 0 else sums >> -temple[x]
            if sums & self.temple_wide == self.temple_wide:
                continue  # closes with any pile sum even without Force values
            sums = _sumset(sums, force)
            if sums & self.wide != self.wide:
                needs.append((self._reflect(sums), temple[x] == force_value))
        if len(self._needs) >= TABLES_KEPT:
            self._needs.clear()
        cached = self._needs[key] = tuple(needs)
        return cached

    def single_sums(self, piles: int) -> int:
        """Bitset (at OFFSET) of the sums of no pile card or one: the part of
        pile_sums that is quick to find (a table per 8 pile cards)."""
        sums, start = 1 << OFFSET, 0
        for table in self._chunks:
            bits = table[piles & 255]
            if bits is None:
                bits = table[piles & 255] = _chunk_bits(self.board.pile, start, piles & 255)
            sums |= bits
            piles >>= 8
            start += 8
        return sums

    def pile_sums(self, piles: int, gap: int) -> int:
        """Bitset (at OFFSET) of every sum of no pile card, one, or two with at most
        `gap` cards between them."""
        count = piles.bit_count()
        if gap + 1 >= count:
            gap = self.board.n
        cached = self._piles.get((piles, gap))
        if cached is not None:
            return cached
        if gap >= self.board.n:
            sums = self._any_pair_sums(piles)
        else:
            values: tuple[int, ...] = ()
            rest, start = piles, 0
            for table in self._chunk_values:        # the values in play, in pile order
                chosen = rest & 255
                part = table.get(chosen)
                if part is None:
                    pile = self.board.pile
                    part = table[chosen] = tuple(pile[start + j] for j in range(8)
                                                 if chosen >> j & 1)
                values += part
                rest >>= 8
                start += 8
            sums = self.single_sums(piles) | _near_pair_sums(values, gap)
        self._piles[(piles, gap)] = sums
        return sums

    def _any_pair_sums(self, piles: int) -> int:
        """Bitset (at OFFSET) of the sums of no pile card, one, or any two (a value
        counts twice only when two cards have it), from the values present."""
        present: list[int] = []
        sums = 1 << OFFSET
        for mask, bit in self._value_masks:
            cards = piles & mask
            if cards:
                present.append(bit)
                sums |= bit
                if cards & (cards - 1):                  # two cards of this value: 2v
                    v = bit.bit_length() - 1 - OFFSET
                    sums |= bit << v if v >= 0 else bit >> -v
        present.sort()
        higher = 0
        for bit in reversed(present):                  # v + w over values w above v
            v = bit.bit_length() - 1 - OFFSET
            sums |= higher << v if v >= 0 else higher >> -v
            higher |= bit
        return sums

    def _reflect(self, sums: int) -> int:
        """target - x at OFFSET for every x of a bitset at TEMPLE_OFFSET + OFFSET (only
        the values two pile cards can reach): the window's bits read backwards."""
        width = 2 * PILE_REACH + 1
        window = sums >> (self.target + TEMPLE_OFFSET + OFFSET - PILE_REACH) & ((1 << width) - 1)
        return int(format(window, f"0{width}b")[::-1], 2) << (OFFSET - PILE_REACH)

    def pops(self, s: State) -> int:
        """How many discard cards can still be taken off the top when no recycle is
        left: one per group with a Temple card, one per Sylop used for the Force, and
        (complete search) one per group of pile cards alone, each of which holds the
        Draw card or a Force value."""
        removed, piles, cursor, pool, used = s[0], s[1], s[2], s[5], s[6]
        discard = piles & ((1 << cursor) - 1)
        pops = TEMPLE_SIZE - removed.bit_count() + (discard & self.free).bit_count()
        if not self.complete:
            return pops
        force = len(pool_values(pool)) + 2 * max(0, min(
            len(self.board.rolls) - used, self.sylops - (used - self.board.level.opening_rolls)))
        return pops + (piles >> cursor).bit_count() + force

    def __call__(self, s: State) -> bool:
        removed, piles, _cursor, _, _rec, pool, used = s
        left = FULL & ~removed
        needs = self._needs.get((left, pool, used))
        if needs is None:
            needs = self.needs(left, pool, used)
        if not needs:
            return False
        # a card that no pile sum closes proves the loss; pairs of pile cards are
        # looked at only for the cards that no single pile card (or none) closes
        singles = self.single_sums(piles)
        if used < self._rolls:
            open_needs = [sums for sums, sylop in needs if not sylop and not sums & singles]
        else:
            open_needs = [sums for sums, _ in needs if not sums & singles]
        if not open_needs:
            return False
        if self.complete:
            gap = self.board.n
        else:
            gap = 2 * (left.bit_count() - 1) + (piles & self.free).bit_count()
        closing = self._piles.get((piles, gap)) or self.pile_sums(piles, gap)
        for sums in open_needs:  # noqa: SIM110 (the solver's hot loop: any() here is slower)
            if not sums & closing:
                return True
        return False
