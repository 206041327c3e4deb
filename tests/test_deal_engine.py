"""Every rule of the engine in hand-made positions (Jedi Temple and Pyramid)."""

from __future__ import annotations

import pytest

from printgen.deal import JEDI_TEMPLE, Deal, solve
from printgen.deal import seeded_deal
from printgen.deal.table.rules import PYRAMID
from printgen.deal.table.engine import (DISCARD, DRAW, DRAW_MOVE, RECYCLE_MOVE, Game, IllegalMove,
                                        Item, Move, MoveKind, replay)
from printgen.deal.table.rules import PYRAMID
from printgen.spec.dealfile import jedi_deal

T = Item.temple


def jedi(temple: list[int], piles: list[int], rolls=((1, 2), (3, 4), (5, 6))) -> Deal:
    """A hand-made Jedi Temple deal (values need not be the real deck)."""
    assert len(temple) == 28
    return Deal(JEDI_TEMPLE, tuple(temple + piles), tuple(rolls), 0)


def bottom(values: list[int], rest: int = 9) -> list[int]:
    """A Temple whose bottom row is `values` and every other card is `rest`."""
    return [rest] * 21 + values


def test_bottom_row_available_and_covered_cards_not():
    game = Game(jedi(bottom([1, -1, 2, -2, 3, -3, 4]), [5, 6]), "knight")
    p = game.start()
    assert [item.row for item in game.available_items(p) if item.kind.value == "temple"] == [6] * 7
    with pytest.raises(IllegalMove, match="not available"):
        game.apply(p, Move.balance(T(5, 0), T(6, 2)))


def test_card_becomes_available_when_both_coverers_are_gone():
    temple = bottom([1, -1, 2, -2, 3, -3, 4])
    temple[15] = 2  # (5, 0), covered by (6, 0) and (6, 1)
    game = Game(jedi(temple, [5, 6]), "knight")
    p = game.apply(game.start(), Move.balance(T(6, 0), T(6, 1)))
    assert game.available(p, 15)
    p = game.apply(p, Move.balance(T(5, 0), T(6, 3)))
    assert p.temple[15] is None and p.temple[24] is None


def test_one_coverer_gone_still_blocks():
    temple = bottom([1, 5, -1, -2, 3, -3, 4])
    game = Game(jedi(temple, [5, 6]), "knight")
    p = game.apply(game.start(), Move.balance(T(6, 0), T(6, 2)))
    assert not game.available(p, 15)  # (6, 1) still covers (5, 0)


@pytest.mark.parametrize("card, force", [(2, (3, -5)), (8, (-3, -5)), (-2, (-3, 5)), (-8, (3, 5))])
def test_balance_with_force_values_of_either_sign(card, force):
    game = Game(jedi(bottom([card, 9, 9, 9, 9, 9, 9]), [7, 7], rolls=((3, 5), (1, 1), (1, 1))),
                "padawan")
    p = game.start()
    assert p.pool == (3, 5)
    after = game.apply(p, Move.balance(T(6, 0), force=force))
    assert after.pool == () and after.temple[21] is None


def test_force_values_must_be_in_the_pool_and_sum_to_zero():
    game = Game(jedi(bottom([2, 9, 9, 9, 9, 9, 9]), [7, 7], rolls=((3, 5), (1, 1), (1, 1))),
                "padawan")
    with pytest.raises(IllegalMove, match="not all in the pool"):
        game.apply(game.start(), Move.balance(T(6, 0), force=(-2,)))
    with pytest.raises(IllegalMove, match="sums to"):
        game.apply(game.start(), Move.balance(T(6, 0), force=(3,)))


def test_group_needs_two_items_and_a_card():
    game = Game(jedi(bottom([0, 9, 9, 9, 9, 9, 9]), [7, 7]), "knight")
    with pytest.raises(IllegalMove, match="at least 2 items"):
        game.apply(game.start(), Move.balance(T(6, 0)))


def test_use_the_force_from_the_temple_adds_the_next_roll():
    game = Game(jedi(bottom([0, 9, 9, 9, 9, 9, 9]), [7, 7]), "knight")
    p = game.apply(game.start(), Move.use_force(T(6, 0)))
    assert p.pool == (1, 2) and p.rolls_used == 1 and p.temple[21] is None


def test_padawan_starts_with_roll_one_and_the_next_sylop_takes_roll_two():
    game = Game(jedi(bottom([0, 9, 9, 9, 9, 9, 9]), [7, 7]), "padawan")
    p = game.start()
    assert p.pool == (1, 2)
    assert game.apply(p, Move.use_force(T(6, 0))).pool == (1, 2, 3, 4)


