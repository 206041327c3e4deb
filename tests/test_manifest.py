"""The build manifest: a rebuild leaves exactly its new files (and the user's own),
never overwrites a file printgen did not write, and cleans up after interrupted runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

VALUES_24 = "value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]"      # with two suits: 24 cards
VALUES_12 = "value: [1, 2, 3, 4, 5, 6]"


def project(cli, tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert cli("new", "game", "-q").status == 0
    return tmp_path / "game" / "decks" / "game.yaml"


def files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and not p.name.startswith(".") and "_gallery" not in p.parts}


def cut(deck: Path, old: str, new: str) -> None:
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize("target", [None, "tgc", "tts"])
def test_a_smaller_rebuild_leaves_exactly_the_new_files_and_the_users(cli, tmp_path, monkeypatch, target):
    deck = project(cli, tmp_path, monkeypatch)
    cut(deck, VALUES_12, VALUES_24)
    out = tmp_path / "out"
    extra = ["--for", target] if target else ["--only", "pdf,png,svg"]
    assert cli("build", str(deck), *extra, "--out", str(out), "-q").status == 0
    big = files(out)
    mine = out / (target or "png") / "my-notes.txt"
    mine.write_text("the user's own file", encoding="utf-8")
    cut(deck, VALUES_24, VALUES_12)
    assert cli("build", str(deck), *extra, "--out", str(out), "-q").status == 0
    small = files(out)
    fresh = tmp_path / "fresh"
    assert cli("build", str(deck), *extra, "--out", str(fresh), "-q").status == 0
    assert small == files(fresh) | {mine.relative_to(out).as_posix()}
    if target != "tts":                          # (TTS packs 12 or 24 cards on one sheet)
        assert len(small) - 1 < len(big)
    assert mine.read_text(encoding="utf-8") == "the user's own file"


def test_another_job_keeps_its_files(cli, tmp_path, monkeypatch):
    """--only pdf and another paper are other jobs: they do not remove a full build's PNGs."""
    deck = project(cli, tmp_path, monkeypatch)
    out = tmp_path / "out"
    assert cli("build", str(deck), "--only", "pdf,png", "--out", str(out), "-q").status == 0
    before = files(out)
    assert cli("build", str(deck), "--only", "pdf", "--out", str(out), "-q").status == 0
    assert cli("build", str(deck), "--only", "pdf", "--paper", "letter", "--out", str(out), "-q").status == 0
    assert files(out) == before | {"game-letter.pdf"}


def test_a_file_printgen_did_not_write_is_never_replaced(cli, tmp_path, monkeypatch):
    deck = project(cli, tmp_path, monkeypatch)
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("<p>my own page</p>", encoding="utf-8")
    result = cli("build", str(deck), "--only", "pdf,gallery", "--out", str(folder))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert "index.html" in line and "no record of writing this file" in line
    assert (folder / "index.html").read_text(encoding="utf-8") == "<p>my own page</p>"


def test_leftover_temporary_files_of_a_dead_run_are_removed(cli, tmp_path, monkeypatch):
    """A run killed before it put its files in place leaves temporary files its folder's
    pending record names; the next run removes exactly those. A hidden file of the
    user's that merely looks temporary (an older printgen's pattern) stays."""
    deck = project(cli, tmp_path, monkeypatch)
    out = tmp_path / "out"
    killed = ("import os, sys, printgen.output as output\n"
              "output.Run.commit = lambda self: os._exit(9)\n"     # killed with its files written
              "from printgen.cli import main\n"
              "main(sys.argv[1:])\n")
    args = ["build", str(deck), "--only", "pdf", "--out", str(out), "-q"]
    assert subprocess.run([sys.executable, "-c", killed, *args], timeout=120).returncode == 9
    leftovers = [path for path in out.iterdir() if path.name.endswith(".tmp")]
    assert leftovers and not (out / "game-a4.pdf").exists()
    lookalike = out / ".game-a4.pdf.4194303-0.tmp"
    lookalike.write_bytes(b"the user's own")
    assert cli(*args).status == 0
    assert not any(path.exists() for path in leftovers)
    assert lookalike.read_bytes() == b"the user's own"
    assert (out / "game-a4.pdf").is_file() and not (out / ".printgen-pending.json").exists()


