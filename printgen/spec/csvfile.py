"""The rows of a CSV card table, each with the line it starts on.

A quoted value may run over several lines, as spreadsheet programs write a cell with
line breaks; its row is named by the line it starts on. A quote is read strictly: one
that is never closed, or text right after a closing quote, is an error naming the line
where the quote opens (where the mistake nearly always is), not a table that quietly
swallows the rows below it into one value.

Values are separated by commas, semicolons or tabs, as the header row (the first line
that holds a name) shows: by the one of them it holds that splits it into the most
names with none empty, a semicolon or a tab rather than a comma on a tie (a spreadsheet
program saves "CSV" with semicolons where the comma is the decimal mark, and its
"Unicode Text" with tabs, and a name may hold a comma: `name;cost, gold`). The file is
UTF-8 text, or UTF-16 text that starts with its byte-order mark (that "Unicode Text"):
one in another encoding is an error naming its line and byte and saying how to save it
(printgen/reading.py's utf8_text()).
"""

from __future__ import annotations

import csv
import io
import re

from printgen.errors import InputError, quoted
from printgen.lang.lines import LINE_END, line_breaks
from printgen.words import plural

SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}
SAVE_AS_CSV = 'save it from the spreadsheet program as "CSV UTF-8"'   # a CSV file's remedy when not UTF-8
QUOTED = re.compile(r'"(?:[^"]|"")*"')
QUOTE = '"'


