"""A deal sheet: one Jedi Temple (or Pyramid) deal printed for play at the table.

A thin composition of the existing stages: the deal engine (printgen.deal) deals,
solves and replays; the real card faces come from the deck's own layout
(sabacc-62) shrunk onto the page, Pyramid cards and dice from templates
(templates/deal-minicard.yaml, deal-die.yaml); every size and sentence from
templates/deal-sheet.yaml; printgen.layout.dealsheet places it all; the PDF
renderer writes it.

The difficulty is the engine's rating (printgen.deal.rating), which carries the
verdict and the key (printgen.deal.key): the key printed is the one the rating
states, in the engine's own steps in words (printgen.deal.steps).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.deal.deal import Deal, jedi_deck, seeded_deal
from printgen.deal.rules import TEMPLE_SIZE, LevelRules, RuleSet, rule_set
from printgen.deal.rating import Rating, rate
from printgen.deal.shuffle import shuffled_deal
from printgen.deal.steps import pile_label, solution_steps
from printgen.errors import InputError
from printgen.layout.deck import layout_deck
from printgen.layout.page import Frame, Side
from printgen.layout.dealsheet import Block, Cell, SheetDeal, number_pages, sheet_page
from printgen.layout.dealsheet import solution_pages
from printgen.layout.face import context_for, layout_side
from printgen.model import Paper
from printgen.render.pdf import render_pdf
from printgen.spec import load_deck
from printgen.spec.dealsheet import SHEET_FILE, SheetData, sheet_data, template_file
from printgen.spec.template import load_template
from printgen.units import pt

@dataclass(frozen=True)
class DealSheetBuild:
    """What to print and where: one deal at one level."""

    paper: Paper
    rules: str = "jedi-temple"
    level: str | None = None
    out: Path | None = None        # the PDF path; None: output/deals/RULES-N-LEVEL.pdf
    quiet: bool = False
    jobs: int = 1                  # processes for the rating's model games


# --- the deal worked out: engine calls and two adapters --------------------------

@dataclass(frozen=True)
class Worked:
    """A deal at one level with everything the engine says about it."""

    deal: Deal
    level: LevelRules
    cards: tuple[int, ...]          # canonical deck indices in dealt order
    rating: Rating                  # carries the verdict and the key
    steps: tuple[str, ...]          # the key in words
    verdict: str
    explained: str                  # the rating in a sentence or two
    key_note: str                   # how short the key is


def make_deal(rules: RuleSet, number: int) -> tuple[Deal, tuple[int, ...]]:
    """The engine's deal and, for the deck's pictures, which card went where: the
    same documented shuffle applied to the card indices instead of their values."""
    deal = seeded_deal(rules, number)
    if deal.labels is not None:          # Pyramid: the pictures are drawn from the labels
        return deal, tuple(range(rules.deck_size))
    order, _ = shuffled_deal(number, range(rules.deck_size), rules.rolls)
    canonical = jedi_deck()
    if tuple(canonical[i] for i in order) != deal.values:
        raise InputError(f"deal {number}: the deck's pictures do not match the engine's deal")
    return deal, tuple(order)


def work_deal(rules_name: str, number: int, level: str | None, texts: dict[str, str],
              rating: Rating | None = None, jobs: int = 1) -> Worked:
    """Deal, rate (verdict, key, model games) and describe deal `number` at `level`."""
    rules = rule_set(rules_name)
    level_rules = rules.level(level)
    deal, cards = make_deal(rules, number)
    rating = rating or rate(deal, level_rules.level, jobs=jobs)
    steps = tuple(solution_steps(deal, level_rules.level, rating.key.moves))
    words = SheetWords(rating, len(steps), texts, rules.names[0])
    return Worked(deal, level_rules, cards, rating, steps, words.verdict(), words.explained(),
                  words.key_note())


@dataclass(frozen=True)
class SheetWords:
    """The verdict and the rating in the sentences of templates/deal-sheet.yaml."""

    rating: Rating
    steps: int
    texts: dict[str, str]
    temple: str

    def fields(self) -> dict[str, object]:
        from printgen.spec.playermodel import model_data

        rating, key, model = self.rating, self.rating.key, self.rating.model
        low, high = model.interval
        budgets = model_data().key
        return {"stars": rating.stars, "wins": model.wins, "games": model.games,
                "rate": round(100 * model.rate), "low": round(100 * low),
                "high": round(100 * high), "recycles": key.recycles,
                "used": plural(key.recycles or 0, "recycle"),
                "allowed": plural(rating.recycles_allowed, "recycle"), "moves": key.length, "steps": self.steps,
                "temple": self.temple, "short": f"{budgets.short:,}",
                "fewer": f"{budgets.fewer_recycles:,}", "nodes": f"{key.nodes:,}"}

    def say(self, name: str, **extra: object) -> str:
        return self.texts[name].format(**{**self.fields(), **extra})

    def verdict(self) -> str:
        winnable = self.rating.winnable
        if winnable:
            return self.say("verdict")
        if winnable is False:
            return self.say("unwinnable")
        return self.say("undecided", positions=self.fields()["nodes"])

    def explained(self) -> str:
        key = self.rating.key
        if not key.winnable:
            return self.say("no_stars" if key.winnable is False else "no_stars_undecided")
        recycles = (self.say("recycles") if key.recycles_proven
                    else self.say("recycles_open", positions=self.fields()["fewer"]))
        return f"{self.say('explained')} {recycles}"

    def key_note(self) -> str:
        """How short the key is, said under its heading."""
        if not self.rating.key.winnable:
            return ""
        if self.rating.key.shortest:
            return self.say("shortest")
        return self.say("short", positions=self.fields()["short"])


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- the pictures: card faces, backs and dice ------------------------------------

@lru_cache(maxsize=2)
def deck_sides(deck_name: str) -> tuple[tuple[Side, ...], Side]:
    """Every face of a deck (canonical order) and its first back, laid out once."""
    layout = layout_deck(load_deck(deck_name))
    return layout.faces, layout.back_for(0)


def template_side(name: str, frame: Frame, card: dict[str, str], label: str) -> Side:
    """One side drawn from a template of templates/ with the given card fields."""
    template = load_template(template_file(f"{name}.yaml"))
    context = context_for(frame, template, card=card)
    return Side(name, label, frame, layout_side(template, frame, context, label))


def die_side(value: int) -> Side:
    frame = Frame(pt(6), pt(6), 0.0, 0.0)
    return template_side("deal-die", frame, {"value": str(value)}, f"die {value}")


PYRAMID_SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def pyramid_side(label: str) -> Side:
    """A Pyramid mini card for a label such as 'Th' or 'As' at poker size."""
    frame = Frame(pt(63.5), pt(88.9), 0.0, 0.0)
    rank = "10" if label[0] == "T" else label[0]
    return template_side("deal-minicard", frame,
                         {"rank": rank, "suit": PYRAMID_SUITS[label[1].lower()]}, label)


def temple_sides(worked: Worked, data: SheetData) -> tuple[Side, ...]:
    """The 28 Temple pictures: real faces (or backs where the level hides them)."""
    if worked.deal.labels is not None:
        return tuple(pyramid_side(label) for label in worked.deal.labels[:TEMPLE_SIZE])
    faces, back = deck_sides(data.rules[worked.deal.rules.name]["deck"])
    sides = [faces[i] for i in worked.cards[:TEMPLE_SIZE]]
    if worked.level.face_down:
        sides = [back] * (TEMPLE_SIZE - 7) + sides[TEMPLE_SIZE - 7:]
    return tuple(sides)


# --- the sheet -------------------------------------------------------------------

def cell(worked: Worked, index: int, colors: dict[str, str]) -> Cell:
    if worked.deal.labels is not None:
        label = pile_label(worked.deal.labels[index])
        red = worked.deal.labels[index][1].lower() in "hd"
        return Cell(label, colors["negative"] if red else colors["ink"])
    value = worked.deal.values[index]
    color = colors["positive"] if value > 0 else colors["negative"] if value < 0 else colors["sylop"]
    return Cell(f"{value:+d}" if value else "0", color)


def sheet_deal(worked: Worked, data: SheetData) -> SheetDeal:
    """Everything the sheet prints about a worked deal, in words."""
    texts = data.rules[worked.deal.rules.name]
    level = data.levels[worked.level.level.value]
    notes = [texts["setup"], texts["hidden"] if worked.level.face_down else ""]
    if worked.deal.rolls:
        notes.append(texts["rolls"])
    return SheetDeal(
        title=f"{texts['title']}, deal {worked.deal.number}",
        level=level["title"], level_rules=level["rules"],
        temple=temple_sides(worked, data),
        order=tuple(cell(worked, i, data.style.colors) for i in range(len(worked.deal.values))),
        temple_word=texts["temple"],
        rolls=tuple((die_side(a), die_side(b)) for a, b in worked.deal.rolls),
        verdict=worked.verdict, stars=worked.rating.stars if worked.rating.winnable else None,
        rating=worked.explained,
        notes=tuple(notes), credit=texts["credit"], steps=worked.steps,
        solution_title="Solution key (keep it hidden until you need it)")


def solution_block(worked: Worked, data: SheetData) -> Block:
    texts = data.rules[worked.deal.rules.name]
    level = data.levels[worked.level.level.value]["title"]
    head = f"{texts['title']} deal {worked.deal.number}, {level}"
    if not worked.steps:
        return Block(head, (worked.verdict,))
    return Block(f"{head}: {worked.rating.key.length} moves", worked.steps, worked.key_note)


def default_path(rules: str, number: int, level: str) -> Path:
    return Path("output") / "deals" / f"{rules}-{number}-{level}.pdf"


def build_deal_sheet(number: int, options: DealSheetBuild) -> Path:
    """Work the deal out, lay out its sheet and solution pages, write the PDF."""
    data = sheet_data()
    worked = work_deal(options.rules, number, options.level, data.rating, jobs=options.jobs)
    sheet = sheet_deal(worked, data)
    pages = [sheet_page(sheet, options.paper, data.style)]
    pages += solution_pages([solution_block(worked, data)], options.paper, data.style,
                            sheet.solution_title, data.rules[options.rules]["key"])
    pages = number_pages(pages, data.style, sheet.title)
    path = options.out or default_path(options.rules, number, worked.level.level.value)
    title = f"{sheet.title} ({sheet.level})"
    return render_pdf(pages, path, title=title)


def print_sheet(number: int, level: str, args: Any) -> int:
    """The `printgen deal N` sheet: write it (to --out DIR if given) and name it."""
    from printgen.spec import display_path
    from printgen.spec.printdata import paper
    rules = getattr(args, "rules", None) or "jedi-temple"
    out = Path(args.out) / default_path(rules, number, level).name if args.out else None
    path = build_deal_sheet(number, DealSheetBuild(paper(args.paper), rules=rules, level=level,
                                                   out=out, quiet=args.quiet, jobs=args.jobs))
    if not args.quiet:
        print(f"{display_path(path)} (deal {number}, {level}, {args.paper})")
    return 0


def known_rules(name: str) -> str:
    """Check a --rules name against the engine's rule sets and the sheet's texts."""
    rules = rule_set(name)
    if rules.name not in sheet_data().rules:
        raise InputError(f"--rules {name}: no sheet texts for it in templates/{SHEET_FILE}")
    return rules.name
