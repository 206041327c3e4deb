"""printgen calibrate: a two-sided page to measure a printer's back misregistration."""

from __future__ import annotations

import argparse

from printgen.cli.options import add_out, add_paper, turned
from printgen.cli.verbs import SUMMARIES
from printgen.layout.calibrate import calibration_pages
from printgen.model import Duplex
from printgen.model.turns import print_sides
from printgen.output import out_folder
from printgen.reading import display_path
from printgen.render.pdf import render_pdf
from printgen.spec.printdata import paper, print_facts


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser(
        "calibrate", parents=parents, help=SUMMARIES["calibrate"],
        description="Write a two-page PDF: print it on both sides of one sheet with the same "
                    "paper and duplex settings you will use for cards (turning it by hand: its "
                    "front says how, and 'printgen docs two-sided'), hold it against a light, front towards you: its turn check "
                    "shows whether the sheet was turned about the edge you named, and the rulers "
                    "give the X and Y back offsets; pass them to 'printgen build --back-offset X,Y'.")
    add_paper(parser)
    parser.add_argument("--duplex", choices=["long", "short"], default="long",
                        type=turned("a calibration sheet is read once it is turned over, its back behind its front"),
                        help="how the sheet is turned over for its back side, by your printer or by "
                             "hand: about its long edge or its short edge (default: long)")
    add_out(parser, "output")
    return parser


def run(args: argparse.Namespace) -> int:
    out = out_folder(args.out)
    path = out / f"calibrate-{args.paper}-{args.duplex}.pdf"
    render_pdf(calibration_pages(paper(args.paper), Duplex(args.duplex), print_facts().turn_check), path,
               title="printgen duplex calibration", sides=print_sides(Duplex(args.duplex)))
    if not args.quiet:
        print(f"{display_path(path)}: print both sides, then check the turn and read the offsets off the back")
    return 0
