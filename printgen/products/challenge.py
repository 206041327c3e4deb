"""A challenge booklet: a cover, one deal sheet per deal, every solution at the back.

Deals are chosen by scanning deal numbers upward from `start`, keeping those the
solver wins at the level and, when asked, those of one difficulty (stars). Rating
is the slow part, so it can run in several processes; the deals are still taken in
number order, so the same options (whatever --jobs) choose the same deals and write
the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from printgen.deal import (
    JEDI_TEMPLE,
    ModelData,
    ModelRate,
    PlayingCard,
    Rating,
    RuleSet,
    rate,
    rule_set,
    screen,
)
from printgen.errors import InputError
from printgen.frozen import frozen
from printgen.layout.dealsheet import (
    cover_pages,
    foot_note,
    minicard_side,
    notes_page,
    number_pages,
    sheet_page,
    solution_pages,
)
from printgen.layout.page import Page
from printgen.limits import whole_limit
from printgen.model import Paper
from printgen.output import DEFAULT, check_file
from printgen.products.dealsheet import (
    Worked,
    deck_sides,
    level_line,
    make_deal,
    sheet_deal,
    solution_block,
    temple_sides,
    work_deal,
)
from printgen.progress import Bar
from printgen.render.pdf import render_pdf
from printgen.spec.dealfile import with_cards
from printgen.spec.dealsheet import SheetData, sheet_data
from printgen.spec.playermodel import model_data
from printgen.words import plural
from printgen.workers import map_in_order


@frozen
class ChallengeBuild:
    """Which deals to print and where."""

    paper: Paper
    count: int
    rules: str = JEDI_TEMPLE.name
    level: str | None = None
    start: int = 1
    difficulty: int | None = None     # stars 1..5; None: any
    out: Path | None = None           # the PDF path; None: default_path()
    quiet: bool = False
    jobs: int = 1                     # processes rating deals


def default_path(options: ChallengeBuild, level: str) -> Path:
    """output/deals/challenge-RULES-LEVEL-COUNT-from-START[-N-stars]-PAPER.pdf: the
    paper named as every other product's file names it."""
    stars = f"-{options.difficulty}-stars" if options.difficulty else ""
    name = f"challenge-{options.rules}-{level}-{options.count}-from-{options.start}{stars}-{options.paper.name}"
    return DEFAULT / "deals" / f"{name}.pdf"


def choose_deals(options: ChallengeBuild, data: SheetData, bar: Bar) -> Iterator[Worked]:
    """Deals from `start` upward that are winnable (and of the asked difficulty); the
    bar counts the deals kept and notes those tried."""
    found = 0
    # never past the last deal number: a larger one would wrap to another's deal
    end = min(options.start + data.challenge["scan_limit"], whole_limit("deal_number_max") + 1)
    numbers = range(options.start, end)
    for tried, (number, rating) in enumerate(
            ratings(with_cards(rule_set(options.rules)), options.level, numbers, model_data(),
                    stars=options.difficulty, jobs=options.jobs), 1):
        bar.note(f"{tried} tried")
        if rating is None or not rating.winnable or rating.stars != (options.difficulty or rating.stars):
            continue
        yield work_deal(options.rules, number, options.level, data.rating, rating)
        bar.advance()
        found += 1
        if found == options.count:
            return
    raise InputError(f"--count {options.count}: only {found} winnable deals"
                     f"{f' of difficulty {options.difficulty}' if options.difficulty else ''} "
                     f"among deals {options.start} to {end - 1} "
                     f"(challenge.scan_limit in templates/deal-sheet.yaml, or the last deal "
                     f"number); ask for fewer deals, "
                     f"another difficulty or another --start")


def rated(rules: RuleSet, level: str | None, data: ModelData, number: int,
          stars: int | None = None) -> tuple[int, Rating | None]:
    """Deal `number` of `rules` (ready to deal) and its rating at the level with `data`
    (a worker's job); None when the model's games show it cannot get `stars` (they stop
    as soon as that is sure)."""
    deal, _ = make_deal(rules, number)
    at = rules.level(level).level
    model: ModelRate | None = None
    if stars is not None:
        model = screen(deal, at, data, stars)
        if model is None:
            return number, None
    return number, rate(deal, at, data, model=model)


