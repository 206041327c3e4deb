"""The portable shuffle: SplitMix64 reference values, deal test vectors, permutations."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.deal import JEDI_TEMPLE, ValueCard
from printgen.deal.table.shuffle import SplitMix64, shuffled_deal
from printgen.spec.dealfile import jedi_deal, value_cards, with_cards

VECTORS = Path(__file__).parent / "fixtures" / "deal" / "shuffle-vectors.txt"


def jedi_deck() -> tuple[int, ...]:
    """The Sabacc deck's values in canonical order."""
    deck = with_cards(JEDI_TEMPLE).deck
    return tuple(deck.value(card) for card in deck.cards())


def read_vectors() -> dict[int, tuple[list[int], list[tuple[int, int]]]]:
    vectors, number = {}, 0
    order: list[int] = []
    for line in VECTORS.read_text().splitlines():
        word, _, rest = line.partition(" ")
        if word == "deal":
            number = int(rest)
        elif word == "order":
            order = [int(x) for x in rest.split()]
        elif word == "rolls":
            rolls = [tuple(int(d) for d in pair.split(",")) for pair in rest.split()]
            vectors[number] = (order, rolls)
    return vectors


def test_splitmix64_matches_the_reference_outputs():
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(2)] == [6457827717110365317, 3203168211198807973]
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF


def test_deals_1_to_5_match_the_test_vectors():
    vectors = read_vectors()
    assert sorted(vectors) == [1, 2, 3, 4, 5]
    deck = jedi_deck()
    for number, (order, rolls) in vectors.items():
        assert shuffled_deal(number, range(62), 3) == (order, rolls)
        deal = jedi_deal(number)
        assert deal.values == tuple(deck[i] for i in order)
        assert [tuple(r) for r in deal.rolls] == rolls


def test_the_canonical_order_comes_from_the_deck_file():
    deck = jedi_deck()
    assert deck[:20] == tuple(range(1, 11)) + tuple(range(-1, -11, -1))
    assert deck[60:] == (0, 0) and len(deck) == 62
    assert [ValueCard.parse(text).value for text in ("+3", "-7", "0", "3")] == [3, -7, 0, 3]


def test_deck_values_adapter_reads_value_fields():
    class Card:
        def __init__(self, value: str) -> None:
            self.fields = {"value": value}

    class Deck:
        cards = (Card("+1"), Card("-10"), Card("0"))

    assert value_cards(Deck()) == (ValueCard(1), ValueCard(-10), ValueCard(0))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_every_deal_is_a_permutation_of_the_deck(number):
    deal = jedi_deal(number)
    assert Counter(deal.values) == Counter(jedi_deck())
    assert len(deal.rolls) == 3 and all(1 <= d <= 6 for roll in deal.rolls for d in roll)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed, n):
    rng = SplitMix64(seed)
    assert all(0 <= rng.below(n) < n for _ in range(5))


def test_below_needs_a_range_to_draw_from():
    with pytest.raises(ValueError, match="n >= 1"):
        SplitMix64(1).below(0)
