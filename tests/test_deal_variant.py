"""A third solitaire on the same tableau is a RuleSet value and nothing else.

Pyramid 11 (a house variant, defined here only): pairs that make 11 leave, and a
Jack, Queen or King leaves alone. It is built from existing pieces: Pyramid's
rules with another target and a deck whose face cards are all worth 11 (the
lone-card value), so no module of printgen knows it exists.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from printgen.deal import Deal, parse_deal, seeded_deal, solution_steps, solve
from printgen.deal.census.greedy import greedy_wins
from printgen.deal.formats.textio import format_deal
from printgen.deal.table.cards import PlayingDeck, Rank
from printgen.deal.table.engine import DRAW, Game, IllegalMove, Item, Move, MoveKind, replay
from printgen.deal.table.rules import PYRAMID

FACE_CARDS_ALONE = PlayingDeck(rank_values=tuple(range(1, 11)) + (11, 11, 11))
PYRAMID_11 = replace(PYRAMID, name="pyramid-11", title="Pyramid 11", target=11, lone_value=11,
                     deck=FACE_CARDS_ALONE)
T = Item.temple


def test_a_pyramid_11_deal_is_the_standard_deck_with_face_cards_worth_11():
    deal = seeded_deal(PYRAMID_11, 1)
    assert Counter(deal.values) == {**{v: 4 for v in range(1, 11)}, 11: 12}
    for i, value in enumerate(deal.values):
        card = deal.card(i)
        assert value == (11 if card.rank >= Rank.JACK else card.rank)
    assert deal.order == seeded_deal(PYRAMID, 1).order      # the same shuffle of the same deck
    again = parse_deal(PYRAMID_11, format_deal(deal))
    assert (again.values, again.order) == (deal.values, deal.order)


@pytest.mark.parametrize("number", [1, 7, 11])
def test_pyramid_11_deals_solve_and_replay_to_a_win(number):
    deal = seeded_deal(PYRAMID_11, number)
    solution = solve(deal)
    assert solution.winnable is True
    result = replay(deal, None, solution.moves)
    assert result.won
    game = Game(deal)
    for before, move in zip(result.positions, solution.moves):
        if move.kind is MoveKind.BALANCE:
            values = [game.value(before, item) for item in move.cards]
            assert sum(values) == 11 and (len(values) == 2 or values == [11])
    steps = solution_steps(deal, None, solution.moves)
    alone = [step for step in steps if step.endswith(" alone.")]
    assert alone and all(step.split()[1][:-1] in ("J", "Q", "K") for step in alone)


@pytest.mark.parametrize("number", [3, 5, 8])
def test_pyramid_11_deals_proven_lost_are_not_won_by_the_greedy_player(number):
    deal = seeded_deal(PYRAMID_11, number)
    assert solve(deal).winnable is False
    assert not greedy_wins(deal)


def test_the_engine_plays_pyramid_11_by_its_rule_set():
    bottom = [6, 7, 5, 6, 11, 2, 9]
    game = Game(Deal(PYRAMID_11, tuple([1] * 21 + bottom + [10] * 24)))
    p = game.start()
    with pytest.raises(IllegalMove, match="sums to 13, not 11"):
        game.apply(p, Move.balance(T(6, 0), T(6, 1)))
    with pytest.raises(IllegalMove, match="alone"):
        game.apply(p, Move.balance(T(6, 2)))
    p = game.apply(p, Move.balance(T(6, 4)))                  # a face card alone
    p = game.apply(p, Move.balance(T(6, 2), T(6, 3)))         # 5 + 6
    p = game.apply(p, Move.balance(T(5, 3), DRAW))            # 1 + 10 from the deck
    assert p.temple[23:26] == (None, None, None) and p.temple[18] is None
    assert game.available(p, 17) and not game.available(p, 19)  # (6, 5) still covers (5, 4)


def test_the_solver_refuses_a_tableau_it_cannot_pack():
    """The solver packs positions for a 7-row tableau; a rule set with another says
    so in one line instead of searching wrong states."""
    from printgen.deal import Tableau
    six_rows = replace(PYRAMID_11, name="pyramid-6", tableau=Tableau(rows=6))
    with pytest.raises(ValueError, match="28-card tableau and at most 34 pile cards, not 21 and 31"):
        solve(seeded_deal(six_rows, 1))