def test_a_pdf_an_older_printgen_wrote_may_be_replaced(cli, tmp_path, monkeypatch):
    """Output folders from before the manifest: printgen's own PDFs (they name printgen
    as their creator) are rebuilt; anything else there is left alone."""
    deck = project(cli, tmp_path, monkeypatch)
    out = tmp_path / "old"
    assert cli("build", str(deck), "--only", "pdf", "--out", str(out), "-q").status == 0
    (out / ".printgen-files.json").unlink()                      # as an older printgen left it
    pdf = out / "game-a4.pdf"
    pdf.write_bytes(pdf.read_bytes().replace(b"/Title (", b"/Title (old "))
    assert cli("build", str(deck), "--only", "pdf", "--out", str(out), "-q").status == 0
    assert b"/Title (old " not in pdf.read_bytes()


def test_a_users_file_in_the_default_output_folder_is_not_replaced(cli, tmp_path, monkeypatch):
    """output/ (the default, not a folder the user named) protects a file printgen has
    no record of as any folder does: one line, exit 2, the file kept (a user's notes
    saved under a card's name, or a PNG printgen's record does not name)."""
    deck = project(cli, tmp_path, monkeypatch)
    assert cli("build", str(deck), "--only", "png", "-q").status == 0
    folder = tmp_path / "output" / "game" / "png"
    for manifest in (tmp_path / "output").rglob(".printgen-files.json"):
        manifest.unlink()
    old = sorted(folder.glob("*.png"))[0]
    old.write_bytes(b"my own picture")
    result = cli("build", str(deck), "--only", "png", "-q")
    assert result.status == 2 and "no record of writing this file" in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert old.read_bytes() == b"my own picture"
    notes = tmp_path / "output" / "game" / "game-a4.pdf"
    notes.parent.mkdir(parents=True, exist_ok=True)
    notes.write_text("my notes")
    result = cli("build", str(deck), "--only", "pdf", "-q")
    assert result.status == 2 and notes.read_text() == "my notes"


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under folder (hidden ones too): its bytes and modification time."""
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def test_a_run_that_fails_after_writing_leaves_the_folder_as_it_was(cli, tmp_path, monkeypatch):
    """The card sheets, PNGs and SVGs are written, then the tuck box fails: the new
    files never appear, the folders made for them are gone, the earlier build's files
    keep their bytes and dates, and no temporary file is left."""
    import printgen.render.pdf as build              # what draws every PDF of a build
    from printgen.errors import InputError
    write = build.render_pdf

    def box_breaks(pages, path, **options):               # the tuck box: written after the card files
        if "-box-" in path.name:
            raise InputError("box: broken")
        return write(pages, path, **options)

    deck = project(cli, tmp_path, monkeypatch)
    fresh = tmp_path / "fresh"
    monkeypatch.setattr(build, "render_pdf", box_breaks)
    result = cli("build", str(deck), "--out", str(fresh), "-q")
    assert result.status == 2 and result.err.strip() == "printgen: error: box: broken"
    assert not fresh.exists()

    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    assert cli("build", str(deck), "--out", str(out), "-q").status == 0
    before = snapshot(out)
    cut(deck, VALUES_12, VALUES_24)                   # a different deck: every file would change
    monkeypatch.setattr(build, "render_pdf", box_breaks)
    assert cli("build", str(deck), "--out", str(out), "-q").status == 2
    assert snapshot(out) == before


def test_a_runs_deck_is_looked_up_once_for_its_job_and_product(tmp_path, monkeypatch):
    """A build's job and its product (the folders it writes whole) are keyed by the deck
    file, looked up once for both; a copy of the options naming another deck (as --all
    makes) looks its own up."""
    import argparse

    from printgen.cli.options import job_key, product_key
    from printgen.spec import places
    looked: list[str] = []
    find = places.find

    def counted(kind, name, *args, **kwargs):
        looked.append(name)
        return find(kind, name, *args, **kwargs)
    monkeypatch.setattr(places, "find", counted)
    args = argparse.Namespace(command="build", deck="standard-54", out=str(tmp_path), lang=None, target=None,
                              paper="a4")
    assert job_key(args) == "build deck=built-in:decks/standard-54.yaml paper=a4"
    assert product_key(args) == "build deck=built-in:decks/standard-54.yaml"
    assert looked == ["standard-54"]
    other = argparse.Namespace(**{**vars(args), "deck": "kerton-42"})
    assert product_key(other) == "build deck=built-in:decks/kerton-42.yaml"
    assert looked == ["standard-54", "kerton-42"]
