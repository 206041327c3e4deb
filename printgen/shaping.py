"""Text into positioned glyphs: fallback, bidirectional order and HarfBuzz shaping.

- Fallback: a font name may be a chain of faces (printgen/fonts.py); each character
  (with the marks and joiners that follow it) is set in the first face of the chain
  that has it, except that spaces and punctuation stay in the face of the text
  around them when it has them, and that a word of a script whose letters join or
  combine (JOINED_SCRIPTS: Arabic, Indic scripts) is set whole in the first face
  that has all its letters: its letters take their joined forms and ligatures only
  when shaped together. Only a word no one face of the chain has is cut between
  faces, letter by letter (split_words() names it, and a build says so once: printgen/splitnotes.py).
  A letter of another script is set in the first face that has it, and a word whose
  letters so fall in several faces is said too (mixed_words()).
- Direction: a paragraph holding right-to-left characters (Hebrew, Arabic) gets its
  embedding levels from the Unicode bidirectional algorithm, resolved over the whole
  paragraph (printgen/direction.py); each of its lines takes its slice of them, and
  arrange() puts its runs in visual order by the algorithm's rules L1 and L2.
- Shaping: each run is shaped by HarfBuzz (uharfbuzz): kerning, ligatures,
  contextual forms, mark positioning, complex scripts. Words are shaped one at a
  time and joined by the face's space, so a line is exactly as wide as its words
  and spaces measured one by one (kerning across a space is not applied).

Every renderer draws the glyphs shape() gives for a TextRun (one face, one
direction), and layout measures text with the same shapes, so what is measured is
what is drawn.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from printgen import fonts
from printgen.direction import is_rtl, levels, line_levels, paragraph_level
from printgen.fonts import CHAIN, INVISIBLE, Face, face, faces
from printgen.frozen import frozen
from printgen.glyphtexts import glyph_texts

NEUTRAL = frozenset(("Zs", "Po", "Pd", "Ps", "Pe", "Pi", "Pf"))   # stay in the face around them
JOINING = frozenset(("Mn", "Mc", "Me"))                             # belong to the character before
OBJECT = "\ufffc"        # an inline icon, to the bidirectional algorithm


@frozen
class Shaped:
    """A run's glyphs in visual order, positions in font units (x from the run's
    start, y up from the baseline), each glyph's text (the characters of its cluster
    where the cluster is that one glyph, else ""), whether some cluster is drawn with
    several glyphs (an Indic syllable, a letter with marks), and the run's advance."""

    glyphs: tuple[int, ...]
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    texts: tuple[str, ...]
    advance: float
    complex: bool = False


@lru_cache(maxsize=8192)     # (a large deck's sheet numbers are each a word: the cache is not the deck's size)
def shape_word(name: str, text: str, rtl: bool = False, lang: str = "") -> Shaped:
    """One word (no spaces) in one face, shaped by HarfBuzz."""
    if not text:
        return Shaped((), (), (), (), 0.0)
    import uharfbuzz as hb
    buffer = hb.Buffer()
    buffer.add_codepoints([ord(ch) for ch in text])
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if rtl else "ltr"
    if lang:
        buffer.language = lang
    hb.shape(face(name).hb, buffer)
    infos, positions = buffer.glyph_infos, buffer.glyph_positions
    clusters = [info.cluster for info in infos]
    glyphs, xs, ys = [], [], []
    pen = 0.0
    for info, pos in zip(infos, positions, strict=True):
        glyphs.append(info.codepoint)
        xs.append(pen + pos.x_offset)
        ys.append(float(pos.y_offset))
        pen += pos.x_advance
    texts = glyph_texts(name, text, glyphs, clusters, [pos.x_advance for pos in positions])
    return Shaped(tuple(glyphs), tuple(xs), tuple(ys), tuple(texts), pen, len(set(clusters)) < len(clusters))


# Runs are kept fewer than words: a run is quickly joined again from its cached words,
# and a large deck's sheets each carry a caption of their own ("sheet 17 of 6,889").
@lru_cache(maxsize=1024)
def shape(name: str, text: str, rtl: bool = False, lang: str = "") -> Shaped:
    """A run of text in one face and one direction: its words shaped one at a time,
    joined by the face's space, in visual order (right to left: the last word first)."""
    words = text.split(" ")
    if len(words) == 1:
        return shape_word(name, text, rtl, lang)
    space = shape_word(name, " ", rtl, lang)
    parts: list[Shaped] = []
    for i, word in enumerate(words):
        if i:
            parts.append(space)
        if word:
            parts.append(shape_word(name, word, rtl, lang))
    if rtl:
        parts.reverse()
    glyphs: list[int] = []
    xs: list[float] = []
    ys: list[float] = []
    texts: list[str] = []
    pen = 0.0
    for part in parts:
        glyphs += part.glyphs
        xs += [pen + x for x in part.xs]
        ys += part.ys
        texts += part.texts
        pen += part.advance
    return Shaped(tuple(glyphs), tuple(xs), tuple(ys), tuple(texts), pen, any(part.complex for part in parts))


