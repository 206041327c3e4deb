"""Rich text: runs of bold and italic within a paragraph, wrapped to a width.

Built on the bundled fonts' metrics and TextRun primitives, like layout/text.py,
but a line may mix fonts. A word wider than the line is broken: an address or a code
where layout/breaks.py says (The Chicago Manual of Style's places to break a URL),
else between any two characters, with no hyphen added; any other word after a slash
or dash, or else between letters with a hyphen. Each line knows its place in its
paragraph, whose bidirectional levels are resolved as a whole. Wrapping takes time
linear in the text's length: a line's width is summed as words join it (and measured
exactly only where the sum is too close to the width to call).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import field, replace
from functools import lru_cache

from printgen.direction import Paragraph, levels, paragraph_level
from printgen.errors import FitError
from printgen.fonts import check_glyphs
from printgen.frozen import frozen
from printgen.layout.breaks import (
    ADDRESS,
    CODE,
    HYPHENS,
    WORD,
    code_cut,
    glued_runs,
    joins,
    off_apostrophes,
    unit_kinds,
)
from printgen.layout.hyphens import hyphens
from printgen.layout.primitives import TextRun
from printgen.layout.text import band, clean, clearly_within, offset, shown
from printgen.layout.wordbreaks import SHY, ZWSP, wide, word_breaks
from printgen.model.fonts import Fonts
from printgen.model.text import Span
from printgen.shaping import OBJECT, Item, arrange, font, ink_reach
from printgen.splitnotes import note_split
from printgen.units import mm

Piece = tuple[str, str]          # text, font name; for an inline icon: its name, ICON
ICON = "icon"                    # the "font" of an inline icon piece
ICON_EM = 0.9                    # an icon's advance, in ems of the text's size
JOINED = "joined"                # the "font" of the empty piece opening a word set with no space before it
BREAK = "break"                  # the "font" of the empty piece that is a line break
WORD_JOINER = "\u2060"          # an icon, to the line-breaking rules


@frozen
class RichStyle:
    size: float
    line_height: float = 1.25
    color: str = "#000000"
    fonts: Fonts = field(default_factory=Fonts)
    lang: str = ""               # the text's language (BCP 47): shaping and hyphenation
    hyphenate: bool = False      # break a word at a line's end where the language's dictionary allows
    display: bool = False        # a heading's: hyphenate only a word wider than a whole line, never one that fits


@frozen
class Line:
    """One set line: its pieces (words with the spaces between them) and width, and
    its place in its paragraph (None: the line is read as a paragraph of its own)."""

    pieces: tuple[Piece, ...]
    width: float
    base: int = 0                # its paragraph's direction: 1 right to left, 0 left to right
    paragraph: Paragraph | None = field(default=None, compare=False)   # the paragraph it is set in
    index: int = 0               # which of the paragraph's lines it is

    def levels(self) -> Sequence[int]:
        """The bidirectional levels of its text (line_text()): its slice of its
        paragraph's, else its own, read as a paragraph of direction base."""
        found = None if self.paragraph is None else self.paragraph.levels(self.index, self.base)
        return levels(line_text(self.pieces), self.base) if found is None else found


class LetterTooWide(FitError):
    """A letter (or icon) is wider than the whole line: the text must be set smaller."""


def words(spans: tuple[Span, ...] | list[Span], fonts: Fonts, where: str, lang: str = "") -> list[list[Piece]]:
    """Split spans into words; a word may mix fonts ("**bold**," is one word), each
    span's face picked from fonts (whose styled faces fall back to the plainer ones,
    printgen/fonts.py's plainer(), so that italic text in a script its italic face
    lacks is set upright: fonts is a family house_family() or a fonts: key made). A word
    is cut again where Unicode's line-breaking rules (UAX #14, as for plain text) let a
    line break inside it (between ideographs, after a hyphen or a soft hyphen): each part
    after the first opens with a JOINED piece. A word that must stay with its neighbour
    after a space ("?", ":" and their kind, quotation marks standing alone; in lang French,
    guillemets: layout/breaks.py's glued()) is joined to it, space and all. A line break in the text ("\\n") is a
    word of its own, [("", BREAK)]."""
    result: list[list[Piece]] = []
    current: list[Piece] = []
    for span in spans:
        if span.icon:                              # an icon belongs to the word it touches
            current.append((span.icon, ICON))
            continue
        name = fonts.pick(span)
        text = clean(span.text)
        drawn = text.replace("\n", "").replace(SHY, "-")
        check_glyphs(drawn, name, where)
        note_split(drawn, name, where)
        for line, line_text in enumerate(text.split("\n")):
            if line:
                result += [current] if current else []
                result.append([("", BREAK)])
                current = []
            for i, part in enumerate(line_text.split(" ")):
                if i > 0 and current:
                    result.append(current)
                    current = []
                if part.strip(ZWSP):             # (a zero-width space alone draws nothing)
                    current.append((part, name))
    if current:
        result.append(current)
    return [part for word in _glued(result, fonts, lang) for part in _cut(word)]


