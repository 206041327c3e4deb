"""Template expressions run on a budget, and text shrinks to fit by searching its size.

Each hostile expression the sandbox once ran for minutes (or until memory ran out) is
built here in a real process, under a 4 GiB address-space cap on Linux: it must end
at once with exit status 2 and one line naming the template file, no traceback and
no output folder. Text that must shrink from a large size finds the same size that
stepping down a quarter point at a time would, in a few wraps.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from cputime import cpu_seconds
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.errors import FitError, PrintgenError
from printgen.shaping import font
from printgen.layout.cardtext import set_rich
from printgen.layout.text import TextStyle, Words, block_height, largest_fit, set_text, shrink_sizes
from printgen.limits import limit
from printgen.lang.expr import render

FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
DECK = "name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n  - fields: {a: b}\n"
MEMORY_CAP = 4 * 1024 ** 3
SECONDS = 20                 # each hostile build ends well within this (most in under two)


def deck_with(folder: Path, extra: str = "", face: str = FACE) -> Path:
    (folder / "face.yaml").write_text(face, encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text(DECK + extra, encoding="utf-8")
    return path


def text_face(expression: str) -> str:
    """A face whose third line is a text element showing expression."""
    return FACE + f"  - {{kind: text, text: {json.dumps(expression)}, x: 0mm, y: 0mm, w: 10mm, h: 10mm}}\n"


def _cap_memory() -> None:                        # in the child, before printgen starts
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def build(folder: Path, deck: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    start = cpu_seconds()
    result = subprocess.run([sys.executable, "-m", "printgen", "build", str(deck), "--only", "pdf",
                             "--out", str(folder / "out")], capture_output=True, text=True, timeout=30,
                            cwd=folder, preexec_fn=_cap_memory if sys.platform.startswith("linux") else None)
    return result, cpu_seconds() - start


def assert_one_located_error(folder: Path, result: subprocess.CompletedProcess[str], seconds: float,
                             where: str, expected: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr[-600:])
    assert "Traceback" not in result.stderr
    line, = result.stderr.strip().splitlines()
    assert line.startswith("printgen: error: ") and where in line and expected in line, line
    assert not (folder / "out").exists()
    assert seconds < SECONDS, seconds


TOO_MUCH = "does too much work"
HOSTILE = {
    "string iteration": ("{% set s = 'x' * 100000 %}{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}",
                         "loops of more than"),
    "center padding": ("{{ 'x'|center(999999999) }}", "the center filter would make 999,999,999"),
    "% padding": ("{{ '%999999999d' % 1 }}", "the format '%999999999d'"),
    "% precision": ("{{ '%.999999999f' % 1.5 }}", "would make 999,999,999"),
    "% key repeated": ("{{ ('%(a)s' * 19000) % {'a': 'y' * 100} }}", "more than 100000"),
    "format filter padding": ("{{ '%999999999s'|format('x') }}", "the format '%999999999s'"),
    "str.format width": ("{{ '{:>999999999}'.format(1) }}", "the format spec '>999999999'"),
    "str.format nested width": ("{{ '{0:{1}}'.format('x', 999999999) }}", "the format spec '999999999'"),
    "str.format repeated field": ("{{ ('{0}' * 30000).format('y' * 100) }}", "str.format()"),
    "power": ("{{ 7 ** 100000000 }}", "too large a number"),
    "big-integer squaring": ("{% set ns = namespace(n=7 ** 3000) %}{% for i in range(40) %}"
                             "{% set ns.n = ns.n * ns.n %}{% endfor %}{{ ns.n % 10 }}", "too large a number"),
    "hex int parse": ("{{ ('f' * 50000)|int(base=16) }}", "too large a number"),
    "lipsum paragraphs": ("{{ lipsum(100000000) }}", "lipsum(100000000, max=100) would make"),
    "lipsum words": ("{{ lipsum(1, max=1000000000) }}", "would make"),
    "slice filter loop": ("{% for part in range(10)|slice(1000000000) %}{{ part }}{% endfor %}",
                          "the slice filter would make 1,000,000,000"),
    "slice copies in a loop": ("{% set s = 'x' * 100000 %}{% for i in range(100000) %}{{ s[1:]|length }}"
                               "{% endfor %}", "loops of more than"),
    "batch fill": ("{{ [1]|batch(999999999, 'x')|list }}", "the batch filter would make"),
    "indent": ("{{ 'a\nb'|indent(999999999) }}", "the indent filter would make"),
    "wordwrap": ("{{ ('x ' * 40000)|wordwrap(1, wrapstring='-' * 1000) }}", "the wordwrap filter would make"),
    "join": ("{{ range(100000)|join(',' * 1000) }}", "the join filter would make"),
    "replace": ("{{ ('x' * 100000)|replace('x', 'yy') }}", "the replace filter would make"),
    "groupby in a loop": ("{% for i in range(100000) %}{{ range(100)|groupby('real')|length }}{% endfor %}",
                          "loops of more than"),
    "nested loops": ("{% for a in range(100000) %}{% for b in range(100000) %}.{% endfor %}{% endfor %}",
                     "loops of more than 1,000,000 steps"),
    "huge range": ("{{ range(10 ** 20)|length }}", "would make 100,000,000,000,000,000,000"),
    "doubling a list": ("{% set ns = namespace(l=[1]) %}{% for i in range(64) %}{% set ns.l = [ns.l, ns.l] %}"
                        "{% endfor %}{{ ns.l }}", "a list or mapping written in the expression"),
    "doubling a text": ("{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}"
                        "{% endfor %}{{ ns.s }}", "joining with ~"),
    "recursive loop": ("{% for x in [1] recursive %}{% if loop.depth < 40 %}{{ loop([1, 2]) }}{% endif %}"
                       "{% endfor %}", "loops of more than"),
    "to_bytes": ("{{ (1).to_bytes(999999999, 'big') }}", "to_bytes() would make"),
    "tojson indent": ("{{ [[1], [2]]|tojson(indent=999999999) }}", "the tojson filter would make"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_expression_is_one_located_error_at_once(tmp_path, case):
    expression, expected = HOSTILE[case]
    result, seconds = build(tmp_path, deck_with(tmp_path, face=text_face(expression)))
    assert_one_located_error(tmp_path, result, seconds, "face.yaml:3", TOO_MUCH)
    assert expected in result.stderr and "expected a simpler expression" in result.stderr


def test_nested_groups_are_bounded_by_what_they_lay_out(tmp_path):
    """Four groups of 1,000 items inside each other would lay out 10^12 elements."""
    face = FACE + "".join(f"{'    ' * depth}  - kind: group\n{'    ' * depth}    each: 1000\n"
                          f"{'    ' * depth}    elements:\n" for depth in range(4))
    face += "    " * 4 + "  - {kind: rect, x: 0mm, y: 0mm, w: 1mm, h: 1mm, fill: '#000000'}\n"
    result, seconds = build(tmp_path, deck_with(tmp_path, face=face))
    assert_one_located_error(tmp_path, result, seconds, "face.yaml:", "expected at most 20,000")
    assert "each" in result.stderr


def test_a_group_cannot_multiply_an_expressions_budget(tmp_path):
    """1,000 repetitions of an expression that takes most of a rendering's budget: the
    card side's budget ends it after a few."""
    heavy = "{% for a in range(600) %}{% for b in range(600) %}{% endfor %}{% endfor %}x"
    face = FACE + ("  - kind: group\n    each: 1000\n    elements:\n"
                   f"      - {{kind: text, text: {json.dumps(heavy)}, x: 0mm, y: 0mm, w: 10mm, h: 10mm}}\n")
    result, seconds = build(tmp_path, deck_with(tmp_path, face=face))
    assert_one_located_error(tmp_path, result, seconds, "face.yaml:6", "card side's other expressions")


