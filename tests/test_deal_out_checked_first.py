"""deal, challenge and census check where they write before the seconds of rating or
playing deals: a folder that cannot be written (a read-only file system, a folder
without write permission) or cannot be made is one line, exit 2, and nothing is
rated, played or written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

COMMANDS = {
    "deal": ["deal", "5", "--jobs", "1"],
    "challenge": ["challenge", "--count", "12", "--jobs", "1"],
    "census": ["census", "--count", "10", "--jobs", "1"],
    "census --stars": ["census", "--stars", "--count", "10", "--jobs", "1"],
}


@pytest.fixture
def never_rated(monkeypatch):
    """Every command's rating (or census games) made to fail the test if it runs."""
    from printgen.cli import census, deal
    from printgen.products import challenge

    def ran(*args, **kwargs):
        raise AssertionError("the deals were rated before the output folder was checked")
    monkeypatch.setattr(deal, "rate", ran)
    monkeypatch.setattr(challenge, "ratings", ran)
    monkeypatch.setattr(census, "run_deals", ran)
    monkeypatch.setattr(census, "run_stars", ran)


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def _one_line(result, message: str) -> None:
    assert result.status == 2, result.err
    assert result.err.strip() == f"printgen: error: {message}"
    assert "Traceback" not in result.err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("below", [False, True])
def test_a_read_only_folder_is_said_before_the_rating(cli, tmp_path, monkeypatch, never_rated,
                                                       command, below):
    """A folder on a read-only file system (os.access says so even to root; here it
    is made to say so), as --out or above a --out still to be made."""
    locked = tmp_path / "ro"
    locked.mkdir()
    real_access = os.access

    def access(path, mode, *args, **kwargs):
        if Path(path) == locked and mode & os.W_OK:
            return False
        return real_access(path, mode, *args, **kwargs)
    monkeypatch.setattr(os, "access", access)
    out = locked / "a" / "b" if below else locked
    before = _files(tmp_path)
    result = cli(*COMMANDS[command], "--out", str(out))
    _one_line(result, f"{out}: cannot create the output folder ({locked} is not writable)" if below
              else f"{out}: the output folder is not writable")
    assert _files(tmp_path) == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root may write into a folder without write permission")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_without_write_permission_is_said_before_the_rating(cli, tmp_path, never_rated,
                                                                     command):
    locked = tmp_path / "ro"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        result = cli(*COMMANDS[command], "--out", str(locked))
        _one_line(result, f"{locked}: the output folder is not writable")
        assert _files(locked) == []
    finally:
        locked.chmod(0o755)


@pytest.mark.parametrize("command", ["census", "census --stars"])
@pytest.mark.parametrize("where", ["a file as --out", "a folder to make in a file"])
def test_a_census_folder_that_is_a_file_is_said_before_the_deals_are_played(
        cli, tmp_path, monkeypatch, never_rated, command, where):
    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("hi\n")
    if where == "a file as --out":
        out, message = "afile", "afile: is not a folder; expected the output folder"
    else:
        out, message = "afile/sub", "afile/sub: cannot create the output folder"
    result = cli(*COMMANDS[command], "--out", out)
    assert result.status == 2 and result.err.startswith(f"printgen: error: {message}"), result.err
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert _files(tmp_path) == ["afile"] and Path("afile").read_text() == "hi\n"


def test_a_census_refuses_the_user_s_file_at_its_name_before_playing(cli, tmp_path, never_rated):
    (tmp_path / "census.csv").write_text("my table\n")
    result = cli(*COMMANDS["census"], "--out", str(tmp_path))
    assert result.status == 2 and "census.csv: printgen has no record of writing this file" in result.err
    assert (tmp_path / "census.csv").read_text() == "my table\n"


@pytest.mark.parametrize("command", [*COMMANDS, "build", "box"])
@pytest.mark.parametrize("out", ["deal5.pdf", "club/Sheet.PDF", "cards.png"])
def test_a_file_s_name_as_out_is_said_not_made_a_folder(cli, tmp_path, monkeypatch, never_rated, command, out):
    """--out names a folder and printgen names its files in it: '--out deal5.pdf' made a
    folder 'deal5.pdf' holding the sheet. It is refused at once; a folder so named that
    exists already is the user's choice, and is written into."""
    monkeypatch.chdir(tmp_path)
    args = {"build": ["build", "sabacc-62", "--only", "box"], "box": ["box", "sabacc-62"]}.get(command) or COMMANDS[command]
    result = cli(*args, "--out", out)
    assert result.status == 2 and len(result.err.splitlines()) == 1, result.err
    assert f"--out: expected a folder, got {out!r}, a file's name" in result.err
    assert _files(tmp_path) == []
    (tmp_path / "old.pdf").mkdir()
    assert cli("box", "sabacc-62", "--out", "old.pdf", "-q").status == 0
