"""printgen installed as a wheel, run from an empty folder: the built-in decks, templates,
rules and fonts travel inside the package, and no code reaches outside it.

The wheel is built offline (the test tools include the build backend), installed into
a fresh virtual environment that sees this environment's packages for the
dependencies only, and run through its own `printgen` script in a temporary folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT

BUILT_IN_DECKS = ["coruscant-shift", "kerton-42", "sabacc-62", "sabacc-76",
                  "solomons-temple-black", "solomons-temple-white", "standard-54"]      # all seven


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--no-index", "-q", "-w", str(folder), str(ROOT)], check=True, capture_output=True)
    return next(folder.glob("printgen-*.whl"))


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A venv with the wheel installed; returns its bin folder."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # the dependencies from this environment (a plain path: its .pth files, and with them
    # an editable printgen, are not processed)
    Path(site, "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                    "--no-index", "-q", str(wheel)], check=True, capture_output=True)
    return venv / "bin"


def clean_env(home: Path | None = None) -> dict[str, str]:
    """This environment without what would steer the installed printgen (PYTHONPATH, which
    conftest points at this checkout; PRINTGEN_*; XDG_*)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PRINTGEN", "XDG_"))}
    if home is not None:
        env["HOME"] = str(home)
    return env


def run(bin_dir: Path, folder: Path, *args: str, home: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(bin_dir / "printgen"), *args], cwd=folder, env=clean_env(home),
                          capture_output=True, text=True, timeout=120)


def test_the_wheel_holds_the_built_in_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ["printgen/data/decks/sabacc-62.yaml", "printgen/data/decks/dice/spike.yaml",
                 "printgen/data/decks/parts/solomon-board.yaml", "printgen/data/decks/aids/jedi-duel.yaml",
                 "printgen/data/decks/rules/jedi-temple.md", "printgen/data/decks/rules/folds.yaml",
                 "printgen/data/templates/sabacc-face.yaml", "printgen/data/templates/shapes.yaml",
                 "printgen/data/print.yaml", "printgen/data/vendors.yaml",
                 "printgen/fonts/DejaVuSans.ttf", "printgen/fonts/LICENSE-DejaVu.txt",
                 "printgen/data/docs/deck-spec.md", "printgen/data/docs/print-facts.md",
                 "printgen/data/docs/example-deck/lantern-pairs.yaml", "printgen/gallery/templates/index.html",
                 "printgen/gallery/static/gallery.css", "printgen/gallery/static/gallery.js",
                 "printgen/gallery/static/live.js"]:
        assert name in names, name
    assert not any(name.startswith(("decks/", "templates/", "tests/")) for name in names)


def test_installed_printgen_runs_from_an_empty_folder(installed, tmp_path, tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    where = run(installed, tmp_path, "list")
    assert where.returncode == 0 and where.stderr == ""
    listed = {line.split()[0]: line for line in where.stdout.splitlines() if line.endswith("built-in")}
    assert sorted(listed) == BUILT_IN_DECKS
    help_text = run(installed, tmp_path, "--help")
    bare = run(installed, tmp_path)
    assert help_text.returncode == bare.returncode == 0 and bare.stdout == help_text.stdout
    assert "PRINTGEN_PAPER" in bare.stdout
    for args in (["build", "sabacc-62", "--only", "pdf,box,parts"], ["rules", "jedi-temple"],
                 ["aid", "jedi-duel"], ["box", "kerton-42"], ["dice", "coruscant-gold"], ["deal", "1"]):
        done = run(installed, tmp_path, *args, "-q", home=home)
        assert done.returncode == 0 and done.stderr == "", (args, done.stderr)
    # nothing written outside the output folder: not in the working folder, not in the home
    # folder (a cache there once held compiled templates)
    assert [p.name for p in tmp_path.iterdir()] == ["output"]
    assert list(home.rglob("*")) == []
    made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.pdf"))
    assert made == ["output/deals/jedi-temple-1-knight-a4.pdf", "output/dice/coruscant-gold-a4.pdf",
                    "output/jedi-duel/jedi-duel-aids-2p-a4.pdf",
                    "output/jedi-temple/jedi-temple-rules-poker-a4.pdf",
                    "output/kerton-42/kerton-42-box-a4.pdf", "output/sabacc-62/sabacc-62-a4.pdf",
                    "output/sabacc-62/sabacc-62-box-a4.pdf", "output/sabacc-62/sabacc-62-dice-a4.pdf"]


def test_installed_printgen_shows_its_docs_from_an_empty_folder(installed, tmp_path):
    listed = run(installed, tmp_path, "docs")
    assert listed.returncode == 0 and listed.stderr == ""
    pages = sorted(path.stem for path in (ROOT / "docs").glob("*.md"))
    assert [line.split()[0] for line in listed.stdout.splitlines()] == pages
    page = run(installed, tmp_path, "docs", "deck-spec")
    assert page.returncode == 0 and page.stdout == (ROOT / "docs" / "deck-spec.md").read_text(encoding="utf-8")
    where = run(installed, tmp_path, "docs", "deck-spec", "--path")
    assert installed.parent in Path(where.stdout.strip()).parents        # inside the installed package
    assert list(tmp_path.iterdir()) == []


def test_installed_printgen_reads_only_its_own_package(installed, tmp_path):
    code = ("import printgen, printgen.builtin as b; "
            "print(printgen.__file__); print(b.data_root())")
    done = subprocess.run([str(installed / "python"), "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, check=True, env=clean_env())
    package = Path(done.stdout.splitlines()[0]).parent
    assert installed.parent in package.parents
    assert [Path(line) for line in done.stdout.splitlines()[1:]] == [package / "data"]


def test_a_new_project_builds_with_the_installed_printgen(installed, tmp_path):
    assert run(installed, tmp_path, "new", "demo", "-q").returncode == 0
    deck = tmp_path / "demo" / "decks" / "demo.yaml"
    done = run(installed, tmp_path, "build", str(deck.relative_to(tmp_path)), "--only", "pdf", "-q")
    assert done.returncode == 0 and done.stderr == ""
    assert (tmp_path / "output" / "demo" / "demo-a4.pdf").is_file()
    assert run(installed, tmp_path, "gallery", "-q").returncode == 0           # its template and styles are package files
    page = (tmp_path / "output" / "index.html").read_text(encoding="utf-8")
    assert "demo-a4.pdf" in page and "<style>" in page and "</html>" in page
    listed = run(installed, tmp_path / "demo", "list")
    assert next(line for line in listed.stdout.splitlines() if line.startswith("demo ")).endswith("local")
