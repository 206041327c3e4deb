"""A rules text as a folded leaflet of card-sized panels, one PDF.

Built-in texts live in decks/rules/NAME.md; any user's Markdown file works the same
way. The spec stage reads the Markdown (printgen/spec/markdown.py) and the fold's
facts (printgen/spec/fold.py); this module flows the text onto panels and imposes
them.
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from printgen.errors import FitError, InputError
from printgen.fonts import font
from printgen.layout.fold import FoldStyle, flow, fold_sheet, impose_fold
from printgen.layout.page import Page
from printgen.layout.primitives import Primitive, TextRun, shift
from printgen.model import CardSize, Deck, Duplex, Paper
from printgen.model.text import Block, BlockKind, RulesText, Span
from printgen.render.pdf import render_pdf
from printgen.spec.expr import render
from printgen.spec.fold import fold_facts
from printgen.spec.markdown import load_rules, parse_markdown
from printgen.spec.original import load_original
from printgen.spec.places import RULES, display_path, find
from printgen.spec.reading import read_text
from printgen.units import mm


def fold_style(panel: str) -> FoldStyle:
    facts = fold_facts()
    if panel not in facts.panels:
        raise InputError(f"--panel: expected one of {', '.join(facts.panels)}, got {panel!r}")
    width, height = facts.panels[panel]
    return FoldStyle(width, height, **asdict(facts.type))


def find_rules(name_or_path: str) -> RulesText:
    """A built-in rules text by game name, or any Markdown file by path, loaded."""
    return load_rules(find(RULES, name_or_path))


def panel_for(size: CardSize) -> str | None:
    """The largest panel of folds.yaml that fits inside cards of `size`, so the folded
    leaflet goes into the deck's tuck box; None where none does."""
    fitting = [(w * h, name) for name, (w, h) in fold_facts().panels.items()
               if w <= size.width + 1e-6 and h <= size.height + 1e-6]
    return max(fitting)[1] if fitting else None


def with_original(rules: RulesText, path: Path) -> RulesText:
    """The reader's own copy of a game's original rules, set as written under the
    credit line of the game's rules text (front matter `credit:`); no deal insert."""
    if rules.credit is None:
        raise InputError(f"--original: the rules text {rules.where} names no credit line for an "
                         f"original text; expected front matter `credit:`")
    credit = Block(BlockKind.PARAGRAPH, f"{rules.where} credit", (Span(rules.credit, italic=True),))
    rule = Block(BlockKind.RULE, f"{rules.where} credit")
    return RulesText(f"{rules.name}-original", display_path(path), (credit, rule) + load_original(path),
                     f"{rules.name} rules (original text)", rules.deck, None, rules.credit)


def rules_panel(rules: RulesText) -> str:
    """The panel a rules text is set on by default: the one that fits the deck its
    front matter names, else folds.yaml's default."""
    from printgen.spec import load_deck
    panel = panel_for(load_deck(rules.deck).size) if rules.deck is not None else None
    return panel or fold_facts().default_panel


def deal_blocks(template: Path, number: int) -> list[Block]:
    """Jedi Temple deal `number`: its setup and Force rolls from the deal engine, set
    by the rules text's deal insert (front matter `deal:`)."""
    from printgen.spec.dealfile import jedi_deal

    deal = jedi_deal(number)
    shown = [("Sylop" if v == deal.rules.force_value else deal.card_text(i))
             for i, v in enumerate(deal.values)]
    rows, stock = deal.rules.tableau.split(shown)
    source = display_path(template)
    text = render(read_text(template, source), {"number": number, "rows": rows, "stock": stock,
                                                "rolls": [list(r) for r in deal.rolls]}, source)
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
    panel: str            # the panel size's name
    paper: str            # the paper's name
    body: float = 0.0     # the body type size chosen, in points


SMALLEST_BODY = 6.5   # pt: the type is stepped down from folds.yaml's body size to this
STEP = 0.5            # pt
READABLE_BODY = 7.5   # pt: a one-sided leaflet is preferred while its body is at least this


