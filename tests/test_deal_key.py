"""One truth: the key `deal --json` gives replays to a win with exactly the recycles
the rating states, and the PDF prints the same rating and the same key."""

from __future__ import annotations

import json
import re

import pdfplumber
import pytest
from test_deal_soundness import state_of

from printgen.deal import rule_set, seeded_deal, solution_steps, solve
from printgen.deal.formats.jsonio import parse_moves
from printgen.deal.search.recycles import recycles_used
from printgen.deal.search.shortest import Heuristic, shorten
from printgen.deal.search.state import Board
from printgen.deal.table.engine import Game, replay
from printgen.spec.dealfile import jedi_deal, with_cards
from printgen.spec.playermodel import model_data

CASES = [("jedi-temple", 3, "padawan"), ("jedi-temple", 17, "knight"), ("jedi-temple", 5, "master"),
         ("jedi-temple", 3, "chosen"),
         ("jedi-temple", 9100812, "knight"),   # a win with no recycle not ruled out
         ("jedi-temple", 9100309, "knight"),   # 2 recycles, a win with fewer than 2 not ruled out
         ("pyramid", 5, "standard")]           # a recycle proven needed, the fewest left open


def flat(text: str) -> str:
    return " ".join(text.split())


def key_text(path) -> str:
    """The solution pages' text, column by column (the key flows in two columns)."""
    parts = []
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages[1:]:
            half = page.width / 2
            for box in ((0, 0, half, page.height), (half, 0, page.width, page.height)):
                parts.append(page.crop(box).extract_text() or "")
    return flat("\n".join(parts))


