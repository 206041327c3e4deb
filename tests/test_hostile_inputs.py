"""Hostile inputs beyond the YAML files (tests/test_hostile_files.py): paths that rules
front matter names, card tables, pictures, sizes, links and addresses. Each case runs
as a real process under a 4 GiB address-space cap (a MemoryError, a traceback or a
hang shows there) and must end in exit status 2 with one line naming the file (and
the key or row), no traceback, nothing of a refused file shown, nothing written."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from cputime import cpu_seconds

FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
DECK = "name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n  - fields: {a: b}\n"
TABLE_DECK = "name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards: cards.TYPE\n"
PASSWD = "../../../../../../../../../../etc/passwd"
LEAKED = ("root:", "/bin/bash", "nologin")          # what /etc/passwd holds
MEMORY = 4 << 30


def _cap_memory() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def printgen(folder: Path, *args: str, out: bool = True) -> subprocess.CompletedProcess:
    """printgen in a process of its own, run in folder, writing into folder/out."""
    extra = ["--out", str(folder / "out")] if out else []
    return subprocess.run([sys.executable, "-m", "printgen", *args, *extra], capture_output=True, text=True,
                          timeout=60, cwd=folder, check=False,
                          preexec_fn=_cap_memory if sys.platform == "linux" else None)


def files_in(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and link below folder (but out/): size and time, links not followed."""
    found = {}
    for path in folder.rglob("*"):
        if "out" not in path.relative_to(folder).parts[:1]:
            info = path.lstat()
            found[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns)
    return found


