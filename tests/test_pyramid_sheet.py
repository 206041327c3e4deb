"""Seeded Pyramid deals and their sheets, through the same sheet design as Jedi Temple."""

from __future__ import annotations

import json
import re
from collections import Counter

import pdfplumber
import pytest
from pdfread import words

from printgen.deal import solve
from printgen.deal.table.cards import STANDARD_DECK
from printgen.deal import seeded_deal
from printgen.deal.table.rules import PYRAMID
from printgen.deal.table.engine import replay


@pytest.mark.parametrize("number", [1, 2, 3, 77])
def test_a_pyramid_deal_is_a_shuffled_standard_deck(number):
    deal = seeded_deal(PYRAMID, number)
    cards = [deal.card(i) for i in range(52)]
    assert sorted(deal.order) == list(range(52)) and sorted(cards) == list(STANDARD_DECK)
    assert deal.values == tuple(card.rank.value for card in cards)
    assert Counter(deal.values) == {rank: 4 for rank in range(1, 14)}
    assert deal.rolls == () and deal == seeded_deal(PYRAMID, number)
    assert deal.order != seeded_deal(PYRAMID, number + 1).order


def test_pyramid_deal_json_replays_to_a_win(cli):
    result = cli("deal", "1", "--rules", "pyramid", "--json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["level"] == "standard" and data["winnable"] is True and data["rolls"] == []
    assert data["order"] == list(seeded_deal(PYRAMID, 1).values)
    solution = solve(seeded_deal(PYRAMID, 1), "standard")
    assert replay(seeded_deal(PYRAMID, 1), "standard", solution.moves).won


def test_pyramid_sheet_prints_the_setup_order(cli, tmp_path):
    result = cli("deal", "3", "--rules", "pyramid", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    path = tmp_path / "pyramid-3-standard-a4.pdf"
    text = words(path)
    assert "Pyramid, deal 3" in text[0] and "Not winnable" in text[0]
    assert "Not winnable: no sequence" in " ".join(text[0].split())      # (not "at this level": it has one)
    assert "level" not in " ".join(text[0].split()).split("Standard", 1)[1].split("The Pyramid")[0]
    assert "Not winnable" in text[-1] and not re.search(r"1\.\s*Not winnable", text[-1])   # said, not a step
    with pdfplumber.open(str(path)) as pdf:
        found = pdf.pages[0].extract_words(extra_attrs=["size"])
    grid = [w for w in found if abs(w["size"] - 11) < 0.05          # the setup grid's cards
            and re.fullmatch(r"(10|[A2-9JQK])[♣♦♥♠]", w["text"])]
    printed = [w["text"] for w in sorted(grid, key=lambda w: (round(w["top"]), w["x0"]))]
    suits = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    labels = [STANDARD_DECK[i].format() for i in seeded_deal(PYRAMID, 3).order]
    expected = [label[0].replace("T", "10") + suits[label[1]] for label in labels]
    assert printed == expected


def test_a_jedi_level_is_refused_for_pyramid(cli, tmp_path):
    result = cli("deal", "3", "--rules", "pyramid", "--level", "knight", "--out", str(tmp_path))
    assert result.status == 2 and "expected one of standard for pyramid" in result.err
    assert not any(tmp_path.iterdir())


def test_a_pyramid_sheet_says_where_its_stars_come_from(tmp_path):
    """Pyramid's stars are the games' alone (no recycle star there: nearly every win
    needs a recycle): deal 1, whose win is proven to need one, as deal 18, which
    needs none; neither sheet speaks of a star for a recycle."""
    from printgen.deal.table.rules import Level
    from printgen.products.dealsheet import DealSheetBuild, build_deal_sheet, work_deal
    from printgen.spec.dealsheet import sheet_data
    from printgen.spec.playermodel import model_data
    from printgen.spec.printdata import paper

    scale = model_data().stars
    for number, needed in ((1, True), (18, False)):
        worked = work_deal("pyramid", number, None, sheet_data().rating)
        rating = worked.rating
        games = scale.model_stars(Level.STANDARD, rating.model)
        assert rating.key.recycle_needed is needed and rating.stars == games
        path = build_deal_sheet(number, DealSheetBuild(paper("a4"), rules="pyramid",
                                                       out=tmp_path / f"{number}.pdf"), rating)
        page = " ".join(words(path)[0].split())
        said = re.search(r"(\d) of 5 stars(?:: (\d) from the player model's games and (\d) more "
                         r"because a win is proven to need a recycle)?", page)
        assert said and int(said[1]) == rating.stars and said[2] is None


def test_a_pyramid_sheet_turns_the_deck_top_face_up(cli, tmp_path):
    result = cli("deal", "5", "--rules", "pyramid", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    pages = [" ".join(page.split()) for page in words(tmp_path / "pyramid-5-standard-a4.pdf")]
    assert "Turn the deck's top card face up on the deck" in pages[0]
    assert "The deck's top card is always face up" in pages[1]
