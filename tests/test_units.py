import pytest

from printgen.errors import UnitError
from printgen.units import Length, parse_pair


@pytest.mark.parametrize("text, millimetres", [
    ("63.5mm", 63.5), ("2.5in", 63.5), ("72pt", 25.4), ("1cm", 10.0), ("-1.5mm", -1.5), (".5in", 12.7),
])
def test_lengths_parse_to_points(text, millimetres):
    assert Length.parse(text).in_mm == pytest.approx(millimetres)


@pytest.mark.parametrize("text, says", [
    ("3", "expected a unit"), ("3furlongs", "unknown unit 'furlongs'"), ("mm", "expected a length"),
    ("", "expected a length"), ("1.2.3mm", "expected a length"),
])
def test_bad_lengths_say_what_was_expected(text, says):
    with pytest.raises(UnitError, match=says):
        Length.parse(text)


def test_length_repr_round_trips():
    length = Length.parse("0.125in")
    assert eval(repr(length), {"Length": Length}) == length   # noqa: S307 - test of the repr


def test_pairs():
    x, y = parse_pair("1.5mm,-0.5mm")
    assert (x.in_mm, y.in_mm) == pytest.approx((1.5, -0.5))
    with pytest.raises(UnitError):
        parse_pair("1.5mm")
