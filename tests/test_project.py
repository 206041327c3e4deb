"""A user's own project (decks/ and templates/ in the current folder), `printgen new`,
the command line before any command runs, and what a deck names (dice, parts, rules)."""

from __future__ import annotations

import builtins
import io
import os
import pathlib
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest

from printgen.cli import make_parser
from printgen.cli.verbs import SUMMARIES as COMMANDS


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """An empty folder as the current folder."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_building_the_parser_reads_no_file(monkeypatch, capsys):
    """Every command's parser and --help, with every way of opening a file refused (a
    data file is read with os.open, printgen/reading.py), and the print facts not yet
    read in this process (they are kept once read)."""
    def refuse(*args, **kwargs):
        raise AssertionError(f"a file was opened while building the parser: {args[:1]}")
    # printgen's own table of bounds is read once per process, by whichever module first
    # names a bound as it is imported: read it now, so that the check below is the same
    # whatever tests ran before it in this process (it is about data files and options)
    from printgen.limits import limits
    from printgen.spec.printdata import print_facts
    limits()
    print_facts.cache_clear()
    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(io, "open", refuse)
    monkeypatch.setattr(pathlib.Path, "open", refuse)
    monkeypatch.setattr(os, "open", refuse)
    for command in COMMANDS:
        parser = make_parser([command])
        with pytest.raises(SystemExit) as stop:
            parser.parse_args([command, "--help"])
        assert stop.value.code == 0
    assert "usage: printgen census" in capsys.readouterr().out


def test_bare_printgen_prints_the_help(cli):
    bare, helped = cli(), cli("--help")
    assert bare.status == helped.status == 0 and bare.out == helped.out
    assert all(command in bare.out for command in COMMANDS) and "PRINTGEN_PAPER" in bare.out


def test_the_default_paper_comes_from_the_environment(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTGEN_PAPER", "letter")
    assert cli("dice", "spike", "--out", str(tmp_path), "-q").status == 0
    assert cli("dice", "spike", "--paper", "a4", "--out", str(tmp_path), "-q").status == 0
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["spike-a4.pdf", "spike-letter.pdf"]
    with pdfplumber.open(tmp_path / "spike-letter.pdf") as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)
    monkeypatch.setenv("PRINTGEN_PAPER", "a3")
    result = cli("dice", "spike", "--out", str(tmp_path / "x"))
    assert result.status == 2 and result.err == ("printgen: error: PRINTGEN_PAPER: expected a paper "
                                                 "size, one of a4, letter, got 'a3'\n")
    assert not (tmp_path / "x").exists()


def test_jobs_is_checked_once_for_every_command(cli):
    for command in (["build", "--all"], ["challenge"], ["census"]):
        result = cli(*command, "--jobs", "0")
        assert result.status == 2 and result.err == ("printgen: error: --jobs: expected a whole "
                                                     "number from 1 to 64, got '0'\n")


def write_deck(folder: Path, name: str, extra: str = "") -> Path:
    (folder / "decks").mkdir(exist_ok=True)
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "plain.yaml").write_text(
        "elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    path = folder / "decks" / f"{name}.yaml"
    path.write_text(f"name: {name}\nsize: poker\nface: plain\nback: plain\n{extra}"
                    "cards:\n  - each: {n: [1, 2, 3]}\n")
    return path


def test_list_marks_local_and_built_in_decks(cli, project):
    write_deck(project, "my-deck")
    write_deck(project, "sabacc-62")                 # replaces the built-in deck of that name
    result = cli("list")
    assert result.status == 0, result.err
    lines = {line.split()[0]: line for line in result.out.splitlines()}
    assert lines["my-deck"].startswith("my-deck") and lines["my-deck"].endswith("  local")
    assert lines["sabacc-62"].split()[1:3] == ["3", "cards"]
    assert lines["sabacc-62"].endswith("local, replaces the built-in sabacc-62")
    assert lines["kerton-42"].endswith("built-in")
    assert cli("build", "sabacc-62", "--only", "pdf", "-q").status == 0
    assert (project / "output" / "sabacc-62" / "sabacc-62-a4.pdf").is_file()
    with pdfplumber.open(project / "output" / "sabacc-62" / "sabacc-62-a4.pdf") as pdf:
        assert len(pdf.pages) == 2                   # the local deck's 3 cards, not 62


def test_new_writes_a_project_that_builds(cli, project):
    result = cli("new", "Demo Game")
    assert result.status == 0, result.err
    deck = project / "Demo Game" / "decks" / "demo-game.yaml"
    assert sorted(p.relative_to(project / "Demo Game").as_posix()
                  for p in (project / "Demo Game").rglob("*") if p.is_file()) == \
        ["README.md", "decks/demo-game.yaml", "templates/demo-game-back.yaml", "templates/demo-game-face.yaml"]
    built = cli("build", str(deck), "--out", str(project / "out"), "--only", "pdf,png", "-q", "--strict")
    assert built.status == 0, built.err
    assert len(list((project / "out" / "png").glob("*.png"))) == 13      # 12 faces and the back
    again = cli("new", "Demo Game")
    assert again.status == 2 and "already exists and is not an empty folder" in again.err
    assert (project / "Demo Game" / "README.md").read_text().startswith("# Demo Game")


@pytest.mark.parametrize("existed", [False, True])
def test_new_that_fails_part_way_leaves_nothing_it_wrote(cli, project, monkeypatch, existed):
    """A write that fails after some of the project's files are written (a full disk)
    is one line, and takes back the files and folders it made: nothing half written
    is left, and an empty folder the user made beforehand stays."""
    import builtins

    from printgen.cli import new
    calls = []

    def failing(path, mode="r", *args, **kwargs):
        if "x" in mode:
            calls.append(path)
            if len(calls) == 3:
                raise OSError(28, "No space left on device")
        return builtins.open(path, mode, *args, **kwargs)

    if existed:
        (project / "Demo").mkdir()
    monkeypatch.setattr(new, "open", failing, raising=False)
    result = cli("new", "Demo")
    assert result.status == 2 and result.err.count("\n") == 1 and "Demo" in result.err
    assert len(calls) == 3                                      # two files written before it failed
    if existed:
        assert list((project / "Demo").iterdir()) == []
    else:
        assert not (project / "Demo").exists()


def test_new_says_a_build_command_that_runs_when_pasted(cli, project):
    import shlex
    result = cli("new", "Vier Winde")
    assert result.status == 0, result.err
    command = result.out.splitlines()[-1].partition(": ")[2]
    words = shlex.split(command)
    assert words[:2] == ["printgen", "build"] and (project / words[2]).is_file()


def test_new_keeps_the_letters_of_an_accented_folder_name_and_says_the_deck_name(cli, project):
    result = cli("new", "spiel-ü")
    assert result.status == 0, result.err
    assert (project / "spiel-ü" / "decks" / "spiel-u.yaml").is_file()
    assert "'spiel-u'" in result.out and "'spiel-ü'" in result.out


def test_a_deck_names_dice_parts_and_rules_as_lists_of_known_names(cli, project):
    path = write_deck(project, "bad", "dice: spike\nparts: [solomon-board, nope]\nrules: [west-end-sabacc]\n")
    result = cli("build", str(path), "--out", str(project / "o"))
    assert result.status == 2 and not (project / "o").exists()
    lines = result.err.splitlines()
    assert lines[0] == "printgen: error: decks/bad.yaml:5 dice: expected a list of dice names such as [spike], got 'spike'"
    assert lines[1].startswith("printgen: error: decks/bad.yaml:6 parts[1]: unknown part 'nope'; expected one of ")
    assert len(lines) == 2


def test_a_decks_rules_are_folded_to_fit_its_box(cli, project):
    path = write_deck(project, "game", "rules: [kerton-sabacc]\n")
    result = cli("build", str(path), "--only", "rules", "--out", str(project / "o"))
    assert result.status == 0, result.err
    assert [p.name for p in (project / "o").iterdir() if not p.name.startswith(".")] == ["kerton-sabacc-rules-poker-a4.pdf"]
    mini = write_deck(project, "tiny", "rules: [kerton-sabacc]\n")
    mini.write_text(mini.read_text().replace("size: poker", "size: mini"))
    result = cli("build", str(mini), "--only", "rules", "--out", str(project / "m"))
    assert result.status == 2 and "no rule leaflet for tiny" in result.err     # nothing else to write
    assert not (project / "m").exists()


def test_rules_front_matter_is_checked(cli, project):
    text = project / "mine.md"
    text.write_text("---\ndeck: no-such-deck\ncolour: red\n---\n# Mine\n\nPlay well.\n")
    result = cli("rules", str(text), "--out", str(project / "o"))
    assert result.status == 2 and not (project / "o").exists()
    assert "mine.md:2 deck: unknown deck 'no-such-deck'" in result.err
    assert "mine.md:3 colour: unknown key 'colour'; accepted keys: title, subtitle, credits, cover, deck, deal" in result.err
    text.write_text("---\ntitle: My rules\n---\n# Mine\n\n**Play** well.\n")
    result = cli("rules", str(text), "--out", str(project / "o"), "--deal", "3")
    assert result.status == 2 and "takes no deal" in result.err
    assert cli("rules", str(text), "--out", str(project / "o"), "-q").status == 0
    with pdfplumber.open(project / "o" / "mine-rules-poker-a4.pdf") as pdf:
        assert pdf.metadata["Title"] == "My rules" and "Play well." in pdf.pages[0].extract_text()



def test_the_help_imports_no_command_module():
    """--help lists every verb from its summary: no verb's module (nor what it imports,
    nor a data file's reader) is loaded, so the help costs little more than starting Python."""
    code = ("import contextlib, io, sys\nfrom printgen.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.suppress(SystemExit):\n"
            "    main(['--help'])\n"
            "assert 'showcase' in out.getvalue()\n"
            "print(sorted(m for m in sys.modules if m.startswith('printgen.cli.')))\n"
            "print(sorted(m for m in ('yaml', 'jinja2', 'reportlab', 'printgen.model') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.split("\n")[:2] == ["['printgen.cli.options', 'printgen.cli.verbs']", "[]"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_build_all_with_a_deck_that_does_not_load_builds_nothing(cli, project, jobs):
    """Every deck of --all is read before any is built: one that does not load (here
    `bad`, sorted between two good ones) is an error naming it, exit 2, and nothing is
    written, however many workers there are."""
    write_deck(project, "alpha")
    write_deck(project, "bad", "dice: spike\n")
    write_deck(project, "zulu")
    result = cli("build", "--all", "--only", "pdf", "--jobs", jobs, "--out", str(project / "o"))
    assert result.status == 2 and "decks/bad.yaml:5 dice" in result.err, result.err
    assert "Traceback" not in result.err and not (project / "o").exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_build_all_says_a_deck_that_fails_in_its_place_and_builds_the_others(cli, project, jobs):
    """A deck that loads but fails while it is built (a picture its card names is
    missing): its error is said, the decks after it are built and said, exit 2, and no
    folder is made for it, whatever the number of workers."""
    write_deck(project, "alpha")
    (project / "templates" / "pic.yaml").write_text(
        "elements:\n  - {kind: image, src: '{{ card.p }}', x: 0mm, y: 0mm, w: 10mm, h: 10mm}\n")
    (project / "decks" / "bad.yaml").write_text(
        "name: bad\nsize: poker\nface: pic\nback: plain\ncards:\n  - fields: {p: nothere.png}\n")
    write_deck(project, "zulu")
    result = cli("build", "--all", "--only", "pdf", "--jobs", jobs, "--out", str(project / "o"))
    assert result.status == 2 and "nothere.png" in result.err and "Traceback" not in result.err, result.err
    assert result.out.index("alpha:") < result.out.index("zulu:"), result.out
    assert (project / "o" / "zulu").is_dir() and not (project / "o" / "bad").exists()


def test_build_all_refuses_two_decks_of_one_name_that_would_share_a_folder(cli, project):
    """Two deck files that both say `name: same` would write into one output/same: an
    error naming both, nothing written; with --out each has a folder of its own."""
    for stem in ("one", "two"):
        write_deck(project, stem).write_text(write_deck(project, stem).read_text().replace(
            f"name: {stem}", "name: same"))
    result = cli("build", "--all", "--only", "pdf")
    assert result.status == 2 and "decks one, two all say `name: same`" in result.err, result.err
    assert not (project / "output").exists()
    assert cli("build", "--all", "--only", "pdf", "--out", str(project / "o"), "-q").status == 0
    assert (project / "o" / "one").is_dir() and (project / "o" / "two").is_dir()
