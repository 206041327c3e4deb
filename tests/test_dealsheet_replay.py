"""A player at the table: a sheet read back from its PDF's text alone (the setup
order, the Force rolls, the key's steps) is dealt and played by the rules of
docs/jedi-temple.md and docs/pyramid.md, by a small dealer and table written here
from those pages and sharing nothing with printgen's engine. The deck stacked from
the setup order is the documented deal N, and every step of the key is legal, names
the card that is really there and, at the end, has won in the moves and steps the
heading counts, using exactly the house readings it names."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pdfplumber
import pytest

from printgen.products.dealsheet import DealSheetBuild, build_deal_sheet
from printgen.spec.printdata import paper

MASK = (1 << 64) - 1
LEVELS = {"Padawan": (3, True), "Jedi Knight": (2, False), "Jedi Master": (2, False),
          "Chosen One": (1, False), "Standard": (2, False)}     # recycles, roll 1 in the pool
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
READINGS = {"discard_sylop": "a Sylop may be spent from the top of the Discard",
            "sylop_group": "a Sylop may stand in a group, worth 0",
            "pile_group": "a group may hold only the Draw card, the Discard top and Force values"}


def documented_deal(number: int, pyramid: bool) -> tuple[list[str], list[tuple[int, int]]]:
    """Deal N as docs/jedi-temple.md makes it: SplitMix64, Fisher-Yates, then the rolls."""
    state = number

    def below(k: int) -> int:
        nonlocal state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            z ^= z >> 31
            if z < (1 << 64) - (1 << 64) % k:
                return z % k
    if pyramid:
        canon = [rank + suit for suit in "♣♦♥♠" for rank in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]
    else:
        values = [*range(1, 11), *range(-1, -11, -1)] * 3 + [0, 0]
        canon = [f"{v:+d}" if v else "0" for v in values]
    order = list(range(len(canon)))
    for i in range(len(order) - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    rolls = [] if pyramid else [(below(6) + 1, below(6) + 1) for _ in range(3)]
    return [canon[i] for i in order], rolls


def value(card: str) -> int:
    card = card.replace("\N{MINUS SIGN}", "-")
    return int(card) if card[-1].isdigit() else RANKS.get(card[:-1]) or int(card[:-1])


class Table:
    """The cards on the table as the rules pages describe them, moved by the key's words."""

    def __init__(self, cards: list[str], rolls: list[tuple[int, int]], level: str, pyramid: bool):
        self.pyramid, (self.recycles, opening) = pyramid, LEVELS[level]
        self.temple = {(r, c): cards[r * (r + 1) // 2 + c] for r in range(7) for c in range(r + 1)}
        self.discard = [] if pyramid else [cards[28]]
        self.stock = cards[28:] if pyramid else cards[29:]
        self.draw: str | None = None
        self.rolls, self.used = rolls, int(opening)
        self.pool = list(rolls[0]) if opening else []
        self.moves, self.readings = 0, set()

    def at(self, place: str) -> tuple[str, object]:
        found = re.fullmatch(r"(?:Temple|Pyramid) row (\d), card (\d)", place)
        if found:
            spot = (int(found[1]) - 1, int(found[2]) - 1)
            r, c = spot
            assert spot in self.temple and (r + 1, c) not in self.temple and (r + 1, c + 1) not in self.temple
            return self.temple[spot], spot
        if place in ("Draw", "Deck"):
            card = self.stock[0] if self.pyramid else self.draw
            assert card is not None
            return card, "draw"
        assert place in ("Discard", "Waste") and self.discard
        return self.discard[-1], "discard"

    def take(self, spot: object) -> None:
        if isinstance(spot, tuple):
            del self.temple[spot]
        elif spot == "discard":
            self.discard.pop()
        elif self.pyramid:
            self.stock.pop(0)
        else:
            self.draw = None

    def turn(self) -> str | None:
        """A Draw: the card it turns up (Pyramid: the deck's new top card, if any)."""
        if self.pyramid:
            self.discard.append(self.stock.pop(0))
            return self.stock[0] if self.stock else None
        if self.draw is not None:
            self.discard.append(self.draw)
        self.draw = self.stock.pop(0)
        return self.draw

    def play(self, step: str) -> None:
        assert self.temple, "a step after the win"
        if step.startswith("Draw"):
            found = re.fullmatch(r"Draw(?: (\d+) times)?: (.*)\.", step)
            said = found[2].split(", ")
            assert found and len(said) == int(found[1] or 1)
            for card in said:
                assert self.stock
                turned = self.turn()
                assert turned == card or (turned is None and card.endswith("the deck is empty"))
            self.moves += len(said)
        elif step.startswith("Recycle"):
            found = re.fullmatch(r"Recycle: (?:put the Draw card \((\S+)\) on the Discard, then )?turn the "
                                 r"(?:Discard|Waste) over \((\d+) recycles? left\)(?:; (\S+) is now the "
                                 r"deck's top card)?\.", step)
            assert found and not self.stock and self.recycles > 0
            assert found[1] == self.draw          # a Draw card goes on the pile first, and is named
            if self.draw is not None:
                self.discard.append(self.draw)
            self.stock, self.discard, self.draw, self.recycles = self.discard, [], None, self.recycles - 1
            assert self.stock and int(found[2]) == self.recycles and found[3] in (None, self.stock[0])
            self.moves += 1
        elif step.startswith("Use the Force"):
            found = re.fullmatch(r"Use the Force: spend the Sylop \(([^)]*)\); roll (\d) adds (\d) and (\d) "
                                 r"\(pool: ([\d, ]+)\)\.", step)
            card, spot = self.at(found[1])
            assert card == "0" and int(found[2]) == self.used + 1
            assert (int(found[3]), int(found[4])) == self.rolls[self.used]
            self.take(spot)
            self.pool += self.rolls[self.used]
            self.used += 1
            assert sorted(self.pool) == [int(v) for v in found[5].split(", ")]
            self.readings |= {"discard_sylop"} if spot == "discard" else set()
            self.moves += 1
        else:
            self.group(step)

    def group(self, step: str) -> None:
        found = re.fullmatch(r"(?:Balance|Remove) (.*?)(?: alone)?\.", step)
        items = re.findall(r"Force [+-]\d+|\S+ \([^)]*\)", found[1].replace("\N{MINUS SIGN}", "-"))
        total, spots = 0, []
        for item in items:
            if item.startswith("Force"):
                self.pool.remove(abs(int(item[6:])))
                total += int(item[6:])
                continue
            named, place = re.fullmatch(r"(\S+) \((.*)\)", item).groups()
            card, spot = self.at(place)
            assert card.replace("\N{MINUS SIGN}", "-") == named and spot not in spots
            total, spots = total + value(card), [*spots, spot]
            self.readings |= {"sylop_group"} if card == "0" else set()
        if self.pyramid:
            assert total == 13 and len(spots) == len(items) in (1, 2)
        else:
            assert total == 0 and spots and len(items) >= 2
            self.readings |= set() if any(isinstance(s, tuple) for s in spots) else {"pile_group"}
        for spot in spots:
            self.take(spot)
        self.moves += 1


def page_texts(path: Path) -> tuple[str, list[str]]:
    """Page 1's text, and page 2's columns (a long key takes two)."""
    with pdfplumber.open(str(path)) as pdf:
        first, key = pdf.pages[0], pdf.pages[1]
        half = key.width / 2
        return first.extract_text(), [key.crop((x, 0, x + half, key.height)).extract_text() for x in (0, half)]


def steps_of(columns: list[str]) -> dict[int, str]:
    """The numbered steps, each with the lines it wraps onto (no step changes column)."""
    steps: dict[int, str] = {}
    for column in columns:
        number = None
        for line in column.splitlines():
            found = re.match(r"(\d+)\.(\S.*)", line)
            if found:
                number = int(found[1])
                steps[number] = found[2]
            elif number is not None and not re.search(r"page \d+ of \d+$", line):
                steps[number] += " " + line
    return steps


def replay(path: Path, number: int) -> None:
    sheet, columns = page_texts(path)
    key = columns[0]
    pyramid = sheet.startswith("Pyramid")
    level = next(name for name in LEVELS if name in sheet.split("\n", 2)[1])
    lines = sheet.split("Setup order", 1)[1].splitlines()
    cards = {int(n): card for places, cards in pairwise(lines)
             if re.fullmatch(r"\d+( \d+)*", places) and len(places.split()) == len(cards.split())
             for n, card in zip(places.split(), cards.split())}
    printed = re.findall(r"^([123])\. (\d), (\d)\b", sheet.split("Setup order")[0],
                         re.MULTILINE)      # (the Temple's values share these lines)
    assert [n for n, _, _ in printed] == ([] if pyramid else ["1", "2", "3"])
    rolls = [(int(a), int(b)) for _, a, b in printed]
    dealt = [cards[n] for n in sorted(cards)]
    assert sorted(cards) == list(range(1, len(dealt) + 1))
    assert ([c.replace("\N{MINUS SIGN}", "-") for c in dealt], rolls) == documented_deal(number, pyramid)
    table = Table(dealt, rolls, level, pyramid)
    heading = re.search(r": (\d+) moves\n(\d+) steps", key)
    note = " ".join(key[heading.end():].split("\n1.")[0].split())
    steps = steps_of([key[heading.end():], *columns[1:]])
    assert list(steps) == list(range(1, len(steps) + 1))
    for step in steps.values():
        table.play(" ".join(step.split()))
    assert not table.temple and (table.moves, len(steps)) == (int(heading[1]), int(heading[2]))
    assert table.readings == {name for name, words in READINGS.items() if words in note}


@pytest.mark.parametrize("rules, number, level, size", [
    ("jedi-temple", 17, "knight", "a4"),     # a short key
    ("jedi-temple", 55, "padawan", "a4"),    # roll 1 in the pool at the start
    ("jedi-temple", 26, "chosen", "letter"),  # a Sylop from the Discard, a Sylop in a group
    ("jedi-temple", 398, "master", "a4"),    # a recycle, a key in two columns
    ("pyramid", 1, "standard", "a4"),        # two recycles, each naming the deck's new top card
])
def test_a_player_deals_the_sheet_and_wins_by_its_key(tmp_path, rules, number, level, size):
    path = build_deal_sheet(number, DealSheetBuild(paper(size), rules=rules, level=level,
                                                   out=tmp_path / "sheet.pdf"))
    replay(path, number)
