"""Card data from spreadsheets: a CSV file or an XLSX sheet builds the same deck as
the same cards in YAML; values stay text exactly as typed; a bad cell is a located
error naming the file, the row and the column."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from conftest import ROOT
from printgen.errors import PrintgenError
from printgen.spec import load_deck

EXAMPLE = ROOT / "docs" / "example-deck"


def build_pdf(cli, deck: str, out: Path) -> bytes:
    result = cli("build", deck, "--only", "pdf", "--out", str(out), "-q")
    assert result.status == 0, result.err
    return next(out.glob("*.pdf")).read_bytes()


def test_the_csv_example_builds_the_same_pdf_as_the_yaml_deck(cli, tmp_path):
    from_csv = build_pdf(cli, str(EXAMPLE / "standard-54-from-csv.yaml"), tmp_path / "csv")
    assert from_csv == build_pdf(cli, "standard-54", tmp_path / "yaml")


def test_an_xlsx_sheet_builds_the_same_pdf(cli, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.title = "notes"
    sheet = book.create_sheet("cards")
    with open(EXAMPLE / "standard-54.csv", encoding="utf-8", newline="") as file:
        for row in csv.reader(file):           # ranks 2..10 as numbers, the rest as text
            sheet.append([int(v) if v.isdigit() else (v or None) for v in row])
    book.save(tmp_path / "cards.xlsx")
    deck = (EXAMPLE / "standard-54-from-csv.yaml").read_text(encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(deck.replace("cards: standard-54.csv",
                                                     "cards:\n  - {table: cards.xlsx, sheet: cards}"))
    assert build_pdf(cli, str(tmp_path / "deck.yaml"), tmp_path / "x") == \
        build_pdf(cli, "standard-54", tmp_path / "yaml")


def small_deck(folder: Path, cards: str) -> Path:
    (folder / "face.yaml").write_text("elements:\n  - {kind: text, text: '{{ card.value }}', "
                                      "x: 5mm, y: 5mm, w: 40mm, h: 10mm}\n", encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text(f"name: t\nsize: poker\nface: face.yaml\nback: face.yaml\nfields: {{value: ''}}\n"
                    f"label: '{{{{ value }}}}'\ncards: {cards}\n", encoding="utf-8")
    return path


def test_values_stay_as_typed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)          # (rows are named as the deck file is: from here)
    (tmp_path / "cards.csv").write_text('value,note,count\n+1,007,2\n1.10,"a, b",\n-0,,0\n', encoding="utf-8")
    deck = load_deck(str(small_deck(tmp_path, "cards.csv")))
    assert [(c.fields["value"], c.fields["note"]) for c in deck.cards] == [("+1", "007"), ("+1", "007"),
                                                                         ("1.10", "a, b")]
    assert deck.cards[2].where == "cards.csv:3"


def test_xlsx_numbers_read_as_the_sheet_shows_them(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["value", "count"])
    book.active.append([1.0, 1])
    book.active.append([1.1, None])
    book.active.append(["+3", 1])
    book.active["A3"].number_format = "0.00"
    book.save(tmp_path / "cards.xlsx")
    deck = load_deck(str(small_deck(tmp_path, "cards.xlsx")))
    assert [c.fields["value"] for c in deck.cards] == ["1", "1.10", "+3"]


def test_xlsx_dates_percentages_and_other_numbers_read_as_the_docs_say(tmp_path):
    """A date prints as the date (not '2026-11-29T00:00:00'), a percentage as the sheet
    shows it (not '0.25'), rounded as the sheet rounds; a currency in its shortest form."""
    import datetime
    openpyxl = pytest.importorskip("openpyxl")
    cells = [(datetime.datetime(2026, 11, 29), "DD.MM.YYYY", "2026-11-29"),
             (datetime.datetime(2026, 11, 29, 14, 30), "yyyy-mm-dd hh:mm", "2026-11-29 14:30"),
             (datetime.datetime(2026, 11, 29, 14, 30, 15), "yyyy-mm-dd hh:mm:ss", "2026-11-29 14:30:15"),
             (datetime.datetime(2026, 11, 29, 14, 29, 59, 998000), "yyyy-mm-dd hh:mm", "2026-11-29 14:30"),
             (datetime.time(9, 5), "hh:mm", "09:05"),
             (datetime.timedelta(hours=26), "[hh]:mm:ss", "26:00:00"),
             (0.25, "0%", "25%"), (0.125, "0%", "13%"), (0.0125, "0.0%", "1.3%"),
             (2.675, "0.00", "2.68"), (3, "0.00", "3.00"),
             (1234.5, '#,##0.00 [$€-407]', "1234.5"), (0.3, "General", "0.3"),
             (1e26, "0.00", "1" + "0" * 26 + ".00"), (1e30, "0", "1" + "0" * 30),
             (1e300, "0%", "1" + "0" * 302 + "%")]
    book = openpyxl.Workbook()
    book.active.append(["value"])
    for number, (value, number_format, _) in enumerate(cells, start=2):
        book.active.append([value])
        book.active[f"A{number}"].number_format = number_format
    book.save(tmp_path / "cards.xlsx")
    deck = load_deck(str(small_deck(tmp_path, "cards.xlsx")))
    assert [c.fields["value"] for c in deck.cards] == [shown for _, _, shown in cells]


def test_an_xlsx_number_that_is_not_finite_reads_plainly():
    """(openpyxl writes no such cell, but a workbook from elsewhere may hold one.)"""
    from types import SimpleNamespace

    from printgen.spec.xlsxcell import cell_text
    assert [cell_text(SimpleNamespace(value=value, number_format=number_format))
            for value, number_format in [(float("inf"), "0.00"), (float("-inf"), "0%"), (float("nan"), "0")]
            ] == ["inf", "-inf", "nan"]


@pytest.mark.parametrize("table,expected", [
    ("value,count\n+1,2\n+2,two\n", "cards.csv:3 count: expected a whole number"),
    ("value,value\n1,2\n", "cards.csv:1 value: the column name appears twice"),
    ("value,,note\n1,2,3\n", "cards.csv:1: column 2 has no name"),
    ("value\n1,extra\n", "cards.csv:2: a value beyond the last named column ('extra')"),
    ("suit,value\nsun\nmoon,2\n", "cards.csv:2: 1 value, expected 2 (one per column: suit, value): value "
                                 "is missing; an empty value is written as nothing between commas (add a comma"),
    ("value;note;count\n1;a;2\n2\n", "cards.csv:3: 1 value, expected 3 (one per column: value, note, count): "
                                     "note, count are missing; an empty value is written as nothing between "
                                     "semicolons (add 2 semicolons"),
    ("\n\n", "cards.csv: expected a header row"),
])
def test_a_bad_table_is_one_located_error_and_nothing_is_written(cli, tmp_path, table, expected):
    (tmp_path / "cards.csv").write_text(table, encoding="utf-8")
    result = cli("build", str(small_deck(tmp_path, "cards.csv")), "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert expected in line, line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("error", ["#DIV/0!", "#REF!", "#N/A"])
def test_an_xlsx_cell_holding_an_error_is_one_located_error(cli, tmp_path, error):
    """A formula that fails is saved as its error: the card printed "#DIV/0!"."""
    import openpyxl
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["value", "note"])
    sheet.append(["1", "fine"])
    sheet.append(["2", error])                      # (openpyxl saves an error's code as an error cell)
    book.save(tmp_path / "cards.xlsx")
    result = cli("build", str(small_deck(tmp_path, "cards.xlsx")), "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert f"cards.xlsx:3 note: cell B3 holds the error '{error}'" in line, line
    assert not (tmp_path / "out").exists()


def with_shared_strings(path: Path, cell: str, number: str) -> None:
    """The XLSX workbook at path (as openpyxl writes it: its text in its cells) with its
    text kept as shared strings, as a spreadsheet program keeps it, and cell (such as
    "B3") naming its text by number instead."""
    import re
    import zipfile
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    strings: list[bytes] = []

    def shared(match: re.Match[bytes]) -> bytes:
        strings.append(match.group(2))
        given = number.encode() if match.group(1) == cell.encode() else str(len(strings) - 1).encode()
        return b'<c r="' + match.group(1) + b'" t="s"><v>' + given + b"</v></c>"
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = re.sub(rb'<c r="([A-Z]+[0-9]+)" t="inlineStr"><is><t>([^<]*)</t></is></c>', shared, parts[sheet])
    parts["xl/sharedStrings.xml"] = (b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                                     + b"".join(b"<si><t>" + text + b"</t></si>" for text in strings) + b"</sst>")
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"</Types>", (
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        b'spreadsheetml.sharedStrings+xml"/></Types>'))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_an_xlsx_workbook_of_shared_strings_reads_them(tmp_path, monkeypatch):
    import openpyxl
    monkeypatch.chdir(tmp_path)
    book = openpyxl.Workbook()
    book.active.append(["value", "note"])
    book.active.append(["one", "fine"])
    book.save(tmp_path / "cards.xlsx")
    with_shared_strings(tmp_path / "cards.xlsx", "B2", "0")     # (its note the text of A1)
    deck = load_deck(str(small_deck(tmp_path, "cards.xlsx")))
    assert [(card.fields["value"], card.fields["note"]) for card in deck.cards] == [("one", "value")]


@pytest.mark.parametrize("cell, number, expected", [
    ("B3", "7", "cards.xlsx:3 note: cell B3 names its text as shared string 7"),
    ("B3", "-1", "cards.xlsx:3 note: cell B3 names its text as shared string -1"),
    ("B1", "99", "cards.xlsx:1: cell B1 names its text as shared string 99"),
])
def test_an_xlsx_cell_naming_a_shared_string_not_there_is_one_located_error(cli, tmp_path, cell, number, expected):
    """A number past the last shared string said only "(IndexError)"; -1 read the last
    string as the cell's text, silently."""
    import openpyxl
    book = openpyxl.Workbook()
    book.active.append(["value", "note"])
    book.active.append(["one", "fine"])
    book.active.append(["two", "also"])
    book.save(tmp_path / "cards.xlsx")                 # (6 shared strings: 0 to 5)
    with_shared_strings(tmp_path / "cards.xlsx", cell, number)
    result = cli("build", str(small_deck(tmp_path, "cards.xlsx")), "--out", str(tmp_path / "out"))
    assert result.status == 2 and "Traceback" not in result.err
    line, = result.err.strip().splitlines()
    assert expected in line and "(0 to 5)" in line, line
    assert not (tmp_path / "out").exists()