def test_use_the_force_from_the_draw_card_and_the_discard_top():
    game = Game(jedi(bottom([9] * 7), [0, 0, 5]), "knight")
    p = game.start()  # discard: the first Sylop; stock: Sylop, 5
    p = game.apply(p, Move.use_force(DISCARD))
    assert p.pool == (1, 2) and p.cursor == 0
    p = game.apply(p, DRAW_MOVE)
    p = game.apply(p, Move.use_force(DRAW))
    assert p.pool == (1, 2, 3, 4) and not p.has_draw
    with pytest.raises(IllegalMove, match="needs a Sylop"):
        game.apply(game.apply(p, DRAW_MOVE), Move.use_force(DRAW))


def test_no_draw_card_before_the_first_draw_then_draws_move_it_to_the_discard():
    game = Game(jedi(bottom([9] * 7), [1, 2, 3, 4]), "knight")
    p = game.start()
    assert not p.has_draw and [game.deal.piles[i] for i in p.discard] == [1]
    p = game.apply(p, DRAW_MOVE)
    assert game.value(p, DRAW) == 2 and game.value(p, DISCARD) == 1
    p = game.apply(p, DRAW_MOVE)
    assert game.value(p, DRAW) == 3 and game.value(p, DISCARD) == 2
    p = game.apply(p, DRAW_MOVE)
    with pytest.raises(IllegalMove, match="Stockpile is empty"):
        game.apply(p, DRAW_MOVE)


def test_recycle_keeps_the_order_and_counts():
    game = Game(jedi(bottom([9] * 7), [1, 2, 3]), "chosen")
    p = game.start()
    with pytest.raises(IllegalMove, match="Recycle"):
        game.apply(p, RECYCLE_MOVE)  # the stock is not empty
    p = game.apply(game.apply(p, DRAW_MOVE), DRAW_MOVE)
    p = game.apply(p, RECYCLE_MOVE)
    assert p.recycles_left == 0 and not p.has_draw and p.discard == ()
    assert [game.deal.piles[i] for i in p.stock] == [1, 2, 3]  # discarded first comes first
    p = game.apply(p, DRAW_MOVE)
    assert game.value(p, DRAW) == 1
    p = game.apply(game.apply(p, DRAW_MOVE), DRAW_MOVE)
    with pytest.raises(IllegalMove, match="Recycle"):
        game.apply(p, RECYCLE_MOVE)  # none left at Chosen One


def test_removing_the_discard_top_reveals_the_card_beneath():
    game = Game(jedi(bottom([-3, 9, 9, 9, 9, 9, 9]), [1, 3, 7]), "knight")
    p = game.apply(game.apply(game.start(), DRAW_MOVE), DRAW_MOVE)  # discard 1, 3; draw 7
    p = game.apply(p, Move.balance(T(6, 0), DISCARD))
    assert game.value(p, DISCARD) == 1 and game.value(p, DRAW) == 7


def test_win_ends_the_game_and_loss_has_no_moves():
    from printgen.deal import solve

    deal = jedi([1, -1] * 14, [-1, 1, -1, 1])
    solution = solve(deal, "knight")
    result = replay(deal, "knight", solution.moves)
    assert result.won and not any(p.won for p in result.positions[:-1])
    with pytest.raises(IllegalMove, match="already won"):
        Game(deal, "knight").apply(result.final, DRAW_MOVE)
    game = Game(jedi([5] * 28, [5]), "chosen")
    p = game.start()
    assert not game.lost(p)  # the one recycle is still possible
    p = game.apply(game.apply(p, RECYCLE_MOVE), DRAW_MOVE)
    assert game.lost(p) and game.legal_moves(p) == []


def test_replay_names_the_first_illegal_move():
    deal = jedi(bottom([9] * 7), [1, 2])
    with pytest.raises(IllegalMove, match="move 2 \\(draw\\)"):
        replay(deal, "knight", [DRAW_MOVE, DRAW_MOVE])


def pyramid(values: list[int]) -> Deal:
    return Deal(PYRAMID, tuple(values), (), None)


