"""A rules text as a booklet of any length: its pages typeset (layout/book.py), imposed on
sheets to print on both sides, cut, stack, fold and staple along the fold
(layout/booklet_sheets.py), and a reading copy, its pages in order with bookmarks and a
linked contents, for a screen."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from printgen.errors import FitError
from printgen.fonts import house, own_faces
from printgen.frozen import frozen
from printgen.layout.book import (
    CONTENTS,
    contents_font,
    house_style,
    lay_out_book,
    reading_copy,
)
from printgen.layout.booklet_sheets import booklet_pages, side_slugs
from printgen.layout.cover import CoverSource
from printgen.layout.endnotes import english_note
from printgen.layout.impose import padded_count, share_of_paper
from printgen.layout.page import Bookmark, Page, PrintFile
from printgen.model import Deck, Duplex, Paper
from printgen.model.box import TuckBox
from printgen.model.captions import ENGLISH, Captions
from printgen.model.text import BlockKind, RulesText
from printgen.model.turns import TURNED, print_sides
from printgen.products.rules import game_title, text_face, text_language
from printgen.render.pdf import render_pdf
from printgen.spec.booklet import PAPER_SHARES, card_page
from printgen.spec.fold import fold_facts
from printgen.spec.languages import words
from printgen.spec.markdown import default_title
from printgen.spec.printdata import print_facts
from printgen.splitnotes import noting_splits, split_notes
from printgen.units import Length, mm
from printgen.words import plural

STAPLED_SHEETS = 16            # nested sheets a home long-reach stapler closes well (see docs)


@frozen
class BookletBuild:
    """What to make of a rules text as a booklet, and where: the options of `printgen booklet`."""

    out: Path
    paper: Paper
    size: str = "a5"
    duplex: Duplex = Duplex.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    thickness: float = field(default_factory=lambda: print_facts().paper_thickness)   # the creep per sheet
    contents: str = CONTENTS            # the contents pages' heading, in the booklet's language
    captions: Captions = ENGLISH        # its sheets' slug words (which side, the turn), in its language too


@dataclass
class Booklet:
    """A booklet laid out: the printed sheets, the reading copy and its bookmarks."""

    sheets: list[Page]
    reading: list[Page]
    bookmarks: tuple[Bookmark, ...]
    pages: int                     # the book's pages, blank ones added for the folding not counted
    padded: int                    # with them
    nested: int                    # pieces folded together (sheets, after cutting)
    width: float                   # the page's trim size, points
    height: float
    notes: list[str] = field(default_factory=list)
    rtl: bool = False              # its text opens right to left: bound on the right, its spreads read so


def page_size(size: str, paper: Paper) -> tuple[str, float, float]:
    """The booklet's page: a share of the paper (a5, a6) or a card's size, with the
    name its files are called by."""
    if size.lower() in PAPER_SHARES:
        return (size.lower(), *share_of_paper(paper, PAPER_SHARES[size.lower()]))
    return card_page(size)


def cover_source(rules: RulesText) -> CoverSource:
    """Where the cover's texts come from, for its errors: the front matter's line of each
    ("rules/x.md:2 title"), the first heading's line for a title taken from it, and the
    front matter's first line for them all together."""
    def key(*names: str) -> str:
        line = next((rules.lines[name] for name in names if name in rules.lines), None)
        return f"{rules.where}:{line} {names[0]}" if line else f"{rules.where} {names[0]}"

    heading = next((block for block in rules.blocks if block.kind is BlockKind.HEADING), None)
    if rules.title != default_title(rules.name) or heading is None:
        title = key("title")
    else:
        title = f"{heading.where} title (its first heading)"
    credits = tuple(key(f"credits[{i}]") if f"credits[{i}]" in rules.lines else key("credits")
                    for i in range(len(rules.credits)))        # a list's items, or the one text given
    return CoverSource(title, key("subtitle"), credits, key("cover"),
                       f"{rules.where}:1 front matter" if rules.lines else rules.where, key("credits"))