def test_ordinary_expressions_are_well_inside_the_budget():
    text = ("{% for i in range(50) %}{{ '%03d'|format(i) }}{{ ' ' ~ ('ab' * 3)|upper }}"
            "{{ '{:>4}'.format(i) }}{{ [i, i * 2]|join(',') }}{% endfor %}{{ 2 ** 64 }}{{ lipsum(2) | length > 0 }}")
    out = render(text, {}, "here")
    assert out.startswith("000 ABABAB   00,0") and out.endswith("18446744073709551616True")


def test_the_budget_lives_in_the_limits_file():
    assert limit("template_steps") == 1_000_000 and limit("template_result") == 100_000
    assert limit("template_int_bits") == 10_000 and limit("template_side_steps") == 2_000_000
    assert limit("text_chars") == 100_000 and limit("group_layouts") == 20_000


# -- text shrinking to fit

def _words(count: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(["ab", "card", "draw", "to", "lorem", "ipsum", "x"]) for _ in range(count))


def test_a_long_text_shrinks_from_a_large_size_in_moments():
    text = _words(20000)
    assert len(text) <= limit("text_chars")
    for w, h in ((180.0, 250.0), (5000.0, 5000.0), (20.0, 20.0)):
        for setter in ("plain", "rich"):
            start = cpu_seconds()
            try:
                if setter == "plain":
                    set_text(text, 0, 0, w, h, TextStyle(size=720, min_size=1.0), "deck.yaml:3 text")
                else:
                    set_rich(text, w, h, TextStyle(size=720, min_size=1.0), "deck.yaml:3 text", lambda *a: [])
            except FitError as error:
                assert str(error).startswith("deck.yaml:3 text: ") and "\n" not in str(error)
            assert cpu_seconds() - start < 10, (w, h, setter)


