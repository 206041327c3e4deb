"""The contract's JSON form of a deal and its solution (format and parse).

    {"deal": N, "level": "knight", "order": [...], "rolls": [[a, b], ...],
     "winnable": true, "nodes": 123, "moves": [MOVE, ...], "cards": [...], "rating": RATING}

`printgen deal --json` adds after the contract's keys `cards`, the deal's cards in
dealt order as a deal file writes them (textio.written_cards: a Pyramid card with its suit,
which `order`'s values lose; `printgen solve --deck` reads them back), then the
rating (rating_json):
the stars, the player model's games with their 95% interval, the recycles the
key uses (the fewest found) and whether fewer are ruled out, whether a win is
proven to need a recycle (a win with none proven impossible: only then do the
stars count one for it), and the key's length, whether it is proven shortest, and
its steps as the sheet numbers them.
"""

from __future__ import annotations

import json
from typing import Any

from printgen.deal.search.solver import Solution
from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import (
    DISCARD,
    DRAW,
    DRAW_MOVE,
    RECYCLE_MOVE,
    Item,
    ItemKind,
    Move,
    MoveKind,
)
from printgen.deal.table.rules import Level
from printgen.errors import InputError

JSON_KEYS = ("deal", "level", "order", "rolls", "winnable", "nodes", "moves")


def format_item(item: Item) -> Any:
    if item.kind is ItemKind.TEMPLE:
        return {"temple": [item.row, item.col]}
    return item.kind.value


def whole(value: Any) -> bool:
    """A JSON whole number: true and false are not (Python counts a bool as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def numbers(values: list, where: str, expected: str) -> tuple[int, ...]:
    """A JSON list of whole numbers, or one located error naming the first that is not."""
    for i, value in enumerate(values):
        if not whole(value):
            raise InputError(f"{where}[{i}]: expected {expected}, got {json.dumps(value)}")
    return tuple(values)


def parse_item(data: Any, where: str = "item") -> Item:
    if data == "draw":
        return DRAW
    if data == "discard":
        return DISCARD
    if (isinstance(data, dict) and list(data) == ["temple"] and isinstance(data["temple"], list)
            and len(data["temple"]) == 2):
        return Item.temple(*numbers(data["temple"], f"{where}.temple", "a row or column number"))
    raise InputError(f"{where}: expected \"draw\", \"discard\" or {{\"temple\": [r, c]}}, "
                     f"got {json.dumps(data)}")


def format_move(move: Move) -> dict[str, Any]:
    if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        return {"move": move.kind.value}
    if move.kind is MoveKind.FORCE:
        return {"move": "force", "sylop": format_item(move.cards[0])}
    return {"move": "balance", "cards": [format_item(c) for c in move.cards],
            "force": list(move.force)}


def parse_move(data: Any, where: str = "move") -> Move:
    kind = data.get("move") if isinstance(data, dict) else None
    if kind == "draw" and len(data) == 1:
        return DRAW_MOVE
    if kind == "recycle" and len(data) == 1:
        return RECYCLE_MOVE
    if kind == "force" and set(data) == {"move", "sylop"}:
        return Move.use_force(parse_item(data["sylop"], f"{where}.sylop"))
    if (kind == "balance" and set(data) == {"move", "cards", "force"}
            and isinstance(data["cards"], list) and isinstance(data["force"], list)):
        cards = [parse_item(c, f"{where}.cards[{i}]") for i, c in enumerate(data["cards"])]
        return Move.balance(*cards, force=numbers(data["force"], f"{where}.force", "a signed die value"))
    raise InputError(f"{where}: expected a draw, recycle, force or balance move, "
                     f"got {json.dumps(data)}")


def solution_json(deal: Deal, level: Level | str | None, solution: Solution) -> dict[str, Any]:
    """The contract's JSON object (keys in the contract's order)."""
    level_rules = deal.rules.level(level)
    return {
        "deal": deal.number,
        "level": level_rules.level.value,
        "order": list(deal.values),
        "rolls": [list(roll) for roll in deal.rolls],
        "winnable": solution.winnable,
        "nodes": solution.nodes,
        "moves": [format_move(m) for m in solution.moves or ()],
    }


def rating_json(rating: Any, steps: int) -> dict[str, Any]:
    """A deal's rating (printgen.deal.Rating) as JSON; `steps` is the number of
    steps the key takes in words (a run of Draws is one step)."""
    model, key = rating.model, rating.key
    low, high = model.interval
    return {
        "stars": rating.stars,
        "model": {"wins": model.wins, "games": model.games, "rate": round(model.rate, 4),
                  "low": round(low, 4), "high": round(high, 4), "interval": "95% Wilson",
                  "samples": model.samples, "nodes": model.nodes},
        "fewest_recycles": key.recycles,
        "fewest_recycles_proven": key.recycles_proven,
        "recycle_needed_proven": key.recycle_needed,
        "fewest_recycles_bound": key.least_recycles,
        "recycles_allowed": rating.recycles_allowed,
        "solution_moves": key.length,
        "solution_steps": steps,
        "shortest_proven": key.shortest,
        "fewest_moves_bound": key.fewest_bound,
    }


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data)


def parse_moves(data: Any) -> tuple[Move, ...]:
    if not isinstance(data, list):
        raise InputError("moves: expected a list of moves")
    return tuple(parse_move(m, f"moves[{i}]") for i, m in enumerate(data))
