"""Cards from a spreadsheet: a CSV file or a sheet of an XLSX workbook.

The first row that is not empty names the fields; every later row that is not empty
is a card (an optional `count` column says how many copies; a CSV row holds a value
for every named column, an XLSX row's cells are read by position). Values are kept as text
exactly as typed: "+1" stays "+1", "007" stays "007", "1.10" stays "1.10". In an
XLSX workbook a cell typed as text is taken as it is; a number, date or time is
written as printgen/spec/xlsxcell.py says: as the sheet shows it where its format is a
plain decimal or percentage one ("0.00", "0%"), a date as "2026-11-29", any other
number in its shortest form (1 and not 1.0); a formula gives the value the workbook last saved
(one never saved by a spreadsheet program has none, and is an error). An XLSX sheet
is read as wide as its header row (up to MAX_COLUMNS) and one column more, so a sheet
whose rows are padded out to column XFD costs no more than its header.
Errors name the file, the row and the column's header: `decks/cards.csv:14 count: ...` (in
a CSV file, whose quoted values may run over several lines, the line the row starts
on: printgen/spec/csvfile.py).
"""

from __future__ import annotations

import io
import operator
import re
import warnings
from collections.abc import Callable
from itertools import repeat
from pathlib import Path
from typing import Any

from printgen.errors import InputError, quoted
from printgen.frozen import frozen
from printgen.limits import limit
from printgen.reading import line_feeds, read_bytes, read_text, unset_character
from printgen.spec.xlsxcell import cell_text

COUNT = "count"
MAX_ROWS = limit("table_rows")          # rows of cards a table may hold
MAX_UNPACKED = limit("xlsx_unpacked_bytes")
MAX_COPIES = limit("table_copies")         # copies a row's count may ask for
MAX_COLUMNS = int(limit("table_columns"))    # named columns (fields) a table may have
MAX_CELLS = limit("xlsx_cells")            # cells an XLSX workbook's sheets may hold, empty ones included
MAX_ELEMENTS = limit("xlsx_part_elements")  # XML elements of the workbook's other parts (styles.xml...) together
MAX_STRING_ELEMENTS = limit("xlsx_string_elements")   # XML elements of its shared strings (xl/sharedStrings.xml)
STRINGS = "xl/sharedStrings.xml"            # the text of the sheets' cells, read as a stream into a list
NOT_READ_WHOLE = ("xl/worksheets/", STRINGS, "xl/pivotCache/")   # read as a stream, or not at all (pivot tables)
CELL_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s/>]")      # <c r="B2" ...>, <x:c>: a cell
FORMULA_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f[\s/>]")   # <f>SUM(A1:A3)</f>: a formula
INVISIBLE = re.compile("[\u200b\u2060\ufeff]")   # zero width space, word joiner, byte-order mark: never in a name
COPIES = re.compile(r"0*([0-9]{1,9})")     # ASCII digits only: "²" and "٣" are digits to str.isdigit()


@frozen
class Row:
    """One card row: its line (1-based, as a spreadsheet numbers rows; in a CSV file
    the line it starts on), its fields and how many copies it makes."""

    line: int
    fields: dict[str, str]
    count: int