def test_a_text_too_long_to_set_is_refused_before_it_is_wrapped():
    text = "x" * (limit("text_chars") + 1)
    start = cpu_seconds()
    for call in (lambda: set_text(text, 0, 0, 100, 100, TextStyle(size=720, min_size=1.0), "deck.yaml:3 text"),
                 lambda: set_rich(text, 100, 100, TextStyle(size=720, min_size=1.0), "deck.yaml:3 text",
                                  lambda *a: [])):
        with pytest.raises(FitError, match=r"^deck.yaml:3 text: expected a text of at most 100,000 characters"):
            call()
    assert cpu_seconds() - start < 1


def _old_wrap_lines(text: str, size: float, width: float, wrap: bool) -> list[str] | None:
    """printgen's wrapping before the search: the width of each trial line measured whole."""
    metrics = font("sans")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if not wrap:
            if metrics.width(paragraph, size) > width + 1e-6:
                return None
            lines.append(paragraph)
            continue
        current = ""
        for word in paragraph.split(" "):
            trial = f"{current} {word}" if current else word
            if metrics.width(trial, size) <= width + 1e-6:
                current = trial
            elif metrics.width(word, size) > width + 1e-6:
                return None
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


def _stepped_size(text: str, w: float, h: float, style: TextStyle) -> float | None:
    """The size the step-down search settled on: the first that fits, from the top."""
    metrics = font(style.font)
    for size in shrink_sizes(style.size, style.min_size or style.size):
        lines = _old_wrap_lines(text, size, w, style.wrap)
        if lines is not None and block_height(metrics, size, len(lines), style.line_height) <= h + 1e-6:
            return size
    return None


@settings(max_examples=40, deadline=None, derandomize=True)
@given(words=st.lists(st.sampled_from(["a", "ab", "card", "draw", "Fx", "", "lorem", "W", "iiii", "\n",
                                       "supercalifragilistic"]), max_size=60),
       w=st.floats(5, 200), h=st.floats(5, 200), size=st.floats(4, 120), wrap=st.booleans())
def test_the_search_finds_the_size_stepping_down_finds(words, w, h, size, wrap):
    """Same wrapped lines as the old wrapping, and the same size as stepping down."""
    text = " ".join(words)
    style = TextStyle(size=size, min_size=1.0, wrap=wrap)
    assert Words(text, font("sans")).wrap(size, w, wrap) == _old_wrap_lines(text, size, w, wrap)
    expected = _stepped_size(text, w, h, style)
    try:
        runs = set_text(text, 0, 0, w, h, style, "here")
    except FitError:
        assert expected is None
        return
    assert expected is not None
    assert all(run.size == expected for run in runs)


def test_largest_fit_is_a_binary_search():
    tried: list[float] = []
    sizes = shrink_sizes(720.0, 1.0)

    def attempt(size: float) -> str | None:
        tried.append(size)
        return "fits" if size <= 33.25 else None

    assert largest_fit(sizes, attempt) == (33.25, "fits")
    assert len(sizes) == 2877 and len(tried) <= 14


# -- rich text: random input either lays out or is one located error

TOKENS = ["a", "bc", " ", " ", "**", "*", ":circle:", ":nope:", ":", "\n", "é", "x" * 40, "/", "-", "\u05d0"]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(tokens=st.lists(st.sampled_from(TOKENS), max_size=40), w=st.floats(1, 120), h=st.floats(1, 120),
       size=st.floats(1, 720))
def test_random_rich_text_lays_out_or_is_one_located_error(tokens, w, h, size):
    text = "".join(tokens)
    style = TextStyle(size=size, min_size=min(size, 1.0))
    try:
        set_rich(text, w, h, style, "face.yaml:3 elements[1].text (card 1) field 'text'",
                 lambda name, *args: [] if name == "circle" else None)
    except PrintgenError as error:
        message = str(error)
        assert message.startswith("face.yaml:3 elements[1].text (card 1) field 'text': "), message
        assert "\n" not in message
