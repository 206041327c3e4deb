"""A rules text's front matter `lang:` and `deck:`: a language that is no code is one
located line, as in a deck, and nothing is written; a deck's name is looked up in the
text's own project whatever the current folder, then as `printgen build NAME` finds
it; `deck: ""` is an error; the note for a language printgen has no words in names
the text's `lang:` line; `contents: N` makes a booklet's contents list headings down
to level N (read back from its contents page), and a bad N is one located line."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from test_languages import one_error

from printgen.errors import PrintgenError
from printgen.products.rules import find_rules
from printgen.spec import load_deck

BAD = [("ar_EG", "'ar_EG'"), ("42", "'42'"), ("english", "'english'"), ("AR", "'AR'"), ('""', "''"),
       ("en-", "'en-'"), ("[en]", "['en']")]          # (as written, as the error shows it)
GOOD = ["ar", "de", "pt-BR", "zh-Hant"]


def text(path: Path, front: str, body: str = "# Rules\n\nTurn two cards over.\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\ntitle: Lanterns\n{front}---\n\n{body}", encoding="utf-8")
    return path


def deck(folder: Path, name: str, size: str) -> Path:
    """A deck of two cards, its templates beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "f.yaml").write_text("elements: []\n")
    (folder / f"{name}.yaml").write_text(f"name: {name}\nsize: {size}\nface: f.yaml\nback: f.yaml\n"
                                         f"cards:\n  - {{fields: {{name: a}}}}\n  - {{fields: {{name: b}}}}\n")
    return folder / f"{name}.yaml"


def deck_accepts(tmp_path: Path, lang: str) -> bool:
    """Whether a deck with this `lang:` loads."""
    path = deck(tmp_path / "deck", "d", "poker")
    path.write_text(path.read_text() + f"lang: {lang}\n")
    try:
        load_deck(str(path))
    except PrintgenError:
        return False
    return True


@pytest.mark.parametrize("command", ["rules", "booklet"])
@pytest.mark.parametrize(("lang", "shown"), BAD)
def test_a_lang_that_is_no_language_code_is_one_located_line(cli, tmp_path, command, lang, shown):
    """As a deck's `lang:`: the text's file and line, the value, and nothing written."""
    assert not deck_accepts(tmp_path, lang)
    path = text(tmp_path / "mine.md", f"deck: sabacc-62\nlang: {lang}\n")
    out = tmp_path / "out"
    one_error(cli(command, str(path), "--out", str(out)), "mine.md:4 lang", f"got {shown}")
    assert not out.exists()


@pytest.mark.parametrize("lang", GOOD)
def test_a_lang_a_deck_accepts_a_rules_text_accepts(tmp_path, lang):
    assert deck_accepts(tmp_path, lang)
    assert find_rules(str(text(tmp_path / "mine.md", f"lang: {lang}\n"))).lang == lang


def test_a_decks_build_refuses_its_rules_text_s_bad_lang(cli, tmp_path):
    folder = tmp_path / "proj" / "decks"
    path = deck(folder, "mine", "poker")
    path.write_text(path.read_text() + "rules: [mine]\n")
    text(folder / "rules" / "mine.md", "lang: ar_EG\n")
    out = tmp_path / "out"
    one_error(cli("build", str(path), "--only", "rules", "--out", str(out)), "mine.md:3 lang", "'ar_EG'")
    assert not out.exists()


@pytest.fixture
def projects(tmp_path, monkeypatch) -> Path:
    """A project holding a rules text whose `deck: mine` is its own bridge-size deck,
    inside a folder that is a project too, with a poker-size deck of the same name and
    one of its own: the outer folder is the current folder."""
    deck(tmp_path / "proj" / "decks", "mine", "bridge")
    text(tmp_path / "proj" / "decks" / "rules" / "x.md", "deck: mine\n")
    deck(tmp_path / "decks", "mine", "poker")
    deck(tmp_path / "decks", "outer", "bridge")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_deck_name_is_found_in_the_text_s_own_project_from_another_folder(cli, projects, monkeypatch):
    """From the outer folder the text takes its own project's deck (bridge panels), and
    its leaflet is the same bytes as when built from inside its project."""
    assert Path(find_rules("proj/decks/rules/x.md").deck or "") == (projects / "proj" / "decks" / "mine.yaml").resolve()
    assert cli("rules", "proj/decks/rules/x.md", "--out", "outer", "-q").status == 0
    monkeypatch.chdir(projects / "proj")
    assert cli("rules", "decks/rules/x.md", "--out", "../inner", "-q").status == 0
    made = sorted(path.name for path in (projects / "outer").glob("*.pdf"))
    assert made == ["x-rules-bridge-a4.pdf"] == sorted(path.name for path in (projects / "inner").glob("*.pdf"))
    assert (projects / "outer" / made[0]).read_bytes() == (projects / "inner" / made[0]).read_bytes()


