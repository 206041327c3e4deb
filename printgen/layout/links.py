"""Where a paragraph's links are set: on each of its set lines, the stretches whose
text is a link's (its words and the address printed after them), for a screen's copy
to make clickable.

A line's letters are matched to its paragraph's spans in order (a line drops the
spaces it breaks at and adds the hyphen of a word it breaks), and each stretch's ends
are placed as the line's bidirectional order places them: the line is arranged as it
is set (shaping.arrange()), with an invisible, zero-width mark at each end.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.layout.richtext import BREAK, ICON, JOINED, Line, RichStyle
from printgen.layout.text import SHY, clean, offset
from printgen.model.text import Span
from printgen.shaping import arrange

CLICKABLE = ("https://", "http://", "mailto:")     # the addresses a screen's copy links to

Stretch = tuple[float, float, str]       # left and right x, and the address


def clickable(address: str) -> bool:
    """Whether a screen's copy links to an address: a web or mail address (not a
    place in the text, a file beside it, nor any other scheme)."""
    return address.lower().startswith(CLICKABLE) and address.isascii()


def line_links(spans: Sequence[Span], lines: Sequence[Line], rich: RichStyle, x: float, width: float,
               aligns: Sequence[str]) -> list[list[Stretch]]:
    """For each line, set from x in width as aligns says (line_runs()' align), the
    stretches of it that are a clickable link's."""
    letters = [(ch, span.link if clickable(span.link) else "") for span in spans for ch in clean(span.text)]
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
        marked: list[tuple[str, str]] = []      # the line's pieces, a mark at each stretch's ends
        ends: list[str] = []                    # each mark's link
        current = ""
        for text, name in line.pieces:
            if name in (JOINED, BREAK):
                continue
            for ch in text:
                link = link_of(ch)
                if link is not None and link != current:
                    marked += [(str(len(ends) + k), ICON) for k in range(bool(current) + bool(link))]
                    ends += [current] * bool(current) + [link] * bool(link)
                    current = link
                if marked and marked[-1][1] == name:
                    marked[-1] = (marked[-1][0] + ch, name)
                else:
                    marked.append((ch, name))
        if current:
            marked.append((str(len(ends)), ICON))
            ends.append(current)
        found.append(_stretches(marked, ends, line, rich, x, width, align))
    return found


def _stretches(marked: list[tuple[str, str]], ends: list[str], line: Line, rich: RichStyle, x: float,
               width: float, align: str) -> list[Stretch]:
    """The stretches between the marks (opening and closing in turn) of a line's pieces."""
    if not ends:
        return []
    items = arrange(marked, rich.size, 0.0, line.base, rich.lang, ICON)
    left = x + offset(align, line.base, width - sum(item.width for item in items))
    place = {int(item.icon): left + item.x for item in items if item.icon}
    return [(min(place[k], place[k + 1]), max(place[k], place[k + 1]), ends[k]) for k in range(0, len(ends), 2)]
