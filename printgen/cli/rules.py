"""printgen rules: a game's rules (or any Markdown file) as a leaflet folded to card size."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from printgen.cli.options import (
    add_back_offset,
    add_duplex,
    add_out,
    add_paper,
    back_offset,
    deal_number,
)
from printgen.cli.verbs import SUMMARIES
from printgen.errors import FitError, note_line
from printgen.layout.leaflet import TooManyPanels
from printgen.model import Duplex
from printgen.output import out_folder
from printgen.products.rules import RulesBuild, build_rules, find_rules, text_language
from printgen.reading import display_path
from printgen.spec.fold import rules_panel
from printgen.spec.languages import DEFAULT
from printgen.spec.original import with_original
from printgen.spec.printdata import paper

DESCRIPTION = """\
Set a rules text on card-sized panels (63 x 88 mm for poker) with crop and fold
marks. GAME is a built-in rules text (decks/rules/GAME.md) or a path to your own
Markdown file (headings, paragraphs, lists, bold, italic, tables, images).
Eight panels fit one side of landscape A4 or Letter: first cut the sheet on the
solid crop marks (folded untrimmed, the leaflet is too tall for the tuck box), then
fold it in half along the middle (printed side out) and zig-zag on the dashed fold
marks. A longer text is printed on both sides (sixteen panels): cut on the crop
marks and along the middle, and fold each strip zig-zag. Panel 1 ends on top; the
folio at each panel's foot gives the order.
A right-to-left text (Arabic, Hebrew) is read from the right: panel 1 is at the
right end of the top row. A text whose front matter names its deck (`deck:`) is
set with that deck's fonts too."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("rules", parents=parents, help=SUMMARIES["rules"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", help="game name or path to a Markdown file")
    parser.add_argument("--panel", default=None,
                        help="panel size, a name of decks/rules/folds.yaml: poker, bridge or a7 "
                             "(default: the largest that fits the rules text's deck, named in its "
                             "front matter; else folds.yaml's default_panel)")
    parser.add_argument("--deal", metavar="N", default=None,
                        help="add deal N's setup and Force rolls (jedi-temple: a rules text "
                             "whose front matter names a deal insert)")
    parser.add_argument("--original", metavar="FILE", type=Path, default=None,
                        help="set your own copy of GAME's original rules (Markdown, or plain "
                             "text: one paragraph a line) unchanged, under the credit line of "
                             "GAME's rules text (jedi-temple)")
    add_paper(parser)
    add_duplex(parser, none="printed on one side only, folded in half; a text too long for one side is "
                            "an error")
    add_back_offset(parser, "a two-sided leaflet's back page", default=None)
    add_out(parser, "output/GAME")
    return parser


def run(args: argparse.Namespace) -> int:
    rules = find_rules(args.game)
    out = out_folder(args.out, rules.name)      # the game's folder, an --original copy's too
    if args.original is not None:
        rules = with_original(rules, args.original)
    panel = args.panel or rules_panel(rules)
    options = RulesBuild(out=out, paper=paper(args.paper), panel=panel,
                         duplex=Duplex(args.duplex),
                         deal=None if args.deal is None else deal_number(args.deal, "--deal"),
                         back_offset=back_offset(args.back_offset))
    try:
        path, leaflet = build_rules(rules, options)
    except TooManyPanels as error:
        if args.original is not None or args.deal is not None:
            raise
        raise FitError(f"{error}; a rules text of any length makes a booklet to fold and staple: "
                       f"printgen booklet {shlex.quote(args.game)}") from None
    _, note = text_language(rules, DEFAULT)     # a language printgen has no words in: said once
    if not args.quiet:
        for said in filter(None, [note, *leaflet.notes]):
            print(note_line(said), file=sys.stderr)
        sides = "one side" if leaflet.sides == 1 else f"both sides (duplex {args.duplex})"
        print(f"{rules.name}: {leaflet.panels} of {leaflet.capacity} panels, {sides}")
        print(f"  {display_path(path)} ({args.paper}, {panel} panels)")
    return 0
