"""Two decks (or rules texts) built into one --out folder: neither loses a file to the other.

Per-card files are named by card, not by deck (out/png/back.png, out/svg/back.svg), so
a second deck's build into the same folder would replace the first deck's back: it is
refused before anything is put in place (cli/rivals.py), while a rebuild of the same
deck with other options, or a deck whose bytes are the same, goes on as before.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

from printgen.cli.rivals import source_of


def tree(folder: Path) -> dict[str, str]:
    """Every file below folder, by its path there, with its sha256."""
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def own_deck(tmp_path: Path, name: str, back: str) -> Path:
    """A copy of the built-in standard-54 deck in a folder of the user's, with its back."""
    folder = tmp_path / "decks"
    folder.mkdir(exist_ok=True)
    text = (ROOT / "decks" / "standard-54.yaml").read_text(encoding="utf-8")
    assert "\nback: standard-back\n" in text
    (folder / f"{name}.yaml").write_text(text.replace("\nback: standard-back\n", f"\nback: {back}\n"),
                                         encoding="utf-8")
    return folder / f"{name}.yaml"


def test_a_second_deck_is_refused_where_it_would_replace_the_first_decks_back(tmp_path):
    out = tmp_path / "out"
    run = [sys.executable, "-m", "printgen", "build", "--only", "svg", "--out", str(out), "-q"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    first = subprocess.run([*run, "sabacc-62"], capture_output=True, text=True, env=env, timeout=300)
    assert first.returncode == 0, first.stderr
    before = tree(out)
    second = subprocess.run([*run, "standard-54"], capture_output=True, text=True, env=env, timeout=300)
    assert second.returncode == 2
    lines = second.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in second.stderr
    assert str(out / "svg" / "back.svg") in lines[0]
    assert "decks/sabacc-62.yaml" in lines[0] and "decks/standard-54.yaml" in lines[0]
    assert tree(out) == before                  # nothing put in place, no temporary file left


def test_the_same_deck_with_other_options_replaces_its_own_files(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("build", "standard-54", "--only", "svg,pdf", "--out", str(out), "-q").status == 0
    assert cli("build", "standard-54", "--only", "svg,pdf", "--duplex", "short", "--out", str(out),
               "-q").status == 0
    assert cli("build", "standard-54", "--only", "svg,pdf", "--paper", "letter", "--out", str(out),
               "-q").status == 0


def test_a_deck_copied_with_another_back_is_refused_until_the_first_is_moved(cli, tmp_path):
    out = tmp_path / "out"
    first = own_deck(tmp_path, "first", "standard-back")
    same = own_deck(tmp_path, "same", "standard-back")
    other = own_deck(tmp_path, "other", "kerton-back")
    assert cli("build", str(first), "--only", "svg", "--out", str(out), "-q").status == 0
    assert cli("build", str(same), "--only", "svg", "--out", str(out), "-q").status == 0   # the same bytes
    before = tree(out)
    refused = cli("build", str(other), "--only", "svg", "--out", str(out), "-q")
    assert refused.status == 2 and "first.yaml" in refused.err and "other.yaml" in refused.err
    assert tree(out) == before
    first.rename(first.with_name("moved.yaml"))
    assert cli("build", str(other), "--only", "svg", "--out", str(out), "-q").status == 2    # same.yaml's
    same.unlink()
    assert cli("build", str(other), "--only", "svg", "--out", str(out), "-q").status == 0
    assert tree(out)["svg/back.svg"] != before["svg/back.svg"]


def test_one_deck_in_two_languages_into_one_folder_is_refused(cli, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(ROOT / "docs" / "example-deck", folder)
    deck = folder / "lantern-pairs.yaml"
    out = tmp_path / "out"
    assert cli("build", str(deck), "--lang", "de", "--only", "svg", "--out", str(out), "-q").status == 0
    before = tree(out)
    refused = cli("build", str(deck), "--only", "svg", "--out", str(out), "-q")
    assert refused.status == 2 and " in de " in refused.err
    assert tree(out) == before


def test_two_rules_texts_of_one_name_are_refused_one_folder(cli, tmp_path):
    """`printgen rules` names its leaflet from the text's file name: game-1/rules.md and
    game-2/rules.md would share one file."""
    out = tmp_path / "out"
    for game in ("game-1", "game-2"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "rules.md").write_text(f"# {game}\n\nThe rules of {game}.\n", encoding="utf-8")
    assert cli("rules", str(tmp_path / "game-1" / "rules.md"), "--out", str(out), "-q").status == 0
    assert cli("rules", str(tmp_path / "game-1" / "rules.md"), "--paper", "letter", "--out", str(out),
               "-q").status == 0
    before = tree(out)
    refused = cli("rules", str(tmp_path / "game-2" / "rules.md"), "--out", str(out), "-q")
    assert refused.status == 2 and "game-1" in refused.err and "game-2" in refused.err
    assert tree(out) == before
    booklet = cli("booklet", str(tmp_path / "game-1" / "rules.md"), "--out", str(out), "-q")
    assert booklet.status == 0, booklet.err


@pytest.mark.parametrize(("job", "source"), [
    ("build back_offset=0mm,0mm deck=built-in:decks/sabacc-62.yaml duplex=long paper=a4",
     ("deck", "built-in:decks/sabacc-62.yaml", "", "")),
    ("build deck=../my decks/x.yaml lang=de only=svg", ("deck", "../my decks/x.yaml", "de", "")),
    ("build deck=a.yaml target=tgc", ("deck", "a.yaml", "", "tgc")),
    ("rules duplex=long game=/tmp/a b/rules.md paper=a4", ("game", "/tmp/a b/rules.md", "", "")),
    ("booklet size=a5 text=rules.md", ("text", "rules.md", "", "")),
    ("gallery", None),
    ("deal level=knight number=5", None),
])
def test_what_a_job_is_made_from_is_read_from_its_key(job, source):
    assert source_of(job) == source


def test_a_file_another_deck_s_job_of_this_process_has_pending_is_refused(tmp_path):
    """A job inside another (a language's build inside `--lang all`'s) that would replace
    a file the outer job of another deck wrote and has not yet put in place: refused as
    one already in place is, and nothing is put in place."""
    from printgen.errors import OutputError
    from printgen.output import recording, write_bytes

    def rival(job: str, where: Path) -> tuple[str, str] | None:
        return ("deck A", "deck B") if job == "build deck=a.yaml" else None

    with pytest.raises(OutputError, match="a build of deck A wrote this file, and this build of deck B"):
        with recording("build deck=a.yaml", root=tmp_path):
            write_bytes(tmp_path / "back.png", b"A's back")
            with recording("build deck=b.yaml", root=tmp_path, rival=rival):
                write_bytes(tmp_path / "back.png", b"B's back")
    assert [path.name for path in tmp_path.iterdir() if not path.name.startswith(".")] == []
    with recording("build deck=a.yaml", root=tmp_path):
        write_bytes(tmp_path / "back.png", b"A's back")
        with recording("build deck=b.yaml", root=tmp_path, rival=rival):
            write_bytes(tmp_path / "back.png", b"A's back")          # the same bytes: shared
    assert (tmp_path / "back.png").read_bytes() == b"A's back"
