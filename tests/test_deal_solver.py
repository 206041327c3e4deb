"""Solver verdicts, move counts and node counts pinned for named deals; every
solution replays to a win through the engine."""

from __future__ import annotations

import pytest

from printgen.deal import JEDI_TEMPLE, Deal, solve
from printgen.deal.table.engine import MoveKind, replay
from printgen.spec.dealfile import jedi_deal

# deal -> level -> (winnable, moves in the solution, nodes searched)
PINNED = {
    1: {"padawan": (True, 68, 38), "knight": (True, 71, 35), "chosen": (True, 71, 35)},
    2: {"padawan": (True, 43, 34), "knight": (True, 39, 225), "chosen": (True, 39, 225)},
    3: {"padawan": (True, 82, 107), "knight": (True, 83, 74), "chosen": (True, 69, 67)},
    4: {"knight": (True, 47, 25)},
    5: {"knight": (True, 69, 50), "master": (True, 69, 50)},
}


@pytest.mark.parametrize("number, level", [(n, lv) for n in PINNED for lv in PINNED[n]])
def test_pinned_deals(number, level):
    deal = jedi_deal(number)
    solution = solve(deal, level)
    assert (solution.winnable, len(solution.moves), solution.nodes) == PINNED[number][level]
    assert replay(deal, level, solution.moves).won


@pytest.mark.parametrize("level", ["padawan", "knight", "master", "chosen"])
def test_every_solution_of_deals_1_to_40_replays(level):
    for number in range(1, 41):
        deal = jedi_deal(number)
        solution = solve(deal, level)
        assert solution.winnable, number
        result = replay(deal, level, solution.moves)
        assert result.won and not any(p.won for p in result.positions[:-1])


def test_master_and_knight_share_the_verdict():
    # the face-down Temple changes only the rating, never the verdict
    for number in range(1, 11):
        deal = jedi_deal(number)
        assert solve(deal, "master") == solve(deal, "knight")


def constructed_unwinnable() -> Deal:
    """The real 62-card deck dealt so that it cannot be won. Every Temple card
    covers the apex, so the apex (+10) leaves last, in a group of at most two pile
    cards (the Draw card and the Discard top) and Force values. All the negative
    cards but three -1s are in the Temple, so two pile cards give at least -2, and
    the rolls are all 1s (at most six Force values of 1): 10 - 2 - 6 > 0."""
    negatives = [v for v in range(-10, 0) for _ in range(3)]
    for _ in range(3):
        negatives.remove(-1)
    piles = [-1, -1, -1] + [v for v in range(1, 11) for _ in range(3) if (v, _) != (10, 0)]
    return Deal(JEDI_TEMPLE, tuple([10] + negatives + piles + [0, 0]),
                ((1, 1), (1, 1), (1, 1)), None)


@pytest.mark.parametrize("level", ["padawan", "chosen"])
def test_a_constructed_deal_is_proven_lost(level):
    deal = constructed_unwinnable()
    assert sorted(deal.values) == sorted(jedi_deal(1).values)  # the real deck
    solution = solve(deal, level)
    assert solution.winnable is False and solution.moves is None
    assert solution.nodes == 2  # the fast search, then the complete one


def test_a_hand_made_temple_whose_apex_has_no_partner_is_lost():
    # every card covers the apex, so it leaves last, with pile cards only: 1 + 5 != 0
    deal = Deal(JEDI_TEMPLE, tuple([1, -1] * 14 + [5]), ((1, 2), (3, 4), (5, 6)), None)
    solution = solve(deal, "knight")
    assert solution.winnable is False and solution.nodes == 2  # proven at the start


def test_budget_gives_an_undecided_verdict():
    solution = solve(jedi_deal(3), "chosen", budget=10)
    assert solution.winnable is None and solution.moves is None and solution.nodes == 11


def test_force_moves_use_the_rolls_in_order():
    deal = jedi_deal(1)
    solution = solve(deal, "padawan")
    result = replay(deal, "padawan", solution.moves)
    used = [p.rolls_used for p, m in zip(result.positions, solution.moves)
            if m.kind is MoveKind.FORCE]
    assert used == sorted(used) and used[0] == 1  # padawan's roll 1 is in the pool already
