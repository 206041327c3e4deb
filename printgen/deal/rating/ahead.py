"""The key's search for a win with no recycle, started ahead on a free worker.

When the verdict's win recycles and fewest_recycles leaves a win with no recycle
undecided (key.py, step 2), the key runs win_within(board, 0, fewer_search): on the
slowest sheets a search that comes up empty, after the verdict and fewest_recycles,
all on the worker that makes the key. rate() starts that same search beside the
key on another worker (search_ahead), before the model's games; the key's worker takes
its answer when it needs exactly that search, and otherwise stops it. It waits
WAIT seconds before it starts: most keys stop it by then (their verdict wins with
no recycle, or fewest_recycles finds a win with none, in milliseconds), so their
games lose no worker's time to it; once started, it asks every 10 positions. The
search reads only the deal and the level, and starts afresh as the key's would,
so its answer is the one the key would have found itself: the key and the sheet
are the same with or without it, whatever --jobs.

The answer comes with the lower bounds the search worked out (shortest.Lookups's
worked_out), so the key's shortening finds them at hand as it would had the key run
the search itself. The workers share an Event (stop the search) and a queue (the
answer), handed to each of them when the pool starts them (share, the pool's
initializer).
"""

from __future__ import annotations

from typing import Any

from printgen.deal.search.shortest import Lookups, Stopped, Within, win_within
from printgen.deal.search.state import Board
from printgen.deal.table.deal import Deal
from printgen.deal.table.rules import JEDI_TEMPLE, Level

RECYCLES = 0            # the allowance searched ahead: a win with no recycle
WAIT = 0.1              # seconds the search ahead waits to be stopped before it starts

_kept: dict[str, Ahead] = {}       # this worker's Ahead, from share()


class Ahead:
    """The Event that stops the search ahead and the queue its answer comes by."""

    def __init__(self, context: Any) -> None:
        self.stopped = context.Event()
        self.answers = context.Queue()

    def stop(self) -> None:
        """The key does not need the search ahead: end it."""
        self.stopped.set()

    def answer(self, lookups: Lookups | None = None) -> Within | None:
        """The search ahead's answer, waiting for it (None: it was stopped or failed);
        the lower bounds it worked out are added to `lookups` (the key's shortening
        then finds them at hand, as when it ran the search itself)."""
        answer: Within | None
        answer, found = self.answers.get()
        if lookups is not None and found is not None:
            lookups.take(found)
        return answer


def worth_ahead(deal: Deal) -> bool:
    """Whether rate() starts the search ahead: at Jedi Temple. Most Pyramid deals need
    a recycle, and fewest_recycles proves it or leaves a win with one recycle open, so
    the key seldom runs that search there and it would only hold up the games."""
    return deal.rules.name == JEDI_TEMPLE.name


def share(ahead: Ahead, then: Any = None) -> None:
    """A worker's initializer: keep `ahead` for this process's tasks, then run `then`."""
    _kept["channel"] = ahead
    if then is not None:
        then()


def channel() -> Ahead | None:
    """This worker's Ahead (None outside a pool started with share)."""
    return _kept.get("channel")


def search_ahead(deal: Deal, level: Level, budget: int) -> None:
    """The task rate() starts beside the key: after WAIT seconds, win_within(board,
    RECYCLES, budget) as key.py would run it (budget: its KeyBudgets.fewer_search), its
    answer (or None) put on the queue, unless the key stops it first."""
    ahead = channel()
    if ahead is None:
        return
    found: Within | None = None
    lookups = None
    # an answer the key no longer reads is dropped when this worker ends, not waited on
    ahead.answers.cancel_join_thread()
    try:
        if not ahead.stopped.wait(WAIT):
            board = Board(deal, level)
            lookups = Lookups(board)
            found = win_within(board, RECYCLES, budget=budget,
                               lookups=lookups, stop=ahead.stopped.is_set)
    except Stopped:
        found = None
    finally:
        ahead.answers.put((found, lookups.worked_out() if found is not None and lookups
                           else None))
