"""printgen build --watch, run as a user runs it (a real process, stopped with Ctrl-C):
a change to a template rebuilds the PDF and says what changed; a mistake is one error
line and the watch goes on; fixing it builds again; the gallery reloads itself."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import FIXTURES, ROOT

TIMEOUT = 60            # seconds for any one step; a build of this deck takes about 2 s


class Watch:
    """A running `printgen build --watch` whose output lines are read as they come."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "printgen", "build", *args, "--watch"],
                                        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, start: str) -> str:
        """Wait for a line starting with start (at most TIMEOUT seconds)."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                continue
            self.seen.append(line)
            if line.startswith(start):
                return line
        raise AssertionError(f"no line starting {start!r}; saw {self.seen}")

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            time.sleep(0.5)
            while not self.lines.empty():
                self.seen.append(self.lines.get())
            raise AssertionError(f"the watch did not stop on Ctrl-C; it said {self.seen[-12:]}") from None
        finally:
            if self.process.poll() is None:
                self.process.kill()


@pytest.fixture
def project(tmp_path) -> Path:
    shutil.copytree(FIXTURES / "preflight", tmp_path / "deck")
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    time.sleep(0.05)
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_watch_rebuilds_on_a_change_survives_a_mistake_and_stops_cleanly(project):
    watch = Watch(project, "deck/clean.yaml", "--only", "pdf,gallery", "--out", "out")
    try:
        assert "watching" in watch.until("watch: built")
        pdf, stamp = project / "out" / "preflight-clean-a4.pdf", project / "out" / "_gallery" / "live.js"
        first, first_stamp = pdf.read_bytes(), stamp.read_text()
        assert "printgenLive" in (project / "out" / "index.html").read_text()

        edit(project / "deck" / "face.yaml", "size: 16pt", "size: 12pt")
        assert watch.until("watch: changed:").endswith("face.yaml")
        watch.until("watch: built")
        assert pdf.read_bytes() != first and stamp.read_text() != first_stamp

        edit(project / "deck" / "face.yaml", "size: 12pt", "size: twelve")
        error = watch.until("printgen: error:")
        assert "face.yaml" in error and "twelve" in error
        watch.until("watch: the build stopped with an error")

        edit(project / "deck" / "face.yaml", "size: twelve", "size: 16pt")
        watch.until("watch: changed:")
        watch.until("watch: built")
        assert pdf.read_bytes() == first              # the same inputs give the same bytes
    finally:
        status = watch.stop()
    assert status == 0 and watch.until("watch: stopped")
    assert not any("Traceback" in line for line in watch.seen)


def watched_picture(project):
    """The deck's face placing a red picture of the project's, and a watch of the deck
    (its PDF only); the picture's path and the watch."""
    from PIL import Image
    picture = project / "deck" / "pic.png"
    Image.new("RGB", (8, 8), "red").save(picture)
    edit(project / "deck" / "face.yaml", "elements:\n",
         "elements:\n  - {kind: image, src: pic.png, x: 10mm, y: 30mm, w: 20mm, h: 20mm}\n")
    return picture, Watch(project, "deck/clean.yaml", "--only", "pdf", "--out", "out")


def test_a_changed_picture_starts_the_watch_afresh_and_it_builds_again(project):
    from PIL import Image
    picture, watch = watched_picture(project)
    try:
        watch.until("watch: built")
        pdf = project / "out" / "preflight-clean-a4.pdf"
        first = pdf.read_bytes()
        time.sleep(0.05)
        Image.new("RGB", (8, 8), "blue").save(picture)
        assert watch.until("watch: changed:").endswith("pic.png")
        watch.until("watch: a picture, a font")
        watch.until("watch: built")                 # the new process built the deck
        assert pdf.read_bytes() != first
    finally:
        status = watch.stop()
    assert status == 0 and not any("Traceback" in line for line in watch.seen)


def test_a_picture_saved_again_as_it_was_keeps_the_watch_warm(project):
    """Touched, or saved with the same bytes, a picture changes nothing the warm process
    keeps: one line says so and the deck builds in the same process, without a new
    process's start and cold build; a real change still starts afresh."""
    from PIL import Image
    picture, watch = watched_picture(project)
    try:
        watch.until("watch: built")
        for save in (lambda: os.utime(picture), lambda: picture.write_bytes(picture.read_bytes())):
            time.sleep(0.05)
            save()
            assert watch.until("watch: saved as it was:").endswith("pic.png")
            watch.until("watch: built")
        assert not any(line.startswith(("watch: changed", "watch: a picture")) for line in watch.seen)
        time.sleep(0.05)
        Image.new("RGB", (8, 8), "blue").save(picture)
        assert watch.until("watch: changed:").endswith("pic.png")
        watch.until("watch: a picture, a font")
        watch.until("watch: built")
    finally:
        status = watch.stop()
    assert status == 0 and not any("Traceback" in line for line in watch.seen)


