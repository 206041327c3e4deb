"""Simple expressions (printgen/lang/simple.py) render without Jinja2 exactly as the
Jinja2 sandbox renders them: the same text or the same located error, and the same
steps charged to the budget.

Checked on every expression the built-in decks' cards render (their fields, labels
and templates, with each card's own values), and on expressions drawn at random from
the subset's grammar and a little beyond it.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.errors import PrintgenError
from printgen.lang import expr, sandbox, simple
from printgen.lang.budget import _BUDGET
from printgen.layout.deck import layout_deck
from printgen.spec import load_deck

DECKS = ("coruscant-shift", "kerton-42", "sabacc-62", "sabacc-76", "solomons-temple-black",
         "solomons-temple-white", "standard-54")


def rendered(render: Any, text: str, context: dict[str, Any]) -> tuple[str, str, int]:
    """What a renderer makes of text: ("ok", the text, the steps) or ("error", the
    message, the steps)."""
    try:
        return "ok", render(text, context, "where"), _BUDGET.steps
    except PrintgenError as error:
        return "error", str(error), _BUDGET.steps


def same_as_sandbox(text: str, context: dict[str, Any]) -> None:
    assert rendered(expr.render, text, context) == rendered(sandbox.render, text, context), text


@pytest.fixture(scope="module")
def built_in_renders() -> list[tuple[str, dict[str, Any]]]:
    """Every (template, context) the built-in decks' layout renders."""
    seen: list[tuple[str, dict[str, Any]]] = []
    original = expr.render

    def recording(text: str, context: dict[str, Any], where: Any) -> str:
        seen.append((text, context))
        return original(text, context, where)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("printgen.layout.face.render", recording)
        patch.setattr("printgen.lang.expr.render", recording)
        for name in DECKS:
            layout_deck(load_deck(name))
    return seen


def test_built_in_decks_render_alike(built_in_renders):
    assert len(built_in_renders) > 3000
    for text, context in built_in_renders:
        same_as_sandbox(text, context)


def test_most_built_in_expressions_need_no_jinja(built_in_renders):
    texts = {text for text, _ in built_in_renders}
    simple_ones = {text for text in texts if simple.compiled(text) is not None}
    assert len(simple_ones) >= 0.9 * len(texts), sorted(texts - simple_ones)


