"""A key proven shortest is shortest: on small games the length A* proves is the one
an exhaustive breadth-first search over the engine's own legal moves finds, and the
lower bound that lets it prove (search/lengthbound.py) never exceeds the moves a win
still takes, from the start or from any position on a shortest win."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from test_deal_soundness import SETTINGS, replays_to_a_win, small_games, state_of

from printgen.deal.rating.key import find_key
from printgen.deal.search.shortest import Heuristic, _Bounded
from printgen.deal.search.solver import solve_from
from printgen.deal.search.state import Board
from printgen.deal.table.engine import Game, Position, replay
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data


def fewest_moves(game: Game, position: Position) -> int | None:
    """Exhaustive: the fewest engine moves that win from `position` (None: no win)."""
    if position.won:
        return 0
    seen = {position}
    frontier: deque[tuple[Position, int]] = deque([(position, 0)])
    while frontier:
        here, moves = frontier.popleft()
        for move in game.legal_moves(here):
            after = game.apply(here, move)
            if after.won:
                return moves + 1
            if after not in seen:
                seen.add(after)
                frontier.append((after, moves + 1))
    return None


@SETTINGS
@given(small_games())
def test_the_proven_length_is_the_exhaustive_one(game_at):
    deal, level, position = game_at
    game, board = Game(deal, level), Board(deal, level)
    s = state_of(board, position)
    truth = fewest_moves(game, position)
    won, path, _ = solve_from(board, s, budget=200_000)
    assert won is (truth is not None)
    if not won:
        return
    search = _Bounded(board, None)
    search.start = s
    bound = Heuristic(board)
    assert bound(s) <= truth
    moves, proven, low = search.a_star(tuple(board.to_move(m) for m in path), 200_000)
    assert proven and low == len(moves) == truth, (len(moves), low, truth)
    assert replays_to_a_win(game, position, list(moves))
    for done, move in enumerate(moves):      # the bound never exceeds the moves left
        assert bound(state_of(board, position)) <= truth - done
        position = game.apply(position, move)


@pytest.mark.parametrize("number, level", [(9_100_003, "knight"), (9_100_020, "chosen"),
                                           (9_100_032, "padawan")])
def test_a_key_proven_shortest_replays_and_the_bound_holds_along_it(number, level):
    deal = jedi_deal(number)
    key = find_key(deal, level, model_data().key)
    assert key.shortest
    played = replay(deal, level, key.moves)
    assert played.won
    board = Board(deal, level)
    bound = Heuristic(board)
    for done, position in enumerate(played.positions[:-1]):
        assert bound(state_of(board, position)) <= key.length - done
