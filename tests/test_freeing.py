"""Replacing and removing files, their blocks freed in the background
(printgen/freeing.py): the names change at once, exactly as os.replace and os.unlink
change them, and no descriptor stays open."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from printgen import freeing


def open_on(folder: Path) -> list[str]:
    """The files in folder (removed ones included) that this process holds open. Only
    these are counted: the rest of the process (an earlier test's file collected by
    the garbage collector, a worker's pipe) may open and close its own meanwhile."""
    held = []
    for name in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{name}")
        except OSError:                                 # closed since it was listed
            continue
        if target.startswith(os.path.realpath(folder) + os.sep):
            held.append(target)
    return sorted(held)


def wait_until_let_go(folder: Path) -> list[str]:
    """The files in folder still open once the background thread has closed what it
    held (it is given up to a minute: the test checks that it happens, not how fast)."""
    done = threading.Event()
    for _ in range(6000):
        if not open_on(folder):
            break
        done.wait(0.01)
    return open_on(folder)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts descriptors through /proc")
def test_replaced_and_removed_files_are_let_go(tmp_path):
    for number in range(20):
        (tmp_path / f"old-{number}").write_bytes(b"old" * 1000)
        (tmp_path / f"new-{number}").write_bytes(b"new" * 1000 + bytes([number]))
    held = os.open(tmp_path / "old-0", os.O_RDONLY)     # a reader of the old bytes keeps them
    for number in range(20):
        freeing.replace(tmp_path / f"new-{number}", tmp_path / f"old-{number}")
    for number in range(10):
        freeing.remove(tmp_path / f"old-{number}")
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(f"old-{n}" for n in range(10, 20))
    assert (tmp_path / "old-15").read_bytes() == b"new" * 1000 + bytes([15])
    assert os.pread(held, 6, 0) == b"oldold"
    assert open_on(tmp_path) != []                  # the count sees a held file
    os.close(held)
    assert wait_until_let_go(tmp_path) == []


def test_a_link_is_replaced_not_followed(tmp_path):
    target = tmp_path / "elsewhere.png"
    target.write_bytes(b"keep me")
    (tmp_path / "card.png").symlink_to(target)
    (tmp_path / "new.png").write_bytes(b"new")
    freeing.replace(tmp_path / "new.png", tmp_path / "card.png")
    assert not (tmp_path / "card.png").is_symlink() and (tmp_path / "card.png").read_bytes() == b"new"
    assert target.read_bytes() == b"keep me"
    freeing.remove(tmp_path / "card.png")
    assert target.read_bytes() == b"keep me" and not (tmp_path / "card.png").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_removed_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "pipe.png"
    os.mkfifo(pipe)
    freeing.remove(pipe)                        # opening it to hold it would block: it is not held
    assert not pipe.exists()


def test_errors_are_those_of_os_replace_and_unlink(tmp_path):
    with pytest.raises(FileNotFoundError):
        freeing.replace(tmp_path / "missing", tmp_path / "target")
    with pytest.raises(FileNotFoundError):
        freeing.remove(Path(tmp_path / "missing"))
