"""What a build says of the words fallback sets in several faces.

A word that no one face of a font's fallback chain can set whole is cut between faces
(printgen/shaping.py's split_words()): a word of a joined script (Arabic, Indic) is
then set letter by letter and its letters do not join, a word of other letters mixes
typefaces, and a joined word set whole in a later face than its script's takes another
typeface. While text is laid out, note_split() keeps each such word with the place
that sets it, in the gathering open (noting_splits()); split_notes() then says each
once, naming its places.

Read by the layout of text and rich text (note_split()) and by the builds of decks,
boxes, leaflets, booklets and exports (noting_splits(), split_notes()).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from printgen import fonts
from printgen.shaping import joined_script, mixed_faces, moved_face, split_words
from printgen.words import first_few, plural

# the words set in several faces (split_words()), by (word, font name), each
# with the places that set it, in the order found: what a build says of them (split_notes())
Splits = dict[tuple[str, str], dict[str, None]]
_noting: list[Splits] = []


@contextmanager
def noting_splits(splits: Splits | None = None) -> Iterator[Splits]:
    """Gather what note_split() finds while the block runs: into splits (a new one where
    None), or, where a gathering is open already, into that one (a deck's build gathers
    the words of its cards, leaflets and box together, so that it says each once); the
    splits yielded then stay empty."""
    own: Splits = {} if splits is None else splits
    if _noting:
        yield {}
        return
    _noting.append(own)
    try:
        yield own
    finally:
        _noting.pop()


def note_split(text: str, name: str, where: str) -> None:
    """Keep, in the gathering open (noting_splits()), each word of text that fallback()
    sets in several faces of the chain (split_words(): a joined word no one of them has
    all the letters of, a word of other letters the first face setting it lacks some
    of, a joined word set whole in a later face than its script's), with where: the
    place that sets it (a card's field, a rules text's line).
    Outside a gathering nothing is kept."""
    if not _noting:
        return
    for word in split_words(text, name):
        _noting[-1].setdefault((word, name), {})[where] = None


def split_notes(splits: Splits) -> list[str]:
    """One note for each word of a joined script gathered in splits (noting_splits())
    that is set letter by letter, naming its first place and how many more there are;
    one for each face that lacks letters of words of other scripts it sets part of
    (mixed_words()), and one for each face that lacks letters of joined words set whole
    in a later face (moved_face()), naming those words, the letters and the faces that
    set them, and where."""
    notes = []
    mixed: dict[tuple[str, str], list[tuple[list[str], list[str], str, dict[str, None]]]] = {}
    moved: dict[tuple[str, str], list[tuple[list[str], list[str], str, dict[str, None]]]] = {}
    for (word, name), places in splits.items():
        if joined_script(word, None) is None:
            lacking, missed, others = mixed_faces(word, name)
            mixed.setdefault((name, lacking), []).append((missed, others, word, places))
            continue
        shift = moved_face(word, name)
        if shift is not None:
            moved.setdefault((name, shift[0]), []).append((shift[1], [shift[2]], word, places))
            continue
        notes.append(f"{_places(places)}: no one font of {fonts.shown(name)!r} and its fallbacks has every "
                     f"letter of {word!r}, so it is set letter by letter in several and its letters do not "
                     f"join; expected a fallback font that has them all")
    for whole, gathered in ((False, mixed), (True, moved)):
        for (_, lacking), words in gathered.items():
            letters: dict[str, None] = {}
            setting: dict[str, None] = {}
            for missed, others, _, _ in words:
                letters.update(dict.fromkeys(missed))
                setting.update(dict.fromkeys(others))
            places = dict.fromkeys(place for *_, found in words for place in found)
            named = _listed([word for _, _, word, _ in words], 'word')
            faces_set = ' and '.join(map(repr, map(fonts.shown, setting)))
            lacks = f"{fonts.shown(lacking)!r} lacks {_listed(list(letters), 'letter')}"
            said = (f"{lacks} of {named}, so {'it is' if len(words) == 1 else 'they are'} set whole in {faces_set}, "
                    f"another typeface than the words {fonts.shown(lacking)!r} sets" if whole else
                    f"{named} {'mixes' if len(words) == 1 else 'mix'} typefaces: {lacks}, set in {faces_set}")
            notes.append(f"{_places(places)}: {said}; expected a font that has them, or a fallback of the same style")
    return notes


def _places(places: dict[str, None]) -> str:
    """The first of the places, and how many more there are."""
    first, *more = places
    return f"{first} and {plural(len(more), 'more place')}" if more else first


def _listed(items: list[str], noun: str) -> str:
    """Items quoted, the first few of many and how many more."""
    return first_few(list(map(repr, items)), 3, noun)
