"""printgen deal: one Jedi Temple deal, solved, as the contract's JSON."""

from __future__ import annotations

import argparse

from printgen.cli.options import add_out, add_paper
from printgen.deal.deal import jedi_deal
from printgen.deal.jsonio import dumps, solution_json
from printgen.deal.rules import JEDI_LEVELS, Level
from printgen.deal.solver import DEFAULT_BUDGET, solve
from printgen.errors import InputError

DESCRIPTION = """\
Deal Jedi Temple deal N (the same cards and Force rolls on every computer, forever),
solve it with full knowledge at the level, and print the deal, the verdict, the
number of positions searched and a winning move list as JSON (--json)."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("deal", parents=parents, help="deal and solve one Jedi Temple deal",
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("number", metavar="N", help="the deal number (1, 2, ...)")
    parser.add_argument("--level", default="knight",
                        help=f"{', '.join(level.value for level in JEDI_LEVELS)} (default: knight)")
    parser.add_argument("--json", action="store_true", help="print the deal and solution as JSON")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help=argparse.SUPPRESS)
    add_paper(parser)                       # the deal sheet PDF (without --json)
    add_out(parser, "output/deals")
    return parser


def deal_number(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise InputError(f"deal number: expected a whole number of at least 1, got {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    number = deal_number(args.number)
    level = Level.parse(args.level)
    if level not in JEDI_LEVELS:
        raise InputError(f"--level: expected one of {', '.join(l.value for l in JEDI_LEVELS)}, "
                         f"got {args.level!r}")
    if not args.json:
        from printgen.products.dealsheet import print_sheet
        return print_sheet(number, level.value, args)
    deal = jedi_deal(number)
    print(dumps(solution_json(deal, level, solve(deal, level, budget=args.budget))))
    return 0
