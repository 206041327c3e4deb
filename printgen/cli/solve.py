"""printgen solve: decide a deal read from a text file, or a numbered deal (Pyramid or
Jedi Temple)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from printgen.cli.options import add_level, budget, deal_number, level_of, word
from printgen.cli.verbs import SUMMARIES
from printgen.deal import (
    DEFAULT_BUDGET,
    JEDI_TEMPLE,
    RULE_SETS,
    SHORTEST_BUDGET,
    Deal,
    Shortest,
    Solution,
    format_move,
    parse_rolls,
    positions_searched,
    rule_set,
    seeded_deal,
    shortest,
    solution_steps,
    solve,
)
from printgen.errors import InputError, named, quoted
from printgen.spec.dealfile import load_deal_file, with_cards
from printgen.words import plural

WINNABLE, UNWINNABLE, UNDECIDED = 0, 3, 4

DESCRIPTION = """\
Read a deal from a text file, or take deal number N (the deal `printgen deal N` lays
out, with its own Force rolls; --rules jedi-temple unless given), and decide it with
full knowledge.
Pyramid: 52 cards such as '6d 5h Ah' (rank A23456789TJQK, suit cdhs; or as sheets
print them, 10♥ J♠) separated by spaces or lines, '#' starting a comment: the
pyramid row by row from the apex, then the deck from the top.
Jedi Temple: 62 card values (+3 -7 0 ...) in dealt order, with --rolls.
The rules the solver plays: printgen docs jedi-temple (or pyramid)."""

EPILOG = """\
With --shortest the solver first finds a win, then searches for shorter ones and
tries to prove the best shortest, all within the budget; the answer says whether
it is proven shortest and, if not, the fewest moves any win could take.
exit status: 0 winnable, 3 proven unwinnable, 4 undecided (node budget reached),
2 bad input."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("solve", parents=parents, help=SUMMARIES["solve"],
                            description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("number", metavar="N", nargs="?", default=None,
                        help="a deal number (1, 2, ...), instead of --deck")
    parser.add_argument("--rules", choices=sorted(RULE_SETS), type=word, default=None,
                        help="the game (with --deck, required; with N, default: jedi-temple)")
    parser.add_argument("--deck", metavar="FILE", default=None, type=deck_file, help="the deal as text")
    add_level(parser)
    parser.add_argument("--rolls", default=None, metavar='"a,b a,b a,b"',
                        help="Jedi Temple: the deal's three Force rolls, in the order the "
                             "game uses them, also as a sheet prints them ('3, 5  1, 6  2, 2'; "
                             "without them the Force pool stays empty: no "
                             "Sylop can Use the Force, but a Sylop still leaves in a group "
                             "with cards that sum to 0)")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")
    parser.add_argument("--shortest", action="store_true",
                        help="find the shortest solution within the budget (draws and "
                             "recycles count as moves) and say whether it is proven shortest")
    parser.add_argument("--budget", default=None,
                        help=f"most positions to search (default: {DEFAULT_BUDGET:,}; "
                             f"with --shortest {SHORTEST_BUDGET:,})")
    return parser


def deck_file(text: str) -> str:
    """--deck FILE, kept as the user typed it (the errors name it so); empty text, which
    would name the current folder, is refused."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected a deal file, got {text!r}")
    return text


def run(args: argparse.Namespace) -> int:
    default = SHORTEST_BUDGET if args.shortest else DEFAULT_BUDGET
    limit = budget(args.budget) if args.budget is not None else default
    deal = numbered_deal(args) if args.number is not None else deck_deal(args)
    level = level_of(deal.rules, args.level).level
    short: Shortest | None = shortest(deal, level, budget=limit) if args.shortest else None
    result: Solution = short.solution if short else solve(deal, level, budget=limit)
    nodes = positions_searched(result.nodes, limit)
    if args.json:
        data = {"rules": deal.rules.name, "level": level.value, "winnable": result.winnable,
                "nodes": nodes, "length": len(result.moves or ())}
        if short:
            data |= {"proven_shortest": short.proven, "lower_bound": short.lower_bound}
        print(json.dumps(data | {"moves": [format_move(m) for m in result.moves or ()]}))
    else:
        verdict = {True: "winnable", False: "unwinnable", None: "undecided"}[result.winnable]
        print(f"{verdict} ({plural(nodes, 'position')} searched)")
        if short and result.winnable:
            print(shortest_line(short, limit))
        elif result.winnable:
            print(f"The win below takes {plural(len(result.moves or ()), 'move')} "
                  f"(not searched for the shortest: --shortest does).")
        for number, step in enumerate(solution_steps(deal, level, result.moves or ()), 1):
            print(f"{number:3}. {step}")
    return {True: WINNABLE, False: UNWINNABLE, None: UNDECIDED}[result.winnable]


def numbered_deal(args: argparse.Namespace) -> Deal:
    """Deal N of --rules (default: jedi-temple), with its own Force rolls."""
    if args.deck is not None:
        raise InputError(f"--deck: {quoted(args.deck)} given with deal number "
                         f"{quoted(args.number)}; expected one of them")
    number = deal_number(args.number)
    if args.rolls is not None:
        raise InputError(f"--rolls: {quoted(args.rolls)} given with deal number {number}, which "
                         f"has its own; expected no --rolls")
    return seeded_deal(with_cards(rule_set(args.rules or JEDI_TEMPLE.name)), number)


def deck_deal(args: argparse.Namespace) -> Deal:
    """The deal of --deck FILE, a game of --rules, with --rolls."""
    if args.deck is None:
        raise InputError("expected a deal number N or --deck FILE, got neither")
    if args.rules is None:
        raise InputError(f"--rules: expected the game of --deck {quoted(args.deck)}, one of "
                         f"{', '.join(sorted(RULE_SETS))}, got none")
    rules = rule_set(args.rules)
    given = args.rolls is not None          # (an empty --rolls "" is given too: three rolls are expected)
    rolls = parse_rolls(args.rolls) if given else ()
    if given and not rules.rolls:
        raise InputError(f"--rolls: {quoted(args.rolls)}: {rules.title} has no Force rolls; "
                         f"expected no --rolls")
    if given and len(rolls) != rules.rolls:
        raise InputError(f"--rolls: {quoted(args.rolls)} gives {plural(len(rolls), 'roll')}; "
                         f"expected {rules.rolls} rolls such as \"3,5 1,6 2,2\"")
    return load_deal_file(rules, Path(args.deck), rolls, source=named(args.deck))


def shortest_line(short: Shortest, limit: int) -> str:
    moves = len(short.solution.moves or ())
    if short.proven:
        return f"{moves} moves, proven shortest."
    return (f"{moves} moves, the shortest found within {limit:,} positions; not proven "
            f"shortest: no win takes fewer than {short.lower_bound} moves.")
