"""A standard output that is gone or full never stops or loses the work
(printgen/cli/stdout.py): `printgen rules ... | head -1` writes every file as a plain
run does and exits 0; `printgen build ... > /dev/full` writes them too, and says on
one line of standard error, with status 1, that what it printed is lost."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FULL = Path("/dev/full")

RULES = ("rules", "jedi-temple", "--panel", "bridge", "--out", "out")
DECK = ("build", "sabacc-62", "--only", "pdf", "--out", "out")
ALL = ("build", "--all", "--only", "pdf", "--jobs", "2", "--out", "out")   # decks built in worker processes
DEAL = ("deal", "1", "--json")                                            # it only prints

needs_full = pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")


def _env(buffered: bool) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    if not buffered:                    # each print written at once: the job's own prints fail
        env["PYTHONUNBUFFERED"] = "1"
    return {**env, "PYTHONPATH": str(ROOT)}


def _run(args: tuple[str, ...], cwd: Path, stdout: int, *, buffered: bool = True) -> subprocess.CompletedProcess:
    cwd.mkdir()
    return subprocess.run([sys.executable, "-m", "printgen", *args], cwd=cwd, env=_env(buffered), stdout=stdout,
                          stderr=subprocess.PIPE, text=True, check=False)


def _files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file()}


def _closed_pipe(args: tuple[str, ...], cwd: Path, *, buffered: bool) -> subprocess.CompletedProcess:
    """args run with standard output a pipe whose reader is gone before it starts."""
    read, write = os.pipe()
    os.close(read)
    try:
        return _run(args, cwd, write, buffered=buffered)
    finally:
        os.close(write)


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """A command's run with its output read to the end: its status, stdout, stderr and files."""
    done = {}

    def run(args: tuple[str, ...]) -> tuple[subprocess.CompletedProcess, dict[str, bytes]]:
        if args not in done:
            cwd = tmp_path_factory.mktemp("plain") / "run"
            result = _run(args, cwd, subprocess.PIPE)
            assert result.returncode == 0, result.stderr
            assert result.stdout.strip()            # it says something, which the runs below lose
            done[args] = result, _files(cwd)
        return done[args]
    return run


@pytest.mark.parametrize("args,buffered", [(RULES, True), (RULES, False), (DECK, False), (ALL, False),
                                           (DEAL, False)])
def test_a_reader_gone_before_the_first_line_changes_no_file_and_no_status(plain, tmp_path, args, buffered):
    expected, files = plain(args)
    result = _closed_pipe(args, tmp_path / "run", buffered=buffered)
    assert "Traceback" not in result.stderr
    assert result.stderr == expected.stderr
    assert result.returncode == 0
    assert _files(tmp_path / "run") == files


def test_a_reader_that_leaves_after_one_line_changes_no_file(plain, tmp_path):
    expected, files = plain(RULES)
    (tmp_path / "run").mkdir()
    with subprocess.Popen([sys.executable, "-m", "printgen", *RULES], cwd=tmp_path / "run", env=_env(False),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as head:
        assert head.stdout is not None and head.stderr is not None
        assert head.stdout.readline() == expected.stdout.splitlines(keepends=True)[0]
        head.stdout.close()
        err = head.stderr.read()
    assert "Traceback" not in err
    assert head.returncode == 0
    assert _files(tmp_path / "run") == files


@needs_full
@pytest.mark.parametrize("args,buffered", [(RULES, True), (RULES, False), (DECK, True), (ALL, True),
                                           (DEAL, True)])
def test_a_full_output_writes_every_file_and_says_the_rest_is_lost(plain, tmp_path, args, buffered):
    expected, files = plain(args)
    with FULL.open("w") as full:
        result = _run(args, tmp_path / "run", full.fileno(), buffered=buffered)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1               # not 2: nothing the user gave was wrong, and the files are there
    lines = result.stderr.splitlines()
    assert lines[:-1] == expected.stderr.splitlines()
    assert lines[-1].startswith("printgen: error: ") and "standard output" in lines[-1]
    assert _files(tmp_path / "run") == files


@needs_full
def test_help_that_cannot_be_shown_is_a_failure(tmp_path):
    with FULL.open("w") as full:
        result = _run(("--help",), tmp_path / "run", full.fileno())
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