def half_up(share: float) -> str:
    """A share of 1 as a whole percentage, rounded half up (as the sheet rounds)."""
    from decimal import ROUND_HALF_UP, Decimal
    return str((Decimal(repr(share)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def stated_recycles(rating: dict) -> str:
    """What the sheet says of the recycles, from the JSON's rating: the fewest where
    proven, else how many a win was proven to need (at least one, or none ruled out)."""
    r, allowed = rating["fewest_recycles"], rating["recycles_allowed"]
    allowed_words = f"{allowed} recycle" + ("s" if allowed != 1 else "")
    if rating["fewest_recycles_proven"]:
        if r == 0:
            return f"The key uses no recycle (the level allows {allowed_words})."
        r_words = f"{r} recycle" + ("s" if r != 1 else "")
        return (f"A win needs {r_words} (a win with fewer was ruled out); the key uses {r} of the "
                f"level's {allowed_words}.")
    least = rating["fewest_recycles_bound"]
    if rating["recycle_needed_proven"]:
        least_words = f"{least} recycle" + ("s" if least != 1 else "")
        return (f"A win needs at least {least_words} (a win with fewer was ruled out); the key "
                f"uses {r} of the level's {allowed_words}, and a win with fewer than the key's "
                f"was not ruled out")
    fewer = "no recycle" if r == 1 else f"fewer than {r}"
    return f"The key uses {r} of the level's {allowed_words}; a win with {fewer} was not ruled out"


@pytest.mark.parametrize("rules, number, level", CASES)
def test_json_key_replays_with_the_stated_recycles_and_the_pdf_agrees(cli, tmp_path, rules, number, level):
    result = cli("deal", str(number), "--rules", rules, "--level", level, "--json")
    assert result.status == 0
    data = json.loads(result.out)
    rating = data["rating"]
    deal = seeded_deal(with_cards(rule_set(rules)), number)
    moves = parse_moves(data["moves"])
    assert replay(deal, level, moves).won
    assert recycles_used(moves) == rating["fewest_recycles"]
    assert len(moves) == rating["solution_moves"]
    steps = solution_steps(deal, level, moves)
    assert len(steps) == rating["solution_steps"]
    assert cli("deal", str(number), "--rules", rules, "--level", level, "--out", str(tmp_path),
               "-q").status == 0
    pdf = tmp_path / f"{rules}-{number}-{level}-a4.pdf"
    with pdfplumber.open(str(pdf)) as doc:
        page1 = flat(doc.pages[0].extract_text())
    stars = rating["stars"]
    assert f"Difficulty {'★' * stars}{'☆' * (5 - stars)}" in page1
    model = rating["model"]
    assert (f"won {model['wins']} of {model['games']} games ({half_up(model['rate'])}%; "
            f"95% interval {half_up(model['low'])} to {half_up(model['high'])}%) "
            f"and searched {model['nodes']:,} positions;") in page1
    assert stated_recycles(rating) in page1
    assert f"the key wins in {len(moves)} moves ({len(steps)} steps)" in page1
    key = key_text(pdf)
    assert f": {len(moves)} moves {len(steps)} steps:" in key
    assert ("(proven)" in key) == rating["shortest_proven"]
    bound = rating["fewest_moves_bound"]
    assert 0 < bound <= len(moves) and (bound == len(moves)) == rating["shortest_proven"]
    assert rating["shortest_proven"] or f"no such win takes fewer than {bound} moves" in key
    at = 0
    for n, step in enumerate(steps, 1):                 # the same key, step by step, in order,
        printed = re.sub(r"-(?=\d)", "\u2212", step)  # each negative value with the minus sign
        found = key.find(f"{n}.{flat(printed)}", at)
        assert found >= 0, (n, step)
        at = found


def test_pyramid_json_key_replays():
    deal = seeded_deal(rule_set("pyramid"), 5)
    from printgen.deal import rate
    rating = rate(deal, None, model_data())
    if rating.winnable:
        assert replay(deal, None, rating.key.moves).won
        assert recycles_used(rating.key.moves) == rating.key.recycles


def test_the_key_is_no_longer_than_the_solver_win_and_its_bound_holds():
    deal = jedi_deal(17)
    board = Board(deal, "knight")
    win = solve(deal, "knight", recycles=0).moves
    short = shorten(board, win, budget=5000, recycles=0).solution.moves
    assert len(short) < len(win)
    bound, game = Heuristic(board), Game(deal, "knight")
    position = game.start()
    for done, move in enumerate(short):       # the bound never exceeds the moves left
        assert bound(state_of(board, position)) <= len(short) - done
        position = game.apply(position, move)
    assert position.won and bound(state_of(board, position)) == 0


def test_a_search_run_to_its_end_proves_the_shortest_key():
    """A Temple whose rows each sum to zero clears in 7 moves, one row at a time (the
    apex with the Discard top), and never in fewer (7 rows cover one another): the
    shortener finds it and, its search ending, proves it; a tiny budget proves nothing."""
    from collections import Counter
    from printgen.deal import JEDI_TEMPLE, Deal
    rows = [[5], [1, -1], [2, 3, -5], [4, -4, 6, -6], [1, 2, -3, 7, -7],
            [8, -8, 9, -9, 10, -10], [3, 3, -6, 7, -7, 8, -8]]
    temple = [v for row in rows for v in row]
    deck = Counter(card.value for card in with_cards(JEDI_TEMPLE).deck.cards())
    rest = deck - Counter(temple) - Counter([-5])
    deal = Deal(JEDI_TEMPLE, tuple(temple + [-5] + sorted(rest.elements())), ((1, 1),) * 3)
    solution = solve(deal, "knight")
    board, used = Board(deal, "knight"), recycles_used(solution.moves)
    assert not shorten(board, solution.moves, budget=3, recycles=used).proven
    short = shorten(board, solution.moves, budget=10_000, recycles=used)
    assert short.proven and len(short.solution.moves) == short.lower_bound == 7
    assert replay(deal, "knight", short.solution.moves).won


# (fewest recycles proven, a recycle proven needed, the key's recycles): every case a
# key can be in (proven and not needed: the key recycles none)
# (fewest proven, least a win needs, the key's recycles)
RECYCLE_CASES = [(True, 2, 2), (True, 0, 0), (False, 1, 2), (False, 0, 1), (False, 0, 2),
                 (False, 2, 3)]


@pytest.mark.parametrize("rules, level", [("jedi-temple", "knight"), ("jedi-temple", "chosen"),
                                          ("pyramid", "standard")])
@pytest.mark.parametrize("wins", [8, 0])     # the games' stars 1 (room for a recycle star) and 5
@pytest.mark.parametrize("proven, least, recycles", RECYCLE_CASES)
def test_the_sheet_says_what_the_json_says_of_the_recycles(rules, level, wins, proven, least, recycles):
    """Whether the fewest recycles are proven and whether a win is proven to need one:
    the sheet's sentence says both, as the JSON does, in every case, whether or not a
    recycle star is added (none at Pyramid, none past 5 stars)."""
    from printgen.deal import Rating, rating_json
    from printgen.deal.rating.key import Key
    from printgen.deal.rating.rating import ModelRate
    from printgen.products.dealsheet import SheetWords
    from printgen.spec.dealsheet import sheet_data
    data, at = model_data(), rule_set(rules).level(level)
    model = ModelRate(wins, data.model.games, data.model.samples, 1_000)
    key = Key(True, (), recycles, False, 5_000, least, 20)
    needed = least > 0
    rating = Rating(data.stars.stars(at.level, model, recycles if needed else 0), model, key, at.recycles)
    said = flat(SheetWords(rating, 10, sheet_data().rating, "Temple", at.level).explained())
    json_rating = rating_json(rating, 10)
    assert (json_rating["fewest_recycles_proven"], json_rating["recycle_needed_proven"],
            json_rating["fewest_recycles_bound"]) == (proven, needed, least)
    assert stated_recycles(json_rating) in said
    says_needed = "A win needs at least" in said or (proven and recycles > 0
                                                                 and f"A win needs {recycles} recycle" in said)
    assert says_needed == needed
