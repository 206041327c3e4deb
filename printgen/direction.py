"""A paragraph's direction and its characters' embedding levels: the Unicode
bidirectional algorithm.

A paragraph holding right-to-left characters (Hebrew, Arabic) gets its embedding
levels from the Unicode bidirectional algorithm (python-bidi's rules, with bracket
pairs, rule N0, added here: pair_brackets()), resolved over the whole paragraph
(paragraph_levels(), Paragraph); each of its lines takes its slice of them, and rule
L1 resets its trailing whitespace (line_levels()). A paragraph's direction is that of
its first strong character (paragraph_level()).

Read by printgen/shaping.py's arrange(), which puts a line's runs in visual order
(rules L1 and L2), and by the layout of text, rich text, leaflets and slugs.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

RTL_CLASSES = frozenset(("R", "AL", "RLE", "RLO", "RLI"))


def is_rtl(text: str) -> bool:
    """Whether text holds a right-to-left character."""
    return any(unicodedata.bidirectional(ch) in RTL_CLASSES for ch in text)


@lru_cache(maxsize=64)
def paragraph_levels(text: str, base: int) -> tuple[int, ...]:
    """levels() of a whole paragraph of direction base, for each of its lines to take
    its slice of: the bidirectional algorithm resolves levels over the paragraph (its
    rules P2 to I2: a number's or a bracket's neighbours may be on another line), and
    only then breaks it into lines and reorders each (rules L1 and L2, arrange())."""
    return tuple(levels(text, base))


class Paragraph:
    """A paragraph's set lines, for each to take its slice of the paragraph's levels
    (paragraph_levels()). Its text as set is its lines' texts joined by what came
    between them (a space, nothing where a word broke, a line separator; None in
    joints is nothing). texts: the lines' texts, or what gives them when first asked,
    so that text wrapped at several sizes to find the one that fits joins and resolves
    only the paragraph it sets (the lists may grow till then, as its lines are made).
    base is its direction (1 right to left), else found from its text
    (paragraph_level())."""

    def __init__(self, texts: Sequence[str] | Callable[[], Sequence[str]], joints: Sequence[str | None],
                 base: int | None = None) -> None:
        self._texts, self._joints, self._base = texts, joints, base
        self._placed: tuple[str, list[int], Sequence[str]] | None = None
        self._level_zero: bool | None = None

    def placed(self) -> tuple[str, list[int], Sequence[str]]:
        """Its text as set, where each line starts in it, and the lines' texts."""
        if self._placed is None:
            texts = self._texts() if callable(self._texts) else self._texts
            starts, at = [], 0
            for text, joint in zip(texts, self._joints, strict=True):
                starts.append(at)
                at += len(text) + len(joint or "")
            whole = "".join(text + (joint or "") for text, joint in zip(texts, self._joints, strict=True))
            self._placed = whole, starts, texts
        return self._placed

    def level_zero(self) -> bool:
        """all_level_zero() of its text as set, found once for all its lines (each of a
        paragraph's lines asks: finding it again for each would cost the square of its
        length)."""
        if self._level_zero is None:
            self._level_zero = all_level_zero(self.placed()[0])
        return self._level_zero

    @property
    def base(self) -> int:
        if self._base is None:
            self._base = paragraph_level(self.placed()[0])
        return self._base

    def levels(self, index: int, base: int | None = None) -> tuple[int, ...] | None:
        """The levels of its line at index: its slice of the paragraph's, resolved in
        direction base (else its own); None where the paragraph is left to right and
        every character of it at level 0 (all_level_zero()). A paragraph resolved
        right to left has its levels whatever its characters (an English sentence
        holds none at level 0 there)."""
        whole, starts, texts = self.placed()
        if base is None:
            base = self.base
        if base == 0 and self.level_zero():
            return None
        return paragraph_levels(whole, base)[starts[index]:starts[index] + len(texts[index])]


# rule L1: what goes back to the paragraph's level at a line's end or before a segment or
# paragraph separator (whitespace and isolate formatting characters, with the characters
# rule X9 removes among them, as UAX #9's section 5.2 says for an implementation that
# keeps them)
TRAILING = frozenset(("WS", "FSI", "LRI", "RLI", "PDI", "BN", "LRE", "RLE", "LRO", "RLO", "PDF"))


