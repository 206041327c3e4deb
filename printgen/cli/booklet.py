"""printgen booklet: a rules text (built-in or your Markdown) as a booklet of any length."""

from __future__ import annotations

import argparse
import sys

from printgen.cli.options import (
    add_back_offset,
    add_out,
    add_paper,
    back_offset,
    positive_length,
    turned,
)
from printgen.cli.verbs import SUMMARIES
from printgen.errors import note_line
from printgen.model import Duplex
from printgen.model.box import THINNEST
from printgen.output import out_folder
from printgen.products.booklet import (
    BookletBuild,
    build_booklet,
    describe,
)
from printgen.products.rules import find_rules, text_language
from printgen.reading import display_path
from printgen.spec.languages import DEFAULT, words
from printgen.spec.printdata import paper, print_facts
from printgen.units import pt

MAX_THICKNESS = pt(0.5)        # 0.5 mm, thin card: thicker sheets do not fold into a booklet

DESCRIPTION = """\
Set a rules text as a booklet: a cover, a contents page, then the text with page
numbers and running heads, as many pages as it needs. TEXT is a built-in rules text
(decks/rules/TEXT.md) or a path to your own Markdown file. Two files: the sheets to
print on both sides (fold and staple along the middle; for a6 and card sizes, cut the
stack along the solid marks first and stack the piles as 'printgen docs
rules-and-boxes' shows), and a reading copy with bookmarks and a linked contents,
for a screen."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("booklet", parents=parents, help=SUMMARIES["booklet"], description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("text", metavar="TEXT", help="rules name or path to a Markdown file")
    parser.add_argument("--size", default="a5",
                        help="page size: a5 (half the paper, folded once), a6 (a quarter: cut, stacked, "
                             "folded), a card size (poker, bridge, mini ...) or a deck name, so that the "
                             "booklet fits the deck's tuck box (default: a5)")
    add_paper(parser)
    parser.add_argument("--duplex", choices=["long", "short"], default="long",
                        type=turned("a booklet's sheets are printed on both sides and folded into its pages"),
                        help="how the sheet is turned over for its back, by your printer or by hand: "
                             "about its long edge or its short edge (default: long)")
    add_back_offset(parser, "the back pages")
    parser.add_argument("--paper-thickness", metavar="LENGTH", default=None,
                        help="the paper's thickness, for the inner sheets' creep (default: office paper "
                             "of 80 g/m2, the house default paper_thickness in printgen/data/print.yaml; see "
                             "'printgen docs print-facts')")
    add_out(parser, "output/TEXT")
    return parser


def run(args: argparse.Namespace) -> int:
    rules = find_rules(args.text)
    thickness = positive_length(args.paper_thickness, "--paper-thickness", least=THINNEST, most=MAX_THICKNESS)
    offset = back_offset(args.back_offset)
    lang, note = text_language(rules, DEFAULT)      # the front matter's: the words printgen adds are in it
    options = BookletBuild(out=out_folder(args.out, rules.name), paper=paper(args.paper), size=args.size,
                           duplex=Duplex(args.duplex), back_offset=offset,
                           thickness=print_facts().paper_thickness if thickness is None else thickness,
                           contents=words(lang).contents, captions=words(lang).captions)
    paths, booklet = build_booklet(rules, options)
    if not args.quiet:
        for said in filter(None, [note, *booklet.notes]):
            print(note_line(said), file=sys.stderr)
        print(f"{rules.name}: booklet, {describe(booklet)}")
        print(f"  {display_path(paths[0])} (print on both sides, {args.paper}, duplex {args.duplex})")
        print(f"  {display_path(paths[1])} (reading copy)")
    return 0
