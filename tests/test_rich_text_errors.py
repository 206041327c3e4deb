"""Rich card text (`markup: true`): a `**` or `*` without its closing mark is an error
naming the card and the field, not a star set in the text; marked-up text shrinks
to fit from a large size as plain text does; and an error of a text that cannot be set
keeps its place and field as data."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from printgen.errors import FieldWhere, FitError, GlyphError, SpecError, TextOverflow
from printgen.layout.cardtext import parse_markup, set_rich
from printgen.layout.primitives import TextRun
from printgen.layout.richtext import LetterTooWide
from printgen.layout.text import TextStyle, set_text
from printgen.model.text import Span

WHERE = "face.yaml:3 elements[1].text (card 2 'Gold') field 'text'"


@pytest.mark.parametrize("text,mark,shown", [
    ("Draw **two cards", "**", "Draw **two cards"),
    ("Draw *one card", "*", "Draw *one card"),
    ("**bold** and **more", "**", "**bold** and **more"),
    ("*a* then *b", "*", "*a* then *b"),
    ("**bold *italic**", "*", "**bold *italic**"),
    ("a ** b", "**", "a ** b"),
    ("***x***", "*", "***x***"),
    ("5 * 3", "*", "5 * 3"),
    ("**", "**", "**"),
    ("*", "*", "*"),
    ("a" * 60 + " **b", "**", "..." + "a" * 19 + " **b"),
])
def test_an_unclosed_mark_is_a_located_error(text, mark, shown):
    with pytest.raises(SpecError) as caught:
        parse_markup(text, WHERE)
    assert str(caught.value) == f"{WHERE}: unbalanced {mark} in {shown!r}; expected a closing {mark}"


def test_marks_closed_on_another_line_are_unbalanced():
    with pytest.raises(SpecError, match=r"unbalanced \*\* in 'Pay \*\*two'"):
        set_rich("Pay **two\ncoins**", 100, 100, TextStyle(size=10), WHERE, lambda *a: [])


@pytest.mark.parametrize("text,spans", [
    ("plain", [Span("plain")]),
    ("**b** *i* **b *bi* b**", [Span("b", bold=True), Span(" "), Span("i", italic=True), Span(" "),
                                Span("b ", bold=True), Span("bi", bold=True, italic=True), Span(" b", bold=True)]),
    ("a:coin:b: c", [Span("a"), Span("", icon="coin"), Span("b: c")]),
    ("ratio 3:4, no stars", [Span("ratio 3:4, no stars")]),
])
def test_balanced_markup_still_parses(text, spans):
    assert parse_markup(text, WHERE) == spans


def _sizes(made: list) -> set[float]:
    return {p.size for p in made if isinstance(p, TextRun)}


def test_marked_up_text_shrinks_from_a_large_size_as_plain_text_does():
    words = " ".join(["Draw", "two", "cards", "then", "discard", "one", "of", "them"] * 12)
    style = TextStyle(size=500, min_size=2.0)
    plain = set_text(words, 0, 0, 150, 120, style, WHERE)
    rich = set_rich(words, 150, 120, style, WHERE, lambda *a: [])
    assert _sizes(plain) == _sizes(rich) and len(_sizes(plain)) == 1 and 2 <= min(_sizes(plain)) < 500
    assert [(r.x, r.y, r.text) for r in plain] == [(r.x, r.y, r.text) for r in rich if isinstance(r, TextRun)]


def test_a_word_wider_than_the_box_at_the_start_size_shrinks_instead_of_failing():
    style = TextStyle(size=400, min_size=4.0)
    made = set_rich("Take **Supercalifragilistic** now", 120, 120, style, WHERE, lambda *a: [])
    assert _sizes(made) and max(_sizes(made)) < 400
    with pytest.raises(FitError, match="wider than the"):        # not even at min_size
        set_rich("W", 1, 100, TextStyle(size=40, min_size=20.0), WHERE, lambda *a: [])


LONG = " ".join(["Draw", "two", "cards", "then", "discard", "one"] * 20)


@pytest.mark.parametrize("setter, text, kind", [
    (lambda text, where: set_text(text, 0, 0, 60, 20, TextStyle(size=10, min_size=8), where), LONG, TextOverflow),
    (lambda text, where: set_rich(text, 60, 20, TextStyle(size=10, min_size=8), where, lambda *a: []), LONG,
     TextOverflow),
    (lambda text, where: set_rich(text, 1, 100, TextStyle(size=40, min_size=20), where, lambda *a: []), "W",
     LetterTooWide),
    (lambda text, where: set_text(text, 0, 0, 60, 20, TextStyle(), where), "\u0e01", GlyphError),
])
def test_a_fit_error_keeps_its_place_and_field_as_data_across_processes(setter, text, kind):
    """Raised at a template text's field (a FieldWhere), a FitError keeps where it is,
    what is wrong there and the field's name, as data that survives being pickled (a
    worker process's error reaches the build so); its message is where, then detail."""
    where = FieldWhere(WHERE, "text")
    with pytest.raises(kind) as caught:
        setter(text, where)
    error = caught.value
    assert (error.where, error.field) == (WHERE, "text") and str(error).startswith(f"{WHERE}: {error.detail}")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is kind and str(again) == str(error)
    assert (again.where, again.detail, again.field) == (error.where, error.detail, error.field)
    assert pickle.loads(pickle.dumps(where)).field == "text"
    with pytest.raises(kind) as plain:                  # a plain place: the same message, no field
        setter(text, WHERE)
    assert str(plain.value) == str(error) and plain.value.field is None


DECK = "name: t\nsize: poker\nface: face.yaml\nback: back.yaml\nlabel: '{{ name }}'\ncards:\n"


@pytest.mark.parametrize("text,mark", [("Pay **two coins", "**"), ("Pay *one coin", "*")])
def test_a_build_with_unbalanced_markup_stops_with_one_line(tmp_path: Path, text, mark):
    (tmp_path / "face.yaml").write_text(
        "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
        "  - {kind: text, markup: true, text: '{{ card.text }}', x: 4mm, y: 4mm, w: 50mm, h: 30mm}\n",
        encoding="utf-8")
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#000000'}\n",
                                        encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(DECK + "  - fields: {name: Silver, text: 'Fine **here**'}\n"
                                        f"  - fields: {{name: Gold, text: '{text}'}}\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "printgen", "build", str(tmp_path / "deck.yaml"),
                             "--only", "pdf", "--out", str(tmp_path / "out")],
                            capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 2, result.stderr[-500:]
    assert "Traceback" not in result.stderr
    line, = result.stderr.strip().splitlines()
    assert "deck.yaml:8 cards[1].fields.text" in line and "face.yaml:3" in line and "Gold" in line, line
    assert f"unbalanced {mark} in {text!r}; expected a closing {mark}" in line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("setter", [
    lambda text: set_text(text, 0, 0, 60, 20, TextStyle(size=10, min_size=8), WHERE),
    lambda text: set_rich(text, 60, 20, TextStyle(size=10, min_size=8), WHERE, lambda *a: []),
])
def test_a_text_too_long_for_its_box_is_quoted_short_with_its_length(setter):
    """The overflow message quotes a long text's start and says how long it is (a
    user pasting a paragraph into a one-line box sees what and how much)."""
    with pytest.raises(TextOverflow) as caught:
        setter(LONG)
    assert f"{LONG[:60]!r}... ({len(LONG):,} characters)" in str(caught.value)
