"""Fuzzing the inputs beside the YAML specs (tests/test_fuzz_specs.py fuzzes those):
a card table of random CSV text must build or be one located error naming the table;
a rules text with random front matter and body must build or be one located error
naming the rules file. Never an exception, never a second line, never a file written
but into --out, never anything of a file outside the rules text's folder shown.

The examples are derandomized (the same on every run); PRINTGEN_FUZZ_EXAMPLES runs
more of them locally.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.cli import main

EXAMPLES = int(os.environ.get("PRINTGEN_FUZZ_EXAMPLES", "30"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
DECK = "name: fuzz\nsize: poker\nface: face.yaml\nback: face.yaml\ncards: cards.csv\n"
LEAKED = ("root:", "/bin/bash", "nologin")


def run(args: list[str]) -> tuple[int, list[str], str]:
    """printgen in this process: its status, its error lines and its output."""
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            status = main(args)
        except SystemExit as stop:       # argparse usage errors
            status = int(stop.code or 0)
    return status, err.getvalue().strip().splitlines(), out.getvalue()


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


# -- card tables --------------------------------------------------------------------------------

hostile_cells = st.sampled_from(["\u00b2", "\u0663", "\uff11", "1.5", "-1", "1e3", "10001", "9" * 5000, "x" * 300,
                                 "\0", "a\0b", '"', '""', "a,b", "a\nb", "\r", "\t", " ", "{{ 7 ** 9 }}", "\u202e",
                                 "\ue000", "count"])
plain = st.text(alphabet="abcxyz 0123456789-+.'", max_size=8)
cells = st.one_of(plain, plain, plain, hostile_cells, st.text(max_size=8))
counts = st.one_of(st.sampled_from(["", "0", "1", "2", "3", "007", " 2 ", "+1"]), hostile_cells)
header_names = st.lists(st.sampled_from(["name", "value", "count", "note", "art"]), min_size=1, max_size=4,
                        unique=True)
odd_names = st.lists(st.one_of(st.sampled_from(["", " ", "a\0", "name", "count"]), st.text(max_size=6)),
                     min_size=1, max_size=4)


@st.composite
def csv_text(draw: st.DrawFn) -> str:
    """A CSV table: a header, rows of cells (some hostile), some quoted, random line
    ends; now and then a row too long or too short, odd names, or plain random text."""
    if draw(st.integers(0, 19)) == 7:
        return draw(st.text(max_size=60))
    header = draw(header_names) if draw(st.integers(0, 4)) != 3 else draw(odd_names)
    rows = []
    for _ in range(draw(st.integers(1, 5))):
        row = [draw(counts if name == "count" else cells) for name in header]
        if draw(st.integers(0, 9)) == 7:
            row = row[:draw(st.integers(0, len(row)))] + draw(st.lists(cells, max_size=2))
        rows.append(row)
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))

    def field(value: str) -> str:
        if any(c in value for c in ',"\r\n') or draw(st.booleans()):
            return '"' + value.replace('"', '""') + '"'
        return value
    return end.join(",".join(field(v) for v in row) for row in [header, *rows]) + draw(st.sampled_from(["", end]))


@FUZZ
@given(table=csv_text())
def test_a_random_csv_table_builds_or_is_one_located_error(table: str) -> None:
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        (folder / "face.yaml").write_text(FACE, encoding="utf-8")
        (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
        (folder / "cards.csv").write_bytes(table.encode("utf-8", "surrogatepass"))
        inputs = files_of(folder)
        status, lines, _ = run(["build", str(folder / "deck.yaml"), "--only", "pdf",
                                "--out", str(folder / "out"), "-q"])
        assert files_of(folder) == inputs
        if status == 0:
            assert list((folder / "out").glob("*.pdf")), lines
            return
        assert status == 2, (status, lines)
        line, = lines
        assert line.startswith("printgen: error: ") and "deck.yaml:5" in line and "cards.csv" in line, line
        assert "Traceback" not in line
        assert not (folder / "out").exists(), line


# -- rules front matter -------------------------------------------------------------------------

paths = st.sampled_from(["sabacc-62", "deck.yaml", "deal.md", "sub/deal.md", "./deal.md", "sub/../deal.md",
                         "../outside.md", "../game/deal.md", "../../../../../../../../etc/passwd", "/etc/passwd",
                         "file:///etc/passwd", "~/.profile", "loop.md", "nope", "nope.md", "rules.md", ".", "..",
                         "sub", "a\0b", "", "x" * 300, "\u202e"])
front_values = st.one_of(
    paths, paths, paths,
    st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-5, 10 ** 6), st.floats(allow_nan=True),
                           st.sampled_from(["{{ 7 ** 100000 }}", "A title", ""]), st.text(max_size=10)),
                 lambda inner: st.one_of(st.lists(inner, max_size=3),
                                         st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                 max_leaves=4))
bodies = st.one_of(
    st.just("# Rules\n\nPlay.\n"), st.just("# Rules\n\nPlay.\n"),
    st.sampled_from(["# Rules\n\nPlay.\n", "", "\n\n", "<b>x</b>\n", "![art](../outside.png)\n", "![art](art.png)\n",
                     "| a | b |\n|---|---|\n| 1 | 2 |\n", "- one\n- two\n", "```\ncode\n```\n",
                     "# " + "long " * 2000 + "\n", "---\n"]),
    st.text(max_size=80),
)


@st.composite
def rules_text(draw: st.DrawFn) -> str:
    keys = st.sampled_from(["title", "deck", "deal", "credit", "deck", "deal", "deck", "deal"])
    front: object = draw(st.dictionaries(keys, front_values, max_size=3))
    if draw(st.integers(0, 19)) == 7:
        front = draw(front_values)                          # not a mapping at all
    elif isinstance(front, dict) and draw(st.integers(0, 19)) == 7:
        front[draw(st.text(max_size=5))] = "x"              # a key that is not one
    try:
        matter = yaml.safe_dump(front, allow_unicode=True)
    except (ValueError, OverflowError):
        matter = repr(front) + "\n"
    return f"---\n{matter}---\n{draw(bodies)}"


@FUZZ
@given(text=rules_text(), deal=st.booleans())
def test_random_rules_front_matter_builds_or_is_one_located_error(text: str, deal: bool) -> None:
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        (root / "outside.md").write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
        game = root / "game"
        (game / "sub").mkdir(parents=True)
        (game / "deal.md").write_text("## Deal {{ number }}\n\nSet out the cards.\n", encoding="utf-8")
        (game / "sub" / "deal.md").write_text("Deal {{ number }}.\n", encoding="utf-8")
        (game / "face.yaml").write_text(FACE, encoding="utf-8")
        (game / "deck.yaml").write_text(DECK.replace("cards: cards.csv", "cards:\n  - fields: {a: b}"),
                                        encoding="utf-8")
        os.symlink("loop.md", game / "loop.md")
        (game / "rules.md").write_text(text, encoding="utf-8", errors="surrogatepass")
        inputs = files_of(game)
        status, lines, printed = run(["rules", str(game / "rules.md"), "--out", str(root / "out"), "-q",
                                      *(["--deal", "1"] if deal else [])])
        assert files_of(game) == inputs
        assert not any(leak in "\n".join(lines) + printed for leak in LEAKED), lines
        if status == 0:
            assert list((root / "out").glob("*.pdf")), lines
            return
        assert status == 2, (status, lines)
        assert lines and lines[0].startswith("printgen: error: "), lines
        # one line per root cause: two bad keys of the front matter are two lines, each
        # naming the file and a key of its own (as tests/test_fuzz_specs.py has it)
        keys = []
        for line in lines:
            # the rules text, or a file beside it that its front matter names (deck.yaml)
            assert "rules.md" in line or str(game) in line or line.startswith("printgen: error: --deal:"), lines
            key = re.match(r".*?rules\.md(?::\d+)? ?([^:]*):", line)
            keys.append(key.group(1) if key and "rules.md" in line else line)
        assert len(keys) == 1 or ("" not in keys and len(set(keys)) == len(keys)), lines
        assert not (root / "out").exists(), lines
