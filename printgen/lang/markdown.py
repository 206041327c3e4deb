"""Markdown -> blocks of rich text (headings, paragraphs, lists, tables, images,
rules, footnotes), for leaflets, play aids and a template's `markdown` element.

Markdown is parsed by markdown-it-py, whose tokens carry line numbers, so every
problem names file:line. The text is given (the spec stage reads files); an image
is looked up on the PictureShelf the caller hands in.

A link's address is printed after its text, in brackets ("our site
(https://example.org)"), unless the text is the address already or the link is to a
place in the text (`#scoring`); both carry the address (Span.link), for a screen's
copy. Struck-through text and code blocks are refused, as raw HTML is: printgen has no
way to strike a word, nor a fixed-width face to keep a code block's spacing.

A block quote (`> ...`) holds paragraphs and lists, each Block saying how deep in
quotes it is (Block.quote: 2 in `> > ...`), in how many lists each of them opens (a
quote in a list item stands at the item's text) and how many of them go on from the
block before (Block.quote_on: its rule runs on through the gap); a heading, table, picture or rule in a quote
is refused, on one located line, as printgen sets a quote only as indented text.

Footnotes (`text[^label]` with `[^label]: the note` anywhere, or an inline
`^[the note]`) are read by mdit-py-plugins' footnote plugin. A reference becomes a
Span carrying its Note; notes are numbered 1, 2, 3 ... in order of first reference,
whatever their labels. A note holds paragraphs of text, without notes of its own.

Emphasis marks or backticks that open and are never closed (`**bold`, `_word`, a lone
backtick) are printed as written, as CommonMark says; the block they are in says so
(Block.said: file:line and the text about them), for the build's notes
(_watch_marks()). A paragraph holding only invisible format characters (a bidi mark,
a zero-width space) is read as a blank line is: it takes no room.

A text pasted from a web page or a word processor may break its lines with other
characters than a line feed; they are read as a reader sees them (markdown_lines()):
U+2029 PARAGRAPH SEPARATOR ends a paragraph, U+2028 LINE SEPARATOR breaks the line
within it, and a carriage return (alone or before a line feed) ends a line as
CommonMark says. Problems still name the file's own lines, which only CR LF, CR and
LF end, as an editor numbers them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_inline import backtick
from markdown_it.rules_inline import emphasis as emphasis_rules
from markdown_it.rules_inline.state_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin

from printgen.errors import InputError, quoted
from printgen.lang.lines import LINE_END
from printgen.limits import limit
from printgen.model.picture import Picture, PictureShelf
from printgen.model.text import Block, BlockKind, Note, Span, prints
from printgen.words import first_few

MAX_CHARS = int(limit("rules_chars"))                   # of a Markdown text, before it is parsed
MAX_TABLE_COLUMNS = int(limit("rules_table_columns"))
MAX_NESTING = int(limit("rules_nesting"))             # lists and block quotes inside each other
MAX_NOTE_REFERENCES = int(limit("rules_note_references"))   # in one paragraph, item, cell or heading
SHOWN_UNCLOSED = 10         # runs of marks never closed noted one by one in a text; the rest in one note
# The reader's own nesting bound, in its levels (a list takes 2, a quote 1): past it, it
# silently drops the rest of the list item or quote. Set so that every list or quote up
# to MAX_NESTING deep, and the one past it (refused), is read.
PARSER_NESTING = 2 * MAX_NESTING + 2
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
UNDEFINED = re.compile(r"\[\^([^\]\s]+)\]")      # a reference the plugin left as text: no definition
# U+2028 LINE SEPARATOR as a CommonMark hard line break (two spaces at a line's end, which
# a heading or a table row drops), U+2029 PARAGRAPH SEPARATOR as a blank line
SEPARATORS = {"\u2028": "  \n", "\u2029": "\n\n"}
SEPARATOR = re.compile("[\u2028\u2029]")
# what a block quote may not hold (printgen sets a quote as indented text): the token that opens it, and its name
QUOTED_NOT = {"heading_open": "a heading", "table_open": "a table", "hr": "a horizontal rule"}
# what a run of marks opens, by its length: `*` or `_` italic, `**` bold, `***` both; backticks a code span
OPENS = {1: "italic", 2: "bold", 3: "bold italic"}
MARKS_AT = "printgen marks at"     # env: the inline text being read, and each emphasis mark's token -> place
UNCLOSED = "printgen unclosed"     # env: by inline text, the (place, marks) of each run opened and never closed
EXCERPT = 30                       # characters of its line a note on a mark quotes each side of it


def markdown_lines(text: str) -> tuple[str, list[int]]:
    """The text with its line breaks as Markdown is to read them: each CR LF or CR a line
    feed, U+2028 a hard line break and U+2029 a blank line (SEPARATORS); and for each
    line of that text the file's line it is on (0-based; only CR LF, CR and LF end one)."""
    lines: list[str] = []
    rows: list[int] = []
    for row, line in enumerate(LINE_END.split(text)):
        parts = SEPARATOR.sub(lambda found: SEPARATORS[found.group()], line).split("\n")
        lines += parts
        rows += [row] * len(parts)
    return "\n".join(lines), rows


