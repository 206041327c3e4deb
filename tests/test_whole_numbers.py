"""A number written in full-width digits is never split across lines (JIS X 4051, and
the W3C's Requirements for Japanese Text Layout, 3.1.10), though UAX #14 would break
between any two such digits: not between its digits, nor at a comma, full stop or colon
between them, nor before its percent or unit sign, nor after its currency sign or its
plus or minus sign. Every
other break is UAX #14's, in plain and marked-up text alike."""
# ruff: noqa: RUF001, RUF002 (full-width digits and signs are what these tests set)

from __future__ import annotations

from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from test_plain_words import uax14

from printgen.fonts import user_face
from printgen.layout.richtext import Fonts, RichStyle, words, wrap_words
from printgen.layout.text import Words
from printgen.layout.wordbreaks import word_breaks
from printgen.model.text import Span
from printgen.shaping import font

JAPANESE = user_face(ROOT / "tests" / "fixtures" / "scripts" / "fonts" / "Japanese.otf")
FONTS = Fonts(JAPANESE, JAPANESE, JAPANESE, JAPANESE)

FULL_WIDTH = "０１２３４５６７８９"
DIGITS = FULL_WIDTH + "0123456789"
BETWEEN = "，．：,.:"                  # inside a number only between two digits
BEFORE = "￥＄＃"                      # currency and number signs
AFTER = "％%℃㎞"                      # percent, degree and unit signs
SIGNS = "＋－−±+-"                    # a number's sign (a card's value: －３)
NUMBER_SIGNS = DIGITS + BETWEEN + BEFORE + SIGNS + AFTER
OTHERS = list("第回円年月日時分点枚人万数字はがのでをとにです、。「」（）")

# Japanese text: numbers (full-width, ASCII or mixed, with separators and signs) among
# kanji, kana and punctuation
number = st.tuples(st.sampled_from(["", *BEFORE]), st.sampled_from(["", *SIGNS]),
                   st.lists(st.text(DIGITS, min_size=1, max_size=4), min_size=1, max_size=4),
                   st.sampled_from(BETWEEN), st.sampled_from(["", *AFTER])).map(
    lambda parts: parts[0] + parts[1] + parts[3].join(parts[2]) + parts[4])
japanese = st.lists(st.one_of(number, st.sampled_from(OTHERS), st.sampled_from(list(NUMBER_SIGNS))),
                    min_size=1, max_size=12).map("".join)


def breaks(units: tuple[str, ...] | list[str]) -> set[int]:
    """Where a word cut into units breaks: the offsets between units."""
    offsets, at = set(), 0
    for unit in units[:-1]:
        at += len(unit)
        offsets.add(at)
    return offsets


def splits_a_number(text: str, at: int) -> bool:
    """Whether a break at offset `at` of text falls inside a number with a full-width
    digit: between two digits, on either side of a separator between two digits, before
    its percent or unit sign or after its currency sign (one of them full-width)."""
    before, after = text[:at], text[at:]
    if not before or not after:
        return False
    a, b = before[-1], after[0]
    if a in DIGITS and b in DIGITS:
        return a in FULL_WIDTH or b in FULL_WIDTH
    if a in BETWEEN and len(before) > 1 and before[-2] in DIGITS and b in DIGITS:
        return before[-2] in FULL_WIDTH or b in FULL_WIDTH
    if b in BETWEEN and len(after) > 1 and a in DIGITS and after[1] in DIGITS:
        return a in FULL_WIDTH or after[1] in FULL_WIDTH
    return (a in FULL_WIDTH and b in AFTER) or (a in BEFORE + SIGNS and b in FULL_WIDTH)


def within_number_signs(text: str, at: int) -> bool:
    """Whether offset `at` falls inside a run of number characters holding a full-width digit."""
    start, end = at, at
    while start > 0 and text[start - 1] in NUMBER_SIGNS:
        start -= 1
    while end < len(text) and text[end] in NUMBER_SIGNS:
        end += 1
    return start < at < end and any(ch in FULL_WIDTH for ch in text[start:end])


