"""Hand-built hard Jedi Temple decks: the solver's shortcuts never cost a verdict.

Each deck is the real 62-card deck dealt on purpose. Lost decks must be proven lost
at once (the loss check counts only cards that exist); a winnable deck must be
won, and its solution replays to a win under the rules contract.
"""

from __future__ import annotations

import pytest

from printgen.deal import DEFAULT_BUDGET, JEDI_TEMPLE, Deal, Solution, shortest, solve
from printgen.deal.search.recycles import fewest_recycles, recycles_used
from printgen.deal import seeded_deal
from printgen.deal.table.rules import PYRAMID
from printgen.deal.table.engine import ItemKind, Move, MoveKind, replay
from printgen.deal.table.rules import index_of
from printgen.spec.dealfile import jedi_deal

LEVELS = ["padawan", "knight", "master", "chosen"]
ONES = ((1, 1), (1, 1), (1, 1))


def real_deck(deal: Deal) -> bool:
    return sorted(deal.values) == sorted(jedi_deal(1).values)


def apex_needs(sign: int) -> Deal:
    """The apex is +10 (sign -1: -10) and every other card covers it, so it leaves
    last with at most two pile cards and Force values. Every card of the other sign
    is in the Temple but -2, -1 and -1, so two pile cards bring at most -3: not -4,
    as -2 + -2 would if the single -2 were counted twice. The rolls are all 1s, at
    most six Force values of 1 (Padawan): 10 - 3 - 6 > 0."""
    others = [-sign * v for v in range(1, 11) for _ in range(3)]
    for v in (2, 1, 1):
        others.remove(-sign * v)
    same = [sign * v for v in range(1, 11) for _ in range(3)]
    same.remove(10 * sign)
    piles = [-2 * sign, -sign, -sign] + same + [0, 0]
    return Deal(JEDI_TEMPLE, tuple([10 * sign] + others + piles), ONES, None)


@pytest.mark.parametrize("deal", [apex_needs(1), apex_needs(-1)], ids=["apex +10", "apex -10"])
@pytest.mark.parametrize("level", LEVELS)
def test_lost_decks_are_proven_lost_at_once(deal, level):
    assert real_deck(deal)
    solution = solve(deal, level, budget=10_000)
    assert solution.winnable is False and solution.moves is None
    assert solution.nodes == 2  # the fast search's first position, then the complete one's


# Two Sylops, one covering the other (row 6 card 1 and row 7 card 1), and no Force
# rolls (as `printgen solve` without --rolls): the Sylops can never leave together
# and cannot use the Force, so the lower one must leave in a group with cards that
# balance on their own. A shortcut that plays such a group as two moves lost it.
SYLOP_GROUP = (
    -2, 10, -3, -7, -10, -9, -4, 5, 6, -3, 10, -2, -4, -7, -9, 0, -7, -1, 3, -5, 2,
    0, 8, 8, 4, 6, 2, -3,
    -6, 7, 10, 2, 4, 1, 5, -4, 5, -6, -5, 7, -10, 3, -1, 6, -10, 9, -8, -6, -2, 4, 1, -1,
    9, 1, -8, -5, -9, 7, 8, 9, 3, -8)


@pytest.mark.parametrize("level", ["knight", "chosen"])
def test_a_sylop_with_no_roll_left_leaves_in_a_group(level):
    deal = Deal(JEDI_TEMPLE, SYLOP_GROUP, (), None)
    assert real_deck(deal)
    assert deal.temple[index_of(5, 0)] == deal.temple[index_of(6, 0)] == 0
    solution = solve(deal, level, budget=100_000)
    assert solution.winnable is True
    result = replay(deal, level, solution.moves)
    assert result.won and not any(p.won for p in result.positions[:-1])
    sylops = {(5, 0), (6, 0)}
    groups = [m for m in solution.moves if m.kind is MoveKind.BALANCE
              and any(i.kind is ItemKind.TEMPLE and (i.row, i.col) in sylops for i in m.cards)]
    assert groups and all(len(m.cards) + len(m.force) >= 2 for m in groups)
    assert not any(m.kind is MoveKind.FORCE for m in solution.moves)


def test_shortest_within_a_budget_is_proven_or_says_so():
    deal = jedi_deal(4)
    answer = shortest(deal, "knight", budget=40_000)
    assert answer.proven and len(answer.solution.moves) == answer.lower_bound == 19
    assert len(solve(deal, "knight").moves) == 47        # the solver's first win
    assert replay(deal, "knight", answer.solution.moves).won
    cut = shortest(jedi_deal(5), "knight", budget=3_000)
    assert not cut.proven and cut.solution.nodes <= 3_001
    assert 7 <= cut.lower_bound < len(cut.solution.moves) <= len(solve(jedi_deal(5), "knight").moves)
    assert replay(jedi_deal(5), "knight", cut.solution.moves).won


@pytest.mark.parametrize("rules, number, level, fewest", [
    ("jedi-temple", 17, "master", 0), ("jedi-temple", 2, "chosen", 0),
    ("pyramid", 1, None, 2), ("pyramid", 2, None, 1)])