def test_a_row_short_of_values_is_read_where_they_are_written_empty_or_in_a_sheet(tmp_path, monkeypatch):
    """A CSV row holds a value for every column, empty ones as nothing between the
    separators (as spreadsheet programs save them); a wholly empty row is skipped; a
    sheet's row is read by its cells' positions, so its empty cells need nothing."""
    monkeypatch.chdir(tmp_path)          # (rows are named as the deck file is: from here)
    (tmp_path / "cards.csv").write_text("value,note,count\n1,,\n,,\n\n2,b,\n", encoding="utf-8")
    deck = load_deck(str(small_deck(tmp_path, "cards.csv")))
    assert [(c.fields["value"], c.fields["note"], c.where) for c in deck.cards] == [
        ("1", "", "cards.csv:2"), ("2", "b", "cards.csv:5")]
    (tmp_path / "cards.csv").write_text("value,note,count\n1\n", encoding="utf-8")
    with pytest.raises(PrintgenError, match=r"cards.csv:2: 1 value, expected 3"):
        load_deck(str(small_deck(tmp_path, "cards.csv")))
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["value", "note", "count"])
    book.active.append(["1"])
    book.active.append(["2", "b"])
    book.save(tmp_path / "cards.xlsx")
    deck = load_deck(str(small_deck(tmp_path, "cards.xlsx")))
    assert [(c.fields["value"], c.fields["note"]) for c in deck.cards] == [("1", ""), ("2", "b")]


