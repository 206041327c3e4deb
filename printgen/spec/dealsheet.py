"""templates/deal-sheet.yaml -> SheetData: the deal sheet's style and texts, checked
(every problem named by file and line)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.errors import InputError
from printgen.model.dealsheet import SheetData, SheetStyle
from printgen.reading import display_path
from printgen.spec.places import roots
from printgen.spec.schema import Checker
from printgen.spec.template import load_template
from printgen.spec.yamlload import load_file

SHEET_FILE = "deal-sheet.yaml"
COLOUR_KEYS = ["ink", "muted", "rule", "tint", "positive", "negative", "sylop", "star"]    # each one the sheet uses
RATING_KEYS = ["verdict", "unwinnable", "undecided", "explained", "explained_recycle",
               "recycles", "recycles_none", "recycles_open", "recycles_open_fewer", "recycles_open_needed",
               "shortest", "short", "house_one", "house_many", "house_discard_sylop",
               "house_sylop_group", "house_pile_group", "no_stars",
               "no_stars_undecided"]
RULE_KEYS = ["title", "deck", "temple", "draw", "discard", "credit", "setup", "hidden", "rolls",
             "key"]


def template_file(name: str) -> Path:
    """A file of templates/, the current folder's first, then printgen's own."""
    for root, _ in roots():
        path = root / "templates" / name
        if path.is_file():
            return path
    raise InputError(f"templates/{name}: not found in {', '.join(str(root) for root, _ in roots())}")


@lru_cache(maxsize=4)
def sheet_data(path: Path | None = None) -> SheetData:
    """Load and check the sheet's data file; every problem named by file and line."""
    path = path or template_file(SHEET_FILE)
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    top = check.mapping(doc.data, (), ["colors", "page", "temple", "setup", "rules", "levels",
                                       "rating", "challenge"],
                        required=["colors", "page", "temple", "setup", "rules", "levels",
                                  "rating", "challenge"])
    temple = check.mapping(top.get("temple"), ("temple",), ["card_scale", "min_scale", "gap", "row_step"],
                           required=["card_scale", "min_scale", "gap", "row_step"])
    setup = check.mapping(top.get("setup"), ("setup",), ["columns", "cell_height"],
                          required=["columns", "cell_height"])
    page = check.mapping(top.get("page"), ("page",), ["margin"], required=["margin"])
    colors = check.mapping(top.get("colors"), ("colors",), COLOUR_KEYS, required=COLOUR_KEYS)
    style = SheetStyle(
        colors={str(k): check.colour(v, ("colors", k)) for k, v in colors.items()},
        margin=check.length(page.get("margin"), ("page", "margin")),
        card_scale=_fraction(check, temple.get("card_scale"), ("temple", "card_scale")),
        min_scale=_fraction(check, temple.get("min_scale"), ("temple", "min_scale")),
        gap=check.length(temple.get("gap"), ("temple", "gap")),
        row_step=_fraction(check, temple.get("row_step"), ("temple", "row_step")),
        columns=check.integer(setup.get("columns"), ("setup", "columns"), minimum=1),
        cell_height=check.length(setup.get("cell_height"), ("setup", "cell_height")))
    rules = {}
    for name, item in (top.get("rules") or {}).items():
        entry = check.mapping(item, ("rules", name), RULE_KEYS, required=["title", "temple", "credit", "setup", "key"])
        rules[name] = {k: check.text(entry.get(k), ("rules", name, k), "") for k in RULE_KEYS}
    levels = {}
    for name, item in (top.get("levels") or {}).items():
        entry = check.mapping(item, ("levels", name), ["title", "rules"], required=["title", "rules"])
        levels[name] = {k: check.text(entry.get(k), ("levels", name, k)) for k in ("title", "rules")}
    rating = check.mapping(top.get("rating"), ("rating",), RATING_KEYS, required=RATING_KEYS)
    challenge = check.mapping(top.get("challenge"), ("challenge",), ["scan_limit", "use", "notes"],
                              required=["scan_limit", "use", "notes"])
    rating_data = {k: check.text(rating.get(k), ("rating", k)) for k in RATING_KEYS}
    challenge_data = {"scan_limit": check.integer(challenge.get("scan_limit"),
                                                  ("challenge", "scan_limit"), minimum=1),
                      "use": check.text(challenge.get("use"), ("challenge", "use")),
                      "notes": check.text(challenge.get("notes"), ("challenge", "notes"))}
    check.raise_errors()
    return SheetData(style, rules, levels, rating_data, challenge_data,
                     load_template(template_file("deal-die.yaml")), load_template(template_file("deal-minicard.yaml")))


def _fraction(check: Checker, value: Any, path: tuple) -> float:
    try:
        number = float(str(value))
    except ValueError:
        number = -1.0
    if not 0.0 <= number <= 1.0:
        check.fail(path, f"expected a number from 0 to 1, got {value!r}")
        return 0.0
    return number
