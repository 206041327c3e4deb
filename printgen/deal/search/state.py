"""The solver's compact game state: bitmasks and small ints, one rule set.

`Board` holds a deal's fixed data; a state is the tuple
(removed, piles, cursor, has_draw, recycles, pool, rolls_used):
- removed: bitmask of the Temple indices (0..27) already removed;
- piles: bitmask of the pile cards still in play, by their index in the
  fixed cycle order (discard bottom..top, Draw card, stock top..bottom; see
  table/engine.py); cards below `cursor` are the discard pile;
- cursor: the Draw card's index when has_draw, else the first stock index
  (normalised to the lowest remaining stock card, or the pile count);
- pool: the Force pool as counts per die value (POOL_BITS = 4 bits per value
  1..6: a count of at most 15, two values a roll, so Board allows at most
  MAX_ROLLS = 7 rolls a game can use);
- rolls_used: Force rolls added to the pool so far.
Moves are tuples (kind, temple_mask, use_draw, use_discard, force, new_pool).
"""

from __future__ import annotations

from itertools import product

from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import DISCARD, DRAW, DRAW_MOVE, RECYCLE_MOVE, Item, Move
from printgen.deal.table.rules import TEMPLE_SIZE, Level, coverers, position_of

FULL = (1 << TEMPLE_SIZE) - 1
MAX_PILE = 34            # pile bits 28-61 of the packed state (key(), the solver's lost table)
BALANCE, FORCE, DRAW_KIND, RECYCLE = 0, 1, 2, 3
DRAW_MOVE_T = (DRAW_KIND, 0, False, False, (), 0)
RECYCLE_MOVE_T = (RECYCLE, 0, False, False, (), 0)

POOL_BITS = 4           # bits per die value's count in a pool code
POOL_MASK = (1 << POOL_BITS) - 1
MAX_ROLLS = POOL_MASK // 2   # rolls a game may use (opening rolls and one per Sylop)

State = tuple[int, int, int, int, int, int, int]
COVER = tuple(sum(1 << j for j in coverers(i)) for i in range(TEMPLE_SIZE))  # per card, its coverers
# Temple cards removed -> those available: the same for every board, kept for the
# Temple's 1,430 shapes (a game only ever removes a shape) and a margin
_AVAILABLE: dict[int, tuple[int, ...]] = {}
AVAILABLE_KEPT = 4096


def pool_code(values: tuple[int, ...] | list[int]) -> int:
    code = 0
    for v in values:
        code += 1 << (POOL_BITS * (v - 1))
    return code


def pool_count(code: int, value: int) -> int:
    """How many Force values `value` (1..6) a pool code holds."""
    return (code >> (POOL_BITS * (value - 1))) & POOL_MASK


def pool_values(code: int) -> list[int]:
    return [v for v in range(1, 7) for _ in range(pool_count(code, v))]


_FORCE_CACHE: dict[int, dict[int, list[tuple[tuple[int, ...], int]]]] = {}


def force_options(code: int) -> dict[int, list[tuple[tuple[int, ...], int]]]:
    """For a pool: signed sum -> [(signed values, pool left)], only inclusion-minimal
    sets of used values (keeping more Force values is never worse)."""
    cached = _FORCE_CACHE.get(code)
    if cached is not None:
        return cached
    counts = [pool_count(code, v) for v in range(1, 7)]
    by_sum: dict[int, dict[tuple[int, ...], tuple[int, ...]]] = {}
    ranges = [[(p, m) for p in range(k + 1) for m in range(k + 1 - p)] for k in counts]
    for choice in product(*ranges):
        used = tuple(p + m for p, m in choice)
        total = sum((p - m) * (v + 1) for v, (p, m) in enumerate(choice))
        signed = tuple(sorted([v + 1 for v, (p, _) in enumerate(choice) for _ in range(p)]
                              + [-(v + 1) for v, (_, m) in enumerate(choice) for _ in range(m)]))
        by_sum.setdefault(total, {}).setdefault(used, signed)
    result = {}
    for total, sets in by_sum.items():
        minimal = [u for u in sets if not any(o != u and all(a <= b for a, b in zip(o, u))
                                              for o in sets)]
        result[total] = [(sets[u], code - pool_code([v + 1 for v, k in enumerate(u) for _ in range(k)]))
                         for u in sorted(minimal, key=sum)]
    _FORCE_CACHE[code] = result
    return result


