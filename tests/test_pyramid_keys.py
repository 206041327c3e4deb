"""The Pyramid search's lost table is keyed by the pile cards' values in pile order,
not by which cards they are (pairsearch.PairSearch): two positions with the same
pyramid, the same values left in the deck and waste in the same order, the same
count of them in the waste and the same recycles are the same game.

Checked against the rules engine's exhaustive search: one search per deal decides
many positions in turn, so that what it proved lost for some pile cards answers
for other cards of the same values (the piles are dealt from a few values, with
repeats)."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import pytest
from test_deal_soundness import covered_by, engine_wins, replays_to_a_win, state_of

from printgen.deal import Deal, rule_set, seeded_deal
from printgen.deal.search.pairsearch import PairSearch
from printgen.deal.search.solver import Solver
from printgen.deal.search.state import FULL, Board
from printgen.deal.table.engine import Game, Position
from printgen.deal.table.rules import TEMPLE_SIZE


def _deal(rng: random.Random) -> tuple[Deal, list[int]]:
    """A Pyramid deal with a few pyramid cards left near the apex (the indices
    returned) and a pile of 7-10 cards from their partners and two other values."""
    left = covered_by({rng.randrange(0, 6) for _ in range(rng.randrange(1, 3))})
    values = [rng.randrange(1, 13) for _ in range(TEMPLE_SIZE)]
    partners = sorted({13 - values[i] for i in left})
    others = rng.sample([v for v in range(1, 13) if v not in partners], 2)
    pile = rng.choices(partners + others, k=rng.randrange(7, 11))
    return Deal(rule_set("pyramid"), tuple(values + pile), ()), left


def _positions(deal: Deal, left: list[int], rng: random.Random, count: int) -> list[Position]:
    """Positions of `deal` with the pyramid cards `left`, random pile cards gone, the
    cursor anywhere, 0-2 recycles left; each followed by its twin (_twin)."""
    temple = tuple(deal.temple[i] if i in left else None for i in range(TEMPLE_SIZE))
    n = len(deal.piles)
    positions = []
    for _ in range(count):
        piles = tuple(j for j in range(n) if rng.random() < 0.6)
        cursor = rng.randrange(0, len(piles) + 1)
        position = Position(temple=temple, piles=piles, cursor=cursor,
                            has_draw=cursor < len(piles), recycles_left=rng.randrange(0, 3),
                            pool=(), rolls_used=0)
        positions += [position, replace(position, piles=_twin(deal.piles, piles))]
    return positions


def _twin(pile: tuple[int, ...], piles: tuple[int, ...]) -> tuple[int, ...]:
    """Pile cards of the same values in the same order as `piles`, each as late in
    the pile as can be (often other cards)."""
    twin: list[int] = []
    last = len(pile)
    for j in reversed(piles):
        last = max(k for k in range(last) if pile[k] == pile[j])
        twin.append(last)
    return tuple(reversed(twin))


@pytest.mark.parametrize("seed", range(12))
def test_positions_of_the_same_values_share_what_was_proven_lost(seed):
    rng = random.Random(seed)
    deal, left = _deal(rng)
    game, board = Game(deal), Board(deal)
    search, memo = PairSearch(board), {}
    positions = _positions(deal, left, rng, 30)
    assert any(a.piles != b.piles for a, b in zip(positions[::2], positions[1::2]))
    for position in positions:
        won = search.run(state_of(board, position), 200_000)
        assert won is engine_wins(game, position, memo)
        if won:
            assert replays_to_a_win(game, position, [board.to_move(m) for m in search.win()])


def test_a_position_with_other_cards_of_the_same_values_is_decided_from_the_table():
    # The apex 5 is left and the pile holds 2 7 2 7 3 and no 8: lost. With the first
    # 2 and 7 gone, or the second 2 and 7, the cards left read 2 7 3: once the first
    # is proven lost with the 2 on the waste, the second is answered from the table
    # there and one card later, with no new position, but not one card earlier.
    values = [5] + [1] * (TEMPLE_SIZE - 1)
    deal = Deal(rule_set("pyramid"), tuple(values + [2, 7, 2, 7, 3]), ())
    search = PairSearch(Board(deal))
    removed = FULL & ~1
    assert search.run((removed, 0b11100, 3, 1, 1, 0, 0), 10_000) is False
    proven = search.nodes
    assert search.run((removed, 0b10011, 1, 1, 1, 0, 0), 10_000) is False
    assert search.run((removed, 0b10011, 4, 1, 1, 0, 0), 10_000) is False
    assert search.nodes == proven
    assert search.run((removed, 0b10011, 0, 1, 1, 0, 0), 10_000) is False
    assert search.nodes > proven


def test_the_pair_search_takes_only_deals_its_packed_ints_hold():
    """A lost entry keeps the waste's place in 8 bits and a bag 3 bits a value: a
    pile too long or with 8 cards of a value goes to the general search."""
    assert Solver(seeded_deal(rule_set("pyramid"), 1)).pairs
    standard = [v for v in range(1, 14) for _ in range(4)][:24]
    assert PairSearch.fits(SimpleNamespace(pile=standard))
    assert not PairSearch.fits(SimpleNamespace(pile=[5] * 8 + standard[:16]))
    assert not PairSearch.fits(SimpleNamespace(pile=list(range(1, 14)) * 5))
