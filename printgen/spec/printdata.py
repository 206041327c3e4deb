"""The built-in print facts (card size presets, papers, crop marks, the calibration
sheet's turn check) from data/print.yaml."""

from __future__ import annotations

from functools import lru_cache

from printgen.builtin import data_dir
from printgen.errors import InputError, quoted
from printgen.frozen import frozen
from printgen.model import CardSize, Marks, Paper, TurnCheck
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file


@frozen
class PrintFacts:
    """The print facts of data/print.yaml: card sizes, papers, defaults and the
    calibration sheet's turn check."""

    card_sizes: dict[str, CardSize]
    papers: dict[str, Paper]     # each with the crop marks and fold-over gutter printgen draws on it
    defaults: dict[str, str]
    turn_check: TurnCheck
    paper_thickness: float       # a sheet of printing paper (points): folded leaflets and booklets


@lru_cache(maxsize=1)
def print_facts() -> PrintFacts:
    doc = load_file(data_dir() / "print.yaml")
    check = Checker(doc)
    data = doc.data
    sizes = {name: CardSize(check.length(v["width"], ("card_sizes", name, "width")),
                            check.length(v["height"], ("card_sizes", name, "height")), name)
             for name, v in data["card_sizes"].items()}
    crop = data["crop_marks"]
    marks = Marks(check.length(crop["gap"], ("crop_marks", "gap")),
                  check.length(crop["length"], ("crop_marks", "length")),
                  check.length(crop["width"], ("crop_marks", "width")),
                  check.length(data["fold_over"]["gutter"], ("fold_over", "gutter")),
                  check.length(crop["shortest"], ("crop_marks", "shortest")),
                  check.length(data["card_sheets"]["bleed"], ("card_sheets", "bleed")),
                  *_slug(check, data.get("slug")))
    papers = {name: Paper(name, check.length(v["width"], ("papers", name, "width")),
                          check.length(v["height"], ("papers", name, "height")),
                          check.length(v["margin"], ("papers", name, "margin")), marks)
              for name, v in data["papers"].items()}
    thickness = check.length(data["defaults"].get("paper_thickness"), ("defaults", "paper_thickness"), positive=True)
    facts = PrintFacts(sizes, papers, dict(data["defaults"]), _turn_check(check, data.get("calibration")), thickness)
    check.raise_errors()
    return facts


def _slug(check: Checker, raw: object) -> tuple[float, float]:
    """print.yaml's `slug`: its type size and its scale bar's length, each greater than 0."""
    given = check.mapping(raw, ("slug",), ["type", "scale_bar"], required=["type", "scale_bar"])
    return (check.length(given.get("type"), ("slug", "type"), positive=True),
            check.length(given.get("scale_bar"), ("slug", "scale_bar"), positive=True))


def _turn_check(check: Checker, raw: object) -> TurnCheck:
    """print.yaml's `calibration`: the boxes' side and the square's, smaller than the boxes."""
    given = check.mapping(raw, ("calibration",), ["box", "square"], required=["box", "square"])
    found = TurnCheck(check.length(given.get("box"), ("calibration", "box"), positive=True),
                      check.length(given.get("square"), ("calibration", "square"), positive=True))
    if found.square >= found.box:
        check.fail(("calibration", "square"), f"expected less than calibration.box, {given.get('box')}; "
                                              f"got {given.get('square')}")
    return found


def paper(name: str) -> Paper:
    papers = print_facts().papers
    if name not in papers:
        raise InputError(f"unknown paper {quoted(name)}; expected one of {', '.join(papers)}")
    return papers[name]


def size_preset(size: CardSize) -> str | None:
    """The preset a card size is, by its measurements (to half a point): a deck that
    spells out 63.5 x 88.9 mm is a poker deck as much as one that says `poker`."""
    for name, preset in print_facts().card_sizes.items():
        if abs(size.width - preset.width) <= 0.5 and abs(size.height - preset.height) <= 0.5:
            return name
    return None