_ZERO_CACHE: dict[int, list[tuple[tuple[int, ...], int]]] = {}


def zero_options(code: int) -> list[tuple[tuple[int, ...], int]]:
    """For a pool: [(signed values, pool left)] of the non-empty sets of Force values
    that sum to 0 (+a and -a, or +1 +2 -3, ...), only inclusion-minimal ones. A lone
    Sylop can leave with one of them when it cannot use the Force at no cost:
    force_options leaves them out, since for the sum 0 the empty set is minimal."""
    cached = _ZERO_CACHE.get(code)
    if cached is not None:
        return cached
    counts = [pool_count(code, v) for v in range(1, 7)]
    sets: dict[tuple[int, ...], tuple[int, ...]] = {}
    ranges = [[(p, m) for p in range(k + 1) for m in range(k + 1 - p)] for k in counts]
    for choice in product(*ranges):
        used = tuple(p + m for p, m in choice)
        if any(used) and sum((p - m) * (v + 1) for v, (p, m) in enumerate(choice)) == 0:
            sets.setdefault(used, tuple(sorted(
                [v + 1 for v, (p, _) in enumerate(choice) for _ in range(p)]
                + [-(v + 1) for v, (_, m) in enumerate(choice) for _ in range(m)])))
    minimal = [u for u in sets if not any(o != u and all(a <= b for a, b in zip(o, u))
                                          for o in sets)]
    result = [(sets[u], code - pool_code([v + 1 for v, k in enumerate(u) for _ in range(k)]))
              for u in sorted(minimal, key=lambda u: (sum(u), u))]
    _ZERO_CACHE[code] = result
    return result


