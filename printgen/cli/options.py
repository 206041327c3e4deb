"""Command-line options shared by several verbs: declared once here, checked once here.

Declaring an option reads no file (the parser is built before any error can be
reported); what an option names is checked when the command runs, by `settle`.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from printgen.errors import InputError, UnitError, quoted
from printgen.limits import whole_limit

if TYPE_CHECKING:
    from printgen.deal import LevelRules, RuleSet

PAPER_VARIABLE = "PRINTGEN_PAPER"
DEFAULT_PAPER = "a4"


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what was wrong and where to look), as
    every other error of printgen's is. A word that starts with '-' and a digit
    (`--thickness -1mm`, `--back-offset -1mm,0mm`) is an option's value, not an
    unknown option, so that the option's own check says what is wrong with it.
    A word left over after a command's arguments (`printgen deal 5 6`) is that
    command's error, pointing at its own help (commands: the command parsers by name)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(r"-\.?\d")
        self.commands: Mapping[str, argparse.ArgumentParser] = {}

    def parse_args(self, args: Sequence[str] | None = None,         # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            command = self.commands.get(getattr(parsed, "command", None) or "", self)
            command.error(f"unrecognized arguments: {' '.join(extra)}")
        return parsed

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


class Given(argparse.Action):
    """Store the option's value, as argparse's own store does, and note the option as
    given on the command line (args.given, its long name), so that a command can refuse
    an option that would do nothing the way it runs (build --for: a shop's files are
    not sheets on paper). Only the option typed counts, not its default nor a value
    from the environment ($PRINTGEN_PAPER)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.given = tuple(dict.fromkeys((*getattr(namespace, "given", ()), self.option_strings[-1])))


def given(args: argparse.Namespace) -> tuple[str, ...]:
    """The options of Given typed on the command line, by their long names, in order."""
    return getattr(args, "given", ())


def word(text: str) -> str:
    """An option's word among its choices, in any case and with spaces around it
    (--duplex Long, --rules Pyramid), as --paper and --level are read."""
    return text.strip().lower()


def turned(reason: str) -> Callable[[str], str]:
    """A --duplex type for sheets that must be turned over (a calibration sheet, a
    booklet's): none and fold are refused with reason; argparse's own check of its
    choices (long, short) says what else is wrong."""
    def turn(text: str) -> str:
        text = word(text)
        if text in ("none", "fold"):
            raise argparse.ArgumentTypeError(f"{reason}; expected long or short (the edge the sheet is turned "
                                             f"about, by the printer or by hand), got {text!r}")
        return text
    return turn


def common_parser() -> argparse.ArgumentParser:
    """Options every subcommand accepts."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("-q", "--quiet", action="store_true",
                        help="show no progress bars or summaries, only errors")
    return common


def add_lang(parser: argparse.ArgumentParser, what: str) -> None:
    """--lang: what (the deck built, its box, its pictures) in one of the deck's languages
    or, with 'all', in each of them (cli/recorded.in_each_language)."""
    parser.add_argument("--lang", metavar="LANG", default=None,
                        help=f"{what} in one of its languages (its `languages:` key), named with the "
                             "language (output/DECK-LANG), or in each of them with 'all' "
                             "(default: the deck's own language; see 'printgen docs languages')")


def add_out(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument("--out", metavar="DIR", type=out_folder, default=None,
                        help=f"output folder (default: {default})")


# what a file printgen writes is named: --out so named would make a folder of that name
FILE_SUFFIXES = frozenset((".pdf", ".png", ".svg", ".html", ".csv", ".json", ".zip"))


def out_folder(text: str) -> Path:
    """--out DIR: a folder name; empty text (which would mean the current folder by
    accident) is refused, and so is a file's name that is not a folder already
    ("--out deal17.pdf", "--out cards.png"): printgen names its files itself. The
    root of the file system ("/", "../../..", a link to it) is refused too: a build
    would write beside the system's folders, and look through them for its old files."""
    if not text.strip() or "\0" in text:
        raise argparse.ArgumentTypeError(f"expected a folder name, got {quoted(text)}")
    path = Path(text)
    real = Path(os.path.realpath(text))
    if real == Path(real.anchor):
        raise argparse.ArgumentTypeError(f"expected a folder for printgen's files, got {quoted(text)}, the root "
                                         f"of the file system (which holds the system's own folders)")
    if path.suffix.lower() in FILE_SUFFIXES and not path.is_dir():
        raise argparse.ArgumentTypeError(f"expected a folder, got {quoted(text)}, a file's name; printgen names "
                                         f"its files itself, in the folder --out gives")
    return path


def add_paper(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", metavar="NAME", default=None, action=Given,
                        help=f"paper size: a4 or letter (default: ${PAPER_VARIABLE} if it is set, "
                             f"else {DEFAULT_PAPER}; e.g. export {PAPER_VARIABLE}=letter once)")


