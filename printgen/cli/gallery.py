"""printgen gallery: regenerate the proof gallery (index.html) of an output folder."""

from __future__ import annotations

import argparse
from pathlib import Path

from printgen.cli.options import add_out
from printgen.cli.verbs import SUMMARIES
from printgen.gallery import build_gallery
from printgen.output import DEFAULT, out_folder, prune_current, recording
from printgen.reading import display_path

DESCRIPTION = """\
Write DIR/index.html: a page with a thumbnail of every card face, back, sheet, box,
fold, aid and deal sheet found in the output folder, each linked to its file. It
works offline (relative links, thumbnails stored in DIR/_gallery/). 'printgen build'
regenerates it after every build."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("gallery", parents=parents, help=SUMMARIES["gallery"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    add_out(parser, "output")
    return parser


def run(args: argparse.Namespace) -> int:
    folder = out_folder(args.out)
    with recording("gallery", subfolders=False, root=folder):
        path = build_gallery(folder)
    if not args.quiet:
        print(f"gallery: {display_path(path)}")
    return 0


def refresh_gallery(args: argparse.Namespace, out: Path) -> None:
    """After a build: output/index.html for the default folder, else OUT/index.html
    (never a folder the user did not name). The build checked before it wrote anything
    that the gallery can be written there (gallery_folder, gallery_preflight)."""
    prune_current()                     # the build's stale files go before the gallery lists the folder
    folder = gallery_folder(args, out)
    from printgen.cli.watch import watched
    with recording("gallery", subfolders=False, root=folder):
        path = build_gallery(folder, live=watched())
    if not args.quiet:
        print(f"  gallery: {display_path(path)}")


def gallery_folder(args: argparse.Namespace, out: Path | None) -> Path:
    """Where a build's gallery goes: output/ for the default folder, else OUT."""
    return DEFAULT if args.out is None or out is None else out
