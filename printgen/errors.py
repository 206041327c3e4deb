"""The one error hierarchy printgen raises for anything a user can get wrong.

Every error carries a message that names where the problem is (file, line or key
path), the bad value and what was expected. The CLI prints it on one line and exits
with status 2; no traceback is ever shown for user input.
"""

from __future__ import annotations


class PrintgenError(Exception):
    """Base of every error caused by user input or the user's environment."""

    exit_status = 2


class SpecError(PrintgenError):
    """A deck spec, template or other data file is malformed or has a bad value."""


class UnitError(SpecError):
    """A length has no unit, an unknown unit, or is not a number."""


class TemplateError(SpecError):
    """A layout template is missing, malformed, or its Jinja2 expression fails."""


class FitError(PrintgenError):
    """Content does not fit where it must go (text in its box, a card on the paper)."""


class InputError(PrintgenError):
    """A command-line argument or input file (deal, rules text) is malformed."""


class OutputError(PrintgenError):
    """An output file or folder cannot be written."""


class IllegalMove(InputError):
    """A move in a move list is not legal in the position it is played in."""


class BudgetExceeded(PrintgenError):
    """A search used its whole budget of positions (the solvers catch it and answer
    "undecided"; it never reaches the user unannounced)."""


class PreflightError(PrintgenError):
    """Preflight found problems and --strict asked for them to stop the build."""

    @classmethod
    def of(cls, lines: list[str]) -> PreflightError:
        return cls(f"preflight found {len(lines)} problem(s) and --strict is set:\n" + "\n".join(lines))


def located(source: str, line: int | None, path: str, message: str) -> str:
    """Format a location prefix the way every printgen error shows it.

    >>> located("decks/x.yaml", 12, "cards[3].value", "expected an integer, got 'x'")
    "decks/x.yaml:12 cards[3].value: expected an integer, got 'x'"
    """
    where = source if line is None else f"{source}:{line}"
    if path:
        where = f"{where} {path}"
    return f"{where}: {message}"
