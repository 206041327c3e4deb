"""Play aid files (decks/aids/NAME.yaml) -> Aid."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.model.aid import Aid, Stance
from printgen.spec.markdown import parse_markdown
from printgen.spec.places import display_path
from printgen.spec.printdata import print_facts
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file

AID_KEYS = ["title", "players", "player_colors", "colors", "stances", "areas", "attack", "defence",
            "sections", "fatigue", "card"]
COLOR_KEYS = ["ink", "accent", "space", "faint"]


def load_aid(path: Path) -> tuple[Aid, tuple[int, int]]:
    """Read and check an aid file; every problem is reported with its line."""
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), AID_KEYS, required=AID_KEYS[:-1])
    players = check.mapping(data.get("players"), ("players",), ["min", "max"], required=["min", "max"])
    low = check.integer(players.get("min"), ("players", "min"), default=2, minimum=1)
    high = check.integer(players.get("max"), ("players", "max"), default=2, minimum=low)
    colors = check.mapping(data.get("colors"), ("colors",), COLOR_KEYS, required=COLOR_KEYS)
    player_colors = tuple(str(c) for c in data.get("player_colors") or [])
    if len(player_colors) < high:
        check.fail(("player_colors",), f"expected a colour for each of up to {high} players, got {len(player_colors)}")
    areas = tuple(str(a) for a in data.get("areas") or [])
    stances = tuple(_stance(check, s, ("stances", i)) for i, s in enumerate(data.get("stances") or []))
    attack = check.mapping(data.get("attack"), ("attack",), ["own", "other", "club"], required=["own", "other", "club"])
    defence = check.mapping(data.get("defence"), ("defence",), [s.name for s in stances])
    for stance in stances:
        check.mapping(defence.get(stance.name), ("defence", stance.name), areas, required=areas)
    fatigue = check.mapping(data.get("fatigue"), ("fatigue",), ["start", "columns", "out", "counter"],
                            required=["start", "columns", "out", "counter"])
    columns = _columns(check, fatigue.get("columns"))
    start = check.integer(fatigue.get("start"), ("fatigue", "start"), default=0)
    if columns and columns[0][0] != start:
        check.fail(("fatigue", "columns"), f"expected the track to begin at the start value {start}")
    sections = check.text(data.get("sections"), ("sections",))
    size = print_facts().card_sizes.get(str(data.get("card") or "poker"))
    if size is None:
        check.fail(("card",), f"expected a card size preset ({', '.join(print_facts().card_sizes)})")
    counter = check.length(fatigue.get("counter"), ("fatigue", "counter"))
    out = check.integer(fatigue.get("out"), ("fatigue", "out"), default=0)
    check.raise_errors()
    line = doc.line(("sections",)) or 0
    blocks = tuple(parse_markdown(sections, path, line_offset=line))
    aid = Aid(str(data["title"]), display_path(path), {k: str(v) for k, v in colors.items()},
              player_colors, stances, areas, {k: str(v) for k, v in attack.items()},
              {k: {a: str(m) for a, m in v.items()} for k, v in defence.items()}, blocks, columns,
              out, counter, (size.width, size.height))
    return aid, (low, high)


def _stance(check: Checker, raw: Any, path: tuple) -> Stance:
    data = check.mapping(raw, path, ["name", "suit", "perk"], required=["name", "suit", "perk"])
    return Stance(*(check.text(data.get(k), path + (k,), default="") for k in ("name", "suit", "perk")))


def _columns(check: Checker, raw: Any) -> tuple[tuple[int, ...], ...]:
    """[["21", "15"], ...] -> each column's values from the top (highest) down."""
    if not isinstance(raw, list) or not raw:
        check.fail(("fatigue", "columns"), "expected a list of [top, bottom] pairs")
        return ()
    columns = []
    for i, pair in enumerate(raw):
        if not isinstance(pair, list) or len(pair) != 2:
            check.fail(("fatigue", "columns", i), "expected a [top, bottom] pair such as [21, 15]")
            continue
        top = check.integer(pair[0], ("fatigue", "columns", i, 0), default=0)
        bottom = check.integer(pair[1], ("fatigue", "columns", i, 1), default=0)
        columns.append(tuple(range(top, bottom - 1, -1)))
    return tuple(columns)