def test_a_table_outside_the_decks_folder_is_refused(cli, tmp_path):
    (tmp_path / "cards.csv").write_text("value\n1\n", encoding="utf-8")
    inner = tmp_path / "inner"
    inner.mkdir()
    result = cli("build", str(small_deck(inner, "../cards.csv")), "--out", str(tmp_path / "out"))
    assert result.status == 2 and "expected a file in the deck's folder" in result.err


@pytest.mark.parametrize("table", ["https://docs.google.com/spreadsheets/d/1xyz/edit#gid=0",
                                   "http://example.org/cards.csv"])
def test_a_web_address_as_a_card_table_says_to_download_it_first(cli, tmp_path, table):
    (tmp_path / "deck.yaml").write_text(f"name: d\nsize: poker\nface: standard-face\nback: standard-back\n"
                                        f"cards:\n  - table: {table}\n")
    result = cli("build", str(tmp_path / "deck.yaml"), "--out", str(tmp_path / "out"), "-q")
    assert result.status == 2
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "deck.yaml:6 cards[0].table" in lines[0]
    assert "download it as CSV or XLSX first" in lines[0] and "Traceback" not in result.err
    assert not (tmp_path / "out").exists()


def test_a_missing_table_given_as_cards_alone_is_named_at_cards(cli, tmp_path):
    """`cards: nothere.csv` (the file alone, not a list of entries) is named at `cards`,
    not at a `cards[0].table` the deck never wrote."""
    (tmp_path / "deck.yaml").write_text("name: d\nsize: poker\nface: standard-face\nback: standard-back\n"
                                        "cards: nothere.csv\n")
    result = cli("build", str(tmp_path / "deck.yaml"), "--out", str(tmp_path / "out"), "-q")
    line, = result.err.strip().splitlines()
    assert result.status == 2 and "deck.yaml:5 cards: " in line and "nothere.csv" in line, line


