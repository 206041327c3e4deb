"""Whether a deck's box fits a paper, in its style (model/box.py): the tuck box's net,
the two-piece box's nets on one sheet or two; the errors that say what does not fit
and which paper would hold it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from printgen.errors import FitError
from printgen.layout.box import box_size, tuck_net
from printgen.layout.boxart import sheet_for, tray_sheets, two_nets
from printgen.model import Deck, Paper
from printgen.model.box import STYLES, TRAY, TUCK, TuckBox
from printgen.units import mm


def fits(deck: Deck, box: TuckBox, paper: Paper) -> bool:
    """Whether the box's nets fit paper, in its style."""
    try:
        check_paper(deck, box, paper, ())
    except FitError:
        return False
    return True


def check_paper(deck: Deck, box: TuckBox, paper: Paper, papers: Iterable[Paper]) -> None:
    """FitError, naming the papers that would do, when the box's nets do not fit paper
    (a tuck box's naming the two-piece box where that fits); for a box of no style,
    saying that neither the tuck box nor the two-piece box does."""
    bleed, style = box.facts.lengths["bleed"], box.options.style
    if style == TUCK:
        try:
            sheet_for(tuck_net(box_size(deck, box.options, box.facts)), paper, bleed, papers)
        except FitError as error:
            if fits(deck, replace(box, options=replace(box.options, style=TRAY)), paper):
                raise FitError(f"{error}; or --style tray, a two-piece box, which fits {paper.name}") from None
            raise
    elif style == TRAY:
        tray_sheets(two_nets(deck, box), paper, bleed, papers)
    else:
        raise neither_fits(deck, box, paper, papers)


def neither_fits(deck: Deck, box: TuckBox, paper: Paper, papers: Iterable[Paper]) -> FitError:
    """The error for a deck whose tuck box's net does not fit paper, nor its two-piece
    box's larger net (the lid's), with the papers of papers where one of them would."""
    bleed = box.facts.lengths["bleed"]
    tuck, lid = tuck_net(box_size(deck, box.options, box.facts)), two_nets(deck, box)[1]
    others = [sheet.name for sheet in papers if sheet.name != paper.name
              and any(fits(deck, replace(box, options=replace(box.options, style=style)), sheet) for style in STYLES)]
    known = ", ".join(dict.fromkeys([paper.name, *(sheet.name for sheet in papers)]))
    hint = f"use --paper {others[0]}" if others else f"no paper printgen prints on ({known}) holds either"
    return FitError(f"neither box fits {paper.name}: the tuck box net needs {mm(tuck.width + 2 * bleed):.1f} x "
                    f"{mm(tuck.height + 2 * bleed):.1f} mm with bleed and the two-piece box's lid net "
                    f"{mm(lid.width + 2 * bleed):.1f} x {mm(lid.height + 2 * bleed):.1f} mm, but {paper.name} holds "
                    f"{mm(paper.width - 2 * paper.margin):.1f} x {mm(paper.height - 2 * paper.margin):.1f} mm "
                    f"inside its printer margin (portrait or landscape); {hint}")
