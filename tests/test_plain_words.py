"""Plain words (ASCII letters and digits, hyphens, a sign, brackets and punctuation)
are cut where a line may break without Unicode's line-breaking tables, exactly where
those tables (uniseg, UAX #14) cut them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from uniseg.linebreak import line_break_units

from printgen.layout.text import _PLAIN_WORD, word_breaks

PIECES = ["a", "Z", "q", "0", "7", "-", "(", ")", ",", ".", ":", ";", "!", "?", "+", "\u2212"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=2, max_size=9).map("".join))
def test_plain_words_break_as_uax14_says(word):
    assert word_breaks(word) == tuple(line_break_units(word))


def test_the_plain_words_are_many():
    """The forms the built-in decks and slugs use take the plain way."""
    for word in ("+10", "\u221210", "BY-NC-ND).", "(CC", "Kramer,", "rules:", "x-1"):
        assert _PLAIN_WORD.fullmatch(word), word
    assert word_breaks("BY-NC-ND).") == ("BY-", "NC-", "ND).")
