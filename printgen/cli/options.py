"""Command-line options shared by several verbs, and their parsing."""

from __future__ import annotations

import argparse
from pathlib import Path

from printgen.errors import InputError, UnitError
from printgen.layout.sheet import Duplex
from printgen.spec.printdata import print_facts
from printgen.units import Length, parse_pair


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


def positive_length(text: str | None, option: str) -> float | None:
    """An optional length option (e.g. --edge 16mm) in points; None when not given."""
    if text is None:
        return None
    try:
        value = Length.parse(text).pt
    except UnitError as error:
        raise InputError(f"{option}: {error}") from None
    if value <= 0:
        raise InputError(f"{option}: expected a length greater than 0, got {text!r}")
    return value