def test_a_deck_name_its_project_lacks_is_found_as_before(projects):
    """A name only the current folder's project has, and a built-in deck's name."""
    text(projects / "proj" / "decks" / "rules" / "y.md", "deck: outer\n")
    text(projects / "proj" / "decks" / "rules" / "z.md", "deck: sabacc-62\n")
    assert Path(find_rules("proj/decks/rules/y.md").deck or "") == (projects / "decks" / "outer.yaml").resolve()
    assert Path(find_rules("proj/decks/rules/z.md").deck or "").name == "sabacc-62.yaml"


def test_a_deck_path_stays_relative_to_the_text(projects):
    text(projects / "proj" / "decks" / "rules" / "y.md", "deck: ../mine.yaml\n")
    assert Path(find_rules("proj/decks/rules/y.md").deck or "") == (projects / "proj" / "decks" / "mine.yaml").resolve()


@pytest.mark.parametrize("value", ['""', "' '"])
def test_an_empty_deck_is_one_located_line(cli, tmp_path, value):
    path = text(tmp_path / "mine.md", f"deck: {value}\n")
    out = tmp_path / "out"
    one_error(cli("rules", str(path), "--out", str(out)), "mine.md:3 deck")
    assert not out.exists()


def test_an_unknown_deck_names_the_text_s_project_s_decks(cli, projects):
    deck(projects / "proj" / "decks", "inner", "poker")
    text(projects / "proj" / "decks" / "rules" / "y.md", "deck: nowhere\n")
    line = one_error(cli("rules", "proj/decks/rules/y.md", "--out", "out"), "y.md:3 deck", "'nowhere'")
    assert all(name in line for name in ("inner", "mine", "outer", "sabacc-62")), line
    assert not (projects / "out").exists()


@pytest.mark.parametrize("inside", [False, True])
def test_a_deck_name_that_is_a_link_out_of_its_project_is_refused(cli, projects, monkeypatch, inside):
    """A project's decks/secret.yaml that links to a file outside the project (a
    private file of the user's, here a YAML text): the text naming it is one located
    line, from inside the project or from the outer folder, and nothing of the file
    is read into the message."""
    private = projects / "private.yaml"
    private.write_text("password: hunter2\n", encoding="utf-8")
    (projects / "proj" / "decks" / "secret.yaml").symlink_to(private)
    text(projects / "proj" / "decks" / "rules" / "y.md", "deck: secret\n")
    if inside:
        monkeypatch.chdir(projects / "proj")
    where = "decks/rules/y.md" if inside else "proj/decks/rules/y.md"
    line = one_error(cli("rules", where, "--out", "out"), "y.md:3 deck", "'secret'")
    assert "hunter2" not in line and "link" in line, line
    assert not (projects / "out").exists() and not (projects / "proj" / "out").exists()


def test_a_long_value_is_shown_short(cli, tmp_path):
    """A deck file holding one long line (say a file that is no deck at all) is one
    line naming it, with the start of the value and its length, not the whole value."""
    path = tmp_path / "long.yaml"
    path.write_text("x" * 5000 + "\n", encoding="utf-8")
    line = one_error(cli("build", str(path), "--out", str(tmp_path / "out")), "long.yaml:1")
    assert "5,000 characters" in line and len(line) < 300, line


@pytest.mark.parametrize("lang", ["pt-BR", "he"])
def test_a_booklet_in_a_language_without_printgen_s_words_notes_the_text_s_line(cli, tmp_path, lang):
    """One note, at the text's `lang:` line; the contents' heading in English."""
    path = text(tmp_path / "mine.md", f"subtitle: S\nlang: {lang}\n", "# One\n\nText.\n\n# Two\n\nMore.\n")
    result = cli("booklet", str(path), "--size", "a6", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "note:" in line]
    assert len(notes) == 1 and "mine.md:4 lang" in notes[0] and repr(lang) in notes[0], result.err
    page = pdfium.PdfDocument(tmp_path / "out" / "mine-booklet-a6-a4-reading.pdf")[1]
    assert page.get_textpage().get_text_range().split()[0] == "Contents"


@pytest.mark.parametrize("lang, heading, noted", [("nl", "Notes", True), ("de", "Anmerkungen", False),
                                                  ("en", "Notes", False)])
def test_a_deck_s_leaflet_is_in_its_text_s_language_noting_one_without_printgen_s_words(
        cli, tmp_path, lang, heading, noted):
    """An English deck's leaflet of a text that says `lang:`: its notes' heading in that
    language, or, in one printgen has no words in, in English with one note at the
    text's `lang:` line, as a deck's booklet does."""
    path = deck(tmp_path, "mine", "poker")
    path.write_text(path.read_text() + "rules: [mine]\n")
    text(tmp_path / "rules" / "mine.md", f"lang: {lang}\n", "# Rules\n\nTurn two cards over.[^1]\n\n[^1]: Face up.\n")
    result = cli("build", str(path), "--only", "rules", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "note:" in line]
    assert len(notes) == noted and all("mine.md:3 lang" in note and repr(lang) in note for note in notes), result.err
    (leaflet,) = (tmp_path / "out").glob("*.pdf")
    words = " ".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(leaflet)).split()
    assert heading in words and "Face" in words


