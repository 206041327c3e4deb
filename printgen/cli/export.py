"""Exporting for a print shop from the command line: `printgen build DECK --for PROFILE`
runs the export (products/export.py) and reports it; `printgen box DECK --for PROFILE`
reports its box art the same way."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from printgen.cli.gallery import refresh_gallery
from printgen.model import Deck
from printgen.model.vendor import Profile
from printgen.products.export import ExportOptions, ExportResult, export_deck
from printgen.reading import display_path
from printgen.spec.vendors import profile
from printgen.words import plural


def export_run(deck: Deck, args: argparse.Namespace, out: Path) -> int:
    """printgen build DECK --for PROFILE: export, print warnings and a summary."""
    prof = profile(args.target)
    result = export_deck(deck, prof, ExportOptions(out=out, strict=args.strict, quiet=args.quiet,
                                                   url_base=getattr(args, "url_base", None),
                                                   jobs=getattr(args, "jobs", 1)))
    report_export(deck, prof, result, written=f"{display_path(out / prof.name)}/ ({len(result.files)} files)",
                  quiet=args.quiet)
    if getattr(args, "gallery", True):      # build --all writes one gallery at the end
        refresh_gallery(args, out)
    return 0


def report_export(deck: Deck, prof: Profile, result: ExportResult, *, written: str,
                  quiet: bool) -> None:
    """Unless quiet: preflight warnings on standard error, one a line (a kind of
    problem on many cards is one line), and a summary. (--strict has already turned
    any warning into the error.)"""
    if quiet:
        return
    for line in result.warnings:
        print(f"printgen: preflight: {line}", file=sys.stderr)
    print(f"{deck.name}: {len(deck.cards)} cards, {deck.size}, for {prof.title}")
    print(f"  {written}")
    for note in result.notes:
        print(f"  {note}")
    print(f"  preflight: {plural(len(result.warnings), 'warning') if result.warnings else 'no warnings'}")