class Board:
    """A deal's fixed data in the solver's form, and the state transitions."""

    def __init__(self, deal: Deal, level: Level | str | None = None, *,
                 recycles: int | None = None) -> None:
        self.deal = deal
        self.rules = rules = deal.rules
        self.level = rules.level(level)
        self.recycles = self.level.recycles if recycles is None else recycles
        self.temple = deal.temple
        self.pile = deal.piles
        self.n = len(self.pile)
        if rules.tableau.size != TEMPLE_SIZE or self.n > MAX_PILE:
            raise ValueError(f"{rules.name}: the solver's packed state holds a {TEMPLE_SIZE}-card "
                             f"tableau and at most {MAX_PILE} pile cards, not "
                             f"{rules.tableau.size} and {self.n}")
        force = rules.force_value
        self.sylop_temple = sum(1 << i for i, v in enumerate(self.temple)
                                if force is not None and v == force)
        self.sylop_piles = sum(1 << j for j, v in enumerate(self.pile)
                               if force is not None and v == force)
        if any(len(roll) != 2 or not all(1 <= v <= 6 for v in roll) for roll in deal.rolls):
            raise ValueError(f"{rules.name}: a Force roll is two dice 1..6, not "
                             f"{list(deal.rolls)}")
        usable = min(len(deal.rolls), self.level.opening_rolls
                     + self.sylop_temple.bit_count() + self.sylop_piles.bit_count())
        if usable > MAX_ROLLS:
            raise ValueError(f"{rules.name}: the solver's packed state holds at most "
                             f"{MAX_ROLLS} Force rolls a game can use, not {usable}")
        self.rolls = [pool_code(roll) for roll in deal.rolls]

    def start(self, recycles: int | None = None) -> State:
        """The start state, allowing `recycles` recycles (default: the level's)."""
        opening = self.level.opening_rolls
        pool = sum(self.rolls[:opening])
        cursor = self.rules.initial_discard
        rec = self.recycles if recycles is None else recycles
        return self.flip(0, (1 << self.n) - 1, cursor, 0, rec, pool, opening)

    def flip(self, removed: int, piles: int, cursor: int, hd: int, rec: int, pool: int,
             used: int) -> State:
        """Normalise the cursor when there is no Draw card; auto-flip if the rules say so."""
        if not hd:
            rest = piles >> cursor
            cursor = cursor + (rest & -rest).bit_length() - 1 if rest else self.n
            if self.rules.auto_flip and rest:
                hd = 1
        return removed, piles, cursor, hd, rec, pool, used

    def available(self, removed: int) -> tuple[int, ...]:
        """Temple indices present and uncovered, bottom row first."""
        cached = _AVAILABLE.get(removed)
        if cached is None:
            cached = tuple(i for i in range(TEMPLE_SIZE - 1, -1, -1)
                           if not removed >> i & 1 and COVER[i] & removed == COVER[i])
            if len(_AVAILABLE) < AVAILABLE_KEPT:
                _AVAILABLE[removed] = cached
        return cached

    def sylops_free(self, s: State) -> bool:
        """Can every Sylop still in play use the Force (a roll left for each)? Then a
        Sylop leaves alone at no cost: using the Force at once is never worse than
        any other use of it (the solver's forced move). With fewer rolls left than
        Sylops, a roll spent now may be one another Sylop needed, so it is not."""
        left = len(self.rolls) - s[6]
        if left <= 0 or self.rules.force_value is None:
            return False
        in_play = ((self.sylop_temple & ~s[0]).bit_count()
                   + (self.sylop_piles & s[1]).bit_count())
        return left >= in_play

    @staticmethod
    def discard_top(piles: int, cursor: int) -> int:
        return (piles & ((1 << cursor) - 1)).bit_length() - 1

    def can_draw(self, s: State) -> bool:
        if self.rules.auto_flip:
            return bool(s[3])
        return bool(s[1] >> (s[2] + s[3]))

    def can_recycle(self, s: State) -> bool:
        _, piles, cursor, hd, rec, _, _ = s
        return rec > 0 and piles != 0 and not piles >> (cursor + hd) and not (
            self.rules.auto_flip and hd)

    def apply(self, s: State, move: tuple) -> State:
        removed, piles, cursor, hd, rec, pool, used = s
        kind = move[0]
        if kind == DRAW_KIND:
            start = cursor + hd
            rest = piles >> start
            if rest:
                return removed, piles, start + (rest & -rest).bit_length() - 1, 1, rec, pool, used
            return removed, piles, self.n, 0, rec, pool, used
        if kind == RECYCLE:
            return self.flip(removed, piles, 0, 0, rec - 1, pool, used)
        _, tmask, use_draw, use_disc, _, new_pool = move
        if use_disc:
            piles &= ~(1 << self.discard_top(piles, cursor))
        if use_draw:
            piles &= ~(1 << cursor)
            hd = 0
        if kind == FORCE:
            new_pool = pool + self.rolls[used]
            used += 1
        return self.flip(removed | tmask, piles, cursor, hd, rec, new_pool, used)

    def key(self, s: State) -> int:
        """The state packed in one int: rolls_used fits 4 bits (at most MAX_ROLLS),
        the pool 6 * POOL_BITS, the recycles left take the rest."""
        removed, piles, cursor, hd, rec, pool, used = s
        return (removed | piles << 28 | cursor << 62 | hd << 68 | used << 69 | pool << 73
                | rec << (73 + 6 * POOL_BITS))

    def cards(self, s: State) -> list[tuple[int, int, bool, bool]]:
        """Available cards as (value, temple_mask, is_draw, is_discard)."""
        removed, piles, cursor, hd = s[0], s[1], s[2], s[3]
        temple = self.temple
        cards = [(temple[i], 1 << i, False, False) for i in self.available(removed)]
        if hd:
            cards.append((self.pile[cursor], 0, True, False))
        top = self.discard_top(piles, cursor)
        if top >= 0:
            cards.append((self.pile[top], 0, False, True))
        return cards

    def to_move(self, move: tuple) -> Move:
        """A solver move -> the engine's Move."""
        kind, tmask, use_draw, use_disc, force, _ = move
        if kind == DRAW_KIND:
            return DRAW_MOVE
        if kind == RECYCLE:
            return RECYCLE_MOVE
        items = [Item.temple(*position_of(i)) for i in range(TEMPLE_SIZE) if tmask >> i & 1]
        items += [DRAW] if use_draw else []
        items += [DISCARD] if use_disc else []
        if kind == FORCE:
            return Move.use_force(items[0])
        return Move.balance(*items, force=tuple(force))