def deck_with(folder: Path, deck: str = DECK, face: str = FACE) -> Path:
    (folder / "face.yaml").write_text(face, encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text(deck, encoding="utf-8")
    return path


def assert_one_located_error(result: subprocess.CompletedProcess, folder: Path, before: dict,
                             *named: str) -> str:
    """Exit 2, one stderr line naming each of `named`, no traceback, nothing of
    /etc/passwd shown, no out folder, no file of folder changed."""
    assert result.returncode == 2, (result.returncode, result.stderr[-800:])
    assert "Traceback" not in result.stderr
    line, = result.stderr.strip().splitlines()
    assert line.startswith("printgen: error: "), line
    for text in named:
        assert text in line, (text, line)
    for text in LEAKED:
        assert text not in result.stderr and text not in result.stdout, line
    assert not (folder / "out").exists()
    assert files_in(folder) == before
    return line


# -- paths that a rules text's front matter names ------------------------------------------------

RULES = "---\nKEY: VALUE\n---\n# Rules\n\nPlay the game.\n"

FRONT_MATTER = {
    "deck up and out to /etc/passwd": ("deck", PASSWD, [], "lies outside the folder"),
    "deck absolute /etc/passwd": ("deck", "/etc/passwd", [], "lies outside the folder"),
    "deal up and out to /etc/passwd": ("deal", PASSWD, [], "lies outside the folder"),
    "deal up and out, with --deal": ("deal", PASSWD, ["--deal", "1"], "lies outside the folder"),
    "deal absolute /etc/passwd": ("deal", "/etc/passwd", [], "lies outside the folder"),
    "deal address": ("deal", "file:///etc/passwd", [], "not an address"),
    "deal home folder": ("deal", "~/.bashrc", [], "a ~ is not expanded to a home folder"),
    "deal linking to itself": ("deal", "loop.md", ["--deal", "1"], "expected a Markdown file"),
    "deal linking out": ("deal", "out-link.md", ["--deal", "1"], "is a link that leads out of the folder"),
    "deck linking out": ("deck", "out-link.yaml", [], "is a link that leads out of the folder"),
    "deck name of a file in the current folder": ("deck", "passwd", [], "unknown deck 'passwd'"),
}


@pytest.mark.parametrize("case", sorted(FRONT_MATTER))
def test_a_path_in_rules_front_matter_is_confined_to_the_rules_folder(tmp_path: Path, case: str) -> None:
    key, value, args, expected = FRONT_MATTER[case]
    game = tmp_path / "downloads" / "game"
    game.mkdir(parents=True)
    rules = game / "rules.md"
    rules.write_text(RULES.replace("KEY", key).replace("VALUE", f"'{value}'"), encoding="utf-8")
    os.symlink("loop.md", game / "loop.md")
    os.symlink("/etc/passwd", game / "out-link.md")
    os.symlink("/etc/passwd", game / "out-link.yaml")
    os.symlink("/etc/passwd", game / "passwd")
    before = files_in(game)
    result = printgen(game, "rules", "rules.md", *args)
    assert_one_located_error(result, game, before, f"rules.md:2 {key}:", expected)


def test_a_deck_and_deal_beside_the_rules_text_are_found_from_its_folder(tmp_path: Path) -> None:
    """The same keys, rightly used, from another current folder: the files beside the
    rules text are the ones read."""
    game = tmp_path / "game"
    game.mkdir()
    deck_with(game)
    (game / "deal.md").write_text("## Deal {{ number }}\n\nSet out the cards.\n", encoding="utf-8")
    (game / "rules.md").write_text("---\ndeck: deck.yaml\ndeal: deal.md\n---\n# Rules\n\nPlay.\n",
                                   encoding="utf-8")
    result = printgen(tmp_path, "rules", "game/rules.md", "--deal", "3")
    assert result.returncode == 0, result.stderr
    assert list((tmp_path / "out").glob("rules-deal-3-rules-*.pdf"))


@pytest.mark.parametrize("case", ["original rules linking to itself", "deal file linking to itself"])
def test_a_file_that_links_to_itself_is_one_located_error(tmp_path: Path, case: str) -> None:
    os.symlink("self.md", tmp_path / "self.md")
    before = files_in(tmp_path)
    if case.startswith("original"):
        result = printgen(tmp_path, "rules", "jedi-temple", "--original", "self.md")
    else:
        result = printgen(tmp_path, "solve", "--rules", "pyramid", "--deck", "self.md", out=False)
    assert_one_located_error(result, tmp_path, before, "self.md: a symbolic link that leads round to itself")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs fifos")
@pytest.mark.parametrize("case", ["original rules that are a fifo", "original rules that are a device"])
def test_original_rules_that_are_no_regular_file_are_never_opened(tmp_path: Path, case: str) -> None:
    if case.endswith("fifo"):
        os.mkfifo(tmp_path / "original.md")
        name, kind = "original.md", "a fifo"
    else:
        name, kind = "/dev/zero", "a device"
    before = files_in(tmp_path)
    result = printgen(tmp_path, "rules", "jedi-temple", "--original", name)
    assert_one_located_error(result, tmp_path, before, f"{name}: not a regular file ({kind})")


# -- card tables --------------------------------------------------------------------------------

WHOLE = "cards.csv:2 count: expected a whole number of copies from 0 to 10000, got"
CSV_TABLES = {
    "superscript two as a count": ("a,count\nx,\u00b2\n", WHOLE),        # '²'.isdigit() is True
    "Arabic-Indic three as a count": ("a,count\nx,\u0663\n", WHOLE),
    "count of 5,000 digits": ("a,count\nx," + "9" * 5000 + "\n", WHOLE),    # int() refuses over 4,300
    "every count 0": ("a,count\nx,0\ny,0\n", "cards.csv:1 count: every row's count is 0"),
    "a header and no rows": ("a,count\n", "cards.csv:1: a header row and no card rows"),
    "NUL inside a cell": ("a,b\nx,y\0z\n", "cards.csv:2 b: a NUL character"),
    "NUL in the header": ("a,b\0c\nx,y\n", "cards.csv:1: column 2's name holds a NUL character"),
}


@pytest.mark.parametrize("case", sorted(CSV_TABLES))
def test_a_bad_csv_table_is_one_located_error(tmp_path: Path, case: str) -> None:
    text, expected = CSV_TABLES[case]
    (tmp_path / "cards.csv").write_bytes(text.encode("utf-8"))
    deck = deck_with(tmp_path, TABLE_DECK.replace("TYPE", "csv"))
    before = files_in(tmp_path)
    assert_one_located_error(printgen(tmp_path, "build", str(deck)), tmp_path, before, "deck.yaml:5", expected)


def formula_book(path: Path) -> None:
    """A workbook written by a program that saves formulas and no values (openpyxl)."""
    import openpyxl
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["a", "count"])
    sheet.append(["x", "=1+1"])
    book.save(path)


