"""The verdict's searches and the player model's restart at their own units.

A Solver (the verdict, the key) restarts after SOLVER_RESTART positions times the
Luby sequence; the player model's searches (solve_from) after MODEL_RESTART, so
that its games, which set the stars, stay those the star scale was set with (each
of its searches spends at most the model's budget, 200 positions, so a unit below
that would change them). The model's games below were played before the Solver's
unit changed (8 games a deal: wins and the solver positions they spent); they also
change if the model's searches take a rule meant for a Solver's alone."""

from __future__ import annotations

import pytest

from printgen.deal import Level
from printgen.deal.rating.rating import model_rate
from printgen.deal.search.solver import MODEL_RESTART, SOLVER_RESTART, Solver
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data

MODEL_GAMES = {(9_100_001, "chosen"): (2, 10_484), (9_105_331, "knight"): (4, 11_228)}


@pytest.mark.parametrize("number, level", list(MODEL_GAMES))
def test_the_model_plays_the_games_it_played_before(number, level):
    rated = model_rate(jedi_deal(number), Level.parse(level), model_data().model)
    assert (rated.wins, rated.nodes) == MODEL_GAMES[(number, level)]


def test_a_solver_restarts_at_its_own_unit():
    # deal 9,105,331 at Knight: a win found after many restarts, whose count of
    # positions depends on the unit (25,469 at the model's unit of 1,000)
    assert SOLVER_RESTART != MODEL_RESTART
    deal = jedi_deal(9_105_331)
    verdict = Solver(deal, "knight").solve()
    at_model_unit = Solver(deal, "knight")
    assert at_model_unit.fast is not None
    start = at_model_unit.board.start()
    assert at_model_unit.fast.run(start, 200_000, base=MODEL_RESTART) is True
    assert (verdict.winnable, verdict.nodes, at_model_unit.fast.nodes) == (True, 8_049, 25_469)