def _glued(split: list[list[Piece]], fonts: Fonts, lang: str) -> list[list[Piece]]:
    """Words joined, with the space between them, where one must stay with the other
    (layout/breaks.py's glued_runs(), of their _text(); a line break, which has none,
    joins no word)."""
    found: list[list[Piece]] = []
    for run in glued_runs([_text(word) for word in split], lang):
        word = split[run.start]
        for at in run[1:]:
            word = [*word, (" ", _space_font(word, split[at], fonts)), *split[at]]
        found.append(word)
    return found


def _text(word: list[Piece]) -> str:
    """A word's text as the line-breaking rules read it (an icon is a word joiner)."""
    return "".join(WORD_JOINER if name == ICON else text for text, name in word)


def _cut(word: list[Piece]) -> list[list[Piece]]:
    """A word cut where UAX #14 allows a line break inside it (an icon, as a word
    joiner, keeps to the letters either side of it)."""
    if len(word) == 1:
        text, name = word[0]
        units = (text,) if name in (BREAK, ICON) else word_breaks(text)
    else:
        units = word_breaks("".join(WORD_JOINER if name == ICON else text for text, name in word))
    if len(units) == 1:
        return [word]
    letters = [(ch, name) for text, name in word for ch in ([text] if name == ICON else text)]
    parts: list[list[Piece]] = []
    at = 0
    for unit in units:
        parts.append(([("", JOINED)] if parts else []) + _group(letters[at:at + len(unit)]))
        at += len(unit)
    return parts


def _width(pieces: list[Piece] | tuple[Piece, ...], size: float) -> float:
    """The width of pieces set in a line: neighbours in one font are shaped together,
    as line_runs draws them."""
    return sum(piece_width(text, name, size) for text, name in _group(list(pieces)))


def piece_width(text: str, name: str, size: float) -> float:
    if name in (JOINED, BREAK):
        return 0.0
    if name == ICON:
        return size * ICON_EM
    return font(name).width(text.replace(SHY, "") if SHY in text else text, size)


def wrap(spans: tuple[Span, ...] | list[Span], width: float, style: RichStyle,
         where: str) -> list[Line]:
    """Greedy line breaking at spaces; a word wider than the line is broken (_split_word),
    its first part on the line it starts on."""
    return wrap_words(words(spans, style.fonts, where, style.lang), width, style, where)


def word_ems(split: list[list[Piece]]) -> list[float]:
    """The width of each word at a size of 1 (in ems), measured once for all the sizes
    text shrinking to fit tries."""
    return [_width(word, 1.0) for word in split]


