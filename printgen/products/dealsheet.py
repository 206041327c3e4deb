"""A deal sheet: one Jedi Temple (or Pyramid) deal printed for play at the table.

A thin composition of the existing stages: the deal engine (printgen.deal) deals,
solves and replays; the real card faces come from the deck's own layout
(sabacc-62) shrunk onto the page, Pyramid cards and dice from templates
(templates/deal-minicard.yaml, deal-die.yaml); every size and sentence from
templates/deal-sheet.yaml; printgen.layout.dealsheet places it all; the PDF
renderer writes it.

The difficulty is the engine's rating (rate, printgen/deal/rating/), which carries the
verdict and the key: the key printed is the one the rating states, in the engine's
own steps in words (solution_steps), each negative value with the minus sign (U+2212)
as on page 1. The player model's data and the Jedi Temple
deck's cards are read here (printgen.spec) and handed to the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache, partial
from pathlib import Path

from printgen.deal import (
    DEFAULT_BUDGET,
    JEDI_TEMPLE,
    Card,
    Deal,
    Ink,
    Level,
    LevelRules,
    PlayingCard,
    Rating,
    RuleSet,
    key_positions,
    rate,
    rule_set,
    seeded_deal,
    solution_steps,
)
from printgen.deal.formats.house import house_readings
from printgen.deal.rating.interval import percent
from printgen.errors import InputError
from printgen.frozen import frozen
from printgen.layout.dealsheet import (
    Block,
    Cell,
    SheetDeal,
    die_side,
    minicard_side,
    number_pages,
    sheet_page,
    solution_pages,
)
from printgen.layout.deck import layout_deck
from printgen.layout.page import Side
from printgen.model import Paper
from printgen.output import check_file
from printgen.products.dealpaths import sheet_path
from printgen.render.pdf import render_pdf
from printgen.spec import load_deck
from printgen.spec.dealfile import with_cards
from printgen.spec.dealsheet import SHEET_FILE, SheetData, sheet_data
from printgen.spec.playermodel import model_data
from printgen.words import plural, true_minus


@frozen
class DealSheetBuild:
    """What to print and where: one deal at one level."""

    paper: Paper
    rules: str = JEDI_TEMPLE.name
    level: str | None = None
    out: Path | None = None        # the PDF path; None: output/deals/RULES-N-LEVEL-PAPER.pdf (sheet_path)
    quiet: bool = False
    jobs: int = 1                  # processes for the rating's model games
    budget: int = DEFAULT_BUDGET   # the verdict's search (cli/deal.py's --budget)


# --- the deal worked out: engine calls and two adapters --------------------------

@frozen
class Worked:
    """A deal at one level with everything the engine says about it."""

    deal: Deal
    level: LevelRules
    order: tuple[int, ...]          # the deck's card indices in dealt order (its pictures)
    cards: tuple[Card, ...]         # the cards in dealt order
    rating: Rating                  # carries the verdict and the key
    steps: tuple[str, ...]          # the key in words, negative values with the minus sign
    verdict: str
    explained: str                  # the rating in a sentence or two
    key_note: str                   # how short the key is


def make_deal(rules: RuleSet, number: int) -> tuple[Deal, tuple[int, ...]]:
    """The engine's deal and, for the deck's pictures, which card went where."""
    deal = seeded_deal(rules, number)
    if deal.order is None:              # a seeded deal is dealt from the deck's cards
        raise ValueError(f"deal {number} of {rules.name} was dealt without its deck's cards")
    return deal, deal.order


def work_deal(rules_name: str, number: int, level: str | None, texts: dict[str, str],
              rating: Rating | None = None, jobs: int = 1,
              meanwhile: Callable[[], object] | None = None,
              budget: int = DEFAULT_BUDGET) -> Worked:
    """Deal, rate (verdict, key, model games) and describe deal `number` at `level`
    (or take its `rating`, rated with the verdict's `budget`); meanwhile: what the
    rating's wait can be spent on (rate())."""
    rules = with_cards(rule_set(rules_name))
    level_rules = rules.level(level)
    deal, order = make_deal(rules, number)
    cards = tuple(rules.deck.cards()[i] for i in order)
    rating = rating or rate(deal, level_rules.level, model_data(), jobs=jobs, budget=budget,
                            meanwhile=meanwhile)
    steps = tuple(true_minus(step) for step in solution_steps(deal, level_rules.level, rating.key.moves))
    readings = house_readings(deal, level_rules.level, rating.key.moves)
    words = SheetWords(rating, len(steps), texts, rules.names[0], level_rules.level, readings, budget)
    return Worked(deal, level_rules, order, cards, rating, steps, words.verdict(),
                  words.explained(), words.key_note())


@frozen
class SheetWords:
    """The verdict and the rating in the sentences of templates/deal-sheet.yaml."""

    rating: Rating
    steps: int
    texts: dict[str, str]
    temple: str
    level: Level
    readings: tuple[str, ...] = ()      # the house readings the key uses (house.py)
    budget: int = DEFAULT_BUDGET        # the verdict's search

    def fields(self) -> dict[str, object]:
        rating, key, model = self.rating, self.rating.key, self.rating.model
        low, high = model.interval
        data = model_data()
        budgets, model_stars = data.key, data.stars.model_stars(self.level, model)
        return {"stars": rating.stars, "model_stars": model_stars,
                "extra": rating.stars - model_stars, "wins": model.wins, "games": model.games,
                "rate": percent(Fraction(model.wins, model.games or 1)), "low": percent(low),
                "high": percent(high), "searched": f"{model.nodes:,}",
                "per_loss": f"{data.stars.nodes_per_loss:,}", "recycles": key.recycles,
                "used": plural(key.recycles or 0, "recycle"),
                "with_used": f"with {plural(key.recycles, 'recycle')}" if key.recycles else "without a recycle",
                "allowed": plural(rating.recycles_allowed, "recycle"),
                "least": plural(key.least_recycles, "recycle"), "moves": key.length, "steps": self.steps,
                "temple": self.temple, "short": f"{budgets.short + budgets.proof:,}",
                "fewer": f"{budgets.fewer_recycles + budgets.fewer_search:,}",
                "bound": key.fewest_bound}

    def say(self, name: str, **extra: object) -> str:
        return self.texts[name].format(**{**self.fields(), **extra})

    def verdict(self) -> str:
        winnable = self.rating.winnable
        if winnable:
            return self.say("verdict")
        if winnable is False:
            return self.say("unwinnable")
        searched = key_positions(self.rating.key, self.budget)      # at most the budget
        return self.say("undecided", positions=plural(searched, "position", thousands=True))

    def explained(self) -> str:
        key = self.rating.key
        if not key.winnable:
            return self.say("no_stars" if key.winnable is False else "no_stars_undecided")
        stars = "explained_recycle" if self.fields()["extra"] else "explained"
        return f"{self.say(stars)} {self.recycles()}"

    def recycles(self) -> str:
        """The recycles a win needs, as far as the key's search proved them (the JSON's
        fewest_recycles_proven, recycle_needed_proven and fewest_recycles_bound): the
        fewest, or, where its budget left that open, how many a win was proven to need."""
        key = self.rating.key
        if key.recycles_proven:
            return self.say("recycles" if key.recycles else "recycles_none")
        if key.recycle_needed:
            sentence = "recycles_open_needed"
        else:                   # no win with fewer than the key's was ruled out
            sentence = "recycles_open_fewer" if (key.recycles or 0) > 1 else "recycles_open"
        return self.say(sentence, positions=self.fields()["fewer"])

    def key_note(self) -> str:
        """How short the key is, said under its heading, and the house readings it uses."""
        if not self.rating.key.winnable:
            return ""
        if self.rating.key.shortest:
            short = self.say("shortest")
        else:
            short = self.say("short", positions=self.fields()["short"])
        return f"{short} {self.house()}" if self.readings else short

    def house(self) -> str:
        """The house readings the key uses (at least one), in a sentence."""
        readings = "; ".join(self.texts[f"house_{name}"] for name in self.readings)
        return self.say("house_one" if len(self.readings) == 1 else "house_many", readings=readings)


# --- the pictures: card faces, backs and dice ------------------------------------

@lru_cache(maxsize=2)
def deck_sides(deck_name: str) -> tuple[Sequence[Side], Side]:
    """Every face of a deck (canonical order) and its first back, laid out once."""
    layout = layout_deck(load_deck(deck_name))
    return layout.faces, layout.back_for(0)


def temple_sides(worked: Worked, data: SheetData) -> tuple[Side, ...]:
    """The Temple's pictures: the faces of the deck the sheet texts name (or its backs
    where the level hides them), else mini playing cards."""
    rules = worked.deal.rules
    tableau, deck = rules.tableau, data.rules[rules.name]["deck"]
    if not deck:
        cards = [card for card in worked.cards[:tableau.size] if isinstance(card, PlayingCard)]
        if len(cards) != tableau.size:
            raise InputError(f"templates/{SHEET_FILE} rules.{rules.name}.deck: expected the deck "
                             f"whose faces picture the {rules.title} cards (mini cards show "
                             f"playing cards only)")
        return tuple(minicard_side(data.minicard, card) for card in cards)
    faces, back = deck_sides(deck)
    sides = [faces[i] for i in worked.order[:tableau.size]]
    if worked.level.face_down:
        hidden = tableau.size - tableau.rows          # all but the bottom row
        sides = [back] * hidden + sides[hidden:]
    return tuple(sides)


# --- the sheet -------------------------------------------------------------------

INK_COLORS = {Ink.BLACK: "ink", Ink.RED: "negative", Ink.POSITIVE: "positive",
              Ink.NEGATIVE: "negative", Ink.ZERO: "sylop"}


def cell(card: Card, colors: dict[str, str]) -> Cell:
    """A card of the stacking order as printed: its value with a true minus sign."""
    return Cell(true_minus(card.printed()), colors[INK_COLORS[card.ink]])


def sheet_deal(worked: Worked, data: SheetData) -> SheetDeal:
    """Everything the sheet prints about a worked deal, in words."""
    texts = data.rules[worked.deal.rules.name]
    level = data.levels[worked.level.level.value]
    notes = [texts["setup"], texts["hidden"] if worked.level.face_down else ""]
    if worked.deal.rolls:
        notes.append(texts["rolls"])
    return SheetDeal(
        title=f"{texts['title']}, deal {worked.deal.number}",
        level=level["title"], level_rules=level_line(level, worked.level),
        tableau=worked.deal.rules.tableau, temple=temple_sides(worked, data),
        order=tuple(cell(card, data.style.colors) for card in worked.cards),
        temple_word=texts["temple"],
        rolls=tuple((die_side(data.die, a), die_side(data.die, b)) for a, b in worked.deal.rolls),
        roll_values=tuple(f"{a}, {b}" for a, b in worked.deal.rolls),
        verdict=worked.verdict, stars=worked.rating.stars if worked.rating.winnable else None,
        rating=worked.explained,
        notes=tuple(notes), credit=texts["credit"], steps=worked.steps,
        solution_title="Solution key (keep it hidden until you need it)")


def level_line(level: dict[str, str], rules: LevelRules) -> str:
    """The level's one line of rules (templates/deal-sheet.yaml levels), its recycles
    filled in from the engine's."""
    return level["rules"].format(allowed=plural(rules.recycles, "recycle"))


def solution_block(worked: Worked, data: SheetData) -> Block:
    texts = data.rules[worked.deal.rules.name]
    level = data.levels[worked.level.level.value]["title"]
    head = f"{texts['title']} deal {worked.deal.number}, {level}"
    if not worked.steps:
        return Block(head, (), worked.verdict)      # the verdict, not a numbered step
    return Block(f"{head}: {worked.rating.key.length} moves", worked.steps, worked.key_note)


def prepare_sheet(rules: str) -> None:
    """What a sheet of the rule set draws whatever the deal: its deck's faces, laid out
    (kept by deck_sides), for a caller waiting on the rating."""
    deck = sheet_data().rules[rules]["deck"]
    if deck:
        deck_sides(deck)


def build_deal_sheet(number: int, options: DealSheetBuild, rating: Rating | None = None) -> Path:
    """Work the deal out (or take its `rating`, rate()'s at the level), lay out its
    sheet and solution pages, write the PDF. Whether the PDF may be written (its
    folder, a file of the user's at its name) is checked before the deal is rated:
    here when this rates it, else by the caller that rated it (cli/deal.py)."""
    level = rule_set(options.rules).level(options.level).level.value
    path = options.out or sheet_path(options.rules, number, level, options.paper.name)
    if rating is None:
        check_file(path)
    data = sheet_data()
    worked = work_deal(options.rules, number, options.level, data.rating, rating, jobs=options.jobs,
                       meanwhile=partial(prepare_sheet, options.rules), budget=options.budget)
    sheet = sheet_deal(worked, data)
    pages = [sheet_page(sheet, options.paper, data.style)]
    pages += solution_pages([solution_block(worked, data)], options.paper, data.style,
                            sheet.solution_title, data.rules[options.rules]["key"])
    pages = number_pages(pages, data.style, sheet.title)
    title = f"{sheet.title} ({sheet.level})"
    return render_pdf(pages, path, title=title)


def known_rules(name: str) -> str:
    """Check a --rules name against the engine's rule sets and the sheet's texts."""
    rules = rule_set(name)
    if rules.name not in sheet_data().rules:
        raise InputError(f"--rules {name}: no sheet texts for it in templates/{SHEET_FILE}")
    return rules.name
