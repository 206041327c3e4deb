"""Jinja2 expressions in data files, rendered in a sandbox with StrictUndefined.

Only strings that contain "{{" or "{%" are templates; everything else is taken as
it stands. Compiled templates are cached in memory, so a deck of many cards compiles
each expression once. Nothing is cached on disk: printgen writes only into its output
folder, and compiled bytecode read back from any folder a deck could share would run
outside the sandbox.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import jinja2
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment

from printgen.errors import TemplateError
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


MAX_STEPS = limit("template_steps")        # loop steps (range items) one rendering may take
MAX_RESULT = limit("template_result")       # characters or items an operation may make; digits of a power
_count = threading.local()        # the current rendering's loop steps, per thread


def _reset() -> None:
    _count.steps = 0


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox, with every resource an expression could ask for
    bounded: `**` and `*` may not make huge numbers, strings or lists, `range` hands out
    at most MAX_STEPS items in one rendering (nested loops included), and recursion
    (a macro calling itself) ends as a located error, not a crash."""

    intercepted_binops = frozenset(["**", "*"])

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:   # Jinja2's signature
        if operator == "**":
            if isinstance(left, (int, float)) and isinstance(right, (int, float)) and abs(left) > 1 \
                    and right * math.log10(abs(left)) > MAX_RESULT:
                raise ValueError(f"{left} ** {right} is too large a number")
            return left ** right
        if isinstance(left, (str, list, tuple)) and isinstance(right, int) and len(left) * right > MAX_RESULT:
            raise ValueError(f"the repetition makes {len(left) * right} characters or items, more than {MAX_RESULT}")
        if isinstance(right, (str, list, tuple)) and isinstance(left, int) and len(right) * left > MAX_RESULT:
            raise ValueError(f"the repetition makes {len(right) * left} characters or items, more than {MAX_RESULT}")
        return left * right


def _range(*args: int) -> range:
    """range(), counted against the rendering's MAX_STEPS."""
    numbers = range(*args)
    _count.steps = getattr(_count, "steps", 0) + len(numbers)
    if _count.steps > MAX_STEPS:
        raise ValueError(f"loops of more than {MAX_STEPS} steps in one expression")
    return numbers


def _environment() -> ImmutableSandboxedEnvironment:
    # optimized=False: Jinja2's optimizer folds constants at compile time, which saves
    # nothing on expressions rendered a few dozen times and costs 15 % of compiling them
    env = BoundedSandbox(undefined=jinja2.StrictUndefined, autoescape=False,
                         keep_trailing_newline=False, loader=_SourceLoader(),
                         auto_reload=False, optimized=False)
    env.filters["signed"] = _signed
    env.globals["range"] = _range
    return env


ENV = _environment()


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text


@lru_cache(maxsize=4096)
def _compile(text: str) -> jinja2.Template:
    return ENV.get_template(text)


def render(text: str, context: dict[str, Any], where: str | Callable[[], str]) -> str:
    """Render text with context; where (or where(), computed only on error) names the
    file and key path for errors."""
    if not is_template(text):
        return text
    _reset()
    try:
        return _compile(text).render(context)
    except (jinja2.TemplateError, TypeError, ValueError, ArithmeticError, RecursionError,
            MemoryError) as error:
        raise _located(error, text, where() if callable(where) else where) from None


@lru_cache(maxsize=1024)
def _compile_expression(text: str) -> Callable[..., Any]:
    return ENV.compile_expression(text, undefined_to_none=False)


def evaluate(text: str, context: dict[str, Any], where: str | Callable[[], str]) -> Any:
    """The value of one expression (written bare, `aid.stances`, or in braces,
    `{{ range(3) }}`) as a Python value: a list stays a list."""
    bare = text.strip()
    if bare.startswith("{{") and bare.endswith("}}"):
        bare = bare[2:-2]
    _reset()
    try:
        value = _compile_expression(bare)(**context)
        if isinstance(value, jinja2.Undefined):
            str(value)                                  # StrictUndefined: raises, with its name
        return value
    except (jinja2.TemplateError, TypeError, ValueError, ArithmeticError, RecursionError,
            MemoryError) as error:
        raise _located(error, text, where() if callable(where) else where) from None


def _located(error: Exception, text: str, where: str) -> TemplateError:
    if isinstance(error, jinja2.TemplateSyntaxError):
        return TemplateError(f"{where}: Jinja2 syntax error in {text!r}: {error.message}")
    if isinstance(error, jinja2.UndefinedError):
        return TemplateError(f"{where}: {error.message} in {text!r}")
    if isinstance(error, jinja2.exceptions.SecurityError):
        return TemplateError(f"{where}: not allowed in a template: {error} in {text!r}")
    return TemplateError(f"{where}: cannot evaluate {text!r}: {error}")
