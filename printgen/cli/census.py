"""printgen census: Jedi Temple win rates per level over many deals; with --stars, the
deals of a rule set tabled by star level."""

from __future__ import annotations

import argparse

from printgen.cli.options import add_jobs, add_out, add_paper, budget, deal_range, word
from printgen.cli.verbs import SUMMARIES
from printgen.deal import DEFAULT_BUDGET, JEDI_TEMPLE, RULE_SETS, Level, RuleSet
from printgen.deal.census import (
    census_rows,
    format_csv,
    format_results_csv,
    format_star_table,
    format_table,
    run_deals,
    run_stars,
)
from printgen.errors import InputError
from printgen.layout.chart import census_page
from printgen.limits import whole_limit
from printgen.output import check_file, out_folder, write_bytes
from printgen.render.pdf import render_pdf
from printgen.spec.dealfile import with_cards
from printgen.spec.playermodel import model_data
from printgen.spec.printdata import paper

DESCRIPTION = """\
Deal COUNT Jedi Temple deals from --start and, for each level, report the share the
solver wins with full knowledge, the share the player model wins (one game a deal)
and the share a simple greedy player wins, with 95% Wilson confidence intervals.
Writes census.csv and census-PAPER.pdf (a chart of the same table, e.g. census-a4.pdf)
to the output folder.
With --stars, rate every deal as its sheet does instead and table the deals by star
level, with the win rates of a held-out model game, the greedy player and the
look-ahead player (the check that more stars mean harder deals); writes stars.csv,
one row a deal and level; --rules pyramid tables Pyramid deals so (with --stars
only). The results do not depend on --jobs."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("census", parents=parents, help=SUMMARIES["census"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", default="1000", help="how many deals (default: 1000)")
    parser.add_argument("--start", default="1", help="the first deal (default: 1)")
    parser.add_argument("--levels", default="all",
                        help="'all' or a comma list of the game's levels (Jedi Temple: padawan, "
                             "knight, master, chosen, also as the sheets name them, e.g. 'Jedi "
                             "Knight,Chosen One'; Pyramid: standard) (default: all)")
    parser.add_argument("--rules", choices=sorted(RULE_SETS), type=word, default=JEDI_TEMPLE.name,
                        help="the game; pyramid with --stars only (default: jedi-temple)")
    add_jobs(parser, "deals played")
    add_out(parser, "output/census")
    parser.add_argument("--stars", action="store_true",
                        help="rate every deal and table them by star level (see above)")
    parser.add_argument("--budget", default=DEFAULT_BUDGET, help=argparse.SUPPRESS)
    add_paper(parser)
    return parser


MAX_CENSUS = whole_limit("census_deals")          # deals one census may play


def parse_levels(text: str, rules: RuleSet = JEDI_TEMPLE) -> tuple[Level, ...]:
    """--levels: 'all' or a comma list of the rule set's levels (only those: the message
    lists the ones it checks against), each read as --level reads it ("Jedi Knight",
    "Chosen One", "chosen")."""
    known = {level.level.value: level.level for level in rules.levels}
    if text.strip().lower() == "all":
        return tuple(known.values())
    names = [Level.word(part) for part in text.split(",") if part.strip()]
    if not names or any(name not in known for name in names):
        raise InputError(f"--levels: expected 'all' or a comma list of {', '.join(known)}, got {text!r}")
    return tuple(dict.fromkeys(known[name] for name in names))     # a level named twice counts once


def run(args: argparse.Namespace) -> int:
    args.start, args.count = deal_range(args.start, args.count, MAX_CENSUS)
    args.budget = budget(args.budget)
    args.out = out_folder(args.out, "census")
    rules = RULE_SETS[args.rules]
    if rules is not JEDI_TEMPLE and not args.stars:
        raise InputError(f"--rules {args.rules}: expected --stars with it (the win-rate "
                         f"census is Jedi Temple's)")
    levels = parse_levels(args.levels, rules)
    files = ["stars.csv"] if args.stars else ["census.csv", f"census-{args.paper}.pdf"]
    for name in files:          # where the results go, checked before the deals are played
        check_file(args.out / name)
    if args.stars:
        return run_stars_table(args, levels, rules)
    results = run_deals(args.start, args.count, levels, rules=with_cards(JEDI_TEMPLE),
                        params=model_data().model, jobs=args.jobs, budget=args.budget,
                        quiet=args.quiet)
    rows = census_rows(results, levels)
    write_bytes(args.out / "census.csv", format_csv(rows).encode("utf-8"))
    last = args.start + args.count - 1
    from printgen.spec.dealsheet import sheet_data
    names = {level: entry["title"] for level, entry in sheet_data().levels.items()}
    span = f"deal {last:,}" if args.count == 1 else f"deals {args.start:,} to {last:,}"
    chart = census_page(rows, paper(args.paper), title=f"Jedi Temple census: {span}", names=names)
    pdf = render_pdf([chart], args.out / f"census-{args.paper}.pdf", title="Jedi Temple census")
    print(format_table(rows))
    if not args.quiet:
        print(f"wrote {args.out / 'census.csv'} and {pdf}")
    return 0


def run_stars_table(args: argparse.Namespace, levels: tuple[Level, ...], rules: RuleSet) -> int:
    results = run_stars(args.start, args.count, levels, rules=with_cards(rules),
                        data=model_data(), jobs=args.jobs, quiet=args.quiet)
    write_bytes(args.out / "stars.csv", format_results_csv(results).encode("utf-8"))
    print(format_star_table(results, levels))
    if not args.quiet:
        print(f"wrote {args.out / 'stars.csv'}")
    return 0
