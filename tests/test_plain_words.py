"""Plain words (ASCII letters and digits, hyphens, a sign, brackets and punctuation)
are cut where a line may break without Unicode's line-breaking tables, exactly where
those tables (uniseg, UAX #14) cut them; and a line of left-to-right text is set at
level 0 without the bidirectional algorithm, as the algorithm (python-bidi) would set it."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st
from uniseg.linebreak import line_break_units

from printgen.direction import all_level_zero, levels
from printgen.layout.wordbreaks import _LETTER_CATEGORIES, _PLAIN_WORD, word_breaks

PIECES = ["a", "Z", "q", "0", "7", "9", "-", "(", ")", ",", ".", ":", ";", "!", "?", "+", "\u2212", "%"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=2, max_size=9).map("".join))
def test_plain_words_break_as_uax14_says(word):
    assert word_breaks(word) == uax14(word)


def uax14(word: str) -> tuple[str, ...]:
    """uniseg's cuts, with rule LB20.1 of Unicode 15.1 (no break after the hyphens
    opening a word, before a letter), which uniseg's tables predate."""
    units = tuple(line_break_units(word))
    if len(units) > 1 and set(units[0]) == {"-"} and units[1][0].isalpha():
        return (units[0] + units[1], *units[2:])
    return units


def test_a_word_opening_with_hyphens_keeps_them():
    assert word_breaks("--original") == ("--original",)
    assert word_breaks("-x-y") == ("-x-", "y")
    assert word_breaks("a--b") == ("a--", "b")


def test_the_plain_words_are_many():
    """The forms the built-in decks and slugs use take the plain way."""
    for word in ("+10", "\u221210", "BY-NC-ND).", "(CC", "Kramer,", "rules:", "x-1", "6,889", "v1.2"):
        assert _PLAIN_WORD.fullmatch(word), word
    assert word_breaks("BY-NC-ND).") == ("BY-", "NC-", "ND).")


# characters at level 0 in a left-to-right paragraph: letters, digits, signs and
# punctuation, and of other classes marks (rule W1), joiners, a soft hyphen and an
# embedding's end (removed by rule X9), a paragraph separator and a tab (not the
# isolates, which python-bidi's steps refuse)
LEFT_TO_RIGHT_CHARS = [chr(c) for c in range(32, 127)] + list("\u2212\u00e9\u00df\u201c\u201d\u2026\u00b7\u00a0\u2009\u20ac\u2192"
                                                              "\u0301\u0915\u093f\u094d\u0e01\u0e48\u200c\u200d\u00ad\u202c"
                                                              "\u2029\t")


def algorithm_levels(text: str) -> list[int]:
    """The embedding levels python-bidi finds in a left-to-right paragraph, for the
    characters rule X9 keeps."""
    from bidi import algorithm
    text = "".join(ch for ch in text if unicodedata.bidirectional(ch) not in algorithm.X9_REMOVED)
    storage = algorithm.get_empty_storage()
    storage["base_level"], storage["base_dir"] = 0, "L"
    algorithm.get_embedding_levels(text, storage, False, False)
    algorithm.explicit_embed_and_overrides(storage, False)
    algorithm.resolve_weak_types(storage, False)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    return [char["level"] for char in storage["chars"]]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(LEFT_TO_RIGHT_CHARS), min_size=1, max_size=14).map("".join))
def test_left_to_right_lines_need_no_bidi_algorithm(text):
    """A line of such characters in a left-to-right paragraph is all at level 0, as
    the algorithm says, without running it (all_level_zero(), which a paragraph's
    lines ask too)."""
    assert all_level_zero(text)
    assert levels(text, 0) == [0] * len(text)
    assert not any(algorithm_levels(text))


def test_right_to_left_text_still_runs_the_algorithm():
    assert not all_level_zero("a \u05d0")
    assert levels("ab \u05d0\u05d1", 0) == [0, 0, 0, 1, 1]


# letters and marks of several scripts, digits, a hyphen and punctuation, an ideograph
SCRIPT_PIECES = list("aZ\u00e9\u05d0\u05d1\u05bc\u0627\u0644\u0651\u0e01\u0e32\u0e48\u0915\u094d\u0416\u03a9\u0301"
                     "\u1100\u1161\u4e2d7-.,:\u00ad\u02c8\u200d")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(SCRIPT_PIECES), min_size=1, max_size=9).map("".join))
def test_words_of_any_script_break_as_uax14_says(word):
    assert word_breaks(word) == uax14(word)


def test_letters_below_u0800_never_break_among_themselves():
    """word_breaks() keeps a word of them whole without UAX #14's tables: each is of a
    class that breaks no word alone."""
    from uniseg.linebreak import line_break
    letters = [chr(c) for c in range(0x800) if unicodedata.category(chr(c)) in _LETTER_CATEGORIES]
    assert len(letters) > 1000
    assert {str(line_break(ch)) for ch in letters} <= {"AL", "HL", "AI", "CM", "GL"}
    assert all(len(list(line_break_units(a + b))) == 1 for a in letters[::7] for b in letters[::11])


LETTER_WORD_PIECES = list("(aZ\u00e9\u05d0\u05bc\u0627\u0644\u0651\u0416\u03a9\u0301\u00aa\u034f"
                          ".,:;!?)\u060c\u061b\u061f")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(LETTER_WORD_PIECES), min_size=1, max_size=8).map("".join))
def test_words_of_letters_and_punctuation_break_as_uax14_says(word):
    assert word_breaks(word) == uax14(word)
