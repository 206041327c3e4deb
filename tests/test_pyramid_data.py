"""A fixed subset of the 1,500 Pyramid deals of mchung94/pyramid-solver (MIT
License, Copyright (c) 2017 Mitchell Chung): verdicts, and shortest lengths,
against the data set's independently computed answers.

The data is vendored in tests/fixtures/pyramid-1500 (with its licence)."""

from __future__ import annotations

import pytest

from conftest import PYRAMID_1500
from printgen.deal import shortest, solve
from printgen.deal.formats.datasets import load_pyramid_1500
from printgen.deal.table.engine import replay

# Deals (1-based lines) that solve quickly, winnable and not; 60 and 103 need a search.
SUBSET = [1, 2, 4, 5, 7, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 27, 28,
          29, 30, 31, 33, 34, 35, 36, 37, 39, 40, 42, 43, 45, 46, 47, 48, 50, 52, 53, 54, 55,
          56, 57, 58, 60, 61, 62, 63, 65, 67, 69, 70, 71, 73, 74, 75, 76, 77, 78, 79, 81, 82,
          83, 84, 86, 87, 89, 91, 92, 93, 94, 95, 96, 98, 100, 101, 103, 104]
SHORTEST = [15, 17, pytest.param(50, marks=pytest.mark.slow), 96]     # 50: the slowest to prove


@pytest.fixture(scope="module")
def deals():
    return load_pyramid_1500(PYRAMID_1500)


def test_data_set_shape(deals):
    assert len(deals) == 1500
    assert sum(d.winnable for d in deals) == 998


def test_subset_verdicts_agree_with_the_data_set(deals):
    both = {True: 0, False: 0}
    for number in SUBSET:
        known = deals[number - 1]
        solution = solve(known.deal)
        assert solution.winnable is known.winnable, number
        both[known.winnable] += 1
        if solution.winnable:
            assert replay(known.deal, None, solution.moves).won
    assert both[True] > 40 and both[False] > 20


def test_lost_deals_are_proven_lost_at_the_start(deals):
    # Deals 582, 794 and 1026 took 4.9 to 9.5 million positions before the bag (bag.py):
    # even with every pile card usable at any time, their pyramids cannot be cleared.
    for number in (582, 794, 1026):
        known = deals[number - 1]
        solution = solve(known.deal)
        assert not known.winnable and solution.winnable is False and solution.nodes == 1


@pytest.mark.parametrize("number", SHORTEST)
def test_shortest_lengths_agree_with_the_data_set(deals, number):
    known = deals[number - 1]
    answer = shortest(known.deal)
    solution = answer.solution
    if known.winnable:
        assert answer.proven and len(solution.moves) == known.shortest == answer.lower_bound
        assert replay(known.deal, None, solution.moves).won
    else:
        assert solution.winnable is False and answer.proven
