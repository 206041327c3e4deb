"""The last pass's proof of loss for Pyramid (bag.WasteCheck): sound on random
positions, and it shortens the searches of the hardest lost deals known."""

from __future__ import annotations

import random

import pytest
from conftest import PYRAMID_1500

import printgen.deal.search.pairsearch as pairsearch
from printgen.deal import rule_set, seeded_deal, solve
from printgen.deal.formats.datasets import load_pyramid_1500
from printgen.deal.search.bag import bag_code
from printgen.deal.search.pairsearch import PairSearch
from printgen.deal.search.state import FULL, Board


def _random_position(board: Board, rng: random.Random) -> tuple[int, int, int]:
    """(removed, piles, cursor) with no recycle left: a Temple with some cards gone
    from the bottom up, some pile cards gone, the cursor anywhere."""
    removed = 0
    for _ in range(rng.randrange(0, 22)):
        removed |= 1 << rng.choice(board.available(removed))
    piles = sum(1 << j for j in range(board.n) if rng.random() < 0.6)
    cursor = rng.randrange(0, board.n + 1)
    above = piles >> cursor
    cursor = cursor + (above & -above).bit_length() - 1 if above else board.n
    return removed, piles, cursor


def _won_without_the_check(board: Board, removed: int, piles: int, cursor: int,
                           monkeypatch: pytest.MonkeyPatch) -> bool | None:
    with monkeypatch.context() as patch:
        patch.setattr(pairsearch, "WASTE_EFFORT", 0)
        start = (removed, piles, cursor, int(cursor < board.n), 0, 0, 0)
        return PairSearch(board).run(start, 200_000)


def test_the_last_pass_check_never_calls_a_won_position_lost(monkeypatch):
    rng = random.Random(31)
    rules = rule_set("pyramid")
    refuted = checked = 0
    for number in range(9_300_001, 9_300_013):
        board = Board(seeded_deal(rules, number))
        search = PairSearch(board)
        for _ in range(40):
            removed, piles, cursor = _random_position(board, rng)
            waste = piles & ((1 << cursor) - 1)
            if removed == FULL or not waste:
                continue
            stock_bag = bag_code([board.pile[j] for j in range(board.n)
                                  if piles >> j & 1 and j >= cursor], board.rules.lone_value)
            checked += 1
            under = [board.pile[j] for j in range(cursor) if waste >> j & 1]
            stack = search.waste.stack_code(under)
            if search.waste.check(removed, stock_bag, stack, bag_code(under, 13), 10**6):
                continue
            refuted += 1
            assert _won_without_the_check(board, removed, piles, cursor, monkeypatch) is False
    assert checked > 300 and refuted > 20      # the check did prove positions lost


def test_a_slow_lost_deal_takes_fewer_positions(monkeypatch):
    # Deal 1104 of the data set (lost): 282,147 positions before the check, 110,984
    # with the pair search's skips over Draws, 42,246 with its lost table keyed by
    # the pile's values and the pair of the two tops tried before the Draw (and the
    # cut of dead waste cards dropped), 42,274 with the pyramid's own pairs tried first,
    # 42,273 with a King leaving with the move that frees it (not a position of its own),
    # 33,448 with a skip that recycles ending where it began.
    deal = load_pyramid_1500(PYRAMID_1500)[1103].deal
    with_check = solve(deal)
    monkeypatch.setattr(pairsearch, "WASTE_EFFORT", 0)
    without = solve(deal)
    assert with_check.winnable is False and without.winnable is False
    assert (with_check.nodes, without.nodes) == (22_468, 33_448)
