"""Rebuilds into one output folder: a rebuild of a deck, however it is named and on
whatever paper, leaves none of the deck's old cards behind; two printgens writing into
one folder, or into folders one inside the other, at once take turns; an interrupted
or failed run leaves neither temporary files behind nor printgen's own files
unrecorded."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT

VALUES_6 = "value: [1, 2, 3, 4, 5, 6]"        # the new project's deck: two suits, 12 cards
VALUES_5 = "value: [1, 2, 3, 4, 5]"
MANIFEST = ".printgen-files.json"
FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}     # the printgen of this checkout, in every process
TINY = "name: NAME\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n  - fields: {a: b}\n"


def new_project(cli, tmp_path: Path, monkeypatch) -> Path:
    """`printgen new game`, the current folder then the project's (as its README says)."""
    monkeypatch.chdir(tmp_path)
    assert cli("new", "game", "-q").status == 0
    monkeypatch.chdir(tmp_path / "game")
    return tmp_path / "game"


def cut(deck: Path, old: str, new: str) -> None:
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new), encoding="utf-8")


def names(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir() if not path.name.startswith(".")}


def unrecorded(out: Path) -> list[str]:
    """The files in out's folders that the folder's build record does not name with
    their very size and digest (printgen's hidden files aside), and the files the
    records name that are missing or changed."""
    wrong = []
    for here, _, files in os.walk(out):
        folder = Path(here)
        record = json.loads((folder / MANIFEST).read_text(encoding="utf-8")) if MANIFEST in files else None
        named = {name for names in record["jobs"].values() for name in names} if record else set()
        for name in files:
            if name.startswith("."):
                continue
            data = (folder / name).read_bytes()
            if name not in named or record["files"][name] != [len(data), hashlib.sha256(data).hexdigest()]:
                wrong.append((folder / name).relative_to(out).as_posix())
        wrong += [(folder / name).relative_to(out).as_posix() + " (missing)" for name in named - set(files)]
    return sorted(wrong)


def debris(out: Path) -> list[str]:
    return sorted(path.relative_to(out).as_posix() for path in out.rglob(".printgen-*")
                  if path.name != MANIFEST)


# ------------------------------------------------------------------ ghost cards

@pytest.mark.parametrize("first, second, folders", [
    (["game", "--for", "mpc"], ["decks/game.yaml", "--for", "mpc"], ["mpc"]),
    (["game"], ["decks/game.yaml"], ["png", "svg"]),
    (["game"], ["game", "--paper", "letter"], ["png", "svg"]),
    (["decks/game.yaml", "--only", "png"], ["game", "--only", "png,pdf"], ["png"]),
])
def test_a_rebuild_of_the_deck_leaves_none_of_its_old_cards(cli, tmp_path, monkeypatch, first, second, folders):
    """The reviewer's case: built by name, the deck changed, built again by its path
    (or on other paper, or with other outputs): the card folders hold exactly the cards
    a fresh build makes, the gallery lists no old card (but as taken out, under What
    changed), and one note says what went."""
    project = new_project(cli, tmp_path, monkeypatch)
    assert cli("build", *first, "-q").status == 0
    cut(project / "decks" / "game.yaml", VALUES_6, VALUES_5)
    result = cli("build", *second)
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "removed" in line]
    assert len(notes) == 1 and "removed" in notes[0] and "06-sun-6" in notes[0], result.err
    fresh = tmp_path / "fresh"
    assert cli("build", *second, "--out", str(fresh), "-q").status == 0
    for folder in folders:
        assert names(project / "output" / "game" / folder) == names(fresh / folder), folder
    if "--paper" not in second and "--only" not in second:     # (the a4 build's proof is another job's)
        page = (project / "output" / "index.html").read_text(encoding="utf-8")
        linked = re.findall(r'="\./([^"#?]+)"', page)
        assert all((project / "output" / link).exists() for link in linked)
        taken_out = re.findall(r'alt="([^"]+), taken out"', page)      # (What changed shows them as that)
        assert any("06-sun-6" in name for name in taken_out), taken_out
        linked = re.findall(r'="\./([^"#?]+)"', re.sub(r'<section class="changes">.*?</section>', "", page, flags=re.S))
        assert any("10-moon-5" in link for link in linked)
        assert not any("12-moon-6" in link or "06-sun-6" in link for link in linked)
    assert unrecorded(project / "output") == []


