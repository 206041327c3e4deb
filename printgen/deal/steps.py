"""A move list as steps a player can follow (for printed solution keys)."""

from __future__ import annotations

from printgen.deal.deal import Deal
from printgen.deal.engine import Game, Item, ItemKind, Move, MoveKind, Position
from printgen.deal.rules import Level


def _card(deal: Deal, value: int) -> str:
    if deal.rules.force_value is None:
        return str(value)
    return f"{value:+d}" if value else "Sylop"


def _where(game: Game, item: Item) -> str:
    temple, draw, discard = game.rules.names
    if item.kind is ItemKind.TEMPLE:
        return f"{temple} row {item.row + 1}"
    return draw if item.kind is ItemKind.DRAW else discard


def _name(game: Game, position: Position, item: Item) -> str:
    deal = game.deal
    if deal.labels is not None:
        label = _label(game, position, item)
        return f"{label} ({_where(game, item)})"
    return f"{_card(deal, game.value(position, item))} ({_where(game, item)})"


def _label(game: Game, position: Position, item: Item) -> str:
    index, _ = game.card_of(position, item)
    return game.deal.labels[index]  # type: ignore[index]


def describe(game: Game, position: Position, move: Move) -> str:
    """One step in words, e.g. 'Balance +7 (Temple row 7) with -3 (Discard) and Force -4.'"""
    if move.kind is MoveKind.DRAW:
        return "Draw."
    if move.kind is MoveKind.RECYCLE:
        return f"Recycle the {game.rules.names[2]}."
    if move.kind is MoveKind.FORCE:
        roll = game.deal.rolls[position.rolls_used]
        return (f"Use the Force with the Sylop ({_where(game, move.cards[0])}): "
                f"roll {position.rolls_used + 1} adds {roll[0]} and {roll[1]} to the pool.")
    names = [_name(game, position, item) for item in move.cards]
    names += [f"Force {v:+d}" for v in move.force]
    verb = "Balance" if game.rules.force_value is not None else "Remove"
    if len(names) == 1:
        return f"{verb} {names[0]} alone."
    rest = names[1:]
    joined = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]
    return f"{verb} {names[0]} with {joined}."


def solution_steps(deal: Deal, level: Level | str | None, moves: tuple[Move, ...] | list[Move]) -> list[str]:
    """Every move of a solution in words, in order (the moves must be legal)."""
    game = Game(deal, level)
    position = game.start()
    steps = []
    for move in moves:
        steps.append(describe(game, position, move))
        position = game.apply(position, move)
    return steps
