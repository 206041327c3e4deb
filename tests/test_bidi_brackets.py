"""Brackets in bidirectional text are paired (rules BD16 and N0 of the Unicode
bidirectional algorithm): in an Arabic or Hebrew line, "(Deluxe)" after a Latin word
reads "(Deluxe)", not ".Deluxe))", and a bracket round Arabic in Latin text turns with
it. The visual order printgen's levels give is checked against python-bidi's own
get_display (its Rust core implements the current algorithm, bracket pairs included)
for many generated mixed strings."""

from __future__ import annotations

import random
import unicodedata

import pytest
from bidi import get_display

from printgen.direction import levels
from printgen.shaping import arrange

ARABIC = "لعبة"
HEBREW = "משחק"


def visual(text: str, base: int) -> str:
    """text in visual order by its levels: trailing spaces at the paragraph's level
    (rule L1), then runs reversed from the highest level down to the lowest odd one
    (rule L2). No mirroring (rule L4): get_display does not mirror either."""
    found = levels(text, base)
    end = len(text)
    while end and text[end - 1] == " ":
        end -= 1
        found[end] = base
    order = list(range(len(text)))
    top = max(found, default=0)
    for level in range(top, (min(found, default=0) | 1) - 1, -1):
        i = 0
        while i < len(order):
            if found[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and found[order[j]] >= level:
                j += 1
            order[i:j] = reversed(order[i:j])
            i = j
    return "".join(text[k] for k in order)


@pytest.mark.parametrize("text, shown", [
    (f"{ARABIC} Sabacc (Deluxe).", ".Sabacc (Deluxe) " + ARABIC[::-1]),
    (f"{ARABIC} (Sabacc) 3", f"3 )Sabacc( {ARABIC[::-1]}"),     # mirrored when drawn: (Sabacc)
    (f"{HEBREW} Sabacc (Deluxe)", "Sabacc (Deluxe) " + HEBREW[::-1]),
    (f"{HEBREW} [a] b.", ".b ]a[ " + HEBREW[::-1]),        # "[a]" between Hebrew and "b": right to left
])
def test_a_latin_word_in_brackets_keeps_them_in_right_to_left_text(text, shown):
    assert visual(text, 1) == shown == get_display(text, base_dir="R")


def test_the_brackets_round_latin_text_in_an_arabic_sentence_go_with_it():
    """"(Deluxe)" in "لعبة Sabacc (Deluxe)." is left to right with the words before it:
    every character from "Sabacc" to ")" at level 2, the full stop at the Arabic's 1."""
    text = f"{ARABIC} Sabacc (Deluxe)."
    found = levels(text, 1)
    start = text.index("Sabacc")
    assert found[start:-1] == [2] * (len(text) - 1 - start)
    assert found[-1] == 1 and found[:len(ARABIC)] == [1] * len(ARABIC)


def test_the_bracket_pairs_are_unicode_s():
    """64 pairs, as BidiBrackets.txt lists them: each opener of category Ps and its
    closer of category Pe, both mirrored, the crossed ones and the newest included."""
    from printgen.direction import BRACKETS
    pairs = BRACKETS
    assert len(pairs) == 64
    assert all(unicodedata.category(o) == "Ps" and unicodedata.category(c) == "Pe"
               and unicodedata.mirrored(o) and unicodedata.mirrored(c) for o, c in pairs.items())
    assert pairs["("] == ")" and pairs["\u298d"] == "\u2990" and pairs["\u298f"] == "\u298e"
    assert pairs["\u2e55"] == "\u2e56" and pairs["\u3008"] == "\u3009" and pairs["\u0f3a"] == "\u0f3b"



def test_the_bracket_table_is_what_unicodedata_says():
    """printgen's table (a constant, so that no run scans Unicode for it) is every
    mirrored opener of category Ps beside its mirror image, as python-bidi's mirror
    table gives it, or the character after it where that table is older (U+2E55 on)."""
    import sys

    from bidi.mirror import MIRRORED

    from printgen.direction import BRACKETS
    derived = {chr(code): MIRRORED.get(chr(code), chr(code + 1)) for code in range(sys.maxunicode + 1)
               if unicodedata.category(chr(code)) == "Ps" and unicodedata.mirrored(chr(code))}
    assert BRACKETS == derived


CHARACTERS = ["\u0627", "\u0644", "\u05d0", "\u05d1", "a", "b", "1", "2", "\u0661", " ", " ", "(", ")", "(", ")",
              "[", "]", "{", "}", "\u300c", "\u300d", "\u2329", "\u232a", "\u3008", "\u3009", ".", ",", "-", "%",
              "\u064e"]


@pytest.mark.parametrize("seed", range(4))
def test_generated_mixed_lines_are_ordered_as_python_bidi_orders_them(seed):
    """Arabic and Hebrew letters, Latin ones, European and Arabic digits, spaces,
    brackets of several kinds (nested, unbalanced, U+2329 paired with U+3009 as its
    equivalent), separators and a combining mark, in both paragraph directions."""
    rng = random.Random(seed)
    wrong = []
    for _ in range(600):
        text = "".join(rng.choice(CHARACTERS) for _ in range(rng.randint(1, 16)))
        for base in (0, 1):
            if visual(text, base) != get_display(text, base_dir="LR"[base]):
                wrong.append((text, base))
    assert not wrong, wrong[:5]


def test_sixty_three_openers_are_all_bidi_pairs_at_most():
    """Rule BD16 keeps 63 openers: past them, no further pair is found."""
    for count in (62, 63, 64, 70):
        text = f"{HEBREW} " + "(" * count + "a) b"
        for base in (0, 1):
            assert visual(text, base) == get_display(text, base_dir="LR"[base])


def test_an_arabic_line_with_a_bracketed_game_name_is_arranged_in_order():
    """Through arrange(), as a line is set: the Latin item reads "Sabacc (Deluxe)" left
    to right, left of the Arabic, and the full stop is left of it all."""
    items = arrange([(f"{ARABIC} Sabacc (Deluxe).", "sans")], 10.0, 0.0, 1, "ar")
    shown = [item.text for item in sorted(items, key=lambda item: item.x)]
    assert shown == [".", "Sabacc (Deluxe)", f"{ARABIC} "]
    latin = next(item for item in items if "Sabacc" in item.text)
    assert not latin.rtl


@pytest.mark.parametrize("mark", ["\u00ad", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
@pytest.mark.parametrize("text", [f"{HEBREW} a{{}}b", f"{ARABIC}{{}}{ARABIC} x (y)", f"abc {{}}{HEBREW} (d)"])
def test_a_boundary_neutral_has_no_effect_on_the_levels(text, mark):
    """A soft hyphen, a zero-width space, a joiner or a word joiner in right-to-left
    text (Unicode's class BN, removed by rule X9) leaves every other character's level
    as it is without it, and takes the level of the character before it (python-bidi
    drops such characters, which made levels() raise ValueError on all but the joiners)."""
    marked, plain = text.format(mark), text.format("")
    at = marked.index(mark)
    for base in (None, 0, 1):
        found = levels(marked, base)
        assert found[:at] + found[at + 1:] == levels(plain, base)
        assert found[at] == found[at - 1]


def test_arabic_digits_split_between_two_faces_keep_their_order_in_a_latin_line():
    """Arabic-Indic digits in a left-to-right line are at level 2 with no level 1 on the
    line; rule L2 reverses down to the lowest odd level whether or not a character has it,
    so a number set in two faces (bold "١٢", regular "٣") still reads ١٢٣ left to right,
    as python-bidi shows the line, not ٣ then ١٢."""
    text = "Score \u0661\u0662\u0663 points"
    assert get_display(text, base_dir="L") == text
    items = arrange([("Score ", "sans"), ("\u0661\u0662", "sans-bold"), ("\u0663 points", "sans")], 10.0, 0.0, 0, "en")
    shown = [item.text for item in sorted(items, key=lambda item: item.x)]
    assert "".join(shown) == text
    assert shown[1:3] == ["\u0661\u0662", "\u0663"]
