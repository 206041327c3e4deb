"""Command-line options shared by several verbs, and their parsing."""

from __future__ import annotations

import argparse
from pathlib import Path

from printgen.errors import InputError, UnitError
from printgen.layout.sheet import Duplex
from printgen.spec.printdata import print_facts
from printgen.units import parse_pair


def add_paper(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", choices=sorted(print_facts().papers), default="a4",
                        help="paper size (default: a4)")


def add_duplex(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--duplex", choices=[d.value for d in Duplex], default="long",
                        help="how the sheet is flipped for the backs: long-edge flip mirrors the "
                             "columns of the backs, short-edge the rows, none leaves them in place "
                             "(default: long)")


def add_out(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument("--out", metavar="DIR", type=Path, default=None,
                        help=f"output folder (default: {default})")


def back_offset(text: str) -> tuple[float, float]:
    """--back-offset X,Y with units, in points."""
    try:
        x, y = parse_pair(text)
    except UnitError as error:
        raise InputError(f"--back-offset: {error}") from None
    return x.pt, y.pt
