"""printgen box: a deck's box as a PDF: a tuck box, or a tray and a lid where that does not fit."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from printgen.cli.options import add_lang, add_out, add_paper, given, positive_length, word
from printgen.cli.verbs import SUMMARIES
from printgen.errors import InputError, note_line
from printgen.model import Deck
from printgen.model.box import THINNEST
from printgen.output import ensure_dir, out_folder
from printgen.products.box import build_box, deck_box, describe, made
from printgen.reading import display_path
from printgen.spec import load_deck
from printgen.spec.languages import missing_words
from printgen.spec.printdata import paper
from printgen.units import mm_text

DESCRIPTION = """\
Make a deck's tuck box: a double-tuck box net sized from the deck (card size plus
clearance, card count x card thickness), with solid cut lines, dashed fold lines,
bleed on the printed panels, the deck's back art and title on the front, the game's
name on the sides and a contents list on the back. It is placed portrait or
landscape, whichever fits. Cards that go in sleeves need a wider, taller and deeper
box: --sleeved. A box the build does not make says how in its file's name
(DECK-box-sleeved-PAPER.pdf, DECK-box-0.5mm-PAPER.pdf with --thickness,
DECK-box-tray-PAPER.pdf with --style tray), so it keeps the build's box beside it.

Where the tuck box's net does not fit the paper (many cards, large cards, cards in
sleeves), it makes a two-piece box instead, and says so: a tray the cards lie in
and a lid that slides down over it, each a net of its own (on one sheet where they
fit together), with the same inside, the deck's back art and title on the lid, the
game's name on the lid's sides and the contents under the tray. --style tray makes
the two-piece box even where the tuck box fits. If neither box fits, the error says
which paper would hold it.

With --for tgc it writes The Game Crafter's tuck box art instead: one PNG laid on
the smallest of its poker tuck boxes that holds the deck
(see 'printgen docs print-shops').

With --lang it makes the box of the deck in one of its languages (its `languages:`
key): its texts in that language, its file named with it, as 'printgen build --lang'
names it (output/DECK-LANG/DECK-LANG-box-PAPER.pdf); with --lang all, one in each."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("box", parents=parents, help=SUMMARIES["box"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("deck", metavar="DECK", help="deck name or path to a deck file")
    parser.add_argument("--thickness", metavar="LENGTH", default=None,
                        help="thickness of one card, e.g. 0.32mm (default: the deck's box.thickness "
                             "or card_thickness, else printgen's default)")
    parser.add_argument("--sleeved", action="store_true",
                        help="size the box for the cards in sleeves: 3 mm wider and taller, and 0.2 mm "
                             "thicker each, than the bare cards (standard sleeves, 66 x 91 mm on poker "
                             "cards); with --thickness, that is the bare card's")
    parser.add_argument("--style", metavar="STYLE", choices=["tuck", "tray"], type=word, default=None,
                        help="tuck (a one-piece double-tuck box) or tray (a two-piece box: a tray and a lid "
                             "that slides over it, a net each) (default: the tuck box where its net fits "
                             "the paper, else the tray and lid)")
    parser.add_argument("--for", dest="target", metavar="PROFILE", default=None,
                        help="write a print shop's box art instead of the PDF: tgc (The Game Crafter); "
                             "--paper, --thickness, --sleeved and --style are refused with it")
    parser.add_argument("--strict", action="store_true",
                        help="with --for: stop (exit 2) on any preflight warning, before writing")
    add_lang(parser, "the box of the deck")
    add_paper(parser)
    add_out(parser, "output/DECK")
    return parser


def run(args: argparse.Namespace) -> int:
    thickness = positive_length(args.thickness, "--thickness", least=THINNEST)
    if args.target and thickness is not None:
        raise InputError("--thickness: not used with --for; the shop's box is chosen by card count")
    if args.target and args.sleeved:
        raise InputError("--sleeved: not used with --for; the shop's box is chosen by card count")
    if args.target and args.style is not None:
        raise InputError(f"--style: not used with --for, got {args.style!r}; the shop's box is its own tuck box")
    if args.target and "--paper" in given(args):
        raise InputError(f"--paper: not used with --for, got {args.paper!r}; the shop's box art is an image "
                         f"of the box's own size, not a sheet on paper")
    if args.lang == "all":
        return each_language(args, thickness)
    return one_box(args, thickness)


def one_box(args: argparse.Namespace, thickness: float | None) -> int:
    """The box of the deck in args.lang (None: its own language)."""
    deck = load_deck(args.deck, args.lang)
    out = out_folder(args.out, deck.name)
    if args.target:
        return shop_box(deck, args, out)
    sheet = paper(args.paper)
    box = deck_box(deck, sheet, thickness, args.sleeved, args.style or "")
    notes: list[str] = []
    path, sheets = build_box(deck, box, out=out, paper=sheet, notes=notes, variant=variant(args, thickness))
    if not args.quiet:
        for said in filter(None, [missing_words(deck.lang), *notes]):
            print(note_line(said), file=sys.stderr)
        print(f"{deck.name}: {made(deck, box, sheet, sheets)} {describe(deck, box)}")
        print(f"  {display_path(path)} ({args.paper})")
    return 0


def variant(args: argparse.Namespace, thickness: float | None) -> str:
    """What the box file's name says of a box the build does not make: "-sleeved",
    "-0.5mm" (--thickness), "-tray" (--style tray), so that neither replaces the
    build's DECK-box-PAPER.pdf, nor one another."""
    sleeved = "-sleeved" if args.sleeved else ""
    thick = "" if thickness is None else "-" + mm_text(thickness).replace(" ", "")
    return sleeved + thick + ("-tray" if args.style == "tray" else "")


def each_language(args: argparse.Namespace, thickness: float | None) -> int:
    """--lang all: the box in each of the deck's languages, as 'printgen build --lang
    all' makes each language's files (cli/recorded.in_each_language)."""
    from printgen.cli.recorded import in_each_language
    _, statuses = in_each_language(args, lambda job: one_box(job, thickness))
    return max(statuses, default=0)


def shop_box(deck: Deck, args: argparse.Namespace, out: Path) -> int:
    """box DECK --for PROFILE: the shop's box art alone, preflighted, in OUT/PROFILE/."""
    from printgen.cli.export import report_export
    from printgen.errors import PreflightError
    from printgen.products.export_box import plan_box_art, write_box_art
    from printgen.products.exported import ExportResult
    from printgen.spec.vendors import profile, profiles
    prof = profile(args.target)
    if not prof.box_art:
        with_art = ", ".join(name for name, known in profiles().items() if known.box_art)
        raise InputError(f"--for: {prof.title} takes no tuck box art; profiles that do: {with_art}")
    art, why_not = plan_box_art(deck, prof)
    if art is None:
        raise InputError(f"{deck.name}: {why_not}")
    if args.strict and art.warnings:
        raise PreflightError.of(art.warnings)
    result = ExportResult(warnings=list(art.warnings))
    write_box_art(deck, art, prof, ensure_dir(out / prof.name), result)
    report_export(deck, prof, result, written=display_path(result.files[0]), quiet=args.quiet)
    return 0
