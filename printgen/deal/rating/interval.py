"""The Wilson score interval: the 95% interval every win rate is given with (the
player model's games in a rating, the census's shares); and `percent`, how every
sheet, booklet and table prints a share as a percentage."""

from __future__ import annotations

import math
from fractions import Fraction

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percent(share: Fraction | float, places: int = 0) -> str:
    """A share of 1 as a percentage with `places` decimals, the digits alone (the caller
    adds "%"), rounded half up, away from zero: 1/8 is "13", 5/8 "63", 1/32 at two
    places "3.13". A float is taken as the decimal it is written as (0.015 is 1.5%,
    so "2", though the float itself is a hair below 0.015); a Fraction exactly."""
    exact = share if isinstance(share, Fraction) else Fraction(repr(float(share)))
    scaled = abs(exact) * 100 * 10 ** places
    whole = math.floor(scaled + Fraction(1, 2))
    sign = "-" if exact < 0 and whole else ""
    digits = str(whole).rjust(places + 1, "0")
    if not places:
        return f"{sign}{digits}"
    return f"{sign}{digits[:-places]}.{digits[-places:]}"
