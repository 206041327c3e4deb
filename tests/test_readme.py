"""Every printgen command shown in the README runs, as a new user would type it, in
an empty folder; and the error the README shows is the error printgen prints.

Three commands are scaled down to keep the suite fast: census (10,000 deals -> 4),
challenge (30 deals of 3 stars -> 1 of 1 star, the first deal) and `build --all`, which draws every deck's PDFs, boxes,
parts and leaflets but not the 1,000 card PNGs and SVGs (tests/test_outputs.py and
tests/test_card_craft.py draw decks' pictures). A --watch command never
ends by itself: its build runs here without --watch (tests/test_watch.py runs the
watch as a user does, in its own process, and stops it)."""

from __future__ import annotations

import re
import shlex
import shutil

import pytest

from conftest import ROOT

README = ROOT / "README.md"
COMMAND = re.compile(r"^    printgen (?P<args>[^#]*?)\s*(?:#.*)?$")
FASTER = {"--count 10000": "--count 4", "--count 30": "--count 1", "--difficulty 3": "--difficulty 1",
          "build --all": "build --all --only pdf,box,parts,rules,gallery"}
# deal 23 of tests/fixtures/pyramid-1500 (winnable in 36 moves, proven shortest in under
# a second), row by row from the apex
DEAL = ("8s 5s 7s 7d 6c Ks Td 5d Qh Js Ad Kh Jh 4s 9c 8d 9h 2h 9s 6s Th 2s Ac 3h 3s 4c As 4d "
        "Tc Jd 6h 8c Ah Jc 8h 6d Qc Kd 2c 7c 3d Ts Kc 4h 9d Qd 3c 2d 7h Qs 5c 5h")


def readme_commands() -> list[str]:
    lines = README.read_text(encoding="utf-8").splitlines()
    return [m["args"] for line in lines if (m := COMMAND.match(line)) and not line.lstrip().startswith("printgen:")]


def test_the_readme_shows_the_commands_this_test_runs():
    commands = readme_commands()
    assert "build sabacc-62 --paper letter" in commands and "list" in commands
    assert len(commands) >= 15


@pytest.fixture
def user_folder(tmp_path, monkeypatch):
    """An empty folder with the files the README's examples name."""
    monkeypatch.chdir(tmp_path)
    deck = tmp_path / "path" / "to"
    deck.mkdir(parents=True)
    for name in ("lantern-face.yaml", "lantern-back.yaml"):
        shutil.copy(ROOT / "docs" / "example-deck" / name, deck / name)
    shutil.copy(ROOT / "docs" / "example-deck" / "lantern-pairs.yaml", deck / "my-deck.yaml")
    shutil.copytree(ROOT / "docs" / "example-deck" / "rules", deck / "rules")    # its rules texts
    (tmp_path / "my-rules.md").write_text("# My Game\n\n## Setup\n\nShuffle and deal five cards each.\n\n"
                                          "## Play\n\n- Play a card.\n- **Draw** one.\n", encoding="utf-8")
    (tmp_path / "my-deal.txt").write_text(DEAL + "\n", encoding="utf-8")
    (tmp_path / "jedi-temple-rules.txt").write_text("Rules for JEDI TEMPLE\n\nGOAL\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("args", readme_commands())
def test_readme_command_runs(cli, user_folder, args):
    for slow, fast in FASTER.items():
        args = args.replace(slow, fast)
    args = args.replace(" --watch", "")
    if args.startswith("build my-game/"):           # the project the line before makes
        assert cli("new", "my-game", "--quiet").status == 0
    result = cli(*shlex.split(args), "--quiet") if args != "list" else cli("list")
    assert result.status == 0, f"printgen {args}: {result.err}"


def test_the_readme_error_is_the_one_printed(cli, tmp_path, monkeypatch):
    shown = next(line.strip() for line in README.read_text(encoding="utf-8").splitlines()
                 if line.startswith("    printgen: error:"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    source = (ROOT / "decks" / "sabacc-62.yaml").read_text(encoding="utf-8").splitlines()
    # the README's deck: its third line is `bleed: 3`
    deck = ["name: my-deck", "title: My deck", "bleed: 3", *[line for line in source if not
            line.startswith(("name:", "title:", "bleed:", "#"))]]
    (tmp_path / "decks" / "my-deck.yaml").write_text("\n".join(deck) + "\n", encoding="utf-8")
    result = cli("build", "decks/my-deck.yaml")
    assert result.status == 2
    assert result.err.strip().splitlines()[0] == shown
    assert not (tmp_path / "output").exists()


def test_the_two_setup_lines_come_first_and_ci_runs_the_second():
    """The README opens with two one-line commands: set up and build, set up and test;
    .ci/run runs exactly the second, so what a new user types is what CI checks."""
    setup = [line.strip() for line in README.read_text(encoding="utf-8").splitlines()
             if line.startswith("    python3 -m venv .venv && ")]
    assert len(setup) >= 2, setup
    build, test = setup[:2]
    assert build.endswith("printgen build sabacc-62") and "pip install -e ." in build
    assert test.endswith("python -m pytest") and "'.[test]'" in test
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == test
