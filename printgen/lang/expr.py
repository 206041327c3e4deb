"""Jinja2 expressions in data files, rendered in a sandbox with StrictUndefined.

Only strings that contain "{{" or "{%" are templates; everything else is taken as
it stands. Compiled templates are cached in memory, so a deck of many cards compiles
each expression once. Nothing is cached on disk: printgen writes only into its output
folder, and compiled bytecode read back from any folder a deck could share would run
outside the sandbox.

Every rendering runs on a budget (data/limits.yaml), so that no expression can run
for minutes or fill memory, whatever it is written with. What an operation makes (a
text or list repeated, added, joined, padded, formatted or sliced; a number) is
measured before it is made where it can be, and once made where not: more than
`template_result` characters or items, or a number of more than `template_int_bits`
bits, is refused. A step counter adds up the work: each item of a loop costs the
steps of one pass through the loop's body (a step a node, and one a character of its
text), a call, filter, comparison or output the size of what it reads or makes. One
rendering may take `template_steps` steps, and all those of one card side together
`template_side_steps`. Going over either is a located error: "expression ... does
too much work (...); expected a simpler expression".
"""

from __future__ import annotations

import re
import threading
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache, update_wrapper, wraps
from typing import Any, cast

import jinja2
from jinja2 import nodes
from jinja2.runtime import Context, LoopContext
from jinja2.sandbox import (
    ImmutableSandboxedEnvironment,
    SandboxedEscapeFormatter,
    SandboxedFormatter,
)
from jinja2.utils import generate_lorem_ipsum
from markupsafe import Markup

from printgen.errors import TemplateError
from printgen.lang.plain import is_template
from printgen.limits import limit


def _signed(value: Any) -> str:
    """Format a number with its sign: 3 -> "+3", -3 -> "-3", 0 -> "0"."""
    number = int(str(value))
    return f"+{number}" if number > 0 else str(number)


class _SourceLoader(jinja2.BaseLoader):
    """Templates named by their own source text."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        return template, None, lambda: True


MAX_STEPS = int(limit("template_steps"))              # the work one rendering may do
MAX_SIDE_STEPS = int(limit("template_side_steps"))    # the work of every rendering for one card side
MAX_RESULT = int(limit("template_result"))            # characters or items one operation may make
MAX_BITS = int(limit("template_int_bits"))            # bits of a number one operation may make
_UNLIMITED = 1 << 62                                  # the limit between renderings


class TooMuchWork(Exception):
    """An expression went over its budget; render() and evaluate() say where."""


class _Budget(threading.local):
    """This thread's rendering: the steps it took, its limit, and the steps the card
    side being laid out took before it (None outside a card side)."""

    def __init__(self) -> None:
        self.steps = 0
        self.limit = _UNLIMITED
        self.side: int | None = None


_BUDGET = _Budget()


def _charge(steps: int) -> None:
    """Count steps of work against the rendering's budget."""
    budget = _BUDGET
    budget.steps += steps
    if budget.steps > budget.limit:
        if budget.steps > MAX_STEPS:
            raise TooMuchWork(f"loops of more than {MAX_STEPS:,} steps")
        raise TooMuchWork(f"more than {MAX_SIDE_STEPS:,} steps with the card side's other expressions")


@contextmanager
def _budgeted() -> Iterator[None]:
    """One rendering's budget: MAX_STEPS, or what is left of its card side's."""
    budget = _BUDGET
    budget.steps = 0
    budget.limit = MAX_STEPS if budget.side is None else min(MAX_STEPS, MAX_SIDE_STEPS - budget.side)
    try:
        yield
    finally:
        budget.limit = _UNLIMITED
        if budget.side is not None:
            budget.side += budget.steps


@contextmanager
def card_side() -> Iterator[None]:
    """Count every rendering inside against one card side's budget (MAX_SIDE_STEPS), so
    that a group repeating an expression a thousand times cannot multiply its budget."""
    budget = _BUDGET
    outer, budget.side = budget.side, 0
    try:
        yield
    finally:
        budget.side = outer


