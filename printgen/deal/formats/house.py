"""The house readings a Jedi Temple key uses: moves the engine allows where the
designers' text leaves the point open (docs/jedi-temple.md, "The rules the engine
plays"), named so a sheet can say which of them its key relies on.

- "discard_sylop": a Sylop spent (Use the Force) from the top of the Discard Pile;
- "sylop_group": a Balance group holding a Sylop, worth 0;
- "pile_group": a Balance group of the Draw card, the Discard top and Force values,
  with no Temple card.

A Recycle while there is a Draw card is not one of them: the designers' text puts a
Draw card that is not used on the Discard Pile, and it is picked up with the pile (the
key's Recycle step says so).

Pyramid's rules leave none of these open, so a Pyramid key uses none.
"""

from __future__ import annotations

from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import Game, ItemKind, Move, MoveKind
from printgen.deal.table.rules import Level

READINGS = ("discard_sylop", "sylop_group", "pile_group")


def house_readings(deal: Deal, level: Level | str | None,
                   moves: tuple[Move, ...] | list[Move]) -> tuple[str, ...]:
    """The house readings `moves` use (the moves must be legal), in READINGS' order."""
    game = Game(deal, level)
    sylop = deal.rules.force_value
    if sylop is None:
        return ()
    used: set[str] = set()
    position = game.start()
    for move in moves:
        if move.kind is MoveKind.FORCE and move.cards[0].kind is ItemKind.DISCARD:
            used.add("discard_sylop")
        elif move.kind is MoveKind.BALANCE:
            if any(game.value(position, item) == sylop for item in move.cards):
                used.add("sylop_group")
            if all(item.kind is not ItemKind.TEMPLE for item in move.cards):
                used.add("pile_group")
        position = game.apply(position, move)
    return tuple(name for name in READINGS if name in used)
