"""Where a paragraph's links are set: on each of its set lines, the stretches whose
text is a link's (its words and the address printed after them), for a screen's copy
to make clickable: a web or mail address's, or a place in the text's (`#scoring`, which
the copy leads to the heading of that name).

A line's letters are matched to its paragraph's spans in order (a line drops the
spaces it breaks at and adds the hyphen of a word it breaks), and each stretch's ends
are placed as the line's bidirectional order places them: the line is arranged as it
is set (shaping.arrange(), with its slice of its paragraph's levels), with an
invisible, zero-width mark at each end, at the level of the letter it is beside.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.layout.richtext import BREAK, ICON, JOINED, Line, RichStyle
from printgen.layout.text import clean, offset
from printgen.layout.wordbreaks import SHY
from printgen.model.text import Span
from printgen.shaping import arrange

CLICKABLE = ("https://", "http://", "mailto:")     # the addresses a screen's copy links to

Stretch = tuple[float, float, str]       # left and right x, and the address


def clickable(address: str) -> bool:
    """Whether a screen's copy links to an address: a web or mail address (not a
    place in the text, a file beside it, nor any other scheme)."""
    return address.lower().startswith(CLICKABLE) and address.isascii()


def linked(address: str) -> bool:
    """Whether a screen's copy links an address: clickable(), or a place in the text
    (`#scoring`)."""
    return clickable(address) or address.startswith("#")


def line_links(spans: Sequence[Span], lines: Sequence[Line], rich: RichStyle, x: float, width: float,
               aligns: Sequence[str]) -> list[list[Stretch]]:
    """For each line, set from x in width as aligns says (line_runs()' align), the
    stretches of it that are a linked() link's."""
    letters = [(ch, span.link if linked(span.link) else "") for span in spans for ch in clean(span.text)]
    if not any(link for _, link in letters) or any(span.icon for span in spans):
        return [[] for _ in lines]
    at = 0

    def link_of(ch: str) -> str | None:
        """The link of the line's next letter, ch; None for a space or a hyphen the line
        adds (it takes the link of the letter before it)."""
        nonlocal at
        while at < len(letters) and letters[at][0] != ch and \
                (letters[at][0] in " \n" or (letters[at][0] == SHY and ch != "-")):
            at += 1
        if at < len(letters) and (letters[at][0] == ch or (ch == "-" and letters[at][0] == SHY)):
            at += 1
            return letters[at - 1][1]
        if ch in " -" or at >= len(letters):
            return None
        at += 1                         # a letter a hyphenation dictionary changed at the break
        return letters[at - 1][1]

    found = []
    for line, align in zip(lines, aligns, strict=True):
        marked = _Marked(line.levels())
        current = ""
        drawn = [(ch, name) for piece, name in line.pieces if name not in (JOINED, BREAK) for ch in piece]
        for i, (ch, name) in enumerate(drawn):
            link = link_of(ch)
            if link is not None and link != current:
                if current:
                    marked.mark(current, i - 1)     # the end of the stretch before, beside its last letter
                if link:
                    marked.mark(link, i)            # the start of this one, beside its first
                current = link
            marked.add(ch, name, i)
        if current:
            marked.mark(current, len(drawn) - 1)
        found.append(marked.stretches(line, rich, x, width, align))
    return found


class _Marked:
    """A line's pieces with a mark at each end of each stretch, and the level of each
    of their characters (a mark's: the level of the letter it is beside)."""

    def __init__(self, levels: Sequence[int]) -> None:
        self.levels = levels                    # the line's letters'
        self.pieces: list[tuple[str, str]] = []
        self.marked_levels: list[int] = []
        self.ends: list[str] = []               # each mark's link

    def mark(self, link: str, beside: int) -> None:
        self.pieces.append((str(len(self.ends)), ICON))
        self.marked_levels.append(self.levels[beside])
        self.ends.append(link)

    def add(self, ch: str, name: str, at: int) -> None:
        """The line's letter at `at`, ch, set in the face `name`."""
        if self.pieces and self.pieces[-1][1] == name:
            self.pieces[-1] = (self.pieces[-1][0] + ch, name)
        else:
            self.pieces.append((ch, name))
        self.marked_levels.append(self.levels[at])

    def stretches(self, line: Line, rich: RichStyle, x: float, width: float, align: str) -> list[Stretch]:
        """The stretches between the marks (opening and closing in turn), as the line is
        set from x in width."""
        if not self.ends:
            return []
        items = arrange(self.pieces, rich.size, 0.0, line.base, rich.lang, ICON, self.marked_levels)
        left = x + offset(align, line.base, width - sum(item.width for item in items))
        place = {int(item.icon): left + item.x for item in items if item.icon}
        ends = self.ends
        return [(min(place[k], place[k + 1]), max(place[k], place[k + 1]), ends[k]) for k in range(0, len(ends), 2)]