def parse_markdown(text: str, source: str, pictures: PictureShelf, line_offset: int = 0, *,
                   empty_headings: bool = True, place: Callable[[int], str] | None = None) -> list[Block]:
    """Markdown -> blocks; unsupported or broken input is an InputError at source:line
    (source: the file as the user names it; the line counted from line_offset), or,
    given place, at place(line) (the line of the text, 1-based: a card field's text is
    named by its field). An image is looked up on `pictures`.
    empty_headings False: a heading with no words (`#`, `## &nbsp;`, a footnote
    reference alone) is an InputError too, as in a rules text, where it is a slip (a
    card's text, which a field may leave empty, passes True)."""
    if len(text) > MAX_CHARS:
        raise InputError(f"{place(1) if place else source}: {len(text):,} characters of Markdown; expected a rules text "
                         f"of at most {MAX_CHARS:,} characters (a leaflet holds far fewer, a stapled booklet "
                         f"of 64 A5 pages about as many)")
    text, rows = markdown_lines(text)
    parser = MarkdownIt("commonmark", {"maxNesting": PARSER_NESTING}).enable(["table", "strikethrough"])
    parser.use(footnote_plugin)
    _watch_marks(parser)
    refused = _watch_links(parser)
    env: dict[str, Any] = {}
    tokens = parser.parse(text, env)
    reader = _Reader(source, pictures, line_offset, text, rows, empty_headings)
    reader.place = place
    reader.shown = parser.normalizeLinkText
    reader.unclosed = env.get(UNCLOSED, {})
    reader.refused = refused
    for key, index in env.get("footnotes", {}).get("refs", {}).items():
        if index < 0:
            raise InputError(f"{reader.defined_at(key[1:])}: the footnote [^{key[1:]}] is never referenced; "
                             f"expected a [^{key[1:]}] in the text, or no definition")
    return reader.blocks(tokens)


def _watch_links(parser: MarkdownIt) -> list[str]:
    """The list the parser puts each address in that it refuses to make a link or a
    picture of (its validateLink, wrapped), which it then prints as written."""
    refused: list[str] = []
    valid = parser.validateLink

    def validate(url: str) -> bool:
        if valid(url):
            return True
        refused.append(url)
        return False

    parser.validateLink = validate  # type: ignore[method-assign]
    return refused


def _watch_marks(parser: MarkdownIt) -> None:
    """Keep in the parse's env (UNCLOSED) each run of emphasis marks (`*`, `_`) or
    backticks that opens and is never closed, which CommonMark prints as written: by
    the inline text it is in (the same text has the same runs), its place there and
    the marks.
    markdown-it's rules for them are wrapped; a mark that may close as well as open
    (`2*3`) is not kept."""
    def emphasis(state: StateInline, silent: bool) -> bool:
        count, start = len(state.delimiters), state.pos
        found = emphasis_rules.tokenize(state, silent)
        if state.env.get(MARKS_AT, (None,))[0] is not state:
            state.env[MARKS_AT] = (state, {})
        places = state.env[MARKS_AT][1]
        for k, mark in enumerate(state.delimiters[count:]):
            places[mark.token] = start + k
        return found

    def code(state: StateInline, silent: bool) -> bool:
        start, count = state.pos, len(state.tokens)
        found = backtick(state, silent)
        if found and not silent and not (len(state.tokens) > count and state.tokens[-1].type == "code_inline"):
            state.env.setdefault(UNCLOSED, {}).setdefault(state.src, {})[start, state.src[start:state.pos]] = None
        return found

    def unclosed(state: StateInline) -> None:
        reading, places = state.env.get(MARKS_AT, (None, {}))
        if reading is not state:
            return
        kept: list[tuple[int, str]] = []
        for marks in [state.delimiters, *(meta["delimiters"] for meta in state.tokens_meta
                                          if meta and "delimiters" in meta)]:
            for mark in marks:
                if mark.marker not in (0x2A, 0x5F) or not mark.open or mark.close or mark.end != -1 \
                        or mark.token not in places:
                    continue
                at = places[mark.token]
                if kept and kept[-1][0] + len(kept[-1][1]) == at and kept[-1][1][-1] == chr(mark.marker):
                    kept[-1] = (kept[-1][0], kept[-1][1] + chr(mark.marker))      # the same run
                else:
                    kept.append((at, chr(mark.marker)))
        state.env.setdefault(UNCLOSED, {}).setdefault(state.src, {}).update(dict.fromkeys(kept))

    parser.inline.ruler.at("emphasis", emphasis)
    parser.inline.ruler.at("backticks", code)
    parser.inline.ruler2.after("emphasis", "unclosed", unclosed)


