"""A key proven shortest is shortest: on small games the length A* proves is the one
an exhaustive breadth-first search over the engine's own legal moves finds, and the
lower bound that lets it prove (search/lengthbound.py) never exceeds the moves a win
still takes, from the start or from any position on a shortest win. Games with a
longer pile and values without partners make the bound's count of Draws matter."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_deal_soundness import GONE, SETTINGS, covered_by, replays_to_a_win, small_games, state_of

from printgen.deal import JEDI_TEMPLE, Deal
from printgen.deal.rating.key import find_key
from printgen.deal.search.lengthbound import MovesLeft
from printgen.deal.search.shortest import Heuristic, _Bounded
from printgen.deal.search.solver import solve_from
from printgen.deal.search.state import DRAW_MOVE_T, RECYCLE_MOVE_T, Board
from printgen.deal.table.engine import Game, Position, replay
from printgen.deal.table.rules import TEMPLE_SIZE
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


@st.composite
def long_piles(draw: st.DrawFn) -> tuple[Deal, str, Position]:
    """A game with one to three Temple cards left and a pile of 3-8 cards of any
    values -4..4 (so a partner may lie deep in the Stockpile), at most one roll."""
    level = draw(st.sampled_from(("padawan", "knight", "chosen")))
    left = covered_by(draw(st.sets(st.integers(0, 5), min_size=1, max_size=1)))
    n = draw(st.integers(3, 8))
    values = draw(st.lists(st.integers(-4, 4), min_size=len(left) + n, max_size=len(left) + n))
    rolls = draw(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 3)), max_size=1))
    opening = min(JEDI_TEMPLE.level(level).opening_rolls, len(rolls))
    temple: list[int | None] = [None] * TEMPLE_SIZE
    for i, value in zip(left, values):
        temple[i] = value
    deal = Deal(JEDI_TEMPLE, tuple(GONE if v is None else v for v in temple) + tuple(values[len(left):]),
                tuple(rolls))
    cursor = draw(st.integers(0, 2))
    position = Position(temple=tuple(temple), piles=tuple(range(n)), cursor=cursor,
                        has_draw=draw(st.booleans()), recycles_left=draw(st.integers(0, 1)),
                        pool=tuple(sorted(rolls[0])) if opening else (), rolls_used=opening)
    return deal, level, position


def proven_length_is_exhaustive(deal: Deal, level: str, position: Position) -> None:
    """A* proves the exhaustive length, and the shortener's phases together
    (weighted search, branch and bound, A*) never claim a proof they do not have;
    the heuristic, and the bound of lengthbound.py alone, never exceed the moves
    left on that shortest win, and the bound counting Draws is never below the one
    counting cards alone."""
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
    draws, cards = MovesLeft(board), MovesLeft(board, draws=False)
    assert bound(s) <= truth
    moves, proven, low = search.a_star(tuple(board.to_move(m) for m in path), 200_000)
    assert proven and low == len(moves) == truth, (len(moves), low, truth)
    assert replays_to_a_win(game, position, list(moves))
    for budget, proof in ((6, 0), (30, 10), (200, 200)):    # the three phases, cut anywhere
        phases = _Bounded(board, None)
        phases.start = s
        short, proven, low = phases.run(tuple(board.to_move(m) for m in path), budget, proof)
        assert low <= truth <= len(short) and (not proven or len(short) == truth)
        assert replays_to_a_win(game, position, list(short))
    for done, move in enumerate(moves):      # the bound never exceeds the moves left
        here = state_of(board, position)
        assert cards(here) <= draws(here) <= bound(here) <= truth - done
        position = game.apply(position, move)


@SETTINGS
@given(small_games())
def test_the_proven_length_is_the_exhaustive_one(game_at):
    proven_length_is_exhaustive(*game_at)


@SETTINGS
@given(long_piles())
def test_the_proven_length_is_the_exhaustive_one_with_long_piles(game_at):
    proven_length_is_exhaustive(*game_at)


def test_the_bound_counts_the_draws_to_a_deep_partner():
    # the apex +4 alone; its only partner, the -4, is the Stockpile's last card:
    # four Draws and a Balance. Counting cards alone, one item and one group, less
    # the Discard top at hand, say 1.
    temple: list[int | None] = [4] + [None] * (TEMPLE_SIZE - 1)
    pile = (1, 2, 3, 1, -4)
    deal = Deal(JEDI_TEMPLE, tuple(GONE if v is None else v for v in temple) + pile, ())
    position = Position(temple=tuple(temple), piles=tuple(range(len(pile))), cursor=1,
                        has_draw=False, recycles_left=0, pool=(), rolls_used=0)
    game, board = Game(deal, "knight"), Board(deal, "knight")
    s = state_of(board, position)
    assert fewest_moves(game, position) == 5
    assert MovesLeft(board, draws=False)(s) == 1
    assert MovesLeft(board)(s) == 5


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


def test_a_shared_lookups_changes_no_answer_and_saves_the_work():
    """The key's search for a win with fewer recycles and its shortening share one
    Lookups (what a position's bounds, loss check and moves are): the shortening
    gives the same answer as with its own, and finds at hand over a third of the move
    lists and bounds it reads."""
    from printgen.deal.search.shortest import Lookups, shorten, win_within
    from printgen.deal.search.solver import Solver
    solver = Solver(jedi_deal(9_100_293), "chosen")
    win = solver.solve().moves
    board = solver.board
    shared = Lookups(board)
    win_within(board, 0, budget=1_500, lookups=shared)
    kept = len(shared._moves), len(shared.heuristic.moves_left._known)
    with_shared = shorten(board, win, budget=600, recycles=1, proof=600, lookups=shared)
    own = Lookups(board)
    alone = shorten(board, win, budget=600, recycles=1, proof=600, lookups=own)
    assert with_shared == alone == shorten(board, win, budget=600, recycles=1, proof=600)
    made = len(shared._moves) - kept[0], len(shared.heuristic.moves_left._known) - kept[1]
    alone_made = len(own._moves), len(own.heuristic.moves_left._known)
    assert all(3 * new < 2 * fresh for new, fresh in zip(made, alone_made)), (made, alone_made)


@SETTINGS
@given(small_games())
def test_the_groups_by_temple_sums_are_group_moves_own(game):
    """groupsums.length_groups gives the list group_moves(split=False) gives, in its
    order, from every position of a small game a short search reaches (Sylops, rolls
    and pools of Force values among them)."""
    from printgen.deal.search.groupsums import TempleSums, length_groups
    from printgen.deal.search.solver import group_moves
    deal, level, position = game
    board = Board(deal, level)
    sums = TempleSums(board)
    todo, seen = [state_of(board, position)], set()
    while todo and len(seen) < 200:
        s = todo.pop()
        if board.key(s) in seen:
            continue
        seen.add(board.key(s))
        cards = board.cards(s)
        groups = group_moves(board, s, cards, split=False)
        assert length_groups(board, s, cards, sums) == groups
        todo += [board.apply(s, move) for move in groups]
        todo += [board.apply(s, move) for move in (DRAW_MOVE_T, RECYCLE_MOVE_T)
                 if (board.can_draw(s) if move is DRAW_MOVE_T else board.can_recycle(s))]


def test_the_groups_by_temple_sums_on_a_deal(monkeypatch):
    """The same on the positions the key's weighted search takes on a whole deal."""
    from printgen.deal.search import shortest
    from printgen.deal.search.groupsums import TempleSums, length_groups
    from printgen.deal.search.solver import Solver, group_moves
    board = Solver(jedi_deal(9_100_293), "chosen").board
    reached = []
    own = shortest.moves_for_length

    def recorded(board, s, temple_sums=None):
        reached.append(s)
        return own(board, s, temple_sums)
    monkeypatch.setattr(shortest, "moves_for_length", recorded)
    shortest.win_within(board, 0, budget=600)
    sums = TempleSums(board)
    for s in reached:
        cards = board.cards(s)
        assert length_groups(board, s, cards, sums) == group_moves(board, s, cards, split=False)
    assert len(reached) > 200
