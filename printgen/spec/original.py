"""A reader's own copy of a game's original rules (`printgen rules GAME --original FILE`),
read as written: Markdown (.md, .markdown) is parsed as Markdown; any other file is
plain text, each non-blank line one paragraph, its words untouched."""

from __future__ import annotations

from pathlib import Path

from printgen.model.text import Block, BlockKind, Span
from printgen.spec.markdown import parse_markdown
from printgen.spec.places import display_path
from printgen.spec.reading import read_text

MARKDOWN_SUFFIXES = (".md", ".markdown")


def load_original(path: Path) -> tuple[Block, ...]:
    """The file's blocks, in order; a missing or unreadable file is one located error."""
    text = read_text(path, display_path(path))
    if path.suffix.lower() in MARKDOWN_SUFFIXES:
        return tuple(parse_markdown(text, path))
    return tuple(plain_blocks(text, display_path(path)))


def plain_blocks(text: str, source: str) -> list[Block]:
    """Plain text: one paragraph per non-blank line (blank lines only separate)."""
    return [Block(BlockKind.PARAGRAPH, f"{source}:{number}", (Span(line.strip()),))
            for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