def ratings(rules: RuleSet, level: str | None, numbers: range, data: ModelData, *,
            stars: int | None, jobs: int) -> Iterator[tuple[int, Rating | None]]:
    """(number, rating) in number order. With jobs > 1 a few deals ahead are rated in
    other processes; when the caller stops, the deals not yet started are dropped."""
    yield from map_in_order(partial(rated, rules, level, data, stars=stars), numbers, jobs=jobs)


def cover_words(options: ChallengeBuild, count: int, data: SheetData) -> tuple[str, str, tuple[str, ...]]:
    """The cover's title, subtitle and paragraphs (the deal list aside)."""
    rules = data.rules[options.rules]
    at = rule_set(options.rules).level(options.level)
    level = data.levels[at.level.value]
    stars = (f" · difficulty {'★' * options.difficulty}{'☆' * (5 - options.difficulty)}"
             if options.difficulty else "")
    paragraphs = (data.challenge["use"], level_line(level, at), rules["credit"])     # (the subtitle names the level)
    return f"{rules['title']} challenges", f"{plural(count, 'deal')} · {level['title']}{stars}", paragraphs


def cover(options: ChallengeBuild, numbers: list[int | None], data: SheetData,
          first: Worked | None) -> list[Page]:
    """The cover pages of a booklet of the deals `numbers`: card backs, or the `first`
    deal's pyramid of mini cards (the canonical deck's first cards without it)."""
    title, subtitle, paragraphs = cover_words(options, len(numbers), data)
    deck, tableau = data.rules[options.rules]["deck"], rule_set(options.rules).tableau
    if deck:
        picture = (deck_sides(deck)[1],) * tableau.size
    elif first is not None:
        picture = temple_sides(first, data)
    else:
        cards = with_cards(rule_set(options.rules)).deck.cards()[:tableau.size]
        picture = tuple(minicard_side(data.minicard, card) for card in cards
                        if isinstance(card, PlayingCard))
    return cover_pages(options.paper, data.style, title=title, subtitle=subtitle,
                       paragraphs=paragraphs, listed=tuple(str(n) for n in numbers),
                       list_label="Deals in this booklet", tableau=tableau, backs=picture)


def build_challenge(options: ChallengeBuild) -> tuple[Path, list[Worked], int]:
    """Choose the deals, lay out cover, sheets and solutions, write the PDF.
    Returns the path, the deals and the page count. The cover is first laid out with
    the widest deal numbers the scan can reach, so a count it cannot hold fails before
    any deal is rated, and so is whether the PDF may be written (its folder, a file of
    the user's at its name)."""
    path = options.out or default_path(options, rule_set(options.rules).level(options.level).level.value)
    check_file(path)
    data = sheet_data()
    cover(options, [options.start + data.challenge["scan_limit"] - 1] * options.count, data, None)
    bar = Bar(total=options.count, desc="choosing deals", unit="deal", quiet=options.quiet)
    try:
        deals = list(choose_deals(options, data, bar))
    finally:
        bar.close()
    pages = cover(options, [w.deal.number for w in deals], data, deals[0])
    title, subtitle, _ = cover_words(options, len(deals), data)
    starts: list[int] = []
    solutions = solution_pages([solution_block(w, data) for w in deals], options.paper, data.style,
                               "Solutions", data.rules[options.rules]["key"], starts)
    # printed on both sides, the solutions start on a sheet of their own: on an odd
    # page, after a page for notes where the deals end on one
    notes = (len(pages) + len(deals)) % 2
    first = len(pages) + len(deals) + notes + 1    # page number of the first solution page
    pages += [foot_note(sheet_page(sheet_deal(w, data), options.paper, data.style),
                        f"Solution: page {first + start}", data.style)
              for w, start in zip(deals, starts)]
    pages += [notes_page(options.paper, data.style, data.challenge["notes"])] * notes
    pages += solutions
    pages = number_pages(pages, data.style, title)
    render_pdf(pages, path, title=f"{title}: {subtitle}")
    return path, deals, len(pages)