def line_levels(line: str, found: Sequence[int], base: int) -> list[int]:
    """A line's levels (its slice of its paragraph's) after rule L1 of the bidirectional
    algorithm: segment and paragraph separators, and the whitespace before them or at
    the line's end, take the paragraph's level base."""
    reset = list(found)
    trailing = True                       # (read from the line's end)
    for i in range(len(line) - 1, -1, -1):
        kind = unicodedata.bidirectional(line[i])
        if kind in ("S", "B"):
            reset[i], trailing = base, True
        elif trailing and kind in TRAILING:
            reset[i] = base
        else:
            trailing = False
    return reset


# classes that lift a character above level 0 in a left-to-right paragraph (every
# other ends there: numbers after the paragraph's start take its direction, rule W7,
# neutrals between left-to-right text too, N1, and marks the class before them, W1)
LIFTED = RTL_CLASSES | {"AN", "LRE", "LRO"}


def all_level_zero(text: str) -> bool:
    """Whether every character of a paragraph, or of a line of one, set left to right
    is at level 0: it holds no character of a class in LIFTED (its direction is then
    left to right, and no number in it is Arabic). levels() then needs no
    bidirectional algorithm."""
    return text.isascii() or not any(unicodedata.bidirectional(ch) in LIFTED for ch in text)


def levels(text: str, base: int | None = None) -> list[int]:
    """The embedding level of each character (even: left to right), by the Unicode
    bidirectional algorithm (python-bidi's steps, and pair_brackets() between its weak
    and neutral types); base: the paragraph's level, else found from its text."""
    if (base is None and not is_rtl(text)) or (base == 0 and all_level_zero(text)):
        return [0] * len(text)
    from bidi import algorithm
    # boundary neutrals (joiners, a soft hyphen, a zero-width space) have no effect: rule X9
    kept = [i for i, ch in enumerate(text) if unicodedata.bidirectional(ch) != "BN"]
    plain = "".join(text[i] for i in kept)
    storage = algorithm.get_empty_storage()
    level = algorithm.get_base_level(plain) if base is None else base
    storage["base_level"], storage["base_dir"] = level, ("L", "R")[level]
    algorithm.get_embedding_levels(plain, storage, False, False)
    algorithm.explicit_embed_and_overrides(storage, False)
    algorithm.resolve_weak_types(storage, False)
    pair_brackets(storage)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    found = [level] * len(text)
    # python-bidi drops the embedding and override marks too, once it has applied them
    levelled = [i for i in kept if unicodedata.bidirectional(text[i]) not in algorithm.X9_REMOVED]
    for i, char in zip(levelled, storage["chars"], strict=True):
        found[i] = char["level"]
    for i, ch in enumerate(text):           # what rule X9 drops takes the level of the character before it
        if i and unicodedata.bidirectional(ch) in algorithm.X9_REMOVED:
            found[i] = found[i - 1]
    return found


# Each opening bracket and its closing one (Unicode's Bidi_Paired_Bracket, the 64 pairs of
# BidiBrackets.txt): the mirrored characters of category Ps, each beside its mirror image
# (tests/test_bidi_brackets.py derives them from unicodedata and checks this table)
BRACKET_PAIRS = (
    "()[]{}\u0f3a\u0f3b\u0f3c\u0f3d\u169b\u169c\u2045\u2046\u207d\u207e\u208d\u208e\u2308\u2309"
    "\u230a\u230b\u2329\u232a\u2768\u2769\u276a\u276b\u276c\u276d\u276e\u276f\u2770\u2771"
    "\u2772\u2773\u2774\u2775\u27c5\u27c6\u27e6\u27e7\u27e8\u27e9\u27ea\u27eb\u27ec\u27ed"
    "\u27ee\u27ef\u2983\u2984\u2985\u2986\u2987\u2988\u2989\u298a\u298b\u298c\u298d\u2990"
    "\u298f\u298e\u2991\u2992\u2993\u2994\u2995\u2996\u2997\u2998\u29d8\u29d9\u29da\u29db"
    "\u29fc\u29fd\u2e22\u2e23\u2e24\u2e25\u2e26\u2e27\u2e28\u2e29\u2e55\u2e56\u2e57\u2e58"
    "\u2e59\u2e5a\u2e5b\u2e5c\u3008\u3009\u300a\u300b\u300c\u300d\u300e\u300f\u3010\u3011"
    "\u3014\u3015\u3016\u3017\u3018\u3019\u301a\u301b\ufe59\ufe5a\ufe5b\ufe5c\ufe5d\ufe5e"
    "\uff08\uff09\uff3b\uff3d\uff5b\uff5d\uff5f\uff60\uff62\uff63"
)
BRACKETS = dict(zip(BRACKET_PAIRS[0::2], BRACKET_PAIRS[1::2], strict=True))


