"""printgen challenge: a booklet of Jedi Temple (or Pyramid) deals to play through."""

from __future__ import annotations

import argparse
from pathlib import Path

from printgen.cli.options import (
    add_jobs,
    add_level,
    add_out,
    add_paper,
    deal_number,
    deal_range,
    level_of,
    whole,
    word,
)
from printgen.cli.verbs import SUMMARIES
from printgen.deal import JEDI_TEMPLE, RULE_SETS, rule_set
from printgen.limits import whole_limit
from printgen.products.challenge import ChallengeBuild, build_challenge
from printgen.products.dealsheet import known_rules
from printgen.reading import display_path
from printgen.spec.printdata import paper
from printgen.words import plural

DESCRIPTION = """\
Print a challenge booklet: a cover (title, level, how to use it, credits), one deal
sheet per deal (the Temple, the setup order of the whole deck, the Force rolls and
the difficulty), and every solution at the back. Deals are chosen by trying deal
numbers upward from --start and keeping those the solver wins at the level (and,
with --difficulty, only those rated that many stars). The same options always give
the same booklet."""

MAX_COUNT = whole_limit("challenge_count")


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("challenge", parents=parents, help=SUMMARIES["challenge"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", metavar="N", default="30",
                        help="how many deals (default: 30)")
    add_level(parser)
    parser.add_argument("--start", metavar="N", default="1",
                        help="the first deal number to try (default: 1)")
    parser.add_argument("--difficulty", metavar="STARS", default=None,
                        help="keep only deals rated this many stars, 1 (easy) to 5 (default: any)")
    parser.add_argument("--rules", choices=sorted(RULE_SETS), type=word, default=JEDI_TEMPLE.name,
                        help="the game (default: jedi-temple)")
    add_jobs(parser, "deals rated")
    add_paper(parser)
    add_out(parser, "output/deals")
    return parser


def run(args: argparse.Namespace) -> int:
    rules = known_rules(args.rules)
    options = ChallengeBuild(
        paper=paper(args.paper), count=deal_range(args.start, args.count, MAX_COUNT)[1], rules=rules,
        level=level_of(rule_set(rules), args.level).level.value if args.level is not None else None,
        start=deal_number(args.start, "--start"),
        difficulty=whole(args.difficulty, "--difficulty", 1, 5) if args.difficulty is not None else None,
        quiet=args.quiet,
        jobs=args.jobs)
    if args.out is not None:
        from printgen.products.challenge import default_path
        level = options.level or rule_set(rules).default_level.value
        name = default_path(options, level).name
        options = ChallengeBuild(**{**options.__dict__, "out": Path(args.out) / name})
    path, deals, pages = build_challenge(options)
    if not args.quiet:
        numbers = ", ".join(str(w.deal.number) for w in deals)
        print(f"{display_path(path)}: {plural(len(deals), 'deal')} ({numbers}), {pages} pages, {args.paper}")
    return 0
