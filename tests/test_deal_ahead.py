"""The key's search for a win with no recycle, started ahead on a worker of its own
(printgen/deal/rating/ahead.py): the key takes its answer exactly where it would
have run that search itself, stops it everywhere else before its own shortening,
and the rating is the same with it (jobs=2) as without (jobs=1)."""

from __future__ import annotations

import pytest

from printgen.deal import rate
from printgen.deal.rating import key as key_module
from printgen.deal.rating.key import find_key
from printgen.deal.search.shortest import Lookups, Stopped, Within, win_within
from printgen.deal.search.state import Board
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data


class Beside:
    """An Ahead in this process: the search ahead made when the key asks for it."""

    def __init__(self, deal, level) -> None:
        self.deal, self.level = deal, level
        self.asked = 0
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True

    def answer(self, lookups: Lookups) -> Within:
        assert not self.stopped, "the key took the answer of a search it had stopped"
        self.asked += 1
        board = Board(self.deal, self.level)
        own = Lookups(board)
        found = win_within(board, 0, budget=model_data().key.fewer_search, lookups=own)
        lookups.take(own.worked_out())
        return found


def stopped_before_shortening(monkeypatch, beside: Beside) -> list[bool]:
    """Whether the search ahead was stopped when the key began to shorten its win."""
    seen: list[bool] = []
    shorten = key_module.shorten

    def watched(*args, **kwargs):
        seen.append(beside.stopped)
        return shorten(*args, **kwargs)
    monkeypatch.setattr(key_module, "shorten", watched)
    return seen


def test_the_key_takes_the_search_ahead_where_it_would_run_it(monkeypatch):
    """Deal 3 at Knight: the verdict's win recycles and 20,000 of the solver's
    positions leave a win with none undecided, so the key searches for one: it takes
    the search ahead's answer instead, and the key is the one it makes alone."""
    deal, budgets = jedi_deal(3), model_data().key
    alone = find_key(deal, "knight", budgets)
    beside = Beside(deal, "knight")
    seen = stopped_before_shortening(monkeypatch, beside)
    assert find_key(deal, "knight", budgets, ahead=beside) == alone
    assert beside.asked == 1 and seen == [False] and beside.stopped
    assert alone.recycles == 0 and alone.recycles_proven


@pytest.mark.parametrize(("number", "level"), [(2, "chosen"), (17, "chosen")])
def test_a_key_that_needs_no_search_ahead_stops_it_before_shortening(monkeypatch, number, level):
    """Deal 2 at Chosen One: its verdict wins with no recycle. Deal 17: its verdict
    recycles, and fewest_recycles finds a win with none in 90 positions (as most
    deals whose verdict recycles do)."""
    deal, budgets = jedi_deal(number), model_data().key
    alone = find_key(deal, level, budgets)
    beside = Beside(deal, level)
    seen = stopped_before_shortening(monkeypatch, beside)
    assert find_key(deal, level, budgets, ahead=beside) == alone
    assert beside.asked == 0 and seen == [True]


def test_a_stopped_search_ends_at_once():
    board = Board(jedi_deal(3), "knight")
    asked = []

    def stop() -> bool:
        asked.append(1)
        return True
    with pytest.raises(Stopped):
        win_within(board, 0, budget=8_000, stop=stop)
    assert len(asked) == 1
    # never stopped: the answer it gives without stop
    assert win_within(board, 0, budget=8_000, stop=lambda: False) == win_within(board, 0, budget=8_000)


def test_the_rating_is_the_same_with_the_search_ahead_on_a_worker():
    """jobs=2 starts the search ahead on a worker beside the key's; jobs=1 runs the
    key alone, in this process."""
    deal, data = jedi_deal(3), model_data()
    assert rate(deal, "knight", data, jobs=2) == rate(deal, "knight", data, jobs=1)
