"""What a deck's build prints besides its cards: its tuck box, its dice (decks/dice/),
its boards and tokens (decks/parts/) and the rule leaflets of its games
(decks/rules/), folded to fit the box. A deck names them with the keys `box:`,
`dice:`, `parts:` and `rules:`.

Read by the spec stage (read_extras), then laid out (lay_out_extras) before the
build writes anything, so bad input in any of them fails the build cleanly.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from printgen.errors import FitError, TextOverflow
from printgen.frozen import frozen
from printgen.layout.boxart import kind
from printgen.layout.leaflet import fold_style, layout_leaflet
from printgen.layout.page import Page, PrintFile
from printgen.layout.pieces import Credit, dice_pages, part_pages
from printgen.layout.slug import Gaps, margin_note, slug_font
from printgen.model import Deck, Duplex, Paper
from printgen.model.box import TuckBox
from printgen.model.pieces import Die, Part
from printgen.model.text import FoldFacts, RulesText
from printgen.model.turns import ONE_SIDED
from printgen.products.box import box_pages, check_paper, fitted
from printgen.products.names import box_file, leaflet_file
from printgen.products.rules import game_title, text_language, text_style
from printgen.spec.box import tuck_box
from printgen.spec.fold import fold_facts, panel_for
from printgen.spec.languages import words
from printgen.spec.markdown import deck_rules
from printgen.spec.pieces import load_die, load_part
from printgen.spec.printdata import print_facts

if TYPE_CHECKING:
    from printgen.products.booklet import Booklet


@frozen
class Extras:
    """A deck's extras as the spec stage read them (each None or empty when not asked for)."""

    box: TuckBox | None
    dice: tuple[Die, ...]
    parts: tuple[Part, ...]
    rules: tuple[RulesText, ...]
    folds: FoldFacts
    panel: str | None                   # the leaflets' panel: the largest that fits the cards
    papers: tuple[Paper, ...]           # every paper printgen knows (a box that does not fit names others)


def read_extras(deck: Deck, formats: frozenset[str]) -> Extras:
    """Everything the deck's extras need from files, loaded and checked."""
    pieces = "parts" in formats
    return Extras(tuck_box(deck) if "box" in formats else None,
                  tuple(load_die(ref.path) for ref in deck.dice) if pieces else (),
                  tuple(load_part(ref.path) for ref in deck.parts) if pieces else (),
                  deck_rules(deck) if "rules" in formats else (),
                  fold_facts(), panel_for(deck.size), tuple(print_facts().papers.values()))


def lay_out_extras(deck: Deck, extras: Extras, *, paper: Paper, duplex: Duplex,
                   back_offset: tuple[float, float] = (0.0, 0.0), notes: list[str],
                   dropped: dict[str, str], boxed: list[tuple[TuckBox, int]] | None = None) -> list[PrintFile]:
    """The extras' files, laid out: the box, a tuck box or, where that does not fit the
    paper, a two-piece box (or, in dropped, why not: neither fits the paper, a text of it does not fit its panel; a text holding a character no
    font has stops the build, as a card's does), one file of all the dice, one
    a part, then each rules text: as a leaflet (on both sides unless the deck is printed
    fold-over, its back page moved by back_offset; in dropped, why not where no panel
    fits), or, for a deck with `rules_as:
    booklet`, as a booklet of the card size and its reading copy, the box made deep
    enough for the folded booklets. notes: what the build should say besides; boxed:
    where the box laid out is added (the build says its size)."""
    laid: list[Booklet] | None = None
    booklets: list[PrintFile] = []
    if extras.rules and deck.rules_as == "booklet":
        laid, booklets = _as_booklets(deck, extras, paper=paper, duplex=duplex, back_offset=back_offset, notes=notes,
                                      dropped=dropped)
    box = None if extras.box is None else fitted(extras.box, deck, paper, laid)
    files = []
    if box is not None:
        try:
            check_paper(deck, box, paper, extras.papers)
        except FitError as error:
            dropped["box"] = f"no box for {deck.name} on {paper.name}: {error}"
        else:
            try:        # (a character no font has, or an unknown font, stops the build)
                box_sheets = box_pages(deck, box, paper, extras.papers, notes)
                files.append(box_file(deck, box, paper, *box_sheets))
            except TextOverflow as error:
                dropped["box"] = f"no {kind(box)} for {deck.name}: {error}"
            else:
                if boxed is not None:
                    boxed.append((box, len(box_sheets)))
    said = words(deck.lang)

    def pieces_file(name: str, holds: str, make: Callable[[Credit, Gaps], list[Page]]) -> PrintFile:
        """A file of dice or a part, its sheets' slug (holds: what they hold) in the deck's
        words; what their margins leave out said in notes."""
        gaps: Gaps = {}
        pages = make(Credit(deck.title, holds, deck.credits, slug_font(deck.fonts), said.captions), gaps)
        notes.extend(filter(None, [margin_note(f"{deck.name}'s {name}", paper.name, gaps, len(pages))]))
        return PrintFile(f"{deck.name}-{name}-{paper.name}.pdf", f"{deck.title}: {holds}", tuple(pages),
                         sides=ONE_SIDED)

    if extras.dice:
        files.append(pieces_file("dice", said.dice, partial(dice_pages, list(extras.dice), paper)))
    files += [pieces_file(part.name, part.title, partial(part_pages, part, paper)) for part in extras.parts]
    files += booklets
    if deck.rules_as == "booklet":
        return files
    if extras.rules and extras.panel is None:
        dropped["rules"] = (f"no rule leaflet for {deck.name}: no leaflet panel printgen folds fits the "
                            f"box of its {deck.size} cards; `rules_as: booklet` in the deck prints its rules "
                            f"as booklets of the card size")
    elif extras.rules and extras.panel is not None:
        sides = Duplex.NONE if duplex is Duplex.FOLD else duplex    # a fold-over deck's printer prints one side
        style = fold_style(extras.folds, extras.panel)
        for rules in extras.rules:
            lang, note = text_language(rules, deck.lang)
            notes.extend(filter(None, [note]))
            leaflet = layout_leaflet(rules.blocks, rules.where, text_style(style, rules, lang),
                                     steps=extras.folds.smaller, paper=paper, duplex=sides, panel=extras.panel, back_offset=back_offset,
                                     title=game_title(rules), words=words(lang).captions)
            notes.extend(leaflet.notes)
            files.append(leaflet_file(rules, leaflet, sides))
    return files


def _as_booklets(deck: Deck, extras: Extras, *, paper: Paper, duplex: Duplex, back_offset: tuple[float, float],
                 notes: list[str], dropped: dict[str, str]) -> tuple[list[Booklet] | None, list[PrintFile]]:
    """The rules texts as booklets of the card size (the booklets, for the box, and their
    files); none, with the reason in dropped, where the deck is not printed on both sides."""
    if duplex not in (Duplex.LONG, Duplex.SHORT):
        dropped["rules"] = (f"no rule booklet for {deck.name} with --duplex {duplex.value}: a booklet is "
                            f"printed on both sides (--duplex long or short)")
        return None, []
    # typesetting: imported for booklets only
    from printgen.products.booklet import booklet_files, deck_booklets
    booklets = deck_booklets(deck, extras.rules, paper=paper, duplex=duplex, back_offset=back_offset)
    files: list[PrintFile] = []
    for rules, booklet, options in booklets:
        notes += booklet.notes
        files += booklet_files(rules, booklet, options)
    return [booklet for _, booklet, _ in booklets], files
