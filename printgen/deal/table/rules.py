"""Rule sets as data: one engine and one solver serve Jedi Temple and Pyramid.

Everything that differs between the games is a field of `RuleSet`: the group
rules, the deck (cards.py), the tableau (tableau.py) and the deal function. The
engine, the solver, the deal files and the sheets read these fields and never
test a game's name, so a new game on the same tableau is a new `RuleSet` value.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from printgen.deal.table.cards import Deck, PlayingDeck, ValueDeck
from printgen.deal.table.shuffle import shuffled_deal
from printgen.deal.table.tableau import Tableau
from printgen.errors import InputError

Shuffle = Callable[[int, Sequence[Any], int], tuple[list[Any], list[tuple[int, int]]]]
TEMPLE = Tableau(rows=7)

# The standard tableau's numbers. The solver (search/: state.py, bounds.py, pairsearch.py,
# bag.py, shortest.py) packs a position into bits for this tableau; its Board
# refuses a rule set with another tableau, in one clear line.
TEMPLE_SIZE = TEMPLE.size
TEMPLE_ROWS = TEMPLE.rows
position_of = TEMPLE.position_of
index_of = TEMPLE.index_of
coverers = TEMPLE.coverers


class Level(Enum):
    """A Jedi Temple difficulty level (Pyramid uses STANDARD)."""

    PADAWAN = "padawan"
    KNIGHT = "knight"
    MASTER = "master"
    CHOSEN = "chosen"
    STANDARD = "standard"

    @classmethod
    def word(cls, text: str) -> str:
        """A level's name as its value, read as a player writes it: in any case, and as
        the sheets title it ("Jedi Knight", "Chosen One", "chosen-one": knight, chosen)."""
        words = re.sub(r"[\s_-]+", " ", text).strip().lower().split(" ")
        if words[0] == "jedi" and len(words) > 1:
            words = words[1:]
        return "chosen" if words == ["chosen", "one"] else " ".join(words)

    @classmethod
    def parse(cls, text: str) -> Level:
        try:
            return cls(cls.word(text))
        except ValueError:
            names = ", ".join(level.value for level in cls)
            raise InputError(f"unknown level {text!r}; expected one of {names}") from None

    def format(self) -> str:
        return self.value


@dataclass(frozen=True)
class LevelRules:
    """What a level changes: recycles, opening Force rolls, hidden Temple cards."""

    level: Level
    recycles: int
    opening_rolls: int = 0
    face_down: bool = False


@dataclass(frozen=True)
class RuleSet:
    """The parameters of a pyramid-type patience game.

    target: a group is removed when its values sum to this.
    min_items / max_cards: the group's size limits (items include Force values).
    force_value: a card of this value is a Sylop (Use the Force); None: no Force.
    lone_value: a card of this value is removed alone (Pyramid's King); None: never.
    auto_flip: the stock's top card is always available (Pyramid's deck top);
        otherwise a Draw move flips it to become the Draw card (Jedi Temple).
    initial_discard: cards turned from the stock onto the discard pile at the start.
    rolls: Force rolls dealt with each deal (pairs of dice 1..6).
    deck: the cards dealt, their values and their text in deal files (cards.py);
        a deck a file lists (Jedi Temple's) deals once the caller has handed its
        cards in (cards.ValueDeck.with_cards).
    names: what players call the Temple, the Draw card and the Discard Pile.
    fast_first: a solver hint: search first without groups of pile cards alone
        (wins are found sooner), then confirm a loss with the complete search.
    tableau: the shape of the Temple (tableau.py); the rest of the deck is the pile.
    shuffle: the deal function: (deal number, the deck's cards, rolls) -> the cards
        in dealt order and the Force rolls (shuffle.py's documented shuffle).
    """

    name: str
    title: str
    target: int
    min_items: int
    max_cards: int | None
    force_value: int | None
    lone_value: int | None
    auto_flip: bool
    initial_discard: int
    rolls: int
    deck: Deck
    levels: tuple[LevelRules, ...]
    default_level: Level
    names: tuple[str, str, str] = ("Temple", "Draw", "Discard")
    fast_first: bool = True
    tableau: Tableau = TEMPLE
    shuffle: Shuffle = shuffled_deal

    def level(self, level: Level | str | None = None) -> LevelRules:
        """The rules of one level (default: the rule set's default level)."""
        if level is None:
            level = self.default_level
        if isinstance(level, str):
            level = Level.parse(level)
        for rules in self.levels:
            if rules.level is level:
                return rules
        names = ", ".join(rules.level.value for rules in self.levels)
        raise InputError(f"{self.name} has no level {level.value!r}; expected one of {names}")


JEDI_TEMPLE = RuleSet(
    name="jedi-temple", title="Jedi Temple", target=0, min_items=2, max_cards=None,
    force_value=0, lone_value=None, auto_flip=False, initial_discard=1, rolls=3,
    deck=ValueDeck("sabacc-62", size=62, expected="a card value -10..-1, +1..+10 or 0"),
    levels=(
        LevelRules(Level.PADAWAN, recycles=3, opening_rolls=1),
        LevelRules(Level.KNIGHT, recycles=2),
        LevelRules(Level.MASTER, recycles=2, face_down=True),
        LevelRules(Level.CHOSEN, recycles=1, face_down=True),
    ),
    default_level=Level.KNIGHT,
)

PYRAMID = RuleSet(
    name="pyramid", title="Pyramid", target=13, min_items=1, max_cards=2,
    force_value=None, lone_value=13, auto_flip=True, initial_discard=0, rolls=0,
    deck=PlayingDeck(),
    levels=(LevelRules(Level.STANDARD, recycles=2),),
    default_level=Level.STANDARD,
    names=("Pyramid", "Deck", "Waste"),
    fast_first=False,
)

RULE_SETS = {rules.name: rules for rules in (JEDI_TEMPLE, PYRAMID)}
JEDI_LEVELS = tuple(rules.level for rules in JEDI_TEMPLE.levels)


def rule_set(name: str) -> RuleSet:
    """Look a rule set up by name ('jedi-temple' or 'pyramid')."""
    try:
        return RULE_SETS[name]
    except KeyError:
        raise InputError(f"unknown rules {name!r}; expected one of "
                         f"{', '.join(RULE_SETS)}") from None
