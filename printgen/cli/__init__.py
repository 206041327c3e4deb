"""The printgen command line: one module per verb, listed with its summary in
printgen/cli/verbs.py.

Each command module defines ``add_parser(subparsers, parents)`` and
``run(args) -> int``; only the module of the verb that runs is imported (--help
lists the verbs from their summaries). Building the parser reads no file. A user error (any
PrintgenError), wherever it happens, is printed on one line to standard error and
ends the program with status 2, never with a traceback.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

YOUNG = 100_000            # net allocations between two passes of the cycle collector (see main)


def make_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser; when argv names a command, only that command's module is imported
    and only that command has an entry (each entry is a parser of its own: the other
    fifteen took 1.4 ms, mostly argparse asking gettext for translations of its words);
    for --help or an unknown command, every other verb gets an entry with its summary.
    So neither a build nor --help pays for every verb's imports."""
    import argparse
    import importlib

    from printgen import __version__
    from printgen.cli.options import PAPER_VARIABLE, Parser, common_parser
    from printgen.cli.verbs import SUMMARIES
    epilog = f"""\
Run 'printgen COMMAND --help' for the options of each command, and 'printgen docs'
for the documentation pages (the deck spec, print shops, deals, print facts ...).

The default paper is A4; set {PAPER_VARIABLE}=letter (or any paper 'printgen list'
shows) in your environment to make another the default of every command."""
    parser = Parser(
        prog="printgen",
        description="Compile card-game components into print-ready files.",
        epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"printgen {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parents = [common_parser()]
    chosen = next((arg for arg in argv if not arg.startswith("-")), None)
    for name, summary in SUMMARIES.items():
        if chosen in SUMMARIES and name != chosen:
            continue
        if name != chosen:
            sub.add_parser(name, help=summary)
            continue
        module = importlib.import_module(f"printgen.cli.{name}")
        command = module.add_parser(sub, parents)
        command.set_defaults(run=module.run)
    parser.commands = sub.choices
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status.

    Without argv, main is the printgen program itself (the installed script, `python -m
    printgen`), and the process lives as long as the command. The cycle collector then
    waits until the command's modules are imported (argparse too: this module imports
    next to nothing itself, so the installed script's import of main passes no time in
    the collector, 2 ms a build before), and what they made is frozen (kept
    out of its passes: module-level objects live as long as the process anyway); and
    once the command is done, everything is frozen, so that the interpreter's exit does
    not walk every object again. The collector's passes over objects that could never
    be freed took a tenth of a PDF-only build. While the command runs, the youngest
    generation is collected every YOUNG allocations rather than Python's 700: a build
    keeps what it lays out until it is drawn, so each pass walked that again, and freed
    next to nothing (170 objects in a whole PDF-only build of 62 cards, whose passes
    took 3 ms of its CPU; it now makes none). A caller that goes on (a test) passes argv.

    The program's standard output is guarded (printgen/cli/stdout.py): a reader that
    leaves or an output that cannot be written never stops the command's work.
    """
    program = argv is None
    shown = None
    if program:
        gc.disable()
        from printgen.cli.stdout import guard
        shown = guard()
    try:
        # not list(): importing the verb module printgen.cli.list shadows that name here
        status = _main([*(sys.argv[1:] if argv is None else argv)], program=program)
    except SystemExit as stop:          # argparse: --help and --version (0), a usage error (2)
        if shown is None or stop.code not in (0, None):
            raise
        status = 0
    if shown is not None:
        status = shown.settle(status)
    if program:
        gc.freeze()
    return status


def _main(argv: list[str], *, program: bool = False) -> int:
    from printgen.cli.options import settle
    from printgen.cli.verbs import PRINT_ONLY
    from printgen.errors import PrintgenError, error_line, quoted
    try:
        parser = make_parser(argv)
        if program:             # the command's modules are imported (see main)
            gc.freeze()
            gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
            gc.enable()
        args = parser.parse_args(argv)
        if args.command is None:                 # bare `printgen`: the help
            parser.print_help()
            return 0
        settle(args)
        args.argv = argv            # (a watch starts afresh with them; a job is keyed by them)
        if args.command in PRINT_ONLY or getattr(args, "watch", False):
            return int(args.run(args) or 0)     # (a watch records each of its builds as a job)
        from printgen.cli.recorded import job_recording  # a command runs: --help did not need it
        with job_recording(args):
            return int(args.run(args) or 0)
    except PrintgenError as error:
        print(error_line(error), file=sys.stderr)
        return error.exit_status
    except OSError as error:
        import errno
        if error.errno != errno.ENAMETOOLONG:
            raise
        # a name given, or written in a file, that the system refuses to look up: bad
        # input, said on one line (the places that read names from files say where)
        print(error_line(f"{quoted(str(error.filename))}: a file name too long for this system; "
                         f"expected names of at most 255 bytes"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("printgen: interrupted", file=sys.stderr)
        return 130
