"""Where a line may break inside a word, and the characters that say so.

A paragraph is cut into the pieces a line may break between (chunks()): the words
between its spaces (layout/breaks.py's glued() keeps some spaces), each cut further
where the Unicode line-breaking rules (UAX #14) allow a break inside it
(word_breaks()), but never inside a number written in full-width digits nor before a
superscript digit; a web address or a code is cut as layout/breaks.py says. A soft
hyphen (SHY) or a zero-width space (ZWSP) in the text marks where a word may break;
a full-width character (wide()) may break from its neighbours, never with a hyphen.

Read by layout/text.py's Words (wrapping plain text), by layout/richtext.py (wrapping
marked-up text) and by layout/hyphens.py.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from printgen.layout.breaks import (
    HYPHENS,
    address_units,
    glued,
    glued_parts,
    is_address,
    unit_kinds,
)

SHY = "\u00ad"            # a soft hyphen: where a word may break, with a hyphen shown only there
ZWSP = "\u200b"           # a zero-width space: where a word may break, with no hyphen
# joiners and bidi marks change how text is set; a soft hyphen or a zero-width space
# marks where a word may break
KEPT_FORMAT = frozenset("\u200c\u200d\u200e\u200f\u061c" + SHY + ZWSP)


def wide(ch: str) -> bool:
    """Whether a character is set full-width (Chinese, Japanese and Korean scripts,
    full-width forms, emoji): a line breaks between such characters, never with a hyphen."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def kinds(paragraph: str, lang: str = "") -> list[str]:
    """The kind of each of a paragraph's chunks(): of a word, an address or a code
    (layout/breaks.py's unit_kinds(), as rich text finds it)."""
    return [kind for word in glued(paragraph.split(" "), lang) for kind in unit_kinds(word_breaks(word))]


def chunks(paragraph: str, lang: str = "") -> list[tuple[str, bool]]:
    """A paragraph as the pieces a line may break between: (piece, whether a space
    comes before it). Pieces are the words between spaces (but a space before "?",
    ":" and their kind, beside a quotation mark standing alone, or in French inside
    guillemets, is no place to break:
    layout/breaks.py's glued()), cut further where the Unicode line-breaking rules
    (UAX #14) allow a break inside a word."""
    found: list[tuple[str, bool]] = []
    for i, word in enumerate(glued(paragraph.split(" "), lang)):
        for j, part in enumerate(word_breaks(word)):
            found.append((part, i > 0 and j == 0))
    return found


# a plain word: ASCII letters and digits, maybe joined by hyphens, commas or full
# stops ("BY-NC", "6,889"), signed ("+3", or with a minus sign U+2212, or "-3" unbracketed), maybe a percentage
# ("6.5%"), opened by "("
# and closed by punctuation; UAX #14 breaks it only after a hyphen followed by a
# letter, so it needs no line-breaking tables (nor importing them)
_PLAIN_WORD = re.compile(r"(?:\(?[+\u2212]?|-)[A-Za-z0-9]+(?:[-,.][A-Za-z0-9]+)*%?[,.:;!?)]*")
_PLAIN_BREAK = re.compile(r"(?<=[A-Za-z0-9]-)(?=[A-Za-z])")
# letters and marks below U+0800 (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic,
# Syriac, Thaana, N'Ko): UAX #14 breaks no word of them alone (each is of class AL,
# HL, AI, CM or GL), nor opened by "(" or closed by punctuation of classes IS, EX
# and CP, so it needs no tables either
_LETTER_CATEGORIES = frozenset(("Lu", "Ll", "Lt", "Lo", "Mn", "Mc", "Me"))
_CLOSING = ".,:;!?)\u060c\u061b\u061f"


@lru_cache(maxsize=16384)
def word_breaks(word: str) -> tuple[str, ...]:
    """A word (no spaces) cut where UAX #14 allows a line break inside it (a web address:
    where layout/breaks.py's address_break() allows one). A word holding a space
    (layout/breaks.py's glued_parts()) is cut as its parts are, and never at the space."""
    if parts := glued_parts(word):
        units: list[str] = []
        for _, part in parts:
            found = word_breaks(part)
            if units:
                units[-1] += " " + found[0]
                units += found[1:]
            else:
                units = list(found)
        return tuple(units)
    if (word.isascii() and word.isalnum()) or len(word) < 2:
        return (word,)
    if is_address(word):
        return address_units(word)
    if _PLAIN_WORD.fullmatch(word):
        return tuple(_PLAIN_BREAK.split(word))
    core = word.lstrip("(").rstrip(_CLOSING)
    if core and all(ch < "\u0800" and unicodedata.category(ch) in _LETTER_CATEGORIES for ch in core):
        return (word,)
    return _word_breaks(word)