def unclosed_note(where: str, line: str, column: int, marks: str) -> str:
    """The note on a run of marks (`**`, `_`, a backtick) at column of the line (at
    where) that opens and is never closed: what it would open, and the text, quoted
    about it."""
    start, end = max(0, column - EXCERPT), min(len(line), column + len(marks) + EXCERPT)
    text = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
    what = "a code span" if marks[0] == "`" else OPENS.get(len(marks), "emphasis")
    escaped = "".join("\\" + ch for ch in marks)
    mark = "the mark" if len(marks) == 1 else "the marks"
    return (f"{where}: {marks} in {text!r} opens {what} that is never closed, so it is printed as written "
            f"(close it with {marks}, or write {escaped} to print {mark})")


def _bare(address: str) -> str:
    """An address as its text may give it: without its scheme, "www." or a last slash,
    in lower case ("Example.org" is the text of "https://www.example.org/")."""
    bare = re.sub(r"^(https?://|mailto:)", "", address.strip().lower())
    return bare.removeprefix("www.").rstrip("/")


def _inline_image(where: str, token: Token) -> InputError:
    """The error for a picture set among a line's words (an icon inline): named by its
    file, as written."""
    return InputError(f"{where}: the picture {str(token.attrs.get('src', ''))!r} stands among a line's words; "
                      f"expected it in a paragraph of its own (a picture is not set inside a line of text)")


def _invisible(text: str) -> bool:
    """Whether text holds invisible format characters and nothing else but spaces (a
    bidi mark, a zero-width space or joiner, a byte order mark): it takes no room. A
    no-break space, which a writer may set to keep a line's room, is not invisible."""
    return any(unicodedata.category(ch) == "Cf" for ch in text) and \
        all(ch in " \n" or unicodedata.category(ch) == "Cf" for ch in text)