def test_pyramid_king_alone_pair_to_13_deck_top_and_empty_waste():
    values = [13] * 21 + [13, 6, 7, 1, 2, 3, 4] + [12, 9, 11] + [5] * 21
    game = Game(pyramid(values))
    p = game.start()
    assert p.has_draw and p.cursor == 0 and game.value(p, DRAW) == 12  # no draw needed
    p = game.apply(p, Move.balance(T(6, 0)))  # a King alone
    p = game.apply(p, Move.balance(T(6, 1), T(6, 2)))  # 6 + 7
    p = game.apply(p, Move.balance(T(6, 3), DRAW))  # 1 + 12 from the deck
    assert game.value(p, DRAW) == 9
    with pytest.raises(IllegalMove, match="at most 2 cards"):
        game.apply(p, Move.balance(T(6, 4), T(6, 5), T(6, 6)))
    with pytest.raises(IllegalMove, match="alone"):
        game.apply(p, Move.balance(T(6, 4)))
    p = game.apply(p, Move.balance(T(6, 6), DRAW))  # 4 + 9
    p = game.apply(p, DRAW_MOVE)  # 11 to the waste
    assert game.value(p, DISCARD) == 11
    p = game.apply(p, Move.balance(T(6, 4), DISCARD))  # 2 + 11


def test_pyramid_recycle_when_the_deck_is_empty():
    values = [13] * 28 + [1] * 24
    game = Game(pyramid(values))
    p = game.start()
    for _ in range(24):
        p = game.apply(p, DRAW_MOVE)
    assert not p.has_draw
    p = game.apply(p, RECYCLE_MOVE)
    assert p.has_draw and p.cursor == 0 and p.recycles_left == 1


def test_items_that_are_not_there_are_illegal():
    game = Game(pyramid([13] * 21 + [1, 2, 3, 4, 5, 6, 7] + [8] * 24))
    p = game.start()                                  # Pyramid: an empty waste at the start
    with pytest.raises(IllegalMove, match="Discard Pile is empty"):
        game.apply(p, Move.balance(T(6, 4), DISCARD))
    with pytest.raises(IllegalMove, match=r"\(7, 0\) is not available"):
        game.apply(p, Move.balance(T(7, 0), DRAW))    # below the bottom row
    jedi_game = Game(jedi(bottom([1, -1, 9, 9, 9, 9, 9]), [5, 6]), "knight")
    start = jedi_game.start()                         # Jedi Temple: no Draw card before a Draw
    with pytest.raises(IllegalMove, match="no Draw card"):
        jedi_game.apply(start, Move.balance(T(6, 0), DRAW))
    with pytest.raises(IllegalMove, match="each named once"):
        jedi_game.apply(start, Move.balance(T(6, 0), T(6, 0)))
    with pytest.raises(IllegalMove, match="at least one card"):
        jedi_game.apply(start, Move.balance(force=(1, -1)))


def test_use_the_force_needs_force_rules_one_sylop_and_a_roll_left():
    no_force = Game(pyramid([13] * 52))
    with pytest.raises(IllegalMove, match="exactly one Sylop"):
        no_force.apply(no_force.start(), Move.use_force(T(6, 0)))
    game = Game(jedi(bottom([0, 0, 9, 9, 9, 9, 9]), [7, 7], rolls=((1, 2),)), "knight")
    p = game.start()
    with pytest.raises(IllegalMove, match="exactly one Sylop"):
        game.apply(p, Move(MoveKind.FORCE, (T(6, 0), T(6, 1))))
    p = game.apply(p, Move.use_force(T(6, 0)))
    with pytest.raises(IllegalMove, match="no Force roll is left"):
        game.apply(p, Move.use_force(T(6, 1)))


@pytest.mark.parametrize("deal, level", [(jedi_deal(1), "padawan"), (jedi_deal(4), "knight"),
                                         (seeded_deal(PYRAMID, 1), "standard")])
def test_every_move_of_a_solution_is_one_of_the_reference_legal_moves(deal, level):
    """The solver's moves are checked against the engine's own list of legal moves
    (every group, every sign of every Force value), position by position."""
    game, moves = Game(deal, level), solve(deal, level).moves
    result = replay(deal, level, moves)
    for position, move in zip(result.positions, moves):
        legal = game.legal_moves(position)
        assert move in legal and len(set(legal)) == len(legal)
        assert (DRAW_MOVE in legal) == game.can_draw(position)
    assert game.legal_moves(result.final) == [] and not game.lost(result.final)


def test_legal_moves_list_each_group_once_when_the_pool_repeats_a_value():
    game = Game(jedi(bottom([6, -6, 9, 9, 9, 9, 9]), [-3, 7], rolls=((3, 3), (1, 1), (1, 1))),
                "padawan")
    p = game.start()                                  # pool 3, 3; Discard top -3
    balances = [m for m in game.legal_moves(p) if m.kind is MoveKind.BALANCE]
    assert len(balances) == len(set(balances))
    assert Move.balance(T(6, 0), force=(-3, -3)) in balances
    assert Move.balance(T(6, 1), force=(3, 3)) in balances
    assert Move.balance(T(6, 0), DISCARD, force=(-3,)) in balances
    assert sum(m.cards == (T(6, 0),) for m in balances) == 1
