"""The player model sees only what the level shows; its plans are checked move by
move; the greedy player and the star scale; the model's data file."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from printgen.deal import Deal, Level, ModelRate, StarScale
from printgen.deal.census.greedy import first_group, greedy_wins
from printgen.deal.rating.knowledge import condition, determinize, hidden_places, legal, plan_wins
from printgen.deal.rating.player import _Decider, options, play, seed_of
from printgen.deal.search.solver import solve_from
from printgen.deal.search.state import BALANCE, Board
from printgen.deal.table.engine import Game
from printgen.deal.table.rules import TEMPLE_SIZE
from printgen.deal.table.shuffle import SplitMix64
from printgen.errors import SpecError
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data

PARAMS = model_data().model


@pytest.mark.parametrize("level, temple_hidden, rolls_known", [
    ("padawan", 0, 1), ("knight", 0, 0), ("master", 21, 0), ("chosen", 21, 0)])
def test_determinizations_keep_what_is_seen(level, temple_hidden, rolls_known):
    deal = jedi_deal(5)
    board = Board(deal, level)
    s = board.start()
    hidden = hidden_places(board, s, s[2] + s[3])
    assert sum(p < TEMPLE_SIZE for p in hidden) == temple_hidden
    assert [p - TEMPLE_SIZE for p in hidden if p >= TEMPLE_SIZE] == list(range(1, 34))
    sample = determinize(deal, hidden, s[6], SplitMix64(7))
    assert all(sample.values[i] == deal.values[i] for i in range(62) if i not in hidden)
    assert Counter(sample.values[i] for i in hidden) == Counter(deal.values[i] for i in hidden)
    assert sample.values != deal.values
    assert sample.rolls[:rolls_known] == deal.rolls[:rolls_known]
    assert all(1 <= d <= 6 for roll in sample.rolls for d in roll)


def test_a_turned_up_card_is_swapped_into_each_determinization():
    deal = jedi_deal(5)
    board = Board(deal, "chosen")
    s = board.start()
    before = hidden_places(board, s, 1)
    after = hidden_places(board, s, 2)                # the first Draw turns up pile card 1
    sample = determinize(deal, before, 0, SplitMix64(3))
    values, rolls = list(sample.values), list(sample.rolls)
    condition(values, rolls, deal, before, after, 0, SplitMix64(4))
    assert values[TEMPLE_SIZE + 1] == deal.values[TEMPLE_SIZE + 1]
    assert Counter(values) == Counter(deal.values)
    assert sum(a != b for a, b in zip(values, sample.values)) in (0, 2)


def test_the_model_decides_from_what_it_sees_not_from_the_hidden_cards():
    """Two deals alike in everything a Chosen One player sees (they differ in two
    face-down Temple cards and two cards deep in the stock) start the model's game
    with the same determinizations, so with the same decisions."""
    deal = jedi_deal(5)
    values = list(deal.values)
    values[0], values[10] = values[10], values[0]
    values[60], values[45] = values[45], values[60]
    assert values != list(deal.values)
    twin = Deal(deal.rules, tuple(values), deal.rolls, deal.number)
    made = []
    for one in (deal, twin):
        board = Board(one, "chosen")
        s = board.start()
        decider = _Decider(board, PARAMS, SplitMix64(seed_of(one, Level.CHOSEN, 0, 1)), s, 1)
        made.append([p.values for p in decider.particles])
    assert made[0] == made[1]


def test_plans_are_checked_move_by_move():
    deal = jedi_deal(4)
    board = Board(deal, "knight")
    s = board.start()
    won, plan, _ = solve_from(board, s, budget=100_000)
    assert won and plan_wins(board, s, plan)
    assert not plan_wins(board, s, plan[:-1])                     # stops short of the win
    apex = (BALANCE, 1, False, False, (), 0)                      # the apex is covered
    assert not legal(board, s, apex)
    group = next(m for m in options(board, s) if m[0] == BALANCE)
    assert legal(board, s, group)
    assert not legal(board, s, group[:4] + ((6, -6), group[5]))     # Force values not in the pool
    flipped = Board(Deal(deal.rules, tuple(v + 1 for v in deal.values), deal.rolls, 4), "knight")
    assert not legal(flipped, s, group)                             # no longer sums to zero
    assert not plan_wins(flipped, s, plan)


def test_model_games_repeat_and_stay_within_patience():
    deal = jedi_deal(17)
    games = [play(deal, "master", g, PARAMS) for g in range(3)]
    assert games == [play(deal, "master", g, PARAMS) for g in range(3)]
    assert all(g.nodes <= PARAMS.patience + 1 for g in games)   # the last search may overrun by one
    assert all(g.decisions > 0 for g in games)


def test_the_greedy_player_takes_the_first_smallest_group():
    deal = jedi_deal(9)
    game = Game(deal, "knight")
    position = game.start()
    move = first_group(game, position)
    assert move is not None
    size = len(move.cards) + len(move.force)
    values = [game.value(position, item) for item in game.available_items(position)]
    smaller = [c for n in range(2, size) for c in combinations(values, n) if sum(c) == 0]
    assert not smaller or len(move.cards) == 1
    assert sum(game.value(position, c) for c in move.cards) + sum(move.force) == 0
    assert greedy_wins(deal, "knight") == greedy_wins(deal, "knight")


def test_star_scale_more_stars_for_fewer_wins():
    scale = StarScale((1.0, 0.85, 0.7, 0.45), 1)         # no hardness cuts: the win rate's way
    stars = [scale.stars(Level.STANDARD, ModelRate(wins, 8, 3), 0) for wins in range(9)]
    assert stars == [5, 5, 5, 5, 4, 4, 3, 2, 1]
    assert scale.stars(Level.STANDARD, ModelRate(8, 8, 3), 1) == 2
    assert scale.stars(Level.STANDARD, ModelRate(0, 8, 3), 2) == 5


def test_hardness_cuts_split_equal_wins_by_the_nodes_spent():
    cuts = (Level.KNIGHT, (0.01, 0.05, 0.2, 0.4))
    scale = StarScale((1.0, 0.85, 0.7, 0.45), 1, (cuts,), 20_000)
    knight = [[scale.stars(Level.KNIGHT, ModelRate(wins, 8, 3, nodes), 0)
               for nodes in range(0, 16_001, 1_000)] for wins in range(9)]
    assert knight[8][0] == 1 and knight[8][12] == 3 and knight[0][0] == 5
    for row in knight:                                   # more nodes, never fewer stars
        assert row == sorted(row)
    for column in zip(*knight):                          # more wins, never more stars
        assert list(column) == sorted(column, reverse=True)
    assert scale.stars(Level.KNIGHT, ModelRate(8, 8, 3, 12_000), 1) == 4
    assert scale.stars(Level.MASTER, ModelRate(8, 8, 3, 12_000), 0) == 1   # no cuts: wins only


def test_the_shipped_cuts_only_break_ties_of_wins():
    """Every Jedi Temple level and Pyramid's has its four cuts, and the nodes a
    rating's games can spend in all weigh less than one game lost, so a deal the model
    wins more often never gets more stars."""
    data = model_data()
    levels = {level for level, _ in data.stars.hardness}
    assert levels == {Level.PADAWAN, Level.KNIGHT, Level.MASTER, Level.CHOSEN, Level.STANDARD}
    params = data.model
    most = params.games * (params.patience + params.budget)
    assert data.stars.nodes_per_loss > most
    for level in levels:
        for wins in range(1, params.games + 1):
            more = ModelRate(wins, params.games, params.samples, most)
            fewer = ModelRate(wins - 1, params.games, params.samples, 0)
            assert data.stars.stars(level, more, 0) <= data.stars.stars(level, fewer, 0)


@pytest.mark.parametrize("text, message", [
    ("samples: \"x\"", "model.samples: expected a whole number, got 'x'"),
    ("low_budget: \"900\"", "model.low_budget: expected at most budget (200), got 900"),
    ("knight: [\"0.5\", \"0.1\", \"0.2\", \"0.3\"]",
     "stars.hardness.knight: expected numbers from low to high"),
    ("padawan: [\"0.1\", \"0.2\"]", "stars.hardness.padawan: expected a list of 4 numbers"),
])
def test_bad_model_data_is_a_located_error(tmp_path, text, message):
    source = (model_data.__wrapped__.__globals__["data_dir"]() / "player-model.yaml").read_text()
    key = text.split(":")[0]
    lines = [line[:len(line) - len(line.lstrip())] + text     # the line's own indent
             if line.strip().startswith(f"{key}:") else line for line in source.splitlines()]
    bad = tmp_path / "player-model.yaml"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(SpecError) as error:
        model_data(bad)
    assert message in str(error.value)
    number = next(i for i, line in enumerate(lines, 1) if line.strip().startswith(f"{key}:"))
    assert f"player-model.yaml:{number}" in str(error.value)