def csv_rows(text: str, display: str, most: int, sep: str) -> tuple[list[tuple[int, list[str]]], dict[int, int]]:
    """The file's rows that hold a value as (line, values), until most are read; and for
    each of them that runs over several lines (a quoted value with line breaks) the
    line it ends on, by the line it starts on. sep: what separates its values
    (separator()). A row of nothing but spaces and separators is not kept: 8 MB of
    empty lines, each kept, took 1.4 GB."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep, strict=True)
    rows: list[tuple[int, list[str]]] = []
    spans: dict[int, int] = {}
    start = 1
    try:
        for row in reader:
            if any(value.strip() for value in row):
                rows.append((start, row))
                if reader.line_num > start:
                    spans[start] = reader.line_num
                if len(rows) > most:
                    break
            start = reader.line_num + 1
    except csv.Error as error:
        raise InputError(_problem(text, start, reader.line_num, str(error), display, sep)) from None
    return rows, spans


def separator(text: str, display: str) -> str:
    """What separates the values, by the header row (the first line holding more than
    spaces, separators and quotes): header_separator()."""
    at, line = 0, 1
    while True:
        end = LINE_END.search(text, at)
        row = text[at:len(text) if end is None else end.start()]
        if row.strip(' \t,;"'):
            return header_separator(row, display, line)
        if end is None:
            return ","
        at, line = end.end(), line + 1


def header_separator(row: str, display: str, line: int) -> str:
    """Of the separators the header row holds outside quoted values, the one that splits
    it into the most names with none empty; on a tie a semicolon or a tab rather than
    a comma (a name holds a comma far more often, "cost, gold", than a semicolon or a
    tab); a semicolon and a tab that tie are an error at that line; the comma where it
    holds none (a table of one column)."""
    bare = QUOTED.sub("", row)
    held = [sep for sep in SEPARATORS if sep in bare]         # (in the order comma, semicolon, tab)
    if len(held) < 2:
        return held[0] if held else ","
    splits = {sep: _names(row, sep) for sep in held}
    best = max(splits.values())
    chosen = [sep for sep in held if splits[sep] == best]
    if ";" in chosen and "\t" in chosen:
        raise InputError(f"{display}:{line}: the header row {quoted(row)} holds both semicolons and tabs, "
                         f"and each splits it into {best[1]} names, so what separates its values is "
                         f"unclear; expected field names separated by commas (or by semicolons, or by tabs)")
    return chosen[-1]


def _names(row: str, sep: str) -> tuple[bool, int]:
    """Whether the header row split by sep names every column (the empty columns after
    the last name aside, which a spreadsheet program may save), and how many it names."""
    try:
        names = [name.strip() for name in next(csv.reader([row], delimiter=sep))]
    except (csv.Error, StopIteration):
        return False, 0
    while names and not names[-1]:
        names.pop()
    return all(names), len(names)


def spanned(spans: dict[int, int], line: int, reach: str = "to") -> str:
    """What an error in the row starting on line adds where the row runs over several
    lines: the quoted value that may be missing its closing quote."""
    end = spans.get(line)
    if end is None or end == line:
        return ""
    return (f" (the row runs from line {line} {reach} line {end} inside a quoted value: "
            f"is a closing quote missing on line {line}?)")


def short_row(display: str, line: int, row: list[str], names: list[str], sep: str, spans: dict[int, int]) -> str:
    """The error for a row with fewer values than the header has names: spreadsheet
    programs write every column of the table on every row, so a missing value is far
    more often a mistake (a value forgotten, or two run together) than an empty one."""
    have = plural(len(row), "value")
    missing = names[len(row):]
    name = SEPARATORS[sep]
    return (f"{display}:{line}: {have}, expected {len(names)} (one per column: {', '.join(names)}): "
            f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing; an empty value is written "
            f"as nothing between {name}s (add {'a ' + name if len(missing) == 1 else f'{len(missing)} {name}s'} "
            f"at the row's end){spanned(spans, line)}")


def _problem(text: str, start: int, reached: int, error: str, display: str, sep: str) -> str:
    """The csv module's error in the row starting on line start, found on line reached,
    told as where the quote that caused it opens and what was expected."""
    offset = _line_offset(text, start)
    found = _quote_trouble(text, offset, sep)
    name = SEPARATORS[sep]
    if found is not None:
        opened, closed, after = found
        line = start + line_breaks(text[offset:opened])
        field_end = _field_end(sep).search(text, opened + 1)
        opening = quoted(text[opened:len(text) if field_end is None else field_end.start()])
        if closed is None:
            return (f"{display}:{line}: the quote that opens the value {opening} is never closed, so the "
                    f"value would run on to the end of the file; expected a closing quote (\") where "
                    f"the value ends")
        closing = start + line_breaks(text[offset:closed])
        if closing == line:
            return (f"{display}:{line}: the quoted value {quoted(text[opened:closed + 1])} is followed by "
                    f"{after!r} after its closing quote; expected a {name} or the end of the line after a "
                    f"closing quote (a quote inside a quoted value is written twice: \"\")")
        return (f"{display}:{line}: the quote that opens the value {opening} closes only on line {closing}, "
                f"followed there by {after!r}; expected a closing quote (\") on line {line} where the "
                f"value ends, and a {name} or the end of the line after a closing quote")
    if "field limit" in error:
        return (f"{display}:{start}: a value of more than {csv.field_size_limit():,} characters; expected "
                f"a value of at most {csv.field_size_limit():,} characters{spanned({start: reached}, start, 'past')}")
    return f"{display}:{start}: not a readable CSV row; expected values separated by {name}s"


def _field_end(sep: str) -> re.Pattern[str]:
    return re.compile(f"[{re.escape(sep)}\r\n]")


def _quote_trouble(text: str, offset: int, sep: str) -> tuple[int, int | None, str] | None:
    """In the row starting at offset, read as the csv module reads it strictly: where the
    first quoted value that is never closed opens (closed None), or where the first
    one followed by other text than the separator or a line end opens and closes, with
    the character after it; None if the row has neither."""
    field_end = _field_end(sep)
    at = offset
    while True:
        if text.startswith(QUOTE, at):
            closed = at + 1
            while True:
                closed = text.find(QUOTE, closed)
                if closed < 0:
                    return at, None, ""
                if not text.startswith(QUOTE * 2, closed):
                    break
                closed += 2
            after = text[closed + 1:closed + 2]
            if after not in ("", sep, "\r", "\n"):
                return at, closed, after
            at = closed + 1
        end = field_end.search(text, at)
        if end is None or end.group() != sep:
            return None
        at = end.end()


def _line_offset(text: str, line: int) -> int:
    """Where line (1-based, ending at \\r\\n, \\r or \\n as the csv module reads it) starts."""
    if line <= 1:
        return 0
    for number, end in enumerate(LINE_END.finditer(text), start=2):
        if number == line:
            return end.end()
    return len(text)