NO_TURN = ("each back at its face's own place, not mirrored: for a print shop or a program that "
           "places the backs itself")


def add_duplex(parser: argparse.ArgumentParser, *, fold: bool = False, none: str = NO_TURN) -> None:
    """--duplex; fold: also offer fold-over sheets (cards only); none: what none means
    for the command's files."""
    from printgen.model import Duplex  # a verb's parser only: --help imports no model
    choices = [d.value for d in Duplex if fold or d is not Duplex.FOLD]
    extra = (", or fold (print on one side, each face beside its back; fold the sheet along "
             "the dashed line, glue, then cut)") if fold else ""
    parser.add_argument("--duplex", choices=choices, type=word, default="long", action=Given,
                        help="how the sheet is turned over for its back side, by your printer or by "
                             f"hand: long (about its long edge), short (about its short edge), none "
                             f"({none}){extra} (default: long)")


def add_jobs(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--jobs", metavar="N", default=None,
                        help=f"{what} at once, in separate processes (default: one per CPU core; "
                             f"never more than the cores); the output is the same whatever N")


def add_level(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", metavar="LEVEL", default=None,
                        help="Jedi Temple: padawan, knight, master or chosen (default: knight; also as "
                             "the sheets name them, e.g. 'Jedi Knight', 'Chosen One'); Pyramid has one "
                             "level, standard")


def settle(args: argparse.Namespace) -> None:
    """Check and fill in the shared options a command has, in place: --paper becomes a
    known paper's name (from $PRINTGEN_PAPER when not given), --jobs a whole number."""
    if "paper" in args:
        args.paper = paper_name(args.paper)
    if "jobs" in args:
        args.jobs = jobs(args.jobs)


# options that change neither what a command writes nor where its files go
NOT_THE_JOB = {"out", "quiet", "jobs", "strict", "run", "command", "gallery", "watch", "argv", "given",
               "found"}
# the options that name a deck's product whose files fill a folder of their own (product_key)
PRODUCT = frozenset({"deck", "lang", "target"})


def job_key(args: argparse.Namespace, *, only: frozenset[str] | None = None) -> str:
    """What a run of a command is, for the build manifest: the command and the options
    that decide which files it writes (a rebuild of the same job replaces the files
    of its previous run; another job, say on other paper, keeps its own). The deck is
    the file it names (deck_identity), however the command line spelt it. only: the
    options to keep (product_key)."""
    chosen = sorted((k, v) for k, v in vars(args).items() if k not in NOT_THE_JOB and v is not None and v is not False
                    and (only is None or k in only))
    if "deck" in args and args.deck is not None:
        chosen = [(k, deck_identity(args) if k == "deck" else v) for k, v in chosen]
    return " ".join([args.command, *(f"{k}={v}" for k, v in chosen)])


def product_key(args: argparse.Namespace) -> str:
    """A deck's files in a folder of their own (its PNGs, SVGs, a print shop's folder),
    for the build manifest: the command, the deck and its language and export profile,
    whatever the paper and the other options. A rebuild of the deck that writes the
    folder again replaces every file an earlier build of the deck left there."""
    return job_key(args, only=PRODUCT)


def deck_identity(args: argparse.Namespace) -> str:
    """The deck file args.deck names, by its real path from the output folder (which
    holds the records this goes into, so a project moved whole keeps it), or from the
    built-in decks' folder; as typed where it names no file (the command then fails).
    A run's job and its product (job_key, product_key) both ask: the file found is kept
    on args (args.found, with the deck and folder it is for), so it is looked for once
    a run, and again for a copy of args naming another deck or folder."""
    given = (args.deck, getattr(args, "out", None))
    found = getattr(args, "found", None)
    if found is not None and found[0] == given:
        return found[1]
    from printgen.builtin import data_root
    from printgen.errors import PrintgenError
    from printgen.output import DEFAULT
    from printgen.spec.places import DECKS, find
    try:
        real = os.path.realpath(find(DECKS, args.deck))
        builtin = os.path.realpath(data_root())
        if Path(real).is_relative_to(builtin):
            identity = "built-in:" + Path(os.path.relpath(real, builtin)).as_posix()
        else:
            identity = Path(os.path.relpath(real, os.path.realpath(given[1] or DEFAULT))).as_posix()
    except (PrintgenError, OSError, ValueError):
        return str(args.deck)       # (not kept: a watch looks again, for a deck made meanwhile)
    args.found = (given, identity)
    return identity


def paper_name(given: str | None) -> str:
    from printgen.spec.printdata import print_facts
    papers = print_facts().papers
    name, source = given, "--paper"
    if name is None:
        name, source = os.environ.get(PAPER_VARIABLE) or DEFAULT_PAPER, PAPER_VARIABLE
    if name.strip().lower() not in papers:
        raise InputError(f"{source}: expected a paper size, one of {', '.join(papers)}, got {quoted(name)}")
    return name.strip().lower()


