"""printgen rules: a game's rules (or any Markdown file) as a leaflet folded to card size."""

from __future__ import annotations

import argparse
from pathlib import Path

from printgen.cli.options import add_duplex, add_out, add_paper
from printgen.layout.sheet import Duplex
from printgen.products.rules import RulesBuild, build_rules, find_rules, fold_facts
from printgen.spec import display_path
from printgen.spec.printdata import paper

DESCRIPTION = """\
Set a rules text on card-sized panels (63 x 88 mm for poker) with crop and fold
marks. GAME is a built-in rules text (decks/rules/GAME.md) or a path to your own
Markdown file (headings, paragraphs, lists, bold, italic, tables, images).
Eight panels fit one side of landscape A4 or Letter: fold the sheet in half along
the middle (printed side out), then zig-zag on the fold marks. A longer text is
printed on both sides (sixteen panels): cut along the middle, and fold each strip
zig-zag. Panel 1 ends on top; the folio at each panel's foot gives the order."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("rules", parents=parents, help="build a folded rules leaflet",
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", help="game name or path to a Markdown file")
    parser.add_argument("--panel", choices=sorted(fold_facts().panels), default=fold_facts().default_panel,
                        help=f"panel size (default: {fold_facts().default_panel})")
    parser.add_argument("--deal", metavar="N", type=int, default=None,
                        help="jedi-temple only: add deal N's setup and Force rolls")
    add_paper(parser)
    add_duplex(parser)
    add_out(parser, "output/GAME")
    return parser


def run(args: argparse.Namespace) -> int:
    source = find_rules(args.game)
    out = args.out if args.out is not None else Path("output") / source.stem
    options = RulesBuild(out=out, paper=paper(args.paper), panel=args.panel,
                         duplex=Duplex(args.duplex), deal=args.deal)
    path, leaflet = build_rules(args.game, options)
    if not args.quiet:
        sides = "one side" if leaflet.sides == 1 else f"both sides (duplex {args.duplex})"
        print(f"{source.stem}: {leaflet.panels} of {leaflet.capacity} panels, {sides}")
        print(f"  {display_path(path)} ({args.paper}, {args.panel} panels)")
    return 0
