"""printgen aid: a game's play aids (decks/aids/GAME.yaml) as one PDF."""

from __future__ import annotations

import argparse

from printgen.cli.options import add_out, add_paper
from printgen.cli.verbs import SUMMARIES
from printgen.products.aid import build_aid
from printgen.reading import display_path

DESCRIPTION = """\
Build a game's play aids from its data file in decks/aids/. For jedi-duel: a Stance
aid per player (three card-sized Stance spaces with the attack and defence
modifiers that apply in each Stance, the Stance perks and the rules reminders), then
the shared Fatigue track (21 to 15, 14 to 8, 7 to 1, then 0) with a space for every
player's counter, and the counters to cut out."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("aid", parents=parents, help=SUMMARIES["aid"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", help="aid name (e.g. jedi-duel) or path to an aid file")
    parser.add_argument("--players", type=int, default=2, metavar="N", help="number of players (default: 2)")
    add_paper(parser)
    add_out(parser, "output/GAME")
    return parser


def run(args: argparse.Namespace) -> int:
    from printgen.spec.printdata import paper
    path = build_aid(args.game, players=args.players, paper=paper(args.paper), out=args.out)
    if not args.quiet:
        print(f"{args.game}: play aids for {args.players} players")
        print(f"  {display_path(path)} ({args.players + 1} pages, {args.paper})")
    return 0