def jobs(given: object) -> int:
    """--jobs N, or one per CPU core this process may use. (The pools start no more
    workers than there are cores, nor than tasks: printgen/workers.py worker_count.)"""
    if given is None:
        from printgen.workers import cores
        return cores()
    return whole(given, "--jobs", 1, whole_limit("jobs"))


def level_of(rules: RuleSet, text: str | None) -> LevelRules:
    """--level checked against a rule set's levels (default: the rule set's own)."""
    if text is None:
        return rules.level(None)
    from printgen.deal.table.rules import Level
    names = [level.level.value for level in rules.levels]
    name = Level.word(text)
    if name not in names:
        raise InputError(f"--level: expected one of {', '.join(names)} for {rules.name}, got {quoted(text)}")
    return rules.level(name)


WHOLE = re.compile(r"[+-]?[0-9]+")     # ASCII digits only: int() takes other scripts' digits and "1_000" too
MOST_DIGITS = 100       # past every bound (deal_number_max has 20); int() refuses to read past 4,300


def whole(text: object, option: str, low: int, high: int | None = None) -> int:
    """A whole-number option within [low, high], in ASCII digits."""
    digits = str(text).strip()
    value = (int(digits) if WHOLE.fullmatch(digits) and len(digits.lstrip("+-").lstrip("0")) <= MOST_DIGITS
             else None)
    if value is None or value < low or (high is not None and value > high):
        wanted = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise InputError(f"{option}: expected a whole number {wanted}{_ascii_hint(digits)}, "
                         f"got {quoted(str(text))}")
    return value


def _ascii_hint(digits: str) -> str:
    """What to say of a number Python reads but printgen does not (other digits, a "_")."""
    try:
        int(digits)
    except ValueError:
        return ""
    return " in the digits 0 to 9" if not WHOLE.fullmatch(digits) else ""


def deal_number(text: object, option: str = "deal number") -> int:
    """A deal number, 1 to the limit deal_number_max (what every command that takes one
    accepts): the shuffle's seed is 64 bits, a larger number would wrap to another's deal."""
    return whole(text, option, 1, whole_limit("deal_number_max"))


def deal_range(start: object, count: object, max_count: int) -> tuple[int, int]:
    """--start and --count: deals start .. start + count - 1, all of them valid numbers."""
    first = deal_number(start, "--start")
    many = whole(count, "--count", 1, max_count)
    last = whole_limit("deal_number_max")
    if first + many - 1 > last:
        raise InputError(f"--count: deals {first} onwards end at {last}; expected at most "
                         f"{last - first + 1}, got {count!r}")
    return first, many


def budget(text: object) -> int:
    """--budget: positions a solver may search, at most the limit solver_budget."""
    return whole(text, "--budget", 1, whole_limit("solver_budget"))


def add_back_offset(parser: argparse.ArgumentParser, what: str, *, default: str | None = "0mm,0mm") -> None:
    """--back-offset X,Y: what it moves (the backs, a leaflet's back page). default None
    keeps it out of the job's key when not given (job_key()), where a command gained
    the option after its files were first recorded."""
    parser.add_argument("--back-offset", metavar="X,Y", default=default, action=Given,
                        help=f"move {what} by X (right) and Y (down) as seen on the back page, lengths "
                             f"with units, e.g. 1.5mm,-0.5mm; read it off 'printgen calibrate' (default: "
                             f"0mm,0mm)")


def back_offset(text: str | None) -> tuple[float, float]:
    """--back-offset X,Y with units, in points; (0, 0) when not given."""
    if text is None:
        return 0.0, 0.0
    from printgen.units import parse_pair  # reads the length limit: not for --help
    try:
        x, y = parse_pair(text)
    except UnitError as error:
        raise InputError(f"--back-offset: {error}") from None
    return x.pt, y.pt


def positive_length(text: str | None, option: str, *, least: float = 0.0,
                    most: float | None = None) -> float | None:
    """An optional length option (e.g. --edge 16mm) in points, greater than 0, at least
    `least` points and at most `most` (where given): one check of both bounds, whose
    line names the option, the value and the whole range; None when not given."""
    if text is None:
        return None
    from printgen.units import Length  # reads the length limit: not for --help
    try:
        value = Length.parse(text).pt
    except UnitError as error:
        raise InputError(f"{option}: {error}") from None
    if value <= 0:
        raise InputError(f"{option}: expected a length greater than 0, got {quoted(str(text))}")
    if value < least or (most is not None and value > most):
        raise InputError(f"{option}: expected a length {_length_range(least, most)}, got {quoted(str(text))}")
    return value


def _length_range(least: float, most: float | None) -> str:
    """The lengths positive_length() takes (beyond being greater than 0), as its error
    line says them."""
    from printgen.units import Length
    if most is None:
        return f"of at least {Length(least)}"
    return f"of at most {Length(most)}" if least <= 0 else f"from {Length(least)} to {Length(most)}"