def read_table(path: Path, display: str, sheet: str | None = None,
               columns: Callable[[list[str], str], None] | None = None) -> list[Row]:
    """The rows of a .csv file or of a sheet of an .xlsx workbook (the first, unless
    sheet names another); columns, given, checks the header row's names (raising
    InputError; its second argument is where the header is: the file and its line)."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        if sheet is not None:
            raise InputError(f"{display}: a CSV file has no sheets; expected no `sheet:` with it")
        cells, spans, sep = _csv_rows(path, display)
    elif suffix == ".xlsx":
        cells, spans, sep = _xlsx_rows(path, display, sheet), {}, None
    else:
        raise InputError(f"{display}: expected a card table ending in .csv or .xlsx, got {path.name!r}")
    rows = _rows(cells, display, spans, columns, sep)
    if not any(row.count for row in rows):
        header_line = next(number for number, row in cells if any(value.strip() for value in row))
        if rows:
            raise InputError(f"{display}:{header_line} {COUNT}: every row's count is 0, so the table makes "
                             f"no cards; expected a count of 1 or more in at least one row")
        raise InputError(f"{display}:{header_line}: a header row and no card rows; expected a row per "
                         f"card below the header")
    return rows


def _csv_rows(path: Path, display: str) -> tuple[list[tuple[int, list[str]]], dict[int, int], str]:
    """The file's rows and spans (csv_rows()), and what separates its values."""
    from printgen.spec.csvfile import SAVE_AS_CSV, csv_rows, separator  # only a CSV table needs it
    text = read_text(path, display, remedy=SAVE_AS_CSV, utf16=True)    # (a spreadsheet's "Unicode Text")
    sep = separator(text, display)
    rows, spans = csv_rows(text, display, int(MAX_ROWS) + 1, sep)  # the header and one too many
    return rows, spans, sep


def _xlsx_rows(path: Path, display: str, sheet: str | None) -> list[tuple[int, list[str]]]:
    try:
        import openpyxl
    except ImportError:
        raise InputError(f"{display}: reading XLSX needs the openpyxl package (pip install openpyxl)") from None
    data = read_bytes(path, display, what="an XLSX workbook")    # a regular file, read once
    has_formulas = _check_unpacked(data, display)
    # openpyxl says what it reads otherwise (a date past the last date, a part it drops) as Python
    # warnings, printed with its source line: not said, as printgen reads only the table's values
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return _read_xlsx(openpyxl, data, display, sheet, has_formulas)


def _read_xlsx(openpyxl: Any, data: bytes, display: str, sheet: str | None,
               has_formulas: bool) -> list[tuple[int, list[str]]]:
    values = _workbook(openpyxl, data, display, data_only=True)
    try:
        # the formulas, where there are any, show which empty values are formulas never calculated
        formulas = _workbook(openpyxl, data, display, data_only=False) if has_formulas else None
    except InputError:
        values.close()
        raise
    try:
        if sheet is not None and sheet not in values.sheetnames:
            raise InputError(f"{display}: expected a sheet named one of {', '.join(values.sheetnames)}, "
                             f"got {sheet!r}")
        return _sheet_rows(values[sheet] if sheet else values.worksheets[0],
                           None if formulas is None else formulas[sheet] if sheet else formulas.worksheets[0],
                           display)
    except InputError:
        raise
    except _damaged(openpyxl) as error:          # a damaged sheet fails as it is read
        raise InputError(f"{display}: not a readable XLSX workbook ({type(error).__name__})") from None
    finally:
        values.close()
        if formulas is not None:
            formulas.close()


def _workbook(openpyxl: Any, data: bytes, display: str, *, data_only: bool) -> Any:
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=data_only)
    except _damaged(openpyxl) as error:          # openpyxl raises many kinds for a damaged file
        raise InputError(f"{display}: not a readable XLSX workbook ({type(error).__name__})") from None
    for sheet in book.worksheets:               # (each sheet read looks its cells' text up in the one list)
        if isinstance(getattr(sheet, "_shared_strings", None), list):
            sheet._shared_strings = _Strings(sheet._shared_strings)
    return book


class _Unlisted(str):
    """What a cell reads in place of its text where its shared string's number is not
    one of the workbook's (past the last, or below 0: a list would read -1 as its
    last): empty, with the number and how many there are, for _check_strings to say."""

    number: int
    held: int


class _Strings(list[str]):
    """A workbook's shared strings (the text of its cells, which a cell names by its
    number), giving an _Unlisted for a number they do not hold."""

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, int) and not 0 <= index < len(self):
            unlisted = _Unlisted()
            unlisted.number, unlisted.held = index, len(self)
            return unlisted
        return super().__getitem__(index)