def wrap_words(split: list[list[Piece]], width: float, style: RichStyle, where: str,
               ems: list[float] | None = None, exact: bool = True) -> list[Line]:
    """wrap() for text already split into words (words()) and measured (word_ems()),
    so that text shrinking to fit is split, checked and measured once, whatever the
    sizes it tries. With exact=False a line's width is its words' summed (to within
    1e-9 of it: see exactly()). The lines are of one paragraph, and take its direction
    (paragraph_level()); each knows its place in the paragraph (direction.py's Paragraph:
    its text, and the levels the bidirectional algorithm resolves over it as a whole,
    are found only for the lines that are drawn)."""
    size, limit = style.size, width + 1e-6
    spaces = {name: piece_width(" ", name, 1.0) for name in {style.fonts.regular, *(n for w in split for _, n in w)}}
    base = _direction(split)
    lines: list[Line] = []
    joints: list[str | None] = []        # what follows each line in the paragraph (None: the next word's space)
    current: list[Piece] = []
    used = 0.0                           # _width(current), about: summed as words join the line
    kinds = Kinds(split)
    paragraph = Paragraph(lambda: [line_text(line.pieces) for line in lines], joints, base)

    def close(pieces: list[Piece], joint: str | None, summed: float | None = None) -> None:
        lines.append(_line(pieces, size, base, summed, paragraph, len(lines)))
        joints.append(joint)

    for at, (given, em) in enumerate(zip(split, word_ems(split) if ems is None else ems, strict=True)):
        kind = given[0][1]
        if kind == BREAK:
            close(current, LINE_SEPARATOR, None if exact else used)
            current, used = [], 0.0
            continue
        word = given[1:] if kind == JOINED else given       # JOINED: a break inside a word, no space
        before = "" if kind == JOINED else " "               # what comes before it in the paragraph
        if joints and joints[-1] is None:
            joints[-1] = before
        space = [(" ", _space_font(current, word, style.fonts))] if current and kind != JOINED else []
        joining = ((spaces[space[0][1]] if space else 0.0) + em) * size
        ending = piece_width("-", word[-1][1], size) if word[-1][0][-1] == SHY else 0.0   # its hyphen, if last
        within = clearly_within(used + joining + ending, limit)
        if within is None:
            within = _width(_shown(current + space + word), size) <= limit
        if within:
            current += space + word
            used += joining
            continue
        sort = kinds(at)                                # an address or a code is never hyphenated
        wide = em * size                                # the word's width
        if style.hyphenate and sort == WORD and not (style.display and wide + ending <= limit):
            # (on an empty line: a word wider than a whole line; a heading's word that fits one goes to the next)
            broken = _hyphenated(current + space, word, limit, style)
            if broken is None and current and wide + ending > limit:
                # no syllable of a word wider than a line fits here: it starts the next
                # line and breaks there at syllables (not between any two letters)
                broken = _hyphenated([], word, limit, style)
                if broken is not None:
                    close(current, before, None if exact else used)
            if broken is not None:
                close(broken[0], "")
                tail = broken[1]
                while _width(_shown(tail), size) > limit:      # a tail still wider than a line
                    again = _hyphenated([], tail, limit, style)
                    if again is None:
                        break
                    close(again[0], "")
                    tail = again[1]
                if _width(_shown(tail), size) <= limit:
                    current, used = tail, _width(tail, size)
                    continue
                # no syllable break makes it fit: split it as any word wider than a line
                current, space, word, wide = [], [], tail, _width(tail, size)
        within = clearly_within(wide + ending, limit)
        if within is None:
            within = _width(_shown(word), size) <= limit
        if within:                                      # the word starts the next line
            close(current, before, None if exact else used)
            current, used = list(word), wide
            continue
        room = width - _width(current + space, size)
        first, *rest = _split_word(word, width, size, where, room, sort)
        if first:
            current += space + first
        if current:
            close(current, "" if first else before)
        *whole, current = rest or [[]]
        used = _width(current, size)
        for part in whole:
            close(part, "")
        if not rest:                                    # (the whole word was set: what follows it is its space)
            joints[-1] = None
    if current:
        close(current, None, None if exact else used)
    return lines


LINE_SEPARATOR = "\u2028"        # a line break inside a paragraph, to the bidirectional algorithm


def line_text(pieces: Sequence[Piece]) -> str:
    """A line's text as the bidirectional algorithm reads it (an icon is an object)."""
    return "".join(OBJECT if name == ICON else text for text, name in pieces)


class Kinds:
    """The kind of the part of a word at split[at] (words(): a word's parts after
    its first each open with a JOINED piece): layout/breaks.py's unit_kinds(), as
    plain text finds it, found at need and once a word."""

    def __init__(self, split: list[list[Piece]]) -> None:
        self.split = split
        self.found: dict[int, str] = {}

    def __call__(self, at: int) -> str:
        if at not in self.found:
            first = at
            while first > 0 and self.split[first][0][1] == JOINED:
                first -= 1
            last = first + 1
            while last < len(self.split) and self.split[last][0][1] == JOINED:
                last += 1
            units = ["".join(WORD_JOINER if name == ICON else text for text, name in word)
                     for word in self.split[first:last]]
            self.found.update(zip(range(first, last), unit_kinds(units), strict=True))
        return self.found[at]


def _direction(split: list[list[Piece]]) -> int:
    """A paragraph's direction (paragraph_level()), from its words."""
    return paragraph_level(ch for word in split for text, name in word if name not in (ICON, JOINED, BREAK)
                           for ch in text)


def _shown(pieces: list[Piece]) -> list[Piece]:
    """A line's pieces as they are drawn: soft hyphens invisible, but the one the line
    ends on, which is a hyphen, and zero-width spaces left out (layout/text.py's shown())."""
    if not any(SHY in text or ZWSP in text for text, name in pieces if name != ICON):
        return pieces
    last = len(pieces) - 1
    drawn = [(text if name == ICON else shown(text) if i == last else shown(text + " ")[:-1], name)
             for i, (text, name) in enumerate(pieces)]
    return [(text, name) for text, name in drawn if text]


