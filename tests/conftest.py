"""Shared test helpers: the repository's paths and an in-process CLI runner."""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def beside(deck: Path, tmp_path: Path) -> Path:
    """A copy, in tmp_path, of the folder of a fixture deck: a deck a test makes from it
    names the templates beside it, as any deck's paths must stay in its own folder."""
    folder = tmp_path / "project"
    shutil.copytree(deck.parent, folder, dirs_exist_ok=True)
    return folder
PYRAMID_1500 = FIXTURES / "pyramid-1500"        # mchung94/pyramid-solver's deals, MIT (LICENSE there)
sys.path.insert(0, str(ROOT / "tests"))
# Every printgen a test starts in a process of its own runs this checkout's code, not
# the printgen the environment has installed (a second checkout, a worktree, beside an
# editable install of the first): python -m printgen from a temporary folder would
# otherwise import the installed one and test it instead.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))


def pytest_addoption(parser):
    parser.addoption("--update-references", action="store_true",
                     help="rewrite the reviewed reference images in tests/references/ from the current "
                          "outputs (look at every changed image before committing it)")


@dataclass
class Result:
    status: int
    out: str
    err: str


@pytest.fixture
def fresh_pages(monkeypatch):
    """The process's kept PDF pages (render/pdfpages.py's store) emptied for one test, so
    that what a warm build draws or splices does not hang on what an earlier test in the
    same worker drew (the pages are kept by their content, not by their project)."""
    from printgen.render.pdfpages import PageStore, store
    monkeypatch.setattr(store, "pages", PageStore().pages)


@pytest.fixture
def cli(capsys, monkeypatch):
    """Run printgen in-process: cli(*args) -> Result(status, out, err)."""
    from printgen.cli import main

    def run(*args: str) -> Result:
        try:
            status = main(list(args))
        except SystemExit as stop:   # argparse usage errors
            status = int(stop.code or 0)
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return run


@pytest.fixture
def print_yaml(tmp_path, monkeypatch):
    """Write a copy of print.yaml with texts replaced (old -> new), read in place of
    printgen's."""
    from printgen.builtin import data_dir
    from printgen.spec import printdata
    original = (data_dir() / "print.yaml").read_text(encoding="utf-8")
    folder = tmp_path / "data"
    folder.mkdir()

    def write(changes: dict[str, str]) -> None:
        text = original
        for old, new in changes.items():
            assert old in text, old
            text = text.replace(old, new)
        (folder / "print.yaml").write_text(text, encoding="utf-8")
        monkeypatch.setattr(printdata, "data_dir", lambda: folder)
        printdata.print_facts.cache_clear()

    yield write
    printdata.print_facts.cache_clear()