def test_a_rebuild_that_changes_nothing_says_nothing(cli, tmp_path, monkeypatch):
    new_project(cli, tmp_path, monkeypatch)
    assert cli("build", "game", "--for", "mpc", "-q").status == 0
    result = cli("build", "decks/game.yaml", "--for", "mpc")
    assert result.status == 0 and "removed" not in result.err and "note" not in result.err


def test_other_decks_in_the_same_folder_keep_their_files(cli, tmp_path, monkeypatch):
    """Two decks exported into one folder: rebuilding one after a change removes its
    old cards only."""
    project = new_project(cli, tmp_path, monkeypatch)
    other = project / "decks" / "other.yaml"
    other.write_text((project / "decks" / "game.yaml").read_text(encoding="utf-8")
                     .replace("name: game", "name: other"), encoding="utf-8")
    assert "name: other" in other.read_text(encoding="utf-8")
    shared = tmp_path / "shared"
    for deck in ("game", "other"):
        assert cli("build", deck, "--for", "mpc", "--out", str(shared), "-q").status == 0   # (by name, as below)
    theirs = {name for name in names(shared / "mpc") if name.startswith("other-")}
    assert len(theirs) == 13
    cut(project / "decks" / "game.yaml", VALUES_6, VALUES_5)
    assert cli("build", "game", "--for", "mpc", "--out", str(shared), "-q").status == 0
    assert {name for name in names(shared / "mpc") if name.startswith("other-")} == theirs
    assert len([name for name in names(shared / "mpc") if name.startswith("game-")]) == 11
    assert unrecorded(shared) == []


def test_a_job_prunes_again_only_once_it_has_written_a_file_since(tmp_path, monkeypatch):
    """prune_current() puts the running job's files in place and removes its stale ones;
    called again with nothing written since (a build into output/ prunes before it
    removes a renamed deck's folders, then before its gallery) it does not prune again;
    once the job has written a file, it does, and that file is in place."""
    from printgen import output
    with output.recording("job", root=tmp_path):
        output.write_bytes(tmp_path / "old.txt", b"old")
    pruned = []
    prune = output.Run.prune
    monkeypatch.setattr(output.Run, "prune", lambda run: pruned.append(run.job) or prune(run))
    with output.recording("job", root=tmp_path):
        output.write_bytes(tmp_path / "new.txt", b"new")
        assert [path.name for path in output.prune_current()] == ["old.txt"]
        assert names(tmp_path) == {"new.txt"} and pruned == ["job"]
        assert output.prune_current() == [] and pruned == ["job"]
        output.write_bytes(tmp_path / "newer.txt", b"newer")
        output.prune_current()
        assert names(tmp_path) == {"new.txt", "newer.txt"} and pruned == ["job", "job"]


# ------------------------------------------------------------------ two builds at once

def tiny_decks(folder: Path) -> None:
    (folder / "face.yaml").write_text(FACE, encoding="utf-8")
    for name in ("a", "b"):
        (folder / f"{name}.yaml").write_text(TINY.replace("NAME", name), encoding="utf-8")


SLOW_SAVE = ("import sys, time, pathlib, printgen.output.saving as saving\n"
             "save = saving._save\n"
             "def slow(run, *args):\n"         # a build that stops as it first writes a record
             "    sign, go = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])\n"
             "    if not sign.exists():\n"
             "        sign.touch()\n"
             "        while not go.exists():\n"
             "            time.sleep(0.02)\n"
             "    save(run, *args)\n"
             "saving._save = slow\n"
             "from printgen.cli import main\n"
             "sys.exit(main(sys.argv[3:]))\n")


