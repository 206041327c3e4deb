"""A deck's tuck box: sized from the deck, decorated from templates, one PDF page.

Sizes and colours come from templates/box-tuck.yaml; a deck may override some of
them under its `box:` key (resolved by spec/box.py, laid out by layout/boxart.py).
"""

from __future__ import annotations

from pathlib import Path

from printgen.layout.box import box_size
from printgen.layout.boxart import layout_box
from printgen.model import Deck, Paper
from printgen.model.box import BoxOptions
from printgen.products.extras import box_file
from printgen.render.pdf import render_pdf
from printgen.spec.box import box_facts, tuck_box
from printgen.spec.printdata import print_facts
from printgen.units import Length, mm


def build_box(deck: Deck, *, out: Path, paper: Paper, thickness: float | None = None) -> Path:
    """Lay out and write the deck's tuck box PDF (FitError, naming papers that would do,
    when its net does not fit); returns its path."""
    box = tuck_box(deck, thickness)
    file = box_file(deck, paper, layout_box(deck, box, paper, print_facts().papers.values()))
    return render_pdf(file.pages, out / file.name, title=file.title)


def describe(deck: Deck, options: BoxOptions) -> str:
    """The box's inside size and what it is sized for, for `printgen box`'s summary."""
    size = box_size(deck, options, box_facts())
    return (f"inside {mm(size.inner_w):.1f} x {mm(size.inner_h):.1f} x {mm(size.depth):.1f} mm "
            f"({len(deck.cards)} cards x {Length(options.card_thickness)})")