def _line(pieces: list[Piece], size: float, base: int, used: float | None, paragraph: Paragraph,
          index: int) -> Line:
    """The set line at index of a paragraph of direction base; its width summed (used),
    else measured."""
    drawn = _shown(pieces)
    return Line(tuple(drawn), used if used is not None and drawn is pieces else _width(drawn, size), base,
                paragraph, index)


def _hyphenated(before: list[Piece], word: list[Piece], limit: float,
                style: RichStyle) -> tuple[list[Piece], list[Piece]] | None:
    """The line with the longest head of a word that fits after it (and a hyphen),
    and the word's tail; None where the dictionary allows no such break. A word of
    several faces ("Über**raschungs**angriff") breaks where its text would (hyphens():
    the same places as plain text), each letter keeping its face; a word with an icon
    in it is not hyphenated."""
    if any(name == ICON for _, name in word):
        return None
    letters = [(ch, name) for text, name in word for ch in text]
    text = "".join(ch for ch, _ in letters)
    for hyphen in hyphens(text, style.lang):
        face = letters[hyphen.at - 1][1]                  # the hyphen's: the head's last letter's
        line = before + _group(letters[:hyphen.at] + [(ch, face) for ch in hyphen.end + "-"])
        if _width(line, style.size) <= limit:
            rest = letters[hyphen.at + hyphen.cut:]
            opening = rest[0][1] if rest else face
            return line, _group([(ch, opening) for ch in hyphen.start] + rest)
    return None


def exactly(lines: list[Line], size: float) -> list[Line]:
    """Lines with their exact widths at size."""
    return [replace(line, width=_width(line.pieces, size)) for line in lines]


def narrower(line: Line, width: float, size: float) -> bool:
    """Whether a line (its width exact or summed) is no wider than width (+ 1e-6)."""
    within = clearly_within(line.width, width + 1e-6)
    return _width(line.pieces, size) <= width + 1e-6 if within is None else within


def _space_font(before: list[Piece], word: list[Piece], fonts: Fonts) -> str:
    """The font of the space between two words: the next word's, unless it starts with
    an icon (then the last word's, or the regular face)."""
    if word[0][1] != ICON:
        return word[0][1]
    return before[-1][1] if before and before[-1][1] != ICON else fonts.regular


WORD_BREAKS = HYPHENS | {"/"}        # a word wider than a line breaks after these without a hyphen


def break_parts(word: str) -> list[str]:
    """A word cut after each of its WORD_BREAKS: the parts it may break into with no
    hyphen added (the whole word where it has none)."""
    parts, start = [], 0
    for at, ch in enumerate(word):
        if ch in WORD_BREAKS:
            parts.append(word[start:at + 1])
            start = at + 1
    return parts + [word[start:]] if start < len(word) else parts


def _split_word(word: list[Piece], width: float, size: float, where: str,
                room: float, kind: str = WORD) -> list[list[Piece]]:
    """A word too wide for a line, as parts that each fit. An address or a code (kind,
    from layout/breaks.py's unit_kinds()) is broken where code_cut() says: at the last
    place address_break() allows that fits, a code there or after one of its hyphens,
    else between any two characters, never with a hyphen; any other word after the last of its hyphens or
    slashes that fits, else between two letters with a hyphen (without one next to a
    full-width letter: Chinese, Japanese and Korean take none). No break falls between
    a character and its marks, nor beside an apostrophe where another place fits
    (layout/breaks.py's off_apostrophes()). The first part fits `room` (what is left of the current
    line; it is [] when not even a letter fits there), the others the width.
    LetterTooWide if a single letter is wider than the line. (Each part's width is
    summed letter by letter as it grows, in time linear in the word's length.)"""
    letters = [(ch, name) for text, name in word for ch in ([text] if name == ICON else text)]
    chars = "".join(WORD_JOINER if name == ICON else ch for ch, name in letters)
    advances = [_em(ch, name) * size for ch, name in letters]
    parts: list[list[Piece]] = []
    start = 0
    while start < len(letters):
        limit = room + 1e-6
        low, high = band(limit)
        fit, widths = 0, [0.0]           # widths[i]: of the part's first i letters, summed
        for at in range(start, len(letters)):
            trial = widths[-1] + advances[at]
            if trial > high or (trial >= low and _width(_group(letters[start:start + fit + 1]), size) > limit):
                break
            widths.append(trial)
            fit += 1
        if start + fit == len(letters):
            parts.append(_group(letters[start:]))
            break
        hyphen: list[Piece] = []
        whole = [i for i in range(fit, 0, -1) if not joins(chars[start + i - 1], chars[start + i])]
        if kind in (ADDRESS, CODE):     # (code_cut() keeps off apostrophes too)
            cut = code_cut(chars, start, whole, kind)
        else:
            last = whole[0] if whole else 0     # the most that fits without parting a letter from its marks
            whole = off_apostrophes(chars, start, whole)
            cut = next((i for i in whole if chars[start + i - 1] in WORD_BREAKS), 0)
            if not cut and last and (_wide(letters[start + last - 1]) or _wide(letters[start + last])):
                cut = last                        # between full-width letters: no hyphen
            elif not cut:                         # (a hyphen after the last letter that fits may not)
                inside = [i for i in whole if i < fit]
                between = [i for i in inside if _letter(chars[start + i - 1]) and _letter(chars[start + i])]
                cut = next((i for i in between or inside if _fits_hyphen(letters, widths, start, i, size, limit)), 0)
                hyphen = [("-", letters[start + cut - 1][1])] if cut > 0 else []
        if cut <= 0:
            if not parts:
                parts.append([])                  # nothing fits the room left: start a line
                room = width
                continue
            raise LetterTooWide(f"{letters[start][0]!r} is wider than the {mm(width):.1f} mm line; choose a wider "
                                f"panel or a smaller size", where=where)
        parts.append(_group(letters[start:start + cut]) + hyphen)
        start += cut
        room = width
    return parts


