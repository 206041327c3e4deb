"""printgen deal: one seeded deal (Jedi Temple or Pyramid), solved: a sheet or JSON."""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from printgen.cli.options import (
    add_jobs,
    add_level,
    add_out,
    add_paper,
    budget,
    deal_number,
    level_of,
    word,
)
from printgen.cli.verbs import SUMMARIES
from printgen.deal import (
    DEFAULT_BUDGET,
    JEDI_TEMPLE,
    RULE_SETS,
    Deal,
    Solution,
    dumps,
    key_positions,
    rate,
    rating_json,
    rule_set,
    seeded_deal,
    solution_json,
    solution_steps,
    written_cards,
)
from printgen.output import check_file
from printgen.products.dealpaths import sheet_path
from printgen.reading import display_path
from printgen.spec.dealfile import with_cards
from printgen.spec.playermodel import model_data
from printgen.spec.printdata import paper

DESCRIPTION = """\
Lay out deal number N (the same cards and Force rolls on every computer, forever),
solve it with full knowledge at the level, rate it, and write a deal sheet PDF: the
Temple, the setup order to stack a real deck, the Force rolls, the verdict and
difficulty, and the solution key on a page of its own. The difficulty is 1 to 5
stars from the player model's games; at a Jedi Temple level, one more when a win is
proven to need a recycle (a win with none proven impossible; a count the search left
open adds none; Pyramid gives no such star: most of its deals need one). With
--json, print the deal, the verdict, the number of positions searched, the winning
move list the sheet prints, the cards as a deal file for `printgen solve --deck`
writes them and the rating as JSON instead (printgen docs deal-sheets).
--rules pyramid deals standard Pyramid from a 52-card deck (level: standard)."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("deal", parents=parents, help=SUMMARIES["deal"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("number", metavar="N", help="the deal number (1, 2, ...)")
    add_level(parser)
    parser.add_argument("--rules", choices=sorted(RULE_SETS), type=word, default=JEDI_TEMPLE.name,
                        help="the game (default: jedi-temple)")
    parser.add_argument("--json", action="store_true", help="print the deal and solution as JSON")
    parser.add_argument("--budget", default=DEFAULT_BUDGET, help=argparse.SUPPRESS)
    add_jobs(parser, "the rating's searches (the key and the model's games) run")
    add_paper(parser)                       # the deal sheet PDF (without --json)
    add_out(parser, "output/deals")
    return parser


def run(args: argparse.Namespace) -> int:
    number = deal_number(args.number)
    rules = rule_set(args.rules)
    level = level_of(rules, args.level).level
    deal = seeded_deal(with_cards(rules), number)
    limit = budget(args.budget)             # read before any work, for the sheet as for --json
    if not args.json:
        return print_sheet(number, deal, level.value, args, limit)
    rating = rate(deal, level, model_data(), jobs=args.jobs, budget=limit)
    key = rating.key
    data = solution_json(deal, level, Solution(key.winnable, key.moves, key_positions(key, limit)))
    data["cards"] = written_cards(deal)
    data["rating"] = rating_json(rating, len(solution_steps(deal, level, key.moves)))
    print(dumps(data))
    return 0


def print_sheet(number: int, deal: Deal, level: str, args: argparse.Namespace, limit: int) -> int:
    """The `printgen deal N` sheet: write it (to --out DIR if given) and name it. Where
    it goes is checked first (a folder or a file it may not write is said at once),
    then the deal is rated: the sheet's own modules are imported, and its pictures of
    cards laid out, while the worker processes search."""
    rules = args.rules or JEDI_TEMPLE.name
    out = sheet_path(rules, number, level, args.paper, Path(args.out) if args.out else None)
    check_file(out)
    rating = rate(deal, level, model_data(), jobs=args.jobs, budget=limit,
                  meanwhile=partial(_prepare_sheet, rules))
    from printgen.products.dealsheet import DealSheetBuild, build_deal_sheet
    path = build_deal_sheet(number, DealSheetBuild(paper(args.paper), rules=rules, level=level,
                                                   out=out, quiet=args.quiet, jobs=args.jobs,
                                                   budget=limit),
                            rating=rating)
    if not args.quiet:
        print(f"{display_path(path)} (deal {number}, {level}, {args.paper})")
    return 0


def _prepare_sheet(rules: str) -> None:
    from printgen.products.dealsheet import prepare_sheet
    prepare_sheet(rules)
