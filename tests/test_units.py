import pytest

from printgen.errors import UnitError
from printgen.units import Length, parse_pair


@pytest.mark.parametrize("text, millimetres", [
    ("63.5mm", 63.5), ("2.5in", 63.5), ("72pt", 25.4), ("1cm", 10.0), ("-1.5mm", -1.5), (".5in", 12.7),
    ("1e3mm", 1000.0), ("2.5E-1in", 6.35), (f"{63.5 * 0.1 - 6.35}mm", 63.5 * 0.1 - 6.35),
])
def test_lengths_parse_to_points(text, millimetres):
    assert Length.parse(text).in_mm == pytest.approx(millimetres)


@pytest.mark.parametrize("text, says", [
    ("3", "expected a unit"), ("3furlongs", "unknown unit 'furlongs'"), ("mm", "expected a length"),
    ("", "expected a length"), ("1.2.3mm", "expected a length"), ("1em", "unknown unit 'em'"),
    ("1e5", "expected a unit"), ("1e400mm", "within 10 m"),
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


@pytest.mark.parametrize("text, millimetres", [("1.5mm,0", (1.5, 0.0)), ("0,-1mm", (0.0, -1.0)), ("0,0", (0.0, 0.0))])
def test_a_pairs_zero_needs_no_unit(text, millimetres):
    """A calibration ruler read at 0 is typed as it is read; any other bare number
    still asks for its unit."""
    x, y = parse_pair(text)
    assert (x.in_mm, y.in_mm) == pytest.approx(millimetres)
    with pytest.raises(UnitError, match="expected a unit"):
        parse_pair("1.5mm,2")


@pytest.mark.parametrize("text, dpi, inches", [("300px", 300, 1.0), ("750px", 300, 2.5), ("150px", 600, 0.25),
                                               ("72px", 72, 1.0)])
def test_a_pixel_is_a_dot_at_the_given_dpi(text, dpi, inches):
    assert Length.parse(text, dpi=dpi).pt == pytest.approx(72 * inches)


def test_px_in_a_deck_and_its_template_is_a_dot_at_the_decks_dpi(tmp_path):
    """A 600 dpi deck: its 1500 x 2100 px card is 2.5 x 3.5 in, and a rectangle of its
    template 600 px wide is an inch wide."""
    from printgen.layout.deck import layout_deck
    from printgen.layout.primitives import Rect
    from printgen.spec import load_deck
    (tmp_path / "f.yaml").write_text("elements:\n  - {kind: rect, x: 0px, y: 0px, w: 600px, h: 300px, "
                                     "fill: '#000000'}\n")
    (tmp_path / "d.yaml").write_text("name: d\ndpi: 600\nsize: {width: 1500px, height: 2100px}\nbleed: 75px\n"
                                     "face: f.yaml\nback: f.yaml\ncards:\n  - count: 1\n")
    deck = load_deck(str(tmp_path / "d.yaml"))
    assert (deck.size.width, deck.size.height, deck.bleed) == pytest.approx((180, 252, 9))
    rect = next(p for p in layout_deck(deck).faces[0].prims if isinstance(p, Rect))
    assert (rect.w, rect.h) == pytest.approx((72, 36))


def test_a_deck_dpi_out_of_range_is_a_located_error(tmp_path):
    from printgen.errors import SpecError
    from printgen.spec.deck import load_deck_file
    (tmp_path / "f.yaml").write_text("elements: []\n")
    (tmp_path / "d.yaml").write_text("name: d\ndpi: 0\nsize: poker\nface: f.yaml\nback: f.yaml\n"
                                     "cards:\n  - count: 1\n")
    with pytest.raises(SpecError, match=r"d\.yaml:2 dpi:"):
        load_deck_file(tmp_path / "d.yaml")


def test_a_templates_arithmetic_may_leave_a_float_residue(tmp_path):
    """63.5 * 0.1 - 6.35 is 8.9e-16 in floating point, which Python writes with an
    exponent: a template computing a length that way lays out where one written 0mm
    does, where it was refused as not a length."""
    from printgen.layout.deck import layout_deck
    from printgen.layout.primitives import Rect
    from printgen.spec import load_deck

    def rect(x: str) -> Rect:
        (tmp_path / "f.yaml").write_text(f"elements:\n  - {{kind: rect, x: '{x}', y: 1mm, w: 2mm, h: 2mm, "
                                         f"fill: '#000000'}}\n")
        (tmp_path / "d.yaml").write_text("name: d\nsize: {width: 63.5mm, height: 88.9mm}\n"
                                         "face: f.yaml\nback: f.yaml\ncards:\n  - count: 1\n")
        return next(p for p in layout_deck(load_deck(str(tmp_path / "d.yaml"))).faces[0].prims
                    if isinstance(p, Rect))

    assert rect("{{ trim.w * 0.1 - 6.35 }}mm").x == pytest.approx(rect("0mm").x, abs=1e-9)
