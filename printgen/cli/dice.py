"""printgen dice: one set of printable dice as cube nets with glue tabs."""

from __future__ import annotations

import argparse
from dataclasses import replace

from printgen.cli.options import add_out, add_paper, positive_length
from printgen.cli.verbs import SUMMARIES
from printgen.errors import InputError, PrintgenError, quoted
from printgen.layout.page import Page
from printgen.layout.pieces import dice_pages
from printgen.model import Paper
from printgen.model.pieces import Die
from printgen.model.turns import ONE_SIDED
from printgen.output import out_folder
from printgen.reading import display_path
from printgen.render.pdf import render_pdf
from printgen.spec.pieces import load_die
from printgen.spec.places import DICE, find
from printgen.spec.printdata import paper
from printgen.units import Length

DESCRIPTION = """\
Print a set of dice as cube nets: each face square drawn from the die's template,
glue tabs on the open seams, cut lines solid and fold lines dashed. NAME is a die
from decks/dice/ (its `count` says how many nets make the set)."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("dice", parents=parents, help=SUMMARIES["dice"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", metavar="NAME", help="a die of decks/dice/ (see 'printgen list'), "
                                                     "or a path to a die file")
    parser.add_argument("--edge", metavar="LENGTH", default=None,
                        help="edge length of the cube with a unit, e.g. 16mm (default: the die file's)")
    add_paper(parser)
    add_out(parser, "output/dice")
    return parser


def smaller_edge_pages(own: Die, die: Die, sheet: Paper, typed: str | None) -> list[Page]:
    """The die's nets; where --edge made the die too small to draw (its title no longer
    fits its net, a place its face template works out too small to write) while it
    draws at its own edge, the error names --edge, not the die's files."""
    try:
        return dice_pages([die], sheet)
    except PrintgenError as error:
        if die.edge >= own.edge:
            raise
        try:
            dice_pages([own], sheet)
        except PrintgenError:
            raise error from None
        raise InputError(f"--edge: expected a larger edge, got {quoted(str(typed))}: die {own.name!r} cannot be "
                         f"drawn that small ({error}); it is drawn at its own {Length(own.edge)} edges") from None


def run(args: argparse.Namespace) -> int:
    edge = positive_length(args.edge, "--edge")
    sheet = paper(args.paper)
    own = load_die(find(DICE, args.name))
    die = replace(own, edge=edge) if edge is not None else own
    pages = smaller_edge_pages(own, die, sheet, args.edge)
    out = out_folder(args.out, "dice")
    path = render_pdf(pages, out / f"{die.name}-{sheet.name}.pdf", title=die.title, sides=ONE_SIDED)
    if not args.quiet:
        print(f"{die.name}: {die.count} x {die.title}, {Length(die.edge)} edges")
        print(f"  {display_path(path)} ({len(pages)} page{'s' if len(pages) > 1 else ''}, {sheet.name})")
    return 0
