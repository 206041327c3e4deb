"""The deal engine's model: cards and their text, decks, the tableau, rule sets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printgen.deal import (JEDI_TEMPLE, Deal, Ink, Level, PlayingCard, Tableau, ValueCard,
                           ValueDeck, rule_set, seeded_deal)
from printgen.deal.table.cards import STANDARD_DECK, PlayingDeck, Rank, Suit
from printgen.deal.table.rules import PYRAMID
from printgen.errors import InputError
from printgen.spec.dealfile import deck_values, value_cards, with_cards


def test_the_standard_deck_is_52_cards_in_suit_then_rank_order():
    assert len(set(STANDARD_DECK)) == 52
    assert [c.format() for c in STANDARD_DECK[:3]] == ["Ac", "2c", "3c"]
    assert [c.format() for c in STANDARD_DECK[12:14]] == ["Kc", "Ad"]
    assert STANDARD_DECK[-1] == PlayingCard(Rank.KING, Suit.SPADES)
    assert sorted(reversed(STANDARD_DECK)) == list(STANDARD_DECK)


@pytest.mark.parametrize("card", STANDARD_DECK)
def test_playing_cards_parse_what_they_format_and_repr_round_trips(card):
    assert PlayingCard.parse(card.format()) == card
    assert PlayingCard.parse(card.format().swapcase()) == card
    assert eval(repr(card)) == card


def test_playing_cards_printed_with_suit_symbols_and_inks():
    ten = PlayingCard.parse("Th")
    assert (ten.rank, ten.suit) == (Rank.TEN, Suit.HEARTS)
    assert ten.printed() == "10♥" and ten.ink is Ink.RED
    assert PlayingCard.parse("as").printed() == "A♠" and PlayingCard.parse("As").ink is Ink.BLACK
    assert PlayingCard.parse("Qd").printed() == "Q♦" and Suit.DIAMONDS.word == "diamonds"
    assert PlayingCard.parse("2c").printed() == "2♣"
    # as sheets print them: the same cards
    assert [PlayingCard.parse(t) for t in ("10♥", "10h", "J♠", "q♦", "2♣")] == [
        PlayingCard.parse(t) for t in ("Th", "Th", "Js", "Qd", "2c")]


@pytest.mark.parametrize("text", ["10", "1h", "10x", "Tx", "T", "", "Zs", "h6", "\N{BLACK HEART SUIT}"])
def test_bad_playing_card_texts_are_refused(text):
    with pytest.raises(ValueError):
        PlayingCard.parse(text)


@given(st.integers(-99, 99))
def test_value_cards_parse_what_they_format(value):
    card = ValueCard(value)
    assert ValueCard.parse(card.format()) == card and eval(repr(card)) == card
    assert card.printed() == card.format()
    assert card.format() == ("0" if value == 0 else f"{value:+d}")


def test_value_cards_keep_their_sign_and_ink():
    assert ValueCard.parse("3") == ValueCard.parse("+3") == ValueCard(3)
    assert [ValueCard(v).ink for v in (4, -4, 0)] == [Ink.POSITIVE, Ink.NEGATIVE, Ink.ZERO]
    for text in ("x7", "+", "", "3.5", "--3"):
        with pytest.raises(ValueError):
            ValueCard.parse(text)


def test_a_deck_a_file_lists_deals_only_once_its_cards_are_handed_in():
    """The engine reads no file: Jedi Temple names its deck, the caller gives the cards."""
    with pytest.raises(ValueError, match="deck sabacc-62: its cards were not handed in"):
        seeded_deal(JEDI_TEMPLE, 1)
    dealt = seeded_deal(with_cards(JEDI_TEMPLE), 1)
    assert dealt.rules.deck.cards() == deck_values("sabacc-62") and dealt.card(0) is not None
    by_values = Deal(JEDI_TEMPLE, dealt.values, dealt.rolls)     # values alone need no cards
    assert [by_values.card_text(i) for i in range(62)] == [dealt.card_text(i) for i in range(62)]


def test_decks_give_values_and_name_a_value_without_its_card():
    pyramid = PlayingDeck()
    assert [pyramid.value(PlayingCard.parse(t)) for t in ("Ah", "Td", "Ks")] == [1, 10, 13]
    assert [pyramid.value_text(v) for v in (1, 10, 12)] == ["A", "10", "Q"]
    faces = PlayingDeck(rank_values=tuple(range(1, 11)) + (11, 11, 11))
    assert faces.value(PlayingCard.parse("Qc")) == 11 and faces.value_text(11) == "11"
    jedi = with_cards(JEDI_TEMPLE).deck
    assert jedi.size == len(jedi.cards()) == 62 and jedi.value_text(-7) == "-7"
    assert jedi.cards()[:2] == (ValueCard(1), ValueCard(2)) and jedi.cards()[-1] == ValueCard(0)


def test_a_deck_file_of_another_size_or_a_bad_value_is_an_error():
    with pytest.raises(InputError, match="deck sabacc-62: expected 60 cards, got 62"):
        ValueDeck("sabacc-62", size=60, expected="a value").with_cards(deck_values("sabacc-62"))

    class Card:
        fields = {"value": "seven"}

    class Deck:
        cards = (Card(),)

    with pytest.raises(InputError, match="card value 'seven': expected a signed integer"):
        value_cards(Deck())


def test_the_tableau_numbers_rows_and_covers():
    temple = Tableau(rows=7)
    assert temple.size == 28 and Tableau(rows=3).size == 6
    for index in range(temple.size):
        row, col = temple.position_of(index)
        assert temple.contains(row, col) and temple.index_of(row, col) == index
        below = [temple.index_of(row + 1, c) for c in (col, col + 1)] if row < 6 else []
        assert list(temple.coverers(index)) == below
    assert not temple.contains(7, 0) and not temple.contains(2, 3) and not temple.contains(0, -1)
    small = Tableau(rows=3)
    assert [small.coverers(i) for i in range(6)] == [(1, 2), (3, 4), (4, 5), (), (), ()]
    rows, rest = temple.split(list(range(30)))
    assert [len(r) for r in rows] == [1, 2, 3, 4, 5, 6, 7] and rows[6][0] == 21 and rest == [28, 29]


def test_levels_and_rule_sets_by_name():
    assert all(Level.parse(level.format().upper()) is level for level in Level)
    printed = {"Jedi Knight": Level.KNIGHT, "Jedi Master": Level.MASTER, "Chosen One": Level.CHOSEN,
               "chosen-one": Level.CHOSEN, " chosen_one ": Level.CHOSEN, "Padawan": Level.PADAWAN}
    assert {text: Level.parse(text) for text in printed} == printed     # as the sheets title them
    for wrong in ("Jedi", "one", "chosen two", "jedi jedi knight"):
        with pytest.raises(InputError):
            Level.parse(wrong)
    with pytest.raises(InputError, match="unknown level 'expert'"):
        Level.parse("expert")
    assert rule_set("pyramid") is PYRAMID and PYRAMID.deck.size == 52
    with pytest.raises(InputError, match="unknown rules 'klondike'; expected one of jedi-temple, "):
        rule_set("klondike")
    with pytest.raises(InputError, match="jedi-temple has no level 'standard'"):
        JEDI_TEMPLE.level("standard")
