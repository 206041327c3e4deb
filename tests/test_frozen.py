"""@frozen (printgen/frozen.py) makes classes that behave as @dataclass(frozen=True)
makes them: the same __init__, equality, hash values, ordering, repr, fields and
replace(), and assignment refused. Each test builds the same class both ways and
compares what they do."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pickle
from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sourcetree import modules

from printgen.frozen import frozen


def twins(order: bool = False) -> tuple[type, type]:
    """One class with fields of every option printgen uses, made by dataclass and by frozen."""
    made = []
    for decorate in (dataclass(frozen=True, order=order), frozen(order=order)):
        @decorate
        class Sample:
            """A sample."""

            number: float
            name: str = "x"
            items: tuple[int, ...] = field(default_factory=tuple)
            note: str = field(default="", compare=False)
            hidden: int = field(default=0, repr=False)
            count: int = field(default=1, hash=False)
            cache: dict[str, int] = field(default_factory=dict, init=False, compare=False)
        made.append(Sample)
    return made[0], made[1]


PLAIN, FROZEN = twins()
PLAIN_ORDERED, FROZEN_ORDERED = twins(order=True)
values = st.tuples(st.floats(allow_nan=False) | st.integers(), st.text(max_size=5),
                   st.lists(st.integers(), max_size=3).map(tuple), st.text(max_size=3), st.integers(), st.integers())


@given(values, values)
def test_frozen_compares_hashes_and_shows_as_dataclass_does(first, second):
    for a, b, (plain, ours) in [(first, second, (PLAIN, FROZEN)), (first, second, (PLAIN_ORDERED, FROZEN_ORDERED))]:
        x, y, px, py = ours(*a), ours(*b), plain(*a), plain(*b)
        assert repr(x) == repr(px) and repr(y) == repr(py)
        assert hash(x) == hash(px) and hash(y) == hash(py)
        assert (x == y) == (px == py) and (x != y) == (px != py)
        assert dataclasses.astuple(x) == dataclasses.astuple(px)
        assert x != px and px != x                    # another class is never equal
    x, y = FROZEN_ORDERED(*first), FROZEN_ORDERED(*second)
    px, py = PLAIN_ORDERED(*first), PLAIN_ORDERED(*second)
    assert [x < y, x <= y, x > y, x >= y] == [px < py, px <= py, px > py, px >= py]


def test_defaults_factories_and_replace():
    plain, ours = PLAIN(1.5), FROZEN(1.5)
    assert dataclasses.asdict(ours) == dataclasses.asdict(plain)
    assert ours.items == () and ours.cache == {} and ours.cache is not FROZEN(1.5).cache
    changed = replace(ours, name="y", items=(1, 2))
    assert (changed.number, changed.name, changed.items) == (1.5, "y", (1, 2))
    assert [item.name for item in dataclasses.fields(ours)] == [item.name for item in dataclasses.fields(plain)]
    assert FROZEN.__match_args__ == PLAIN.__match_args__
    with pytest.raises(TypeError):
        FROZEN()                                    # number has no default
    with pytest.raises(TypeError):
        FROZEN(1.0, cache={})                       # not a parameter


def test_fields_cannot_be_assigned_or_deleted():
    ours = FROZEN(1.0)
    for change in (lambda: setattr(ours, "number", 2.0), lambda: setattr(ours, "other", 1),
                   lambda: delattr(ours, "name")):
        with pytest.raises(FrozenInstanceError):
            change()
    assert ours.number == 1.0 and not hasattr(ours, "other")


@frozen
class Pickled:
    """A module-level class, as worker processes receive them."""

    size: float
    words: tuple[str, ...] = ()


def test_pickle_round_trip():
    value = Pickled(2.5, ("a", "b"))
    assert pickle.loads(pickle.dumps(value)) == value


def test_post_init_runs_and_own_methods_stay():
    seen = []

    @frozen
    class Checked:
        """Checks itself."""

        size: float

        def __post_init__(self) -> None:
            seen.append(self.size)

        def __repr__(self) -> str:
            return f"Checked.of({self.size})"

    assert repr(Checked(3.0)) == "Checked.of(3.0)" and seen == [3.0]
    assert hash(Checked(3.0)) == hash((3.0,)) and Checked(3.0) == Checked(3.0)


def test_what_frozen_refuses():
    with pytest.raises(TypeError, match="without a default"):
        @frozen
        class Late:
            first: int = 0
            second: int                            # type: ignore[misc]
    with pytest.raises(TypeError, match="keyword-only"):
        @frozen
        class Keyword:
            first: int = field(kw_only=True)
    with pytest.raises(TypeError, match="__setattr__"):
        @frozen
        class Settable:
            first: int

            def __setattr__(self, name: str, value: object) -> None:
                pass


def frozen_classes() -> list[type]:
    """Every class printgen makes with @frozen (its methods are frozen.py's)."""
    found = {}
    for name in modules():
        if name.endswith("__main__"):               # (importing it runs the program)
            continue
        for value in vars(importlib.import_module(name)).values():
            if isinstance(value, type) and getattr(value.__setattr__, "__module__", "") == "printgen.frozen":
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


def test_every_printgen_class_gets_dataclasss_init():
    """Each of printgen's frozen classes takes the same parameters, kinds and defaults as
    @dataclass(frozen=True) would give it."""
    classes = frozen_classes()
    assert len(classes) > 80
    for cls in classes:
        twin = dataclasses.make_dataclass(cls.__name__, [(item.name, item.type, field(
            default=item.default, default_factory=item.default_factory, init=item.init, repr=item.repr,
            hash=item.hash, compare=item.compare)) for item in dataclasses.fields(cls)], frozen=True)
        ours, theirs = (inspect.signature(made.__init__).parameters for made in (cls, twin))
        assert list(ours) == list(theirs), cls
        for name, parameter in ours.items():
            other = theirs[name]
            assert parameter.kind == other.kind, (cls, name)
            factory = dict((item.name, item.default_factory) for item in dataclasses.fields(cls)).get(name, dataclasses.MISSING)
            if factory is dataclasses.MISSING:
                assert parameter.default == other.default, (cls, name)
            else:
                assert parameter.default is not inspect.Parameter.empty, (cls, name)
