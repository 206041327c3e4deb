"""What a deal sheet says of its key: the recycles left open, the stars' scope, the
house readings the key uses and where a Recycle puts the Draw card."""

from __future__ import annotations

import re

import pytest
from pdfread import words

from printgen.deal import Rating, rule_set, solution_steps, solve
from printgen.deal.formats.house import house_readings
from printgen.deal.rating.key import Key
from printgen.deal.rating.rating import ModelRate
from printgen.deal.search.recycles import recycles_used
from printgen.deal.table.engine import DRAW, DRAW_MOVE, RECYCLE_MOVE, Game, ItemKind, MoveKind
from printgen.deal.table.rules import JEDI_TEMPLE
from printgen.products.dealsheet import DealSheetBuild, build_deal_sheet, work_deal
from printgen.spec.dealfile import jedi_deal
from printgen.spec.dealsheet import sheet_data
from printgen.spec.playermodel import model_data
from printgen.spec.printdata import paper

MODEL = ModelRate(5, 8, 3, 1_000)


def explained(recycles: int, least: int, level: str = "knight") -> str:
    key = Key(True, (), recycles, shortest=False, nodes=50_000, least_recycles=least, fewest_bound=20)
    rating = Rating(3, MODEL, key, recycles_allowed=rule_set(JEDI_TEMPLE.name).level(level).recycles)
    return " ".join(work_deal(JEDI_TEMPLE.name, 3, level, sheet_data().rating, rating).explained.split())


@pytest.mark.parametrize("recycles, said", [(1, "a win with no recycle was not ruled out"),
                                            (2, "a win with fewer than 2 was not ruled out")])
def test_an_open_count_names_every_allowance_left_open(recycles, said):
    """With 0 and 1 both left open, 'a win with no recycle was not ruled out' would hide
    that a win with 1 was not ruled out either."""
    text = explained(recycles, 0)
    assert said in text
    assert f"The key uses {recycles} of the level's 2 recycles" in text


@pytest.mark.parametrize("recycles, said", [
    (0, "The key uses no recycle (the level allows 2 recycles)."),
    (1, "A win needs 1 recycle (a win with fewer was ruled out); the key uses 1 of the level's 2 recycles."),
])
def test_a_proven_count_of_recycles_reads_as_a_sentence(recycles, said):
    """A count proven the fewest: none is said in words ('needs 0 of the level's 2
    recycles, as the key does' read as a slip), one or more as what was ruled out."""
    text = explained(recycles, recycles)
    assert text.endswith(said)
    assert "0 of the level's" not in text and "0 recycles" not in text


@pytest.mark.parametrize("recycles, shortest, said", [
    (0, True, "No win without a recycle is shorter (proven)."),
    (0, False, "The shortest win without a recycle that a search of"),
])
def test_the_key_s_note_says_no_recycle_in_words(recycles, shortest, said):
    key = Key(True, (), recycles, shortest=shortest, nodes=50_000, least_recycles=recycles,
              fewest_bound=20)
    rating = Rating(3, MODEL, key, recycles_allowed=2)
    note = work_deal(JEDI_TEMPLE.name, 3, "knight", sheet_data().rating, rating).key_note
    assert said in " ".join(note.split())
    assert "0 recycles" not in note


def test_the_stars_say_they_rank_deals_within_their_level():
    assert "Stars rank the deals of one level, not the levels." in explained(1, 0)


@pytest.mark.parametrize("needed", [0, 1])
def test_the_stars_say_the_positions_searched_count_toward_them(needed):
    """Deal 1 at Jedi Knight: the model won 8 of 8 games searching 10,202 positions,
    and that search is what gives it 2 stars, not 1; the sentence says both count and
    how many positions weigh as one game lost (player-model.yaml), with and without a
    star for a recycle proven needed."""
    data = model_data()
    level = rule_set(JEDI_TEMPLE.name).level("knight").level
    model = ModelRate(8, 8, 3, 10_202)
    assert data.stars.model_stars(level, model) == 2 > data.stars.model_stars(level, ModelRate(8, 8, 3, 0))
    key = Key(True, (), needed, shortest=False, nodes=50_000, least_recycles=needed, fewest_bound=20)
    rating = Rating(2 + needed, model, key, recycles_allowed=2)
    text = " ".join(work_deal(JEDI_TEMPLE.name, 1, "knight", sheet_data().rating, rating).explained.split())
    assert text.startswith(f"{2 + needed} of 5 stars") and "won 8 of 8 games" in text
    per_loss = f"{data.stars.nodes_per_loss:,} positions as one game lost"
    assert re.search(r"searched 10,202 positions; the (games' )?stars count both, " + per_loss, text), text