SAME_BRACKET = {"\u2329": "\u3008", "\u232a": "\u3009"}     # canonically equivalent
MAX_OPENERS = 63                                            # rule BD16's stack
STRONG = {"L": "L", "R": "R", "EN": "R", "AN": "R"}         # as rule N0 reads them


def pairs_in(chars: Sequence[dict]) -> list[tuple[int, int]]:
    """The bracket pairs of an isolating run sequence by rule BD16: (opener, closer)
    indexes in the order of their openers. Only brackets still of type ON count."""
    closing = BRACKETS
    openers: list[tuple[str, int]] = []      # the closer each awaits, and where it is
    found: list[tuple[int, int]] = []
    for i, char in enumerate(chars):
        if char["type"] != "ON":
            continue
        ch = SAME_BRACKET.get(char["ch"], char["ch"])
        if ch in closing:
            if len(openers) == MAX_OPENERS:
                break
            openers.append((closing[ch], i))
        else:
            for depth in range(len(openers) - 1, -1, -1):
                if openers[depth][0] == ch:
                    found.append((openers[depth][1], i))
                    del openers[depth:]
                    break
    return sorted(found)


def pair_brackets(storage: dict) -> None:
    """Rule N0 of the bidirectional algorithm on python-bidi's storage, after its weak
    types are resolved: a bracket pair takes the embedding direction where the text
    between holds a strong type of it, else the other direction where the text between
    and the strong type before the opener both have it; marks after a bracket follow."""
    for run in storage["runs"]:     # no isolates reach here: a level run is an isolating run sequence
        chars = storage["chars"][run["start"]:run["start"] + run["length"]]
        if not chars:
            continue
        embedding = "LR"[chars[0]["level"] % 2]
        for start, end in pairs_in(chars):
            inside = {STRONG.get(char["type"]) for char in chars[start + 1:end]}
            if embedding in inside:
                kind = embedding
            elif inside - {None}:
                kind = next((STRONG[char["type"]] for char in reversed(chars[:start]) if char["type"] in STRONG),
                            run["sor"])       # the opposite direction only where the text before has it too
            else:
                continue
            for at in (start, end):
                chars[at]["type"] = kind
                for char in chars[at + 1:]:
                    if char["orig"] != "NSM":
                        break
                    char["type"] = kind


def base_level(text: str) -> int:
    """1 where a paragraph's first strong character is right-to-left, else 0 (rules P2
    and P3 of the bidirectional algorithm, python-bidi's; text without a right-to-left
    character is 0 without asking it)."""
    if not is_rtl(text):
        return 0
    from bidi import algorithm
    return int(algorithm.get_base_level(text))


# languages written right to left (their BCP 47 primary subtags)
RTL_LANGUAGES = frozenset(("ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "ps", "sd", "syr", "ug",
                           "ur", "yi"))
ISOLATES = frozenset(("LRI", "RLI", "FSI"))


def paragraph_level(text: Iterable[str]) -> int:
    """A paragraph's direction, 1 right to left, else 0: that of its first strong
    character outside isolates (rules P2 and P3 of the bidirectional algorithm), and
    left to right for a paragraph with none (digits, signs, punctuation), whatever its
    language, so that '-3', '1 / 3' and '+12' keep their order in an Arabic or Hebrew
    deck too (a language's direction once read '-3' as '3-' there)."""
    level = first_strong(text)
    return 0 if level is None else level


def first_strong(text: Iterable[str]) -> int | None:
    """The direction of the first strong character of text (its characters, read only
    as far as that one) outside isolates: 1 right to left, 0 left to right; None
    where it has none."""
    depth = 0
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ISOLATES:
            depth += 1
        elif kind == "PDI":
            depth = max(0, depth - 1)
        elif depth == 0 and kind == "L":
            return 0
        elif depth == 0 and kind in ("R", "AL"):
            return 1
    return None
