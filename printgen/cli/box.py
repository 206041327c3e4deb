"""printgen box: a deck's tuck box as a one-page PDF."""

from __future__ import annotations

import argparse
from pathlib import Path

from printgen.cli.options import add_out, add_paper, positive_length
from printgen.products.box import box_options, build_box, describe
from printgen.spec import display_path, load_deck
from printgen.spec.printdata import paper

DESCRIPTION = """\
Make a deck's tuck box: a double-tuck box net sized from the deck (card size plus
clearance, card count x card thickness), with solid cut lines, dashed fold lines,
bleed on the printed panels, the deck's back art and title on the front, the game's
name on the sides and a contents list on the back. It is placed portrait or
landscape, whichever fits; if neither does, the error says which paper would."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("box", parents=parents, help="build a deck's tuck box",
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("deck", metavar="DECK", help="deck name or path to a deck file")
    parser.add_argument("--thickness", metavar="LENGTH", default=None,
                        help="thickness of one card, e.g. 0.32mm (default: the deck's box.thickness "
                             "or card_thickness, else printgen's default)")
    add_paper(parser)
    add_out(parser, "output/DECK")
    return parser


def run(args: argparse.Namespace) -> int:
    thickness = positive_length(args.thickness, "--thickness")
    deck = load_deck(args.deck)
    out = args.out if args.out is not None else Path("output") / deck.name
    path = build_box(deck, out=out, paper=paper(args.paper), thickness=thickness)
    if not args.quiet:
        print(f"{deck.name}: tuck box {describe(deck, box_options(deck, thickness))}")
        print(f"  {display_path(path)} ({args.paper})")
    return 0