def _check_strings(row: Any, where: str, names: list[str] | None = None) -> None:
    """InputError where a cell of the row (where is its file and line; names its
    columns' names, where they are known) names a shared string the workbook does not
    hold."""
    for column, cell in enumerate(row, start=1):
        value = getattr(cell, "value", None)
        if isinstance(value, _Unlisted):
            named = f" {names[column - 1]}" if names and column <= len(names) and names[column - 1] else ""
            held = f"0 to {value.held - 1}" if value.held else "none: it holds no shared strings"
            raise InputError(f"{where}{named}: cell {getattr(cell, 'coordinate', '?')} names its text as shared "
                             f"string {value.number}, which the workbook does not hold; expected one of its shared "
                             f"strings' numbers ({held}): the workbook is damaged, open it in a spreadsheet "
                             f"program and save it again")


def _damaged(openpyxl: Any) -> tuple[type[BaseException], ...]:
    """What openpyxl raises for a damaged workbook, as it opens or reads it (all but
    running out of memory)."""
    import zipfile
    return (ArithmeticError, AssertionError, AttributeError, EOFError, LookupError, OSError, RuntimeError,
            SyntaxError, TypeError, ValueError, zipfile.BadZipFile,
            openpyxl.utils.exceptions.InvalidFileException)


def _sheet_rows(values: Any, formulas: Any | None, display: str) -> list[tuple[int, list[str]]]:
    """The sheet's rows as text, from its header row on, each as wide as the header
    and one column more; a formula with no saved value is an error at its row."""
    from openpyxl.cell.read_only import EMPTY_CELL  # a cell the sheet does not write out
    last_row = int(MAX_ROWS) + 1
    header_line, width = 0, 0
    for number, row in enumerate(values.iter_rows(max_col=MAX_COLUMNS + 1, max_row=last_row + 1), start=1):
        if _nothing(row, EMPTY_CELL):
            if number > last_row:
                raise InputError(f"{display}: no header row in its first {last_row:,} rows; expected a header "
                                 f"row of field names above at most {MAX_ROWS} card rows")
            continue
        _check_strings(row, f"{display}:{number}")
        texts = [cell_text(cell) for cell in row]
        if any(text.strip() for text in texts):
            header_line = number
            width = max(i for i, text in enumerate(texts, start=1) if text.strip())
            break
    if not header_line:
        return []
    if width > MAX_COLUMNS:
        raise InputError(f"{display}:{header_line}: more than {MAX_COLUMNS} columns in the header row; "
                         f"expected at most {MAX_COLUMNS} fields")
    names = [cell_text(cell).strip() for cell in next(values.iter_rows(
        min_row=header_line, max_row=header_line, max_col=width))]
    rows = []

    def rows_of(sheet: Any) -> Any:
        return sheet.iter_rows(min_row=header_line, max_col=width + 1, max_row=last_row + 1)

    formula_rows = repeat(()) if formulas is None else rows_of(formulas)
    for number, (row, formula_row) in enumerate(zip(rows_of(values), formula_rows), start=header_line):
        if number > last_row:
            raise InputError(f"{display}: more than {MAX_ROWS} rows; expected at most {MAX_ROWS} cards")
        if _nothing(row, EMPTY_CELL):                  # nothing written in this row (nor a formula)
            continue
        _check_cells(row, formula_row, names, f"{display}:{number}")
        rows.append((number, [cell_text(cell) for cell in row]))
    return rows


def _check_cells(row: Any, formula_row: Any, names: list[str], where: str) -> None:
    """InputError where a cell of the row (where is its file and line) names a shared
    string the workbook does not hold (_check_strings), holds a formula
    with no saved value (formula_row: the row's formulas, or none where the sheet has
    none), or an error (a formula that fails, "#DIV/0!", or a date past the last,
    which openpyxl reads as "#VALUE!"), which a card would print as it is."""
    def name(column: int) -> str:
        return names[column - 1] if column <= len(names) and names[column - 1] else f"column {column}"
    _check_strings(row, where, names)
    for column, (cell, formula) in enumerate(zip(row, formula_row), start=1):
        if getattr(cell, "value", None) is None and getattr(formula, "data_type", None) == "f":
            raise InputError(f"{where} {name(column)}: cell {getattr(formula, 'coordinate', '?')} holds a formula "
                             f"with no saved value (the file was not saved by a spreadsheet program); expected "
                             f"its value: open the workbook in a spreadsheet program and save it, so that values "
                             f"are saved")
    for column, cell in enumerate(row, start=1):
        if getattr(cell, "data_type", None) == "e":
            raise InputError(f"{where} {name(column)}: cell {getattr(cell, 'coordinate', '?')} holds the error "
                             f"{quoted(str(cell.value))}, which a card would print as it is; expected a value: "
                             f"correct the cell in the spreadsheet program (a formula that fails, or a date past "
                             f"the last) and save it")


