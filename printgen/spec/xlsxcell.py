"""An XLSX cell's value as the text a card field holds.

A spreadsheet stores a number, a date or a time as a number and shows it through the
cell's number format; printgen does not read number formats in general, only the
plain ones below, so a value reads the same whatever the spreadsheet's language:

- text: as it is;
- a number formatted as a plain decimal (`0`, `0.00`): with that many decimals,
  rounded half away from zero as the sheet shows it ("1.10");
- a number formatted as a plain percentage (`0%`, `0.0%`): a hundred times the value,
  with that many decimals and a percent sign ("25%");
- any other number (General, currency, thousands separators, fractions, scientific):
  its shortest form ("1", "0.3", "1234.5" for a cell shown as "1.234,50 €");
- a date: ISO 8601, "2026-11-29"; a date with a time of day other than midnight
  "2026-11-29 14:30" (seconds only where they are not 0); a time "14:30"; a duration
  in hours, minutes and seconds ("26:00:00");
- TRUE or FALSE.
"""

from __future__ import annotations

import datetime
import re
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Any

DECIMALS = re.compile(r"^0(?:\.(0+))?(%?)$")      # 0, 0.00, 0%, 0.0%


def cell_text(cell: Any) -> str:
    """The text a cell read by openpyxl (with its saved values) stands for."""
    value = getattr(cell, "value", None)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return _number(value, str(getattr(cell, "number_format", "") or ""))
    if isinstance(value, datetime.datetime):
        value = _to_second(value)
        if value.time() == datetime.time():
            return value.date().isoformat()
        return f"{value.date().isoformat()} {_clock(value.time())}"
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        return _clock(_to_second(datetime.datetime.combine(datetime.date(2000, 1, 1), value)).time())
    if isinstance(value, datetime.timedelta):
        seconds = round(value.total_seconds())
        sign, seconds = ("-" if seconds < 0 else ""), abs(seconds)
        return f"{sign}{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return str(value)


def _number(value: float, number_format: str) -> str:
    plain = DECIMALS.match(number_format)
    if plain is None:
        return str(int(value)) if isinstance(value, int) or value.is_integer() else repr(value)
    exact = Decimal(repr(value))                    # the value as the sheet holds it, in decimal
    if not exact.is_finite():
        return repr(value)                          # ("inf", "nan": no decimals to round)
    places, percent = len(plain.group(1) or ""), plain.group(2)
    with localcontext() as context:                 # every digit kept, however large the value
        context.prec = max(28, exact.adjusted() + places + 8)
        shown = (exact * (100 if percent else 1)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return f"{shown:f}{percent}"


def _to_second(value: datetime.datetime) -> datetime.datetime:
    """The moment rounded to the nearest second (a time stored as a fraction of a day
    reads back a few milliseconds off)."""
    return (value + datetime.timedelta(microseconds=500_000)).replace(microsecond=0)


def _clock(time: datetime.time) -> str:
    return time.strftime("%H:%M" if time.second == 0 else "%H:%M:%S")