def test_a_recycle_says_where_the_draw_card_goes():
    deal = jedi_deal(3)
    game = Game(deal, "knight")
    position, moves = game.start(), []
    while position.stock:                               # draw the Stockpile out
        moves.append(DRAW_MOVE)
        position = game.apply(position, DRAW_MOVE)
    assert position.has_draw
    drawn = deal.card_text(game.card_of(position, DRAW)[0])
    steps = solution_steps(deal, "knight", moves + [RECYCLE_MOVE])
    assert steps[-1] == (f"Recycle: put the Draw card ({drawn}) on the Discard, then turn the "
                         f"Discard over (1 recycle left).")
    assert house_readings(deal, "knight", moves + [RECYCLE_MOVE]) == ()    # the designers' rule


def test_the_key_names_the_house_readings_it_uses(tmp_path):
    """Deal 26's first win spends a Sylop from the Discard and recycles with a Draw
    card: the key's note names the one house reading (a Recycle with a Draw card is
    the designers' rule), and its Recycle step says where the Draw card goes."""
    deal = jedi_deal(26)
    moves = solve(deal, "knight").moves or ()
    game = Game(deal, "knight")
    position = game.start()
    from_discard = recycle_with_draw = False
    for move in moves:
        from_discard |= move.kind is MoveKind.FORCE and move.cards[0].kind is ItemKind.DISCARD
        recycle_with_draw |= move.kind is MoveKind.RECYCLE and position.has_draw
        position = game.apply(position, move)
    assert from_discard and recycle_with_draw
    key = Key(True, moves, recycles_used(moves), shortest=False, nodes=1_000, fewest_bound=20)
    rating = Rating(3, MODEL, key, recycles_allowed=2)
    path = build_deal_sheet(26, DealSheetBuild(paper("a4"), level="knight", out=tmp_path / "s.pdf"),
                            rating=rating)
    texts = words(path)
    assert "the key names any house reading it uses" in " ".join(texts[0].split())
    key_text = " ".join(" ".join(texts[1:]).split())
    note = re.search(r"House reading \(printgen's, where the designers' text leaves it open\): "
                     r"([^.]*)\.", key_text)
    assert note, key_text[:600]
    assert note.group(1) == "a Sylop may be spent from the top of the Discard"
    assert "spend the Sylop (Discard)" in key_text
    assert re.search(r"Recycle: put the Draw card \([+−]\d+\) on the Discard, then turn the Discard "
                     r"over", key_text)


LEVELS = {"padawan": "Padawan", "knight": "Jedi Knight", "master": "Jedi Master", "chosen": "Chosen One"}


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_sheet_speaks_of_its_own_level_only(tmp_path, level):
    """A sheet is played at one level: its page names no other (the rolls line said
    "at Padawan the first pair is yours" on every level's sheet; Padawan's own level
    line says that its opening roll is Force roll 1)."""
    key = Key(True, (), 0, shortest=False, nodes=1_000, fewest_bound=20)
    rating = Rating(3, MODEL, key, recycles_allowed=rule_set(JEDI_TEMPLE.name).level(level).recycles)
    path = build_deal_sheet(3, DealSheetBuild(paper("a4"), level=level, out=tmp_path / "s.pdf"), rating=rating)
    sheet = " ".join(words(path)[0].split())
    assert LEVELS[level] in sheet
    assert [title for name, title in LEVELS.items() if name != level and title in sheet] == [], sheet
