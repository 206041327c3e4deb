"""printgen gallery: regenerate the proof gallery (index.html) of an output folder."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from printgen.cli.options import add_out
from printgen.gallery import build_gallery
from printgen.model import Deck
from printgen.model.vendor import Profile
from printgen.products.export import ExportOptions, ExportResult, export_deck
from printgen.spec import display_path
from printgen.spec.vendors import profile

DESCRIPTION = """\
Write DIR/index.html: a page with a thumbnail of every card face, back, sheet, box,
fold, aid and deal sheet found in the output folder, each linked to its file. It
works offline (relative links, thumbnails stored in DIR/_gallery/). 'printgen build'
regenerates it after every build."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("gallery", parents=parents, help="write the proof gallery of the output folder",
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    add_out(parser, "output")
    return parser


def run(args: argparse.Namespace) -> int:
    from printgen.output import recording
    folder = args.out if args.out is not None else Path("output")
    with recording("gallery", subfolders=False, root=folder):
        path = build_gallery(folder)
    if not args.quiet:
        print(f"gallery: {display_path(path)}")
    return 0


def refresh_gallery(args: argparse.Namespace, out: Path) -> None:
    """After a build: output/index.html for the default folder, else OUT/index.html
    (never a folder the user did not name). The build checked before it wrote anything
    that the gallery can be written there (gallery_folder, gallery_preflight)."""
    from printgen.output import prune_current, recording
    prune_current()                     # the build's stale files go before the gallery lists the folder
    folder = gallery_folder(args, out)
    from printgen.cli.watch import watched
    with recording("gallery", subfolders=False, root=folder):
        path = build_gallery(folder, live=watched())
    if not args.quiet:
        print(f"  gallery: {display_path(path)}")


def gallery_folder(args: argparse.Namespace, out: Path | None) -> Path:
    """Where a build's gallery goes: output/ for the default folder, else OUT."""
    return Path("output") if args.out is None or out is None else out


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
    print(f"  preflight: {len(result.warnings) or 'no'} warning(s)")