def test_fewest_recycles_is_proven_and_its_win_uses_exactly_that_many(rules, number, level,
                                                                       fewest):
    deal = jedi_deal(number) if rules == "jedi-temple" else seeded_deal(PYRAMID, number)
    answer = fewest_recycles(deal, level, budget=200_000)
    assert answer.proven and answer.recycles == fewest
    moves = answer.solution.moves
    assert recycles_used(moves) == fewest and replay(deal, level, moves).won
    if fewest:  # one recycle fewer is proven lost, by the solver on its own too
        assert solve(deal, level, recycles=fewest - 1).winnable is False


def test_fewest_recycles_cut_short_says_so():
    answer = fewest_recycles(jedi_deal(3), "knight", budget=5_000)
    assert not answer.proven and answer.recycles is not None and answer.recycles > 0
    assert recycles_used(answer.solution.moves) == answer.recycles
    assert replay(jedi_deal(3), "knight", answer.solution.moves).won


class ScriptedSolver:
    """A stand-in for Solver whose passes answer as scripted: allowance 2 wins with 2
    recycles, 1 is proven lost and 0 is never decided (a budget that runs out)."""

    def __init__(self):
        self.nodes = 0
        self.asked = []

    def solve(self, recycles, budget):
        self.asked.append(recycles)
        self.nodes += budget
        if recycles == 2:
            return Solution(True, (Move(MoveKind.RECYCLE),) * 2, budget)
        return Solution(False if recycles == 1 else None, None, budget)


def test_an_allowance_proven_lost_rules_out_every_smaller_one():
    """A win with at most 0 recycles is a win with at most 1: once 1 is proven lost,
    0 is too, and the win with 2 is proven the fewest without deciding 0 again."""
    solver = ScriptedSolver()
    answer = fewest_recycles(jedi_deal(3), "padawan", budget=100_000, most=2, solver=solver)
    assert (answer.recycles, answer.proven, answer.open) == (2, True, ())
    assert solver.asked == [0, 1, 2]


# A Chosen One deck made hard on purpose: deal 9,100,075's cards and rolls (its
# solver verdict takes 73 positions), then two cards swapped at a time, each swap
# kept only when the deck stayed winnable and the verdict took more positions. The
# last swap (the -3 and the -8 at pile places 25 and 29) took it from 161,779 to
# 588,064 positions (the solver's leaps over Draws make them 92,412 and 319,717, and
# its restarts after 200 positions rather than 1,000, 94,311 and 309,861).
# Row by row, then the pile from the top.
HARD_CHOSEN = (
    5, -6, -8, 9, 10, 8, 5, 8, -4, 6, -9, -4, -5, 7, -10, 4, 7, 5, 8, 2, -5, 6, 10, 9, 1, 6, -5, 2,
    -1, -7, -7, 0, 2, -6, -4, 3, -3, 9, 3, 0, 4, -2, 4, 7, -3,
    1, -1, 10, -6, -9, -10, -10, -8, -8, -9, -1, -3, -7, -2, 1, 3, -2)
HARD_ROLLS = ((1, 2), (2, 6), (6, 4))


def hard_chosen(last_swap: bool) -> Deal:
    values = list(HARD_CHOSEN)
    if not last_swap:
        values[52], values[56] = values[56], values[52]
    return Deal(JEDI_TEMPLE, tuple(values), HARD_ROLLS, None)


@pytest.mark.parametrize("last_swap, nodes", [
    (False, 94_311), pytest.param(True, 309_861, marks=pytest.mark.slow)])
def test_a_hard_winnable_chosen_one_deck_is_won_within_the_budget(last_swap, nodes):
    deal = hard_chosen(last_swap)
    assert real_deck(deal)
    solution = solve(deal, "chosen")
    assert solution.winnable is True and solution.nodes == nodes < DEFAULT_BUDGET
    result = replay(deal, "chosen", solution.moves)
    assert result.won and not any(p.won for p in result.positions[:-1])


def test_the_weighted_search_wins_where_the_solver_s_passes_stopped():
    """Deal 3 at Knight: 20,000 of the solver's positions leave a win with no recycle
    undecided; win_within finds one, and the key uses it, proven the fewest."""
    from printgen.deal.rating.key import find_key
    from printgen.deal.search.shortest import win_within
    from printgen.deal.search.solver import Solver
    from printgen.spec.playermodel import model_data
    deal = jedi_deal(3)
    solver = Solver(deal, "knight")
    assert solver.solve().winnable
    assert fewest_recycles(deal, "knight", budget=20_000, most=0, solver=solver).open == (0,)
    within = win_within(solver.board, 0, budget=10_000)
    assert within.moves is not None and not within.impossible and within.nodes <= 10_000
    assert replay(deal, "knight", within.moves).won and recycles_used(within.moves) == 0
    key = find_key(deal, "knight", model_data().key)
    assert (key.recycles, key.recycles_proven, key.least_recycles) == (0, True, 0)
    assert replay(deal, "knight", key.moves).won and recycles_used(key.moves) == 0
