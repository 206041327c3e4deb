"""What a build says and leaves behind when part of it cannot be made: a build of
several languages writes all of them or nothing; --only and --strict make a dropped
box or leaflet an error; a deck's too-long box text is blamed on the deck's key."""

from __future__ import annotations

from pathlib import Path

import pytest
from exampledeck import add_language, copy_example, edit


def tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file()}


def third_language_no_font_covers(deck: Path) -> None:
    """The example deck given in a third language too, whose rules text no font of
    printgen draws."""
    add_language(deck, "hi")
    (deck.parent / "rules" / "lantern-pairs-hi.md").write_text("# नियम\n\nदो पत्ते पलटें।\n", encoding="utf-8")


def test_lang_all_that_fails_in_its_last_language_writes_nothing(cli, tmp_path):
    deck = copy_example(tmp_path)
    third_language_no_font_covers(deck)
    out = tmp_path / "out"
    result = cli("build", str(deck), "--lang", "all", "--only", "pdf,rules", "--out", str(out))
    assert result.status == 2 and "Traceback" not in result.err
    assert "lantern-pairs-hi.md" in result.err
    assert result.err.startswith("printgen: error: --lang hi: ")    # the language that failed
    assert not out.exists()
    assert result.out == ""                 # no file reported as written


def test_lang_all_that_fails_leaves_an_earlier_build_as_it_was(cli, tmp_path):
    deck = copy_example(tmp_path)
    out = tmp_path / "out"
    assert cli("build", str(deck), "--lang", "all", "--only", "pdf,rules", "--out", str(out), "-q").status == 0
    before = tree(out)
    assert any(name.startswith("lantern-pairs-de/") for name in before)
    third_language_no_font_covers(deck)
    german = tmp_path / "rules" / "lantern-pairs-de.md"
    german.write_text(german.read_text(encoding="utf-8") + "\nNeu.\n", encoding="utf-8")  # its files would change
    assert cli("build", str(deck), "--lang", "all", "--only", "pdf,rules", "--out", str(out)).status == 2
    assert tree(out) == before


def write_deck(folder: Path, name: str, extra: str = "", cards: str = "{n: [1, 2, 3]}") -> Path:
    """A small deck of plain cards in folder/decks, its template in folder/templates."""
    (folder / "decks").mkdir(exist_ok=True)
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    path = folder / "decks" / f"{name}.yaml"
    path.write_text(f"name: {name}\nsize: poker\nface: plain\nback: plain\n{extra}cards:\n  - each: {cards}\n",
                    encoding="utf-8")
    return path


def one_line(result) -> str:
    assert result.status == 2 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    return lines[0]


@pytest.mark.parametrize("extra, key", [("card_thickness: 0mm\n", "decks/t.yaml:5 card_thickness"),
                                        ("box: {thickness: 0mm}\n", "decks/t.yaml:5 box.thickness")])
def test_a_card_thickness_of_nothing_is_refused_as_the_command_line_refuses_it(cli, tmp_path, monkeypatch,
                                                                               extra, key):
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t", extra)
    line = one_line(cli("build", "decks/t.yaml", "--out", "out"))
    assert key in line and "'0mm'" in line
    assert not (tmp_path / "out").exists()
    write_deck(tmp_path, "t")
    assert "greater than 0" in one_line(cli("box", "decks/t.yaml", "--thickness", "0mm", "--out", "out"))
    assert "greater than 0" in line


@pytest.mark.parametrize("extra, key", [("card_thickness: 1e-7mm\n", "decks/t.yaml:5 card_thickness"),
                                        ("box: {thickness: 0.001mm}\n", "decks/t.yaml:5 box.thickness")])
def test_a_card_thinner_than_any_paper_is_refused(cli, tmp_path, monkeypatch, extra, key):
    """0.0000001mm named its box '-0mm-' and summed 62 cards as 0 mm: a card or paper
    thinner than 0.02 mm is refused wherever a thickness is given."""
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t", extra)
    line = one_line(cli("build", "decks/t.yaml", "--out", "out"))
    assert key in line and "0.02mm" in line
    write_deck(tmp_path, "t")
    for command in (["box", "decks/t.yaml", "--thickness", "0.0000001mm"],
                    ["booklet", "jedi-temple", "--paper-thickness", "0.019mm"]):
        line = one_line(cli(*command, "--out", "out"))
        assert line.startswith(f"printgen: error: {command[2]}: ") and "0.02mm" in line
    assert not (tmp_path / "out").exists()
    assert cli("box", "decks/t.yaml", "--thickness", "0.02mm", "--out", "out", "-q").status == 0
    assert (tmp_path / "out" / "t-box-0.02mm-a4.pdf").is_file()