def run_width(face_name: str, text: str, rtl: bool, lang: str, size: float) -> float:
    """The width of a run in one face and one direction at size (points)."""
    return shape(face_name, text, rtl, lang).advance * size / face(face_name).units_per_em


@frozen
class Metrics:
    """What layout measures text with: a face or fallback chain by name, its first
    face's vertical metrics (font units), and widths as the text is drawn."""

    name: str
    units_per_em: int
    ascent: int
    descent: int                 # negative, below the baseline
    cap_height: int

    def width(self, text: str, size: float, lang: str = "") -> float:
        """Width of text at size (points), shaped as it is drawn."""
        return text_width(text, self.name, size, lang)

    def missing(self, text: str) -> list[str]:
        """Characters of text no face of the chain has."""
        return fonts.missing(self.name, text)


@lru_cache(maxsize=256)
def font(name: str) -> Metrics:
    """The measures of a face or fallback chain by name (its first face's vertical
    metrics); FitError for an unknown name."""
    first, *_ = [face(part) for part in faces(name)]     # every face loaded: an unknown one fails here
    return Metrics(name, first.units_per_em, first.ascent, first.descent, first.cap_height)


def _clusters(text: str) -> list[str]:
    """text cut before every character that does not join the one before it."""
    out: list[str] = []
    for ch in text:
        if out and (unicodedata.category(ch) in JOINING or ch in INVISIBLE or "\ufe00" <= ch <= "\ufe0f"
                    or (out[-1] and out[-1][-1] == "\u200d")):
            out[-1] += ch
        else:
            out.append(ch)
    return out


# scripts whose letters change shape with their neighbours, or whose consonants combine
# into conjuncts and stacks: their words are shaped whole or not at all (the joining
# scripts of Unicode's ArabicShaping.txt, and the Brahmic scripts of India, Sri Lanka,
# Tibet, Myanmar and Cambodia; ISO 15924 codes). Latin, Greek, Cyrillic, Hebrew and
# CJK letters stand on their own: a letter a face lacks is set alone in the next
# (mixed_words() finds the words that leaves in several faces).
JOINED_SCRIPTS = frozenset((
    "Arab", "Syrc", "Nkoo", "Mong", "Mand", "Mani", "Phlp", "Rohg", "Sogd", "Ougr", "Chrs", "Adlm", "Phag",
    "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Tibt", "Mymr", "Khmr"))


def joined_script(cluster: str, current: str | None) -> str | None:
    """The joined script a cluster's word is in (JOINED_SCRIPTS): that of its first
    character, a letter or mark; a character of several scripts (the tatweel) keeps
    the word's current one. None: the cluster is not part of such a word."""
    from fontTools import unicodedata as ucd
    first = cluster[0]
    if first.isascii() or unicodedata.category(first)[0] not in "LM":
        return None
    if current is not None and current in ucd.script_extension(first):
        return current
    script = ucd.script(first)
    return script if script in JOINED_SCRIPTS else None


def _joined_words(clusters: list[str]) -> list[tuple[int, int]]:
    """The (start, end) cluster indexes of each word of a joined script in clusters."""
    words: list[tuple[int, int]] = []
    current: str | None = None
    for i, cluster in enumerate(clusters):
        script = joined_script(cluster, current)
        if script is not None and script == current:
            words[-1] = (words[-1][0], i + 1)
        elif script is not None:
            words.append((i, i + 1))
        current = script
    return words


def fallback(text: str, name: str) -> tuple[tuple[str, str], ...]:
    """text cut into (text, face) runs, each in the first face of the chain that
    has its characters (spaces and punctuation stay in the face before them); a word
    of a joined script (JOINED_SCRIPTS) in the first face that has all its letters,
    where one does."""
    if CHAIN not in name:               # one face: nothing to cut, and nothing to keep
        return ((text, name),)
    return _chained(text, name)


def split_words(text: str, name: str) -> list[str]:
    """The words of text that fallback() sets in several faces of the chain: those of a
    joined script that no one face has all the letters of (set letter by letter, their
    letters unjoined), and those of other letters that the face setting some of them
    lacks others of (mixed_words()); and the words of a joined script that it sets whole
    in a later face than the first with any of their letters, which lacks some of them
    (moved_face())."""
    if CHAIN not in name:
        return []
    split = [] if text.isascii() else [word for _, _, word, found in _word_faces(text, name)
                                       if found is None or moved_face(word, name) is not None]
    return list(dict.fromkeys([*split, *mixed_words(text, name)]))


