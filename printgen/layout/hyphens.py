"""Where a word may be hyphenated at a line's end, by the dictionaries of its language.

pyphen's dictionaries say where a word of a language may break with a hyphen
(hyphens(), as Hyphen places; hyphenations(), as the word's head and tail), longest
head first; a language pyphen does not know, or a word with full-width letters, has
none.

Read by layout/text.py's Words (wrapping plain text), by layout/richtext.py (wrapping
marked-up text) and by layout/fold.py (the leaflets' rules text).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from printgen.frozen import frozen
from printgen.layout.breaks import APOSTROPHES, glued_parts
from printgen.layout.wordbreaks import KEPT_FORMAT, wide


@frozen
class Hyphen:
    """A place a word may be hyphenated: the line ends on the word's first `at`
    characters, then `end` and a hyphen; the next line starts with `start`, then the
    word from `at + cut` on. (`end`, `start` and `cut` are a dictionary's nonstandard
    hyphenation, which changes letters, as Hungarian "ssz" becomes "sz-sz"; all three
    are empty or nought in German or English.)"""

    at: int
    cut: int = 0
    end: str = ""
    start: str = ""

    def split(self, word: str) -> tuple[str, str]:
        """The word's head (without its hyphen) and tail."""
        return word[:self.at] + self.end, self.start + word[self.at + self.cut:]


def hyphenations(word: str, lang: str) -> list[tuple[str, str]]:
    """Where a word may be hyphenated in lang (hyphens()), as its head and tail,
    longest head first."""
    return [hyphen.split(word) for hyphen in hyphens(word, lang)]


@lru_cache(maxsize=16384)
def hyphens(word: str, lang: str) -> tuple[Hyphen, ...]:
    """Where a word may be hyphenated in lang (pyphen's dictionaries), longest head
    first; none for a language pyphen does not know, nor in a word with full-width
    letters. The dictionary is asked about the word's letters: not the punctuation
    before or after them, nor the soft hyphens, joiners and bidi marks among them, and
    in lower case letter for letter (a letter whose lower case is longer, as "İ", moves
    no break). A break the dictionary puts before a combining mark (one that NFC leaves
    apart from its letter) falls after it, with its letter. No break falls beside an
    apostrophe ("owner's" is never "owner-" and "'s"). A word holding a space
    (layout/breaks.py's glued_parts(): "caravane ?") breaks where its parts do. Plain and
    marked-up text both break words here (a marked-up word as the text of its pieces)."""
    if parts := glued_parts(word):
        shifted: list[Hyphen] = []
        for at, part in parts:
            shifted += [Hyphen(hyphen.at + at, hyphen.cut, hyphen.end, hyphen.start) for hyphen in hyphens(part, lang)]
        return tuple(sorted(shifted, key=lambda hyphen: -hyphen.at))
    dictionary = _dictionary(lang or "en")
    if dictionary is None or any(wide(ch) for ch in word):
        return ()
    lettered = [i for i, ch in enumerate(word) if unicodedata.category(ch)[0] in "LM"]
    if not any(word[i].isalpha() for i in lettered):
        return ()
    kept = [i for i in range(lettered[0], lettered[-1] + 1) if word[i] not in KEPT_FORMAT]  # the letters asked about
    letters = "".join(word[i] for i in kept)
    lowered = letters.lower()
    if len(lowered) != len(letters):
        lowered = "".join(ch.lower()[0] for ch in letters)
    place = [*kept, kept[-1] + 1]          # where each letter asked about is in the word, and its end
    found: list[Hyphen] = []
    for point in reversed(dictionary.positions(lowered)):
        if point.data:                     # a nonstandard hyphenation: (change, index, cut)
            change, index, cut = point.data
            end, start = (change.upper() if letters.isupper() else change).split("=")
            at = place[point + index]
            hyphen = Hyphen(at, place[point + index + cut] - at, end, start)
        else:                              # (after the marks on the letter before, not between)
            at = place[point]
            while at < len(word) and unicodedata.category(word[at])[0] == "M":
                at += 1
            hyphen = Hyphen(at)
        if hyphen not in found and hyphen.at < len(word) \
                and APOSTROPHES.isdisjoint(word[hyphen.at - 1:hyphen.at + hyphen.cut + 1]):
            found.append(hyphen)
    return tuple(found)


# the dictionary of a language named without its country: its main country's (pyphen's own
# name for the bare language is its first country in the alphabet: en_GB, de_AT, pt_BR)
MAIN_COUNTRY = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "nl": "nl_NL",
                "pt": "pt_PT"}


@lru_cache(maxsize=32)
def _dictionary(lang: str) -> Any:
    """pyphen's dictionary for lang: its country's where it names one pyphen has
    (en-GB), else its main country's (MAIN_COUNTRY), else the language's; None where
    pyphen has none."""
    import pyphen
    code = lang.replace("-", "_")
    bare = code.split("_")[0]
    for candidate in (code if code != bare else "", MAIN_COUNTRY.get(bare, ""), bare):
        if candidate and candidate in pyphen.LANGUAGES:
            return pyphen.Pyphen(lang=candidate)
    return None
