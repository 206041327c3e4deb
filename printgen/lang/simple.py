"""Simple expressions rendered without Jinja2: most fields of a template
(`{{ card.value }}`, `{{ trim.w / 2 - 6 }}mm`, `{{ 'red' if card.suit in ['hearts',
'diamonds'] else 'black' }}`, `{% if kind == 'joker' %}...{% endif %}`) are parsed as
Jinja2 parses them, into the same tree (lang/grammar.py), and run as Python closures
on the same budget (lang/budget.py): the same steps charged, the same values made. A
deck of plain fields then neither imports nor compiles through Jinja2.

The subset: names of the context; attributes and items of mappings, lists and texts;
slices; numbers and texts written plainly; lists, tuples and mappings written out;
arithmetic, comparisons, `in`, `and`, `or`, `not` and `x if y else z`; the filters
int, lower, upper, replace and signed; a mapping's get() and a few text methods; and
`{% if %}`, `{% elif %}`, `{% else %}`, `{% endif %}` blocks. Anything else (loops,
tests, sets, whitespace control, escapes in texts, a name the context lacks, an
attribute a value does not have) is left to the Jinja2 sandbox (lang/sandbox.py),
which also renders again, and words, anything that fails here.
"""

from __future__ import annotations

import operator
import types
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from printgen.lang.budget import (
    _BUDGET,
    _bounded_filter,
    _called,
    _charge,
    _check_binop,
    _check_call,
    _made,
    _operand,
    _output,
    _signed,
    _slice,
)
from printgen.lang.grammar import Node, Unsupported, _children, parse, work

Context = dict[str, Any]
Evaluator = Callable[[Context], Any]

# -- running: closures calling what the sandbox calls

def _int(value: Any, default: int = 0, base: int = 10) -> int:
    """Jinja2's int filter."""
    try:
        if isinstance(value, str):
            return int(value, base)
        return int(value)
    except (TypeError, ValueError):
        try:
            return int(float(value))
        except (TypeError, ValueError, OverflowError):
            return default


def _text(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


def _replace(value: Any, old: Any, new: Any, count: Any = None) -> str:
    """Jinja2's replace filter (without autoescaping)."""
    return str(value).replace(str(old), str(new), -1 if count is None else count)


_FILTERS: dict[str, Callable[..., Any]] = {
    name: _bounded_filter(name, function) for name, function in (
        ("int", _int), ("lower", lambda value: _text(value).lower()),
        ("upper", lambda value: _text(value).upper()), ("replace", _replace), ("signed", _signed))}
# methods a value's attribute may name (read-only ones, which the sandbox allows)
_METHODS: dict[type, frozenset[str]] = {dict: frozenset(("get",)),
            str: frozenset(("upper", "lower", "strip", "lstrip", "rstrip", "startswith", "endswith",
                            "replace", "split", "title", "capitalize"))}
_DICT_NAMES = frozenset(dir(dict))
_BINOPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
           "//": operator.floordiv, "%": operator.mod, "**": operator.pow}
_COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "lteq": operator.le, "gt": operator.gt,
    "gteq": operator.ge, "in": lambda a, b: a in b, "notin": lambda a, b: a not in b}
_UNARY: dict[str, Callable[[Any], Any]] = {"Not": operator.not_, "Neg": operator.neg, "Pos": operator.pos}
_LITERAL = "a list or mapping written in the expression"


_NO_METHODS: frozenset[str] = frozenset()


def _getattr(value: Any, name: str) -> Any:
    kind = type(value)
    if kind is dict and name not in _DICT_NAMES:     # a key (no method has its name)
        return value[name]
    if name in _METHODS.get(kind, _NO_METHODS):
        return getattr(value, name)
    raise Unsupported


def _getitem(value: Any, key: Any) -> Any:
    if type(value) not in (dict, list, tuple, str):
        raise Unsupported
    return value[key]


def _call(function: Any, args: tuple[Any, ...]) -> Any:
    owner = getattr(function, "__self__", None)
    if not isinstance(function, types.BuiltinMethodType) or function.__name__ not in _METHODS.get(type(owner), _NO_METHODS):
        raise Unsupported
    args = _check_call(function, args, {})
    return _made(function(*args), lambda: _called(function))


