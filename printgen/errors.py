"""The one error hierarchy printgen raises for anything a user can get wrong.

Every error carries a message that names where the problem is (file, line or key
path), the bad value and what was expected. The CLI prints it on one line and exits
with status 2; no traceback is ever shown for user input.
"""

from __future__ import annotations

import re
import sys
from typing import ClassVar

from printgen.words import plural


def quoted(text: str) -> str:
    """A text as a message quotes it, on one line however long: whole up to 80
    characters, else its first 60 and its length."""
    return repr(text) if len(text) <= 80 else f"{text[:60]!r}... ({len(text):,} characters)"


def shown(value: object) -> str:
    """A value read from a data file as a message shows it, in the file's own words: a
    mapping, a list, nothing, true or false, a text quoted (a long one's start and its
    length: quoted())."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    return quoted(value) if isinstance(value, str) else repr(value)


def named(text: str) -> str:
    """A name (a path, as typed or found) as a message shows it: as it is where every
    character of it prints, else quoted() (a line break in it written out, not
    breaking the message in two)."""
    return text if text.isprintable() else quoted(text)


# what a terminal acts on rather than shows: control characters (but the tab and the line
# feed), and the explicit bidi embeddings, overrides and isolates, which reorder what
# follows them (a character class's ranges; reading.py refuses them in a value read)
ACTED_ON = "\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
_ACTED_ON = re.compile(f"[{ACTED_ON}]")


def shown_line(line: str) -> str:
    """A line to print as it reads: each character a terminal would act on written
    out as an escape ('\\x1b'), so that no name or value in a message can move the
    cursor, clear the screen or reorder the line."""
    return _ACTED_ON.sub(lambda found: repr(found.group())[1:-1], line)


def error_line(message: object) -> str:
    """The line the command line prints for an error a user can mend: one for each
    problem the message names (a checker that found several says each on its line),
    every one of them marked as printgen's error (and shown_line())."""
    return "\n".join(f"printgen: error: {shown_line(line)}" for line in str(message).split("\n"))


def note_line(message: object) -> str:
    """The line the command line prints for what a user should know of a run that
    succeeded (a caption left out, a word set in English), shown_line()."""
    return f"printgen: note: {shown_line(str(message))}"


class Told:
    """While a build of build --watch runs (cli/watch.py sets last, and takes now and
    held when it ends): the notes the watch's last build said, so that a note is
    printed again only when it changed. Errors are always printed."""

    last: set[str] | None = None        # the notes the last build said (None: no watch is building)
    now: ClassVar[set[str]] = set()     # those this build says
    held = 0                            # how many of them were the last build's, not printed again


def say_note(*notes: object) -> None:
    """Print the notes on one line on standard error; under build --watch only those
    the last build did not say (Told), and nothing where it said them all."""
    new = []
    for text in map(str, notes):
        if Told.last is not None:
            Told.now.add(text)
            if text in Told.last:
                Told.held += 1
                continue
        new.append(text)
    if new:
        print(note_line("; ".join(new)), file=sys.stderr)


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
    """Content does not fit where it must go (text in its box, a card on the paper).

    Raised with where (the place, as errors name it) and a remedy, it says
    `WHERE: DETAIL; REMEDY` and keeps where and detail, and the field of a template's
    text element where the place is one (a FieldWhere; else None), for a caller to
    tell it as its own: a tuck box's text is blamed on the deck key that gave it
    (products/box.py)."""

    def __init__(self, detail: str, *, where: str | None = None, remedy: str = "") -> None:
        located = detail if where is None else f"{where}: {detail}"
        super().__init__(f"{located}; {remedy}" if remedy else located)
        self.where = None if where is None else str(where)
        self.detail = detail                # (without the remedy)
        self.field = where.field if isinstance(where, FieldWhere) else None


class TextOverflow(FitError):
    """A text does not fit its box even at the smallest size it may be set at."""


class GlyphError(FitError):
    """A text holds characters (chars) that no font of its chain can draw."""

    def __init__(self, detail: str, *, where: str | None = None, chars: str = "") -> None:
        super().__init__(detail, where=where)
        self.chars = chars


class FieldWhere(str):
    """Where a template's text element is, as errors name it (`FILE:LINE KEY
    (SUBJECT) field 'NAME'`), knowing its field's name: a FitError raised there keeps
    it (field)."""

    field: str

    def __new__(cls, where: str, field: str) -> FieldWhere:
        made = super().__new__(cls, where)
        made.field = field
        return made

    def __reduce__(self) -> tuple[type[FieldWhere], tuple[str, str]]:
        return FieldWhere, (str(self), self.field)


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
        return cls(f"preflight found {plural(len(lines), 'problem')} and --strict is set:\n" + "\n".join(lines))


def located(source: str, line: int | None, path: str, message: str) -> str:
    """Format a location prefix the way every printgen error shows it.

    >>> located("decks/x.yaml", 12, "cards[3].value", "expected an integer, got 'x'")
    "decks/x.yaml:12 cards[3].value: expected an integer, got 'x'"
    """
    where = source if line is None else f"{source}:{line}"
    if path:
        where = f"{where} {path}"
    return f"{where}: {message}"