def test_a_font_cut_short_is_one_error_line_and_the_watch_builds_again_once_it_is_whole(project):
    font = project / "deck" / "Latin.ttf"
    whole = (FIXTURES / "scripts" / "fonts" / "Latin.ttf").read_bytes()
    font.write_bytes(whole)
    edit(project / "deck" / "clean.yaml", "cards:\n", "fonts:\n  story: Latin.ttf\ncards:\n")
    edit(project / "deck" / "face.yaml", "font: sans-bold\n    size: 16pt", "font: story\n    size: 16pt")
    broken_then_whole(project, font, whole[:len(whole) // 2], whole, ("clean.yaml:", "'Latin.ttf'"), "pdf")


def test_an_svg_picture_made_a_use_loop_is_one_error_line_and_the_watch_builds_again(project):
    """resvg's "nodes limit reached" was a traceback that ended the watch."""
    picture = project / "deck" / "pic.svg"
    drawing = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>'
    picture.write_text(drawing, encoding="utf-8")
    edit(project / "deck" / "face.yaml", "elements:\n",
         "elements:\n  - {kind: image, src: pic.svg, x: 10mm, y: 30mm, w: 20mm, h: 20mm}\n")
    looped = drawing.replace("<rect", '<g id="a"><use href="#a"/></g><rect')
    broken_then_whole(project, picture, looped.encode(), drawing.encode(), ("face.yaml:", "'pic.svg'", "a loop"),
                      "pdf,png")


def broken_then_whole(project, path, broken: bytes, whole: bytes, says: tuple[str, ...], only: str) -> None:
    """A watch of deck/clean.yaml (--only only) builds; path saved as broken is one error
    line holding each of says, and nothing is written; saved whole again, the watch
    builds the same PDF; it never shows a traceback and stops cleanly."""
    watch = Watch(project, "deck/clean.yaml", "--only", only, "--out", "out")
    try:
        watch.until("watch: built")
        pdf = project / "out" / "preflight-clean-a4.pdf"
        first = pdf.read_bytes()
        time.sleep(0.05)
        path.write_bytes(broken)
        assert watch.until("watch: changed:").endswith(path.name)
        error = watch.until("printgen: error:")
        assert all(words in error for words in says), error
        watch.until("watch: the build stopped with an error")
        assert pdf.read_bytes() == first              # nothing written

        time.sleep(0.05)
        path.write_bytes(whole)
        assert watch.until("watch: changed:").endswith(path.name)
        watch.until("watch: built")
        assert pdf.read_bytes() == first
    finally:
        status = watch.stop()
    assert status == 0 and not any("Traceback" in line for line in watch.seen), watch.seen


def test_watch_refuses_all(cli):
    result = cli("build", "--all", "--watch")
    assert result.status == 2 and "--watch: watches one deck" in result.err


def watching(*args: object) -> tuple[threading.Thread, list[list[str]]]:
    """wait_for_change(*args) in a thread of its own, started, and the list its answer
    goes to."""
    from printgen.cli.watch import wait_for_change
    found: list[list[str]] = []
    waiting = threading.Thread(target=lambda: found.append(wait_for_change(*args)), daemon=True)
    waiting.start()
    return waiting, found


def test_a_save_made_before_the_watcher_is_up_is_not_missed(tmp_path):
    """A file saved while the build ran (after `since`, before the watcher started) is
    reported at once, with no event after the watcher is up; one saved before is not."""
    saved, old = tmp_path / "face.yaml", tmp_path / "back.yaml"
    old.write_text("before", encoding="utf-8")
    time.sleep(0.05)
    since = time.time_ns()
    saved.write_text("during the build", encoding="utf-8")
    waiting, found = watching({str(saved), str(old)}, since)
    waiting.join(timeout=TIMEOUT)
    assert found == [[str(saved)]]


def test_a_save_dated_by_the_coarse_clock_just_before_the_build_began_is_not_missed(tmp_path):
    """The system dates a file by a clock a tick (a few ms) behind time.time_ns(): a file
    saved just after `since` can be dated a little before it, and still counts."""
    saved = tmp_path / "face.yaml"
    saved.write_text("during the build", encoding="utf-8")
    since = time.time_ns()
    os.utime(saved, ns=(since - 4_000_000, since - 4_000_000))
    waiting, found = watching({str(saved)}, since)
    waiting.join(timeout=5)
    assert found == [[str(saved)]]


def test_a_quiet_file_keeps_the_watch_waiting_until_it_is_saved(tmp_path):
    quiet = tmp_path / "face.yaml"
    quiet.write_text("before", encoding="utf-8")
    time.sleep(0.05)
    since = time.time_ns()
    waiting, found = watching({str(quiet)}, since)
    waiting.join(timeout=1.0)                   # the first wake-up (WAKE_MS) has passed: still waiting
    assert waiting.is_alive() and not found
    quiet.write_text("saved", encoding="utf-8")
    waiting.join(timeout=TIMEOUT)
    assert found == [[str(quiet)]]


def test_a_file_put_where_a_failed_build_looked_builds_again(project):
    """A template named before it is made, a picture named before it is copied in, and a
    picture moved away and back: each build that failed for want of the file builds
    again when the file comes (the error line says to fix it and save)."""
    from PIL import Image
    deck, folder = project / "deck" / "clean.yaml", project / "deck"
    edit(deck, "face: face.yaml", "face: newface")
    watch = Watch(project, "deck/clean.yaml", "--only", "pdf", "--out", "out")
    try:
        assert "template 'newface' not found" in watch.until("printgen: error:")
        watch.until("watch: the build stopped with an error")
        (folder / "newface.yaml").write_text((folder / "face.yaml").read_text(encoding="utf-8").replace(
            "elements:\n", "elements:\n  - {kind: image, src: pic.png, x: 10mm, y: 30mm, w: 20mm, h: 20mm}\n"),
            encoding="utf-8")
        assert watch.until("watch: changed:").endswith("newface.yaml")
        assert "image 'pic.png' not found" in watch.until("printgen: error:")
        watch.until("watch: the build stopped with an error")

        Image.new("RGB", (8, 8), "red").save(project / "pic.png")
        os.replace(project / "pic.png", folder / "pic.png")         # as a copy or an export ends
        assert watch.until("watch: changed:").endswith("pic.png")
        watch.until("watch: built")
        pdf = project / "out" / "preflight-clean-a4.pdf"
        first = pdf.read_bytes()

        os.replace(folder / "pic.png", project / "away.png")        # moved away, as a checkout does
        watch.until("printgen: error:")
        watch.until("watch: the build stopped with an error")
        os.replace(project / "away.png", folder / "pic.png")        # and back, its date unchanged
        watch.until("watch: built")
        assert pdf.read_bytes() == first
    finally:
        status = watch.stop()
    assert status == 0 and not any("Traceback" in line for line in watch.seen)


def test_a_file_looked_for_is_reported_when_it_appears(tmp_path):
    read, wanted = tmp_path / "deck.yaml", tmp_path / "templates" / "face.yaml"
    read.write_text("face: face", encoding="utf-8")
    time.sleep(0.05)
    since = time.time_ns()
    waiting, found = watching({str(read)}, since, {str(wanted)})
    waiting.join(timeout=1.0)                   # the first wake-up (WAKE_MS) has passed: still waiting
    assert waiting.is_alive() and not found
    wanted.parent.mkdir()                       # the folder first: it is reported, and a build then looks again
    waiting.join(timeout=TIMEOUT)
    assert found == [[str(wanted.parent)]]

    waiting, found = watching({str(read)}, since, {str(wanted)})
    waiting.join(timeout=1.0)
    assert waiting.is_alive() and not found
    wanted.write_text("elements: []", encoding="utf-8")
    waiting.join(timeout=TIMEOUT)
    assert found == [[str(wanted)]]


def test_a_file_looked_for_that_came_before_the_watcher_was_up_is_not_missed(tmp_path):
    """A file moved back while the build ran keeps its old date: being there counts."""
    read, wanted = tmp_path / "face.yaml", tmp_path / "pic.png"
    read.write_text("before", encoding="utf-8")
    wanted.write_bytes(b"old")
    os.utime(wanted, ns=(0, 0))
    time.sleep(0.05)
    since = time.time_ns()
    waiting, found = watching({str(read)}, since, {str(wanted)})
    waiting.join(timeout=TIMEOUT)
    assert found == [[str(wanted)]]


def test_a_file_the_build_read_that_went_before_the_watcher_was_up_is_not_missed(tmp_path):
    """A picture moved away while the build ran is reported at once (the next build
    says it is not found, and watches for it); a file the build looked for and did not
    find is not reported again while it stays away."""
    read, gone, missing = tmp_path / "face.yaml", tmp_path / "pic.png", tmp_path / "cards.csv"
    read.write_text("before", encoding="utf-8")
    time.sleep(0.05)
    since = time.time_ns()
    files = {str(read), str(gone), str(missing)}
    waiting, found = watching(files, since, {str(missing)}, files)
    waiting.join(timeout=TIMEOUT)
    assert found == [[str(gone)]]

    waiting, found = watching(files - {str(gone)}, since, {str(missing)}, files - {str(gone)})
    waiting.join(timeout=1.0)
    assert waiting.is_alive() and not found
    missing.write_text("name\n", encoding="utf-8")
    waiting.join(timeout=TIMEOUT)
    assert found == [[str(missing)]]


def test_a_projects_shapes_file_made_then_saved_builds_again(tmp_path):
    """templates/shapes.yaml of the project is watched: made where the build looked for
    it, then saved, each builds again with the project's shapes."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "decks" / "mini.yaml").write_text(
        "name: mini\ntitle: Mini\nsize: poker\nface: face\nback: face\ncards:\n  - fields: {name: One}\n",
        encoding="utf-8")
    (tmp_path / "templates" / "face.yaml").write_text(
        'elements:\n  - {kind: shape, shape: circle, cx: 30mm, cy: 40mm, size: 20mm, fill: "#000000"}\n',
        encoding="utf-8")
    watch = Watch(tmp_path, "decks/mini.yaml", "--only", "pdf", "--out", "out")
    try:
        watch.until("watch: built")
        pdf = tmp_path / "out" / "mini-a4.pdf"
        first = pdf.read_bytes()
        shapes = tmp_path / "templates" / "shapes.yaml"
        shapes.write_text('circle:\n  - polygon: "0,-1 1,0 0,1 -1,0"\n', encoding="utf-8")
        assert watch.until("watch: changed:").endswith("shapes.yaml")
        watch.until("watch: built")
        second = pdf.read_bytes()
        assert second != first
        edit(shapes, '"0,-1 1,0 0,1 -1,0"', '"0,-1 1,1 -1,1"')
        assert watch.until("watch: changed:").endswith("shapes.yaml")
        watch.until("watch: built")
        assert pdf.read_bytes() not in (first, second)
    finally:
        status = watch.stop()
    assert status == 0 and not any("Traceback" in line for line in watch.seen)


def card_fonts(pdf: Path) -> set[str]:
    """The fonts (without their subset tags) that set the card's name 'One' on the
    faces' page."""
    import pdfplumber
    with pdfplumber.open(pdf) as doc:
        return {char["fontname"].split("+", 1)[-1] for char in doc.pages[0].chars if char["text"] in "One"
                and char["top"] < 100}


def test_a_projects_fonts_file_made_then_saved_builds_again(tmp_path):
    """fonts/fonts.yaml of the project is watched as its shapes file is: a template
    names a font the project has not declared yet (an error); the fonts file made where
    the build looked for it builds again, the card's name in the project's font; saved
    with a mistake, it is one error line naming it; saved right again, it builds the
    same bytes as before."""
    for folder in ("decks", "templates", "fonts"):
        (tmp_path / folder).mkdir()
    shutil.copy(FIXTURES / "scripts" / "fonts" / "Latin.ttf", tmp_path / "fonts")
    (tmp_path / "decks" / "mini.yaml").write_text(
        "name: mini\ntitle: Mini\nsize: poker\nface: face\nback: back\ncards:\n  - fields: {name: One}\n",
        encoding="utf-8")
    (tmp_path / "templates" / "face.yaml").write_text(
        'elements:\n  - {kind: text, text: "{{ card.name }}", x: 6mm, y: 6mm, w: 51mm, h: 20mm, font: mine, '
        'size: 14pt}\n', encoding="utf-8")
    (tmp_path / "templates" / "back.yaml").write_text('elements:\n  - {kind: rect, box: bleed, fill: "#223344"}\n',
                                                      encoding="utf-8")
    watch = Watch(tmp_path, "decks/mini.yaml", "--only", "pdf", "--out", "out")
    try:
        assert "got 'mine'" in watch.until("printgen: error:")
        watch.until("watch: the build stopped with an error")
        fonts = tmp_path / "fonts" / "fonts.yaml"
        fonts.write_text("mine: Latin.ttf\n", encoding="utf-8")
        assert watch.until("watch: changed:").endswith(os.path.join("fonts", "fonts.yaml"))
        watch.until("watch: built")
        pdf = tmp_path / "out" / "mini-a4.pdf"
        first = pdf.read_bytes()
        assert card_fonts(pdf) == {"NotoSans-Regular"}          # the fixture's Latin font
        edit(fonts, "Latin.ttf", "Missing.ttf")
        assert watch.until("watch: changed:").endswith("fonts.yaml")
        assert "fonts.yaml:1 mine" in watch.until("printgen: error:")
        watch.until("watch: the build stopped with an error")
        edit(fonts, "Missing.ttf", "Latin.ttf")
        watch.until("watch: changed:")
        watch.until("watch: built")
        assert pdf.read_bytes() == first
    finally:
        status = watch.stop()
    assert status == 0 and not any("Traceback" in line for line in watch.seen)
