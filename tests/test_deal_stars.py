"""Stars from proofs: the extra star for 'a win needs a recycle' is given only when
the search for a win with no recycle completed and found none, never because a
budget ran out (rating.py, key.py).

The model's games do not touch the recycle star, so the ratings here take 8 won
games as given (rate(..., model=...)) and only the key is searched: the star is
there exactly when the stars exceed what the win rate alone gives.
"""

from __future__ import annotations

from functools import cache

import pytest

from printgen.deal import (
    JEDI_TEMPLE,
    Deal,
    Level,
    ModelRate,
    Rating,
    StarScale,
    rate,
    rating_json,
    rule_set,
    seeded_deal,
    solve,
)
from printgen.deal.search.recycles import recycles_used
from printgen.deal.table.engine import replay
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data

LEVELS = ["padawan", "knight", "master", "chosen"]
WON_ALL = ModelRate(8, 8, 3)
SAMPLE = range(1, 6)
# Deals whose key recycles while the searches for a win with fewer recycles stopped at
# their budgets (key.fewer_recycles = 20,000 of the solver's positions, then
# key.fewer_search = 10,000 of the weighted search's): the key uses 1 recycle, 'a win
# with fewer was not ruled out', and solve(recycles=0) does win (in 81,627 positions
# at Padawan, 52,779 at the others). Such deals used to get the recycle star. Deals
# 398 (Padawan) and 9,100,059, used here before, now have keys with no recycle: the
# weighted search finds them.
STOPPED_EARLY = {"padawan": 9_100_678, "knight": 9_100_812, "master": 9_100_812,
                 "chosen": 9_100_812}


@cache
def no_win_within(deal: Deal, level: str, recycles: int) -> bool:
    """Whether the solver proves, within 200,000 positions, that the deal has no win
    with `recycles` recycles; asked once a deal, level and count (check() asks it twice
    of a deal whose key's one recycle is proven needed)."""
    return solve(deal, level, recycles=recycles, budget=200_000).winnable is False


def recycle_star(rating: Rating, level: str) -> bool:
    scale = model_data().stars
    return rating.stars > scale.stars(Level(level), rating.model, 0)


def check(deal: Deal, level: str, rating: Rating) -> None:
    key = rating.key
    assert replay(deal, level, key.moves).won and recycles_used(key.moves) == key.recycles
    if recycle_star(rating, level):
        assert key.recycle_needed and key.recycles
        assert no_win_within(deal, level, 0)
    if key.recycles and key.recycles_proven:     # proven: the star is not withheld
        assert recycle_star(rating, level) and key.recycle_needed
        assert no_win_within(deal, level, key.recycles - 1)
    if key.recycles and not key.recycle_needed:
        assert not recycle_star(rating, level) and not key.recycles_proven
    data = rating_json(rating, 0)
    assert data["fewest_recycles_proven"] is key.recycles_proven
    assert data["recycle_needed_proven"] is key.recycle_needed


@pytest.mark.parametrize("level", ["padawan", "chosen"])     # the ends; the next test takes all four
def test_the_recycle_star_only_with_a_proof(level):
    for number in SAMPLE:
        deal = jedi_deal(number)
        check(deal, level, rate(deal, level, model_data(), model=WON_ALL))


@pytest.mark.parametrize("level", LEVELS)
def test_a_search_cut_short_gives_no_star(level):
    deal = jedi_deal(STOPPED_EARLY[level])
    rating = rate(deal, level, model_data(), model=WON_ALL)
    check(deal, level, rating)
    key = rating.key
    assert key.recycles == 1 and not key.recycles_proven and not key.recycle_needed
    assert rating.stars == 1 and not recycle_star(rating, level)
    win = solve(deal, level, recycles=0, budget=100_000)       # the star would have been wrong
    assert win.winnable is True and replay(deal, level, win.moves).won


# A deal that needs a recycle, proven: the apex +7 leaves only with the pile's -7,
# which comes up before the Temple above it can clear; the Temple's row 2 needs the
# -3 behind it, and the +10 turned up between them (no group can take it) buries
# the -7 on the Discard Pile until a recycle turns the pile over.
NEEDS_A_RECYCLE = [[7], [5, -2], [1, 1, -2], [2, -2, 1, -1], [1, 2, -3, 1, -1],
                   [2, -2, 1, -1, 3, -3], [1, -1, 2, -2, 1, 1, -2]]


@pytest.mark.parametrize("level", ["padawan", "knight", "chosen"])
def test_a_proven_recycle_gets_the_star(level):
    temple = [v for row in NEEDS_A_RECYCLE for v in row]
    deal = Deal(JEDI_TEMPLE, tuple(temple + [9, -7, 10, -3]), ((1, 1),) * 3)
    rating = rate(deal, level, model_data(), model=WON_ALL)
    assert rating.key.recycles == 1 and rating.key.recycles_proven and rating.key.recycle_needed
    assert rating.stars == 2 and recycle_star(rating, level)
    check(deal, level, rating)


def test_a_level_can_go_without_the_recycle_star():
    scale = StarScale((1.0, 0.85, 0.7, 0.45), 1, recycle_stars=((Level.STANDARD, 0),))
    assert scale.stars(Level.KNIGHT, WON_ALL, 1) == 2
    assert scale.stars(Level.STANDARD, WON_ALL, 1) == 1


def test_pyramid_gives_no_recycle_star():
    """Nearly every Pyramid win needs a recycle (player-model.yaml), so the proof adds
    no star there: a deal whose key proves one needed keeps the games' stars."""
    deal = seeded_deal(rule_set("pyramid"), 9_220_004)
    rating = rate(deal, "standard", model_data(), model=WON_ALL)
    assert rating.key.recycle_needed and rating.key.recycles
    assert no_win_within(deal, "standard", 0)
    assert rating.stars == model_data().stars.model_stars(Level.STANDARD, WON_ALL) == 1


@pytest.mark.parametrize("level", ["padawan", "knight", "chosen"])
def test_the_weighted_search_s_empty_queue_is_a_proof(level):
    """win_within searching a deal with no win within its allowance runs its queue
    empty and says so: the proof the key may use."""
    from printgen.deal.search.shortest import win_within
    from printgen.deal.search.solver import Solver
    temple = [v for row in NEEDS_A_RECYCLE for v in row]
    deal = Deal(JEDI_TEMPLE, tuple(temple + [9, -7, 10, -3]), ((1, 1),) * 3)
    board = Solver(deal, level).board
    within = win_within(board, 0, budget=10_000)
    assert within.moves is None and within.impossible
    won = win_within(board, 1, budget=10_000)
    assert won.moves is not None and replay(deal, level, won.moves).won
    assert recycles_used(won.moves) == 1
