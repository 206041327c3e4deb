"""The output folder has one owner (printgen/output/), and the user's files in it are
safe: each hostile case below runs printgen as a real process (a hang, a traceback or
a crash shows there) and checks its exit status, that standard error is one line and
no traceback, that nothing outside --out changed and that every file of the user's
has the bytes it had, all within seconds."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import one_line, tree

FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
DECK = "name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n  - fields: {a: b}\n"
TIMEOUT = 60                    # seconds; each build here takes about one
MANIFEST = ".printgen-files.json"
fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs fifos")


def deck_with(folder: Path, name: str = "t") -> Path:
    """The tiny deck (one card), named name (its PDF is NAME-a4.pdf)."""
    (folder / "face.yaml").write_text(FACE, encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text(DECK.replace("name: t", f"name: {name}"), encoding="utf-8")
    return path


def printgen(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printgen", *args], capture_output=True, text=True,
                          timeout=TIMEOUT, cwd=cwd, check=False)






@pytest.fixture
def project(tmp_path) -> Path:
    """A folder holding the tiny deck (deck.yaml); builds go to out/ in it."""
    deck_with(tmp_path)
    return tmp_path


@pytest.fixture
def built(project) -> Path:
    """project after `build deck.yaml --only pdf --out out`."""
    assert printgen(project, "build", "deck.yaml", "--only", "pdf", "--out", "out").returncode == 0
    assert (project / "out" / "t-a4.pdf").is_file() and (project / "out" / MANIFEST).is_file()
    return project


@pytest.fixture
def elsewhere(tmp_path_factory) -> Path:
    """A folder of the user's outside the project (a link's target): two files."""
    folder = tmp_path_factory.mktemp("users-own")
    (folder / "holiday.jpg").write_bytes(b"\xff\xd8 the user's photo")
    (folder / "notes.txt").write_text("the user's notes", encoding="utf-8")
    return folder


def rename_deck(project: Path) -> None:
    """The same deck file, now named u: its rebuild no longer writes t-a4.pdf."""
    deck_with(project, "u")


REMOVED_T = ("printgen: note: removed 1 file printgen wrote in an earlier build and this one no longer makes "
             "(out/t-a4.pdf)\n")     # the one line a rebuild after rename_deck says


# ------------------------------------------------------------------ the gallery's folder

def test_a_users_own_gallery_folder_keeps_its_files(project):
    gallery = project / "out" / "_gallery"
    gallery.mkdir(parents=True)
    mine = {"notes.txt": b"the user's notes", "gone.png.jpg": b"looks like a stale preview",
            "t-a4.pdf.jpg": b"where the PDF's preview would go"}
    for name, data in mine.items():
        (gallery / name).write_bytes(data)
    result = printgen(project, "build", "deck.yaml", "--only", "pdf,gallery", "--out", "out")
    one_line(result, 0, "_gallery", "left 3 files printgen did not write as they are")
    assert {name: (gallery / name).read_bytes() for name in mine} == mine
    page = (project / "out" / "index.html").read_text(encoding="utf-8")
    assert "t-a4.pdf (no preview)" in page              # its preview's place is the user's
    again = printgen(project, "gallery", "--out", "out", "-q")
    assert again.returncode == 0 and {name: (gallery / name).read_bytes() for name in mine} == mine


def test_one_file_of_the_users_in_the_gallery_folder_is_told_as_one(project):
    gallery = project / "out" / "_gallery"
    gallery.mkdir(parents=True)
    (gallery / "notes.txt").write_bytes(b"the user's notes")
    result = printgen(project, "build", "deck.yaml", "--only", "pdf,gallery", "--out", "out")
    one_line(result, 0, "_gallery", "left 1 file printgen did not write as it is (notes.txt)")


def test_a_gallery_folder_that_is_a_link_is_refused_before_anything_is_written(project, elsewhere):
    out = project / "out"
    out.mkdir()
    (out / "_gallery").symlink_to(elsewhere, target_is_directory=True)
    before = tree(elsewhere)
    for args in (["build", "deck.yaml", "--only", "pdf,gallery"], ["gallery"]):
        result = printgen(project, *args, "--out", "out")
        one_line(result, 2, "out/_gallery", "symbolic link")
        assert tree(elsewhere) == before
        assert sorted(p.name for p in out.iterdir()) == ["_gallery"]     # no PDF, no record, no page


# ------------------------------------------------------------------ links below --out

@pytest.mark.parametrize("folder", ["png", "svg"])
def test_a_subfolder_that_is_a_link_is_refused(project, elsewhere, folder):
    out = project / "out"
    out.mkdir()
    (out / folder).symlink_to(elsewhere, target_is_directory=True)
    before, around = tree(elsewhere), tree(project, skip=out)
    result = printgen(project, "build", "deck.yaml", "--only", f"pdf,{folder}", "--out", "out")
    one_line(result, 2, f"out/{folder}", "symbolic link")
    assert tree(elsewhere) == before and tree(project, skip=out) == around
    assert sorted(p.name for p in out.iterdir()) == [folder]


def test_a_link_below_the_default_output_folder_is_refused(project, elsewhere):
    (project / "output").mkdir()
    (project / "output" / "t").symlink_to(elsewhere, target_is_directory=True)
    before = tree(elsewhere)
    one_line(printgen(project, "build", "deck.yaml", "--only", "pdf"), 2, "output/t", "symbolic link")
    assert tree(elsewhere) == before


def test_a_link_where_printgen_would_write_is_refused(built, elsewhere):
    pdf = built / "out" / "t-a4.pdf"
    pdf.unlink()
    pdf.symlink_to(elsewhere / "notes.txt")
    before = tree(elsewhere)
    one_line(printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out"), 2,
             "out/t-a4.pdf", "symbolic link")
    assert tree(elsewhere) == before and pdf.is_symlink()


# ------------------------------------------------------------------ records naming the user's files

def tamper(record: Path, name: str, form: str) -> None:
    """Make record (a folder's build record) list name as the job's."""
    data = json.loads(record.read_text(encoding="utf-8"))
    job = next(iter(data["jobs"]))
    if form == "old":                              # the format before digests
        data = {"printgen": 1, "jobs": {job: [*data["jobs"][job], name]}}
    else:
        data["jobs"][job].append(name)
        data["files"][name] = [3, "0" * 64]
    record.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("form", ["new", "old"])
def test_a_tampered_record_naming_a_users_file_does_not_delete_it(built, form):
    out = built / "out"
    mine = out / "mine.txt"
    mine.write_text("the user's own", encoding="utf-8")
    tamper(out / MANIFEST, "mine.txt", form)
    result = printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    one_line(result, 0, "mine.txt")
    assert mine.read_text(encoding="utf-8") == "the user's own"


def test_a_file_the_user_put_in_place_of_printgens_is_not_deleted(built):
    """printgen really wrote t-a4.pdf; the user replaced it with their own; the deck's
    rebuild (now named u) no longer writes it, and leaves the user's file."""
    pdf = built / "out" / "t-a4.pdf"
    pdf.write_bytes(b"%PDF-1.4 the user's own")
    rename_deck(built)
    result = printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    one_line(result, 0, "t-a4.pdf", "left 1 file as it is", "did not write it, or it changed")
    assert pdf.read_bytes() == b"%PDF-1.4 the user's own" and (built / "out" / "u-a4.pdf").is_file()


def test_a_folder_copied_with_its_record_keeps_the_users_changes(built, tmp_path):
    """The output folder copied elsewhere, record and all, and a file there edited:
    a rebuild into the copy removes only what is still printgen's."""
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(built / "out", copy)
    (copy / "t-a4.pdf").write_bytes(b"edited by the user")
    rename_deck(built)
    one_line(printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", str(copy)), 0, "t-a4.pdf")
    assert (copy / "t-a4.pdf").read_bytes() == b"edited by the user"
    assert printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out").returncode == 0
    assert not (built / "out" / "t-a4.pdf").exists()                 # unchanged there: removed


def test_a_stale_file_printgen_wrote_is_still_removed(built):
    rename_deck(built)
    result = printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    assert result.returncode == 0 and result.stderr == REMOVED_T
    assert sorted(p.name for p in (built / "out").iterdir()) == [MANIFEST, "u-a4.pdf"]


@pytest.mark.parametrize("form", ["new", "old"])
def test_a_hidden_record_in_a_subfolder_does_not_prune_the_users_file(built, form):
    sub = built / "out" / "sub"
    sub.mkdir()
    (sub / MANIFEST).write_bytes((built / "out" / MANIFEST).read_bytes())
    mine = sub / "mine.txt"
    mine.write_text("the user's own", encoding="utf-8")
    tamper(sub / MANIFEST, "mine.txt", form)
    result = printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 1
    assert mine.read_text(encoding="utf-8") == "the user's own"


def test_a_user_file_where_printgen_would_write_is_refused_before_anything_is_written(built):
    out = built / "out"
    (out / "t-a4.pdf").write_bytes(b"the user's own, not a PDF printgen wrote")
    before = tree(out)
    one_line(printgen(built, "build", "deck.yaml", "--only", "pdf,gallery", "--out", "out"), 2,
             "out/t-a4.pdf", "will not replace it")
    assert tree(out) == before


# ------------------------------------------------------------------ temporary-looking names

def test_a_users_file_named_like_a_temporary_file_is_kept(built):
    out = built / "out"
    names = [".t-a4.pdf.4194303-0.tmp", ".t-a4.pdf.99999999999999999999-0.tmp", ".notes.1-0.tmp",
             f".printgen-{'ab' * 16}-{'cd' * 8}.tmp"]
    for name in names:
        (out / name).write_text(f"the user's {name}", encoding="utf-8")
    rename_deck(built)
    result = printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    assert result.returncode == 0 and result.stderr == REMOVED_T
    assert all((out / name).read_text(encoding="utf-8") == f"the user's {name}" for name in names)
    assert not (out / "t-a4.pdf").exists() and not (out / ".printgen-pending.json").exists()


# ------------------------------------------------------------------ --out . over the user's page

def test_out_dot_over_the_users_index_is_refused_before_anything_is_written(project):
    (project / "index.html").write_text("<p>my own page</p>", encoding="utf-8")
    before = tree(project)
    result = printgen(project, "build", "deck.yaml", "--only", "pdf,gallery", "--out", ".")
    one_line(result, 2, "index.html", "no record of writing this file")
    assert tree(project) == before                      # no PDF, no record, no _gallery


# ------------------------------------------------------------------ records from a stranger

def hostile_record(path: Path, kind: str) -> None:
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif kind == "3 GiB":
        with open(path, "wb") as file:                  # sparse: no disk space taken
            file.truncate(3 * 1024 ** 3)
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "not JSON":
        path.write_bytes(b"\xff\xfe{not json")
    elif kind == "wrong shape":
        path.write_text(json.dumps({"printgen": 2, "files": {"../x": [1, "y"]}, "jobs": {"j": ["../x"]}}))


@fifos
@pytest.mark.parametrize("kind", ["fifo", "nested", "3 GiB", "link to /dev/zero", "not JSON", "wrong shape"])
def test_a_record_that_cannot_be_trusted_means_a_clean_build_that_deletes_nothing(built, kind):
    out = built / "out"
    hostile_record(out / MANIFEST, kind)
    seen = os.lstat(out / MANIFEST)
    rename_deck(built)
    result = printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    one_line(result, 0, "out/.printgen-files.json", "not a build record printgen can read")
    assert (out / "t-a4.pdf").is_file() and (out / "u-a4.pdf").is_file()     # nothing deleted
    now = os.lstat(out / MANIFEST)
    if kind in ("fifo", "3 GiB", "link to /dev/zero"):      # not a small file: left as it is
        assert (now.st_ino, now.st_mode, now.st_size) == (seen.st_ino, seen.st_mode, seen.st_size)
    else:                                                   # replaced by a fresh record
        assert json.loads((out / MANIFEST).read_text(encoding="utf-8"))["printgen"] == 2


@fifos
@pytest.mark.parametrize("kind", ["fifo", "nested", "3 GiB", "link to /dev/zero"])
def test_a_hostile_proof_record_or_pending_record_is_ignored(built, kind):
    """Another deck's proof record (read by the gallery) and the pending record of
    temporary files (read before any is made), each hostile: ignored, left alone."""
    out = built / "out"
    names = (".proof-other-home-print-a4.json", ".printgen-pending.json")
    for name in names:
        (out / name).write_text("{}", encoding="utf-8")
        hostile_record(out / name, kind)
    seen = [os.lstat(out / name) for name in names]
    result = printgen(built, "build", "deck.yaml", "--only", "pdf,gallery", "--out", "out", "-q")
    assert result.returncode == 0 and result.stderr == ""
    assert [(s.st_ino, s.st_size) for s in seen] == [(os.lstat(out / n).st_ino, os.lstat(out / n).st_size)
                                                     for n in names]
    assert (out / "index.html").is_file() and "deck-other" not in (out / "index.html").read_text()


def test_a_pid_of_twenty_digits_in_a_pending_record_never_raises(built):
    out = built / "out"
    token = "ab" * 16
    leftover = out / f".printgen-{token}-{'cd' * 8}.tmp"
    leftover.write_text("kept: no trusted record names it", encoding="utf-8")
    (out / ".printgen-pending.json").write_text(json.dumps(
        {"printgen_pending": 1, "runs": {token: 10 ** 19}}), encoding="utf-8")
    result = printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert leftover.is_file()


# ------------------------------------------------------------------ strange files and names

@fifos
def test_a_pipe_named_like_a_picture_does_not_block_the_gallery(built):
    os.mkfifo(built / "out" / "photo.png")
    result = printgen(built, "gallery", "--out", "out", "-q")
    assert result.returncode == 0 and result.stderr == ""
    assert "photo.png" not in (built / "out" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["build", "gallery"])
def test_a_folder_name_too_long_is_one_error(project, command):
    long = "x" * 300
    for out in (long, f"out/{long}"):
        args = ["build", "deck.yaml", "--only", "pdf"] if command == "build" else ["gallery"]
        line = one_line(printgen(project, *args, "--out", out), 2, long)
        assert line.count(long) == 1
    assert sorted(p.name for p in project.iterdir()) == ["deck.yaml", "face.yaml"]


def test_a_file_rewritten_with_the_same_bytes_or_kept_is_read_once(tmp_path, monkeypatch):
    from printgen import output
    from printgen.output import digests
    page = tmp_path / "page.txt"
    with output.recording("job", root=tmp_path):
        output.write_bytes(page, b"the same bytes")
    reads = []
    digest = digests._digest
    for module in [output, *(importlib.import_module(f"printgen.output.{found.name}")
                             for found in pkgutil.iter_modules(output.__path__))]:
        if getattr(module, "_digest", None) is digest:      # every module that reads a file's digest
            monkeypatch.setattr(module, "_digest", lambda full: reads.append(full) or digest(full))
    with output.recording("job", root=tmp_path):                  # found by the folder's record
        output.write_bytes(page, b"the same bytes")
    assert reads == [page]
    reads.clear()
    with output.recording("job", root=tmp_path):
        assert output.keep(page)
    assert reads == [page]
    assert page.read_bytes() == b"the same bytes"
    users = tmp_path / "users.txt"
    users.write_bytes(b"the user's own")
    reads.clear()
    with output.recording("job", root=tmp_path):                  # not printgen's: never read
        assert not output.keep(users)
    assert reads == []
