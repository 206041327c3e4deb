"""The player model: a simple greedy player who sees only what the level shows.

At every turn the player
1. uses the Force with any available Sylop (Pyramid: removes a King);
2. otherwise considers each Balance that takes at least one Temple card and
   scores it: +10 per Temple card, -1 per Force value spent; at face-up levels
   (the whole Temple is visible) +3 more if a card it uncovers can be balanced
   at once with the cards then available. The best score wins;
   ties are broken at random;
3. otherwise Draws; otherwise Recycles; otherwise the game is lost.
The random tie-breaks come from the deal's own SplitMix64 stream (seeded from the
deal number, the level and the game number), so results never change.
"""

from __future__ import annotations

from printgen.deal.deal import Deal
from printgen.deal.rules import Level
from printgen.deal.shuffle import SplitMix64
from printgen.deal.solver import forced_move, group_moves
from printgen.deal.state import DRAW_MOVE_T, FULL, RECYCLE_MOVE_T, Board, State

TEMPLE_CARD = 10
FORCE_VALUE = 1
FOLLOW_UP = 3
MAX_TURNS = 2000


def _follow_up(board: Board, before: State, s: State) -> bool:
    """Can a card this move uncovers be balanced at once? (Needs to see it.)"""
    new = 0
    for i in board.available(s[0]):
        new |= 1 << i
    for i in board.available(before[0]):
        new &= ~(1 << i)
    if not new:
        return False
    cards = board.cards(s)
    forced = forced_move(board, s, cards)
    if forced is not None and forced[1] & new:
        return True
    return any(g[1] & new for g in group_moves(board, s, cards))


def choose(board: Board, s: State, rng: SplitMix64) -> tuple | None:
    """The model's move in state s, or None when no move is left."""
    cards = board.cards(s)
    forced = forced_move(board, s, cards)
    if forced is not None:
        return forced
    groups = [g for g in group_moves(board, s, cards) if g[1]]
    if groups:
        scored = [(TEMPLE_CARD * g[1].bit_count() - FORCE_VALUE * len(g[4]), g) for g in groups]
        best = max(score for score, _ in scored)
        top = [g for score, g in scored if score == best]
        if len(top) > 1 and not board.level.face_down:
            bonus = [(FOLLOW_UP * _follow_up(board, s, board.apply(s, g)), g) for g in top]
            best_bonus = max(b for b, _ in bonus)
            top = [g for b, g in bonus if b == best_bonus]
        return top[rng.below(len(top))] if len(top) > 1 else top[0]
    if board.can_draw(s):
        return DRAW_MOVE_T
    if board.can_recycle(s):
        return RECYCLE_MOVE_T
    return None


def seed_of(deal: Deal, level: Level, game: int) -> int:
    levels = [rules.level for rules in deal.rules.levels]
    return ((deal.number or 0) * 8 + levels.index(level)) * 1_000_003 + game


def play(deal: Deal, level: Level | str | None = None, game: int = 0) -> bool:
    """One game of the player model; True when it wins."""
    board = Board(deal, level)
    rng = SplitMix64(seed_of(deal, board.level.level, game))
    s = board.start()
    for _ in range(MAX_TURNS):
        if s[0] == FULL:
            return True
        move = choose(board, s, rng)
        if move is None:
            return False
        s = board.apply(s, move)
    return False


def win_rate(deal: Deal, level: Level | str | None = None, games: int = 16) -> float:
    """The fraction of `games` seeded games the player model wins."""
    return sum(play(deal, level, game) for game in range(games)) / games