def test_full_width_numbers_stay_whole():
    assert word_breaks("１０，０００円") == ("１０，０００", "円")
    assert word_breaks("第１２回") == ("第", "１２", "回")
    assert word_breaks("３０％の") == ("３０％", "の")
    assert word_breaks("１２：３０に") == ("１２：３０", "に")
    assert word_breaks("３．１４") == ("３．１４",)
    assert word_breaks("￥１００と＃７") == ("￥１００", "と", "＃７")
    assert word_breaks("５℃で１０㎞") == ("５℃", "で", "１０㎞")
    assert word_breaks("２０２４年１２月") == ("２０２４", "年", "１２", "月")
    assert word_breaks("値は－３と＋１０") == ("値", "は", "－３", "と", "＋１０")


def test_a_superscript_digit_keeps_to_what_it_follows():
    """A footnote's number (superscript digits) never opens a line: UAX #14 lets a line
    break between an ideograph and it, which set "¹。" at the head of a line; every other
    break is kept."""
    assert word_breaks("テキスト¹。次") == ("テ", "キ", "ス", "ト¹。", "次")
    assert word_breaks("漢字²³と") == ("漢", "字²³", "と")
    assert word_breaks("１０㎞²") == ("１０㎞²",)
    for text in ("テキスト¹。次", "漢字²³と", "数字は１と９です⁴。"):
        units = word_breaks(text)
        assert "".join(units) == text and not any(unit[0] in "⁰¹²³⁴⁵⁶⁷⁸⁹" for unit in units)
        assert breaks(uax14(text)) - breaks(units) == {at for at in range(1, len(text)) if text[at] in "⁰¹²³⁴⁵⁶⁷⁸⁹"
                                                       and text[at - 1] not in "⁰¹²³⁴⁵⁶⁷⁸⁹"}


@settings(max_examples=300, deadline=None)
@given(japanese)
def test_no_break_inside_a_full_width_number(text):
    units = word_breaks(text)
    assert "".join(units) == text
    assert not any(splits_a_number(text, at) for at in breaks(units))


@settings(max_examples=300, deadline=None)
@given(japanese)
def test_every_other_break_is_uax14_s(text):
    """The breaks are UAX #14's, less only some inside numbers with a full-width digit."""
    now, before = breaks(word_breaks(text)), breaks(uax14(text))
    assert now <= before
    assert all(within_number_signs(text, at) for at in before - now)


def plain_lines(text: str, width: float) -> list[str] | None:
    return Words(text, font(JAPANESE), "ja").wrap(10.0, width, True)


def rich_lines(text: str, width: float) -> list[str]:
    style = RichStyle(10.0, fonts=FONTS, lang="ja")
    lines = wrap_words(words([Span(text)], FONTS, "test"), width, style, "test")
    return ["".join(piece for piece, _ in line.pieces) for line in lines]


@settings(max_examples=300, deadline=None)
@given(japanese, st.floats(0.0, 40.0))
def test_a_narrow_column_never_splits_a_number(text, room):
    """Wrapped in a column at least as wide as its widest unbreakable part, a paragraph
    breaks only between parts, plain and marked up alike."""
    width = max(font(JAPANESE).width(unit, 10.0) for unit in word_breaks(text)) + room
    plain = plain_lines(text, width)
    assert plain is not None
    assert "".join(plain) == text
    assert not any(splits_a_number(text, at) for at in breaks(plain))
    assert rich_lines(text, width) == plain


def test_a_long_number_moves_to_the_next_line_whole():
    """At a width where UAX #14 alone would end the first line inside "１２，３４５，６７８",
    the number starts the second line."""
    text = "人数は１２，３４５，６７８人です。"
    width = font(JAPANESE).width("人数は１２，３４５，", 10.0) + 0.5
    lines = plain_lines(text, width)
    assert lines == ["人数は", "１２，３４５，６７８", "人です。"]
    assert rich_lines(text, width) == lines
