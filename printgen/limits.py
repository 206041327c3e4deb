"""The bounds of every resource input can ask for, with their reasons: data/limits.yaml.

    from printgen.limits import limit
    MAX_CARDS = limit("deck_cards")

The file is printgen's own (not user input), read once with the plain safe loader.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def limits() -> dict[str, tuple[int | float, str]]:
    """Every bound by key: (value, reason)."""
    import yaml

    from printgen.builtin import data_dir
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    text = (data_dir() / "limits.yaml").read_text(encoding="utf-8")
    data = yaml.load(text, Loader=loader)
    return {key: (entry["value"], entry["why"]) for key, entry in data.items()}


def limit(key: str) -> int | float:
    """The bound named key, a whole or a decimal number as the file gives it."""
    return limits()[key][0]


def whole_limit(key: str) -> int:
    """The bound named key where it counts something (bytes, rows, jobs, deals): a whole
    number, or printgen's own file is wrong."""
    value = limits()[key][0]
    if not isinstance(value, int):
        raise TypeError(f"printgen/data/limits.yaml: {key} is {value!r}; expected a whole number")
    return value