def padded_book(path: Path, rows: int, header: list[str] | None = None) -> None:
    """A sheet written cell by cell out to column XFD on every row (some exporters
    write every empty cell), its dimension claiming all 16,384 columns."""
    from openpyxl.utils import get_column_letter
    letters = [get_column_letter(i) for i in range(1, 16385)]

    def row(number: int, values: list[str]) -> str:
        cells = [f'<c r="{letter}{number}" t="inlineStr"><is><t>{value}</t></is></c>' if value else
                 f'<c r="{letter}{number}"/>' for letter, value in zip(letters, values + [""] * 16384)]
        return f'<row r="{number}">' + "".join(cells) + "</row>"

    header = header or ["a"]
    sheet = ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
             f'spreadsheetml/2006/main"><dimension ref="A1:XFD{rows}"/><sheetData>'
             + row(1, header) + "".join(row(n, [f"card {n}"]) for n in range(2, rows + 1))
             + "</sheetData></worksheet>")
    formula_book(path)                   # a workbook's other parts, then its sheet replaced
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    parts["xl/worksheets/sheet1.xml"] = sheet.encode("utf-8")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def swollen_book(path: Path, part: str, end: bytes, record: bytes, records: int) -> None:
    """A workbook of one card whose part holds records more short records before its
    end tag (a 2-row table whose part unpacks to tens of megabytes)."""
    formula_book(path)
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    if part == "xl/sharedStrings.xml":         # (openpyxl writes its strings in the sheet: add the part)
        parts[part] = b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"></sst>'
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"</Types>", (
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sharedStrings+xml"/></Types>').encode())
        parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(b"</Relationships>", (
            '<Relationship Id="rIdStrings" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            'relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>').encode())
    assert end in parts[part]
    parts[part] = parts[part].replace(end, record * records + end)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def xlsx_case(folder: Path, case: str) -> None:
    path = folder / "cards.xlsx"
    if case == "formula with no saved value":
        formula_book(path)
    elif case == "a fifo":
        os.mkfifo(path)
    elif case == "a link to itself":
        os.symlink("cards.xlsx", path)
    elif case == "rows padded with cells out to column XFD":
        padded_book(path, 70)                # 1.1 million cells, each written out
    elif case == "a header of 16,384 names":
        padded_book(path, 2, [f"f{i}" for i in range(16384)])
    elif case == "a text file":
        path.write_text("a,count\nx,1\n", encoding="utf-8")
    elif case == "2 million cell formats in styles.xml":
        swollen_book(path, "xl/styles.xml", b"</cellXfs>", b'<xf numFmtId="0"/>', 2_000_000)   # a minute, 1.6 GB
    elif case == "3.5 million shared strings":
        swollen_book(path, "xl/sharedStrings.xml", b"</sst>", b"<si><t>a</t></si>", 3_500_000)  # 45 s


XLSX_TABLES = {
    "formula with no saved value": "cards.xlsx:2 count: cell B2 holds a formula with no saved value",
    "a fifo": "cards.xlsx: not a regular file (a fifo)",
    "a link to itself": "cards.xlsx: a symbolic link that leads round to itself",
    "rows padded with cells out to column XFD": "cards.xlsx: its sheets hold 1,146,880 cells",
    "a header of 16,384 names": "cards.xlsx:1: more than 1000 columns",
    "a text file": "cards.xlsx: not a readable XLSX workbook",
    "2 million cell formats in styles.xml": "cards.xlsx: its part xl/styles.xml holds 2,000,",
    "3.5 million shared strings": "cards.xlsx: its part xl/sharedStrings.xml holds 7,000,",
}


@pytest.mark.parametrize("case", sorted(XLSX_TABLES))
def test_a_bad_xlsx_table_is_one_located_error_within_seconds(tmp_path: Path, case: str) -> None:
    if case == "a fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("needs fifos")
    xlsx_case(tmp_path, case)
    deck = deck_with(tmp_path, TABLE_DECK.replace("TYPE", "xlsx"))
    before = files_in(tmp_path)
    start = cpu_seconds()
    result = printgen(tmp_path, "build", str(deck))
    assert cpu_seconds() - start < 30
    assert_one_located_error(result, tmp_path, before, "deck.yaml:5", XLSX_TABLES[case])


def test_a_sheet_padded_to_column_xfd_is_read_as_wide_as_its_header(tmp_path: Path) -> None:
    """Three cards whose rows go on, empty, to column XFD: read at the header's width."""
    padded_book(tmp_path / "cards.xlsx", 4)
    deck = deck_with(tmp_path, TABLE_DECK.replace("TYPE", "xlsx"))
    start = cpu_seconds()
    result = printgen(tmp_path, "build", str(deck), "--only", "pdf")
    assert result.returncode == 0, result.stderr
    assert cpu_seconds() - start < 30
    assert "t: 3 cards" in result.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs fifos")
def test_a_csv_table_that_is_a_fifo_is_never_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "cards.csv")
    deck = deck_with(tmp_path, TABLE_DECK.replace("TYPE", "csv"))
    before = files_in(tmp_path)
    assert_one_located_error(printgen(tmp_path, "build", str(deck)), tmp_path, before,
                             "deck.yaml:5", "cards.csv: not a regular file (a fifo)")


# -- pictures and sizes -------------------------------------------------------------------------

IMAGE = "  - {kind: image, src: SRC, x: 0mm, y: 0mm, w: 20mm, h: 20mm}\n"


def noise_png(path: Path, size: int = 200) -> bytes:
    from PIL import Image
    Image.frombytes("RGB", (size, size), os.urandom(size * size * 3)).save(path)
    return path.read_bytes()


def picture_case(folder: Path, case: str) -> str:
    """The picture file for a case; the face that places it."""
    path = folder / "art.png"
    if case == "truncated PNG":
        data = noise_png(path)
        path.write_bytes(data[:len(data) // 2])
    elif case == "text named .png":
        path.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    elif case == "picture linking to itself":
        os.symlink("art.png", path)
    elif case == "picture linking out":
        os.symlink("/etc/passwd", path)
    elif case == "picture that is a fifo":
        os.mkfifo(path)
    return FACE + IMAGE.replace("SRC", "art.png")


PICTURES = {
    "truncated PNG": "the picture is damaged or cut short",
    "text named .png": "not a picture printgen can read",
    "picture linking to itself": "image 'art.png'",
    "picture linking out": "is a link that leads out of the folder",
    "picture that is a fifo": "image 'art.png'",
}


@pytest.mark.parametrize("case", sorted(PICTURES))
@pytest.mark.parametrize("output", ["pdf", "png"])
def test_a_bad_picture_is_one_located_error(tmp_path: Path, case: str, output: str) -> None:
    if case == "picture that is a fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("needs fifos")
    deck = deck_with(tmp_path, face=picture_case(tmp_path, case))
    before = files_in(tmp_path)
    result = printgen(tmp_path, "build", str(deck), "--only", output)
    assert_one_located_error(result, tmp_path, before, "face.yaml:3 elements[1].src", PICTURES[case])


def test_printgens_own_files_outside_its_decks_and_templates_are_outside_a_deck(tmp_path: Path) -> None:
    """A stranger's deck may name printgen's built-in decks and templates, nothing else of
    its installation (in a source checkout, not the whole repository)."""
    from printgen.builtin import data_root
    root = data_root()
    private = next(path for path in sorted(root.iterdir()) if path.is_file())
    os.symlink(private, tmp_path / "art.png")
    deck = deck_with(tmp_path, face=FACE + IMAGE.replace("SRC", "art.png"))
    before = files_in(tmp_path)
    result = printgen(tmp_path, "build", str(deck), "--only", "pdf")
    assert_one_located_error(result, tmp_path, before, "face.yaml:3 elements[1].src", "is a link that leads out of the folder")


@pytest.mark.parametrize("command", ["build", "showcase"])
def test_a_three_metre_card_is_refused_at_its_size(tmp_path: Path, command: str) -> None:
    deck = deck_with(tmp_path, DECK.replace("size: poker", "size: {width: 3000mm, height: 3000mm}"))
    before = files_in(tmp_path)
    args = ["--only", "png"] if command == "build" else []
    line = assert_one_located_error(printgen(tmp_path, command, str(deck), *args), tmp_path, before,
                                    "deck.yaml:2 size:", "expected at most 50,000,000 pixels")
    assert "MemoryError" not in line


def test_a_showcase_too_large_to_draw_is_refused_before_drawing(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, DECK.replace("size: poker", "size: {width: 580mm, height: 580mm}")
                     .replace("  - fields: {a: b}\n", "  - fields: {a: b}\n    count: 12\n"))
    before = files_in(tmp_path)
    result = printgen(tmp_path, "showcase", str(deck), "--cards", "1-12", "--dpi", "300")
    assert_one_located_error(result, tmp_path, before, "deck.yaml:2 size:", "a showcase of 12 cards")


def test_a_large_icon_used_60_times_is_decoded_once(tmp_path: Path) -> None:
    """An icon of 16 million pixels set 60 times on a face (and on the back): decoded
    and resized once, not 120 times (which took minutes)."""
    from PIL import Image
    Image.new("RGB", (4000, 4000), "#ff8800").save(tmp_path / "coin.png")
    face = ("icons: {coin: coin.png}\n" + FACE + "  - {kind: text, markup: true, text: \""
            + ":coin: " * 60 + "\", x: 2mm, y: 2mm, w: 55mm, h: 80mm, size: 6pt}\n")
    deck = deck_with(tmp_path, face=face)
    start = cpu_seconds()
    result = printgen(tmp_path, "build", str(deck), "--only", "png,pdf")
    assert result.returncode == 0, result.stderr[-500:]
    assert cpu_seconds() - start < 30
    assert len(list((tmp_path / "out" / "png").glob("*.png"))) == 2


# -- links in the gallery, and --url-base --------------------------------------------------------

def test_gallery_links_are_relative_percent_encoded_paths(tmp_path: Path) -> None:
    """A file named javascript:alert(1), and a stranger's proof record listing such
    names, give links that stay files of the folder."""
    import json
    import re
    out = tmp_path / "out"
    out.mkdir()
    (out / "javascript:alert(1)").write_text("x", encoding="utf-8")
    (out / 'a"b <c>.pdf').write_bytes(b"%PDF-1.4\n")
    record = {"printgen_proof": 1, "deck": "x", "title": "X", "label": "home print", "image_mm": [63, 88],
              "cards": [["card", "javascript:alert(2)", "data:text/html,<script>alert(3)</script>"]],
              "files": ["javascript:alert(4)"], "findings": [], "folders": []}
    (out / ".proof-x-home-print.json").write_text(json.dumps(record), encoding="utf-8")
    before = files_in(tmp_path)
    result = printgen(tmp_path, "gallery")
    assert result.returncode == 0, result.stderr
    page = (out / "index.html").read_text(encoding="utf-8")
    addresses = re.findall(r'(?:href|src|data-src)="([^"]*)"', page)
    assert addresses and all(a.startswith(("./", "#", "_gallery/live.js")) for a in addresses), addresses
    assert "javascript:" not in "".join(addresses) and "data:" not in "".join(addresses)
    assert "./javascript%3Aalert%281%29" in addresses
    assert "<script>alert" not in page
    assert files_in(tmp_path) == before


BAD_URLS = {
    "double quote": 'https://example.org/"x',
    "single quote": "https://example.org/'x",
    "control character": "https://example.org/\x07x",
    "line break": "https://example.org/x\ny",
    "space": "https://example.org/a b",
    "backslash": "https://example.org\\x",
    "no host": "https:///decks",
    "scheme only": "https://",
    "javascript": "javascript:alert(1)",
    "ftp": "ftp://example.org/x",
    "port not a number": "https://example.org:port/x",
    "right-to-left override": "https://example.org/\u202ex",
}


@pytest.mark.parametrize("case", sorted(BAD_URLS))
def test_a_bad_url_base_is_refused(tmp_path: Path, case: str) -> None:
    deck = deck_with(tmp_path)
    before = files_in(tmp_path)
    result = printgen(tmp_path, "build", str(deck), "--for", "tts", "--url-base", BAD_URLS[case])
    assert_one_located_error(result, tmp_path, before, "--url-base: got ")


def test_a_good_url_base_names_the_sheets_under_it(tmp_path: Path) -> None:
    import json
    deck = deck_with(tmp_path)
    result = printgen(tmp_path, "build", str(deck), "--for", "tts", "--url-base", "https://example.org/decks/")
    assert result.returncode == 0, result.stderr
    saved = (tmp_path / "out" / "tts" / "t-tts.json").read_text(encoding="utf-8")
    assert "https://example.org/decks/t-tts-sheet-1.png" in saved and "file:" not in saved
    json.loads(saved)


def stranger_project(game: Path, case: str) -> str:
    """A project whose deck, die, face template or fonts file named `secret` links to
    /etc/passwd; the name of the deck to build."""
    (game / "decks" / "dice").mkdir(parents=True)
    (game / "templates").mkdir()
    if case == "deck by name":
        os.symlink(PASSWD, game / "decks" / "secret.yaml")
        return "secret"
    deck = deck_with(game / "decks")
    if case == "die by name":
        deck.write_text(deck.read_text(encoding="utf-8") + "dice: [secret]\n", encoding="utf-8")
        os.symlink(PASSWD, game / "decks" / "dice" / "secret.yaml")
    elif case == "template by name":
        deck.write_text(deck.read_text(encoding="utf-8").replace("face: face.yaml", "face: secret"),
                        encoding="utf-8")
        os.symlink(PASSWD, game / "templates" / "secret.yaml")
    else:
        (game / "fonts").mkdir()
        os.symlink(PASSWD, game / "fonts" / "fonts.yaml")
    return "deck"


@pytest.mark.parametrize("case", ["deck by name", "die by name", "template by name", "fonts file"])
def test_a_file_found_by_name_that_links_out_of_its_project_is_never_read(tmp_path: Path, case: str) -> None:
    """A project sent by a stranger: a file printgen finds by its name (a deck, the die
    a deck names, its face template, the project's fonts/fonts.yaml) links to a private
    file outside it. It is one located error, with nothing of the file read into it;
    `printgen list` says so and lists the rest."""
    game = tmp_path / "game"
    name = stranger_project(game, case)
    before = files_in(game)
    result = printgen(game, "build", name)
    assert_one_located_error(result, game, before, "link that leads out of", "never followed")
    listed = printgen(game, "list", out=False)
    assert "sabacc-62" in listed.stdout and not any(text in listed.stderr + listed.stdout for text in LEAKED)


@pytest.mark.parametrize("verb, path", [("build", "decks/secret.yaml"), ("rules", "decks/rules/secret.md"),
                                        ("build", "decks/rules/../secret.yaml"),
                                        ("rules", "decks/rules/../rules/secret.md"), ("rules", "rules/secret.md")])
def test_a_project_s_file_given_by_its_path_that_links_out_is_never_read(tmp_path: Path, verb: str,
                                                                         path: str) -> None:
    """The same link typed as a path (a downloaded project's decks/secret.yaml), however
    the path is written: through '..', or through the project's own link rules ->
    decks/rules. Refused, and nothing of the linked file read into a message or a PDF."""
    game = tmp_path / "game"
    (game / "decks" / "rules").mkdir(parents=True)
    os.symlink("decks/rules", game / "rules")
    os.symlink(PASSWD, game / "decks" / "secret.yaml")
    os.symlink("../" + PASSWD, game / "decks" / "rules" / "secret.md")
    before = files_in(game)
    result = printgen(game, verb, path)
    assert_one_located_error(result, game, before, path, "link that leads out of", "never followed")


def test_a_folder_named_fonts_is_no_project(tmp_path: Path) -> None:
    """A deck unpacked into ~/fonts/pack/ (no project: no decks/ or templates/ above
    it) names an image two folders up: refused as outside its folder, as before."""
    pack = tmp_path / "fonts" / "pack"
    pack.mkdir(parents=True)
    noise_png(tmp_path / "private.png", 20)
    (pack / "face.yaml").write_text("elements:\n  - {kind: image, x: 0mm, y: 0mm, w: 9mm, h: 9mm, "
                                    "src: ../../private.png}\n", encoding="utf-8")
    (pack / "deck.yaml").write_text(DECK, encoding="utf-8")
    before = files_in(pack)
    result = printgen(pack, "build", "deck.yaml", "--only", "png")
    assert_one_located_error(result, pack, before, "face.yaml:2", "lies outside the folder")


def test_a_die_path_out_of_the_deck_s_folder_names_the_deck_once(tmp_path: Path) -> None:
    """A deck's `dice:` path up and out to /etc/passwd: one line, located at the deck's
    line and key, which names the deck file once (the location says which file)."""
    deck = deck_with(tmp_path)
    deck.write_text(deck.read_text(encoding="utf-8") + "dice: [../../../../../../etc/passwd]\n", encoding="utf-8")
    before = files_in(tmp_path)
    line = assert_one_located_error(printgen(tmp_path, "build", str(deck)), tmp_path, before,
                                    "deck.yaml:", "dice[0]: die '../", "lies outside the folder")
    assert line.count("deck.yaml") == 2, line       # the location, and the folder it names


def test_links_inside_a_project_are_followed(tmp_path: Path) -> None:
    """A project's deck that links to a deck file kept elsewhere in the project, with
    a die found beside decks/: it builds."""
    game = tmp_path / "game"
    (game / "decks" / "dice").mkdir(parents=True)
    (game / "templates").mkdir()
    (game / "common").mkdir()
    deck = deck_with(game / "common")
    deck.write_text(deck.read_text(encoding="utf-8").replace("face.yaml", "../common/face.yaml")
                    + "dice: [plain]\n", encoding="utf-8")
    (game / "decks" / "dice" / "plain.yaml").write_text(
        "name: plain\ntemplate: spike-die\nedge: 16mm\ntab: 4mm\nfaces:\n"
        + "".join(f"  - {{pips: '{n}'}}\n" for n in range(1, 7)), encoding="utf-8")
    os.symlink("../common/deck.yaml", game / "decks" / "linked.yaml")
    result = printgen(game, "build", "linked")
    assert result.returncode == 0, result.stderr


def test_a_template_linked_within_its_project_names_the_project_s_files(tmp_path: Path) -> None:
    """templates/face.yaml is a link to common/tpl/face.yaml, in the project, whose image
    is ../img/dot.png from where it lies: found, and the deck builds."""
    game = tmp_path / "game"
    (game / "common" / "tpl").mkdir(parents=True)
    (game / "common" / "img").mkdir()
    (game / "templates").mkdir()
    (game / "decks").mkdir()
    noise_png(game / "common" / "img" / "dot.png", 20)
    (game / "common" / "tpl" / "face.yaml").write_text(
        "elements:\n  - {kind: image, x: 5mm, y: 5mm, w: 20mm, h: 20mm, src: ../img/dot.png}\n", encoding="utf-8")
    os.symlink("../common/tpl/face.yaml", game / "templates" / "face.yaml")
    (game / "decks" / "d.yaml").write_text(DECK.replace("face.yaml", "face"), encoding="utf-8")
    result = printgen(game, "build", "d", "--only", "pdf")
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("verb", ["build", "dice", "rules", "booklet", "aid"])
def test_a_name_too_long_for_the_system_is_one_line(tmp_path: Path, verb: str) -> None:
    before = files_in(tmp_path)
    result = printgen(tmp_path, verb, "z" * 300)
    line = assert_one_located_error(result, tmp_path, before, "(300 characters)")
    assert len(line) < 400, line


LONG = "v" * 300


@pytest.mark.parametrize("case", ["face", "fonts", "rules image", "rules deck", "new"])
def test_a_name_too_long_written_in_a_file_is_one_located_line(tmp_path: Path, case: str) -> None:
    """A 300-character name where a file is named (a deck's face template, a font, an
    image or deck in a rules text, a new project's name): one line, located where the
    name is written in a file, exit 2; never the system's traceback."""
    deck = deck_with(tmp_path)
    args = ["build", "deck.yaml"]
    if case == "face":
        deck.write_text(DECK.replace("face: face.yaml", f"face: {LONG}"), encoding="utf-8")
        where = "deck.yaml:3 face"
    elif case == "fonts":
        deck.write_text(DECK + f"fonts:\n  body: {LONG}.ttf\n", encoding="utf-8")
        where = "deck.yaml:8 fonts.body"
    else:
        front = f"deck: {LONG}\n" if case == "rules deck" else ""
        body = f"![x]({LONG}.png)\n" if case == "rules image" else "Play.\n"
        (tmp_path / "rules.md").write_text(f"---\ntitle: T\n{front}---\n# R\n\n{body}", encoding="utf-8")
        args = ["rules", "rules.md"] if case != "new" else ["new", LONG]
        where = {"rules deck": "rules.md:3 deck", "rules image": "rules.md:6", "new": ""}[case]
    before = files_in(tmp_path)
    result = printgen(tmp_path, *args, out=case != "new")
    line = assert_one_located_error(result, tmp_path, before, where, "(30")
    assert len(line) < 400, line


ROLLS = "1,1 " * 75        # 300 characters, 75 rolls


@pytest.mark.parametrize("rules,expected", [("jedi-temple", "--rolls: '' gives 0 rolls; expected 3 rolls"),
                                            ("pyramid", "--rolls: '': Pyramid has no Force rolls")])
def test_an_empty_rolls_option_is_not_taken_for_none(tmp_path: Path, rules: str, expected: str) -> None:
    """solve --rolls "" (a variable left empty in a script) was read as no --rolls at all:
    a Jedi Temple deal decided with an empty Force pool, saying nothing."""
    before = files_in(tmp_path)
    result = printgen(tmp_path, "solve", "--rules", rules, "--deck", "deal.txt", "--rolls", "", out=False)
    assert_one_located_error(result, tmp_path, before, expected)


@pytest.mark.parametrize("args", [["build", "kerton-42", "--paper", LONG], ["docs", LONG],
                                  ["build", "kerton-42", "--lang", LONG],
                                  ["solve", "--rules", "jedi-temple", "--deck", "deal.txt", "--rolls", ROLLS],
                                  ["solve", "--rules", "pyramid", "--deck", "deal.txt", "--rolls", ROLLS]])
def test_a_long_option_value_is_quoted_short(tmp_path: Path, args: list[str]) -> None:
    before = files_in(tmp_path)
    result = printgen(tmp_path, *args, out=args[0] not in ("docs", "solve"))
    line = assert_one_located_error(result, tmp_path, before, "(300 characters)")
    assert len(line) < 300, line


def test_a_deck_name_too_long_says_so(tmp_path: Path) -> None:
    deck = deck_with(tmp_path)
    deck.write_text(DECK.replace("name: t", "name: " + "n" * 250), encoding="utf-8")
    before = files_in(tmp_path)
    line = assert_one_located_error(printgen(tmp_path, "build", "deck.yaml"), tmp_path, before,
                                    "deck.yaml:1 name", "at most 100 characters", "(250 characters)")
    assert len(line) < 300, line
