"""The budget every expression is rendered on (data/limits.yaml), so that no
expression can run for minutes or fill memory, whatever it is written with; shared
by the Jinja2 sandbox (lang/sandbox.py) and the simple expressions rendered without
it (lang/simple.py), which charge the same steps for the same work.

What an operation makes (a text or list repeated, added, joined, padded, formatted or
sliced; a number) is measured before it is made where it can be, and once made where
not: more than `template_result` characters or items, or a number of more than
`template_int_bits` bits, is refused. A step counter adds up the work: each item of a
loop costs the steps of one pass through the loop's body (a step a node, and one a
character of its text), a call, filter, comparison or output the size of what it
reads or makes. One rendering may take `template_steps` steps, and all those of one
card side together `template_side_steps`. Going over either is a located error:
"expression ... does too much work (...); expected a simpler expression".
"""

from __future__ import annotations

import re
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any

from printgen.limits import limit


def _signed(value: Any) -> str:
    """Format a number with its sign: 3 -> "+3", -3 -> "-3", 0 -> "0"."""
    number = int(str(value))
    return f"+{number}" if number > 0 else str(number)


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


def _begin() -> _Budget:
    """Start one rendering's budget: MAX_STEPS, or what is left of its card side's."""
    budget = _BUDGET
    budget.steps = 0
    budget.limit = MAX_STEPS if budget.side is None else min(MAX_STEPS, MAX_SIDE_STEPS - budget.side)
    return budget


def _end(budget: _Budget) -> None:
    """End the rendering _begin started: its steps count against its card side's."""
    budget.limit = _UNLIMITED
    if budget.side is not None:
        budget.side += budget.steps


@contextmanager
def _budgeted() -> Iterator[None]:
    """One rendering's budget (_begin, _end)."""
    budget = _begin()
    try:
        yield
    finally:
        _end(budget)


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
    if type(value) is str:                  # (most values: a quick way first)
        return len(value)
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
    if type(value) is str:
        return len(value)
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



def _output(value: Any) -> Any:
    """Each {{ output }}, charged its size (up to MAX_RESULT: only a value read from the
    data, such as a long card text, can be larger, and is then judged where it is set)."""
    _charge(min(_size(value), MAX_RESULT))
    return value

