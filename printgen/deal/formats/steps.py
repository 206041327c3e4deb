"""A move list as steps a player can follow (printed solution keys, `printgen solve`).

The moves are replayed through the engine, so every card named is the real one.
Runs of Draws become one step that lists the cards they turn up, so a player can
check they are still in step with the key; a Draw that empties the deck (Pyramid's
last card goes to the waste) says so, and a Pyramid Recycle names the card it brings
to the top of the deck.
"""

from __future__ import annotations

from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import DRAW, Game, Item, ItemKind, Move, MoveKind, Position
from printgen.deal.table.rules import Level
from printgen.words import joined, plural


def _card(game: Game, position: Position, item: Item) -> str:
    index, _ = game.card_of(position, item)
    return game.deal.card_text(index)


def _turned_up(game: Game, position: Position) -> str | None:
    """The card a Draw brought into play: the new Draw card (Jedi Temple), or the
    deck's new top card (Pyramid, where the drawn card went to the waste); None when
    the Draw emptied the deck."""
    return _card(game, position, DRAW) if position.has_draw else None


def _where(game: Game, item: Item) -> str:
    temple, draw, discard = game.rules.names
    if item.kind is ItemKind.TEMPLE:
        return f"{temple} row {item.row + 1}, card {item.col + 1}"
    return draw if item.kind is ItemKind.DRAW else discard


def _describe(game: Game, before: Position, after: Position, move: Move) -> str:
    """A move other than a Draw in words, e.g. 'Balance +7 (Temple row 7, card 2) with
    -3 (Discard) and Force -4.'"""
    deal = game.deal
    if move.kind is MoveKind.RECYCLE:
        _, draw, discard = game.rules.names
        left = plural(after.recycles_left, "recycle")
        if before.has_draw:         # it goes on the pile first (a house reading: house.py)
            return (f"Recycle: put the {draw} card ({_card(game, before, DRAW)}) on the {discard}, "
                    f"then turn the {discard} over ({left} left).")
        if after.has_draw:          # Pyramid: the new deck's top card is face up at once
            return (f"Recycle: turn the {discard} over ({left} left); "
                    f"{_card(game, after, DRAW)} is now the {draw.lower()}'s top card.")
        return f"Recycle: turn the {discard} over ({left} left)."
    if move.kind is MoveKind.FORCE:
        roll = deal.rolls[before.rolls_used]
        pool = ", ".join(map(str, after.pool))
        return (f"Use the Force: spend the Sylop ({_where(game, move.cards[0])}); roll "
                f"{before.rolls_used + 1} adds {roll[0]} and {roll[1]} (pool: {pool}).")
    names = [f"{_card(game, before, item)} ({_where(game, item)})" for item in move.cards]
    names += [f"Force {v:+d}" for v in move.force]
    verb = "Balance" if deal.rules.force_value is not None else "Remove"
    if len(names) == 1:
        return f"{verb} {names[0]} alone."
    return f"{verb} {names[0]} with {joined(names[1:])}."


def solution_steps(deal: Deal, level: Level | str | None,
                   moves: tuple[Move, ...] | list[Move]) -> list[str]:
    """Every move of a solution in words, in order, runs of Draws merged into one step
    (the moves must be legal)."""
    game = Game(deal, level)
    position, steps = game.start(), []
    drawn: list[str | None] = []
    empty = f"the {game.rules.names[1].lower()} is empty"
    for move in moves:
        before, position = position, game.apply(position, move)
        if move.kind is MoveKind.DRAW:
            drawn.append(_turned_up(game, position))
            continue
        if drawn:
            steps.append(_draws(drawn, empty))
            drawn = []
        steps.append(_describe(game, before, position, move))
    if drawn:
        steps.append(_draws(drawn, empty))
    return steps


def _draws(drawn: list[str | None], empty: str) -> str:
    """A run of Draws in words: the cards turned up, and `empty` ("the deck is empty")
    for a Draw that emptied the deck, which can only end a run."""
    said = [card or f"then {empty}" for card in drawn]
    if len(drawn) == 1:
        return f"Draw: {drawn[0] or empty}."
    return f"Draw {len(drawn)} times: {', '.join(said)}."
