"""Rules texts: Markdown (decks/rules/NAME.md, or a user's own file) -> RulesText.

Markdown is parsed by markdown-it-py, whose tokens carry line numbers, so every
problem names file:line. A file may open with YAML front matter between two `---`
lines:

    ---
    title: Jedi Temple play aid     # the leaflet's title (default: "NAME rules")
    deck: sabacc-62                 # the deck whose tuck box the leaflet must fit
    deal: jedi-temple-deal.md       # the Markdown `printgen rules NAME --deal N` appends
    credit: "..."                   # the credit line set above the reader's own copy of
                                    # the original rules (`--original FILE`)
    ---
"""

from __future__ import annotations

from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from printgen.errors import InputError
from printgen.limits import limit
from printgen.model.text import Block, BlockKind, RulesText, Span
from printgen.spec.pictures import check_picture
from printgen.spec.places import DECKS, confine, confined, display_path, find, is_path, no_file
from printgen.spec.reading import read_text
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_text

FRONT_KEYS = ["title", "deck", "deal", "credit"]
MAX_CHARS = int(limit("rules_chars"))                   # of a Markdown text, before it is parsed
MAX_TABLE_COLUMNS = int(limit("rules_table_columns"))


def load_rules(path: Path) -> RulesText:
    """A rules text and its front matter, checked; every problem names file:line."""
    text = read_text(path, display_path(path))
    front, body, offset = split_front_matter(text)
    source = display_path(path)
    title, deck, deal, credit = f"{path.stem} rules", None, None, None
    if front is not None:
        doc = load_text(front, source)
        check = Checker(doc)
        data = check.mapping(doc.data if doc.data is not None else {}, (), FRONT_KEYS)
        title = check.text(data.get("title"), ("title",), default=title)
        if data.get("deck") is not None:
            deck = _front_deck(check, check.text(data["deck"], ("deck",)), path)
        if data.get("deal") is not None:
            deal = _front_file(check, "deal", check.text(data["deal"], ("deal",)), path, "a Markdown file")
        if data.get("credit") is not None:
            credit = check.text(data["credit"], ("credit",))
        check.raise_errors()
    blocks = tuple(parse_markdown(body, path, line_offset=offset))
    if not blocks:
        raise InputError(f"{source}:{offset + 1}: no rules text; expected Markdown with at least a heading "
                         f"or a paragraph")
    return RulesText(path.stem, source, blocks, title, deck, deal, credit)


def _front_deck(check: Checker, name: str, rules: Path) -> str | None:
    """Front matter `deck:`: a deck by name (the project's decks, then printgen's) or
    a path from the rules file's folder, confined to it; the deck file found, so
    that the deck loaded later is the one checked here."""
    if not name:
        return None
    if is_path(name, DECKS):
        found = _front_file(check, "deck", name, rules, "a deck file", (".yaml", ".yml"))
        return None if found is None else str(found)
    try:
        return str(find(DECKS, name, near=rules))
    except InputError as error:
        check.fail(("deck",), str(error))
        return None


def _front_file(check: Checker, key: str, name: str, rules: Path, expected: str,
                suffixes: tuple[str, ...] = ()) -> Path | None:
    """A file that front matter `key:` names, from the rules file's folder and never
    outside it (nor its project); nothing of it is read here."""
    if not name:
        return None
    try:
        path = confine(rules, name, key)
    except InputError as error:
        check.fail((key,), str(error))
        return None
    if suffixes and not name.lower().endswith(suffixes):
        check.fail((key,), f"expected {expected} ending in {' or '.join(suffixes)}, got {name!r}")
        return None
    if not path.is_file():
        check.fail((key,), f"expected {expected} beside {rules.name} or below its folder, got {name!r} "
                           f"(not found, or not a regular file)")
        return None
    return path


