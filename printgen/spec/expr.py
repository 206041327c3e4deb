"""Jinja2 expressions in data files, rendered in a sandbox with StrictUndefined.

Only strings that contain "{{" or "{%" are templates; everything else is taken as
it stands. Compiled templates are cached, so a deck of many cards compiles each
expression once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment

from printgen.errors import TemplateError


def _signed(value: Any) -> str:
    """Format a number with its sign: 3 -> "+3", -3 -> "-3", 0 -> "0"."""
    number = int(str(value))
    return f"+{number}" if number > 0 else str(number)


def _environment() -> ImmutableSandboxedEnvironment:
    env = ImmutableSandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False,
                                        keep_trailing_newline=False)
    env.filters["signed"] = _signed
    return env


ENV = _environment()


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text


@lru_cache(maxsize=4096)
def _compile(text: str) -> jinja2.Template:
    return ENV.from_string(text)


def render(text: str, context: dict[str, Any], where: str) -> str:
    """Render text with context; where names the file and key path for errors."""
    if not is_template(text):
        return text
    try:
        return _compile(text).render(context)
    except jinja2.TemplateSyntaxError as error:
        raise TemplateError(f"{where}: Jinja2 syntax error in {text!r}: {error.message}") from None
    except jinja2.UndefinedError as error:
        raise TemplateError(f"{where}: {error.message} in {text!r}") from None
    except jinja2.exceptions.SecurityError as error:
        raise TemplateError(f"{where}: not allowed in a template: {error} in {text!r}") from None
    except (TypeError, ValueError, ArithmeticError, jinja2.TemplateError) as error:
        raise TemplateError(f"{where}: cannot evaluate {text!r}: {error}") from None