def test_a_sabacc_pdf_build_imports_no_jinja(tmp_path):
    code = ("import sys; from printgen.cli import main; "
            f"main(['build', 'sabacc-62', '--only', 'pdf', '-q', '--out', {str(tmp_path)!r}]); "
            "print('jinja2' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split()[-1] == "False"
    assert (tmp_path / "sabacc-62-a4.pdf").stat().st_size > 10_000


CONTEXT = {"card": {"value": "-3", "suit": "hearts", "kind": "number", "n": 7, "items": [1, 2, 3],
                    "get": "field", "text": "A-b c"},
           "trim": {"w": 63.5, "h": 88.9}, "n": 12, "x": 2.5, "s": "sabacc", "lst": ["a", "b", "c"],
           "none": "shadowed", "empty": "", "zero": 0}


@pytest.mark.parametrize("text", [
    "{{ card.value | replace('-', '−') }}", "{{ trim.w / 2 - 6 }}mm", "{{ card.value|int > 0 }}",
    "{{ 'red' if card.suit in ['hearts', 'diamonds'] else 'black' }}", "{{ card.suit[:-1] }}",
    "{{ (card.suit|lower)[:-1] }}", "{{ {'a': 1, 'b': 2}.get(card.suit, trim.w / 2 - 9) }}",
    "{% if card.kind == 'joker' %}J{% elif n > 3 %}{{ n }} big{% else %}small{% endif %} end",
    "{{ card.items }}", "{{ card.get }}", "{{ card.missing }}", "{{ nothing }}", "{{ card.value|int(1, 2, 3, 4) }}",
    "{{ 1 + 2 }}", "{{ 'a' }}", "{{ -1 }}", "{{ 'a' if true else n }}", "{{ '' and n }}", "{{ n and 'x' }}",
    "{{ s * 100000000 }}", "{{ 2 ** 100000000 }}", "{{ n / zero }}", "{{ n is odd }}", "{{ lst|join(',') }}",
    "{{ n if n > 3 }}", "{{ s.upper() }}{{ s.split('a') }}", "{{ s.zfill(5) }}", "{{ lst[1] }}{{ lst[-1:] }}",
    "{{ lst[::2] }}{{ lst[1:2:] }}", "{{ 1 < n < 20 < 3 }}", "{{ n not in [1, 2] }}", "{{ not n }}",
    "{{ 'a' 'b' ~ s }}", "{{ 1, 2 }}", "{{ (1, 2) }}", "{{ () }}", "{{ {'a': [1, {'b': s}]} }}", "{{ [1,] }}",
    "{{ 1.5.real }}", "{{ 07 }}", "{{ 1_000 }}", "{{ 1e3 }}", "{{ 'a\\nb' }}", "{{- s }}", "{{ s -}}", "{# c #}x",
    "{{ s }}\n", "a\r\nb{{ s }}", "{{ s }}}}", "{{ {'a': {'b': 1}}}}", "{{ s | upper | lower }}", "{{ none }}",
    "{{ None }}{{ True }}{{ false }}", "{% if n %}{% if s %}both{% endif %}{% endif %}", "{% if n %}x",
    "{% for i in lst %}{{ i }}{% endfor %}", "{{ card.text|replace('-', '', 1) }}", "{{ n // 5 }}{{ n % 5 }}",
    "{{ +n }}{{ -x }}", "{{ x ** 2 }}", "{{ n|signed }}", "{{ card.value|signed }}", "{{ s[n] }}",
    "{{ card['suit'] }}", "{{ lst['a'] }}", "{{ range(3)|list }}", "{{ n | int | string }}", "{% set a = 1 %}{{ a }}",
])
def test_each_form_renders_as_the_sandbox_does(text):
    same_as_sandbox(text, CONTEXT)


def test_the_subset_is_not_empty():
    """The forms above that the subset takes are more than a few (else the comparison
    above would prove nothing)."""
    assert simple.compiled("{{ card.value | replace('-', '−') }}") is not None
    assert simple.compiled("{% if n %}a{% elif s %}b{% else %}c{% endif %}") is not None
    assert simple.compiled("{{ n is odd }}") is None
    assert simple.compiled("{{ 'a' }}") is None                # Jinja2 computes it while compiling


NAMES = ["n", "x", "s", "lst", "card.value", "card.suit", "card.n", "trim.w", "empty", "zero", "missing",
         "card.items", "card.get"]
LITERALS = ["0", "1", "3", "2.5", "'a'", "'hearts'", "''", "true", "True", "False", "None", "none", "[1, 'a']", "{'a': 1}"]
BINARY = ["+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", ">=", "in", "not in", "and", "or"]
FILTERS = ["|int", "|lower", "|upper", "|replace('a', 'bb')", "|signed", "|length", "|int(5)"]


def expressions() -> st.SearchStrategy[str]:
    leaf = st.sampled_from(NAMES + LITERALS)
    return st.recursive(leaf, lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(BINARY), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, st.sampled_from(FILTERS)).map("".join),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        inner.map(lambda e: f"(not {e})"), inner.map(lambda e: f"-{e}"),
        st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
        st.tuples(inner, inner).map(lambda t: f"{t[0]}[:{t[1]}]"),
        st.tuples(inner, inner).map(lambda t: f"[{t[0]}, {t[1]}]"),
    ), max_leaves=6)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(expressions().map(lambda e: "{{ " + e + " }}"), st.sampled_from(["mm", " ", "a"])),
                min_size=1, max_size=4))
def test_random_expressions_render_as_the_sandbox_does(parts):
    same_as_sandbox("".join(parts), CONTEXT)


@settings(max_examples=100, deadline=None)
@given(expressions(), expressions())
def test_random_blocks_render_as_the_sandbox_does(test, value):
    same_as_sandbox(f"{{% if {test} %}}{{{{ {value} }}}}{{% else %}}no{{% endif %}}", CONTEXT)


KEPT_TEXTS = ["{{ card.value }}", "{{ card.value|int > 0 }}", "{{ card.value ~ card.suit }}",
              "{{ 'hi' if card.value else 'lo' }}{{ trim.w / 2 }}", "{{ card.value * 3 }}", "{{ card.items[0] }}",
              "{{ card.suit[:2] }}{{ card['suit'] }}", "{% if card.value == 1 %}one{% else %}{{ card.value }}{% endif %}"]
PLAIN_VALUES = st.one_of(st.sampled_from([0, 1, -1, 0.0, -0.0, 1.0, True, False, None, "1", "", "-0.0"]),
                         st.integers(), st.floats(allow_nan=False), st.text(max_size=4))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(PLAIN_VALUES, st.sampled_from(["hearts", "a", 2])), min_size=1, max_size=6))
def test_kept_renderings_follow_the_values_read(cards):
    """A template rendered again for the same values gives its kept text and steps;
    values that are equal but print apart (1, 1.0, True; 0.0, -0.0) are kept apart:
    each card renders as the sandbox renders it, first and again."""
    for value, suit in [*cards, *cards]:
        context = {**CONTEXT, "card": {**CONTEXT["card"], "value": value, "suit": suit}}
        for text in KEPT_TEXTS:
            same_as_sandbox(text, context)
