"""A project a stranger sent, built as it came: numbers, names, language codes and
pictures that break printgen's promise (one located line, exit 2, nothing written)
where they are not read with care. Each runs printgen as a real process, as the user
would, and checks its exit status, its one line and what the folder holds after."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hostile import one_line, tree

TIMEOUT = 120
FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"


def printgen(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printgen", *args], capture_output=True, text=True,
                          timeout=TIMEOUT, cwd=cwd, check=False)


@pytest.mark.parametrize("args", [
    ("deal", "9" * 5000),
    ("challenge", "--start", "9" * 5000),
    ("solve", "--rules", "jedi-temple", "--deck", "deal.txt", "--budget", "9" * 5000),
    ("solve", "--rules", "jedi-temple", "--deck", "deal.txt", "--rolls", "\u00b2,1 1,4 4,4"),
    ("solve", "--rules", "jedi-temple", "--deck", "deal.txt", "--rolls", "9" * 5000 + ",1 1,4 4,4"),
], ids=["deal", "challenge-start", "solve-budget", "solve-rolls-superscript", "solve-rolls-5000-digits"])
def test_a_number_past_what_python_reads_is_one_located_line(tmp_path, args):
    """int() refuses a string of more than 4,300 digits, and "²" is a digit to
    str.isdigit() that int() does not read: each was a traceback."""
    (tmp_path / "deal.txt").write_text("+1 " * 62, encoding="utf-8")
    before = tree(tmp_path)
    result = printgen(tmp_path, *args, "--out", "out") if args[0] != "solve" else printgen(tmp_path, *args)
    line = one_line(result, 2)
    assert line.split(": ")[2].split(" ")[0] in ("deal", "--start", "--budget", "--rolls")
    assert len(line) < 400
    assert tree(tmp_path) == before


@pytest.mark.parametrize(("deck", "where"), [
    ('name: "t\\n"\n', "deck.yaml:1 name: expected a plain name"),
    ('name: t\nlanguages: [en, "de\\n"]\n', ("deck.yaml:2 languages[1]: expected a language code such as en, de or "
                                           "pt-BR, got 'de\\n'")),
    ('name: t\nlang: "de\\n"\n', "deck.yaml:2 lang: expected a language code"),
    ('name: t\nlanguages: [en, x-klingon]\n', ("deck.yaml:2 languages[1]: expected a language code such as en, de "
                                             "or pt-BR, got 'x-klingon'")),
], ids=["name", "languages", "lang", "not-a-code"])
def test_a_name_or_language_code_ending_in_a_line_break_is_refused(tmp_path, deck, where):
    """A deck's name and its language codes name its files (t-de-a4.pdf): a regular
    expression's "$" matches before a last line break, so 'de\\n' passed as a code and
    wrote 't-de\\n-a4.pdf' (and --lang all's errors broke across lines). The code that
    is not one is named, where the line said 'got a list'."""
    (tmp_path / "face.yaml").write_text(FACE, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(deck + "size: poker\nface: face.yaml\nback: face.yaml\ncards:\n"
                                               "  - fields: {a: b}\n", encoding="utf-8")
    before = tree(tmp_path)
    for lang in (["--lang", "all"] if "languages" in deck else []), []:
        one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out", *lang), 2, where)
        assert tree(tmp_path) == before