def _compile(node: Node) -> Evaluator:
    """A closure computing node's value from the context."""
    kind = node[0]
    if kind == "Const":
        value = node[1]
        return lambda context: value
    if kind == "Name":
        name = node[1]
        return lambda context: context[name]        # (a missing name: KeyError, left to Jinja2)
    if kind == "Getattr":
        inner, name = _compile(node[1]), node[2]
        return lambda context: _getattr(inner(context), name)
    if kind == "Getitem":
        inner = _compile(node[1])
        if node[2][0] == "Slice":
            start, stop, step = (None if part is None else _compile(part) for part in node[2][1:])
            return lambda context: _slice(inner(context), *(None if part is None else part(context)
                                                            for part in (start, stop, step)))
        key = _compile(node[2])
        return lambda context: _getitem(inner(context), key(context))
    if kind == "Filter":
        return _compile_filter(node)
    if kind == "Call":
        function, args = _compile(node[1]), [_compile(arg) for arg in node[2]]
        return lambda context: _call(function(context), tuple(arg(context) for arg in args))
    if kind == "Compare":
        return _compile_compare(node)
    if kind == "CondExpr":
        test, yes, no = _compile(node[1]), _compile(node[2]), _compile(node[3])
        return lambda context: yes(context) if test(context) else no(context)
    if kind in ("And", "Or"):
        left, right = _compile(node[1]), _compile(node[2])
        if kind == "And":
            return lambda context: left(context) and right(context)
        return lambda context: left(context) or right(context)
    if kind in ("Not", "Neg", "Pos"):
        inner = _compile(node[1])
        unary = _UNARY[kind]
        return lambda context: unary(inner(context))
    if kind == "BinExpr":
        return _compile_binop(node)
    if kind in ("List", "Dict"):
        return _compile_literal(node)
    raise Unsupported


def _compile_filter(node: Node) -> Evaluator:
    function = _FILTERS.get(node[2])
    if function is None:
        raise Unsupported
    inner, args = _compile(node[1]), [_compile(arg) for arg in node[3]]
    return lambda context: function(inner(context), *(arg(context) for arg in args))


def _compile_compare(node: Node) -> Evaluator:
    """A chain of comparisons, as Python runs `a < b < c`: each operand charged its size
    as it is read, and the chain stopping at the first false comparison."""
    first = _compile(node[1])
    ops = [(_COMPARISONS[op], _compile(expr)) for op, expr in node[2]]

    def compare(context: Context) -> Any:
        left = _operand(first(context))
        result: Any = True
        for test, expr in ops:
            right = _operand(expr(context))
            result = test(left, right)
            if not result:
                return result
            left = right
        return result

    return compare


# operators whose operands _check_binop looks at before the operation (it lets the others by)
_CHECKED = frozenset(("*", "**", "+", "%"))


def _compile_binop(node: Node) -> Evaluator:
    symbol, left, right = node[1], _compile(node[2]), _compile(node[3])
    function = _BINOPS[symbol]
    checked = symbol in _CHECKED

    def binop(context: Context) -> Any:
        a, b = left(context), right(context)
        if checked:
            _check_binop(symbol, a, b)
        value = function(a, b)
        if type(value) is float:        # (_made would charge it 0 steps, which the render's
            return value                # first charge already proved it can pay)
        return _made(value, "an operation")

    return binop


def _compile_literal(node: Node) -> Evaluator:
    if node[0] == "List":
        items = [_compile(item) for item in node[1]]
        return lambda context: _made([item(context) for item in items], _LITERAL)
    pairs = [(_compile(pair[1]), _compile(pair[2])) for pair in node[1]]
    return lambda context: _made({key(context): value(context) for key, value in pairs}, _LITERAL)


def _runtime(node: Node) -> bool:
    """Whether a value is surely made when the template runs: Jinja2 computes, once
    while compiling, an output that may be constant (which then charges nothing)."""
    kind = node[0]
    if kind in ("Name", "BinExpr", "Call"):
        return True
    if kind in ("Getattr", "Getitem", "Filter", "Not", "Neg", "Pos", "Compare", "CondExpr", "And", "Or"):
        return _runtime(node[1])
    return False