@pytest.mark.parametrize("option, value", [("--thickness", "-1mm"), ("--thickness", "-.5mm")])
def test_a_negative_length_option_reaches_its_own_check(cli, tmp_path, monkeypatch, option, value):
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t")
    line = one_line(cli("box", "decks/t.yaml", option, value, "--out", "out"))
    assert line.startswith(f"printgen: error: {option}: ") and repr(value) in line
    assert not (tmp_path / "out").exists()


def test_a_negative_back_offset_is_a_value(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t")
    result = cli("build", "decks/t.yaml", "--only", "pdf", "--back-offset", "-1mm,0mm", "--out", "out", "-q")
    assert result.status == 0, result.err


def test_a_deck_booklet_too_thick_to_fold_gives_a_command_that_prints_it(cli, tmp_path, monkeypatch):
    import shlex
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks" / "rules").mkdir(parents=True)
    (tmp_path / "decks" / "rules" / "long.md").write_text(
        "# Long rules\n\n" + "".join(f"## Part {i}\n\nEach player draws a card and plays it.\n\n" for i in range(400)))
    write_deck(tmp_path, "t", "size: mini\nrules: [rules/long.md]\nrules_as: booklet\n")
    edit(tmp_path / "decks" / "t.yaml", "size: poker\n", "")
    line = one_line(cli("build", "decks/t.yaml", "--only", "rules", "--out", "out"))
    assert not (tmp_path / "out").exists()
    command = shlex.split(line.rpartition(": ")[2].replace("LENGTH", "0.02mm"))
    assert command[:2] == ["printgen", "booklet"]
    result = cli(*command[1:], "--out", "booklet", "-q")
    assert result.status == 0, result.err
    assert len(list((tmp_path / "booklet").glob("*.pdf"))) == 2


@pytest.mark.parametrize("label", ["é" * 300, "ü" * 127 + "-" + "x" * 200, "漢" * 200])
def test_a_long_label_gives_file_names_a_file_system_takes(cli, tmp_path, monkeypatch, label):
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t", f"label: \"{label} {{{{ n }}}}\"\n")
    result = cli("build", "decks/t.yaml", "--only", "png,svg", "--out", "out", "-q")
    assert result.status == 0, result.err
    faces = sorted(path.name for path in (tmp_path / "out" / "png").glob("*.png") if path.name != "back.png")
    assert len(faces) == 3 and all(len(name.encode("utf-8")) <= 100 for name in faces)
    assert all(name.startswith(f"{i}-{label[0]}") for i, name in enumerate(faces, 1))


@pytest.mark.parametrize("label", ['""', '".."', '"?!"'])
def test_a_label_of_no_letter_names_the_files_by_the_card_number(cli, tmp_path, monkeypatch, label):
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t", f"label: {label}\n")
    assert cli("build", "decks/t.yaml", "--only", "png", "--out", "out", "-q").status == 0
    assert sorted(path.name for path in (tmp_path / "out" / "png").glob("*.png")) == \
        ["1.png", "2.png", "3.png", "back.png"]


LONG_TITLE = "box: {title: \"" + "Extraordinarily long title words " * 20 + "\"}\n"
BIG = "size: {width: 180mm, height: 250mm}\n"                  # with MANY: a box too big for A4 and Letter
MANY = "{n: [1, 2, 3]}\n    count: 10"                          # 30 cards: neither box of BIG cards fits


