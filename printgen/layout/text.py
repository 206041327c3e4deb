"""Setting text in a box: wrapping, shrinking to fit, alignment, and fit errors.

Text that cannot fit its box even at its smallest allowed size is an error that
names the card and field; it is never clipped or left to overlap. A line whose marks
reach past the font's ascent or descent (shaping.ink_reach()) is fitted by its ink: it
is set that much lower, and the box must hold that ink too. Shrinking finds
the largest size that fits, on a grid a quarter point apart, by binary search (text
that fits at a size fits at every smaller one), measuring the words once: the work
is O(n log n) in the text's length. A text longer than `text_chars` characters is an
error before any wrapping. Where a line may break inside a word is layout/wordbreaks.py's
to say, and where a word may be hyphenated layout/hyphens.py's.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache
from itertools import pairwise
from typing import TypeVar

from printgen.direction import Paragraph, paragraph_level
from printgen.errors import FitError, TextOverflow, quoted
from printgen.fonts import check_glyphs
from printgen.frozen import frozen
from printgen.layout.breaks import WORD, code_cut, joins
from printgen.layout.hyphens import hyphenations
from printgen.layout.primitives import TextRun
from printgen.layout.wordbreaks import KEPT_FORMAT, SHY, ZWSP, chunks, kinds
from printgen.limits import limit
from printgen.model.fonts import Fonts
from printgen.model.text import UNPRINTED
from printgen.shaping import Metrics, arrange, font, ink_reach, text_width
from printgen.splitnotes import note_split
from printgen.units import mm

ALIGNS = ("left", "center", "right", "start", "end")
VALIGNS = ("top", "middle", "bottom")


def side(align: str, base: int) -> str:
    """Where a line of a paragraph of direction base (1 right to left, 0 left to right)
    is set for align: "start" is the side its direction starts from (left, or right for
    a right-to-left paragraph), "end" the other (CSS's meaning); "left", "center" and
    "right" are what they say."""
    if align == "start":
        return "right" if base else "left"
    if align == "end":
        return "left" if base else "right"
    return align


def offset(align: str, base: int, room: float) -> float:
    """How far right of its box's left edge a line with room to spare starts, for align
    in a paragraph of direction base."""
    return {"left": 0.0, "center": room / 2, "right": room}[side(align, base)]


@frozen
class TextStyle:
    """How a text box sets its text."""

    font: str = "sans"
    size: float = 10.0
    color: str = "#000000"
    align: str = "left"
    valign: str = "top"
    line_height: float = 1.2
    wrap: bool = True
    min_size: float = 0.0        # 0: never shrink
    lang: str = ""               # the text's language (BCP 47): shaping and hyphenation
    hyphenate: bool = False      # break words at line ends where the language's dictionary allows
    family: Fonts | None = None  # a declared font's bold and italic faces (else those of the bundled font)


def clean(text: str) -> str:
    """Normalise pasted text: NFC, tabs to spaces, no control or invisible format
    characters (but the joiners and bidi marks, which change how a script is set, and
    soft hyphens and zero-width spaces, which mark where a word may break).
    (A private-use or unassigned character is kept, so that the glyph check names
    it instead of it vanishing.)"""
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\t", " ")
    return "".join(ch for ch in text if ch == "\n" or ch in KEPT_FORMAT or
                   unicodedata.category(ch) not in UNPRINTED)


MAX_TEXT = int(limit("text_chars"))      # the longest text a box is asked to set
SHORTEN = "shorten it or enlarge the box"      # the remedy a TextOverflow names
STEP = 0.25                              # shrinking text tries sizes a quarter point apart
T = TypeVar("T")


def check_length(text: str, where: str) -> None:
    """Refuse a text longer than MAX_TEXT characters, before any wrapping."""
    if len(text) > MAX_TEXT:
        raise FitError(f"expected a text of at most {MAX_TEXT:,} characters, got {len(text):,}; shorten it",
                       where=where)


def shown(text: str) -> str:
    """A set line as it is drawn: its soft hyphens invisible, but the one it ends on
    (where the line breaks inside a word), which is a hyphen; its zero-width spaces
    left out (they only say where a line may break)."""
    if SHY not in text and ZWSP not in text:
        return text
    return (text[:-1].replace(SHY, "").replace(ZWSP, "")
            + {SHY: "-", ZWSP: ""}.get(text[-1], text[-1]))


def shrink_sizes(size: float, smallest: float) -> list[float]:
    """The sizes text shrinking to fit tries, largest first: size, then a quarter point
    smaller each time while that is not below smallest."""
    sizes = [size]
    while not sizes[-1] - STEP < smallest - 1e-9:
        sizes.append(sizes[-1] - STEP)
    return sizes


def largest_fit(sizes: list[float], attempt: Callable[[float], T | None]) -> tuple[float, T] | None:
    """The first of sizes (largest first) at which attempt succeeds, with what it made;
    None where it succeeds at none. Text that fits at a size fits at every smaller one,
    so this is where stepping down one size at a time would stop, found in O(log n)
    attempts by binary search."""
    made = attempt(sizes[0])
    if made is not None:
        return sizes[0], made
    failed, fits = 0, len(sizes) - 1             # sizes[failed] does not fit
    if fits == failed:
        return None
    made = attempt(sizes[fits])
    if made is None:
        return None
    while fits - failed > 1:
        middle = (failed + fits) // 2
        trial = attempt(sizes[middle])
        if trial is None:
            failed = middle
        else:
            fits, made = middle, trial
    return sizes[fits], made


def band(limit: float) -> tuple[float, float]:
    """Where a width summed in another order than the exact one may fall: below the
    first bound it is within limit, above the second it is not, and between them
    only the exact width can tell. (Sums of up to a million widths differ by far
    less than 1e-9 of their size.)"""
    tolerance = 2e-9 * max(1.0, abs(limit))
    return limit - tolerance, limit + tolerance


def clearly_within(approximate: float, limit: float) -> bool | None:
    """Whether a width summed in another order than the exact one is within limit:
    True or False where that is clear, None where only the exact width can tell."""
    low, high = band(limit)
    return True if approximate < low else False if approximate > high else None


class Words:
    """A text's paragraphs split where a line may break (at spaces, and within a word
    where Unicode's line-breaking rules allow: between ideographs, after a hyphen),
    each piece measured once, to be wrapped at each size that shrinking tries in
    time linear in its length."""

    def __init__(self, text: str, metrics: Metrics, lang: str = "", hyphenate: bool = False) -> None:
        self.metrics, self.name, self.lang, self.hyphenate = metrics, metrics.name, lang, hyphenate
        self.paragraphs = [chunks(paragraph, lang) for paragraph in text.split("\n")]
        self.kinds = [kinds(paragraph, lang) for paragraph in text.split("\n")]
        self.ems = [[text_width(chunk, self.name, 1.0, lang) for chunk, _ in paragraph]
                    for paragraph in self.paragraphs]
        self.space = text_width(" ", self.name, 1.0, lang)
        self.hyphen = text_width("-", self.name, 1.0, lang)

    def width(self, text: str, size: float) -> float:
        """The width of a line's text as it is drawn (shown())."""
        return text_width(shown(text), self.name, size, self.lang)

    def ending(self, piece: str) -> float:
        """What a piece adds (in ems) when a line ends on it: a soft hyphen's hyphen."""
        return self.hyphen if piece.endswith(SHY) else 0.0

    def wrap(self, size: float, width: float, wrap: bool) -> list[str] | None:
        """Break the text into lines no wider than width; None where a word cannot fit.
        (Greedy: each piece on the line if the line stays within width, else on the next.)"""
        found = self.wrap_paragraphs(size, width, wrap)
        return None if found is None else found.lines

    def wrap_paragraphs(self, size: float, width: float, wrap: bool) -> Wrapped | None:
        """wrap(), with the index of each paragraph's first line (every paragraph has one)
        and what came after each line in its paragraph."""
        limit = width + 1e-6
        low, high = band(limit)
        lines: list[str] = []
        starts: list[int] = []
        joints: list[str] = []
        for pieces, ems, sorts in zip(self.paragraphs, self.ems, self.kinds, strict=True):
            starts.append(len(lines))
            if not wrap:
                paragraph = _joined(pieces)
                if self.width(paragraph, size) > limit:
                    return None
                lines.append(paragraph)
                joints.append("")
                continue
            line = ""                      # the current line's text
            used = 0.0                     # its width in ems, summed piece by piece
            filled = False                 # the line holds text
            for (chunk, spaced), chunk_em, kind in zip(pieces, ems, sorts, strict=True):
                piece, em, code = chunk, chunk_em, kind != WORD    # an address or a code is never hyphenated
                joint = " " if spaced else ""
                if filled:
                    trial = (used + (self.space if spaced else 0.0) + em + self.ending(piece)) * size
                    if trial < low or (trial <= high and self.width(line + joint + piece, size) <= limit):
                        line += joint + piece
                        used += (self.space if spaced else 0.0) + em
                        continue
                    if self.hyphenate and not code:
                        split = self._hyphenated(line + joint, piece, size, limit)
                        if split is not None:
                            lines.append(split[0])
                            joints.append("")
                            piece, filled = split[1], False
                            em = self.width(piece, 1.0)
                while self.hyphenate and not code and em * size > limit:    # a word wider than the line: break it again
                    split = self._hyphenated("", piece, size, limit)
                    if split is None:
                        break
                    if filled:
                        lines.append(line)
                        joints.append(joint)
                    lines.append(split[0])
                    joints.append("")
                    piece, filled = split[1], False
                    em = self.width(piece, 1.0)
                alone = (em + self.ending(piece)) * size
                if alone > high or (alone >= low and self.width(piece, size) > limit):
                    if not code:
                        return None
                    # an address or a code wider than a line: broken where rich text breaks it
                    room = width - (self.width(line + joint, size) if filled else 0.0)
                    parts = self._code_parts(piece, kind, size, width, room)
                    if parts is None:
                        return None
                    first, *rest = parts
                    if not rest:                 # (it fits a line by its letters' summed widths)
                        first, rest = "", [first]
                    if filled:
                        lines.append(line + joint + first if first else line)
                        joints.append("" if first else joint)
                    elif first:
                        lines.append(first)
                        joints.append("")
                    for part in rest[:-1]:
                        lines.append(part)
                        joints.append("")
                    line, used, filled = rest[-1], self.width(rest[-1], 1.0), True
                    continue
                if filled:
                    lines.append(line)
                    joints.append(joint)
                line, used, filled = piece, em, bool(piece)
            lines.append(line)
            joints.append("")
        return Wrapped([shown(line) for line in lines], starts, joints)

    def _code_parts(self, code: str, kind: str, size: float, width: float, room: float) -> list[str] | None:
        """An address or a code (kind) wider than a line, cut as rich text cuts one
        (layout/breaks.py's code_cut(); never between a letter and its marks, never
        with a hyphen): parts that each fit the width, the first the room left on the
        current line ("" where not a character fits there); None where a character is
        wider than the line. (Each part's width is summed character by character as it
        grows, and measured exactly only where the sum is too close to call.)"""
        advances = [text_width(ch, self.name, size, self.lang) for ch in code]
        parts: list[str] = []
        start, space = 0, room
        while True:
            fit, summed = 0, 0.0
            for at in range(start, len(code)):
                within = clearly_within(summed + advances[at], space + 1e-6)
                if within is None:
                    within = self.width(code[start:at + 1], size) <= space + 1e-6
                if not within:
                    break
                summed, fit = summed + advances[at], fit + 1
            if start + fit == len(code):
                return [*parts, code[start:]]
            whole = [i for i in range(fit, 0, -1) if not joins(code[start + i - 1], code[start + i])]
            cut = code_cut(code, start, whole, kind)
            if cut <= 0:
                if parts:
                    return None
                parts.append("")             # nothing fits the room left: start a line
            else:
                parts.append(code[start:start + cut])
                start += cut
            space = width

    def _hyphenated(self, line: str, word: str, size: float, limit: float) -> tuple[str, str] | None:
        """The line (with its space, or "") and the longest head of word that fits after
        it with a hyphen, and the word's tail; None where the dictionary allows no such
        break."""
        for head, tail in hyphenations(word, self.lang):
            trial = f"{line}{head}-"
            if self.width(trial, size) <= limit:
                return trial, tail
        return None


@frozen
class Wrapped:
    """A text's lines, the index of each paragraph's first line, and what came after
    each line in its paragraph (a space, or nothing where a word broke)."""

    lines: list[str]
    starts: list[int]
    joints: list[str]

    def placed(self) -> list[tuple[Paragraph, int]]:
        """Each line's paragraph (direction.py's Paragraph: its direction found from its
        text as set) and which of its lines it is."""
        found = []
        for first, end in zip(self.starts, [*self.starts[1:], len(self.lines)], strict=True):
            paragraph = Paragraph(self.lines[first:end], self.joints[first:end])
            found += [(paragraph, i) for i in range(end - first)]
        return found


def _joined(pieces: list[tuple[str, bool]]) -> str:
    return "".join((" " if spaced and i else "") + piece for i, (piece, spaced) in enumerate(pieces))


def wrap_lines(text: str, metrics: Metrics, size: float, width: float,
               wrap: bool, lang: str = "", hyphenate: bool = False) -> list[str] | None:
    """Break text into lines no wider than width; None where a word cannot fit."""
    return Words(text, metrics, lang, hyphenate).wrap(size, width, wrap)


def block_height(metrics: Metrics, size: float, count: int, line_height: float) -> float:
    """Height from the top of the first line to the lowest descender of the last."""
    em = size / metrics.units_per_em
    return metrics.ascent * em + (count - 1) * size * line_height - metrics.descent * em


# ink this far (ems) past a font's ascent or descent is the typeface's own overshoot, and
# left as it is (DejaVu Sans's Arabic letters reach 0.008 em below its descent): lines
# make room only for marks that reach further (a tone mark over a Vietnamese capital
# rises 0.13 em past DejaVu Sans's ascent, a pile of combining accents much more)
OVERSHOOT = 0.02


def overhangs(reaches: list[tuple[float, float]], metrics: Metrics) -> list[tuple[float, float]]:
    """How far (ems) each line's ink rises above metrics' ascent and falls below its
    descent, given how high and deep it reaches (shaping.ink_reach()): 0 where it
    stays within them (or within OVERSHOOT of them), as a line without stacked marks does."""
    ascent, descent = metrics.ascent / metrics.units_per_em, -metrics.descent / metrics.units_per_em

    def beyond(reach: float, limit: float) -> float:
        return reach - limit if reach - limit > OVERSHOOT else 0.0

    return [(beyond(high, ascent), beyond(low, descent)) for high, low in reaches]


def ink_gaps(over: list[tuple[float, float]], size: float) -> list[float]:
    """How much lower than line_height alone puts it each line's baseline is set, so
    that marks falling below one line and rising above the next keep the lines' usual
    gap (a cumulative sum; 0 for the first line and where no ink overhangs)."""
    gaps, extra = [0.0], 0.0
    for (_, below), (above, _) in pairwise(over):
        extra += (below + above) * size
        gaps.append(extra)
    return gaps


def inked_height(metrics: Metrics, size: float, over: list[tuple[float, float]], line_height: float) -> float:
    """block_height() of lines whose ink overhangs their font's ascent and descent by
    over (overhangs()): from the top of the first line's ink to the bottom of the last's."""
    if not any(above or below for above, below in over):
        return block_height(metrics, size, len(over), line_height)
    return (block_height(metrics, size, len(over), line_height) + ink_gaps(over, size)[-1]
            + (over[0][0] + over[-1][1]) * size)


def baselines(metrics: Metrics, size: float, over: list[tuple[float, float]], line_height: float,
              valign: str, y: float, h: float) -> list[float]:
    """The baseline of each line of a block set in metrics' font at size in a box from
    y, h tall, its lines line_height apart and further where their ink overhangs (over:
    overhangs()): at the top, the first line's ink touches the box's top; at the bottom,
    the last line's its foot; in the middle, the block's capitals are centred (so that
    numerals sit visually centred), unless that puts its ink past the box's foot or
    top (then it touches the foot; the top, where it cannot fit both)."""
    em = size / metrics.units_per_em
    step = size * line_height
    gaps = ink_gaps(over, size)
    top, bottom = over[0][0] * size, over[-1][1] * size
    lowest = y + h + metrics.descent * em - bottom - (len(over) - 1) * step - gaps[-1]
    if valign == "top":
        first = y + metrics.ascent * em + top
    elif valign == "bottom":
        first = lowest
    else:
        block = metrics.cap_height * em + (len(over) - 1) * step + gaps[-1]
        first = y + (h - block) / 2 + metrics.cap_height * em
        first = max(min(first, lowest), y + metrics.ascent * em + top)
    return [first + i * step + gap for i, gap in enumerate(gaps)]


def _over(lines: list[str], metrics: Metrics, lang: str) -> list[tuple[float, float]]:
    """overhangs() of set lines, in a style's font and language."""
    return overhangs([ink_reach(line, metrics.name, lang) for line in lines], metrics)


def set_text(text: str, x: float, y: float, w: float, h: float, style: TextStyle,
             where: str) -> list[TextRun]:
    """Lay out text in the box at the largest size from style.size down to
    style.min_size, a quarter point apart, at which it fits; FitError when it cannot
    fit at style.min_size."""
    check_length(text, where)
    text = clean(text)
    check_glyphs(text.replace(SHY, "-"), style.font, where)
    note_split(text, style.font, where)
    placed = _fitted(text, x, y, w, h, style)
    if placed is not None:
        return list(placed)
    metrics = font(style.font)
    smallest = style.min_size or style.size
    need = _needed(text, metrics, smallest, w, style)
    raise TextOverflow(f"text {quoted(text)} does not fit its {mm(w):.1f} x {mm(h):.1f} mm box at {smallest:g} pt "
                       f"({need})", where=where, remedy=SHORTEN)


@lru_cache(maxsize=4096)
def _fitted(text: str, x: float, y: float, w: float, h: float, style: TextStyle) -> tuple[TextRun, ...] | None:
    """The runs of text set in the box at the largest size that fits, or None (kept:
    the cards of a deck repeat their texts, boxes and styles)."""
    metrics = font(style.font)
    words = Words(text, metrics, style.lang, style.hyphenate)

    def attempt(size: float) -> Wrapped | None:
        found = words.wrap_paragraphs(size, w, style.wrap)
        if found is not None \
                and block_height(metrics, size, len(found.lines), style.line_height) <= h + 1e-6 \
                and all(words.width(line, size) <= w + 1e-6 for line in found.lines) \
                and inked_height(metrics, size, _over(found.lines, metrics, style.lang), style.line_height) <= h + 1e-6:
            return found          # (inked_height is never below block_height: the cheap measures first)
        return None

    fit = largest_fit(shrink_sizes(style.size, style.min_size or style.size), attempt)
    if fit is None:
        return None
    size, wrapped = fit
    return tuple(_place(wrapped.lines, _bidi(wrapped), metrics, x, y, w, h, size, style))


def _bidi(wrapped: Wrapped) -> list[tuple[int, tuple[int, ...] | None]]:
    """Each line's paragraph direction (paragraph_level(), as rich text takes it) and
    its slice of its paragraph's levels (Paragraph.levels(); None where they are all 0)."""
    return [(paragraph.base, paragraph.levels(i)) for paragraph, i in wrapped.placed()]


def _needed(text: str, metrics: Metrics, size: float, w: float, style: TextStyle) -> str:
    lines = wrap_lines(text, metrics, size, w, style.wrap, style.lang, style.hyphenate)
    if lines is None:
        widest = max(metrics.width(shown(chunk), size, style.lang)
                     for paragraph in text.split("\n") for chunk, _ in chunks(paragraph, style.lang))
        return f"a word needs {mm(widest):.1f} mm of width" if style.wrap else \
            f"a line needs {mm(max(metrics.width(t, size) for t in text.split(chr(10)))):.1f} mm of width"
    height = inked_height(metrics, size, _over(lines, metrics, style.lang), style.line_height)
    return f"it needs {mm(height):.1f} mm of height"


def _place(lines: list[str], bidi: list[tuple[int, tuple[int, ...] | None]], metrics: Metrics, x: float, y: float,
           w: float, h: float, size: float, style: TextStyle) -> list[TextRun]:
    over = _over(lines, metrics, style.lang)      # marks reaching past the ascent or descent push lines apart
    runs: list[TextRun] = []
    for line, (base, levels), baseline in zip(lines, bidi, baselines(metrics, size, over, style.line_height,
                                                                      style.valign, y, h), strict=True):
        if line:
            runs += line_runs([(line, style.font)], x, baseline, w, size, style, base, levels)
    return runs


def line_runs(pieces: list[tuple[str, str]], x: float, baseline: float, w: float, size: float,
              style: TextStyle, base: int | None = None, levels: tuple[int, ...] | None = None) -> list[TextRun]:
    """One line's TextRuns (a run per face and direction, in visual order), aligned in
    the width w from x (as style.align says for a paragraph of direction base, else of
    the line's own); levels: the line's slice of its paragraph's (else it is read as a
    paragraph of its own)."""
    if base is None:
        base = paragraph_level("".join(text for text, _ in pieces))
    items = arrange(pieces, size, 0.0, base, style.lang, given=levels)
    width = sum(item.width for item in items)
    left = x + offset(style.align, base, w - width)
    return [TextRun(left + item.x, baseline, item.text, item.face, size, style.color, rtl=item.rtl,
                    lang=style.lang) for item in items if item.text.strip()]