def layout_rules(rules: RulesText, options: RulesBuild) -> Leaflet:
    """Flow the text in the largest type that fits: one side while the body is at least
    READABLE_BODY, else both sides (cut into two strips), else smaller type."""
    blocks = list(rules.blocks)
    if options.deal is not None:
        if rules.deal is None:
            raise InputError(f"--deal: the rules text {rules.where} takes no deal (its front "
                             f"matter names no `deal:` insert)")
        blocks += deal_blocks(rules.deal, options.deal)
    base = fold_style(options.panel)
    _, cols = fold_sheet(options.paper, base)
    sides = (1,) if options.duplex is Duplex.NONE else (1, 2)
    tries = [(s, b) for s in sides for b in body_sizes(base.body) if b >= READABLE_BODY]
    tries += [(s, b) for s in sides for b in body_sizes(base.body) if b < READABLE_BODY]
    flowed, style = [], base
    for count, body in tries:
        style = scaled(base, body)
        flowed = flow(blocks, style, whole_blocks=True)
        if len(flowed) <= 2 * cols * count:
            break
    else:
        capacity = 2 * cols * sides[-1]
        over = sum(used for _, used in flowed[capacity:])
        hint = "" if len(sides) > 1 else " (print it on both sides: --duplex long or short)"
        raise FitError(f"{rules.where}: the text needs {len(flowed)} panels but the fold has "
                       f"{capacity}; it is over by about {mm(over):.0f} mm of panel text{hint}")
    duplex = None if count == 1 else options.duplex
    panels = [finish_panel(prims, n, len(flowed), style) for n, (prims, _) in enumerate(flowed, 1)]
    pages = impose_fold(panels, paper=options.paper, style=style, duplex=duplex)
    return Leaflet(pages, len(flowed), 2 * cols * count, count, options.panel, options.paper.name,
                   style.body)


def body_sizes(largest: float) -> list[float]:
    """Body sizes to try, largest first: folds.yaml's body, then STEP smaller each time."""
    count = int((largest - SMALLEST_BODY) / STEP + 1e-6)
    return [largest - STEP * k for k in range(count + 1)]


def scaled(style: FoldStyle, body: float) -> FoldStyle:
    """The fold's type scaled so that its body is `body` points; the panel is unchanged."""
    k = body / style.body
    return replace(style, body=body, headings=tuple(h * k for h in style.headings),
                   table=style.table * k, folio=style.folio * k, gap=style.gap * k,
                   indent=style.indent * k)


def finish_panel(prims: list[Primitive], number: int, total: int, style: FoldStyle) -> tuple[Primitive, ...]:
    """Content moved inside the panel margin, plus the folio 'n / total' at the foot."""
    folio = f"{number} / {total}"
    width = font("sans").width(folio, style.folio)
    run = TextRun((style.width - width) / 2, style.height - style.margin, folio, "sans",
                  style.folio, style.accent)
    return tuple(shift(p, style.margin, style.margin) for p in prims) + (run,)


def build_rules(rules: RulesText, options: RulesBuild) -> tuple[Path, Leaflet]:
    leaflet = layout_rules(rules, options)
    return write_leaflet(rules, leaflet, options.out, deal=options.deal), leaflet


def write_leaflet(rules: RulesText, leaflet: Leaflet, out: Path, *, deal: int | None = None) -> Path:
    suffix = f"-deal-{deal}" if deal is not None else ""
    target = out / f"{rules.name}{suffix}-rules-{leaflet.panel}-{leaflet.paper}.pdf"
    return render_pdf(leaflet.pages, target, title=rules.title)


def deck_leaflets(deck: Deck, *, paper: Paper, duplex: Duplex,
                  quiet: bool) -> list[tuple[RulesText, Leaflet]]:
    """The leaflets of a deck's `rules:` texts, on the panel that fits its tuck box,
    laid out (not written); none, with a note, where no panel fits its cards."""
    panel = panel_for(deck.size)
    if panel is None:
        if not quiet:
            print(f"printgen: note: no rule leaflet for {deck.name}: no panel of "
                  f"decks/rules/folds.yaml fits its {deck.size} cards", file=sys.stderr)
        return []
    options = RulesBuild(out=Path(), paper=paper, panel=panel, duplex=duplex)
    return [(rules, layout_rules(rules, options)) for rules in map(load_rules, (r.path for r in deck.rules))]