# UAX #14's classes of letters (alphabetic, Hebrew, South-East Asian) and of the marks
# on them: no line breaks between them (rules LB1, LB9, LB28)
LETTERS = frozenset(("AL", "HL", "SA", "CM"))


@lru_cache(maxsize=16384)
def _word_breaks(word: str) -> tuple[str, ...]:
    """uniseg's cuts, but none after the hyphens a word opens with before a letter
    ("--original", "-x": rule LB20.1 of Unicode 15.1, newer than uniseg's tables),
    nor inside a number written in full-width digits (whole_numbers())."""
    from uniseg.linebreak import line_break, line_break_units
    if all(line_break(ch) in LETTERS for ch in word):      # (asked of every letter, ten times as fast)
        return (word,)
    units = tuple(line_break_units(word))
    if len(units) > 1 and set(units[0]) <= HYPHENS and units[1][0].isalpha():
        units = (units[0] + units[1], *units[2:])
    return whole_numbers(word, with_superscripts(units))


SUPERSCRIPT_DIGITS = frozenset("⁰¹²³⁴⁵⁶⁷⁸⁹")


def with_superscripts(units: tuple[str, ...]) -> tuple[str, ...]:
    """A word's units joined again where a break would fall before a superscript digit
    (a footnote's number, "m²"): it belongs to what it follows. UAX #14 lets a line
    break between an ideograph and one ("テキスト¹。" set "¹。" at a line's start)."""
    if len(units) < 2 or not any(unit[0] in SUPERSCRIPT_DIGITS for unit in units[1:]):
        return units
    return rejoined(units, lambda _, unit: unit[0] in SUPERSCRIPT_DIGITS)


def rejoined(units: tuple[str, ...], joins: Callable[[int, str], bool]) -> tuple[str, ...]:
    """A word's units joined again where joins(at, unit) says the break before unit
    (at its offset in the word) is none; every other break kept."""
    joined = [units[0]]
    at = len(units[0])
    for unit in units[1:]:
        if joins(at, unit):
            joined[-1] += unit
        else:
            joined.append(unit)
        at += len(unit)
    return tuple(joined)


# UAX #14 gives full-width digits (U+FF10 to U+FF19) the ideographs' class (ID), and so
# lets a line break between any two of them, which Japanese typesetting forbids: a number
# is never split (JIS X 4051; the W3C's Requirements for Japanese Text Layout, 3.1.10
# "Unbreakable Character Sequences"). A number here is digits (one full-width at least)
# with a comma, full stop or colon between two of them (full-width or not: ten thousand,
# pi, half past twelve), maybe opened by a prefixed abbreviation (JLREQ's class cl-12: a
# currency or number sign) or a sign (plus, minus, plus-minus: a card's value, such as a
# full-width minus three, is one number) and closed by a postfixed one (cl-13: a percent,
# degree or unit sign).
FULL_WIDTH_DIGITS = "".join(chr(code) for code in range(0xFF10, 0xFF1A))
_PREFIXED = "$#\u00a3\u00a5\u20ac\u2116\uff03\uff04\uffe1\uffe5"
_POSTFIXED = ("%\u00a2\u00b0\u2030\u2032\u2033\u2103\u2113\uff05\uffe0"
              "\u3303\u330d\u3314\u3318\u3322\u3323\u3326\u3327\u332b\u3336\u333b\u3349"
              "\u334a\u334d\u3351\u3357\u338e\u338f\u339c\u339d\u339e\u33a1\u33c4\u33cb")
_DIGIT = f"[0-9{FULL_WIDTH_DIGITS}]"
_SIGNS = "+-\u00b1\u2212\uff0b\uff0d"
NUMBER = re.compile(f"[{re.escape(_PREFIXED)}]?[{re.escape(_SIGNS)}]?{_DIGIT}+"
                    f"(?:[,.:\uff0c\uff0e\uff1a]{_DIGIT}+)*"
                    f"[{re.escape(_POSTFIXED)}]?")


def whole_numbers(word: str, units: tuple[str, ...]) -> tuple[str, ...]:
    """A word's units (where UAX #14 lets a line break) joined again where a break would
    fall inside a number written in full-width digits (NUMBER); every other break kept."""
    if len(units) < 2 or not any(ch in FULL_WIDTH_DIGITS for ch in word):
        return units
    numbers = [match.span() for match in NUMBER.finditer(word)
               if any(ch in FULL_WIDTH_DIGITS for ch in match.group())]
    return rejoined(units, lambda at, _: any(start < at < end for start, end in numbers))