def lay_out_booklet(rules: RulesText, width: float, height: float, options: BookletBuild,
                    thinner: str = "give a thinner --paper-thickness") -> Booklet:
    """The text typeset on width x height pages, imposed on the options' paper; FitError
    where the innermost sheet's creep would move its text more than half its spine margin
    (thinner: how the command that asked for it prints the booklet on thinner paper). Its
    notes say where a heading or a paragraph could not be kept together (its footnotes
    took the room), the words it sets letter by letter (splitnotes.split_notes()), where its
    contents' heading is set in English (its fonts lack the word's letters) and where it
    has too many sheets to staple."""
    facts = fold_facts()
    style = replace(house_style(width, height, facts.booklet, facts.type.ink, facts.type.accent),
                    own=own_faces(rules.fonts),
                    lang=rules.lang, hyphenate=rules.hyphenate, face=text_face(rules))
    title = game_title(rules)
    with noting_splits() as splits:
        book = lay_out_book(rules.blocks, style, title=title,
                            subtitle=rules.subtitle, credits=rules.credits, cover=rules.cover,
                            contents=options.contents, source=cover_source(rules), where=rules.where,
                            depth=rules.contents)
    padded = padded_count(len(book.pages), back_cover=rules.blank_back)
    creep = (padded // 4 - 1) * options.thickness
    if creep > style.inner / 2:
        raise FitError(f"{rules.where}: {padded // 4} sheets of {Length(options.thickness)} "
                       f"paper folded together move the innermost pages' text {mm(creep):.1f} mm toward the spine, "
                       f"more than half their {mm(style.inner):.1f} mm inner margin; split the text into shorter "
                       f"booklets or {thinner}")
    sheets = side_slugs(booklet_pages(book.pages, options.paper, duplex=options.duplex,
                                      back_offset=options.back_offset, creep=options.thickness, rtl=book.rtl,
                                      back_cover=rules.blank_back),
                        options.paper, width, height, duplex=options.duplex, back_offset=options.back_offset,
                        title=title, words=options.captions, font_name=house("sans", style.own))
    reading, bookmarks = reading_copy(book)
    booklet = Booklet(sheets, reading, bookmarks, len(book.pages), padded, padded // 4, width, height,
                      notes=[*book.notes, *split_notes(splits)], rtl=book.rtl)
    if book.entries:        # a contents page, whose heading may be set in English
        booklet.notes += filter(None, [english_note(options.contents, CONTENTS, contents_font(style),
                                                    f"{rules.where}: the contents' heading")])
    if booklet.nested > STAPLED_SHEETS:
        booklet.notes.append(f"{booklet.nested} sheets fold and staple badly as one booklet ({STAPLED_SHEETS} "
                             f"is the most a home stapler closes well): split the text into booklets of at "
                             f"most {4 * STAPLED_SHEETS - rules.blank_back} pages each"
                             + (f" ({4 * STAPLED_SHEETS} with the blank back cover)" if rules.blank_back else ""))
    return booklet


def booklet_files(rules: RulesText, booklet: Booklet, options: BookletBuild) -> tuple[PrintFile, PrintFile]:
    """The printed sheets and the reading copy as the files they are written to: the
    sheets' name says their turn where it is not the default long-edge one
    (...-a4-short.pdf), and they ask the print dialog for both sides turned so; the
    reading copy, the same whatever the turn, does neither."""
    stem = f"{rules.name}-booklet-{options.size}-{options.paper.name}"
    return (PrintFile(f"{stem}{TURNED[options.duplex]}.pdf", f"{rules.title} (booklet to print)", tuple(booklet.sheets),
                      sides=print_sides(options.duplex)),
            PrintFile(f"{stem}-reading.pdf", rules.title, tuple(booklet.reading), booklet.bookmarks,
                      rtl=booklet.rtl))


def boxed(box: TuckBox, booklets: Sequence[Booklet]) -> TuckBox:
    """The tuck box made deep enough for the folded booklets beside the cards (two
    layers of paper a folded sheet), in place of a leaflet's allowance."""
    insert = sum(2 * booklet.nested * print_facts().paper_thickness for booklet in booklets)
    return replace(box, options=replace(box.options, insert=insert))


def build_booklet(rules: RulesText, options: BookletBuild) -> tuple[list[Path], Booklet]:
    """Lay the booklet out at the --size the options name, then write its printed sheets
    and its reading copy."""
    name, width, height = page_size(options.size, options.paper)
    options = replace(options, size=name)
    booklet = lay_out_booklet(rules, width, height, options)
    files = booklet_files(rules, booklet, options)
    return [render_pdf(file.pages, options.out / file.name, title=file.title, bookmarks=file.bookmarks,
                       rtl=file.rtl, sides=file.sides) for file in files], booklet


def describe(booklet: Booklet) -> str:
    return (f"{booklet.pages} pages of {mm(booklet.width):.0f} x {mm(booklet.height):.0f} mm "
            f"({booklet.padded} with blank pages), {plural(booklet.nested, 'sheet')} folded together")


def deck_booklets(deck: Deck, texts: Sequence[RulesText], *, paper: Paper, duplex: Duplex = Duplex.LONG,
                  back_offset: tuple[float, float] = (0.0, 0.0)) -> list[tuple[RulesText, Booklet, BookletBuild]]:
    """A deck's rules texts as booklets of its card size (a deck key `rules_as: booklet`),
    so that they go into its tuck box; each set in its text's language (its front matter's
    `lang:` where it names one, else the deck's, as a leaflet is), the words printgen adds
    (the contents' heading) in it too."""
    made = []
    for rules in texts:
        lang, note = text_language(rules, deck.lang)
        options = BookletBuild(out=Path(), paper=paper, size=deck.name, duplex=duplex, back_offset=back_offset,
                               contents=words(lang).contents, captions=words(lang).captions)
        # (a deck's name is a file name already: spec/deck.py checks it)
        booklet = lay_out_booklet(replace(rules, lang=lang), deck.size.width, deck.size.height, options,
                                  _on_its_own(rules, deck))
        booklet.notes[:0] = [note] if note else []
        made.append((rules, booklet, options))
    return made


def _on_its_own(rules: RulesText, deck: Deck) -> str:
    """The advice for a deck's booklet too thick at printgen's paper thickness: a deck
    build has no option for it, `printgen booklet` has."""
    return (f"print it on thinner paper as a booklet of its own: printgen booklet {shlex.quote(rules.where)} "
            f"--size {shlex.quote(deck.where or deck.name)} --paper-thickness LENGTH")
