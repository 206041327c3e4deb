"""Web addresses and codes at a line's end: which words they are, and where they break.

A web address broken across two lines must still read as that address, and so must
a code (a key, a fingerprint, a file's path): no hyphen is added to either, as a
hyphen added inside an address changes it. printgen follows The Chicago Manual of
Style (17th edition, 2017, 14.18) on where: a URL is broken after a colon or a
double slash (//); before a single slash (/), a tilde (~), a full stop, a comma, a
hyphen, an underscore (_), a question mark, a number sign (#) or a percent sign;
or before or after an equals sign or an ampersand. Broken so, a line never ends on
the address's own hyphen or full stop, which would read as a hyphen added there or
as the sentence's end, and the next line opens with a sign that says the address
goes on.

A word is an address when it opens with a scheme ("https://", "mailto:") or "www.",
and a code when, besides letters, hyphens, slashes and apostrophes, it holds a digit
or any other sign (not counting the punctuation around it: "(see", "2026)."). A code
is broken as an address is, and after its own hyphens too, where Unicode's
line-breaking rules break it; a word after its hyphens and slashes, else between two
letters with a hyphen. Neither an address nor a code is hyphenated by a dictionary,
but for a word of its own after a code's hard hyphen ("Angriff" in "Level-3-Angriff":
unit_kinds()). Plain and marked-up text break them all alike.

A space is not always a place to break. UAX #14 (rule LB13, and LB15d for commas,
full stops, colons and semicolons) keeps a closing bracket, "!", "?", ";", ":", ",",
"." and "/" with what comes before them even after spaces (but for a full stop or a
comma that opens a number: " .5"), so that no line starts with one ("Obligatoire ?"
is one unit: keeps_before()). Nor does a line end on an opening bracket or quotation
mark that a space follows, nor open with a closing quotation mark that a space or
punctuation follows, in any language, as UAX #14 says (LB14; LB15a and LB15b, which
read an initial quotation mark, Pi, as opening only after a space, and a final one,
Pf, as closing only before one, so that Swedish's ”…” is read right: quote_held()).
Each mark is read in its role in the text's language (layout/quotes.py): in German
„…“ and »…« the “ and « close and the » opens. In French text the space inside
guillemets is kept as a no-break space would be, a house rule: "«" stays with the
word after it and "»" with the word before it (keeps_after()). A word so kept with its
neighbour is one word holding a space, or the spaces typed there (glued()).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from printgen.layout.quotes import as_read

# a scheme (RFC 3986: a letter, then letters, digits, "+", "-" or ".") and "//", or a
# scheme written without it (mailto:, urn:, doi:), or a host named from www.
SCHEME = re.compile(r"(?:[A-Za-z][A-Za-z0-9+.-]*://|(?:mailto|urn|doi|tel):|www\.)[^\s]", re.IGNORECASE)
OPENING = "([{\"'\u00ab\u2039\u201c\u2018\u201e\u201a\u300c\u300e\uff08"
CLOSING = ".,:;!?)]}\"'\u00bb\u203a\u201d\u2019\u300d\u300f\uff09\u060c\u061b\u061f\u3001\u3002"
# what a word is written with besides letters and marks: hyphens (the Hebrew maqaf too),
# apostrophes, geresh and gershayim, the Catalan middle dot, the soft hyphen, joiners
# and bidirectional marks
IN_WORDS = frozenset("-\u2010\u2011\u05be\u05f3\u05f4\u00b7'\u2019\u02bc\u00ad\u200c\u200d\u200e\u200f\u061c\u2060")
HYPHENS = frozenset("-\u2010")       # hard hyphens: UAX #14's classes HY and HH
APOSTROPHES = frozenset("'\u2019\u02bc")    # no break beside these, where another place is left
BEFORE = frozenset("/~.,-_?#%")      # Chicago: a break before these (a slash only when single)
AROUND = frozenset("=&")             # and before or after these


# UAX #14's classes kept with what comes before them even after spaces: closing
# punctuation and brackets (CL, CP), "!" and "?" (EX), infix separators such as ":" ";"
# "," "." (IS: rule LB15d) and "/" (SY)
KEPT_BEFORE = frozenset(("CL", "CP", "EX", "IS", "SY"))
ASCII_KEPT = frozenset("!),./:;?]}")     # the ASCII characters of those classes
FRENCH_CLOSING, FRENCH_OPENING = "\u00bb\u203a", "\u00ab\u2039"     # closing and opening guillemets, double and single


def french(lang: str) -> bool:
    """Whether lang (BCP 47) is French."""
    return lang.lower().split("-")[0].split("_")[0] == "fr"


def keeps_before(word: str, lang: str = "") -> bool:
    """Whether a word (the text after a space) must stay on the line of the word
    before it: it opens with a character of KEPT_BEFORE's classes (but a full stop or
    a comma before a digit: UAX #14's LB15c), or, in French, with a closing
    guillemet."""
    if not word:
        return False
    ch = word[0]
    if ch in FRENCH_CLOSING and french(lang):
        return True
    if ch.isascii():
        if ch not in ASCII_KEPT:
            return False
    else:
        from uniseg.linebreak import line_break
        if line_break(ch) not in KEPT_BEFORE:
            return False
    return not (ch in ".," and word[1:2].isdigit())


def keeps_after(word: str, lang: str = "") -> bool:
    """Whether a word (the text before a space) must stay on the line of the word
    after it: in French, an opening guillemet it ends with."""
    return bool(word) and word[-1] in FRENCH_OPENING and french(lang)


def quote_held(before: str, after: str, lang: str = "") -> bool:
    """Whether UAX #14 keeps two words together across the space between them for an
    opening bracket or quotation mark that ends the first (LB14: "(", "„"; LB15a: an
    initial quotation mark, Pi, that follows a space or the text's start or another
    opening mark) or a final quotation mark, Pf, that opens the second and is followed
    by a space, closing punctuation or the text's end (LB15b), as uniseg finds them.
    Each quotation mark is read in its role in lang (layout/quotes.py: German's “ and «
    close, its » opens)."""
    before, after = as_read(before, lang), as_read(after, lang)
    if not before or not after or (unicodedata.category(before[-1]) not in ("Ps", "Pi")
                                   and unicodedata.category(after[0]) != "Pf"):
        return False
    from uniseg.linebreak import line_break_boundaries
    return len(before) + 1 not in line_break_boundaries(f"{before} {after}")


def kept(before: str, after: str, lang: str = "") -> bool:
    """Whether the space between two words is no place to break: keeps_before(),
    keeps_after() or quote_held()."""
    return keeps_before(after, lang) or keeps_after(before, lang) or quote_held(before, after, lang)


def glued(words: Sequence[str], lang: str = "") -> list[str]:
    """A paragraph's words (its text split at spaces) with each word that must stay
    with its neighbour (kept()) joined to it by its space, or by its spaces where the
    text has more than one between them (the empty words between): glued_runs()."""
    return [" ".join(words[run.start:run.stop]) for run in glued_runs(words, lang)]


def glued_runs(words: Sequence[str], lang: str = "") -> list[range]:
    """The runs of a paragraph's words (its text split at spaces) that glued() joins,
    in order: each word that must stay with the word before it that is not empty
    (kept()) in that word's run, with the empty words a run of spaces leaves between
    them. An empty word joins none. kept() is asked of the word before alone, not of
    its whole run: every rule it applies looks back from the space no further than the
    space before that word (UAX #14's, across spaces, from an opening bracket or
    quotation mark the word ends with), so the answer is the same, and a long run
    costs no more a word than a short one."""
    runs: list[range] = []
    previous = ""               # the last word that is not empty
    last = -1                   # its run
    for at, word in enumerate(words):
        if word and last >= 0 and kept(previous, word, lang):
            runs[last:] = [range(runs[last].start, at + 1)]
        else:
            runs.append(range(at, at + 1))
            if word:
                last = len(runs) - 1
        if word:
            previous = word
    return runs


def glued_parts(word: str) -> list[tuple[int, str]]:
    """The words glued() joined into word (a word holding a space), each with where it
    starts in word; none where word holds no space. Such a word is of the kind of its
    parts, and breaks and is hyphenated where they are, never at its spaces."""
    if " " not in word:
        return []
    parts: list[tuple[int, str]] = []
    at = 0
    for part in word.split(" "):
        parts.append((at, part))
        at += len(part) + 1
    return parts


def core(word: str) -> str:
    """A word without the brackets, quotation marks and punctuation around it."""
    return word.lstrip(OPENING).rstrip(CLOSING)


def is_address(word: str) -> bool:
    """Whether a word (punctuation around it and all) is a web or mail address."""
    return SCHEME.match(core(word)) is not None


WORD, CODE, ADDRESS = "word", "code", "address"


@lru_cache(maxsize=4096)
def word_kind(word: str) -> str:
    """ADDRESS for a web or mail address; CODE for a word holding, besides letters and
    marks (and IN_WORDS, and slashes), a digit or any other sign, inside the punctuation
    around it; else WORD. A word holding a space (glued_parts()) is of the kind of its
    parts: an address if one is, else a code if one is."""
    if parts := glued_parts(word):
        kinds = {word_kind(part) for _, part in parts}
        return ADDRESS if ADDRESS in kinds else CODE if CODE in kinds else WORD
    if is_address(word):
        return ADDRESS
    return CODE if any(not (unicodedata.category(ch)[0] in "LM" or ch in IN_WORDS or ch == "/")
                       for ch in core(word)) else WORD


def unit_kinds(units: Sequence[str]) -> tuple[str, ...]:
    """The kind of each of a word's units: the parts of it a line may break between
    (layout/wordbreaks.py's word_breaks()), plain and marked-up text alike. Each is the
    word's word_kind(), but in a code a part after a hard hyphen that is a word of
    its own, not all capitals ("Angriff" in "Level-3-Angriff", not "EFGH" in
    "ABCD-1234-EFGH"), is a WORD: a compound's last word is hyphenated by the
    dictionary as it would be alone."""
    kind = word_kind("".join(units))
    if kind != CODE:
        return (kind,) * len(units)
    return tuple(WORD if i and units[i - 1][-1:] in HYPHENS and not unit.isupper() and word_kind(unit) == WORD
                 else CODE for i, unit in enumerate(units))


def joins(before: str, ch: str) -> bool:
    """Whether ch belongs to the character before it, so that no line may break between
    them: a combining mark, a joiner, a variation selector, or what follows a zero-width
    joiner; and neither side of a space inside a word (glued(): a word is never broken
    there)."""
    return (before == " " or ch == " " or unicodedata.category(ch)[0] == "M" or ch in "\u200c\u200d" or "\ufe00" <= ch <= "\ufe0f"
            or before == "\u200d")


def address_break(text: str, at: int) -> bool:
    """Whether an address or a code may break before text[at] (Chicago 14.18, above;
    "://" is kept whole, broken after, and a line never ends on one of the signs a
    break comes before)."""
    if not 0 < at < len(text):
        return False
    before, ch = text[at - 1], text[at]
    if before in AROUND or (before == ":" and ch != "/"):
        return True                                     # after "=", "&" or a colon
    if before == "/":
        return text[at - 2:at] == "//" and ch != "/"    # after a double slash
    if ch == "/":
        return text[at + 1:at + 2] != "/" and before not in BEFORE      # before a single slash
    return (ch in BEFORE or ch in AROUND) and before not in BEFORE


def off_apostrophes(chars: str, start: int, whole: Sequence[int]) -> list[int]:
    """Of whole (the lengths of the part of a word starting at chars[start] that a
    line may end on), those that put no break beside an apostrophe ("owner" and "'s"),
    if any; else all of them."""
    return [i for i in whole if chars[start + i - 1] not in APOSTROPHES
            and chars[start + i:start + i + 1] not in APOSTROPHES] or list(whole)


def code_cut(chars: str, start: int, whole: Sequence[int], kind: str) -> int:
    """Where the part of an address or a code (kind) that starts at chars[start] ends,
    at a line's end: of whole (the lengths that fit, longest first, none of them
    parting a letter from its marks) less those beside an apostrophe (off_apostrophes()),
    the longest that address_break() allows (or, in a code, that ends on one of its
    own hyphens), else the longest of all (0: none)."""
    whole = off_apostrophes(chars, start, whole)
    return next((i for i in whole if address_break(chars, start + i)
                 or (kind == CODE and chars[start + i - 1] in HYPHENS)), whole[0] if whole else 0)


def address_units(word: str) -> tuple[str, ...]:
    """An address cut where it may break (address_break()), between its first and
    last letter or digit: the brackets and punctuation around it, and a closing
    slash, stay with its ends."""
    kept = [at for at, ch in enumerate(word) if ch.isalnum()]
    if not kept:
        return (word,)
    cuts = [at for at in range(kept[0] + 1, kept[-1] + 1) if address_break(word, at)]
    return tuple(word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)], strict=True))
