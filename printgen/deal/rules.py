"""Rule sets as data: one engine and one solver serve Jedi Temple and Pyramid.

Everything that differs between the two games is a field of `RuleSet`; the
engine and the solver read these fields and never test a game's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from printgen.errors import InputError

TEMPLE_SIZE = 28
TEMPLE_ROWS = 7


class Level(Enum):
    """A Jedi Temple difficulty level (Pyramid uses STANDARD)."""

    PADAWAN = "padawan"
    KNIGHT = "knight"
    MASTER = "master"
    CHOSEN = "chosen"
    STANDARD = "standard"

    @classmethod
    def parse(cls, text: str) -> Level:
        try:
            return cls(text.strip().lower())
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
    names: what players call the Temple, the Draw card and the Discard Pile.
    fast_first: a solver hint: search first without groups of pile cards alone
        (wins are found sooner), then confirm a loss with the complete search.
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
    deck_size: int
    levels: tuple[LevelRules, ...]
    default_level: Level
    names: tuple[str, str, str] = ("Temple", "Draw", "Discard")
    fast_first: bool = True

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

    @property
    def pile_size(self) -> int:
        return self.deck_size - TEMPLE_SIZE


JEDI_TEMPLE = RuleSet(
    name="jedi-temple", title="Jedi Temple", target=0, min_items=2, max_cards=None,
    force_value=0, lone_value=None, auto_flip=False, initial_discard=1, rolls=3,
    deck_size=62,
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
    deck_size=52,
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


def position_of(index: int) -> tuple[int, int]:
    """Temple index 0..27 (row by row from the apex) -> (row, column)."""
    row = 0
    while index > row:
        index -= row + 1
        row += 1
    return row, index


def index_of(row: int, col: int) -> int:
    """(row, column) -> Temple index 0..27."""
    return row * (row + 1) // 2 + col


def coverers(index: int) -> tuple[int, ...]:
    """The Temple indices of the (up to two) cards that cover a Temple card."""
    row, col = position_of(index)
    if row == TEMPLE_ROWS - 1:
        return ()
    return index_of(row + 1, col), index_of(row + 1, col + 1)
