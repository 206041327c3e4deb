"""Lengths with units, parsed once at the edge into PostScript points.

Every length in a data file carries its unit ("63.5mm", "2.5in", "9pt", "0.3cm",
"750px"). A pixel is a dot at the deck's `dpi` (300 unless it says), so a card's art
measured in pixels of its picture files lands where it belongs. A bare number or an
unknown unit is an error at load time.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from printgen.errors import UnitError, quoted, shown
from printgen.frozen import frozen
from printgen.limits import limit

POINTS_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4}
DPI = 300                                  # a px unit's dots per inch where no deck says otherwise
UNITS = "mm, cm, in, pt, px"
MAX_MM = float(limit("length_mm"))        # the longest length any data file or option may give (10 m)
# A number as Python writes one, its exponent included: a template's arithmetic may give
# "8.881784197001252e-16mm" (63.5 * 0.1 - 6.35), and a CSS length may be written "1e3px".
_LENGTH = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?)\s*([a-zA-Z]*)\s*$")


@frozen(order=True)
class Length:
    """A physical length, stored in points (1/72 in)."""

    pt: float

    @classmethod
    def parse(cls, text: object, *, dpi: float = DPI) -> Length:
        """Parse "63.5mm", "2.5in", "9pt", "1cm" or "750px" (px: 1/dpi in); raise UnitError
        otherwise."""
        match = _LENGTH.match(str(text))
        if not match:
            raise UnitError(f"expected a length with a unit such as '3mm' or '0.125in', got {shown(text)}")
        number, unit = match.groups()
        if not unit:
            raise UnitError(f"expected a unit ({UNITS}) after the number, got {shown(text)}")
        if unit.lower() not in POINTS_PER and unit.lower() != "px":
            raise UnitError(f"unknown unit {quoted(unit)} in {shown(text)}; expected one of {UNITS}")
        value = float(number) * (72.0 / dpi if unit.lower() == "px" else POINTS_PER[unit.lower()])
        if not math.isfinite(value) or abs(value) > MAX_MM * POINTS_PER["mm"]:
            brief = text if len(str(text)) <= 24 else f"{str(text)[:21]}..."
            raise UnitError(f"expected a length within {MAX_MM / 1000:g} m, got {brief!r}")
        return cls(value)

    @classmethod
    def mm(cls, value: float) -> Length:
        return cls(value * POINTS_PER["mm"])

    @property
    def in_mm(self) -> float:
        return self.pt / POINTS_PER["mm"]

    def __str__(self) -> str:
        return f"{round(self.in_mm, 4):g}mm"

    def __repr__(self) -> str:
        return f"Length.parse({str(self)!r})"


@lru_cache(maxsize=4096)
def points(text: str, dpi: float = DPI) -> float:
    """Length.parse(text, dpi=dpi).pt, kept for the next card that gives the same length."""
    return Length.parse(text, dpi=dpi).pt


def mm(value_pt: float) -> float:
    """Points to millimetres."""
    return value_pt / POINTS_PER["mm"]


def mm_text(value_pt: float) -> str:
    """A length as printgen's summaries say it beside the sizes they give: in
    millimetres, a space before the unit ("0.32 mm", as a card's size is "63.5 x
    88.9 mm"), where a data file or an option writes it without one (Length's text,
    "0.32mm", as a command to type shows it)."""
    return f"{round(mm(value_pt), 4):g} mm"


def pt(value_mm: float) -> float:
    """Millimetres to points."""
    return value_mm * POINTS_PER["mm"]


def parse_pair(text: str) -> tuple[Length, Length]:
    """Parse "X,Y" where both are lengths with units, e.g. "1.5mm,-0.5mm"; a zero is
    zero in any unit, so it may go without one ("1.5mm,0", as a ruler reads 0)."""
    parts = str(text).split(",")
    if len(parts) != 2:
        raise UnitError(f"expected two lengths separated by a comma such as '1mm,-0.5mm', got {shown(text)}")
    return _length_or_zero(parts[0]), _length_or_zero(parts[1])


def _length_or_zero(text: str) -> Length:
    match = _LENGTH.match(text)
    if match and not match[2] and float(match[1]) == 0:
        return Length(0.0)
    return Length.parse(text)
