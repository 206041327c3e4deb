"""printgen aid: play aids (being written; the verb is registered already)."""

from __future__ import annotations

import argparse

from printgen.errors import InputError


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("aid", parents=parents, help="build a game's play aids (not ready yet)")
    parser.add_argument("game", metavar="GAME")
    return parser


def run(args: argparse.Namespace) -> int:
    raise InputError(f"play aids for {args.game!r} are not available yet")
