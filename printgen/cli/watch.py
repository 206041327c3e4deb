"""printgen build DECK --watch: rebuild whenever an input of the deck changes.

Each build runs in a fresh printgen process (so no cache of an earlier build can
hide a change, and a build that fails leaves the watch running). The child notes
every file its spec stage reads (the deck, its templates, card tables, images,
rules Markdown) into a list named by READ_LOG; the watch then polls those files'
dates and sizes and starts the next build when one changes, printing what changed
and how long the build took. The gallery a watched build writes reloads itself in
the browser when the next build writes it again.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printgen.errors import InputError

READ_LOG = "PRINTGEN_READ_LOG"     # set in a watched build: where to list the files it read
POLL = 0.3                         # seconds between looks at the files
Stamp = tuple[int, int] | None     # a file's (modification time in ns, size), None if missing


def watched() -> bool:
    """Whether this process is a build started by --watch."""
    return bool(os.environ.get(READ_LOG))


def write_read_log() -> None:
    """In a watched build: list the files read, one absolute path a line."""
    log = os.environ.get(READ_LOG)
    if log:
        from printgen.reading import files_read
        Path(log).write_text("".join(f"{path}\n" for path in files_read()), encoding="utf-8")


def child_argv(argv: list[str]) -> list[str]:
    return [sys.executable, "-m", "printgen", *(arg for arg in argv if arg != "--watch")]


def stamp(path: str) -> Stamp:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def build_once(argv: list[str], log: Path) -> tuple[int, float, list[str]]:
    """Run one build; its exit status, wall time and the files it read."""
    log.write_text("", encoding="utf-8")
    started = time.perf_counter()
    from printgen.workers import die_with_parent
    status = subprocess.run(child_argv(argv), env={**os.environ, READ_LOG: str(log)},
                            preexec_fn=die_with_parent, check=False).returncode
    elapsed = time.perf_counter() - started
    read = [line for line in log.read_text(encoding="utf-8").splitlines() if line]
    return status, elapsed, read


def wait_for_change(stamps: dict[str, Stamp]) -> list[str]:
    """Poll until a watched file changes; the changed paths."""
    while True:
        time.sleep(POLL)
        changed = [path for path, seen in stamps.items() if stamp(path) != seen]
        if changed:
            time.sleep(POLL)            # let an editor finish saving
            return changed


def watch(args: argparse.Namespace) -> int:
    """Build, then rebuild on every change until interrupted (Ctrl-C)."""
    if args.all:
        raise InputError("--watch: watches one deck, so give a DECK instead of --all")
    argv = list(args.argv)
    say = (lambda text: None) if args.quiet else (lambda text: print(f"watch: {text}", flush=True))
    deck_file = [str(Path(args.deck).resolve())] if Path(args.deck).is_file() else []
    watched_files: list[str] = []
    with tempfile.TemporaryDirectory(prefix="printgen-watch-") as temp:
        log = Path(temp) / "read.txt"
        try:
            while True:
                status, elapsed, read = build_once(argv, log)
                if status == 0:
                    say(f"built in {elapsed:.1f} s; watching {len(read)} files (Ctrl-C to stop)")
                else:
                    say(f"the build stopped with an error after {elapsed:.1f} s; fix it and save to build again")
                watched_files = sorted(set(read) | set(deck_file) | (set(watched_files) if status else set()))
                changed = wait_for_change({path: stamp(path) for path in watched_files})
                for path in changed:
                    say(f"changed: {display(path)}")
        except KeyboardInterrupt:
            say("stopped")
            return 0


def display(path: str) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return path