SWALLOWING = 'suit,value,motto\nsun,1,"Hi\nmoon,2,Wo\nmoon,3,Ea\nsun,4,Fire\n'


@pytest.mark.parametrize("table,expected", [
    (SWALLOWING, "cards.csv:2: the quote that opens the value '\"Hi' is never closed"),
    (SWALLOWING.replace("\n", "\r\n"), "cards.csv:2: the quote that opens the value '\"Hi' is never closed"),
    ('value\r\n"a\r\nb"\r\n"c\r\n', "cards.csv:4: the quote that opens the value '\"c' is never closed"),
    (SWALLOWING.replace(",Ea", ',"Ea'), "cards.csv:2: the quote that opens the value '\"Hi' closes only on "
                                        "line 4, followed there by 'E'; expected a closing quote"),
    ('value,note\n1,"a" b\n', "cards.csv:2: the quoted value '\"a\"' is followed by ' ' after its closing "
                              "quote; expected a comma or the end of the line"),
    (SWALLOWING.replace(",Ea", ",Ea\",x"), "cards.csv:2: a value beyond the last named column ('x'); "
                                           "expected 3 columns (the row runs from line 2 to line 4"),
    ('value,note\n1,"' + "a\n" * 70000 + '"\n', "cards.csv:2: a value of more than 131,072 characters"),
])
def test_a_quote_left_open_is_named_where_it_opens(cli, tmp_path, table, expected):
    """A quote never closed (or closed far later, before text or too many values) would
    swallow the rows below it into one value: it is an error at the line it opens on."""
    (tmp_path / "cards.csv").write_text(table, encoding="utf-8", newline="")
    result = cli("build", str(small_deck(tmp_path, "cards.csv")), "--out", str(tmp_path / "out"))
    assert result.status == 2, result.out
    line, = result.err.strip().splitlines()
    assert expected in line, line
    assert not (tmp_path / "out").exists()