def moved_face(word: str, name: str) -> tuple[str, list[str], str] | None:
    """Of a word of a joined script that fallback() sets whole in a face of the chain
    after the first face with any of its letters, as it lacks others ('بطاقة' set in
    `sans` where the Arabic font before it lacks 'ة', beside words the Arabic font
    sets): that first face, the letters it lacks and the face that sets the word. None
    for any other word."""
    chained = [face(n) for n in faces(name)]
    letters = [ch for ch in word if unicodedata.category(ch)[0] == "L"]
    first = next((f for f in chained if any(f.has(ch) for ch in letters)), None)
    setting = next((f for f in chained if all(f.has(ch) for ch in word)), None)
    if first is None or setting is None or setting is first:
        return None
    missed = [ch for ch in dict.fromkeys(word) if not first.has(ch)]
    return first.name, missed, setting.name


# scripts written without spaces between words: a letter of theirs a face lacks is set
# in the next, and nothing is said of it (no word of theirs is known to mix faces)
UNSPACED = frozenset(("Hani", "Hira", "Kana", "Bopo", "Yiii", "Thai", "Laoo"))
_NOT_MIXED = JOINED_SCRIPTS | UNSPACED      # scripts whose words mixed_words() leaves to other notes


@lru_cache(maxsize=16384)
def mixed_words(text: str, name: str) -> tuple[str, ...]:
    """The words of text outside the joined scripts (runs of letters, with their marks,
    of a script written with spaces: a Latin, Greek, Cyrillic, Hebrew word) that
    fallback() sets in more than one face of the chain, each letter in the first face
    that has it: a Vietnamese 'Người' whose 'ư' and 'ờ' the first face lacks is set in
    two typefaces."""
    chained = [face(n) for n in faces(name)]
    if all(chained[0].has(ch) for ch in set(text)):
        return ()
    from fontTools import unicodedata as ucd
    words: list[list[str]] = [[]]
    for cluster in _clusters(text):
        first = cluster[0]
        letter = unicodedata.category(first)[0] == "L" and ucd.script(first) not in _NOT_MIXED
        if letter:
            words[-1].append(cluster)
        elif words[-1]:
            words.append([])
    return tuple(dict.fromkeys("".join(word) for word in words
                               if len({_face_of(cluster, chained) for cluster in word}) > 1))


def _face_of(cluster: str, chained: list[Face]) -> str:
    """The face a letter is set in: the first of the chain that has it (_chained())."""
    return next((f for f in chained if all(f.has(c) for c in cluster)), chained[0]).name


def mixed_faces(word: str, name: str) -> tuple[str, list[str], list[str]]:
    """Of a word mixed_words() finds: the first face of the chain that sets some of its
    letters, the letters it lacks, and the faces that set those."""
    chained = [face(n) for n in faces(name)]
    clusters = _clusters(word)
    used = {_face_of(cluster, chained) for cluster in clusters}
    lacking = next(f for f in chained if f.name in used)
    missed = [cluster for cluster in dict.fromkeys(clusters) if not all(lacking.has(c) for c in cluster)]
    return lacking.name, missed, [f.name for f in chained if f.name in used and f is not lacking]


@lru_cache(maxsize=16384)
def _word_faces(text: str, name: str) -> tuple[tuple[int, int, str, Face | None], ...]:
    """Each word of a joined script in text (JOINED_SCRIPTS), in order: its start and
    end in _clusters(text), its text, and the first face of the chain that has all its
    letters (None: no one face has them all)."""
    if text.isascii():
        return ()
    chained = [face(n) for n in faces(name)]
    clusters = _clusters(text)
    found = []
    for start, end in _joined_words(clusters):
        word = "".join(clusters[start:end])
        found.append((start, end, word, next((f for f in chained if all(f.has(c) for c in word)), None)))
    return tuple(found)


@lru_cache(maxsize=16384)
def _chained(text: str, name: str) -> tuple[tuple[str, str], ...]:
    chained = [face(n) for n in faces(name)]
    clusters = _clusters(text)
    whole: dict[int, Face] = {}           # cluster index -> the face its whole word is set in
    for start, end, _, found in _word_faces(text, name):
        if found is not None:
            whole.update(dict.fromkeys(range(start, end), found))
    runs: list[list[str]] = []
    for i, cluster in enumerate(clusters):
        current = face(runs[-1][1]) if runs else None
        if i in whole:
            chosen = whole[i]
        elif current is not None and unicodedata.category(cluster[0]) in NEUTRAL and all(current.has(c) for c in cluster):
            chosen = current
        else:
            chosen = next((f for f in chained if all(f.has(c) for c in cluster)), chained[0])
        if runs and runs[-1][1] == chosen.name:
            runs[-1][0] += cluster
        else:
            runs.append([cluster, chosen.name])
    return tuple((t, n) for t, n in runs)


