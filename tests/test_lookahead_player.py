"""The look-ahead player (census/lookahead.py), the stars' second independent check:
it plans only with what its level shows, plays the best line it sees, and wins
only deals the solver wins."""

from __future__ import annotations

import pytest

from printgen.deal import Deal, solve
from printgen.deal.census.greedy import first_group, greedy_wins
from printgen.deal.census.lookahead import DEPTH, _known, groups, lookahead_wins, plan_move
from printgen.deal.table.engine import Game, ItemKind
from printgen.spec.dealfile import jedi_deal

LEVELS = ["padawan", "knight", "master", "chosen"]


def _line_length(game, position, known, depth):
    """The most Temple cards any line of `depth` groups removes (brute force)."""
    if depth == 0 or position.won:
        return 0
    return max((temple + _line_length(game, after, known, depth - 1)
                for _, after, temple in groups(game, position, known)), default=0)


@pytest.mark.parametrize("number", [3, 9, 17])
def test_its_first_group_starts_a_longest_line(number):
    game = Game(jedi_deal(number), "knight")
    position = game.start()
    known = _known(game, position)
    move = plan_move(game, position)
    best = _line_length(game, position, known, DEPTH)
    assert move is not None and move.kind.value == "balance" and best > 0
    after = game.apply(position, move)
    taken = sum(item.kind is ItemKind.TEMPLE for item in move.cards)
    assert taken + _line_length(game, after, known, DEPTH - 1) == best


def test_it_decides_from_what_it_sees_not_from_the_face_down_cards():
    """Two deals alike in everything a Chosen One player sees at the start (they differ
    in two covered Temple cards and two cards deep in the stock) get the same moves
    until one of the changed cards could have been seen."""
    deal = jedi_deal(5)
    values = list(deal.values)
    values[0], values[10] = values[10], values[0]
    values[60], values[45] = values[45], values[60]
    twin = Deal(deal.rules, tuple(values), deal.rolls, deal.number)
    games = [Game(one, "chosen") for one in (deal, twin)]
    positions = [game.start() for game in games]
    for _ in range(4):
        moves = [plan_move(game, position) for game, position in zip(games, positions)]
        assert moves[0] == moves[1]
        positions = [game.apply(p, m) for game, p, m in zip(games, positions, moves)]
    # At a face-up level the covered cards are seen, and here they change the plan.
    up = [Game(one, "knight") for one in (deal, twin)]
    assert _known(up[0], up[0].start()) != _known(games[0], games[0].start())


@pytest.mark.parametrize("level", LEVELS)
def test_it_wins_only_deals_the_solver_wins(level):
    wins = 0
    for number in range(1, 13):
        deal = jedi_deal(number)
        if lookahead_wins(deal, level):
            wins += 1
            assert solve(deal, level).winnable is True
    assert wins >= 6


def test_it_is_not_the_greedy_player():
    """On deals 1-40 at Knight the two players part ways: the look-ahead player's
    first move differs from the greedy player's somewhere, and so do their games."""
    differ = outcomes = 0
    for number in range(1, 41):
        deal = jedi_deal(number)
        game = Game(deal, "knight")
        start = game.start()
        differ += plan_move(game, start) != first_group(game, start)
        outcomes += lookahead_wins(deal, "knight") != greedy_wins(deal, "knight")
    assert differ > 0 and outcomes > 0