def test_a_table_is_named_with_its_folder_as_the_deck_file_is(tmp_path, monkeypatch):
    """From the project folder a table beside decks/deck.yaml is decks/cards.csv, in its
    cards' places and in its errors (it was cards.csv, with no folder)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "cards.csv").write_text("value,count\n1,2\n2,\n", encoding="utf-8")
    small_deck(tmp_path / "decks", "cards.csv")
    deck = load_deck("decks/deck.yaml")
    assert [card.where for card in deck.cards] == ["decks/cards.csv:2", "decks/cards.csv:2", "decks/cards.csv:3"]
    (tmp_path / "decks" / "cards.csv").write_text("value,count\n1,2\n2,two\n", encoding="utf-8")
    with pytest.raises(PrintgenError, match=r"^decks/deck.yaml:\d+ cards: decks/cards.csv:3 count: "):
        load_deck("decks/deck.yaml")


def test_a_quoted_value_may_run_over_lines_and_rows_are_named_by_their_first_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)          # (rows are named as the deck file is: from here)
    (tmp_path / "cards.csv").write_text('value,note\n1,"two\nlines"\n2,"a ""quoted"" word"\n3,\n',
                                        encoding="utf-8", newline="")
    deck = load_deck(str(small_deck(tmp_path, "cards.csv")))
    assert [(c.fields["value"], c.fields["note"]) for c in deck.cards] == [
        ("1", "two\nlines"), ("2", 'a "quoted" word'), ("3", "")]
    assert [c.where for c in deck.cards] == ["cards.csv:2", "cards.csv:4", "cards.csv:5"]


@pytest.mark.parametrize("data,expected", [
    ("value,note\r\nok,fine\r\nCafé,Grüße\r\n".encode("cp1252"),
     "cards.csv:3: not UTF-8 text: the byte 0xE9 ('é' in Windows-1252) in 'Caf\\xe9,Gr\\xfc\\xdfe'; expected "
     "UTF-8 text: save it from the spreadsheet program as \"CSV UTF-8\""),
    (b"value\rok\rx\x81\r",                       # CR ends a line; 0x81 is no Windows-1252 character
     "cards.csv:3: not UTF-8 text: the byte 0x81 in 'x\\x81'; expected UTF-8 text"),
    ("value,note\r\n1,2\r\n".encode("utf-32"), "cards.csv: UTF-32 text (the file starts with the bytes FF FE 00 "
                                               "00, UTF-32's byte-order mark); expected UTF-8 text: save it"),
    ("value,note\r\n1,2\r\n".encode("utf-16-be"), "cards.csv: UTF-16 text (a NUL byte beside every character)"),
    ("value\n1\n".encode("utf-16") + b"2", "cards.csv:3: not UTF-16 text, which its byte-order mark says it "
                                          "is: the last byte, 32, is half of a character"),
    (b"value;note\ta\n1\n", "cards.csv:1: the header row 'value;note\\ta' holds both semicolons and tabs"),
    (b'value;note\n1;"a" b\n', "cards.csv:2: the quoted value '\"a\"' is followed by ' ' after its closing "
                               "quote; expected a semicolon or the end of the line"),
])
def test_a_table_in_another_encoding_or_dialect_is_one_line_naming_it(cli, tmp_path, data, expected):
    """A CSV file saved in Windows-1252 (a spreadsheet program's plain "CSV" in Western
    Europe), UTF-32, or UTF-16 without its byte-order mark (or broken after it) is one
    line naming the encoding, or the line, the bytes and the text around them, and how
    to save it as UTF-8; a header row separated by
    both semicolons and tabs, or a quote wrongly closed in a semicolon-separated file, is
    one line naming the separator."""
    (tmp_path / "cards.csv").write_bytes(data)
    result = cli("build", str(small_deck(tmp_path, "cards.csv")), "--out", str(tmp_path / "out"))
    assert result.status == 2 and "Traceback" not in result.err
    line, = result.err.strip().splitlines()
    assert expected in line, line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("table", [
    'value;note;count\r\n"1,5";Preis 1,5 €;2\r\n2;"a; b";\r\n',      # a spreadsheet program's CSV in Europe
    'value\tnote\tcount\n1,5\tPreis 1,5 €\t2\n2\ta; b\t\n',           # its "Unicode Text", as UTF-8
    '\n;;\n"value";note;count\n"1,5";Preis 1,5 €;2\n2;"a; b";\n',    # empty rows, quoted names
])
def test_a_header_row_without_commas_names_the_separator(tmp_path, table):
    """A file whose header row has no comma but semicolons (or tabs) is read with that
    separator: a decimal comma stays in its value."""
    (tmp_path / "cards.csv").write_text(table, encoding="utf-8", newline="")
    deck = load_deck(str(small_deck(tmp_path, "cards.csv")))
    assert [(c.fields["value"], c.fields["note"]) for c in deck.cards] == [
        ("1,5", "Preis 1,5 €"), ("1,5", "Preis 1,5 €"), ("2", "a; b")]
    (tmp_path / "cards.csv").write_text('value,note\n1;2,"a\tb"\n', encoding="utf-8")    # a comma: as before
    deck = load_deck(str(small_deck(tmp_path, "cards.csv")))
    assert [(c.fields["value"], c.fields["note"]) for c in deck.cards] == [("1;2", "a\tb")]


TABLES = [         # a header row holding commas and semicolons (or tabs), and the fields it names
    ("value;cost, gold\nA;1,5\nB;2\n", {"value": ["A", "B"], "cost, gold": ["1,5", "2"]}),
    ("value\tcost, gold\r\nA\t1,5\r\n", {"value": ["A"], "cost, gold": ["1,5"]}),
    ("value;cost, gold;note, more\nA;1,5;x, y\n", {"value": ["A"], "cost, gold": ["1,5"], "note, more": ["x, y"]}),
    ("value,note (a;b),count\nA,x;y,2\n", {"value": ["A", "A"], "note (a;b)": ["x;y", "x;y"]}),   # more names by commas
    ("value,note;\nA,x;\n", {"value": ["A"], "note;": ["x;"]}),        # a semicolon names one column only
    (";value,note\nA,x\n", {";value": ["A"], "note": ["x"]}),           # a semicolon leaves a name empty
]


def test_the_separator_is_the_one_that_names_the_most_columns(tmp_path):
    """A header row holding commas and semicolons (or tabs) is split by the separator
    that gives it the most names, none empty; a semicolon or a tab rather than a comma
    where they give as many: a name may hold a comma."""
    for table, fields in TABLES:
        (tmp_path / "cards.csv").write_text(table, encoding="utf-8", newline="")
        deck = load_deck(str(small_deck(tmp_path, "cards.csv")))
        assert {name: [card.fields[name] for card in deck.cards] for name in fields} == fields, table
        assert set(deck.cards[0].fields) - {"value"} == set(fields) - {"value", "count"}, table   # (value: a default)


def test_a_yaml_file_that_is_not_utf8_names_its_line_and_byte(cli, tmp_path):
    deck = small_deck(tmp_path, "[{fields: {value: Café}}]")
    deck.write_bytes(deck.read_text(encoding="utf-8").encode("cp1252"))
    result = cli("build", str(deck), "--out", str(tmp_path / "out"))
    line, = result.err.strip().splitlines()
    expected = ("deck.yaml:7: not UTF-8 text: the byte 0xE9 ('é' in Windows-1252) in 'cards: [{fields: "
                "{value: Caf\\xe9}}]'; expected UTF-8 text: save the file as UTF-8")
    assert result.status == 2 and expected in line, line


def test_a_table_not_found_names_the_file_beside_it_in_other_capitals(tmp_path, monkeypatch):
    """`cards: Cards.csv` beside a file cards.csv: found on a system that ignores capitals
    (macOS, Windows), not on Linux; the error names the file there, and a name like
    none of the folder's names none."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.csv").write_text("value\n1\n", encoding="utf-8")
    small_deck(tmp_path, "Cards.csv")
    with pytest.raises(PrintgenError) as error:
        load_deck("deck.yaml")
    assert str(error.value).endswith("cards: Cards.csv: file not found (the folder holds 'cards.csv')"), error.value
    with pytest.raises(PrintgenError) as error:
        load_deck(str(small_deck(tmp_path, "rows.csv")))
    assert str(error.value).endswith("rows.csv: file not found"), error.value


def test_empty_lines_of_a_csv_table_are_not_kept(tmp_path):
    """Every line of a CSV table was kept as a row, empty ones too, until the card rows
    were picked out: 8 MB of empty lines (the largest table file) took 1.4 GB. A row of
    nothing but separators is read and let go."""
    import tracemalloc

    from printgen.spec.cardtable import read_table
    path = tmp_path / "cards.csv"
    path.write_text("a,b\n" + ",\n" * 500_000 + "x,y\n" + "\n" * 500_000 + "z,w\n", encoding="utf-8")
    tracemalloc.start()
    try:
        rows = read_table(path, "cards.csv")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [(row.line, row.fields) for row in rows] == [(500_002, {"a": "x", "b": "y"}),
                                                        (1_000_003, {"a": "z", "b": "w"})]
    assert peak < 20 << 20, f"{peak / 2**20:.0f} MB"        # (the file's text is 1.5 MB; each row kept took 120 bytes)
