"""The solver's search specialised for groups of at most two cards and no Force
(Pyramid): the same states, moves, loss check and lost table as solver.py, with
the state spread over plain ints so the hot loop does less work.

State: (removed, piles, cursor, recycles). The Draw card (the deck top) is the
pile card at `cursor`; `cursor == n` means the deck is empty. A lost state also
proves lost every state with the same cards and recycles at a later cursor (the
Draws reach it) and every state with fewer recycles.
"""

from __future__ import annotations

from printgen.deal.bounds import LossCheck
from printgen.deal.state import BALANCE, DRAW_MOVE_T, FULL, RECYCLE_MOVE_T, Board
from printgen.errors import BudgetExceeded


def pair_search(board: Board, budget: int) -> tuple[bool | None, list[tuple], int]:
    """(verdict or None at the budget, solver moves of a win, nodes searched)."""
    rules = board.rules
    n, pile, temple = board.n, board.pile, board.temple
    target, lone = rules.target, rules.lone_value
    check = LossCheck(board, complete=True)
    pair_lost = check._pair_lost
    # lost[cards] packs, per recycles left r, 1 + the earliest cursor proven lost
    # in 6 bits at 6 * r (0: none).
    lost: dict[int, int] = {}
    temple_moves: dict[int, tuple] = {}
    path: list[tuple] = []
    nodes = 0

    def temple_info(removed: int) -> tuple:
        info = temple_moves.get(removed)
        if info is None:
            by_value: dict[int, list[int]] = {}
            pairs, king = [], 0
            for i in board.available(removed):
                v = temple[i]
                if v == lone and not king:
                    king = 1 << i
                for j in by_value.get(target - v, ()):
                    pairs.append(1 << i | j)
                by_value.setdefault(v, []).append(1 << i)
            info = temple_moves[removed] = (king, pairs, by_value)
        return info

    def after(piles: int, cursor: int) -> int:
        rest = piles >> (cursor + 1)
        return cursor + (rest & -rest).bit_length() if rest else n

    def search(removed: int, piles: int, cursor: int, rec: int) -> bool:
        nonlocal nodes
        if removed == FULL:
            return True
        base = removed | piles << 28
        entry = lost.get(base, 0)
        shift = 6 * rec
        if entry >> (shift + 6):
            return False  # lost with more recycles left
        first = entry >> shift & 63
        if first and first <= cursor + 1:
            return False  # lost at this cursor or an earlier one
        nodes += 1
        if nodes > budget:
            raise BudgetExceeded
        if not pair_lost(FULL & ~removed, piles) and expand(removed, piles, cursor, rec):
            return True
        lost[base] = entry & ~(63 << shift) | (cursor + 1) << shift
        return False

    def expand(removed: int, piles: int, cursor: int, rec: int) -> bool:
        king, pairs, by_value = temple_info(removed)
        if king:
            return _try((BALANCE, king, False, False, (), 0),
                        removed | king, piles, cursor, rec)
        top = (piles & ((1 << cursor) - 1)).bit_length() - 1
        d = pile[cursor] if cursor < n else None
        w = pile[top] if top >= 0 else None
        if d == lone and d is not None:
            return _try((BALANCE, 0, True, False, (), 0), removed, piles & ~(1 << cursor),
                        after(piles, cursor), rec)
        if w == lone and w is not None:
            return _try((BALANCE, 0, False, True, (), 0), removed, piles & ~(1 << top), cursor, rec)
        if d is not None:
            without, nxt = piles & ~(1 << cursor), after(piles, cursor)
            for bit in by_value.get(target - d, ()):
                if _try((BALANCE, bit, True, False, (), 0), removed | bit, without, nxt, rec):
                    return True
        if w is not None:
            without = piles & ~(1 << top)
            for bit in by_value.get(target - w, ()):
                if _try((BALANCE, bit, False, True, (), 0), removed | bit, without, cursor, rec):
                    return True
        for mask in pairs:
            if _try((BALANCE, mask, False, False, (), 0), removed | mask, piles, cursor, rec):
                return True
        if d is not None:
            if _try(DRAW_MOVE_T, removed, piles, after(piles, cursor), rec):
                return True
        elif rec and piles:
            if _try(RECYCLE_MOVE_T, removed, piles, (piles & -piles).bit_length() - 1, rec - 1):
                return True
        if d is not None and w is not None and d + w == target:
            both = piles & ~(1 << cursor) & ~(1 << top)
            if _try((BALANCE, 0, True, True, (), 0), removed, both, after(piles, cursor), rec):
                return True
        return False

    def _try(move: tuple, removed: int, piles: int, cursor: int, rec: int) -> bool:
        if search(removed, piles, cursor, rec):
            path.append(move)
            return True
        return False

    start = board.start()
    try:
        won = search(start[0], start[1], start[2] if start[3] else n, start[4])
    except BudgetExceeded:
        return None, [], nodes
    return won, path[::-1], nodes
