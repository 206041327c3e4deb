"""Where a text's lines end: CR LF, CR or LF, as an editor, a spreadsheet program and
the csv module count them (the line numbers of every message about a file's text)."""

from __future__ import annotations

import re

LINE_END = re.compile(r"\r\n|\r|\n")      # what ends a line of a file: CR LF, CR or LF


def line_breaks(text: str) -> int:
    """How many lines end in text: each CR LF, CR or LF ends one."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")