class _Reader:
    def __init__(self, source: str, pictures: PictureShelf, offset: int, text: str, rows: list[int],
                 empty_headings: bool = True) -> None:
        self.source, self.pictures, self.offset, self.text, self.rows = source, pictures, offset, text, rows
        self.empty_headings = empty_headings
        self.shown: Callable[[str], str] = str      # a link's address as printed (not %-escaped)
        self.lists: list[list[int]] = []     # per open list: [ordered?, next number]
        self.item_marker = ""
        self.row = 0                         # the line of the text (0-based) being read
        self.definitions: dict[int, tuple[str | None, list[Token]]] = {}   # plugin id -> label, paragraphs
        self.notes: dict[int, Note] = {}     # plugin id -> the note, once referenced
        self.in_note = False
        self.quotes: list[tuple[int, int]] = []     # each open block quote: its number and the lists it opens in
        self.opened = 0                      # how many block quotes have opened
        self.last: list[tuple[int, int]] = []       # the quotes the last block read is in
        self.unclosed: dict[str, dict[tuple[int, str], None]] = {}    # _watch_marks()'s, by inline text
        self.said: list[str] = []            # its notes on the block being read (unclosed_note())
        self.noted = 0                       # runs of marks never closed noted so far
        self.unnoted: list[str] = []         # where the runs of marks past SHOWN_UNCLOSED are (note_unclosed())
        self.place: Callable[[int], str] | None = None      # names a line of the text (parse_markdown())
        self.refused: list[str] = []         # the addresses the reader refused to make links of (parse_markdown())

    def not_quoted(self, what: str) -> None:
        """InputError: what ("a table") cannot stand inside a block quote."""
        raise InputError(f"{self.where()}: {what} inside a block quote (`>`) is not supported; expected "
                         f"paragraphs and lists in a quote, or the {what.split()[-1]} outside it (a line "
                         f"without `>`)")

    def not_too_deep(self, token: Token) -> None:
        """InputError unless the list or quote that token opens stands inside fewer than
        MAX_NESTING lists and quotes."""
        depth = len(self.lists) + len(self.quotes) + 1
        if depth > MAX_NESTING:
            what = "block quote" if token.type == "blockquote_open" else "list"
            raise InputError(f"{self.where()}: a {what} inside {depth - 1} lists and block quotes; expected "
                             f"at most {MAX_NESTING} lists and quotes inside each other (each is set further in)")

    def line_of(self, row: int) -> int:
        """The file's line (1-based) that the text's line row (0-based) is on."""
        return self.rows[min(row, len(self.rows) - 1)] + 1 + self.offset

    def at(self, row: int) -> str:
        """Where the text's line row (0-based) is, for messages: file:line, or place's."""
        line = self.line_of(row)
        return self.place(line - self.offset) if self.place else f"{self.source}:{line}"

    def where(self) -> str:
        return self.at(self.row)

    def defined_row(self, label: str) -> int:
        """The text's line (0-based) of the definition `[^label]:` (the first line holding it)."""
        mark = f"[^{label}]:"
        return next((n for n, line in enumerate(self.text.split("\n")) if mark in line), 0)

    def defined_at(self, label: str) -> str:
        """file:line of the definition `[^label]:`."""
        return self.at(self.defined_row(label))

    def blocks(self, tokens: list[Token]) -> list[Block]:
        end = next((k for k, t in enumerate(tokens) if t.type == "footnote_block_open"), len(tokens))
        self._definitions(tokens[end:])
        tokens = tokens[:end]
        out: list[Block] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            if token.map:
                self.row = token.map[0]
            i = self._one(tokens, i, out)
        if self.unnoted and out:
            places = first_few(self.unnoted, 3)
            out[-1] = replace(out[-1], said=(*out[-1].said, (
                f"{len(self.unnoted):,} more runs of marks that open and are never closed, printed as written "
                f"(at {places}): not noted one by one")))
        return out

    def _one(self, tokens: list[Token], i: int, out: list[Block]) -> int:
        token = tokens[i]
        kind = token.type
        if kind in ("html_block", "html_inline"):
            raise InputError(f"{self.where()}: raw HTML is not supported in a rules text; "
                             f"expected Markdown (headings, paragraphs, lists, tables, images)")
        if self.quotes and kind in QUOTED_NOT:
            self.not_quoted(QUOTED_NOT[kind])
        if kind in ("blockquote_open", "bullet_list_open", "ordered_list_open"):
            self.not_too_deep(token)
        if kind == "blockquote_open":
            self.opened += 1
            self.quotes.append((self.opened, len(self.lists)))
        elif kind == "blockquote_close":
            self.quotes.pop()
        elif kind == "heading_open":
            spans = self.spans(tokens[i + 1])
            words = "".join(s.text for s in spans if s.note is None)
            if not self.empty_headings and not prints(words):
                written = self.text.split("\n")[token.map[0]] if token.map else token.markup
                raise InputError(f"{self.where()}: the heading {written!r} has no words; expected the "
                                 f"heading's text, or no heading there")
            if _invisible(words):
                spans = tuple(s for s in spans if s.note)      # as `#` alone
            out.append(Block(BlockKind.HEADING, self.where(), spans, level=int(token.tag[1]), said=self.take_said()))
            return i + 3
        elif kind in ("bullet_list_open", "ordered_list_open"):
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
            fence = token.markup if len(token.markup) <= 80 else quoted(token.markup)      # (a run of 50,000)
            how = f"({fence})" if kind == "fence" else "(lines indented by four spaces or more)"
            instead = "paragraphs" if kind == "fence" else "paragraphs without the indent"
            raise InputError(f"{self.where()}: a code block {how} is not supported in a rules text: printgen "
                             f"has no fixed-width face to keep its spacing; expected {instead}, or a table "
                             f"for columns")
        elif kind == "hr":
            out.append(Block(BlockKind.RULE, self.where()))
        elif kind == "table_open":
            return self._table(tokens, i, out)
        return i + 1

    def _definitions(self, tokens: list[Token]) -> None:
        """The footnote block (the plugin moves every definition to the end): each
        note's paragraphs, by the plugin's id."""
        current = -1
        for token in tokens:
            if token.type == "footnote_open":
                current = int(token.meta["id"])
                self.definitions[current] = (token.meta.get("label"), [])
            elif token.type == "inline":
                self.definitions[current][1].append(token)
            elif token.type not in ("paragraph_open", "paragraph_close", "footnote_anchor", "footnote_close",
                                    "footnote_block_open", "footnote_block_close"):
                label = self.definitions[current][0]
                where = self.defined_at(label) if label is not None else self.where()
                raise InputError(f"{where}: a footnote holds {token.type.split('_')[0]} markup; expected "
                                 f"paragraphs of text only")

    def _note(self, token: Token, row: int) -> Note:
        """The note a reference (on the text's line row) names, made at its first
        reference (so numbered in that order); an inline note is where its reference is."""
        key = int(token.meta["id"])
        if key not in self.notes:
            label, paragraphs = self.definitions[key]
            row, self.row, self.in_note = self.row, self.defined_row(label) if label is not None else row, True
            where = self.where()
            spans: list[Span] = []
            for paragraph in paragraphs:
                spans += ([Span(" ")] if spans else []) + list(self.spans(paragraph))
            self.row, self.in_note = row, False
            if not "".join(span.text for span in spans).strip():
                raise InputError(f"{where}: a footnote with no text; expected the note after its label")
            self.notes[key] = Note(len(self.notes) + 1, tuple(spans), where)
        return self.notes[key]

    def _paragraph(self, inline: Token, out: list[Block]) -> int:
        children = inline.children or []
        images = [c for c in children if c.type == "image"]
        if images:
            if len([c for c in children if c.type != "softbreak" and (c.type != "text" or c.content.strip())]) > 1:
                raise _inline_image(self.where(), images[0])
            if self.quotes:
                self.not_quoted("an image")
            out.append(Block(BlockKind.IMAGE, self.where(), image=self._image(images[0])))
            return 3
        spans = self.spans(inline)
        if not (self.lists and self.item_marker) and _invisible("".join(span.text for span in spans)) \
                and not any(span.note for span in spans):
            return 3            # as a blank line is (but an item's first paragraph, which has its marker)
        on = next((k for k, (was, now) in enumerate(zip(self.last, self.quotes)) if was != now),
                  min(len(self.last), len(self.quotes)))      # the quotes this block shares with the last
        lists = tuple(depth for _, depth in self.quotes)
        self.last = list(self.quotes)
        if self.lists and self.item_marker is not None:
            out.append(Block(BlockKind.ITEM, self.where(), spans, level=len(self.lists),
                             marker=self.item_marker, quote_lists=lists, quote_on=on, said=self.take_said()))
            self.item_marker = ""
        else:
            out.append(Block(BlockKind.PARAGRAPH, self.where(), spans, quote_lists=lists, quote_on=on,
                             said=self.take_said()))
        return 3

    def _image(self, token: Token) -> Picture:
        return self.pictures(str(token.attrs.get("src", "")), self.where())

    def _table(self, tokens: list[Token], i: int, out: list[Block]) -> int:
        rows: list[tuple[tuple[Span, ...], ...]] = []
        row: list[tuple[Span, ...]] = []
        align: list[str] = []         # each column's, from its header cell (`---:` right, `:---:` centre)
        lines: list[str] = []         # each row's file:line
        where = self.where()
        while tokens[i].type != "table_close":
            token = tokens[i]
            if token.type == "tr_open":
                row = []
                lines.append(self.at(token.map[0]) if token.map else where)
            elif token.type == "th_open":
                align.append(str(token.attrs.get("style") or "").removeprefix("text-align:"))
            elif token.type == "inline":
                if len(row) >= MAX_TABLE_COLUMNS:
                    raise InputError(f"{where}: a table of more than {MAX_TABLE_COLUMNS} columns; expected at "
                                     f"most {MAX_TABLE_COLUMNS} (a leaflet's panel fits about 20)")
                row.append(self.spans(token))
            elif token.type == "tr_close":
                rows.append(tuple(row))
            i += 1
        out.append(Block(BlockKind.TABLE, where, rows=tuple(rows), align=tuple(align), row_where=tuple(lines),
                         said=self.take_said()))
        return i + 1

    def take_said(self) -> tuple[str, ...]:
        """The notes on the block just read (Block.said), taken."""
        said, self.said = tuple(dict.fromkeys(self.said)), []
        return said

    def note_unclosed(self, inline: Token) -> None:
        """Note each run of marks in the inline text that opens and is never closed
        (_watch_marks()), at its file line."""
        first = inline.map[0] if inline.map else self.row
        lines = inline.content.split("\n")
        for at, marks in sorted(self.unclosed.get(inline.content, {})):
            row = inline.content.count("\n", 0, at)
            column = at - (inline.content.rfind("\n", 0, at) + 1)
            if self.noted < SHOWN_UNCLOSED:         # (a stranger's text of 3,000 was 3,000 lines of notes)
                self.said.append(unclosed_note(self.at(first + row), lines[row], column, marks))
                self.noted += 1
            else:
                self.unnoted.append(self.at(first + row))

    def check_references(self, spans: list[Span], row: int) -> None:
        """At most MAX_NOTE_REFERENCES footnote references in one text (the line each
        lands on is found by wrapping the text's words up to it again)."""
        if sum(span.note is not None for span in spans) > MAX_NOTE_REFERENCES:
            raise InputError(f"{self.at(row)}: more than {MAX_NOTE_REFERENCES} footnote references in one "
                             f"paragraph; expected at most {MAX_NOTE_REFERENCES} (split it, or gather the "
                             f"notes into fewer)")

    def note_refused(self, inline: Token) -> None:
        """Note each address in the inline text that the Markdown reader refuses to make a
        link or a picture of (javascript:, vbscript:, file: and data: other than images),
        which is then printed as written, at its file line."""
        first = inline.map[0] if inline.map else self.row
        for address in dict.fromkeys(self.refused):
            at = inline.content.find(address)
            if at >= 0:
                row = first + inline.content.count("\n", 0, at)
                self.said.append(f"{self.at(row)}: {quoted(address)} is an address printgen makes no link or "
                                 f"picture of (javascript:, vbscript:, file: or data:), so it is printed as "
                                 f"written (give an https: address, or a picture's path beside the text)")

    def spans(self, inline: Token) -> tuple[Span, ...]:
        self.note_unclosed(inline)
        self.note_refused(inline)
        bold = italic = 0
        row = self.row
        spans: list[Span] = []
        link, opened = "", 0             # the link the text is in, and where its spans start
        for child in inline.children or []:
            kind = child.type
            undefined = UNDEFINED.search(child.content) if kind == "text" else None
            if undefined:
                raise InputError(f"{self.at(row)}: the footnote [^{undefined[1]}] has no "
                                 f"definition; expected a line [^{undefined[1]}]: and the note's text")
            if kind == "footnote_ref":
                if self.in_note:
                    raise InputError(f"{self.where()}: a footnote inside a footnote; expected notes "
                                     f"of plain text")
                note = self._note(child, row)
                spans.append(Span(str(note.number).translate(SUPERSCRIPT), bold > 0, italic > 0, note=note))
                self.check_references(spans, row)
            elif kind in ("strong_open", "strong_close"):
                bold += 1 if kind == "strong_open" else -1
            elif kind in ("em_open", "em_close"):
                italic += 1 if kind == "em_open" else -1
            elif kind in ("text", "code_inline"):
                spans.append(Span(child.content, bold > 0, italic > 0, link=link))
            elif kind in ("softbreak", "hardbreak"):       # a hard break (a backslash or two spaces
                spans.append(Span("\n" if kind == "hardbreak" else " ", link=link))    # at a line's end) breaks
                row += 1                                                            # the line
            elif kind == "link_open":
                link, opened = str(child.attrs.get("href") or ""), len(spans)
                if link.startswith("#"):             # a place in the text: its name as written, %-escapes read
                    link = "#" + self.shown(link[1:])
            elif kind == "link_close":
                address = self.shown(link).replace(" ", "%20") if not link.startswith("#") else ""
                said = "".join(span.text for span in spans[opened:])
                if address and _bare(address) != _bare(said):
                    address = address.removeprefix("mailto:")
                    spans.append(Span(f" ({address})" if said.strip() else address, bold > 0, italic > 0, link=link))
                link = ""
            elif kind in ("s_open", "s_close"):
                raise InputError(f"{self.where()}: struck-through text ({child.markup}...{child.markup}) is not "
                                 f"supported; expected bold or italic, or the text without the "
                                 f"{child.markup!r}")
            elif kind == "html_inline":
                raise InputError(f"{self.where()}: raw HTML {child.content!r} is not supported; "
                                 f"expected Markdown")
            elif kind == "image":
                raise _inline_image(self.where(), child)
        return tuple(spans)