def test_two_builds_into_one_folder_at_once_take_turns(tmp_path):
    """Deck a is built into out and stops as it writes its first record; meanwhile deck
    b is built into out too. b waits for a (saying so), and both succeed with every
    file in out recorded as printgen wrote it. (Without the lock, b ran to its end
    meanwhile and a's record then overwrote b's: b's files were no longer printgen's,
    and b's next build refused to replace them.)"""
    tiny_decks(tmp_path)
    sign, go = tmp_path / "saving", tmp_path / "go"
    start = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, "cwd": tmp_path, "env": ENV}
    slow = subprocess.Popen([sys.executable, "-c", SLOW_SAVE, str(sign), str(go), "build", "a.yaml", "--out",
                             "out", "-q"], **start)
    other = None
    try:
        deadline = time.monotonic() + 60
        while not sign.exists() and slow.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert sign.exists(), slow.communicate()
        other = subprocess.Popen([sys.executable, "-m", "printgen", "build", "b.yaml", "--out", "out"], **start)
        assert other.stderr is not None
        first = other.stderr.readline()         # b waiting (or, without the lock, b finished)
        go.touch()
        _, err = slow.communicate(timeout=60)
        _, rest = other.communicate(timeout=60)
    finally:
        for process in (slow, other):
            if process is not None and process.poll() is None:
                process.kill()
    assert slow.returncode == 0 and other.returncode == 0, (err, first + rest)
    out = tmp_path / "out"
    assert {"a-a4.pdf", "b-a4.pdf", "index.html"} <= names(out)
    assert unrecorded(out) == [] and debris(out) == []
    again = subprocess.run([sys.executable, "-m", "printgen", "build", "b.yaml", "--out", "out"], timeout=60,
                           check=False, capture_output=True, text=True, cwd=tmp_path, env=ENV)
    assert again.returncode == 0 and "printgen: " not in again.stderr, again.stderr
    assert first == "printgen: note: out: waiting for another printgen writing into this folder (up to 30 s)\n"


HOLD = ("import sys, time, pathlib, printgen.output as output\n"
        "with output.recording('held', root=pathlib.Path(sys.argv[1])):\n"
        "    print('held', flush=True)\n"
        "    time.sleep(60)\n")


