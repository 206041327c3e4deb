"""Leaflet facts (decks/rules/folds.yaml): panel sizes, type and how it is made smaller,
and a booklet's body type -> FoldFacts."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printgen.model import CardSize
from printgen.model.text import (
    HEADING_STYLE_NAMES,
    BookType,
    FoldFacts,
    FoldType,
    RulesText,
    TypeSteps,
)
from printgen.reading import display_path
from printgen.spec.places import builtin_file
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file

TOP_KEYS = ["panels", "default_panel", "margin", "type", "smaller", "booklet", "colors"]
TYPE_KEYS = ["body", "headings", "heading_styles", "table", "folio", "line_height", "gap", "indent"]
SMALLER_KEYS = ["step", "least_body", "one_side", "least"]
BOOKLET_KEYS = ["body", "width", "least_body"]


def folds_file() -> Path:
    return builtin_file("decks", "rules", "folds.yaml")


@lru_cache(maxsize=1)
def fold_facts() -> FoldFacts:
    path = folds_file()
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), TOP_KEYS, required=TOP_KEYS)
    raw_panels = data.get("panels") or {}
    panels = {}
    for name, value in check.mapping(raw_panels, ("panels",), list(raw_panels)).items():
        size = check.mapping(value, ("panels", name), ["width", "height"], required=["width", "height"])
        panels[name] = (check.length(size.get("width"), ("panels", name, "width")),
                        check.length(size.get("height"), ("panels", name, "height")))
    default = check.choice(data.get("default_panel"), ("default_panel",), list(panels), next(iter(panels), ""))
    kind = check.mapping(data.get("type"), ("type",), TYPE_KEYS, required=TYPE_KEYS)
    headings = kind.get("headings")
    if not isinstance(headings, list) or not headings:
        check.fail(("type", "headings"), "expected a list of heading sizes such as [10pt, 8pt, 7pt]")
        headings = []
    styles = kind.get("heading_styles")
    if not isinstance(styles, list) or not styles:
        check.fail(("type", "heading_styles"), f"expected a list of heading styles ({', '.join(HEADING_STYLE_NAMES)}) "
                                               f"such as [bold, bold, italic]")
        styles = []
    colors = check.mapping(data.get("colors"), ("colors",), ["ink", "accent"], required=["ink", "accent"])
    type_ = FoldType(
        margin=check.length(data.get("margin"), ("margin",)),
        body=check.length(kind.get("body"), ("type", "body")),
        headings=tuple(check.length(v, ("type", "headings", i)) for i, v in enumerate(headings)),
        table=check.length(kind.get("table"), ("type", "table")),
        folio=check.length(kind.get("folio"), ("type", "folio")),
        line_height=check.number(kind.get("line_height"), ("type", "line_height"), minimum=0.5, maximum=4.0),
        gap=check.length(kind.get("gap"), ("type", "gap")),
        indent=check.length(kind.get("indent"), ("type", "indent")),
        ink=check.colour(colors.get("ink"), ("colors", "ink")),
        accent=check.colour(colors.get("accent"), ("colors", "accent")),
        heading_styles=tuple(check.choice(v, ("type", "heading_styles", i), HEADING_STYLE_NAMES, "bold")
                             for i, v in enumerate(styles)))
    smaller = TypeSteps(*_sizes(check, data.get("smaller"), "smaller", SMALLER_KEYS,
                                (type_.body, kind.get("body"), "type.body")))
    booklet = BookType(*_sizes(check, data.get("booklet"), "booklet", BOOKLET_KEYS))
    check.raise_errors()
    return FoldFacts(panels, default, type_, smaller, booklet)


def _sizes(check: Checker, raw: object, section: str, keys: list[str],
           body: tuple[float, object, str] | None = None) -> list[float]:
    """folds.yaml's `smaller` or `booklet` (section), its keys in order: every size
    greater than 0, its least_body no larger than the body (body: its points, as given,
    and its key, where it is not the section's own)."""
    given = check.mapping(raw, (section,), keys, required=keys)
    sizes = {key: check.length(given.get(key), (section, key), positive=True) for key in keys}
    most, most_given, name = body or (sizes["body"], given.get("body"), f"{section}.body")
    if sizes["least_body"] > most + 1e-9:
        check.fail((section, "least_body"), f"expected at most {name}, {most_given}; "
                                            f"got {given.get('least_body')}")
    return list(sizes.values())


def panel_for(size: CardSize) -> str | None:
    """The largest panel of folds.yaml that fits inside cards of `size`, so the folded
    leaflet goes into the deck's tuck box; None where none does."""
    fitting = [(w * h, name) for name, (w, h) in fold_facts().panels.items()
               if w <= size.width + 1e-6 and h <= size.height + 1e-6]
    return max(fitting)[1] if fitting else None


def rules_panel(rules: RulesText) -> str:
    """The panel a rules text is set on by default: the one that fits the deck its
    front matter names, else folds.yaml's default."""
    from printgen.spec import load_deck
    panel = panel_for(load_deck(rules.deck).size) if rules.deck is not None else None
    return panel or fold_facts().default_panel
