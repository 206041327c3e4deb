"""Cards from a spreadsheet: a CSV file or a sheet of an XLSX workbook.

The first row that is not empty names the fields; every later row that is not empty
is a card (an optional `count` column says how many copies). Values are kept as text
exactly as typed: "+1" stays "+1", "007" stays "007", "1.10" stays "1.10". In an
XLSX workbook a cell typed as text is taken as it is; a number is written back the way
the sheet shows it where its format is a plain decimal one ("0.00"), else in its
shortest form (1 and not 1.0); a formula gives the value the workbook last saved.
Errors name the file, the row and the column's header: `cards.csv:14 count: ...`.
"""

from __future__ import annotations

import datetime
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen.errors import InputError
from printgen.limits import limit
from printgen.spec.reading import note_read, read_text

COUNT = "count"
MAX_ROWS = limit("table_rows")          # rows of cards a table may hold
MAX_UNPACKED = limit("xlsx_unpacked_bytes")
MAX_COPIES = limit("table_copies")         # copies a row's count may ask for
DECIMALS = re.compile(r"^0(?:\.(0+))?$")


@dataclass(frozen=True)
class Row:
    """One card row: its line (1-based, as a spreadsheet numbers rows), its fields and
    how many copies it makes."""

    line: int
    fields: dict[str, str]
    count: int


def read_table(path: Path, display: str, sheet: str | None = None) -> list[Row]:
    """The rows of a .csv file or of a sheet of an .xlsx workbook (the first, unless
    sheet names another)."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        if sheet is not None:
            raise InputError(f"{display}: a CSV file has no sheets; expected no `sheet:` with it")
        cells = _csv_rows(path, display)
    elif suffix == ".xlsx":
        cells = _xlsx_rows(path, display, sheet)
    else:
        raise InputError(f"{display}: expected a card table ending in .csv or .xlsx, got {path.name!r}")
    return _rows(cells, display)


def _csv_rows(path: Path, display: str) -> list[tuple[int, list[str]]]:
    import csv  # only a deck with a CSV table needs it
    text = read_text(path, display)
    try:
        return [(number, row) for number, row in enumerate(csv.reader(io.StringIO(text, newline="")), start=1)]
    except csv.Error as error:
        raise InputError(f"{display}: not a readable CSV file ({error})") from None


def _xlsx_rows(path: Path, display: str, sheet: str | None) -> list[tuple[int, list[str]]]:
    try:
        import openpyxl
    except ImportError:
        raise InputError(f"{display}: reading XLSX needs the openpyxl package (pip install openpyxl)") from None
    _check_unpacked(path, display)
    try:
        note_read(path)
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except FileNotFoundError:
        raise InputError(f"{display}: file not found") from None
    except Exception as error:  # noqa: BLE001 (openpyxl raises many kinds for a damaged file)
        raise InputError(f"{display}: not a readable XLSX workbook ({type(error).__name__})") from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise InputError(f"{display}: expected a sheet named one of {', '.join(book.sheetnames)}, "
                             f"got {sheet!r}")
        rows = []
        for number, row in enumerate(book[sheet] if sheet else book.worksheets[0], start=1):
            if number > MAX_ROWS + 1:
                raise InputError(f"{display}: more than {MAX_ROWS} rows; expected at most {MAX_ROWS} cards")
            rows.append((number, [_cell_text(cell) for cell in row]))
        return rows
    finally:
        book.close()


def _check_unpacked(path: Path, display: str) -> None:
    """An XLSX file is a zip archive: refuse one too large on disk or when unpacked (a
    zip bomb) before openpyxl reads it."""
    import zipfile

    from printgen.spec.reading import MAX_BYTES
    try:
        if path.stat().st_size > MAX_BYTES:
            raise InputError(f"{display}: {path.stat().st_size:,} bytes; expected a file of at most {MAX_BYTES:,} bytes")
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except FileNotFoundError:
        raise InputError(f"{display}: file not found") from None
    except (OSError, zipfile.BadZipFile):
        raise InputError(f"{display}: not a readable XLSX workbook (not a zip archive)") from None
    if unpacked > MAX_UNPACKED:
        raise InputError(f"{display}: unpacks to {unpacked:,} bytes; expected a workbook of at most "
                         f"{MAX_UNPACKED:,} bytes unpacked")


def _cell_text(cell: Any) -> str:
    value = getattr(cell, "value", None)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        decimals = DECIMALS.match(str(getattr(cell, "number_format", "") or ""))
        if decimals:
            return f"{value:.{len(decimals.group(1) or '')}f}"
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


def _rows(cells: list[tuple[int, list[str]]], display: str) -> list[Row]:
    filled = [(number, row) for number, row in cells if any(value.strip() for value in row)]
    if not filled:
        raise InputError(f"{display}: expected a header row of field names and a row per card, got an empty table")
    header_line, header = filled[0]
    names = [name.strip() for name in header]
    while names and not names[-1]:
        names.pop()
    for column, name in enumerate(names, start=1):
        if not name:
            raise InputError(f"{display}:{header_line}: column {column} has no name; expected a field name "
                             f"in every column of the header row")
        if names.index(name) != column - 1:
            raise InputError(f"{display}:{header_line} {name}: the column name appears twice; expected "
                             f"each field once")
    if len(filled) - 1 > MAX_ROWS:
        raise InputError(f"{display}: {len(filled) - 1} rows; expected at most {MAX_ROWS} cards")
    return [_row(number, row, names, display) for number, row in filled[1:]]


def _row(number: int, row: list[str], names: list[str], display: str) -> Row:
    extra = [value for value in row[len(names):] if value.strip()]
    if extra:
        raise InputError(f"{display}:{number}: a value beyond the last named column ({extra[0]!r}); "
                         f"expected {len(names)} columns")
    values = dict(zip(names, row + [""] * (len(names) - len(row))))
    count = 1
    if COUNT in values:
        text = values.pop(COUNT).strip()
        if text:
            if not text.isdigit() or not 0 <= int(text) <= MAX_COPIES:
                raise InputError(f"{display}:{number} {COUNT}: expected a whole number of copies from 0 to "
                                 f"{MAX_COPIES}, got {text!r}")
            count = int(text)
    return Row(number, values, count)
