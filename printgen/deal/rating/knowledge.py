"""What a player at a level knows, and deals consistent with it (determinizations).

A player sees every Temple card at the face-up levels and, at the face-down ones,
only the cards that are or were available (a card is turned face up when its
coverers leave, and stays so). Of the pile cards they have seen those turned up
so far: the cycle order never changes (table/engine.py), so the cards seen are the
positions before the furthest the cursor has reached, every one of them once the
deck has been recycled. A Force roll is known once thrown. Everything else, the
unseen cards' places and the rolls to come, a determinization draws at random:
the unseen cards' values are shuffled over the unseen places and each roll to
come is two fair dice.

A plan (a list of the solver's move tuples) found on one determinization can be
checked on another by replaying it with the legality checks below, which is much
cheaper than searching again.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.deal.search.state import (
    BALANCE,
    DRAW_KIND,
    FORCE,
    FULL,
    RECYCLE,
    Board,
    State,
    pool_code,
    pool_count,
)
from printgen.deal.table.deal import Deal
from printgen.deal.table.rules import RuleSet
from printgen.deal.table.shuffle import SplitMix64


def seen_after(seen: int, s: State) -> int:
    """The pile positions seen (all before the returned index) once in state s."""
    return max(seen, s[2] + s[3])


def hidden_places(board: Board, s: State, seen: int) -> tuple[int, ...]:
    """Indices into the deal's values (the Temple's cards, then the piles) the player
    has not seen: face-down Temple cards not yet uncovered, pile cards not yet turned."""
    places: list[int] = []
    size = board.rules.tableau.size
    if board.level.face_down:
        visible = s[0]
        for i in board.available(s[0]):
            visible |= 1 << i
        places += [i for i in range(size) if not visible >> i & 1]
    places += [size + j for j in range(seen, board.n)]
    return tuple(places)


def determinize(deal: Deal, hidden: Sequence[int], rolls_known: int, rng: SplitMix64) -> Deal:
    """A deal that agrees with everything seen: the hidden values shuffled over the
    hidden places, the rolls not yet thrown drawn afresh."""
    values = list(deal.values)
    unseen = sorted(values[i] for i in hidden)      # what is unseen, not where it is
    for place, value in zip(hidden, rng.shuffle(unseen)):
        values[place] = value
    rolls = tuple(deal.rolls[:rolls_known]) + tuple(rng.roll() for _ in deal.rolls[rolls_known:])
    return Deal(deal.rules, tuple(values), rolls, deal.number)


def legal(board: Board, s: State, move: tuple) -> bool:
    """Is a solver move legal in state s of this board? (The solver only makes legal
    moves on its own board; a plan made on another determinization may not be.)"""
    kind = move[0]
    if kind == DRAW_KIND:
        return board.can_draw(s)
    if kind == RECYCLE:
        return board.can_recycle(s)
    removed, piles, cursor, hd, _, pool, used = s
    _, tmask, use_draw, use_disc, force, new_pool = move
    available = 0
    for i in board.available(removed):
        available |= 1 << i
    if tmask & ~available or (use_draw and not hd):
        return False
    values = [value for i, value in enumerate(board.temple) if tmask >> i & 1]
    if use_draw:
        values.append(board.pile[cursor])
    if use_disc:
        top = board.discard_top(piles, cursor)
        if top < 0:
            return False
        values.append(board.pile[top])
    rules = board.rules
    if kind == FORCE:
        return len(values) == 1 and values[0] == rules.force_value and used < len(board.rolls)
    return kind == BALANCE and _balance_ok(rules, values, force, pool, new_pool)


def _balance_ok(rules: RuleSet, values: list[int], force: tuple[int, ...], pool: int, new_pool: int) -> bool:
    if len(values) == 1 and not force and rules.lone_value is not None:
        return values[0] == rules.lone_value
    if not values or len(values) + len(force) < rules.min_items:
        return False
    if rules.max_cards is not None and len(values) > rules.max_cards:
        return False
    if any(not 1 <= abs(v) <= 6 for v in force):
        return False
    spent = pool_code([abs(v) for v in force])
    if any(pool_count(spent, v) > pool_count(pool, v) for v in range(1, 7)):
        return False
    return pool - spent == new_pool and sum(values) + sum(force) == rules.target


def plan_wins(board: Board, s: State, plan: Sequence[tuple]) -> bool:
    """Does the plan, replayed from s on this board, win with legal moves only?"""
    for move in plan:
        if s[0] == FULL or not legal(board, s, move):
            return False
        s = board.apply(s, move)
    return s[0] == FULL


def condition(values: list[int], rolls: list[tuple[int, int]], deal: Deal,
              before: Sequence[int], after: Sequence[int], rolls_known: int,
              rng: SplitMix64) -> bool:
    """Make a determinization agree with what was just turned up (the places hidden
    `before` a move but not `after` it) and the rolls thrown so far: where it had
    another card at a turned-up place, swap in that card from one of its other
    unfixed places holding it, chosen at random (each determinization stays a
    uniform draw of the unseen order). True if it changed."""
    changed = False
    open_places = list(before)
    for place in sorted(set(before) - set(after)):
        open_places.remove(place)
        want = deal.values[place]
        if values[place] != want:
            holders = [q for q in open_places if values[q] == want]
            q = holders[rng.below(len(holders))]
            values[place], values[q] = want, values[place]
            changed = True
    for r in range(rolls_known):
        if rolls[r] != deal.rolls[r]:
            rolls[r] = deal.rolls[r]
            changed = True
    return changed
