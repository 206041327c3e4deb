"""Export profiles (printgen/data/vendors.yaml) and the shops' tuck box die lines."""

from __future__ import annotations

from functools import lru_cache

from printgen.builtin import data_dir
from printgen.errors import InputError
from printgen.model.vendor import Output, Profile
from printgen.spec.box import die_set_file, load_die_set
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file

PROFILE_KEYS = ["title", "output", "dpi", "bleed", "safe", "colour", "expect", "box_art", "sheet", "card", "ink_limit", "max_side"]
TTS_KEYS = ["sheet", "card", "max_side"]      # what a tts profile must give


@lru_cache(maxsize=1)
def profiles() -> dict[str, Profile]:
    """Every profile of printgen/data/vendors.yaml, checked, with located errors."""
    path = data_dir() / "vendors.yaml"
    doc = load_file(path)
    check = Checker(doc)
    data = check.mapping(doc.data, (), ["profiles"], required=["profiles"])
    raw = data.get("profiles") or {}
    found = {name: _profile(check, name, value)
             for name, value in check.mapping(raw, ("profiles",), list(raw)).items()}
    check.raise_errors()
    return found


def _profile(check: Checker, name: str, raw: object) -> Profile:
    path = ("profiles", name)
    tts = isinstance(raw, dict) and raw.get("output") == Output.TTS.value
    value = check.mapping(raw, path, PROFILE_KEYS,
                          required=["title", "output", "dpi", "bleed", "safe"] + (TTS_KEYS if tts else []))
    output = Output(check.choice(value.get("output"), path + ("output",), [o.value for o in Output], "png"))
    expect = {}
    for preset, given in (value.get("expect") or {}).items():
        where = path + ("expect", preset)
        size = check.mapping(given, where, ["width", "height"], required=["width", "height"])
        if output is Output.PDF:
            expect[preset] = (check.length(size.get("width"), where + ("width",)),
                              check.length(size.get("height"), where + ("height",)))
        else:
            expect[preset] = (float(check.integer(size.get("width"), where + ("width",), minimum=1)),
                              float(check.integer(size.get("height"), where + ("height",), minimum=1)))
    return Profile(name, check.text(value.get("title"), path + ("title",)), output,
                   check.integer(value.get("dpi"), path + ("dpi",), minimum=1),
                   check.length(value.get("bleed"), path + ("bleed",)),
                   check.length(value.get("safe"), path + ("safe",)),
                   check.choice(value.get("colour"), path + ("colour",), ("rgb", "cmyk"), "rgb"),
                   expect, _data_file(check, value.get("box_art"), path + ("box_art",)),
                   _pair(check, value.get("sheet"), path + ("sheet",), ("cols", "rows")),
                   _size(check, value.get("card"), path + ("card",)),
                   _ink_limit(check, value.get("ink_limit"), path + ("ink_limit",)),
                   _max_side(check, value.get("max_side"), path + ("max_side",)))


def _ink_limit(check: Checker, raw: object, path: tuple) -> float | None:
    """The most total ink (C + M + Y + K) the shop's printer takes, given in percent, as a
    fraction (2.4 for 240 %)."""
    if raw is None:
        return None
    return check.number(raw, path, minimum=100, maximum=400) / 100


def _max_side(check: Checker, raw: object, path: tuple) -> int | None:
    """The most pixels a side of an image may have (Tabletop Simulator's sheets)."""
    if raw is None:
        return None
    return check.integer(raw, path, minimum=1)


def _data_file(check: Checker, raw: object, path: tuple) -> str | None:
    """The name of a die-line file beside vendors.yaml, checked to load."""
    if raw is None:
        return None
    name = check.text(raw, path)
    if name and not die_set_file(name).is_file():
        check.fail(path, f"no data file {name!r} in {data_dir()}")
        return None
    if name:
        load_die_set(die_set_file(name))          # its own errors, located in its own file
    return name or None


def _pair(check: Checker, raw: object, path: tuple, keys: tuple[str, str]) -> tuple[int, int] | None:
    if raw is None:
        return None
    value = check.mapping(raw, path, keys, required=keys)
    return (check.integer(value.get(keys[0]), path + (keys[0],), minimum=1),
            check.integer(value.get(keys[1]), path + (keys[1],), minimum=1))


def _size(check: Checker, raw: object, path: tuple) -> tuple[float, float] | None:
    if raw is None:
        return None
    value = check.mapping(raw, path, ["width", "height"], required=["width", "height"])
    return check.length(value.get("width"), path + ("width",)), check.length(value.get("height"), path + ("height",))


def profile(name: str) -> Profile:
    known = profiles()
    if name not in known:
        raise InputError(f"--for: unknown profile {name!r}; expected one of {', '.join(known)}")
    return known[name]
