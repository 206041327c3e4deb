"""Play aid files (decks/aids/NAME.yaml) -> Aid.

An aid is data plus templates, like a deck: `pages` lists the template of each page
(`each: player` prints it once per player) and `fields` is the data those templates
print, reached as `aid.*` (see docs/rules-and-boxes.md, "Play aids").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.errors import InputError
from printgen.model.aid import Aid, AidPage
from printgen.reading import display_path
from printgen.spec.places import find_template
from printgen.spec.schema import Checker
from printgen.spec.template import load_template
from printgen.spec.yamlload import KeyPath, load_file

AID_KEYS = ["title", "players", "sheet", "pages", "fields"]
PAGE_KEYS = ["template", "each"]


def load_aid(path: Path, player_count: int) -> Aid:
    """Read and check an aid file (every problem is reported with its line), check that
    it is for this many players, then load its pages' templates."""
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), AID_KEYS, required=["title", "players", "pages", "fields"])
    players = check.mapping(data.get("players"), ("players",), ["min", "max", "colors"],
                            required=["min", "max", "colors"])
    low = check.integer(players.get("min"), ("players", "min"), default=1, minimum=1)
    high = check.integer(players.get("max"), ("players", "max"), default=low, minimum=low)
    colors = _colours(check, players.get("colors"), high)
    sheet = check.choice(data.get("sheet"), ("sheet",), ["portrait", "landscape"], "portrait")
    pages = _pages(check, path, data.get("pages"))
    fields = check.mapping(data.get("fields"), ("fields",), list(data.get("fields") or {}))
    _text_only(check, fields, ("fields",))
    check.raise_errors()
    title = check.text(data["title"], ("title",))
    if not low <= player_count <= high:
        raise InputError(f"--players: {title} is for {low} to {high} players, got {player_count}")
    loaded = tuple(AidPage(load_template(template), per_player) for template, per_player in pages)
    return Aid(path.stem, title, doc.source, low, high,
               tuple(colors), sheet == "landscape", loaded, fields)


def _colours(check: Checker, raw: Any, players: int) -> list[str]:
    """The players' colours, one for each of the most players at least, each '#rrggbb'
    or '#rgb' (as every colour printgen reads), as '#rrggbb'."""
    if not isinstance(raw, list) or len(raw) < players:
        check.fail(("players", "colors"), f"expected a list of at least {players} colours such as '#b03a2e'")
        return []
    return [check.colour(value, ("players", "colors", i)) for i, value in enumerate(raw)]


def _pages(check: Checker, path: Path, raw: Any) -> list[tuple[Path, bool]]:
    """Each page's template file and whether it is printed per player (the templates
    are loaded once the aid file itself is found sound)."""
    if not isinstance(raw, list) or not raw:
        check.fail(("pages",), "expected a list of pages such as [{template: my-aid-page}]")
        return []
    pages = []
    for i, item in enumerate(raw):
        where: KeyPath = ("pages", i)
        entry = check.mapping(item, where, PAGE_KEYS, required=["template"])
        each = check.choice(entry.get("each"), where + ("each",), ["player"], "")
        name = check.text(entry.get("template"), where + ("template",))
        if name:
            pages.append((find_template(name, path, f"{check.doc.source}:{check.doc.line(where)} "
                                                    f"pages[{i}].template"), each == "player"))
    return pages


def _text_only(check: Checker, value: Any, path: KeyPath) -> None:
    """The aid's data: text, lists and mappings of text (nothing left empty)."""
    if isinstance(value, dict):
        for key, item in value.items():
            _text_only(check, item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _text_only(check, item, path + (i,))
    elif value is None:
        check.fail(path, "expected text, a list or a mapping, got nothing")