def _nothing(row: tuple[Any, ...], empty: Any) -> bool:
    """Whether every cell of the row is one the sheet does not write out (looked at in
    C, by identity: a row of nothing as wide as 1000 columns costs next to nothing)."""
    return all(map(operator.is_, row, repeat(empty)))


def _check_unpacked(data: bytes, display: str) -> bool:
    """An XLSX file is a zip archive: refuse one too large when unpacked (a zip bomb),
    or whose sheets hold more than MAX_CELLS cells (openpyxl reads every cell written
    out, empty or not), or whose other parts hold too many XML elements (_check_elements()),
    before openpyxl reads it; whether its sheets hold formulas."""
    import zipfile
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            unpacked = sum(member.file_size for member in members)
            if unpacked > MAX_UNPACKED:
                raise InputError(f"{display}: unpacks to {unpacked:,} bytes; expected a workbook of at most "
                                 f"{MAX_UNPACKED:,} bytes unpacked")
            cells, formulas = 0, False
            for member in members:
                if member.filename.startswith("xl/worksheets/") and member.filename.endswith(".xml"):
                    xml = archive.read(member)
                    cells += len(CELL_TAG.findall(xml))
                    formulas = formulas or FORMULA_TAG.search(xml) is not None
            _check_elements(archive, members, display)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, NotImplementedError):
        raise InputError(f"{display}: not a readable XLSX workbook (not a zip archive)") from None
    if cells > MAX_CELLS:
        raise InputError(f"{display}: its sheets hold {cells:,} cells (empty ones written out count too); "
                         f"expected at most {MAX_CELLS:,}: delete the empty rows and columns past the table, "
                         f"or save it as CSV")
    return formulas


def _check_elements(archive: Any, members: list[Any], display: str) -> None:
    """Refuse a workbook whose parts other than its sheets and shared strings (styles.xml,
    workbook.xml, the relationships and properties) hold more than MAX_ELEMENTS XML
    elements together: openpyxl reads each of them whole into objects (about 30
    microseconds and 1 KB an element) before it reads a sheet; or whose shared strings
    hold more than MAX_STRING_ELEMENTS (openpyxl reads them all into a list, about 6
    microseconds an element). Each part is counted as a stream, a megabyte at a time,
    naming the part that holds the most."""
    counts = {}
    for member in members:
        if member.filename == STRINGS:
            with archive.open(member) as stream:
                strings = _elements(stream)
            if strings > MAX_STRING_ELEMENTS:
                raise InputError(f"{display}: its part {STRINGS} holds {strings:,} XML elements; expected at most "
                                 f"{MAX_STRING_ELEMENTS:,} (the text of its cells, a string and its text each): "
                                 f"copy the table into a new workbook, or save it as CSV")
        elif member.filename.endswith((".xml", ".rels")) and not member.filename.startswith(NOT_READ_WHOLE):
            with archive.open(member) as stream:
                counts[member.filename] = _elements(stream)
    total = sum(counts.values())
    if total > MAX_ELEMENTS:
        part = max(counts, key=lambda name: counts[name])
        raise InputError(f"{display}: its part {part} holds {counts[part]:,} XML elements (the parts read whole "
                         f"hold {total:,} together); expected at most {MAX_ELEMENTS:,} (a workbook's styles and "
                         f"other parts beside its sheets): copy the table into a new workbook, or save it as CSV")