def _fits_hyphen(letters: list[Piece], widths: list[float], start: int, cut: int, size: float, limit: float) -> bool:
    """Whether the word's letters from start, up to cut, fit limit with a hyphen after them."""
    dash = ("-", letters[start + cut - 1][1])
    within = clearly_within(widths[cut] + piece_width(*dash, size), limit)
    if within is None:
        within = _width(_group(letters[start:start + cut]) + [dash], size) <= limit
    return within


def _letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM"


def _wide(letter: Piece) -> bool:
    return letter[1] != ICON and wide(letter[0])


@lru_cache(maxsize=4096)
def _em(text: str, name: str) -> float:
    """A piece's width at a size of 1."""
    return piece_width(text, name, 1.0)


def _group(letters: list[Piece]) -> list[Piece]:
    """Letters back into pieces, one per run of the same font."""
    pieces: list[Piece] = []
    for ch, name in letters:
        if pieces and pieces[-1][1] == name != ICON:
            pieces[-1] = (pieces[-1][0] + ch, name)
        else:
            pieces.append((ch, name))
    return pieces


def line_items(line: Line, x: float, style: RichStyle, align: str = "left",
               width: float = 0.0) -> list[Item]:
    """A line's pieces in visual order (bidirectional text reordered, fallback faces
    chosen), placed from x and aligned in width (align as layout/text.py's side() reads it
    for the line's paragraph direction): each item's x is where it starts."""
    items = arrange(line.pieces, style.size, style.size * ICON_EM, line.base, style.lang, ICON, line.levels())
    total = sum(item.width for item in items)
    left = x + offset(align, line.base, width - total)
    return [replace(item, x=left + item.x) for item in items]


def line_runs(line: Line, x: float, baseline: float, style: RichStyle, align: str = "left",
              width: float = 0.0) -> list[TextRun]:
    """TextRuns for one line: a run per face and direction, in visual order."""
    return [TextRun(item.x, baseline, item.text, item.face, style.size, style.color, rtl=item.rtl,
                    lang=style.lang)
            for item in line_items(line, x, style, align, width) if not item.icon and item.text.strip()]


def line_reach(line: Line, lang: str = "") -> tuple[float, float]:
    """How high above the baseline and how deep below it a line's ink reaches, in ems
    (shaping.ink_reach() of its pieces; an icon stands within the ascent)."""
    reaches = [ink_reach(text.replace(SHY, ""), name, lang) for text, name in line.pieces
               if text and name not in (ICON, JOINED, BREAK)]
    return max((high for high, _ in reaches), default=0.0), max((low for _, low in reaches), default=0.0)


def line_icons(line: Line, x: float, align: str = "left", width: float = 0.0,
               size: float = 10.0, lang: str = "") -> list[tuple[str, float]]:
    """The inline icons of a line: (name, left edge of its advance), as line_runs places them."""
    style = RichStyle(size, lang=lang)
    return [(item.icon, item.x) for item in line_items(line, x, style, align, width) if item.icon]


def ascent(style: RichStyle) -> float:
    metrics = font(style.fonts.regular)
    return metrics.ascent * style.size / metrics.units_per_em


def descent(style: RichStyle) -> float:
    metrics = font(style.fonts.regular)
    return -metrics.descent * style.size / metrics.units_per_em
