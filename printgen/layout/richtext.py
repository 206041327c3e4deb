"""Rich text: runs of bold and italic within a paragraph, wrapped to a width.

Built on the bundled fonts' metrics and TextRun primitives, like layout/text.py,
but a line may mix fonts. A word wider than the line (an address, a path) is broken
after a slash, dot or dash, or else between letters with a hyphen.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import FitError
from printgen.fonts import check_glyphs, font
from printgen.layout.primitives import TextRun
from printgen.layout.text import clean
from printgen.model.text import Span
from printgen.units import mm

Piece = tuple[str, str]          # text, font name; for an inline icon: its name, ICON
ICON = "icon"                    # the "font" of an inline icon piece
ICON_EM = 0.9                    # an icon's advance, in ems of the text's size


@dataclass(frozen=True)
class Fonts:
    """The four faces a rich text uses."""

    regular: str = "sans"
    bold: str = "sans-bold"
    italic: str = "sans-italic"
    bold_italic: str = "sans-bold-italic"

    def pick(self, span: Span) -> str:
        if span.bold and span.italic:
            return self.bold_italic
        return self.bold if span.bold else self.italic if span.italic else self.regular


@dataclass(frozen=True)
class RichStyle:
    size: float
    line_height: float = 1.25
    color: str = "#000000"
    fonts: Fonts = Fonts()


@dataclass(frozen=True)
class Line:
    """One set line: its pieces (words with the spaces between them) and width."""

    pieces: tuple[Piece, ...]
    width: float


def words(spans: tuple[Span, ...] | list[Span], fonts: Fonts, where: str) -> list[list[Piece]]:
    """Split spans into words; a word may mix fonts ("**bold**," is one word)."""
    result: list[list[Piece]] = []
    current: list[Piece] = []
    for span in spans:
        if span.icon:                              # an icon belongs to the word it touches
            current.append((span.icon, ICON))
            continue
        name = fonts.pick(span)
        text = clean(span.text).replace("\n", " ")
        check_glyphs(text, name, where)
        parts = text.split(" ")
        for i, part in enumerate(parts):
            if i > 0 and current:
                result.append(current)
                current = []
            if part:
                current.append((part, name))
    if current:
        result.append(current)
    return result


def _width(pieces: list[Piece] | tuple[Piece, ...], size: float) -> float:
    return sum(piece_width(text, name, size) for text, name in pieces)


def piece_width(text: str, name: str, size: float) -> float:
    return size * ICON_EM if name == ICON else font(name).width(text, size)


def wrap(spans: tuple[Span, ...] | list[Span], width: float, style: RichStyle,
         where: str) -> list[Line]:
    """Greedy line breaking at spaces; a word wider than the line is broken (_split_word),
    its first part on the line it starts on."""
    lines: list[Line] = []
    current: list[Piece] = []
    for word in words(spans, style.fonts, where):
        space = [(" ", _space_font(current, word, style.fonts))] if current else []
        trial = current + space + word
        if _width(trial, style.size) <= width + 1e-6:
            current = trial
            continue
        if _width(word, style.size) <= width + 1e-6:     # the word starts the next line
            lines.append(Line(tuple(current), _width(current, style.size)))
            current = list(word)
            continue
        room = width - _width(current + space, style.size)
        first, *rest = _split_word(word, width, style.size, where, room)
        if first:
            current += space + first
        if current:
            lines.append(Line(tuple(current), _width(current, style.size)))
        *whole, current = rest
        lines += [Line(tuple(part), _width(part, style.size)) for part in whole]
    if current:
        lines.append(Line(tuple(current), _width(current, style.size)))
    return lines


def _space_font(before: list[Piece], word: list[Piece], fonts: Fonts) -> str:
    """The font of the space between two words: the next word's, unless it starts with
    an icon (then the last word's, or the regular face)."""
    if word[0][1] != ICON:
        return word[0][1]
    return before[-1][1] if before and before[-1][1] != ICON else fonts.regular


BREAK_AFTER = "/-._?&=#:"    # where a long address or path may break without a hyphen


def _split_word(word: list[Piece], width: float, size: float, where: str,
                room: float) -> list[list[Piece]]:
    """A word too wide for a line, as parts that each fit: broken after the last of
    BREAK_AFTER that fits (an address, a path), else between letters with a hyphen.
    The first part fits `room` (what is left of the current line; it is [] when not
    even a letter fits there), the others the width. FitError if a single letter is
    wider than the line."""
    letters = [(ch, name) for text, name in word for ch in ([text] if name == ICON else text)]
    parts: list[list[Piece]] = []
    while letters:
        fit = 0
        while fit < len(letters) and _width(_group(letters[:fit + 1]), size) <= room + 1e-6:
            fit += 1
        if fit == len(letters):
            parts.append(_group(letters))
            break
        soft = max((i + 1 for i in range(fit) if letters[i][0] in BREAK_AFTER), default=0)
        cut, hyphen = soft, []
        if not soft:
            cut = fit - 1
            while cut > 0 and _width(_group(letters[:cut]) + [("-", letters[cut - 1][1])], size) > room + 1e-6:
                cut -= 1
            hyphen = [("-", letters[cut - 1][1])] if cut > 0 else []
        if cut <= 0:
            if not parts:
                parts.append([])                  # nothing fits the room left: start a line
                room = width
                continue
            raise FitError(f"{where}: {letters[0][0]!r} is wider than the {mm(width):.1f} mm line; "
                           f"choose a wider panel or a smaller size")
        parts.append(_group(letters[:cut]) + hyphen)
        letters = letters[cut:]
        room = width
    return parts


def _group(letters: list[Piece]) -> list[Piece]:
    """Letters back into pieces, one per run of the same font."""
    pieces: list[Piece] = []
    for ch, name in letters:
        if pieces and pieces[-1][1] == name != ICON:
            pieces[-1] = (pieces[-1][0] + ch, name)
        else:
            pieces.append((ch, name))
    return pieces


def line_runs(line: Line, x: float, baseline: float, style: RichStyle, align: str = "left",
              width: float = 0.0) -> list[TextRun]:
    """TextRuns for one line, merging neighbouring pieces of the same font."""
    left = x + {"left": 0.0, "center": (width - line.width) / 2, "right": width - line.width}[align]
    runs: list[TextRun] = []
    merged: list[list[str]] = []
    for text, name in line.pieces:
        if merged and merged[-1][1] == name != ICON:
            merged[-1][0] += text
        else:
            merged.append([text, name])
    for text, name in merged:
        if name != ICON and text.strip():
            runs.append(TextRun(left, baseline, text, name, style.size, style.color))
        left += piece_width(text, name, style.size)
    return runs


def line_icons(line: Line, x: float, align: str = "left", width: float = 0.0,
               size: float = 10.0) -> list[tuple[str, float]]:
    """The inline icons of a line: (name, left edge of its advance), as line_runs places them."""
    left = x + {"left": 0.0, "center": (width - line.width) / 2, "right": width - line.width}[align]
    found = []
    for text, name in line.pieces:
        if name == ICON:
            found.append((text, left))
        left += piece_width(text, name, size)
    return found


def ascent(style: RichStyle) -> float:
    metrics = font(style.fonts.regular)
    return metrics.ascent * style.size / metrics.units_per_em


def descent(style: RichStyle) -> float:
    metrics = font(style.fonts.regular)
    return -metrics.descent * style.size / metrics.units_per_em