@pytest.mark.parametrize("extra, cards, only", [
    (BIG, MANY, "box"),
    (LONG_TITLE, "{n: [1, 2, 3]}", "box"),
    ("size: mini\nrules: [coruscant-shift]\n", "{n: [1, 2, 3]}", "rules"),
    ("rules: [coruscant-shift]\nrules_as: booklet\n", "{n: [1, 2, 3]}", "rules"),
])
def test_only_an_output_that_cannot_be_made_is_an_error(cli, tmp_path, monkeypatch, extra, cards, only):
    monkeypatch.chdir(tmp_path)
    path = write_deck(tmp_path, "t", extra, cards)
    if "size:" in extra:
        edit(path, "size: poker\n", "")
    args = ["--duplex", "fold"] if "booklet" in extra else []
    one_line(cli("build", "decks/t.yaml", "--only", only, *args, "--out", "out"))
    assert not (tmp_path / "out").exists()
    result = cli("build", "decks/t.yaml", "--only", f"{only},pdf", *args, "--out", "out", "-q")
    assert result.status == 0, result.err         # a note, when something else is written
    assert [path.name for path in (tmp_path / "out").glob("*.pdf")] == ["t-a4-fold.pdf" if args else "t-a4.pdf"]
    one_line(cli("build", "decks/t.yaml", "--only", f"{only},pdf", *args, "--strict", "--out", "strict"))
    assert not (tmp_path / "strict").exists()


def test_a_box_title_too_long_is_blamed_on_the_deck_key(cli, tmp_path, monkeypatch):
    import printgen
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t", LONG_TITLE)
    line = one_line(cli("build", "decks/t.yaml", "--only", "box", "--out", "out"))
    assert "decks/t.yaml:5 box.title: " in line and "Extraordinarily long" in line
    assert "box-front.yaml" not in line and str(Path(printgen.__file__).parent.parent) not in line
    result = cli("build", "decks/t.yaml", "--only", "box,pdf", "--out", "out")
    assert result.status == 0
    notes = [line for line in result.err.splitlines() if "decks/t.yaml:5 box.title" in line]
    assert len(notes) == 1 and "on a4" not in notes[0]      # the paper is not to blame


def test_a_box_text_no_font_can_set_stops_the_build(cli, tmp_path, monkeypatch):
    """A box title in Devanagari with no font for it stops the build as a card's text
    does (it was left out with a note, and the cards written): one line at the deck's
    key naming the letters, nothing written; `printgen box` and a shop export (its
    box art) say the same."""
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t", "box: {title: बहुभाषी}\n")
    line = one_line(cli("build", "decks/t.yaml", "--only", "box,pdf", "--out", "out"))
    assert "decks/t.yaml:5 box.title: " in line and "U+092C" in line and "no tuck box" not in line, line
    assert not (tmp_path / "out").exists()
    assert one_line(cli("box", "decks/t.yaml", "--out", "out")) == line
    assert one_line(cli("build", "decks/t.yaml", "--for", "tgc", "--out", "out")) == line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("text, named, more", [("बहुभाषी", 5, " and 2 more;"),     # 7 letters no font has
                                              ("बहभाषी", 6, ""),                  # 6: all named
                                              ("भाषी", 4, "")])
def test_a_missing_glyph_error_says_how_many_it_does_not_name(text, named, more):
    from printgen.errors import FitError
    from printgen.fonts import check_glyphs
    with pytest.raises(FitError) as raised:
        check_glyphs(text, "sans", "here")
    message = str(raised.value)
    assert message.count("(U+09") == named and message.count("devanagari") == named, message
    assert (" more" in message) == bool(more) and more in message, message


def test_a_deck_title_too_long_for_its_box_is_blamed_on_the_title(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t", "title: \"" + "Long " * 80 + "\"\n")
    assert "decks/t.yaml:5 title: " in one_line(cli("build", "decks/t.yaml", "--only", "box", "--out", "out"))


def test_a_translated_title_too_long_for_the_box_is_located_at_its_own_key(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = copy_example(tmp_path)
    edit(deck, "title@de: Laternenpaare", "title@de: " + "Laternenpaare " * 40)
    line = one_line(cli("build", deck.name, "--lang", "de", "--only", "box", "--out", "out"))
    assert "lantern-pairs.yaml:9 title@de: " in line


def test_a_box_text_of_printgens_own_words_names_no_installed_path(cli, tmp_path, monkeypatch):
    import printgen
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t", "game: \"" + "Game words " * 60 + "\"\nbox: {side: Short}\n")
    line = one_line(cli("build", "decks/t.yaml", "--only", "box", "--out", "out"))
    assert "box-back.yaml" in line and str(Path(printgen.__file__).parent.parent) not in line


