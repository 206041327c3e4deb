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
    assert "each text a folder of its own" in refused.err and "DECK" not in refused.err    # (a deck's advice before)
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

    def rival(job: str, where: Path) -> tuple[str, str, str] | None:
        return ("deck A", "deck B", "keep them apart") if job == "build deck=a.yaml" else None

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


@pytest.mark.parametrize(("job", "refused"), [
    ("rules duplex=long game=/tmp/\0x.md paper=a4", False),          # no path can hold a NUL byte
    ("rules game=" + "x/" * 2000 + "r.md", False),                   # a path too long to be a file
    ("rules game=/nonexistent/elsewhere/rules.md", False),           # gone: claims nothing
    ("box deck=../\0deck.yaml paper=a4", False),
    ("box deck=built-in:\0decks/x.yaml", False),
    ("box deck=" + "../" * 1500 + "d.yaml", None),                   # the root's parent's ...: none, or a file
    ("box deck=built-in:../../../../../../../../etc/hostname", None),   # a file: another deck's, or none
])
def test_a_strangers_record_naming_odd_sources_never_breaks_a_build(tmp_path, job, refused):
    """The jobs a folder's record names are a stranger's data: whatever deck or text they
    name, the rival check ends in the file written or one located refusal (exit 2),
    never a traceback, and nothing outside --out is touched. Run as real processes:
    `printgen rules` of a text, or `printgen box` of a deck, then again once it changed."""
    import json
    if job.startswith("rules"):
        source = tmp_path / "game" / "rules.md"
        source.parent.mkdir()
        source.write_text("# Game\n\nThe rules.\n", encoding="utf-8")
        first, changed, made = source.read_text(), "# Game\n\nThe rules, changed.\n", "rules-rules-poker-a4.pdf"
        command = "rules"
    else:
        source = own_deck(tmp_path, "mine", "standard-back")
        first = source.read_text(encoding="utf-8")
        changed, made, command = first.replace("\ntitle: ", "\ntitle: Changed "), "standard-54-box-a4.pdf", "box"
        assert changed != first
    out = tmp_path / "out"
    run = [sys.executable, "-m", "printgen", command, str(source), "--out", str(out), "-q"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(run, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0 and (out / made).is_file(), done.stderr
    record = out / ".printgen-files.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    data["jobs"][job] = [made]
    record.write_text(json.dumps(data), encoding="utf-8")
    source.write_text(changed, encoding="utf-8")
    outside = {path: path.stat().st_mtime_ns for path in tmp_path.rglob("*") if out not in path.parents
               and path != out}
    again = subprocess.run(run, capture_output=True, text=True, env=env, timeout=300)
    assert "Traceback" not in again.stderr and again.returncode in (0, 2), again.stderr
    if refused is not None:
        assert (again.returncode == 2) == refused, again.stderr
    if again.returncode == 2:
        assert len(again.stderr.splitlines()) == 1 and made in again.stderr
    assert {path: path.stat().st_mtime_ns for path in tmp_path.rglob("*") if out not in path.parents
            and path != out} == outside