def split_front_matter(text: str) -> tuple[str | None, str, int]:
    """(front matter as YAML text with the file's line numbers, the body, the number
    of lines before the body); no front matter: (None, text, 0)."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return None, text, 0
    for i, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            return "\n" + "\n".join(lines[1:i]), "\n".join(lines[i + 1:]), i + 1
    return None, text, 0


def parse_markdown(text: str, source: Path, line_offset: int = 0) -> list[Block]:
    """Markdown -> blocks; unsupported or broken input is an InputError at file:line."""
    if len(text) > MAX_CHARS:
        raise InputError(f"{display_path(source)}: {len(text):,} characters of Markdown; expected a rules text "
                         f"of at most {MAX_CHARS:,} characters (a folded leaflet holds far fewer)")
    parser = MarkdownIt("commonmark").enable("table")
    return _Reader(display_path(source), source.parent, line_offset).blocks(parser.parse(text))


class _Reader:
    def __init__(self, source: str, folder: Path, offset: int) -> None:
        self.source, self.folder, self.offset = source, folder, offset
        self.lists: list[list[int]] = []     # per open list: [ordered?, next number]
        self.item_marker = ""
        self.line = 1

    def where(self) -> str:
        return f"{self.source}:{self.line}"

    def blocks(self, tokens: list[Token]) -> list[Block]:
        out: list[Block] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            if token.map:
                self.line = token.map[0] + 1 + self.offset
            i = self._one(tokens, i, out)
        return out

    def _one(self, tokens: list[Token], i: int, out: list[Block]) -> int:
        token = tokens[i]
        kind = token.type
        if kind in ("html_block", "html_inline"):
            raise InputError(f"{self.where()}: raw HTML is not supported in a rules text; "
                             f"expected Markdown (headings, paragraphs, lists, tables, images)")
        if kind == "heading_open":
            out.append(Block(BlockKind.HEADING, self.where(), self.spans(tokens[i + 1]), level=int(token.tag[1])))
            return i + 3
        if kind in ("bullet_list_open", "ordered_list_open"):
            start = int(token.attrs.get("start", 1) or 1) if kind == "ordered_list_open" else 0
            self.lists.append([kind == "ordered_list_open", start])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            self.lists.pop()
        elif kind == "list_item_open":
            ordered, number = self.lists[-1]
            self.item_marker = f"{number}." if ordered else "•"
            self.lists[-1][1] += 1
        elif kind == "paragraph_open":
            return self._paragraph(tokens[i + 1], out) + i
        elif kind in ("fence", "code_block"):
            out.append(Block(BlockKind.PARAGRAPH, self.where(), (Span(token.content.rstrip("\n")),)))
        elif kind == "hr":
            out.append(Block(BlockKind.RULE, self.where()))
        elif kind == "table_open":
            return self._table(tokens, i, out)
        return i + 1

    def _paragraph(self, inline: Token, out: list[Block]) -> int:
        children = inline.children or []
        images = [c for c in children if c.type == "image"]
        if images:
            if len([c for c in children if c.type != "softbreak" and (c.type != "text" or c.content.strip())]) > 1:
                raise InputError(f"{self.where()}: an image must stand in a paragraph of its own")
            out.append(Block(BlockKind.IMAGE, self.where(), image=self._image(images[0])))
            return 3
        if self.lists and self.item_marker is not None:
            out.append(Block(BlockKind.ITEM, self.where(), self.spans(inline), level=len(self.lists),
                             marker=self.item_marker))
            self.item_marker = ""
        else:
            out.append(Block(BlockKind.PARAGRAPH, self.where(), self.spans(inline)))
        return 3

    def _image(self, token: Token) -> Path:
        src = str(token.attrs.get("src", ""))
        path = confined(self.folder / "rules.md", src, self.where(), "image")
        if not path.is_file():
            raise InputError(f"{self.where()}: image {src!r} {no_file(self.folder / 'rules.md', src)}; "
                             f"expected a PNG or JPEG file beside the rules text")
        check_picture(path, f"{self.where()}: image {src!r}")
        return path

    def _table(self, tokens: list[Token], i: int, out: list[Block]) -> int:
        rows: list[tuple[tuple[Span, ...], ...]] = []
        row: list[tuple[Span, ...]] = []
        where = self.where()
        while tokens[i].type != "table_close":
            token = tokens[i]
            if token.type == "tr_open":
                row = []
            elif token.type == "inline":
                if len(row) >= MAX_TABLE_COLUMNS:
                    raise InputError(f"{where}: a table of more than {MAX_TABLE_COLUMNS} columns; expected at "
                                     f"most {MAX_TABLE_COLUMNS} (a leaflet's panel fits about 20)")
                row.append(self.spans(token))
            elif token.type == "tr_close":
                rows.append(tuple(row))
            i += 1
        out.append(Block(BlockKind.TABLE, where, rows=tuple(rows)))
        return i + 1

    def spans(self, inline: Token) -> tuple[Span, ...]:
        bold = italic = 0
        spans: list[Span] = []
        for child in inline.children or []:
            kind = child.type
            if kind in ("strong_open", "strong_close"):
                bold += 1 if kind == "strong_open" else -1
            elif kind in ("em_open", "em_close"):
                italic += 1 if kind == "em_open" else -1
            elif kind in ("text", "code_inline"):
                spans.append(Span(child.content, bold > 0, italic > 0))
            elif kind in ("softbreak", "hardbreak"):
                spans.append(Span(" "))
            elif kind == "html_inline":
                raise InputError(f"{self.where()}: raw HTML {child.content!r} is not supported; "
                                 f"expected Markdown")
            elif kind == "image":
                raise InputError(f"{self.where()}: an image must stand in a paragraph of its own")
        return tuple(spans)