@contextlib.contextmanager
def holding(folder: Path) -> Iterator[subprocess.Popen[str]]:
    """A process holding the lock of folder (which exists), as a build writing there
    does, from when it says so until the block ends."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(folder)], stdout=subprocess.PIPE,
                               text=True, env=ENV)
    try:
        assert process.stdout is not None and process.stdout.readline() == "held\n"
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.fixture
def holder(tmp_path):
    """A process holding the lock of tmp_path/out (made first)."""
    (tmp_path / "out").mkdir()
    with holding(tmp_path / "out") as process:
        yield process


def test_a_build_waits_for_the_folder_then_refuses_in_one_line(cli, tmp_path, monkeypatch, holder):
    from printgen.output import lock
    tiny_decks(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(lock, "LOCK_WAIT", 0.5)
    started = time.monotonic()
    result = cli("build", "a.yaml", "--out", "out")
    assert result.status == 2 and time.monotonic() - started < 10
    note, line = result.err.strip().splitlines()
    assert note == "printgen: note: out: waiting for another printgen writing into this folder (up to 0.5 s)"
    assert line.startswith("printgen: error: out: another printgen is writing into this folder")
    assert names(tmp_path / "out") == set()


def test_a_lock_whose_process_died_blocks_nothing_and_is_removed(cli, tmp_path, monkeypatch, holder):
    """The holder is killed (no chance to tidy up): its lock ends with it, the next build
    goes ahead at once, and leaves no lock file (nor any other file of printgen's own)."""
    tiny_decks(tmp_path)
    monkeypatch.chdir(tmp_path)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert (tmp_path / "out" / ".printgen-lock").exists()
    started = time.monotonic()
    result = cli("build", "a.yaml", "--out", "out", "--only", "pdf")
    assert result.status == 0 and result.err == "" and time.monotonic() - started < 20
    assert debris(tmp_path / "out") == [] and names(tmp_path / "out") == {"a-a4.pdf"}


@pytest.mark.parametrize("held, out, other", [
    ("out", "out/x", "out, around this folder"),            # a build into a folder inside another's
    ("out/x", "out", "out/x, inside this folder"),          # a build around another's folder
    ("out/x", "around", "around/x, inside this folder"),    # around -> out: the same folders, named otherwise
    ("out", "inner", "out, around this folder"),            # inner -> out/x
])
def test_builds_into_folders_one_inside_the_other_take_turns(cli, tmp_path, monkeypatch, held, out, other):
    """A printgen writing into out/x and one writing into out (whose pruning and gallery
    reach into out/x) exclude each other, whichever started first and however the
    folders are named: the second waits, then refuses in one line, writing nothing."""
    from printgen.output import lock
    (tmp_path / "out" / "x").mkdir(parents=True)
    (tmp_path / "around").symlink_to(tmp_path / "out")
    (tmp_path / "inner").symlink_to(tmp_path / "out" / "x")
    with holding(tmp_path / held):
        tiny_decks(tmp_path)
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(lock, "LOCK_WAIT", 0.5)
        result = cli("build", "a.yaml", "--out", out)
    assert result.status == 2
    note, line = result.err.strip().splitlines()
    assert note == f"printgen: note: {out}: waiting for another printgen writing into {other} (up to 0.5 s)"
    assert line.startswith(f"printgen: error: {out}: another printgen is writing into {other}")
    assert names(tmp_path / "out") == {"x"} and names(tmp_path / "out" / "x") == set()
    assert debris(tmp_path / "out") == [".printgen-lock" if held == "out" else "x/.printgen-lock"]


# ------------------------------------------------------------------ debris

def test_a_run_interrupted_as_it_makes_a_temporary_file_leaves_none(cli, tmp_path, monkeypatch):
    """Ctrl-C the moment the gallery has made a temporary file for a preview, before it
    knows the file's name: the run stops (the cards already in place), leaving no
    temporary file and every file in the folder recorded."""
    project = new_project(cli, tmp_path, monkeypatch)
    assert cli("build", "game", "-q").status == 0
    out = project / "output"
    made = []
    real_open = os.open

    def interrupted(path, flags, *args):
        fd = real_open(path, flags, *args)
        if flags & os.O_EXCL and "_gallery" in str(path) and str(path).endswith(".tmp"):
            made.append(Path(path))
            raise KeyboardInterrupt
        return fd

    cut(project / "decks" / "game.yaml", VALUES_6, VALUES_5)
    monkeypatch.setattr(os, "open", interrupted)
    result = cli("build", "game", "-q")
    monkeypatch.setattr(os, "open", real_open)
    assert result.status == 130 and made
    assert debris(out) == [] and unrecorded(out) == []


def test_a_dead_runs_temporary_files_go_with_the_next_build(cli, tmp_path, monkeypatch):
    """A run killed outright leaves its temporary files and its note in the folder's
    pending record: the next build removes both, in a folder whose files it only keeps
    (the gallery's previews) too. A file of the user's named like one stays."""
    new_project(cli, tmp_path, monkeypatch)
    assert cli("build", "game", "-q").status == 0
    previews = Path("output") / "_gallery" / "game" / "png"
    dead = previews / f".printgen-{'ef' * 16}-{'01' * 8}.tmp"
    dead.write_bytes(b"")
    (previews / ".printgen-pending.json").write_text(json.dumps(
        {"printgen_pending": 1, "runs": {"ef" * 16: 2 ** 31 - 1}}), encoding="utf-8")
    mine = previews / f".printgen-{'ab' * 16}-{'cd' * 8}.tmp"
    mine.write_text("the user's", encoding="utf-8")
    assert cli("build", "decks/game.yaml", "-q").status == 0
    assert not dead.exists() and not (previews / ".printgen-pending.json").exists()
    assert mine.read_text(encoding="utf-8") == "the user's"


def test_a_failed_run_leaves_the_files_it_put_in_place_printgens(cli, tmp_path, monkeypatch):
    """The gallery page cannot be replaced (made immutable, say) after the run put the
    gallery's new previews in place: the run fails, but the previews stay recorded as
    printgen's, so the next build neither calls them the user's nor stops previewing."""
    import printgen.freeing as freeing
    project = new_project(cli, tmp_path, monkeypatch)
    assert cli("build", "game", "-q").status == 0
    replace = freeing.replace

    def immutable_page(source, target):
        if Path(target).name == "index.html":
            raise PermissionError(1, "Operation not permitted")
        replace(source, target)

    cut(project / "decks" / "game.yaml", VALUES_6, VALUES_5)
    monkeypatch.setattr(freeing, "replace", immutable_page)
    result = cli("build", "game", "-q")
    assert result.status == 2 and "index.html: cannot write" in result.err
    monkeypatch.setattr(freeing, "replace", replace)
    out = project / "output"
    assert unrecorded(out) == []
    cut(project / "decks" / "game.yaml", VALUES_5, VALUES_6)
    again = cli("build", "game")
    assert again.status == 0 and "left" not in again.err, again.err
    assert unrecorded(out) == []
    assert (out / "_gallery" / "game" / "game-a4.pdf.3.jpg").is_file()


def test_a_lock_another_user_holds_around_the_folder_stops_no_build(cli, tmp_path, monkeypatch):
    """A lock held on a lock file of another user's (one on /tmp/.printgen-lock, say)
    made every build of this user below it wait, then fail: another user's printgen
    cannot write into this user's folders, so its lock is not waited for."""
    from printgen.output import lock
    (tmp_path / "out" / "x").mkdir(parents=True)
    with holding(tmp_path / "out"):
        tiny_decks(tmp_path)
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(lock, "LOCK_WAIT", 0.5)
        owner = (tmp_path / "out" / ".printgen-lock").stat().st_uid
        monkeypatch.setattr(os, "getuid", lambda: owner + 1)       # the held lock file is another user's
        result = cli("build", "a.yaml", "--out", "out/x", "-q")
    assert result.status == 0, result.err
    assert any(name.endswith(".pdf") for name in names(tmp_path / "out" / "x"))


def test_a_build_waiting_for_one_inside_its_folder_walks_the_folder_once(cli, tmp_path, monkeypatch):
    """A build waiting for another writing into a folder inside its own walked every
    folder below its own again on each try (every 25 to 75 ms, up to 20,000 folders);
    it walks them once, then tests the lock it found held."""
    from printgen.output import lock
    (tmp_path / "out" / "x").mkdir(parents=True)
    walked = []
    real_walk = lock.walk

    def counted(top):
        walked.append(top)
        return real_walk(top)

    with holding(tmp_path / "out" / "x"):
        tiny_decks(tmp_path)
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(lock, "LOCK_WAIT", 0.5)
        monkeypatch.setattr(lock, "walk", counted)
        result = cli("build", "a.yaml", "--out", "out")
    assert result.status == 2
    assert "another printgen is writing into out/x, inside this folder" in result.err
    assert len(walked) == 1


def test_a_gallery_previews_its_pdfs_after_the_process_changed_folder(cli, tmp_path, monkeypatch):
    """The child that draws the gallery's PDF pages is kept for the process's later
    galleries; a later build run from another folder (its output/ a relative path) still
    gets its PDFs' previews: the child is handed where the file is, not a path it would
    read from the folder it started in."""
    import shutil
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = new_project(cli, tmp_path / "one", monkeypatch)
    assert cli("build", "game", "-q").status == 0
    assert (first / "output" / "_gallery" / "game" / "game-a4.pdf.jpg").is_file()
    second = new_project(cli, tmp_path / "two", monkeypatch)
    shutil.rmtree(first)                    # the folder the child started in holds nothing now
    assert cli("build", "game", "-q").status == 0
    assert (second / "output" / "_gallery" / "game" / "game-a4.pdf.jpg").is_file()
    assert (second / "output" / "_gallery" / "game" / "game-a4.pdf.3.jpg").is_file()


def test_a_build_pruned_before_its_gallery_is_not_pruned_again_after_it(cli, tmp_path, monkeypatch):
    """A build puts its files in place and removes its stale ones before its gallery
    lists the folder; when it ends, having written nothing since, it is not pruned
    again (its records already hold what it wrote). A job that writes after it was
    pruned is pruned again when it ends: its record names that file too."""
    from conftest import FIXTURES
    from printgen import output
    pruned: list[str] = []
    real = output.Run.prune

    def prune(run: output.Run) -> list[Path]:
        pruned.append(run.job.split()[0])
        return real(run)

    monkeypatch.setattr(output.Run, "prune", prune)
    out = tmp_path / "out"
    assert cli("build", str(FIXTURES / "preflight" / "clean.yaml"), "-q", "--only", "pdf,gallery",
               "--out", str(out)).status == 0
    assert pruned == ["build", "gallery"]
    pruned.clear()
    with output.recording("late", root=tmp_path / "late"):
        output.write_bytes(tmp_path / "late" / "a.txt", b"a")
        output.prune_current()
        output.write_bytes(tmp_path / "late" / "b.txt", b"b")
    assert pruned == ["late", "late"]
    record = json.loads((tmp_path / "late" / ".printgen-files.json").read_text(encoding="utf-8"))
    assert record["jobs"] == {"late": ["a.txt", "b.txt"]}