@pytest.mark.parametrize("only, lacking", [("parts", "no dice, boards or tokens"),
                                           ("parts,gallery", "no dice, boards or tokens"),
                                           ("rules", "no rules texts"),
                                           ("parts,rules", "no rules texts")])
def test_only_an_output_the_deck_has_none_of_is_an_error(cli, tmp_path, monkeypatch, only, lacking):
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "t")
    line = one_line(cli("build", "decks/t.yaml", "--only", only, "--out", "out"))
    assert "decks/t.yaml" in line and lacking in line and f"--only {only}:" in line
    assert not (tmp_path / "out").exists()
    result = cli("build", "decks/t.yaml", "--only", f"{only},pdf", "--out", "out", "-q")
    assert result.status == 0, result.err                # something else to write: no error
    assert [path.name for path in (tmp_path / "out").glob("*.pdf")] == ["t-a4.pdf"]


def test_only_parts_of_a_deck_with_dice_writes_them(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("build", "coruscant-shift", "--only", "parts", "--out", "out", "-q")
    assert result.status == 0, result.err
    assert [path.name for path in (tmp_path / "out").glob("*.pdf")] == ["coruscant-shift-dice-a4.pdf"]


def test_build_all_only_box_passes_over_a_deck_whose_box_no_paper_holds(cli, tmp_path, monkeypatch):
    """`build --all --only box`: a deck of A4-sized cards, whose box no paper holds
    (neither its tuck box nor its two-piece box), is passed over with a note naming it
    and the papers; every other deck gets its box."""
    monkeypatch.chdir(tmp_path)
    path = write_deck(tmp_path, "big")
    path.write_text(path.read_text(encoding="utf-8").replace("size: poker", "size: {width: 210mm, height: 297mm}"),
                    encoding="utf-8")
    write_deck(tmp_path, "small")
    result = cli("build", "--all", "--only", "box", "--out", "out", "--jobs", "1")
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "no box for" in line]
    assert len(notes) == 1 and "for big on a4" in notes[0] and "(a4, letter)" in notes[0]
    assert "neither box fits a4" in notes[0]
    assert (tmp_path / "out" / "small" / "small-box-a4.pdf").exists()
    assert not list((tmp_path / "out").glob("big/*.pdf"))


@pytest.mark.parametrize("only", ["rules", "parts"])
def test_build_all_only_rules_or_parts_passes_over_a_deck_with_none(cli, tmp_path, monkeypatch, only):
    """`build --all --only rules`: a deck without rules texts is passed over with a note
    naming it, and no folder is made for it (an empty one was left behind)."""
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path, "plain")
    result = cli("build", "--all", "--only", only, "--out", "out", "--jobs", "1", "-q")
    assert result.status == 0, result.err
    assert any("passed over: decks/plain.yaml has no" in line for line in result.err.splitlines())
    assert not (tmp_path / "out" / "plain").exists()
    assert not [d for d in (tmp_path / "out").iterdir() if d.is_dir() and not any(d.iterdir())]


def test_the_sheet_margin_note_counts_the_characters_it_does_not_name():
    """The slug's note names five of the characters no font has and counts the rest
    (it ended ', ...'), as the missing-glyph error does."""
    from printgen.layout.slug import lacking
    note = lacking(["बहुभाषी"], "sans") or ""
    assert note.count("U+09") == 5 and "and 2 more," in note and "..." not in note, note


@pytest.mark.parametrize("edge", ["3mm", "0.001mm"])
def test_a_die_edge_too_short_for_its_title_says_to_lengthen_the_edge(cli, tmp_path, monkeypatch, edge):
    """--edge 3mm said the die file's title did not fit 'its box' and to enlarge the box,
    which no file names (and 0.001mm failed in the die's template): the line names the
    edge and the option that sets it."""
    monkeypatch.chdir(tmp_path)
    line = one_line(cli("dice", "spike", "--edge", edge, "--out", "out"))
    assert "spike.yaml" in line and "--edge" in line and "'Spike die (1 to 6)'" in line
    assert not (tmp_path / "out").exists()
    assert cli("dice", "spike", "--edge", "5mm", "--out", "out", "-q").status == 0
