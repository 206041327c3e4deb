"""Jinja2 expressions in data files, rendered in a sandbox with StrictUndefined, on the
budget of lang/budget.py.

Compiled templates are cached in memory, so a deck of many cards compiles each
expression once. Nothing is cached on disk: printgen writes only into its output
folder, and compiled bytecode read back from any folder a deck could share would run
outside the sandbox. (lang/expr.py sends here what lang/simple.py does not render.)
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, update_wrapper
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

from printgen.errors import TemplateError, quoted
from printgen.lang.budget import (
    MAX_RESULT,
    TooMuchWork,
    _arg,
    _bounded_filter,
    _bounded_test,
    _budgeted,
    _called,
    _charge,
    _check_binop,
    _check_call,
    _check_spec,
    _check_width,
    _Counted,
    _is_int,
    _made,
    _operand,
    _output,
    _range,
    _show,
    _signed,
    _slice,
    _too_big,
)
from printgen.lang.plain import is_template


class _SourceLoader(jinja2.BaseLoader):
    """Templates named by their own source text."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        return template, None, lambda: True


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


FIELDS_SHOWN = 12          # the names a message lists of a mapping that lacks one asked for


class _Missing(jinja2.StrictUndefined):
    """StrictUndefined, whose message for a key a mapping lacks (`card.mottoo`) says so in
    the file's words and lists the keys it has (a card's fields), where Jinja2's says
    "'dict object' has no attribute 'mottoo'"."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        owner, name = self._undefined_obj, self._undefined_name
        if self._undefined_hint or not isinstance(owner, Mapping):
            return str(super()._undefined_message)
        names = [str(key) for key in owner]
        listed = ", ".join(quoted(key) for key in names[:FIELDS_SHOWN])
        if len(names) > FIELDS_SHOWN:
            listed += f" and {len(names) - FIELDS_SHOWN:,} more"
        if "index" in owner and "label" in owner:        # a card: its fields, index and label
            return f"the card has no field {quoted(str(name))} (its fields are {listed})"
        return f"no key {quoted(str(name))} (its keys are {listed or 'none'})"


def _environment() -> BoundedSandbox:
    # optimized=False: Jinja2's optimizer folds constants at compile time, which saves
    # nothing on expressions rendered a few dozen times and costs 15 % of compiling them
    env = BoundedSandbox(undefined=_Missing, autoescape=False,
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
    return TemplateError(f"{where}: expression {quoted(text)} does too much work ({error}); "
                         f"expected a simpler expression")


def _located(error: Exception, text: str, where: str) -> TemplateError:
    if isinstance(error, jinja2.TemplateSyntaxError):
        return TemplateError(f"{where}: Jinja2 syntax error in {quoted(text)}: {error.message}")
    if isinstance(error, jinja2.UndefinedError):
        return TemplateError(f"{where}: {error.message} in {quoted(text)}")
    if isinstance(error, jinja2.exceptions.SecurityError):
        return TemplateError(f"{where}: not allowed in a template: {error} in {quoted(text)}")
    return TemplateError(f"{where}: cannot evaluate {quoted(text)}: {error}")
