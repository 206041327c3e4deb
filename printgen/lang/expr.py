"""Expressions in data files: `{{ ... }}` fields and `{% ... %}` blocks, rendered with
StrictUndefined on a budget (lang/budget.py).

Only strings that contain "{{" or "{%" are templates; everything else is taken as it
stands. A template in the simple subset (lang/simple.py) is rendered without Jinja2;
any other, and any rendering that fails there, by the Jinja2 sandbox (lang/sandbox.py),
which words every error. Both charge the same steps and make the same text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.lang.budget import TooMuchWork, _begin, _end, card_side
from printgen.lang.grammar import Unsupported
from printgen.lang.plain import is_template
from printgen.lang.simple import compiled

__all__ = ["card_side", "evaluate", "is_template", "render"]

# what a simple template's rendering can raise: a name, key or attribute it lacks
# (Unsupported, LookupError), a value of the wrong kind, too much work
FAILURES = (Unsupported, TooMuchWork, LookupError, TypeError, ValueError, ArithmeticError, AttributeError,
            RecursionError, MemoryError)


def render(text: str, context: dict[str, Any], where: str | Callable[[], str]) -> str:
    """Render text with context; where (or where(), computed only on error) names the
    file and key path for errors."""
    if not is_template(text):
        return text
    simple = compiled(text)
    if simple is not None:
        budget = _begin()                   # (as `with _budgeted()`, without its generator: a
        try:                                # card side renders a few dozen of these)
            return simple(context)
        except FAILURES:                    # rendered again by Jinja2, which says what is wrong
            budget.steps = 0                # (this try then costs the card side nothing)
        finally:
            _end(budget)
    from printgen.lang import sandbox
    return sandbox.render(text, context, where)


def evaluate(text: str, context: dict[str, Any], where: str | Callable[[], str]) -> Any:
    """The value of one expression (written bare, `aid.stances`, or in braces,
    `{{ range(3) }}`) as a Python value: a list stays a list (and what a filter hands
    out item by item, `items|select(...)`, is read into one, on the budget)."""
    from printgen.lang import sandbox
    return sandbox.evaluate(text, context, where)
