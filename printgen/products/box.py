"""A deck's box: sized from the deck, decorated from templates, one PDF.

The box is a tuck box, one net on one page, where that fits the paper; else a
two-piece box, a tray and a lid with a net each, on one page or two (styled()).
Sizes and colours come from templates/box-tuck.yaml; a deck may override some of
them under its `box:` key (resolved by spec/box.py, laid out by layout/boxart.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.errors import FitError, TextOverflow
from printgen.fonts import FILES, builtin_family, missing
from printgen.layout.box import box_size
from printgen.layout.boxart import kind, layout_pages
from printgen.layout.boxfit import check_paper, fits
from printgen.layout.endnotes import english_note
from printgen.layout.leaflet import fold_style, folded_layers
from printgen.layout.page import Page
from printgen.model import Deck, Paper
from printgen.model.box import STYLES, TRAY, TUCK, TuckBox
from printgen.model.template import Element, ElementKind, Template
from printgen.products.names import box_file
from printgen.render.pdf import render_pdf
from printgen.spec.box import own_back, tuck_box
from printgen.spec.fold import fold_facts, panel_for
from printgen.spec.languages import DEFAULT
from printgen.spec.places import builtin_file
from printgen.spec.printdata import print_facts
from printgen.splitnotes import noting_splits, split_notes
from printgen.units import mm, mm_text

if TYPE_CHECKING:
    from printgen.products.booklet import Booklet


def deck_box(deck: Deck, paper: Paper, thickness: float | None = None, sleeved: bool = False,
             style: str = "") -> TuckBox:
    """The deck's box as a deck build makes it (fitted()); sleeved: for cards in sleeves;
    style: TUCK or TRAY as asked, "" for whichever fits the paper."""
    box = tuck_box(deck, thickness, sleeved)
    return fitted(replace(box, options=replace(box.options, style=style)), deck, paper)


def fitted(box: TuckBox, deck: Deck, paper: Paper, booklets: Sequence[Booklet] | None = None) -> TuckBox:
    """The box made deep enough for what goes in beside the cards (deep_enough()), its
    style then chosen for paper where none was asked for (styled())."""
    return styled(deep_enough(box, deck, paper, booklets), deck, paper)


def deep_enough(box: TuckBox, deck: Deck, paper: Paper, booklets: Sequence[Booklet] | None = None) -> TuckBox:
    """The box made deep enough for the folded leaflets of the deck's rules texts, or
    their folded booklets where the deck prints them as booklets (each in the language
    the deck is built in, as the build reads it): booklets, where the build has laid
    them out, else typeset here, so that the box is the same whatever a build prints
    besides it (--only box, --duplex none)."""
    if deck.rules_as != "booklet" or not deck.rules:
        return with_leaflets(box, deck, paper)
    # the Markdown reader and typesetting: only for a deck printing booklets
    from printgen.products.booklet import boxed, deck_booklets
    if booklets is None:
        from printgen.spec.markdown import deck_rules
        booklets = [booklet for _, booklet, _ in deck_booklets(deck, deck_rules(deck), paper=paper)]
    return boxed(box, booklets)


def with_leaflets(box: TuckBox, deck: Deck, paper: Paper) -> TuckBox:
    """The box made deep enough for the deck's folded rule leaflets, one for each of
    its rules texts (in place of one leaflet's allowance), where they outgrow it."""
    panel = panel_for(deck.size)
    if not deck.rules or panel is None or deck.rules_as == "booklet":
        return box
    layers = folded_layers(paper, fold_style(fold_facts(), panel))
    insert = len(deck.rules) * layers * print_facts().paper_thickness
    if insert <= box.facts.lengths["leaflet"]:
        return box
    return replace(box, options=replace(box.options, insert=insert))


def build_box(deck: Deck, box: TuckBox, *, out: Path, paper: Paper, notes: list[str] | None = None,
              variant: str = "") -> tuple[Path, int]:
    """Lay out and write the deck's box PDF (FitError, naming papers that would do,
    when its nets do not fit); returns its path and its sheets (for made()). notes:
    where to add what the build should say besides; variant: how its file name tells
    it from the build's box (names.box_file)."""
    papers = print_facts().papers.values()
    check_paper(deck, box, paper, papers)
    file = box_file(deck, box, paper, *box_pages(deck, box, paper, papers, [] if notes is None else notes),
                    variant=variant)
    return render_pdf(file.pages, out / file.name, title=file.title, sides=file.sides), len(file.pages)


def styled(box: TuckBox, deck: Deck, paper: Paper) -> TuckBox:
    """The box in the style asked for; where none was, the tuck box where its net fits
    paper (portrait or landscape), else the two-piece box where its nets do, else the
    box as it is (check_paper() then says that neither fits)."""
    if box.options.style:
        return box
    for style in STYLES:
        chosen = replace(box, options=replace(box.options, style=style))
        if fits(deck, chosen, paper):
            return chosen
    return box


def box_pages(deck: Deck, box: TuckBox, paper: Paper, papers: Iterable[Paper], notes: list[str]) -> tuple[Page, ...]:
    """The box laid out on paper (layout_pages()); a text of the deck's that cannot be set
    on it is blamed on the deck key that gave it (`decks/x.yaml:10 box.title`), and
    printgen's own templates are named without the folder they are installed in.
    printgen's own back text is set in English where the fonts lack the letters of
    the deck's language's words (english_back(), said in notes); one that is merely
    too long for the box stops it as any other text does. Its words set letter by
    letter are said in notes too (splitnotes.split_notes())."""
    box = english_back(deck, box, notes)
    with noting_splits() as splits:
        try:
            pages = layout_pages(deck, box, paper, papers)
        except FitError as error:
            raise box_text_error(deck, box, error, lambda given: layout_pages(*given, paper, papers)) from None
    notes += split_notes(splits)
    return pages


def english_back(deck: Deck, box: TuckBox, notes: list[str]) -> TuckBox:
    """The box with printgen's own back text in English where the deck gives none of
    its own and a font of the back's text lacks letters of the text in the deck's
    language that the English text has (as a booklet's contents' heading, endnotes.py's
    own_word()), with a note in notes saying so; else the box as it is."""
    if deck.box.back or deck.lang == DEFAULT:
        return box
    english = own_back(deck, DEFAULT)
    for font in back_fonts(box.templates["back"]):
        note = english_note(box.options.back, english, font,
                            f"the {kind(box)} of {deck.name}: printgen's own {deck.lang} text for its back")
        if note is not None and not missing(font, english):
            notes.append(note)
            return replace(box, options=replace(box.options, back=english))
    return box


def back_fonts(template: Template) -> list[str]:
    """The fonts (their regular faces, with fallbacks) that the template's texts
    showing box.back are set in; a font worked out per box counts as the default one
    (sans), and an unknown one as none (laying the box out names it)."""
    fonts = []
    for element in _walk(template.elements):
        if element.kind in (ElementKind.TEXT, ElementKind.MARKDOWN) and BACK in str(element.values.get("text", "")):
            name = str(element.values.get("font", DEFAULT_FONT))
            name = DEFAULT_FONT if "{" in name else name
            if name in template.fonts:
                fonts.append(template.fonts[name].regular)
            elif name in FILES:
                fonts.append(builtin_family(name).regular)
    return fonts


def _walk(elements: Iterable[Element]) -> Iterator[Element]:
    for element in elements:
        yield element
        yield from _walk(element.children)


BOX_TEXTS = ("title", "side", "back", "credits")    # what a box's templates show of the deck's
BOX_FIELD = "text"          # the field of a box template's text element (it shows box.KEY, no card field)
BACK = "box.back"           # what a box template's text shows where it shows the back text
DEFAULT_FONT = "sans"       # the font of a text element that names none
SHORTER = {"title": "a shorter title", "side": "a shorter side text", "back": "a shorter back text",
           "credits": "shorter credits"}


def _with_only(deck: Deck, box: TuckBox, key: str) -> tuple[Deck, TuckBox]:
    """The deck and box with every text of BOX_TEXTS but key left empty."""
    options = box.options
    kept = replace(options, title=options.title if key == "title" else "", side=options.side if key == "side" else "",
                   back=options.back if key == "back" else "")
    return deck if key == "credits" else replace(deck, credits=()), replace(box, options=kept)


def box_text_error(deck: Deck, box: TuckBox, error: FitError,
                   lay_out: Callable[[tuple[Deck, TuckBox]], object]) -> FitError:
    """error, raised laying out the box (lay_out, given the deck and box), told as the
    user's: the first of the deck's box texts that fails on its own, located in the
    deck file; else error with printgen's templates named without their folder. A text
    too long for the box is told as a TextOverflow, as it was raised."""
    for key in BOX_TEXTS:
        place = _given_by(deck, key)
        if place is None:
            continue
        try:
            lay_out(_with_only(deck, box, key))
        except FitError as alone:
            if alone.field != BOX_FIELD:            # not a text of the box's (its net, a font's name)
                continue
            if isinstance(alone, TextOverflow):
                return TextOverflow(f"{place}: {alone.detail} on the {kind(box)}; expected {SHORTER[key]}")
            return FitError(f"{place}: on the {kind(box)}, {alone.detail}")
    text = str(error)
    own_back = (isinstance(error, TextOverflow) and error.field == BOX_FIELD and _given_by(deck, "back") is None
                and box.templates["back"].source in text)          # printgen's own words overflow
    for template in box.templates.values():
        if _builtin(template.path):     # (a project's own box template keeps its path)
            text = text.replace(template.source, f"printgen's {template.path.name}")
    if own_back:
        text += "; or give the box a back text of its own (box: {back: ...} in the deck)"
    return TextOverflow(text) if isinstance(error, TextOverflow) else FitError(text)


def _builtin(path: Path) -> bool:
    try:
        return path.resolve() == builtin_file("templates", path.name).resolve()
    except OSError:
        return False


def _given_by(deck: Deck, key: str) -> str | None:
    """Where the deck gives its box the text `key` (file:line key path), None where
    printgen's own words give it (the back's default text)."""
    given = {"title": "box.title" if deck.box.title is not None else "title",
             "side": "box.side" if deck.box.side is not None else "game" if deck.game else "title",
             "back": "box.back" if deck.box.back else None,
             "credits": "credits"}[key]
    lines = dict(deck.lines)
    if given == "title" and not {"title", f"title@{deck.lang}"} & set(lines):
        given = "name"                  # a deck with no title is called by its name
    if given is None:
        return None
    top, dot, rest = given.partition(".")       # the language built may have its own (docs/languages.md):
    written = [f"{given}@{deck.lang}", f"{top}@{deck.lang}{dot}{rest}", given]     # box.title@de, box@de.title
    found = next((name for name in written if name in lines), None)
    return None if found is None else f"{deck.where}:{lines[found]} {found}"


def made(deck: Deck, box: TuckBox, paper: Paper, sheets: int) -> str:
    """What the box is, for the summaries: "tuck box", or "two-piece box (a tray and a
    lid, on one sheet)" or "(..., on 2 sheets)", with "; the tuck box does not fit
    PAPER" where that is why it was made. sheets: the sheets the box was laid out on
    (box_pages)."""
    if box.options.style != TRAY:
        return "tuck box"
    tuck = replace(box, options=replace(box.options, style=TUCK))
    why = "" if fits(deck, tuck, paper) else f"; the tuck box does not fit {paper.name}"
    return f"two-piece box (a tray and a lid, on {'one sheet' if sheets == 1 else f'{sheets} sheets'}{why})"


def describe(deck: Deck, box: TuckBox) -> str:
    """The box's inside size (a two-piece box's tray's) and what it is sized for, for
    `printgen box`'s summary."""
    size = box_size(deck, box.options, box.facts)
    sleeves = ""
    if box.options.sleeved:
        facts = box.facts.lengths
        sleeves = (f", each in a sleeve of {mm(deck.size.width + facts['sleeve']):g} x "
                   f"{mm(deck.size.height + facts['sleeve']):g} x {mm_text(facts['sleeve_thickness'])}")
    beside = "" if box.options.insert is None else f"{',' if sleeves else ''} and folded rules of {mm_text(box.options.insert)}"
    return (f"inside {mm(size.inner_w):.1f} x {mm(size.inner_h):.1f} x {mm(size.depth):.1f} mm "
            f"({len(deck.cards)} cards x {mm_text(box.options.card_thickness)}{sleeves}{beside})")
