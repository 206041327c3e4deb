"""Every message about a bad deck is one line in the file's own words: the file, the
line or key path, the bad value as the user wrote it (true, a mapping, a list; a long
text shortened) and what was expected; no Python type or library wording (None,
True, dict, "dict object", a position in "<unicode string>")."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

FACE = "elements:\n  - {kind: text, text: '{{ card.value }}', x: 5mm, y: 5mm, w: 40mm, h: 10mm}\n"
HEAD = "name: t\nsize: poker\nface: face.yaml\nback: back.yaml\n"
PYTHON_WORDS = re.compile(r"\b(?:None|True|False|dict|NoneType)\b|dict object|<unicode string>|position \d")


def build(cli, folder: Path, deck: str) -> str:
    """The one error line of building deck (written in folder beside its templates)."""
    (folder / "face.yaml").write_text(FACE, encoding="utf-8")
    (folder / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n")
    (folder / "deck.yaml").write_bytes(deck.encode("utf-8"))
    result = cli("build", str(folder / "deck.yaml"), "--out", str(folder / "out"), "-q")
    assert result.status == 2, result.out
    line, = result.err.strip().splitlines()
    assert not PYTHON_WORDS.search(line), line
    assert not (folder / "out").exists()
    return line


def test_a_control_character_in_a_deck_is_named_at_its_line(cli, tmp_path):
    line = build(cli, tmp_path, "name: x\nsize: poker\x01\n")
    assert "deck.yaml:2: the character U+0001 (a control character), which YAML does not allow" in line, line


def test_a_card_too_small_for_the_default_margins_blames_its_size(cli, tmp_path):
    line = build(cli, tmp_path, HEAD.replace("poker", "{width: 0.001mm, height: 0.001mm}")
                 + "cards:\n  - fields: {value: a}\n")
    assert "deck.yaml:2 size: got 0.001 x 0.001 mm, a card too small for the default `bleed:`" in line, line
    line = build(cli, tmp_path, HEAD.replace("poker", "{width: 0.001mm, height: 0.001mm}")
                 + "bleed: 0mm\ncards:\n  - fields: {value: a}\n")
    assert "deck.yaml:2 size: got 0.001 x 0.001 mm, a card too small for the default `safe:`" in line, line


@pytest.mark.parametrize("value,shown", [("true", "got true"), ("{a: 1}", "got a mapping"),
                                         ("[1, 2]", "got a list")])
def test_a_value_of_the_wrong_kind_is_named_in_yaml_words(cli, tmp_path, value, shown):
    line = build(cli, tmp_path, HEAD + f"cards:\n  - fields: {{value: a}}\n    count: {value}\n")
    assert f"deck.yaml:7 cards[0].count: expected a whole number, {shown}" in line, line
    line = build(cli, tmp_path, HEAD + f"bleed: {value}\ncards:\n  - fields: {{value: a}}\n")
    assert f"deck.yaml:5 bleed: expected a length with a unit such as '3mm' or '0.125in', {shown}" in line, line
    if value != "true":
        line = build(cli, tmp_path, HEAD + f"cards:\n  - fields: {{value: a, note: {value}}}\n")
        assert f"deck.yaml:6 cards[0].fields.note: expected text, {shown}" in line, line


def test_a_field_of_true_or_false_stays_as_written(tmp_path):
    from printgen.spec import load_deck
    (tmp_path / "face.yaml").write_text(FACE)
    (tmp_path / "deck.yaml").write_text(HEAD.replace("back.yaml", "face.yaml")
                                        + "cards:\n  - fields: {value: true}\n    each: {note: [false, x]}\n")
    deck = load_deck(str(tmp_path / "deck.yaml"))
    assert [(c.fields["value"], c.fields["note"]) for c in deck.cards] == [("true", "false"), ("true", "x")]


def test_a_missing_field_names_the_fields_the_card_has(cli, tmp_path):
    fields = ", ".join(f"f{i}: x" for i in range(30))
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n")
    (tmp_path / "face.yaml").write_text(FACE.replace("card.value", "card.mottoo"))
    deck = HEAD + f"cards:\n  - fields: {{value: a, {fields}}}\n"
    (tmp_path / "deck.yaml").write_text(deck)
    result = cli("build", str(tmp_path / "deck.yaml"), "--out", str(tmp_path / "out"), "-q")
    line, = result.err.strip().splitlines()
    assert "the card has no field 'mottoo' (its fields are 'value', 'f0', " in line, line
    assert "'f10' and 21 more)" in line and not PYTHON_WORDS.search(line), line


def test_fields_that_are_no_mapping_are_reported_not_the_label_they_break(cli, tmp_path):
    line = build(cli, tmp_path, HEAD + "label: '{{ suit }}'\ncards: [{fields: [1, 2]}]\n")
    assert "deck.yaml:6 cards[0].fields: expected a mapping of field names to text, got a list" in line, line


def test_a_long_label_is_shortened_in_its_error(cli, tmp_path):
    line = build(cli, tmp_path, HEAD + "label: '" + "x" * 5000 + "{{ nope }}'\ncards:\n  - fields: {value: a}\n")
    assert "'nope' is undefined in 'xxxx" in line and "(5,010 characters)" in line and len(line) < 400, line


def test_a_long_label_is_shortened_in_a_face_error(cli, tmp_path):
    (tmp_path / "face.yaml").write_text(FACE.replace("card.value", "card.mottoo"))
    deck = HEAD + "label: '" + "x" * 5000 + "'\ncards:\n  - fields: {value: a}\n"
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n")
    (tmp_path / "deck.yaml").write_text(deck)
    result = cli("build", str(tmp_path / "deck.yaml"), "--out", str(tmp_path / "out"), "-q")
    line, = result.err.strip().splitlines()
    assert "(5,000 characters)" in line and len(line) < 600, line


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_out_of_the_deck_folder_is_called_a_link(cli, tmp_path):
    outside, game = tmp_path / "outside", tmp_path / "game"
    outside.mkdir()
    game.mkdir()
    (outside / "c.csv").write_text("value\n1\n")
    (outside / "face.yaml").write_text(FACE)
    (game / "c.csv").symlink_to(outside / "c.csv")
    (game / "linked.yaml").symlink_to(outside / "face.yaml")
    (game / "sub").symlink_to(outside)
    line = build(cli, game, HEAD + "cards: c.csv\n")
    assert "deck.yaml:5 cards: 'c.csv' is a link that leads out of the deck's folder; expected a file" in line
    line = build(cli, game, HEAD.replace("face: face.yaml", "face: linked.yaml") + "cards: [{fields: {value: a}}]\n")
    assert "deck.yaml:3 face: template 'linked.yaml' is a link that leads out of the folder of deck.yaml" in line
    line = build(cli, game, HEAD.replace("face: face.yaml", "face: sub/face.yaml") + "cards: [{fields: {value: a}}]\n")
    assert "template 'sub/face.yaml' goes through 'sub', a link that leads out of the folder of deck.yaml" in line