_CONTAINERS = (list, tuple, set, frozenset, dict)
_SIZED = (str, bytes, list, tuple, set, frozenset, dict, range)


def _is_int(value: Any) -> bool:
    return isinstance(value, int)


def _length(value: Any) -> int:
    """The characters or items of a text, list, mapping or range (the digits a number
    has beyond 64 bits); 0 for anything else."""
    if isinstance(value, _SIZED):
        return _range_length(value) if isinstance(value, range) else len(value)
    if isinstance(value, int):
        return max(0, value.bit_length() - 64) // 3
    return 0


def _range_length(numbers: range) -> int:
    """len(numbers), also for more items than len() can count."""
    step = numbers.step
    return max(0, (numbers.stop - numbers.start + step - (1 if step > 0 else -1)) // step)


def _size(value: Any) -> int:
    """The characters and items of value with those of the lists and mappings in it,
    counted until they pass MAX_RESULT."""
    if not isinstance(value, _CONTAINERS):
        return _length(value)
    total, stack = 0, [value]
    while stack and total <= MAX_RESULT:
        item = stack.pop()
        total += _length(item)
        if isinstance(item, dict):
            stack += item.keys()
            stack += item.values()
        elif isinstance(item, _CONTAINERS):
            stack += item
    return total


def _depth(value: Any) -> int:
    """How deep lists and mappings nest in value (looking at up to MAX_RESULT of them)."""
    deepest, stack, seen = 0, [(value, 1)], 0
    while stack and seen <= MAX_RESULT:
        item, level = stack.pop()
        seen += 1
        if isinstance(item, _CONTAINERS):
            deepest = max(deepest, level)
            stack += ((inner, level + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest


def _show(value: Any) -> str:
    """A short description of an operand, for a message."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 20 else f"a text of {len(value):,} characters"
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if value.bit_length() <= 64 else f"a {value.bit_length():,}-bit number"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value):,} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, (bool, float)) or value is None:
        return repr(value)
    return f"a {type(value).__name__}"


def _too_big(what: str, count: int) -> TooMuchWork:
    return TooMuchWork(f"{what} would make {count:,} characters or items, more than {MAX_RESULT}")


def _too_large(what: str) -> TooMuchWork:
    return TooMuchWork(f"{what} is too large a number (more than {MAX_BITS:,} bits)")


def _made(value: Any, what: str | Callable[[], str]) -> Any:
    """value, once its size is checked and charged: what made it is refused if it made
    a number of more than MAX_BITS bits or more than MAX_RESULT characters or items."""
    if isinstance(value, int):
        if value.bit_length() > MAX_BITS:
            raise _too_large(what() if callable(what) else what)
        return value
    size = _size(value)
    if size > MAX_RESULT:
        raise TooMuchWork(f"{what() if callable(what) else what} makes more than {MAX_RESULT} "
                          f"characters or items")
    _charge(size)
    return value


class _Counted:
    """What a template loops over (or a filter hands out item by item): each item
    charges `cost` steps, the work of one pass through the loop's body."""

    __slots__ = ("cost", "items")

    def __init__(self, items: Any, cost: int) -> None:
        self.items, self.cost = items, cost

    def __iter__(self) -> Iterator[Any]:
        cost = self.cost
        for item in self.items:
            _charge(cost)
            yield item

    def __len__(self) -> int:                # loop.length without reading the items twice
        return len(self.items)


# -- operators

def _check_binop(operator: str, left: Any, right: Any) -> None:
    """Refuse, before it is made, a result the budget would refuse once made."""
    if operator == "*":
        if _is_int(left) and _is_int(right):
            if left.bit_length() + right.bit_length() > MAX_BITS + 1:
                raise _too_large(f"{_show(left)} * {_show(right)}")
            return
        for items, times in ((left, right), (right, left)):
            if isinstance(items, (str, bytes, list, tuple)) and _is_int(times) and times > 0 \
                    and _size(items) * times > MAX_RESULT:
                raise _too_big(f"{_show(left)} * {_show(right)}", _size(items) * times)
    elif operator == "**":
        if _is_int(left) and _is_int(right) and right > 0 and abs(left) > 1 \
                and (abs(left).bit_length() - 1) * right >= MAX_BITS:
            raise _too_large(f"{_show(left)} ** {_show(right)}")
    elif operator == "+":
        if isinstance(left, (str, bytes, list, tuple)) and isinstance(right, (str, bytes, list, tuple)) \
                and _size(left) + _size(right) > MAX_RESULT:
            raise _too_big(f"{_show(left)} + {_show(right)}", _size(left) + _size(right))
    elif operator == "%" and isinstance(left, str):
        _check_percent(left, right)


def _check_width(width: Any, what: str) -> None:
    if _is_int(width) and width > MAX_RESULT:
        raise _too_big(what, width)


def _check_percent(form: str, values: Any) -> None:
    """Refuse a %-format (`'%5d' % x`, the format filter) that would make more than
    MAX_RESULT characters, before it is made: each conversion is made on its own,
    after its width and precision are checked. (A format Python would refuse is left
    to Python to refuse.)"""
    positional = values if isinstance(values, tuple) else (values,)
    made, at, used, end = 0, 0, 0, len(form)
    while (start := form.find("%", at)) >= 0:
        made += start - at
        i, key = start + 1, None
        if i < end and form[i] == "(":                  # %(name)s: parentheses may nest
            depth, j = 1, i + 1
            while j < end and depth:
                depth += {"(": 1, ")": -1}.get(form[j], 0)
                j += 1
            if depth:
                return
            key, i = form[i + 1:j - 1], j
        flags = i
        while i < end and form[i] in "-+ #0":
            i += 1
        flags_text = form[flags:i]
        numbers: list[Any] = []
        for lead in ("", "."):
            if lead and (i >= end or form[i] != "."):
                numbers.append(None)
                continue
            i += len(lead)
            if i < end and form[i] == "*":
                if used >= len(positional):
                    return
                numbers.append(positional[used])
                used, i = used + 1, i + 1
                continue
            digits = i
            while i < end and form[i].isdigit():
                i += 1
            if i - digits > 9:
                raise _too_big(f"the format {form[start:i][:20]!r}...", MAX_RESULT + 1)
            numbers.append(int(form[digits:i]) if i > digits else (0 if lead else None))
        for number in numbers:
            if _is_int(number) and abs(number) > MAX_RESULT:
                raise _too_big(f"the format {form[start:i + 1]!r}", abs(number))
        if i < end and form[i] in "hlL":
            i += 1
        if i >= end:
            return
        kind, at = form[i], i + 1
        if kind == "%":
            made += 1
            continue
        if key is not None:
            value = values[key]
        elif used < len(positional):
            value, used = positional[used], used + 1
        else:
            return
        width, precision = numbers
        spec = f"%{flags_text}{'' if width is None else width}{'' if precision is None else f'.{precision}'}{kind}"
        made += len(spec % (value,))
        if made > MAX_RESULT:
            raise _too_big(f"the format {form[:20]!r}", made)
    if made + end - at > MAX_RESULT:
        raise _too_big(f"the format {form[:20]!r}", made + end - at)


_SPEC_NUMBER = re.compile(r"\d+")


def _check_spec(spec: str) -> None:
    """Refuse a str.format width or precision ('{:>999999999}') past MAX_RESULT."""
    for digits in _SPEC_NUMBER.findall(spec):
        if len(digits) > 9 or int(digits) > MAX_RESULT:
            raise _too_big(f"the format spec {spec[:20]!r}", MAX_RESULT + 1 if len(digits) > 9 else int(digits))


def _check_replace(text: Any, old: Any, new: Any, count: Any, what: str) -> None:
    source: Any = text
    if any(all(isinstance(v, kind) for v in (text, old, new)) for kind in (str, bytes)) and len(new) > len(old):
        times = source.count(old)
        if _is_int(count) and count >= 0:
            times = min(times, count)
        size = len(source) + times * (len(new) - len(old))
        if size > MAX_RESULT:
            raise _too_big(what, size)


def _check_joined(separator: str | bytes, items: list[Any], what: str) -> None:
    """Refuse joining items that would make more than MAX_RESULT characters (a number
    or other value counted at about the length its text would have)."""
    size = len(separator) * max(len(items) - 1, 0)
    for item in items:
        if isinstance(item, (str, bytes)):
            size += len(item)
        elif isinstance(item, int):
            size += item.bit_length() // 3 + 2
        else:
            size += 4 * _size(item) + 25
        if size > MAX_RESULT:
            raise _too_big(what, size)


# -- calls, filters and tests

_PADDING = frozenset(("center", "ljust", "rjust", "zfill"))


def _arg(args: tuple[Any, ...], kwargs: dict[str, Any], index: int, name: str, default: Any = None) -> Any:
    """A call's argument by position or name (a wrong call is left to the function to refuse)."""
    return args[index] if len(args) > index else kwargs.get(name, default)


def _check_call(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """Charge a method of a text, list or mapping the size of its object, and refuse a
    text method that would make more than MAX_RESULT characters before it runs. The
    arguments to call it with (join's items read into a list, to measure them)."""
    owner = getattr(function, "__self__", None)
    if not isinstance(function, types.BuiltinMethodType) or owner is None:
        return args
    name = function.__name__
    _charge(_length(owner))
    if isinstance(owner, (str, bytes)):
        what = f"{name}()"
        if name in _PADDING:
            _check_width(_arg(args, kwargs, 0, "width"), what)
        elif name == "expandtabs":
            size = _arg(args, kwargs, 0, "tabsize", 8)
            if _is_int(size) and size > 0:
                tab: Any = "\t" if isinstance(owner, str) else b"\t"
                _check_width(len(owner) + owner.count(tab) * size, what)
        elif name == "replace":
            _check_replace(owner, _arg(args, kwargs, 0, "old"), _arg(args, kwargs, 1, "new"),
                           _arg(args, kwargs, 2, "count", -1), what)
        elif name == "join" and args:
            items = list(args[0])
            _check_joined(owner, items, what)
            return (items, *args[1:])
        elif name == "translate" and isinstance(owner, str) and args and isinstance(args[0], dict):
            size = 0
            for ch in owner:
                mapped = args[0].get(ord(ch), ch)
                size += len(mapped) if isinstance(mapped, str) else mapped is not None
                if size > MAX_RESULT:
                    raise _too_big(what, size)
    elif _is_int(owner) and name == "to_bytes":
        _check_width(_arg(args, kwargs, 0, "length", 1), "to_bytes()")
    return args


def _called(function: Any) -> str:
    name = getattr(function, "__name__", None)
    return f"{name}()" if isinstance(name, str) else "a call"


def _check_center(value: Any, *args: Any, **kwargs: Any) -> Any:
    _check_width(_arg(args, kwargs, 0, "width", 80), "the center filter")
    return value


def _check_indent(value: Any, *args: Any, **kwargs: Any) -> Any:
    width = _arg(args, kwargs, 0, "width", 4)
    _check_width(width, "the indent filter")
    pad = len(width) if isinstance(width, str) else width if _is_int(width) else 0
    if isinstance(value, str) and pad > 0:
        _check_width(len(value) + (value.count("\n") + 1) * pad, "the indent filter")
    return value


def _check_wordwrap(value: Any, *args: Any, **kwargs: Any) -> Any:
    width = _arg(args, kwargs, 0, "width", 79)
    joint = _arg(args, kwargs, 2, "wrapstring") or "\n"
    if isinstance(value, str) and _is_int(width) and width > 0 and isinstance(joint, str):
        words = value.split()
        lines = value.count("\n") + 1 + sum(len(word) // width + 1 for word in words)
        _check_width(len(value) + lines * len(joint), "the wordwrap filter")
        _charge(sum(len(word) * len(word) // width for word in words if len(word) > width))
    return value


def _check_format(value: Any, *args: Any, **kwargs: Any) -> Any:
    if isinstance(value, str):
        _check_percent(value, kwargs or args)
    return value


def _check_slice(value: Any, *args: Any, **kwargs: Any) -> Any:
    _check_width(_arg(args, kwargs, 0, "slices"), "the slice filter")
    return value


def _check_batch(value: Any, *args: Any, **kwargs: Any) -> Any:
    _check_width(_arg(args, kwargs, 0, "linecount"), "the batch filter")
    return value


def _check_join(value: Any, *args: Any, **kwargs: Any) -> Any:
    items = list(value)
    separator = _arg(args, kwargs, 0, "d", "")
    if _arg(args, kwargs, 1, "attribute") is None and isinstance(separator, str):
        _check_joined(separator, items, "the join filter")
    return items


def _check_replace_filter(value: Any, *args: Any, **kwargs: Any) -> Any:
    count = _arg(args, kwargs, 2, "count")
    _check_replace(value, _arg(args, kwargs, 0, "old"), _arg(args, kwargs, 1, "new"),
                   -1 if count is None else count, "the replace filter")
    return value


def _check_int(value: Any, *args: Any, **kwargs: Any) -> Any:
    if isinstance(value, (str, bytes)) and len(value) > MAX_BITS:
        raise _too_large(f"the int filter of a text of {len(value):,} characters")
    return value


def _check_tojson(value: Any, *args: Any, **kwargs: Any) -> Any:
    indent = _arg(args, kwargs, 0, "indent")
    step = len(indent) if isinstance(indent, str) else indent if _is_int(indent) and indent > 0 else 0
    if step:
        _check_width((_size(value) + 2) * (1 + step * _depth(value)), "the tojson filter")
    return value


def _check_sum(value: Any, *args: Any, **kwargs: Any) -> Any:
    start = _arg(args, kwargs, 1, "start", 0)
    if isinstance(start, (str, bytes, list, tuple)):       # each addition copies the sum so far
        items = list(value)
        _charge(len(items) * (_size(start) + sum(_size(item) for item in items)))
        return items
    return value


_CHECKS: dict[str, Callable[..., Any]] = {
    "center": _check_center, "indent": _check_indent, "wordwrap": _check_wordwrap,
    "format": _check_format, "slice": _check_slice, "batch": _check_batch, "join": _check_join,
    "replace": _check_replace_filter, "int": _check_int, "tojson": _check_tojson, "sum": _check_sum,
}
# steps an item of its value costs a filter that sorts or looks up attributes (measured:
# a step is about a microsecond); the filters that hand out items one by one charge them
# as they are read
_ITEM_STEPS = {"groupby": 30, "sort": 4, "dictsort": 4, "unique": 4, "min": 4, "max": 4, "sum": 4}
_LAZY_ITEM_STEPS = {"map": 8, "select": 8, "reject": 8, "selectattr": 8, "rejectattr": 8}


def _bounded_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter charged the size of the value it reads and of what it makes, refused
    before it runs where its arguments ask for too much (_CHECKS); one that hands out
    items one by one (map, select, batch, slice) charges each item."""
    check = _CHECKS.get(name)
    first = 1 if hasattr(function, "jinja_pass_arg") else 0      # the context it is passed
    what = f"the {name} filter"
    item_steps, lazy_item_steps = _ITEM_STEPS.get(name, 1), _LAZY_ITEM_STEPS.get(name, 1)

    @wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        if len(args) > first:
            if check is not None:
                args = (*args[:first], check(*args[first:], **kwargs), *args[first + 1:])
            _charge(item_steps * _length(args[first]))
        result = function(*args, **kwargs)
        if isinstance(result, Iterator):
            return _Counted(result, lazy_item_steps)
        return _made(result, what)

    return bounded


def _bounded_test(function: Callable[..., Any]) -> Callable[..., Any]:
    """A test (`x is in y`) charged the size of what it reads."""

    @wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _charge(1 + sum(map(_length, args)))
        return function(*args, **kwargs)

    return bounded


def _range(*args: int) -> range:
    """range(), of at most MAX_RESULT numbers."""
    numbers = range(*args)
    count = _range_length(numbers)
    if count > MAX_RESULT:
        raise _too_big(f"range({', '.join(map(_show, args))})", count)
    return numbers


def _lipsum(*args: Any, **kwargs: Any) -> Any:
    """Jinja2's lipsum(n, html, min, max), refused where its n paragraphs of up to max
    words (of at most 15 characters with their space) could make more than MAX_RESULT
    characters."""
    paragraphs, words = _arg(args, kwargs, 0, "n", 5), _arg(args, kwargs, 3, "max", 100)
    if _is_int(paragraphs) and _is_int(words) and paragraphs > 0:
        _check_width(paragraphs * (max(words, 1) * 15 + 10), f"lipsum({_show(paragraphs)}, max={_show(words)})")
    return generate_lorem_ipsum(*args, **kwargs)


# -- what the template is compiled to: loops, slices, comparisons and literals charged

_LOOP, _SLICE, _OPERAND, _LITERAL, _JOINED, _STEPS = (
    "printgen:loop", "printgen:slice", "printgen:operand", "printgen:literal", "printgen:joined", "printgen:steps")


def _slice(value: Any, start: Any = None, stop: Any = None, step: Any = None) -> Any:
    """value[start:stop:step], charged the items it copies."""
    if isinstance(value, (str, bytes, list, tuple)):
        count = len(range(len(value))[start:stop:step])
        _charge(count)
    return value[start:stop:step]


def _operand(value: Any) -> Any:
    """An operand of a comparison (`in`, `==`), charged its size."""
    _charge(_length(value))
    return value


@jinja2.pass_context
def _steps(context: Any, value: Any, steps: int) -> Any:
    """Charge the steps of one pass through a macro's or template's body (passed the
    context, so that it is never run while compiling)."""
    _charge(steps)
    return value


_INTERNAL: dict[str, Callable[..., Any]] = {
    _LOOP: _Counted, _SLICE: _slice, _OPERAND: _operand, _STEPS: _steps,
    _LITERAL: lambda value: _made(value, "a list or mapping written in the expression"),
    _JOINED: lambda value: _made(value, "joining with ~"),
}


def _filter(node: nodes.Node, name: str, *args: nodes.Node) -> nodes.Filter:
    return nodes.Filter(node, name, list(args), [], None, None, lineno=node.lineno)


# the steps a node costs, where it costs more than one: the sandbox checks every
# attribute and call (measured: about ten microseconds each, and a step is about one),
# and including another template compiles it (a few hundred microseconds)
_NODE_STEPS: dict[type[nodes.Node], int] = {
    nodes.Getattr: 8, nodes.Call: 8, nodes.Getitem: 4, nodes.NSRef: 4, nodes.Filter: 2, nodes.Test: 2,
    nodes.Include: 1000, nodes.Import: 1000, nodes.FromImport: 1000, nodes.Extends: 1000}


def _work(body: list[nodes.Node]) -> int:
    """The steps of one pass through body: its nodes' (_NODE_STEPS), and a step a
    character of its text; loops and macros inside charge their own bodies."""
    total, stack = 0, list(body)
    while stack:
        node = stack.pop()
        total += _NODE_STEPS.get(type(node), 1)
        if isinstance(node, nodes.TemplateData):
            total += len(node.data)
        elif isinstance(node, nodes.Const) and isinstance(node.value, str):
            total += len(node.value)
        if isinstance(node, nodes.For):
            stack += [node.iter, *node.else_]
        elif isinstance(node, nodes.CallBlock):
            stack.append(node.call)
        elif not isinstance(node, nodes.Macro):
            stack += node.iter_child_nodes()
    return total


def _steps_node(body: list[nodes.Node], lineno: int) -> nodes.Output:
    """An output of nothing that charges the steps of one pass through body."""
    charge = _filter(nodes.Const("", lineno=lineno), _STEPS, nodes.Const(_work(body), lineno=lineno))
    return nodes.Output([charge], lineno=lineno)


def _wrapped(node: nodes.Node) -> nodes.Node:
    """node, or the internal filter that measures it."""
    if isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Slice):
        part = node.arg
        return _filter(node.node, _SLICE, *(nodes.Const(None, lineno=node.lineno) if end is None else end
                                             for end in (part.start, part.stop, part.step)))
    if (isinstance(node, nodes.Tuple) and node.ctx == "load") or isinstance(node, (nodes.List, nodes.Dict)):
        return _filter(node, _LITERAL)
    if isinstance(node, nodes.Concat):
        return _filter(node, _JOINED)
    return node


def _meter(template: nodes.Template) -> None:
    """Rewrite a parsed template to run on the budget: a loop's items each charge its
    body's steps, a macro's call and the template's rendering charge theirs, slices
    charge what they copy, comparisons the size of their operands, and the lists,
    mappings and texts the expression writes are measured."""
    stack: list[nodes.Node] = [template]
    while stack:
        node = stack.pop()
        if isinstance(node, nodes.For):
            steps = 1 + _work(node.body) + (_work([node.test]) if node.test is not None else 0)
            node.iter = _filter(node.iter, _LOOP, nodes.Const(steps, lineno=node.lineno))
        elif isinstance(node, (nodes.Macro, nodes.CallBlock, nodes.Template)):
            node.body.insert(0, _steps_node(node.body, node.lineno))
        elif isinstance(node, nodes.Compare):
            node.expr = _filter(node.expr, _OPERAND)
            for operand in node.ops:
                operand.expr = _filter(operand.expr, _OPERAND)
        measured = isinstance(node, nodes.Filter) and node.name in (_LITERAL, _JOINED)
        for field in node.fields:
            value = getattr(node, field)
            if isinstance(value, nodes.Node):
                if not (measured and field == "node"):
                    value = _wrapped(value)
                    setattr(node, field, value)
                stack.append(value)
            elif isinstance(value, list):
                value[:] = [_wrapped(item) if isinstance(item, nodes.Node) else item for item in value]
                stack += (item for item in value if isinstance(item, nodes.Node))


class _Formatter(SandboxedFormatter):
    """str.format in the sandbox, refusing a width or precision past MAX_RESULT and
    stopping once it has made MAX_RESULT characters."""

    made = 0

    def vformat(self, format_string: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
        self.made = 0
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> Any:
        _check_spec(format_spec)
        text = super().format_field(value, format_spec)
        self.made += len(text)
        if self.made > MAX_RESULT:
            raise _too_big("str.format()", self.made)
        return text


class _EscapeFormatter(_Formatter, SandboxedEscapeFormatter):
    """The same for Markup.format."""


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox on a budget (see the module's docstring): every
    operator, call, filter, test, loop, slice and output is measured, and recursion
    (a macro calling itself) ends as a located error, not a crash."""

    intercepted_binops = frozenset(["+", "-", "*", "/", "//", "%", "**"])

    def _generate(self, source: nodes.Template, name: str | None, filename: str | None,
                  defer_init: bool = False) -> str:
        _meter(source)
        source.set_environment(self)
        return super()._generate(source, name, filename, defer_init)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        _check_binop(operator, left, right)
        return _made(self.binop_table[operator](left, right), lambda: f"{_show(left)} {operator} {_show(right)}")

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(__obj, LoopContext) and args:            # loop(children) in a recursive loop
            args = (_Counted(args[0], getattr(__obj._iterable, "cost", 1)), *args[1:])
        else:
            args = _check_call(__obj, args, kwargs)
        return _made(super().call(__context, __obj, *args, **kwargs), lambda: _called(__obj))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """str.format and str.format_map with the bounded formatter (as Jinja2's own)."""
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) \
                or value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
            return None
        form: str = value.__self__
        is_map = value.__name__ == "format_map"
        formatter = _EscapeFormatter(self, escape=form.escape) if isinstance(form, Markup) else _Formatter(self)

        def bounded(*args: Any, **kwargs: Any) -> str:
            if not is_map:
                return type(form)(formatter.vformat(form, args, kwargs))
            if kwargs:
                raise TypeError("format_map() takes no keyword arguments")
            if len(args) != 1:
                raise TypeError(f"format_map() takes exactly one argument ({len(args)} given)")
            return type(form)(formatter.vformat(form, (), args[0]))

        return update_wrapper(bounded, value)


def _output(value: Any) -> Any:
    """Each {{ output }}, charged its size (up to MAX_RESULT: only a value read from the
    data, such as a long card text, can be larger, and is then judged where it is set)."""
    _charge(min(_size(value), MAX_RESULT))
    return value


def _environment() -> BoundedSandbox:
    # optimized=False: Jinja2's optimizer folds constants at compile time, which saves
    # nothing on expressions rendered a few dozen times and costs 15 % of compiling them
    env = BoundedSandbox(undefined=jinja2.StrictUndefined, autoescape=False,
                         keep_trailing_newline=False, loader=_SourceLoader(),
                         auto_reload=False, optimized=False, finalize=_output)
    env.filters["signed"] = _signed
    env.filters = {name: _bounded_filter(name, function) for name, function in env.filters.items()}
    env.filters.update(_INTERNAL)
    tests = cast(dict[str, Callable[..., Any]], env.tests)
    env.tests = {name: _bounded_test(function) for name, function in tests.items()}
    env.globals["range"] = _range
    env.globals["lipsum"] = _lipsum
    return env


ENV = _environment()


@lru_cache(maxsize=4096)
def _compile(text: str) -> jinja2.Template:
    return ENV.get_template(text)


def render(text: str, context: dict[str, Any], where: str | Callable[[], str]) -> str:
    """Render text with context; where (or where(), computed only on error) names the
    file and key path for errors."""
    if not is_template(text):
        return text
    try:
        template = _compile(text)
        with _budgeted():
            return template.render(context)
    except TooMuchWork as error:
        raise _too_much(error, text, where() if callable(where) else where) from None
    except (jinja2.TemplateError, TypeError, ValueError, ArithmeticError, RecursionError,
            MemoryError) as error:
        raise _located(error, text, where() if callable(where) else where) from None


@lru_cache(maxsize=1024)
def _compile_expression(text: str) -> Callable[..., Any]:
    return ENV.compile_expression(text, undefined_to_none=False)


def evaluate(text: str, context: dict[str, Any], where: str | Callable[[], str]) -> Any:
    """The value of one expression (written bare, `aid.stances`, or in braces,
    `{{ range(3) }}`) as a Python value: a list stays a list (and what a filter hands
    out item by item, `items|select(...)`, is read into one, on the budget)."""
    bare = text.strip()
    if bare.startswith("{{") and bare.endswith("}}"):
        bare = bare[2:-2]
    try:
        expression = _compile_expression(bare)
        with _budgeted():
            value = expression(**context)
            if isinstance(value, jinja2.Undefined):
                str(value)                              # StrictUndefined: raises, with its name
            if isinstance(value, _Counted):
                value = _made(list(value), "the expression")
        return value
    except TooMuchWork as error:
        raise _too_much(error, text, where() if callable(where) else where) from None
    except (jinja2.TemplateError, TypeError, ValueError, ArithmeticError, RecursionError,
            MemoryError) as error:
        raise _located(error, text, where() if callable(where) else where) from None


def _too_much(error: TooMuchWork, text: str, where: str) -> TemplateError:
    shown = text if len(text) <= 80 else text[:77] + "..."
    return TemplateError(f"{where}: expression {shown!r} does too much work ({error}); "
                         f"expected a simpler expression")


def _located(error: Exception, text: str, where: str) -> TemplateError:
    if isinstance(error, jinja2.TemplateSyntaxError):
        return TemplateError(f"{where}: Jinja2 syntax error in {text!r}: {error.message}")
    if isinstance(error, jinja2.UndefinedError):
        return TemplateError(f"{where}: {error.message} in {text!r}")
    if isinstance(error, jinja2.exceptions.SecurityError):
        return TemplateError(f"{where}: not allowed in a template: {error} in {text!r}")
    return TemplateError(f"{where}: cannot evaluate {text!r}: {error}")
