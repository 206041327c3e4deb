"""knowledge.legal: a plan made on one determinization, checked move by move on another."""

from __future__ import annotations

from printgen.deal import JEDI_TEMPLE, Deal
from printgen.deal.rating.knowledge import legal
from printgen.deal.search.state import BALANCE, FORCE, Board
from printgen.deal.table.rules import PYRAMID

BOTTOM = [1 << i for i in range(21, 28)]           # the bottom row's bits, left to right


def move(*cards: int, draw: bool = False, discard: bool = False, force=(), pool: int = 0):
    return BALANCE, sum(cards), draw, discard, tuple(force), pool


def test_pyramid_groups_pairs_to_13_and_kings_alone():
    board = Board(Deal(PYRAMID, tuple([1] * 21 + [13, 6, 7, 1, 2, 3, 4] + [12] * 24)))
    s = board.start()
    king, six, seven, ace = BOTTOM[:4]
    assert legal(board, s, move(king))
    assert not legal(board, s, move(six))                          # only a King leaves alone
    assert legal(board, s, move(six, seven))
    assert legal(board, s, move(ace, draw=True))                   # 1 + the deck's 12
    assert not legal(board, s, move(six, seven, king))             # at most two cards
    assert not legal(board, s, move())                             # a group of nothing
    assert not legal(board, s, move(ace, discard=True))            # the waste is empty
    assert not legal(board, s, move(1 << 20, 1 << 0))              # covered cards


def test_jedi_groups_need_two_items_and_a_roll_for_the_force():
    values = [9] * 21 + [0, 5, -5, 3, 9, 9, 9] + [-3] * 34
    board = Board(Deal(JEDI_TEMPLE, tuple(values), ((1, 2), (3, 4), (5, 6))), "knight")
    s = board.start()
    sylop, five, minus_five, three = BOTTOM[:4]
    assert legal(board, s, move(five, minus_five))
    assert not legal(board, s, move(sylop))                        # a Sylop alone is no group
    assert legal(board, s, move(three, discard=True))              # +3 and the Discard's -3
    assert legal(board, s, (FORCE, sylop, False, False, (), 0))
    assert not legal(board, s, (FORCE, five, False, False, (), 0))
    out_of_rolls = (*s[:6], 3)
    assert not legal(board, out_of_rolls, (FORCE, sylop, False, False, (), 0))
