"""A rules text (Markdown) as a folded leaflet of card-sized panels, one PDF.

Built-in texts live in decks/rules/<game>.md; any user's Markdown file works the
same way. Markdown is parsed by markdown-it-py, whose tokens carry line numbers,
so every problem names file:line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from printgen.errors import FitError, InputError
from printgen.layout.fold import Block, FoldStyle, flow, impose_fold, fold_sheet
from printgen.layout.primitives import Primitive, TextRun, shift
from printgen.layout.richtext import Span
from printgen.layout.sheet import Duplex, Page
from printgen.fonts import font
from printgen.model import Paper
from printgen.render.pdf import render_pdf
from printgen.spec import PACKAGE_ROOT, display_path, search_roots
from printgen.spec.expr import render
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file
from printgen.units import mm

FOLDS = PACKAGE_ROOT / "decks" / "rules" / "folds.yaml"


@dataclass(frozen=True)
class FoldFacts:
    panels: dict[str, tuple[float, float]]
    default_panel: str
    style: dict[str, Any]
    decks: dict[str, str]


@lru_cache(maxsize=1)
def fold_facts() -> FoldFacts:
    doc = load_file(FOLDS, display_path(FOLDS))
    check = Checker(doc)
    data = check.mapping(doc.data, (), ["panels", "default_panel", "margin", "type", "colors", "decks"])
    panels = {name: (check.length(v.get("width"), ("panels", name, "width")),
                     check.length(v.get("height"), ("panels", name, "height")))
              for name, v in (data.get("panels") or {}).items()}
    kind = data.get("type") or {}
    style = {"margin": check.length(data.get("margin"), ("margin",)),
             "body": check.length(kind.get("body"), ("type", "body")),
             "headings": tuple(check.length(v, ("type", "headings", i))
                               for i, v in enumerate(kind.get("headings") or [])),
             "table": check.length(kind.get("table"), ("type", "table")),
             "folio": check.length(kind.get("folio"), ("type", "folio")),
             "line_height": float(kind.get("line_height", "1.2")),
             "gap": check.length(kind.get("gap"), ("type", "gap")),
             "indent": check.length(kind.get("indent"), ("type", "indent")),
             "ink": str((data.get("colors") or {}).get("ink", "#000000")),
             "accent": str((data.get("colors") or {}).get("accent", "#000000"))}
    check.raise_errors()
    return FoldFacts(panels, str(data.get("default_panel")), style, dict(data.get("decks") or {}))


def fold_style(panel: str) -> FoldStyle:
    facts = fold_facts()
    if panel not in facts.panels:
        raise InputError(f"--panel: expected one of {', '.join(facts.panels)}, got {panel!r}")
    width, height = facts.panels[panel]
    return FoldStyle(width, height, **facts.style)


def rules_files() -> dict[str, Path]:
    """The built-in rules texts by game name, sorted."""
    found: dict[str, Path] = {}
    for root in search_roots():
        for path in sorted((root / "decks" / "rules").glob("*.md")):
            if not path.stem.endswith("-deal"):
                found.setdefault(path.stem, path)
    return dict(sorted(found.items()))


def find_rules(name_or_path: str) -> Path:
    path = Path(name_or_path)
    if path.suffix.lower() in (".md", ".markdown") or path.exists():
        if not path.is_file():
            raise InputError(f"{name_or_path}: rules file not found")
        return path
    games = rules_files()
    if name_or_path not in games:
        raise InputError(f"unknown game {name_or_path!r}; expected one of {', '.join(games)} "
                         f"or a path to a Markdown file")
    return games[name_or_path]


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(f"{display_path(path)}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise InputError(f"{display_path(path)}: cannot read ({error.strerror or error})") from None


def parse_markdown(text: str, source: Path, line_offset: int = 0) -> list[Block]:
    """Markdown -> blocks; unsupported or broken input is an InputError at file:line."""
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
            out.append(Block("heading", self.where(), self.spans(tokens[i + 1]), level=int(token.tag[1])))
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
            out.append(Block("paragraph", self.where(), (Span(token.content.rstrip("\n")),)))
        elif kind == "hr":
            out.append(Block("rule", self.where()))
        elif kind == "table_open":
            return self._table(tokens, i, out)
        return i + 1

    def _paragraph(self, inline: Token, out: list[Block]) -> int:
        children = inline.children or []
        images = [c for c in children if c.type == "image"]
        if images:
            if len([c for c in children if c.type != "softbreak" and (c.type != "text" or c.content.strip())]) > 1:
                raise InputError(f"{self.where()}: an image must stand in a paragraph of its own")
            out.append(Block("image", self.where(), image=self._image(images[0])))
            return 3
        if self.lists and self.item_marker is not None:
            out.append(Block("item", self.where(), self.spans(inline), level=len(self.lists),
                             marker=self.item_marker))
            self.item_marker = ""
        else:
            out.append(Block("paragraph", self.where(), self.spans(inline)))
        return 3

    def _image(self, token: Token) -> Path:
        src = str(token.attrs.get("src", ""))
        path = (self.folder / src).resolve()
        if "://" in src or not path.is_file():
            raise InputError(f"{self.where()}: image {src!r} not found (looked at {path}); expected "
                             f"a PNG or JPEG file beside the rules text")
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
                row.append(self.spans(token))
            elif token.type == "tr_close":
                rows.append(tuple(row))
            i += 1
        out.append(Block("table", where, rows=tuple(rows)))
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


def deal_blocks(number: int) -> list[Block]:
    """Jedi Temple deal `number`: its setup and Force rolls, from the deal engine."""
    from printgen.deal.deal import jedi_deal

    deal = jedi_deal(number)
    template = PACKAGE_ROOT / "decks" / "rules" / "jedi-temple-deal.md"
    shown = [("Sylop" if v == 0 else f"{v:+d}") for v in deal.values]
    rows = [shown[r * (r + 1) // 2:(r + 1) * (r + 2) // 2] for r in range(7)]
    text = render(read_text(template), {"number": number, "rows": rows, "stock": shown[28:],
                                        "rolls": [list(r) for r in deal.rolls]},
                  display_path(template))
    return parse_markdown(text, template)


@dataclass(frozen=True)
class RulesBuild:
    out: Path
    paper: Paper
    panel: str = "poker"
    duplex: Duplex = Duplex.LONG
    deal: int | None = None


@dataclass(frozen=True)
class Leaflet:
    pages: list[Page]
    panels: int
    capacity: int
    sides: int


def layout_rules(path: Path, options: RulesBuild) -> Leaflet:
    """Flow the text; one side if it fits in one, else both (cut into two strips)."""
    style = fold_style(options.panel)
    blocks = parse_markdown(read_text(path), path)
    if options.deal is not None:
        blocks += deal_blocks(options.deal)
    flowed = flow(blocks, style)
    _, cols = fold_sheet(options.paper, style)
    single = 2 * cols
    duplex: Duplex | None = None
    capacity = single
    if len(flowed) > single and options.duplex is not Duplex.NONE:
        duplex, capacity = options.duplex, 4 * cols
    if len(flowed) > capacity:
        over = sum(used for _, used in flowed[capacity:])
        hint = "" if duplex is not None else " (print it on both sides: --duplex long or short)"
        raise FitError(f"{display_path(path)}: the text needs {len(flowed)} panels but the fold has "
                       f"{capacity}; it is over by about {mm(over):.0f} mm of panel text{hint}")
    panels = [finish_panel(prims, n, len(flowed), style) for n, (prims, _) in enumerate(flowed, 1)]
    pages = impose_fold(panels, paper=options.paper, style=style, duplex=duplex)
    return Leaflet(pages, len(flowed), capacity, 1 if duplex is None else 2)


def finish_panel(prims: list[Primitive], number: int, total: int, style: FoldStyle) -> tuple[Primitive, ...]:
    """Content moved inside the panel margin, plus the folio 'n / total' at the foot."""
    folio = f"{number} / {total}"
    width = font("sans").width(folio, style.folio)
    run = TextRun((style.width - width) / 2, style.height - style.margin, folio, "sans",
                  style.folio, style.accent)
    return tuple(shift(p, style.margin, style.margin) for p in prims) + (run,)


def build_rules(name_or_path: str, options: RulesBuild) -> tuple[Path, Leaflet]:
    path = find_rules(name_or_path)
    if options.deal is not None and path.stem != "jedi-temple":
        raise InputError(f"--deal: only the jedi-temple rules take a deal, not {path.stem!r}")
    leaflet = layout_rules(path, options)
    suffix = f"-deal-{options.deal}" if options.deal is not None else ""
    target = options.out / f"{path.stem}{suffix}-rules-{options.panel}-{options.paper.name}.pdf"
    render_pdf(leaflet.pages, target, title=f"{path.stem} rules")
    return target, leaflet
