"""Benchmark of the edit loop (issue 30): how long after a save `build --watch` has the
new card PNG and PDF in place, on the 62-card Sabacc deck.

A copy of sabacc-62 whose second Sylop prints a name of its own (its `name:` field)
runs under `printgen build DECK --watch`. The bench then saves, again and again, one
card's text (that name) and, as often, a colour of the face template every card uses,
and for each save waits until both the card's PNG and the deck's PDF have been
replaced (their files' identities change), and until the watch says it is done (the
gallery and the other outputs written too). Beside it, a cold build of the same deck
in a new process, taking turns with the edits, gives the ratio.

Targets: 0.3 s from saving one card's text to its PNG and the PDF; 1 s for the face
template.

Usage: python bench/bench_watch.py [--runs 7] [--only pdf,png,gallery]
"""

from __future__ import annotations

import argparse
import os
import queue
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
SYLOP = '  - fields: {kind: sylop, suit: all, value: "0"}\n    count: 2\n'
TWO_SYLOPS = ('  - fields: {kind: sylop, suit: all, value: "0"}\n'
              '  - fields: {kind: sylop, suit: all, value: "0", name: SYLOP}\n')
NAMES = ("SYLOP", "SYLOPS")                     # the one card's text, saved in turn
COLOURS = ('frame: "#22304f"', 'frame: "#22304e"')   # the frame of every card, saved in turn


def project(folder: Path) -> Path:
    """A project with the bench deck and printgen's templates, the face printing a name."""
    shutil.copytree(ROOT / "templates", folder / "templates")
    face = folder / "templates" / "sabacc-face.yaml"
    text = face.read_text(encoding="utf-8")
    face.write_text(text.replace("    text: SYLOP\n", '    text: "{{ card.name }}"\n'), encoding="utf-8")
    deck = (ROOT / "decks" / "sabacc-62.yaml").read_text(encoding="utf-8")
    assert SYLOP in deck
    deck = deck.replace(SYLOP, TWO_SYLOPS).replace("name: sabacc-62", "name: bench-62")
    deck = deck.replace("label: ", "fields: {name: SYLOP}\nlabel: ")
    (folder / "decks").mkdir()
    (folder / "decks" / "bench-62.yaml").write_text(deck, encoding="utf-8")
    return folder / "decks" / "bench-62.yaml"


def identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns


class Watch:
    def __init__(self, command: list[str], folder: Path) -> None:
        self.process = subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, env=ENV)
        self.lines: queue.Queue[str] = queue.Queue()
        self.log: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.log.append(line.rstrip("\n"))
            self.lines.put(line.rstrip("\n"))

    def until(self, start: str, timeout: float = 300) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                continue
            if line.startswith("printgen: error") or "Traceback" in line:
                raise SystemExit(f"the watch failed: {line}")
            if line.startswith(start):
                return
        raise SystemExit(f"no line starting {start!r} within {timeout} s")

    def failed(self) -> str | None:
        """An error line the watch printed, if any."""
        return next((line for line in self.log if line.startswith("printgen: error") or "Traceback" in line), None)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=60)


def save(path: Path, old: str, new: str) -> float:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return time.perf_counter()


def edit_once(watch: Watch, path: Path, old: str, new: str, png: Path, pdf: Path) -> tuple[float, float]:
    """Save, then the seconds until the PNG and PDF are replaced, and until the watch is done."""
    before = identity(png), identity(pdf)
    saved = save(path, old, new)
    while identity(png) == before[0] or identity(pdf) == before[1]:
        if watch.process.poll() is not None or time.perf_counter() - saved > 300 or watch.failed():
            raise SystemExit(f"the PNG and the PDF were not both replaced after saving {path.name}: "
                             f"{watch.failed() or 'no error said'}")
        time.sleep(0.002)
    files = time.perf_counter() - saved
    watch.until("watch: built")
    return files, time.perf_counter() - saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", default="pdf,png,gallery", help="the outputs built ('all': every one)")
    args = parser.parse_args()
    # (started where Ctrl-C is ignored, the watch would inherit that and never stop)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    only = [] if args.only == "all" else ["--only", args.only]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        deck = project(folder)
        out = folder / "out"
        png, pdf = out / "png" / "62-sylop.png", out / "bench-62-a4.pdf"
        face = folder / "templates" / "sabacc-face.yaml"
        watch = Watch([sys.executable, "-m", "printgen", "build", str(deck), "--watch", "--out", str(out),
                       *only], folder)
        watch.until("watch: built")
        card: list[tuple[float, float]] = []
        template: list[tuple[float, float]] = []
        cold: list[float] = []
        colour = COLOURS
        try:
            for run in range(args.runs):
                time.sleep(0.3)
                old, new = NAMES if run % 2 == 0 else NAMES[::-1]
                card.append(edit_once(watch, deck, f'"0", name: {old}}}', f'"0", name: {new}}}', png, pdf))
                time.sleep(0.3)
                template.append(edit_once(watch, face, *colour, png, pdf))
                colour = colour[::-1]
                started = time.perf_counter()
                subprocess.run([sys.executable, "-m", "printgen", "build", str(deck), "-q", *only,
                                "--out", str(folder / f"cold-{run}")], check=True, cwd=folder, env=ENV)
                cold.append(time.perf_counter() - started)
        finally:
            watch.stop()
    base = statistics.median(cold)
    print(f"outputs: {args.only}; {args.runs} saves of each kind; cold build in a new process: "
          f"median {base:.2f} s")
    print(f"{'save':28} {'PNG + PDF (median, range)':>30} {'watch done':>11} {'/ cold':>7}   target")
    for name, times, target in (("one card's text", card, 0.3), ("the face template", template, 1.0)):
        files = [t[0] for t in times]
        done = statistics.median(t[1] for t in times)
        print(f"{name:28} {statistics.median(files):12.3f} s ({min(files):.3f}-{max(files):.3f}) "
              f"{done:9.3f} s {statistics.median(files) / base:6.2f}x   {target} s")


if __name__ == "__main__":
    main()
