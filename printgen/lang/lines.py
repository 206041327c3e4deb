"""Where a text's lines end: CR LF, CR or LF, as an editor, a spreadsheet program and
the csv module count them (the line numbers of every message about a file's text),
and the excerpt such a message shows around the character it is about."""

from __future__ import annotations

import re

LINE_END = re.compile(r"\r\n|\r|\n")      # what ends a line of a file: CR LF, CR or LF


def line_breaks(text: str) -> int:
    """How many lines end in text: each CR LF, CR or LF ends one."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def line_bounds(text: str, at: int) -> tuple[int, int]:
    """Where the line that holds position at starts and where it ends (before its CR,
    LF or CR LF, or at the end of the text)."""
    start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
    ends = [end for end in (text.find("\n", at), text.find("\r", at)) if end >= 0]
    return start, min(ends, default=len(text))


def excerpt(text: str, at: int, reach: int, *, one_line: bool = True) -> str:
    """The text within reach characters either side of position at, with "..." where
    it is cut short: what a message about a character in a text shows around it.
    one_line: only the line that holds it (else the whole text is the line)."""
    first, last = line_bounds(text, at) if one_line else (0, len(text))
    start, end = max(first, at - reach), min(last, at + reach)
    return ("..." if start > first else "") + text[start:end] + ("..." if end < last else "")
