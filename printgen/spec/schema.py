"""Checks shared by every data file: accepted keys, types and lengths.

A Checker collects every problem in a document, so the user sees them all at once,
one line per root cause: once a key is missing or a value is not the mapping it should
be, nothing inside it is reported again (no "got nothing" for each of its keys).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any

from printgen.errors import SpecError, UnitError, quoted, shown
from printgen.model.template import hex_colour
from printgen.spec.yamlload import KeyPath, Located
from printgen.units import DPI, Length

PLAIN_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


class Checker:
    """Validates parts of one loaded document and gathers the errors."""

    def __init__(self, doc: Located) -> None:
        self.doc = doc
        self.errors: list[str] = []
        self.blocked: set[KeyPath] = set()      # reported as missing or malformed: nothing below them
        self.dpi: float = DPI                   # a px unit's dots per inch (a deck's `dpi:`)

    def fail(self, path: KeyPath, message: str, *, block: bool = True) -> None:
        """Report a problem at path; by default nothing more at or below path is reported
        (one line per root cause)."""
        if any(path[:i] in self.blocked for i in range(len(path) + 1)):
            return
        self.errors.append(str(self.doc.error(path, message)))
        if block:
            self.blocked.add(path)

    def block(self, path: KeyPath) -> None:
        """Report nothing more at or below path (its root cause is reported)."""
        self.blocked.add(path)

    def raise_errors(self) -> None:
        if self.errors:
            raise SpecError("\n".join(self.errors))

    def mapping(self, value: Any, path: KeyPath, accepted: Iterable[str],
                required: Iterable[str] = ()) -> dict[str, Any]:
        """Check value is a mapping with only accepted keys and all required ones."""
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping of keys, got {shown(value)}")
            self.block(path)
            return {}
        accepted = list(accepted)
        for key in value:
            if key not in accepted:
                self.fail(path + (key,), f"unknown key {key!r}; accepted keys: {', '.join(accepted)}")
        missing = [key for key in required if key not in value]
        if missing:
            keys = ", ".join(repr(key) for key in missing)
            self.fail(path, f"missing required key{'s' * (len(missing) > 1)} {keys}", block=False)
            self.blocked.update(path + (key,) for key in missing)
        return value

    def text(self, value: Any, path: KeyPath, default: str | None = None) -> str:
        if value is None and default is not None:
            return default
        if isinstance(value, (dict, list)) or value is None:
            self.fail(path, f"expected text, got {shown(value)}")
            return ""
        if isinstance(value, bool):          # YAML reads yes, no, on, off, true and false so
            self.fail(path, f"expected text, got the YAML truth value {str(value).lower()} "
                            f"(put the text in quotes)")
            return ""
        return str(value)

    def colour(self, value: Any, path: KeyPath) -> str:
        """A colour, '#rrggbb' or '#rgb', as '#rrggbb' in lower case (model/template.py's
        hex_colour: one rule for every colour printgen reads)."""
        if value is None:                       # `ink: #1a1a1a` unquoted: YAML reads a comment
            self.fail(path, "expected a colour '#rrggbb' or '#rgb' in quotes (YAML reads an unquoted # as the "
                            "start of a comment), got nothing")
            return ""
        text = self.text(value, path)
        colour = hex_colour(text)
        if colour is None and not isinstance(value, (dict, list, bool)):      # (else text() said so)
            self.fail(path, f"expected a colour '#rrggbb' or '#rgb', got {quoted(text)}")
        return colour or ""

    def file_name(self, value: Any, path: KeyPath) -> str:
        """A name that printgen turns into output file names: letters, digits, '.', '_'
        and '-', starting with a letter or digit (no folder, no '..', never empty)."""
        text = self.text(value, path)
        if text and not PLAIN_NAME.fullmatch(text):     # (not match: "$" lets "name\n" by)
            most = " of at most 100 characters" if len(text) > 100 else ""
            self.fail(path, f"expected a plain name{most} of letters, digits, '.', '_' and '-' (it names "
                            f"output files), got {quoted(text)}")
        elif value is not None and not text:
            self.fail(path, "expected a name, got nothing")
        return text

    def length(self, value: Any, path: KeyPath, *, default: str | None = None,
               minimum: float | None = 0.0, positive: bool = False) -> float:
        """A length with a unit, in points; negative lengths refused unless minimum is
        None, and 0 too where positive (a thickness: the command line's options refuse it)."""
        if value is None and default is not None:
            value = default
        try:
            result = Length.parse(value, dpi=self.dpi).pt
        except UnitError as error:
            self.fail(path, str(error))
            return 0.0
        if positive and result <= 0:
            self.fail(path, f"expected a length greater than 0, got {shown(value)}")
        elif minimum is not None and result < minimum:
            self.fail(path, f"expected a length of at least {Length(minimum)}, got {shown(value)}")
        return result

    def integer(self, value: Any, path: KeyPath, *, default: int | None = None,
                minimum: int | None = None, maximum: int | None = None, meaning: str = "") -> int:
        """A whole number, within [minimum, maximum] where given; meaning says what it
        counts in the error ("the deepest heading level ..., a whole number from 1 to 6")."""
        if value is None and default is not None:
            return default
        what = f"{meaning}, a whole number" if meaning else "a whole number"
        if maximum is not None:
            what += f" from {minimum} to {maximum}" if minimum is not None else f" of at most {maximum}"
        try:
            result = int(str(value))
        except ValueError:
            self.fail(path, f"expected {what}, got {shown(value)}")
            return default or 0
        if (minimum is not None and result < minimum) or (maximum is not None and result > maximum):
            self.fail(path, f"expected {what}, got {shown(value)}" if maximum is not None else
                      f"expected {what} of at least {minimum}, got {shown(value)}")
        return result

    def number(self, value: Any, path: KeyPath, *, default: float | None = None,
               minimum: float | None = None, maximum: float | None = None) -> float:
        """A plain decimal number (no unit), within [minimum, maximum] where given."""
        if value is None and default is not None:
            return default
        try:
            result = float(str(value))
        except ValueError:
            result = float("nan")
        if not math.isfinite(result):
            self.fail(path, f"expected a number, got {shown(value)}")
            return default or 0.0
        if (minimum is not None and result < minimum) or (maximum is not None and result > maximum):
            self.fail(path, f"expected a number from {minimum:g} to {maximum:g}, got {shown(value)}"
                      if minimum is not None and maximum is not None else
                      f"expected a number of at least {minimum:g}, got {shown(value)}" if minimum is not None else
                      f"expected a number of at most {maximum:g}, got {shown(value)}")
        return result

    def choice(self, value: Any, path: KeyPath, choices: Iterable[str], default: str) -> str:
        choices = list(choices)
        if value is None:
            return default
        if str(value) not in choices:
            self.fail(path, f"expected one of {', '.join(choices)}, got {shown(value)}")
            return default
        return str(value)
