"""Benchmark of the edit loop (issue 30): how long after a save `build --watch` has the
new card PNG and PDF in place, on the 62-card Sabacc deck.

A copy of sabacc-62 whose second Sylop prints a name of its own (its `name:` field)
runs under `printgen build DECK --watch`. The bench then saves, again and again, one
card's text (that name) and, as often, a colour of the face template every card uses,
(each save a text and a colour not saved before) and for each save waits until both
the card's PNG and the deck's PDF have been
replaced (their files' identities change; only the PDF with an --only that makes
no PNGs), and until the watch says it is done (the
gallery and the other outputs written too), and the CPU time the watch process took
for the save (Linux). Beside it, a cold build of the same deck
in a new process, taking turns with the edits, gives the ratio.

Targets: 0.3 s from saving one card's text to its PNG and the PDF; 1 s for the face
template.

With --against OTHER_CHECKOUT a second watch, run by that checkout's printgen on a
copy of its own, takes turns with this one's, save for save: the ratios of their
medians are the fair figure on a busy machine.

Usage: python bench/bench_watch.py [--runs 7] [--only pdf,png,gallery] [--against OTHER_CHECKOUT]
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
COLOUR = 'frame: "#22304f"'                     # the frame of every card, as the face template has it


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
    def __init__(self, command: list[str], folder: Path, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, env=env)
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


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system, every thread) a process has taken so far, where
    the system tells (Linux: /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def edit_once(watch: Watch, path: Path, old: str, new: str, png: Path | None, pdf: Path) -> tuple[float, float, float]:
    """Save, then the seconds until the PNG (unless None: none is built) and PDF are
    replaced, until the watch is done, and the watch's CPU seconds for the save (nan
    where unknown)."""
    before = identity(png) if png else None, identity(pdf)
    cpu = cpu_seconds(watch.process.pid)
    saved = save(path, old, new)
    while (png and identity(png) == before[0]) or identity(pdf) == before[1]:
        if watch.process.poll() is not None or time.perf_counter() - saved > 300 or watch.failed():
            raise SystemExit(f"the PNG and the PDF were not both replaced after saving {path.name}: "
                             f"{watch.failed() or 'no error said'}")
        time.sleep(0.002)
    files = time.perf_counter() - saved
    watch.until("watch: built")
    done = time.perf_counter() - saved
    after = cpu_seconds(watch.process.pid)
    return files, done, float("nan") if cpu is None or after is None else after - cpu


class Session:
    """A watch of the bench deck in a folder of its own, run by the printgen of a tree."""

    def __init__(self, tree: Path, folder: Path, only: list[str]) -> None:
        self.tree, self.folder, self.only = tree, folder, only
        self.env = {**ENV, "PYTHONPATH": os.pathsep.join([str(tree), *filter(None, [ENV.get("PYTHONPATH")])])}
        self.deck = project(folder)
        out = folder / "out"
        built = only[1].split(",") if only else ["png"]
        self.png = out / "png" / "62-sylop.png" if "png" in built else None
        self.pdf = out / "bench-62-a4.pdf"
        self.face = folder / "templates" / "sabacc-face.yaml"
        self.watch = Watch([sys.executable, "-m", "printgen", "build", str(self.deck), "--watch", "--out", str(out),
                            *only], folder, self.env)
        self.card: list[tuple[float, float, float]] = []
        self.template: list[tuple[float, float, float]] = []
        self.cold: list[float] = []
        self.name, self.colour = NAMES[0], COLOUR

    def edits(self, run: int) -> None:
        """One save of the card's text and one of the face template, each new (a text or
        colour saved before may have left drawings a warm process keeps); a cold build."""
        name, colour = f"SYLOP{run}", f'frame: "#22{0x40 + run % 0xc0:02x}4f"'
        time.sleep(0.3)
        self.card.append(edit_once(self.watch, self.deck, f'"0", name: {self.name}}}', f'"0", name: {name}}}',
                                   self.png, self.pdf))
        time.sleep(0.3)
        self.template.append(edit_once(self.watch, self.face, self.colour, colour, self.png, self.pdf))
        self.name, self.colour = name, colour
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "printgen", "build", str(self.deck), "-q", *self.only,
                        "--out", str(self.folder / f"cold-{run}")], check=True, cwd=self.folder, env=self.env)
        self.cold.append(time.perf_counter() - started)

    def report(self, label: str) -> None:
        base = statistics.median(self.cold)
        print(f"{label}: cold build in a new process: median {base:.2f} s")
        print(f"{'save':20} {'PNG + PDF (median, range)':>27} {'watch done (median, range)':>28} "
              f"{'CPU':>7} {'/ cold':>7}   target")
        for name, times, target in (("one card's text", self.card, 0.3), ("the face template", self.template, 1.0)):
            files, done, cpu = ([t[i] for t in times] for i in range(3))
            print(f"{name:20} {statistics.median(files):9.3f} s ({min(files):.3f}-{max(files):.3f}) "
                  f"{statistics.median(done):10.3f} s ({min(done):.3f}-{max(done):.3f}) "
                  f"{statistics.median(cpu):5.2f} s {statistics.median(files) / base:6.2f}x   {target} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", default="pdf,png,gallery", help="the outputs built ('all': every one)")
    parser.add_argument("--against", type=Path, help="another checkout of printgen, its watch taking turns")
    args = parser.parse_args()
    # (started where Ctrl-C is ignored, the watch would inherit that and never stop)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    only = [] if args.only == "all" else ["--only", args.only]
    trees = [ROOT] + ([args.against.resolve()] if args.against else [])
    with tempfile.TemporaryDirectory() as tmp:
        sessions: list[Session] = []
        try:
            for number, tree in enumerate(trees):
                (Path(tmp) / str(number)).mkdir()
                sessions.append(Session(tree, Path(tmp) / str(number), only))
            for session in sessions:
                session.watch.until("watch: built")
            for run in range(args.runs):
                for session in sessions if run % 2 == 0 else sessions[::-1]:
                    session.edits(run)
        finally:
            for session in sessions:
                session.watch.stop()
    print(f"outputs: {args.only}; {args.runs} saves of each kind" + (", the two watches taking turns" if args.against
                                                                     else ""))
    for session in sessions:
        session.report("this checkout" if session.tree == ROOT else str(session.tree))
    if args.against:
        for name, kind in (("one card's text", "card"), ("the face template", "template")):
            ours, theirs = (getattr(session, kind) for session in sessions)
            ratios = [statistics.median(a[i] for a in ours) / statistics.median(b[i] for b in theirs)
                      for i in range(3)]
            print(f"{name}: this / the other, medians: PNG + PDF {ratios[0]:.2f}x, watch done {ratios[1]:.2f}x, "
                  f"CPU {ratios[2]:.2f}x")
    print("(CPU: the watch process's user and system time from the save to its 'built' line, every thread)")


if __name__ == "__main__":
    main()
