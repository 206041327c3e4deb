"""The documentation travels with the program and the project stands on its own.

Help texts, error messages and the README that `printgen new` writes send the user
to `printgen docs PAGE` (which works from an installed wheel, see test_install.py),
and every page they name exists; `printgen docs` lists and prints the pages; and no
file of the repository leans on a folder that exists only on a developer's machine.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from conftest import ROOT

from printgen.cli.verbs import SUMMARIES as COMMANDS

DOCS = ROOT / "docs"
PAGES = sorted(path.stem for path in DOCS.glob("*.md"))
# `docs/deck-spec.md` or `printgen docs deck-spec` (a lower-case name: PAGE, --path
# and the like are not references)
REFERENCE = re.compile(r"\bdocs/(?P<path>[\w-]+)\.md\b|printgen docs (?P<name>[a-z0-9][a-z0-9-]*(?:\.md)?)")
FILE_REFERENCE = re.compile(r"\bdocs/[\w-]+\.md\b")


def referenced(text: str) -> list[str]:
    """The page names text refers to (whitespace runs collapsed first: help is wrapped)."""
    text = " ".join(text.split())
    return [(m["path"] or m["name"]).removesuffix(".md") for m in REFERENCE.finditer(text)]


def help_texts(cli) -> dict[str, str]:
    texts = {"printgen --help": cli("--help").out}
    for command in COMMANDS:
        result = cli(command, "--help")
        assert result.status == 0, command
        texts[f"printgen {command} --help"] = result.out
    return texts


def test_the_pages_exist():
    assert {"deck-spec", "print-facts", "print-shops", "jedi-temple", "pyramid"} <= set(PAGES)


def test_every_page_the_source_names_exists():
    found = {}
    for path in sorted((ROOT / "printgen").rglob("*")):
        if path.suffix in {".py", ".yaml", ".md", ".txt"} and path.is_file():
            for name in referenced(path.read_text(encoding="utf-8")):
                found.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    assert len(found) >= 3, found                      # the scan does find references
    missing = {name: where for name, where in found.items() if name not in PAGES}
    assert not missing, f"pages named but not in docs/: {missing}"


def test_help_texts_name_pages_a_user_can_reach(cli):
    names = []
    for where, text in help_texts(cli).items():
        flat = " ".join(text.split())
        # an installed wheel has no docs/ folder beside it: help says `printgen docs PAGE`
        assert not FILE_REFERENCE.search(flat), f"{where}: {FILE_REFERENCE.search(flat)[0]}"
        names += [(where, name) for name in referenced(text)]
    assert {name for _, name in names} >= {"print-shops"}
    assert [pair for pair in names if pair[1] not in PAGES] == []
    assert "printgen docs" in " ".join(cli("--help").out.split())


def test_a_new_projects_readme_names_pages_a_user_can_reach(cli, tmp_path, monkeypatch):
    skeleton = ROOT / "printgen" / "data" / "new-project"
    texts = {path: path.read_text(encoding="utf-8") for path in skeleton.rglob("*") if path.is_file()}
    assert any(referenced(text) for text in texts.values())
    for path, text in texts.items():
        assert not FILE_REFERENCE.search(text), path
        assert set(referenced(text)) <= set(PAGES), path
    monkeypatch.chdir(tmp_path)
    assert cli("new", "demo", "-q").status == 0
    readme = (tmp_path / "demo" / "README.md").read_text(encoding="utf-8")
    assert "printgen docs deck-spec" in " ".join(readme.split())


def test_printgen_docs_lists_every_page(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("docs")
    assert result.status == 0 and result.err == ""
    rows = [line.split(None, 1) for line in result.out.splitlines()]
    assert [row[0] for row in rows] == PAGES
    for name, title in rows:                       # each with its first heading
        first = next(line for line in (DOCS / f"{name}.md").read_text(encoding="utf-8").splitlines()
                     if line.startswith("#"))
        assert title == first.lstrip("#").strip()
    assert list(tmp_path.iterdir()) == []            # nothing written


@pytest.mark.parametrize("name", ["deck-spec", "deck-spec.md"])
def test_printgen_docs_prints_a_page(cli, name):
    result = cli("docs", name)
    assert result.status == 0 and result.err == ""
    assert result.out == (DOCS / "deck-spec.md").read_text(encoding="utf-8")


def test_printgen_docs_path_says_where_the_page_is(cli):
    result = cli("docs", "print-facts", "--path")
    assert result.status == 0
    assert result.out.strip() == str(DOCS / "print-facts.md")
    assert cli("docs", "--path").out.strip() == str(DOCS)


def test_an_unknown_page_is_one_line_and_exit_2(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("docs", "no-such-page")
    assert result.status == 2 and result.out == ""
    line, = result.err.strip().splitlines()
    assert line.startswith("printgen: error: ") and "'no-such-page'" in line
    assert all(page in line for page in PAGES)
    assert list(tmp_path.iterdir()) == []


# a developer's folder beside the checkout, or an absolute path of some machine (written
# so that this file does not match itself)
MACHINE_PATH = re.compile(r"\bshare[d]/|/(?:work|root|home|Users)/")


def repository_files() -> list[str]:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    done = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                          cwd=ROOT, capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("git cannot list the files")
    return sorted({name for name in done.stdout.decode("utf-8", "surrogateescape").split("\0") if name})


def test_no_file_leans_on_a_developers_machine():
    found = []
    for name in repository_files():
        path = ROOT / name
        if not path.is_file():                       # deleted, not yet committed
            continue
        data = path.read_bytes()
        if b"\0" in data[:8192]:                     # binary: fonts, pictures
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == [], "\n".join(found)


def test_no_page_links_outside_the_docs_folder():
    """The wheel carries docs/ as printgen/data/docs, so a link out of docs/ (to
    ../printgen/..., ../README.md) works in a checkout and is dead where printgen is
    installed."""
    links = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s]+)\)")
    leaving = [f"{page.name}: {target}" for page in sorted((ROOT / "docs").rglob("*.md"))
               for target in links.findall(page.read_text(encoding="utf-8"))
               if not (page.parent / target.split("#")[0]).resolve().is_relative_to((ROOT / "docs").resolve())]
    assert not leaving, leaving
