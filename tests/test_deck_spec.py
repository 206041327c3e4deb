"""The deck spec: the 62-card deck's contents, and what the loader accepts."""

from collections import Counter

import pytest

from conftest import ROOT

from printgen.errors import SpecError
from printgen.spec import load_deck
from printgen.spec.deck import DECK_KEYS
from printgen.spec.yamlload import load_text
from printgen.units import mm


def test_sabacc_62_contents():
    deck = load_deck("sabacc-62")
    assert len(deck.cards) == 62
    numbers = Counter(card.fields["value"] for card in deck.cards if card.fields["kind"] == "number")
    expected = {f"{sign}{n}": 3 for n in range(1, 11) for sign in "+-"}
    assert numbers == expected
    sylops = [card for card in deck.cards if card.fields["kind"] == "sylop"]
    assert len(sylops) == 2 and {c.fields["value"] for c in sylops} == {"0"}
    suits = Counter(card.fields["suit"] for card in deck.cards if card.fields["kind"] == "number")
    assert suits == {"circle": 20, "triangle": 20, "square": 20}


def test_sabacc_62_size_bleed_and_order():
    deck = load_deck("sabacc-62")
    assert (mm(deck.size.width), mm(deck.size.height)) == pytest.approx((63.5, 88.9))
    assert mm(deck.bleed) == pytest.approx(3.175)
    # canonical order: suit by suit, +1..+10 then -1..-10, then the Sylops
    assert [c.fields["value"] for c in deck.cards[:11]] == [f"+{n}" for n in range(1, 11)] + ["-1"]
    assert [c.index for c in deck.cards] == list(range(1, 63))


def test_plain_scalars_stay_text():
    doc = load_text("a: +1\nb: 007\nc: 1.50\nd: true\n", "x.yaml")
    assert doc.data == {"a": "+1", "b": "007", "c": "1.50", "d": True}
    assert doc.line(("c",)) == 3


def test_duplicate_keys_are_errors():
    with pytest.raises(SpecError, match=r"x.yaml:2 a: this key appears twice"):
        load_text("a: 1\na: 2\n", "x.yaml")


def test_unknown_key_lists_the_accepted_keys(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("name: d\nsize: poker\nface: sabacc-face\nback: sabacc-back\n"
                    "cards:\n  - fields: {value: '+1'}\n    colour: red\n")
    with pytest.raises(SpecError) as caught:
        load_deck(str(path))
    message = str(caught.value)
    assert ":7 cards[0].colour: unknown key 'colour'" in message
    assert "each, fields, count, face, back" in message


def test_every_error_in_a_file_is_reported_at_once(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("name: d\nsize: poker\nbleed: 3\nsafe: 2furlongs\nface: f\nback: b\n"
                    "cards:\n  - count: none\n")
    with pytest.raises(SpecError) as caught:
        load_deck(str(path))
    lines = str(caught.value).splitlines()
    assert len(lines) == 5                  # templates f and b do not exist either
    assert any(":5 face: template 'f' not found" in line for line in lines)
    assert any(":6 back: template 'b' not found" in line for line in lines)
    assert any(":3 bleed:" in line for line in lines)
    assert any(":4 safe:" in line for line in lines)
    assert any(":8 cards[0].count:" in line and "'none'" in line for line in lines)


def test_generators_expand_first_key_outermost(tmp_path):
    path = tmp_path / "d.yaml"
    (tmp_path / "f.yaml").write_text("elements: []\n")
    path.write_text("name: d\nsize: mini\nface: f.yaml\nback: f.yaml\nlabel: '{{ suit }}{{ value }}'\n"
                    "cards:\n  - each: {suit: [a, b], value: [+1, -1]}\n    count: 2\n")
    deck = load_deck(str(path))
    assert [c.label for c in deck.cards] == ["a+1", "a+1", "a-1", "a-1", "b+1", "b+1", "b-1", "b-1"]


def test_deck_keys_are_documented():
    text = (ROOT / "docs" / "deck-spec.md").read_text()
    for key in DECK_KEYS:
        assert f"`{key}`" in text, key
