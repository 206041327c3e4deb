"""A reader's own copy of a game's original rules (`printgen rules GAME --original FILE`),
read as written: Markdown (.md, .markdown) is parsed as Markdown; any other file is
plain text, each non-blank line one paragraph, its words untouched."""

from __future__ import annotations

from pathlib import Path

from printgen.errors import InputError
from printgen.lang.markdown import parse_markdown
from printgen.model.text import Block, BlockKind, RulesText, Span
from printgen.reading import display_path, read_text
from printgen.spec.markdown import rules_pictures

MARKDOWN_SUFFIXES = (".md", ".markdown")


def load_original(path: Path) -> tuple[Block, ...]:
    """The file's blocks, in order; a missing or unreadable file is one located error."""
    text = read_text(path, display_path(path))
    if path.suffix.lower() in MARKDOWN_SUFFIXES:
        return tuple(parse_markdown(text, display_path(path), rules_pictures(path)))
    return tuple(plain_blocks(text, display_path(path)))


TITLE_WORDS = 7      # a line of at most this many words, not ending a sentence, is a title


def plain_blocks(text: str, source: str) -> list[Block]:
    """Plain text: one paragraph per non-blank line (blank lines only separate). A
    short line that does not end a sentence ("GOAL", "Available Cards") reads as a
    title: it is set as written but kept with the line after it."""
    return [Block(BlockKind.PARAGRAPH, f"{source}:{number}", (Span(line.strip()),),
                  keep_with_next=is_title(line))
            for number, line in enumerate(text.splitlines(), start=1) if line.strip()]


def is_title(line: str) -> bool:
    """A short line that does not end in sentence punctuation."""
    words = line.split()
    return 0 < len(words) <= TITLE_WORDS and not words[-1].endswith((".", "!", "?", ",", ";"))


def with_original(rules: RulesText, path: Path) -> RulesText:
    """The reader's own copy of a game's original rules, set as written under the
    credit line of the game's rules text (front matter `credit:`), in the text's fonts;
    no deal insert."""
    if rules.credit is None:
        raise InputError(f"--original: the rules text {rules.where} names no credit line for an "
                         f"original text; expected front matter `credit:`")
    credit = Block(BlockKind.PARAGRAPH, f"{rules.where} credit", (Span(rules.credit, italic=True),))
    rule = Block(BlockKind.RULE, f"{rules.where} credit")
    return RulesText(f"{rules.name}-original", display_path(path), (credit, rule) + load_original(path),
                     f"{rules.name} rules (original text)", rules.deck, None, rules.credit, fonts=rules.fonts,
                     font=rules.font)