def test_a_title_with_an_unquoted_colon_is_one_line_saying_to_quote_it(cli, tmp_path):
    """`title: Ember Road: The Card Game` is broken YAML (a colon and a space start a
    key): one line with the value as written and the quoted title to write instead."""
    path = tmp_path / "colon.md"
    path.write_text("---\ntitle: Ember Road: The Card Game\n---\n\n# Rules\n\nText.\n", encoding="utf-8")
    out = tmp_path / "out"
    one_error(cli("rules", str(path), "--out", str(out)), "colon.md:2", "'Ember Road: The Card Game'",
              "put the title in quotes", 'title: "Ember Road: The Card Game"')
    assert not out.exists()


@pytest.mark.parametrize(("front", "line", "more"), [
    ("credits: [Design: Mara Lindqvist, Art: Tomás O’Reilly]\n", 3, "(1 more item needs them too)"),
    ("credits:\n  - Design: Mara Lindqvist\n", 4, ""),
])
def test_a_credits_item_read_as_a_mapping_is_one_line_saying_to_quote_it(cli, tmp_path, front, line, more):
    """A list item "Design: Mara Lindqvist" unquoted is read by YAML as a key and a
    value: one line (however many items are so written) showing it as written and
    saying to put it in quotes."""
    path = text(tmp_path / "credits.md", front)
    out = tmp_path / "out"
    said = one_error(cli("booklet", str(path), "--out", str(out)), f"credits.md:{line} credits[0]",
                     "'Design: Mara Lindqvist'", 'put it in quotes: "Design: Mara Lindqvist"', more)
    assert "mapping" not in said, said
    assert not out.exists()


DEEP = ("# Setting up\n\nTake the cards.\n\n## The deck\n\nShuffle it.\n\n### Dealing\n\nDeal five each.\n\n"
        "#### Misdeals\n\nDeal again.\n\n# Playing\n\nTake turns.\n")


def contents_lines(pdf: Path) -> list[str]:
    """The contents page's lines (its page 2), after its heading."""
    page = pdfium.PdfDocument(pdf)[1].get_textpage().get_text_range()
    return [line.strip() for line in page.splitlines()[1:] if line.strip()]


def heading_page(pdf: Path, heading: str) -> int:
    """The page number (from 1, as its folio says) of the first text page holding heading
    on a line of its own."""
    pages = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf)]
    return next(n for n, text in enumerate(pages, start=1)
                if n > 2 and heading in [line.strip() for line in text.splitlines()])


@pytest.mark.parametrize(("front", "listed"), [("", ["Setting up", "The deck", "Playing"]),
                                               ("contents: 2\n", ["Setting up", "The deck", "Playing"]),
                                               ("contents: 1\n", ["Setting up", "Playing"]),
                                               ("contents: 3\n", ["Setting up", "The deck", "Dealing", "Playing"]),
                                               ("contents: 6\n", ["Setting up", "The deck", "Dealing", "Misdeals",
                                                                  "Playing"])])
def test_the_contents_list_the_levels_the_text_asks_for(cli, tmp_path, front, listed):
    """`contents: N` lists headings down to level N (`#` and `##` without it), each with
    the page its heading is on."""
    path = text(tmp_path / "mine.md", front, DEEP)
    out = tmp_path / "out"
    assert cli("booklet", str(path), "--size", "poker", "--out", str(out), "-q").status == 0
    pdf = out / "mine-booklet-poker-a4-reading.pdf"
    entries = contents_lines(pdf)
    assert [entry.rstrip(" .0123456789") for entry in entries] == listed
    for entry, heading in zip(entries, listed):
        assert entry.endswith(f" {heading_page(pdf, heading)}")


@pytest.mark.parametrize(("value", "shown"), [("0", "'0'"), ("7", "'7'"), ("2.5", "'2.5'"), ("three", "'three'"),
                                              ("true", "true"), ("[3]", "a list"), ('""', "''")])
@pytest.mark.parametrize("command", ["rules", "booklet"])
def test_a_bad_contents_is_one_located_line(cli, tmp_path, command, value, shown):
    path = text(tmp_path / "mine.md", f"contents: {value}\n", DEEP)
    out = tmp_path / "out"
    one_error(cli(command, str(path), "--out", str(out)), "mine.md:3 contents", "from 1", "to 6", f"got {shown}")
    assert not out.exists()


@pytest.mark.parametrize(("value", "shown"), [("true", "true"), ("none", "'none'"), ("[blank]", "a list")])
def test_a_bad_back_cover_is_one_located_line(cli, tmp_path, value, shown):
    path = text(tmp_path / "mine.md", f"back_cover: {value}\n", DEEP)
    out = tmp_path / "out"
    one_error(cli("booklet", str(path), "--out", str(out)), "mine.md:3 back_cover", "text, blank", f"got {shown}")
    assert not out.exists()
