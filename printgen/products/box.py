"""A deck's tuck box: sized from the deck, decorated from templates, one PDF page.

Sizes and colours come from templates/box-tuck.yaml; a deck may override some of
them under its `box:` key (resolved by spec/box.py, laid out by layout/boxart.py).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printgen.layout.box import box_size
from printgen.layout.boxart import layout_box
from printgen.layout.leaflet import fold_style, folded_layers
from printgen.model import Deck, Paper
from printgen.model.box import TuckBox
from printgen.products.names import box_file
from printgen.render.pdf import render_pdf
from printgen.spec.box import tuck_box
from printgen.spec.fold import fold_facts, panel_for
from printgen.spec.printdata import print_facts
from printgen.units import Length, mm


def deck_box(deck: Deck, paper: Paper, thickness: float | None = None) -> TuckBox:
    """The deck's tuck box as a deck build makes it: deep enough for the folded
    leaflets of its rules texts, or their folded booklets where the deck prints them
    as booklets."""
    box = tuck_box(deck, thickness)
    if deck.rules_as != "booklet" or not deck.rules:
        return with_leaflets(box, deck, paper)
    # the Markdown reader and typesetting: only for a deck printing booklets
    from printgen.products.booklet import boxed, deck_booklets
    from printgen.spec.markdown import for_deck, load_rules
    booklets = deck_booklets(deck, [for_deck(load_rules(ref.path), deck.fonts) for ref in deck.rules], paper=paper)
    return boxed(box, [booklet for _, booklet, _ in booklets])


def with_leaflets(box: TuckBox, deck: Deck, paper: Paper) -> TuckBox:
    """The box made deep enough for the deck's folded rule leaflets, one for each of
    its rules texts (in place of one leaflet's allowance), where they outgrow it."""
    panel = panel_for(deck.size)
    if not deck.rules or panel is None or deck.rules_as == "booklet":
        return box
    from printgen.products.booklet import PAPER_THICKNESS
    layers = folded_layers(paper, fold_style(fold_facts(), panel))
    insert = len(deck.rules) * layers * PAPER_THICKNESS
    if insert <= box.facts.lengths["leaflet"]:
        return box
    return replace(box, options=replace(box.options, insert=insert))


def build_box(deck: Deck, box: TuckBox, *, out: Path, paper: Paper) -> Path:
    """Lay out and write the deck's tuck box PDF (FitError, naming papers that would do,
    when its net does not fit); returns its path."""
    file = box_file(deck, paper, layout_box(deck, box, paper, print_facts().papers.values()))
    return render_pdf(file.pages, out / file.name, title=file.title)


def describe(deck: Deck, box: TuckBox) -> str:
    """The box's inside size and what it is sized for, for `printgen box`'s summary."""
    size = box_size(deck, box.options, box.facts)
    beside = "" if box.options.insert is None else f" and folded rules of {Length(box.options.insert)}"
    return (f"inside {mm(size.inner_w):.1f} x {mm(size.inner_h):.1f} x {mm(size.depth):.1f} mm "
            f"({len(deck.cards)} cards x {Length(box.options.card_thickness)}{beside})")
