"""printgen docs [PAGE]: printgen's documentation, from wherever printgen is installed.

The pages are the Markdown files of the repository's docs/, which the wheel carries
as printgen/data/docs (printgen.builtin.docs_dir finds them), so help texts and error
messages can say "see `printgen docs deck-spec`" and mean it on any machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from printgen.cli.verbs import SUMMARIES
from printgen.errors import InputError, quoted

DESCRIPTION = """\
Show printgen's documentation. With no PAGE, list the pages (name and title); with a
PAGE name (e.g. deck-spec, print-facts; '.md' may be added) print that page's
Markdown to standard output, e.g. 'printgen docs deck-spec | less'. --path prints
where the page is, to open it in an editor or a Markdown viewer; without PAGE, the
folder of pages, which also holds the worked example's deck (example-deck/)."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("docs", parents=parents, help=SUMMARIES["docs"],
                            description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page", metavar="PAGE", nargs="?", default=None,
                        help="the page to print, e.g. deck-spec (default: list the pages)")
    parser.add_argument("--path", action="store_true",
                        help="print the page's file path (without PAGE: the folder's) instead of its text")
    return parser


def pages() -> dict[str, Path]:
    """The documentation pages by name (the file name without .md), sorted."""
    from printgen.builtin import docs_dir
    return {path.stem: path for path in sorted(docs_dir().glob("*.md"))}


def title(path: Path) -> str:
    """A page's first heading, without its #."""
    with path.open(encoding="utf-8-sig") as lines:
        for line in lines:
            if line.startswith("#"):
                return line.lstrip("#").strip()
    return ""


def page_path(name: str) -> Path:
    """The page called name ('deck-spec' or 'deck-spec.md'); an InputError naming the
    known pages when there is none."""
    known = pages()
    key = name.strip()
    key = key[:-3] if key.lower().endswith(".md") else key
    for stem, path in known.items():
        if stem.lower() == key.lower():
            return path
    raise InputError(f"docs: no page {quoted(name)}; the pages are {', '.join(known)}")


def emit(text: str) -> None:
    """Write text to standard output, replacing what its encoding cannot show (the
    pages are UTF-8; a legacy console may not be)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:
        sys.stdout.write(text.encode(encoding, "replace").decode(encoding))


def run(args: argparse.Namespace) -> int:
    if args.page is None:
        if args.path:
            from printgen.builtin import docs_dir
            emit(f"{docs_dir()}\n")
            return 0
        known = pages()
        width = max((len(name) for name in known), default=0)
        emit("".join(f"{name.ljust(width)}  {title(path)}\n" for name, path in known.items()))
        return 0
    path = page_path(args.page)
    if args.path:
        emit(f"{path}\n")
        return 0
    text = path.read_text(encoding="utf-8-sig")
    emit(text if text.endswith("\n") else text + "\n")
    return 0
