"""`@frozen`: printgen's frozen dataclasses, made with one compiled method.

    @frozen
    class Card: ...                     # as @dataclass(frozen=True)

    @frozen(order=True)
    class Length: ...                   # as @dataclass(frozen=True, order=True)

A frozen class is a dataclass (dataclasses.fields(), replace() and asdict() read it)
with the same fields, defaults and `field()` options, the same __init__ parameters, and
the same equality, hash values, ordering and repr as @dataclass(frozen=True) gives;
assigning or deleting a field raises dataclasses.FrozenInstanceError. What differs is
how the methods are made: Python 3.11's dataclass compiles each one from source
(__init__, __repr__, __eq__, __hash__, __setattr__, __delattr__ and the four
comparisons), half a millisecond a class, which over the 39 classes a PDF-only build
imports was 15 ms of its 216 ms of CPU. Here only __init__ is compiled; the others are
closures over the class's field names, reading the fields with operator.attrgetter.
Not supported (a TypeError says so): keyword-only fields, and a class that defines
a method this decorator makes (other than __repr__, __eq__ and __hash__, which it then
keeps, as dataclass does).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from reprlib import recursive_repr
from typing import Any, TypeVar, cast, dataclass_transform, overload

T = TypeVar("T")
_FACTORY = object()          # the default of a parameter whose field has a default_factory
_ORDER = {"__lt__": operator.lt, "__le__": operator.le, "__gt__": operator.gt, "__ge__": operator.ge}


@overload
def frozen(cls: type[T], /) -> type[T]: ...
@overload
def frozen(*, order: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def frozen(cls: type[T] | None = None, /, *, order: bool = False) -> type[T] | Callable[[type[T]], type[T]]:
    """cls as @dataclass(frozen=True, order=order) makes it (see the module's docstring)."""
    def make(cls: type[T]) -> type[T]:
        return _make(cls, order)
    return make if cls is None else make(cls)


def _make(cls: type[T], order: bool) -> type[T]:
    own = dict(cls.__dict__)            # what the class itself defines, before dataclass adds to it
    cls = dataclass(init=False, repr=False, eq=False)(cls)     # the fields; no method made
    every = fields(cast(Any, cls))
    if any(item.kw_only for item in every):
        raise TypeError(f"{cls.__qualname__}: @frozen takes no keyword-only fields")
    names = tuple(item.name for item in every)
    compared = _getter([item.name for item in every if item.compare])
    hashed = _getter([item.name for item in every if (item.compare if item.hash is None else item.hash)])
    shown = [item.name for item in every if item.repr]

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{name}={getattr(self, name)!r}' for name in shown)})"

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    made: dict[str, Callable[..., Any]] = {"__init__": _init(cls, every), "__setattr__": __setattr__,
                                           "__delattr__": __delattr__}
    if order:
        made.update({name: _comparison(compare, compared) for name, compare in _ORDER.items()})
    clash = sorted(name for name in made if name in own)
    if clash:
        raise TypeError(f"{cls.__qualname__}: @frozen makes {', '.join(clash)}; the class may not define it")
    if "__repr__" not in own:
        made["__repr__"] = __repr__
    if "__eq__" not in own:
        made["__eq__"] = __eq__
    if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):   # dataclass's rule
        made["__hash__"] = __hash__
    for name, method in made.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return cls


def _getter(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function reading the named attributes of an object as a tuple (as dataclass's
    methods compare and hash them)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda item: (one(item),)
    return lambda item: ()


def _comparison(compare: Callable[[Any, Any], bool], compared: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def method(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return compare(compared(self), compared(other))
        return NotImplemented
    method.__name__ = compare.__name__
    return method


def _init(cls: type, every: Sequence[Field[Any]]) -> Callable[..., None]:
    """cls's __init__, compiled from source as dataclass writes it for a frozen class:
    each field set through object.__setattr__, a default_factory called where its
    parameter is not given, then __post_init__ if the class has one."""
    space: dict[str, Any] = {"__frozen_set": object.__setattr__, "__frozen_factory": _FACTORY}
    me = "__frozen_self" if any(item.name == "self" for item in every) else "self"
    parameters, lines = [me], []
    defaulted = ""
    for item in every:
        if item.init and (item.default is not MISSING or item.default_factory is not MISSING):
            defaulted = item.name
        elif item.init and defaulted:
            raise TypeError(f"{cls.__qualname__}: the field {item.name!r} without a default follows {defaulted!r}")
        name = item.name
        value = name
        if item.default_factory is not MISSING:
            space[f"__frozen_make_{name}"] = item.default_factory
            value = f"__frozen_make_{name}()"
            if item.init:
                parameters.append(f"{name}=__frozen_factory")
                value = f"{value} if {name} is __frozen_factory else {name}"
        elif not item.init:
            continue                            # the class attribute holds its default
        elif item.default is not MISSING:
            space[f"__frozen_default_{name}"] = item.default
            parameters.append(f"{name}=__frozen_default_{name}")
        else:
            parameters.append(name)
        lines.append(f"    __frozen_set({me}, {name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        lines.append(f"    {me}.__post_init__()")
    source = f"def __init__({', '.join(parameters)}):\n" + ("\n".join(lines) or "    pass") + "\n"
    exec(source, space)         # (source made here from the field names alone)
    init: Callable[..., None] = space["__init__"]
    return init
