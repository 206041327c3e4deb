"""A rules text as a folded leaflet of card-sized panels, one PDF.

Built-in texts live in decks/rules/NAME.md; any user's Markdown file works the same
way. The spec stage reads the Markdown (printgen/spec/markdown.py) and the fold's
facts (printgen/spec/fold.py); this module flows the text onto panels and imposes
them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from printgen.errors import FitError, InputError
from printgen.fonts import font
from printgen.layout.fold import FoldStyle, flow, fold_sheet, impose_fold
from printgen.layout.primitives import Primitive, TextRun, shift
from printgen.layout.sheet import Page
from printgen.model import Duplex
from printgen.model import CardSize, Paper
from printgen.model.text import Block, RulesText
from printgen.render.pdf import render_pdf
from printgen.spec.expr import render
from printgen.spec.fold import fold_facts
from printgen.spec.markdown import load_rules, parse_markdown, read_text
from printgen.spec.places import RULES, display_path, find
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


def panel_for(size: CardSize | None) -> str:
    """The largest panel of folds.yaml that fits inside cards of `size` (so the folded
    leaflet goes into the deck's tuck box); folds.yaml's default without a size."""
    facts = fold_facts()
    fitting = [(w * h, name) for name, (w, h) in facts.panels.items()
               if size is not None and w <= size.width + 1e-6 and h <= size.height + 1e-6]
    return max(fitting)[1] if fitting else facts.default_panel


def rules_panel(rules: RulesText) -> str:
    """The panel a rules text is set on by default: its deck's (front matter `deck:`)."""
    if rules.deck is None:
        return fold_facts().default_panel
    from printgen.spec import load_deck
    return panel_for(load_deck(rules.deck).size)


def deal_blocks(template: Path, number: int) -> list[Block]:
    """Jedi Temple deal `number`: its setup and Force rolls from the deal engine, set
    by the rules text's deal insert (front matter `deal:`)."""
    from printgen.deal.deal import jedi_deal

    deal = jedi_deal(number)
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


def layout_rules(rules: RulesText, options: RulesBuild) -> Leaflet:
    """Flow the text; one side if it fits in one, else both (cut into two strips)."""
    style = fold_style(options.panel)
    blocks = list(rules.blocks)
    if options.deal is not None:
        if rules.deal is None:
            raise InputError(f"--deal: the rules text {rules.where} takes no deal (its front "
                             f"matter names no `deal:` insert)")
        blocks += deal_blocks(rules.deal, options.deal)
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
        raise FitError(f"{rules.where}: the text needs {len(flowed)} panels but the fold has "
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


def build_rules(rules: RulesText, options: RulesBuild) -> tuple[Path, Leaflet]:
    leaflet = layout_rules(rules, options)
    suffix = f"-deal-{options.deal}" if options.deal is not None else ""
    target = options.out / f"{rules.name}{suffix}-rules-{options.panel}-{options.paper.name}.pdf"
    render_pdf(leaflet.pages, target, title=rules.title)
    return target, leaflet