def _elements(stream: Any) -> int:
    """How many XML elements (start tags: not end tags, declarations or comments) the stream holds."""
    count, rest = 0, b""
    while chunk := stream.read(1 << 20):
        data = rest + chunk
        rest = b"<" if data.endswith(b"<") else b""       # a tag cut at the chunk's end is counted with the next
        data = data[:len(data) - len(rest)]
        count += data.count(b"<") - data.count(b"</") - data.count(b"<?") - data.count(b"<!")
    return count + len(rest)


def _rows(cells: list[tuple[int, list[str]]], display: str, spans: dict[int, int],
          columns: Callable[[list[str], str], None] | None = None, sep: str | None = None) -> list[Row]:
    """The card rows below the header row. With sep (a CSV file's separator) a row must
    hold a value for every named column; without it (an XLSX sheet, whose cells are
    read by their position) a row's missing cells are empty."""
    filled = [(number, row) for number, row in cells if any(value.strip() for value in row)]
    if not filled:
        raise InputError(f"{display}: expected a header row of field names and a row per card, got an empty table")
    header_line, header = filled[0]
    names = [name.strip() for name in header]
    while names and not names[-1]:
        names.pop()
    if len(names) > MAX_COLUMNS:            # (a CSV header is as wide as its file makes it)
        raise InputError(f"{display}:{header_line}: more than {MAX_COLUMNS} columns in the header row; "
                         f"expected at most {MAX_COLUMNS} fields")
    for column, name in enumerate(names, start=1):
        if "\0" in name:
            raise InputError(f"{display}:{header_line}: column {column}'s name holds a NUL character "
                             f"(byte 0); expected a field name of text")
        if not name:
            raise InputError(f"{display}:{header_line}: column {column} has no name; expected a field name "
                             f"in every column of the header row")
        hidden = INVISIBLE.search(name)
        if hidden:
            import unicodedata
            ch = hidden.group()
            raise InputError(f"{display}:{header_line}: column {column}'s name {quoted(name)} holds U+{ord(ch):04X} "
                             f"{unicodedata.name(ch)}, which shows as nothing, so the name would not be the one "
                             f"it looks like; expected a field name without it: delete it from the header row")
        if names.index(name) != column - 1:
            raise InputError(f"{display}:{header_line} {name}: the column name appears twice; expected "
                             f"each field once")
    if columns is not None:
        columns(names, f"{display}:{header_line}")
    if len(filled) - 1 > MAX_ROWS:
        raise InputError(f"{display}: more than {MAX_ROWS} rows; expected at most {MAX_ROWS} cards")
    return [_row(number, row, names, display, spans, sep) for number, row in filled[1:]]


def _row(number: int, row: list[str], names: list[str], display: str, spans: dict[int, int],
         sep: str | None) -> Row:
    extra = [value for value in row[len(names):] if value.strip()]
    if extra:
        from printgen.spec.csvfile import spanned
        raise InputError(f"{display}:{number}: a value beyond the last named column ({quoted(extra[0])}); "
                         f"expected {len(names)} columns{spanned(spans, number)}")
    if sep is not None and len(row) < len(names):
        from printgen.spec.csvfile import short_row
        raise InputError(short_row(display, number, row, names, sep, spans))
    values = dict(zip(names, (line_feeds(value) for value in row + [""] * (len(names) - len(row)))))
    for column, (name, value) in enumerate(values.items(), start=1):
        if "\0" in value:
            raise InputError(f"{display}:{number} {name}: a NUL character (byte 0) in column {column}'s "
                             f"value; expected text")
        problem = unset_character(value)
        if problem:
            raise InputError(f"{display}:{number} {name}: {problem}")
    count = 1
    if COUNT in values:
        text = values.pop(COUNT).strip()
        if text:
            digits = COPIES.fullmatch(text)
            if digits is None or not 0 <= int(digits.group(1)) <= MAX_COPIES:
                raise InputError(f"{display}:{number} {COUNT}: expected a whole number of copies from 0 to "
                                 f"{MAX_COPIES}, got {quoted(text)}")
            count = int(digits.group(1))
    return Row(number, values, count)
