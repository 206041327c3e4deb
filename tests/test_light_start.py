"""A lighter start (issue 30, item 3): the printgen program keeps the cycle collector
out of its start and its exit (printgen/cli/__init__.py main), and content keys are
taken from the primitives' values, however they are held (printgen/render/keys.py)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from printgen.cli import main
from printgen.layout.page import Frame, Side
from printgen.layout.primitives import Image, Rect, TextRun
from printgen.render.keys import Keys

ROOT = Path(__file__).resolve().parent.parent


def test_a_caller_of_main_keeps_its_collector_as_it_was(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    frozen = gc.get_freeze_count()
    assert main(["list"]) == 0
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen


def test_the_program_collects_again_once_its_modules_are_in_and_freezes_all_at_its_end(tmp_path):
    # the installed script's way: main() with no argv; the collector on during the command,
    # and what the imports made, then everything, kept out of its passes
    probe = ("import gc, sys; from printgen.cli import main; sys.argv = ['printgen', 'list'];"
             "import printgen.cli.list as verb; run = verb.run;"
             "verb.run = lambda args: print('during', gc.isenabled(), gc.get_freeze_count() > 0) or run(args);"
             "status = main(); print('after', status, gc.get_freeze_count() > 0, file=sys.stderr)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True,
                          check=True)
    assert "during True True" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "after 0 True"


def _side(fill: str, font: str, x: float = 1.0) -> Side:
    return Side("card", "a card", Frame(180.0, 252.0, 9.0, 9.0),
                (Rect(x, 2.0, 30.0, 40.0, fill=fill), TextRun(5.0, 9.0, "+1", font, 12.0, fill),
                 Rect(3.0, 4.0, 5.0, 6.0, fill=fill)))


def test_a_sides_key_is_its_values_however_they_are_shared_or_interned():
    keys = Keys("png 300")
    shared = "".join(["#1f77", "b4"])
    one = _side(shared, "sans")                                      # one text object, used three times
    other = Side("card", "a card", Frame(180.0, 252.0, 9.0, 9.0),
                 (Rect(1.0, 2.0, 30.0, 40.0, fill=sys.intern("#1f77b4")),    # an interned one, and two copies
                  TextRun(5.0, 9.0, "+1", "".join(["sa", "ns"]), 12.0, "".join(["#1f", "77b4"])),
                  Rect(3.0, 4.0, 5.0, 6.0, fill="".join(["#", "1f77b4"]))))
    assert one == other
    assert keys.side(one) == keys.side(other)


def test_a_side_differing_in_any_value_has_another_key(tmp_path):
    keys = Keys("png 300")
    base = keys.side(_side("#1f77b4", "sans"))
    assert keys.side(_side("#1f77b5", "sans")) != base
    assert keys.side(_side("#1f77b4", "sans-bold")) != base
    assert keys.side(_side("#1f77b4", "sans", x=1.0000000000000002)) != base
    assert keys.side(_side("#1f77b4", "sans", x=1)) != base          # an int is written as one
    # a picture's path, which marshal does not write, is keyed by its repr
    for name in ("a.png", "b.png"):
        (tmp_path / name).write_bytes(b"same bytes")
    pictures = [Side("card", "a card", Frame(180.0, 252.0, 9.0, 9.0), (Image(0.0, 0.0, 9.0, 9.0, tmp_path / name),))
                for name in ("a.png", "b.png")]
    assert keys.side(pictures[0]) != keys.side(pictures[1])