def _compile_body(body: tuple[Node, ...] | list[Node]) -> Callable[[Context, list[str]], None]:
    """A closure appending what body outputs to a list."""
    steps: list[Callable[[Context, list[str]], None]] = []
    for node in body:
        if node[0] == "Output":
            steps.append(_compile_output(node[1]))
        else:
            steps.append(_compile_if(node))

    def run(context: Context, out: list[str]) -> None:
        for step in steps:
            step(context, out)

    return run


def _compile_output(children: tuple[Node, ...]) -> Callable[[Context, list[str]], None]:
    parts: list[str | Evaluator] = []
    for child in children:
        if child[0] == "TemplateData":
            parts.append(child[1])
        elif _runtime(child):
            parts.append(_compile(child))
        else:
            raise Unsupported

    def output(context: Context, out: list[str]) -> None:
        for part in parts:
            out.append(part if isinstance(part, str) else str(_output(part(context))))

    return output


def _compile_if(node: Node) -> Callable[[Context, list[str]], None]:
    branches = [(_compile(node[1]), _compile_body(node[2]))]
    branches += [(_compile(elif_[1]), _compile_body(elif_[2])) for elif_ in node[3]]
    otherwise = _compile_body(node[4])

    def choose(context: Context, out: list[str]) -> None:
        for test, body in branches:
            if test(context):
                body(context, out)
                return
        otherwise(context, out)

    return choose


# -- kept renderings: a template's text and steps, by the values it reads

KEPT = 256                      # renderings kept a template (a deck's cards repeat their values)
_KEYED = frozenset((str, int, float, bool, type(None)))
_READ_FAILS = (Unsupported, LookupError, TypeError, ValueError, AttributeError)


def _is_path(node: Node) -> bool:
    """Whether node reads a name of the context, with attributes and constant items of
    it (card.value, deck['lang'])."""
    kind = node[0]
    if kind == "Getattr" or (kind == "Getitem" and node[2][0] == "Const"):
        return _is_path(node[1])
    return kind == "Name"


def _paths(nodes: list[Node] | tuple[Node, ...], found: list[Node]) -> list[Node]:
    """Every path (_is_path) through which nodes read the context, each once."""
    for node in nodes:
        if _is_path(node):
            if node not in found:
                found.append(node)
        else:
            _paths(_children(node), found)
    return found


def _key(paths: list[Evaluator], context: Context) -> tuple[Any, ...] | None:
    """The values the paths read, with their kinds (1, 1.0 and True are equal keys
    but print apart; a float by its repr, which tells -0.0 from 0.0); None where one
    cannot be read or is not a plain value (then the template is rendered as written)."""
    key: list[Any] = []
    for path in paths:
        try:
            value = path(context)
        except _READ_FAILS:
            return None
        kind = type(value)
        if kind not in _KEYED:
            return None
        key += (kind, repr(value) if kind is float else value)
    return tuple(key)


@lru_cache(maxsize=4096)
def compiled(text: str) -> Callable[[Context], str] | None:
    """text as a function of the context, where it is in the subset (else None). The
    function raises on anything the subset does not render (the caller then asks the
    sandbox), and charges the budget as the sandbox would.

    What it makes is a function of the plain values it reads (the subset has no other
    input), so the last KEPT renderings are kept by those values, with the steps they
    took: rendering the same values again charges those steps and gives the kept text
    (a deck's `when: "{{ card.kind == 'sylop' }}"` is read once a kind, not once a card)."""
    try:
        body = parse(text)
        steps = work(body)
        run = _compile_body(body)
        paths = [_compile(path) for path in _paths(body, [])]
    except (Unsupported, RecursionError):
        return None
    kept: dict[tuple[Any, ...], tuple[str, int]] = {}

    def render(context: Context) -> str:
        key = _key(paths, context)
        if key is not None:
            found = kept.get(key)
            if found is not None:
                _charge(found[1])
                return found[0]
        before = _BUDGET.steps
        _charge(steps)
        out: list[str] = []
        run(context, out)
        made = "".join(out)
        if key is not None and len(kept) < KEPT:
            kept[key] = (made, _BUDGET.steps - before)
        return made

    return render
