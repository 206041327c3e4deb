"""printgen build DECK --watch: rebuild whenever an input of the deck changes.

One process stays warm between builds: its template expressions stay compiled, its
fonts parsed, the PNG shapes' drawings kept (render/png.py's keep_drawings), and the
gallery's previews of the card images are made as the images are drawn, on the core
the drawing leaves free (gallery/thumbs.py's hand). Each build is its own job in the
output folder's records, as a build from the command line is, and like one it draws
again only the card sides, and assembles again only the PDFs, whose content keys
changed (render/drawn.py): the records keep the keys, and this process reads each
record once, when it changes. The files to watch are those the builds read (reading.files_read: the deck, its templates,
card tables, rules Markdown, pictures, fonts), and those the last build looked for and
did not find (reading.files_looked: a template or picture not there yet, a template
folder searched before the one a template was found in, the project's
fonts/fonts.yaml or templates/shapes.yaml not made yet), so that a file put where a
build looked for it builds again; the system reports their saves, moves and deletions
(watchfiles: inotify, FSEvents, ReadDirectoryChangesW), nothing is polled. A PDF
assembled again splices in the pages this process finished before whose keys are
unchanged, and draws only the others (render/pdfpages.py).

What a warm process keeps could go stale only through files named by path whose
content it caches: a picture, a font, printgen's own data. When one of those changes
the watch starts afresh in a new process (the same command), whose first build draws
what the change touched (the content keys cover the bytes of every font and picture a
card uses). A picture or font saved again with the bytes the process took its digest
of (touched, or saved by a program that writes what it read) changes nothing it keeps,
and builds warm: where that digest was taken before the build began, and the file was
not touched again while the build ran, the bytes the process read were those. A build that fails says why and the watch goes on; the gallery it writes
reloads itself in the browser when the next build writes it again. A note the last
build printed (a caption's missing glyphs, a word set in English) is not printed
again, so that the line that changed stays in view: the watch's own line says how
many were held back; a note that changed is printed, and errors always are.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

from printgen.errors import InputError, PrintgenError, Told, error_line

TEXTS = {".yaml", ".yml", ".csv", ".tsv", ".txt", ".xlsx", ".md", ".markdown"}   # read afresh by every build
QUIET_MS = 30                   # a save is taken as done after this long without another event
WAKE_MS = 250                   # the watcher wakes this long after it is up, then as often while nothing happens
# A file's date is read from the system's coarse clock, a tick (up to 10 ms) behind
# time.time_ns(): a save made just after a build began can be dated before it. A save
# dated this much before counts as made after (the save that started a build is dated
# QUIET_MS or more before it, so it never counts twice).
CLOCK_SLACK_NS = 20_000_000


def watched() -> bool:
    """Whether this process is building for --watch (its gallery reloads itself)."""
    return Warm.running


class Warm:
    """One deck's builds in this process, each recorded as a build from the command
    line records it."""

    running = False                 # whether this process runs a watch

    def __init__(self, args: argparse.Namespace, run: Callable[[argparse.Namespace], int]) -> None:
        """args: the build's options; run: what builds (cli/build.py's run, handed in so
        that the two modules do not import each other)."""
        self.args = argparse.Namespace(**{**vars(args), "watch": False})
        self.run = run
        from printgen.cli.outputs import formats
        self.outputs = formats(args.only)
        self.told: set[str] = set()     # the notes the last build printed
        self.held = 0                   # of them, how many the build before had printed too (not again)

    def build(self) -> tuple[int, float]:
        """Build once; the exit status and the seconds it took. A note the last build
        printed is not printed again (errors always are): the one line that changed
        stays in view."""
        from printgen.cli.recorded import job_recording
        from printgen.reading import forget_lately
        started = time.perf_counter()
        forget_lately()             # (and job_recording reads the data files afresh)
        status = 2
        Told.last, Told.now, Told.held = self.told, set(), 0
        try:
            with job_recording(self.args), self._drawing():
                status = self.run(self.args)
        except PrintgenError as error:
            print(error_line(error), file=sys.stderr, flush=True)
            status = error.exit_status
        finally:
            # a build that stopped with an error said only some of its notes: the others stay told
            self.told = Told.now if status == 0 else self.told | Told.now
            self.held, Told.last = Told.held, None
        return status, time.perf_counter() - started


    @contextlib.contextmanager
    def _drawing(self) -> Iterator[None]:
        """While a build of this process draws: its finished PDF pages kept for the next
        build (render/drawn.py's keep_pages); where it draws PNGs, the shapes' drawings
        kept too, and each card image handed to the gallery as it is drawn (its preview
        made meanwhile, render/png.py's keep_drawings and drawn)."""
        from printgen.render import drawn as drawn_files
        drawn_files.keep_pages = True
        try:
            with self._drawing_pngs():
                yield
        finally:
            drawn_files.keep_pages = False

    @contextlib.contextmanager
    def _drawing_pngs(self) -> Iterator[None]:
        if "png" not in self.outputs:
            yield
            return
        from printgen.gallery.thumbs import hand
        from printgen.render import png
        handing = "gallery" in self.outputs and hand not in png.drawn
        png.keep_drawings = True
        if handing:
            png.drawn.append(hand)
        try:
            yield
        finally:
            png.keep_drawings = False
            if handing:
                png.drawn.remove(hand)


def needs_a_fresh_process(changed: Iterable[str]) -> bool:
    """Whether a change may hide behind what a warm process keeps: a file other than
    the data and template texts every build reads again (a picture, a font), or any of
    printgen's own data files. A folder made on the way to a file looked for holds
    nothing kept."""
    from printgen.builtin import data_dir
    own = os.path.abspath(data_dir())
    return any((Path(path).suffix.lower() not in TEXTS and not os.path.isdir(path))
               or os.path.abspath(path).startswith(own + os.sep)
               for path in changed)


def wait_for_change(files: set[str], since: int, looked: Iterable[str] = (),
                    lately: Iterable[str] = ()) -> list[str]:
    """Block until the system reports a change to one of files, or one of looked (files
    the build looked for and did not find) appears; the changed paths. A file saved
    since `since` (time.time_ns(), taken before the build that read files began), one
    of looked that is there now, or one of lately (those of files the build read) that
    is gone and was not looked for, counts as changed at once: it came or went while
    the build ran or before the watcher was up, when no event could reach it. That is
    checked once, as soon as the watcher is up (the first wake-up without an event,
    WAKE_MS later); a file moved back keeps its old date, so for looked only being
    there counts."""
    from watchfiles import watch as watch_files
    looked = set(looked)
    folders, wanted = _places(files | looked)
    checked = False
    for changes in watch_files(*folders, recursive=False, step=QUIET_MS, debounce=1000,
                               rust_timeout=WAKE_MS, yield_on_timeout=True,
                               watch_filter=lambda _, path: os.path.abspath(path) in wanted):
        if changes:
            return sorted({os.path.abspath(path) for _, path in changes})
        if not checked:
            checked = True
            late = sorted({path for path in files if _saved_since(path, since)}
                          | {path for path in looked if os.path.isfile(path)}
                          | {path for path in lately if not os.path.exists(path) and path not in looked})
            if late:
                return late
    return []


def _places(paths: set[str]) -> tuple[list[str], set[str]]:
    """The folders to watch for paths, and the paths whose events count: each path's
    own folder; where that folder is not there (a templates/ folder not made yet), the
    nearest folder above it that is, watched for the folder on the way to the path."""
    folders, wanted = set(), set(paths)
    for path in paths:
        step = path
        while not os.path.isdir(os.path.dirname(step)) and os.path.dirname(step) != step:
            step = os.path.dirname(step)
        folder = os.path.dirname(step)
        if os.path.isdir(folder) and os.access(folder, os.R_OK | os.X_OK):
            folders.add(folder)
            wanted.add(step)
    return sorted(folders), wanted


def _saved_since(path: str, since: int) -> bool:
    try:
        return os.stat(path).st_mtime_ns >= since - CLOCK_SLACK_NS
    except OSError:                 # gone (counted where the build read it: `lately`)
        return False


def watch(args: argparse.Namespace, run: Callable[[argparse.Namespace], int]) -> int:
    """Build with run, then rebuild on every change until interrupted (Ctrl-C)."""
    if args.all:
        raise InputError("--watch: watches one deck, so give a DECK instead of --all")
    from printgen.reading import files_looked, files_read
    from printgen.render.keys import stamp_of
    from printgen.words import plural
    say = (lambda text: None) if args.quiet else (lambda text: print(f"watch: {text}", flush=True))
    deck_file = {os.path.abspath(args.deck)} if Path(args.deck).is_file() else set()
    # Ctrl-C (SIGINT) stops a watch even where it was started with SIGINT ignored, as a
    # shell without job control starts its background commands (Python then keeps it
    # ignored, and the watch could only be killed).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    Warm.running = True
    warm = Warm(args, run)
    try:
        while True:
            since = time.time_ns()
            status, elapsed = warm.build()
            files, looked = set(files_read()) | deck_file, set(files_looked())
            ends = {path: stamp_of(path) for path in files if needs_a_fresh_process([path])}
            held = f"; {plural(warm.held, 'note')} as before, not printed again" if warm.held else ""
            if status == 0:
                say(f"built in {elapsed:.2f} s{held}; watching {len(files)} files (Ctrl-C to stop)")
            else:
                say(f"the build stopped with an error after {elapsed:.2f} s; fix it and save to build again")
            changed = wait_for_change(files, since, looked, files_read(lately=True))
            same = {path for path in changed if as_before(path, since, ends)}
            for path in changed:
                say(f"{'saved as it was' if path in same else 'changed'}: {display(path)}")
            if needs_a_fresh_process(path for path in changed if path not in same):
                say("a picture, a font or printgen's own data changed: starting afresh")
                sys.stdout.flush()
                sys.stderr.flush()
                os.execv(sys.executable, [sys.executable, "-m", "printgen", *args.argv])
    except KeyboardInterrupt:
        say("stopped")
        return 0


def as_before(path: str, since: int, ends: Mapping[str, object]) -> bool:
    """Whether a changed file holds the bytes the build that began at `since` read: the
    process took their digest before the build began (render/keys.py's file_digest,
    kept with the file's stamp then), the file's stamp was still that when the build
    ended (ends), and its bytes now have that digest (file_digest, which reads them
    again under their new stamp and keeps it for the next build)."""
    from printgen.render.keys import file_digest, known_digest
    known = known_digest(path)
    if known is None or known[0][4] >= since - CLOCK_SLACK_NS or ends.get(path) != known[0]:
        return False
    return file_digest(Path(path)) == known[1]


def display(path: str) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return path
