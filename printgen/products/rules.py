"""A rules text as a folded leaflet of card-sized panels, one PDF.

Built-in texts live in decks/rules/NAME.md; any user's Markdown file works the same
way. The spec stage reads the Markdown (printgen/spec/markdown.py) and the fold's
facts (printgen/spec/fold.py), layout flows the text onto panels and imposes them
(printgen/layout/leaflet.py), render writes the PDF.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printgen.errors import InputError
from printgen.fonts import own_faces
from printgen.frozen import frozen
from printgen.layout.fold import FoldStyle, plain
from printgen.layout.leaflet import Leaflet, fold_style, layout_leaflet
from printgen.model import Duplex, Paper
from printgen.model.fonts import Fonts
from printgen.model.text import Block, BlockKind, RulesText
from printgen.products.names import leaflet_file
from printgen.render.pdf import render_pdf
from printgen.spec.fold import fold_facts
from printgen.spec.languages import missing_words, words
from printgen.spec.markdown import deal_insert, default_title, load_rules
from printgen.spec.places import RULES, find
from printgen.words import true_minus


def find_rules(name_or_path: str) -> RulesText:
    """A built-in rules text by game name, or any Markdown file by path, loaded to be
    built on its own: with the fonts of the deck its front matter names."""
    return load_rules(find(RULES, name_or_path), alone=True)


def deal_blocks(template: Path, number: int) -> list[Block]:
    """Jedi Temple deal `number`: its setup and Force rolls from the deal engine, set
    by the rules text's deal insert (front matter `deal:`)."""
    from printgen.spec.dealfile import jedi_deal

    deal = jedi_deal(number)
    shown = [("Sylop" if v == deal.rules.force_value else true_minus(deal.card_text(i)))
             for i, v in enumerate(deal.values)]       # each value as the deal's sheet prints it
    rows, stock = deal.rules.tableau.split(shown)
    return deal_insert(template, {"number": number, "rows": rows, "stock": stock,
                                  "rolls": [list(r) for r in deal.rolls]})


@frozen
class RulesBuild:
    out: Path
    paper: Paper
    panel: str = "poker"
    duplex: Duplex = Duplex.LONG
    deal: int | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)     # points, as 'printgen calibrate' reads it


def text_language(rules: RulesText, lang: str) -> tuple[str, str | None]:
    """The language a rules text printed in lang (its deck's, or English) is set in,
    as a leaflet or a booklet: its front matter's where it names one, else lang; and
    the note, at its `lang:`, for one printgen has no words in (None for lang itself,
    whose note the build gives once)."""
    own = rules.lang or lang
    if own == lang or missing_words(own) is None:
        return own, None
    line = rules.lines.get("lang")
    return own, (f"{rules.where}{f':{line}' if line else ''} lang: printgen has no words in {own!r} for "
                 f"the words it adds to a rules text (a leaflet's notes' heading, a booklet's contents' "
                 f"heading); they are in English")


def game_title(rules: RulesText) -> str:
    """What a rules text is printed as (a booklet's cover, a leaflet's slug): its front
    matter's title, else its first heading, the game's name (its file's name, "jedi-duel
    rules", makes a poor one)."""
    if rules.title != default_title(rules.name):
        return rules.title
    return next((plain(block) for block in rules.blocks if block.kind is BlockKind.HEADING), rules.title)


def text_face(rules: RulesText) -> Fonts | None:
    """The family a rules text is set in (its `font:`, a declared font), or None: the bundled faces."""
    return rules.fonts.get(rules.font) if rules.font else None


def text_style(style: FoldStyle, rules: RulesText, lang: str) -> FoldStyle:
    """A leaflet's style set for a rules text in lang (text_language's): its shaping
    and hyphenation, its fonts and the one it is set in, its notes' heading in that
    language."""
    return replace(style, lang=lang, hyphenate=rules.hyphenate, own=own_faces(rules.fonts),
                   notes=words(lang).notes, face=text_face(rules))


def layout_rules(rules: RulesText, options: RulesBuild) -> Leaflet:
    """The rules text (with deal N's insert, for --deal N) laid out as a leaflet."""
    blocks = list(rules.blocks)
    if options.deal is not None:
        if rules.deal is None:
            raise InputError(f"--deal: the rules text {rules.where} takes no deal (its front "
                             f"matter names no `deal:` insert)")
        blocks += deal_blocks(rules.deal, options.deal)
    style = text_style(fold_style(fold_facts(), options.panel), rules, rules.lang)
    return layout_leaflet(blocks, rules.where, style, steps=fold_facts().smaller, paper=options.paper,
                          duplex=options.duplex, panel=options.panel, back_offset=options.back_offset,
                          title=game_title(rules), words=words(rules.lang).captions)


def build_rules(rules: RulesText, options: RulesBuild) -> tuple[Path, Leaflet]:
    leaflet = layout_rules(rules, options)
    return write_leaflet(rules, leaflet, options.out, options.duplex, deal=options.deal), leaflet


def write_leaflet(rules: RulesText, leaflet: Leaflet, out: Path, duplex: Duplex, *, deal: int | None = None) -> Path:
    file = leaflet_file(rules, leaflet, duplex, deal=deal)
    return render_pdf(file.pages, out / file.name, title=file.title, sides=file.sides)