@lru_cache(maxsize=2048)      # (a deck's cards measure the same texts again: 543 measures, 159 texts, in sabacc-62; at most ~0.5 MB)
def text_width(text: str, name: str, size: float, lang: str = "") -> float:
    """The width of text in a face or chain at size (points), as it is drawn."""
    return sum(run_width(face_name, part, is_rtl(part), lang, size) for part, face_name in fallback(text, name))


@lru_cache(maxsize=4096)
def ink_reach(text: str, name: str, lang: str = "") -> tuple[float, float]:
    """How high above the baseline and how deep below it the ink of text reaches, as
    it is drawn in a face or chain (ems; 0 where it has none): marks stacked on a
    letter (Vietnamese tone marks over a circumflex, Thai tone marks, a pile of
    combining accents) may rise past the font's ascent or fall past its descent.
    A fallback face's ink counts from its own ascent and descent where they are larger
    than the first face's: a script drawn taller by its own design (Devanagari's
    headline and vowel signs in a face made for it) stands within its font's metrics,
    as it stood before lines were fitted by their ink; only what reaches past them counts."""
    first = font(name)                       # the first face's vertical metrics
    top, bottom = first.ascent / first.units_per_em, -first.descent / first.units_per_em
    high = low = 0.0
    for part, face_name in fallback(text, name):
        drawn, shaped = face(face_name), shape(face_name, part, is_rtl(part), lang)
        rise = max(0.0, drawn.ascent / drawn.units_per_em - top)      # its own room above the first's
        sink = max(0.0, -drawn.descent / drawn.units_per_em - bottom)
        for glyph, y in zip(shaped.glyphs, shaped.ys, strict=True):
            ink = drawn.ink(glyph)
            if ink is not None and ink.width and ink.height:
                high = max(high, (y + ink.y_bearing) / drawn.units_per_em - rise)
                low = max(low, -(y + ink.y_bearing + ink.height) / drawn.units_per_em - sink)
    return high, low


@frozen
class Item:
    """A piece of a line set in one face and one direction, in visual order: x is its
    left edge from the line's start, in points. icon: an inline icon's name (then
    text and face are empty)."""

    x: float
    width: float
    text: str
    face: str
    rtl: bool
    icon: str = ""


def arrange(pieces: Sequence[tuple[str, str]], size: float, icon_width: float,
            base: int | None = None, lang: str = "", icon: str = "icon",
            given: Sequence[int] | None = None) -> list[Item]:
    """A line's pieces ((text, font name), or (icon name, icon) for an inline icon of
    icon_width) as items in visual order with their places (rules L1 and L2 of the
    bidirectional algorithm). given: the line's slice of its paragraph's levels
    (paragraph_levels()); without it the line is read as a paragraph of its own."""
    logical: list[tuple[str, str, int, str]] = []       # text, face, level, icon
    line = "".join(OBJECT if name == icon else text for text, name in pieces)
    if base is None:
        base = paragraph_level(line)
    found = line_levels(line, levels(line, base) if given is None else given, base)
    at = 0
    for text, name in pieces:
        if name == icon:
            logical.append(("", "", found[at], text))
            at += 1
            continue
        for part, face_name in fallback(text, name):
            start = 0
            for i in range(1, len(part) + 1):
                if i == len(part) or found[at + i] != found[at + start]:
                    text_part, level = part[start:i], found[at + start]
                    last = logical[-1] if logical else None
                    if last is not None and last[1] == face_name and last[2] == level and not last[3]:
                        logical[-1] = (last[0] + text_part, face_name, level, "")
                    else:
                        logical.append((text_part, face_name, level, ""))
                    start = i
            at += len(part)
    order = list(range(len(logical)))
    if any(level for _, _, level, _ in logical):       # rule L2: reverse runs from the highest level down
        top = max(level for _, _, level, _ in logical)
        lowest = min(level for _, _, level, _ in logical)
        lowest_odd = lowest | 1         # "including intermediate levels not actually present"
        for level in range(top, lowest_odd - 1, -1):
            i = 0
            while i < len(order):
                if logical[order[i]][2] >= level:
                    j = i
                    while j < len(order) and logical[order[j]][2] >= level:
                        j += 1
                    order[i:j] = reversed(order[i:j])
                    i = j
                else:
                    i += 1
    items: list[Item] = []
    x = 0.0
    for k in order:
        text, face_name, level, icon_name = logical[k]
        width = icon_width if icon_name else run_width(face_name, text, bool(level % 2), lang, size)
        items.append(Item(x, width, text, face_name, bool(level % 2), icon_name))
        x += width
    return items
