"""Fuzzing the spec stage: a valid deck and its face template, with values replaced,
keys removed or added at random, must either build or fail with exactly one error
line per root cause naming the file and key; never an exception, never a follow-on
line, never a file written.

The examples are derandomized (the same on every run, so CI is repeatable); set
PRINTGEN_FUZZ_EXAMPLES to run more of them locally.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.cli import main

EXAMPLES = int(os.environ.get("PRINTGEN_FUZZ_EXAMPLES", "60"))

DECK = {
    "name": "fuzz", "title": "Fuzz deck", "size": "poker", "bleed": "3mm", "safe": "3mm",
    "face": "face.yaml", "back": "back.yaml", "label": "{{ name }} {{ index }}",
    "cards": [{"fields": {"name": "One", "value": 1}, "count": 2},
              {"each": {"value": [2, 3]}, "fields": {"name": "Many"}}],
}
BACK = {"elements": [{"kind": "rect", "box": "bleed", "fill": "#203040"}]}
FACE = {
    "elements": [
        {"kind": "rect", "box": "bleed", "fill": "#f0e8d8"},
        {"kind": "text", "text": "{{ card.name }} {{ card.value }}", "x": "5mm", "y": "10mm", "w": "50mm",
         "h": "12mm", "size": "14pt", "font": "sans-bold", "align": "center"},
        {"kind": "ellipse", "cx": "31.75mm", "cy": "50mm", "r": "10mm", "stroke": "#203040", "stroke_width": "1pt"},
        {"kind": "line", "x1": "5mm", "y1": "80mm", "x2": "58mm", "y2": "80mm", "dash": "2mm 1mm"},
    ],
}

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 40), st.sampled_from([10 ** 9, 2 ** 64, -(2 ** 63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "0mm", "-3mm", "1e400mm", "nan mm", "3furlongs", "12pt", "#zzz", "#123456", "../../x.yaml",
                     "/etc/passwd", "{{ 7 ** 100000 }}", "{{ card.nope.deeper }}", "{% for i in range(10**9) %}x{% endfor %}",
                     "{{", "\u202e\u05d0\u05d1", "\ue000", "x" * 300, "bleed", "trim", "safe", "true", "comic",
                     "sans-bold", "center", "poker", "none"]),
    st.text(max_size=12),
)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=6)


def paths(node: object, prefix: tuple = ()) -> list[tuple]:
    """Every key path inside node (mapping keys and list indices)."""
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*prefix, index))
    return found


def mutate(doc: object, data: st.DataObject) -> object:
    """doc (a copy) with one to three random changes: a value replaced, a key dropped
    or an unknown key added."""
    doc = yaml.safe_load(yaml.safe_dump(doc))
    if data.draw(st.integers(0, 19)) == 0:              # now and then, not a mapping at all
        return data.draw(values)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(doc)))
        parent = doc
        for step in where[:-1]:
            parent = parent[step]
        change = data.draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if change == "replace":
            parent[where[-1]] = data.draw(values)
        elif change == "drop" and isinstance(parent, dict):
            del parent[where[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(min_size=1, max_size=8))] = data.draw(values)
        if not paths(doc):
            break
    return doc


def dump(doc: object) -> str:
    try:
        return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    except (ValueError, OverflowError):                 # a float YAML cannot write: write it as text
        return yaml.safe_dump(repr(doc), allow_unicode=True)


def test_the_unmutated_deck_builds(tmp_path):
    """The fuzzing starts from a deck that builds (else it would only ever test errors)."""
    (tmp_path / "deck.yaml").write_text(dump(DECK), encoding="utf-8")
    (tmp_path / "face.yaml").write_text(dump(FACE), encoding="utf-8")
    (tmp_path / "back.yaml").write_text(dump(BACK), encoding="utf-8")
    assert main(["build", str(tmp_path / "deck.yaml"), "--only", "pdf", "--out", str(tmp_path / "out"), "-q"]) == 0


FUZZ = dict(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
WHICH = st.sampled_from(["deck", "face", "both"])


@settings(max_examples=EXAMPLES, **FUZZ)
@given(data=st.data(), which=WHICH)
def test_a_mutated_deck_builds_or_is_one_located_error(data, which):
    build_mutated(data, which)


@pytest.mark.slow
@settings(max_examples=max(EXAMPLES, 600), **FUZZ)
@given(data=st.data(), which=WHICH)
def test_the_long_fuzz_run(data, which):
    """The same check at 600 examples: a run a developer starts on purpose
    (python -m pytest -m slow)."""
    build_mutated(data, which)


def build_mutated(data, which) -> None:
    deck = mutate(DECK, data) if which in ("deck", "both") else DECK
    face = mutate(FACE, data) if which in ("face", "both") else FACE
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        (folder / "deck.yaml").write_text(dump(deck), encoding="utf-8")
        (folder / "face.yaml").write_text(dump(face), encoding="utf-8")
        (folder / "back.yaml").write_text(dump(BACK), encoding="utf-8")
        inputs = {p.name: p.read_bytes() for p in folder.iterdir()}
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                status = main(["build", str(folder / "deck.yaml"), "--only", "pdf", "--out",
                               str(folder / "out"), "-q"])
            except SystemExit as stop:
                status = stop.code
        lines = err.getvalue().strip().splitlines()
        assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == inputs
        if status == 0:
            assert (folder / "out" / f"{deck.get('name') if isinstance(deck, dict) else 'fuzz'}-a4.pdf").exists() \
                or list((folder / "out").glob("*.pdf"))
            return
        assert status == 2, (status, lines)
        assert lines and lines[0].startswith("printgen: error: "), lines
        # one line per root cause: independent problems of a file may each have a line,
        # but each names its file and a key of its own, and none follows from another
        keys = []
        for line in lines:
            assert "deck.yaml" in line or "face.yaml" in line, lines
            assert "got None" not in line, lines
            keys.append(re.match(r".*?\.yaml:\d+ ?([^:]*):", line).group(1))
        assert len(set(keys)) == len(keys), lines
        assert not (folder / "out").exists(), lines
