"""Deal sheets fit their paper with the longest texts a sheet can have, and the booklet
cover holds any allowed number of deals."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from pdfread import clip_boxes

from printgen.deal import Rating, rule_set
from printgen.deal.rating.key import Key
from printgen.deal.rating.rating import ModelRate
from printgen.deal.table.rules import JEDI_TEMPLE, PYRAMID
from printgen.layout.dealsheet import sheet_page
from printgen.products.challenge import ChallengeBuild, cover
from printgen.products.dealsheet import sheet_deal, work_deal
from printgen.render.pdf import render_pdf
from printgen.spec.dealsheet import sheet_data
from printgen.spec.playermodel import model_data
from printgen.spec.printdata import paper
from printgen.words import plural

MM = 72 / 25.4
LEVELS = [(JEDI_TEMPLE.name, "padawan"), (JEDI_TEMPLE.name, "knight"), (JEDI_TEMPLE.name, "master"),
          (JEDI_TEMPLE.name, "chosen"), (PYRAMID.name, "standard")]


def longest_rating(rules, level: str) -> Rating:
    """A rating whose sentences are the longest the sheet can print: every optional
    sentence at once (a recycle star added to the games' stars, the key's recycle
    count left open) and the widest numbers (a three-digit win rate, the most nodes the
    games can spend, a budget in the millions)."""
    data = model_data()
    games = data.model.games
    model = ModelRate(games, games, data.model.samples, games * (data.model.patience + data.model.budget))
    at = rules.level(level).level
    stars = data.stars.model_stars(at, model) + 1
    key = Key(True, (), 3, shortest=False, nodes=12_000_000,
              least_recycles=2, fewest_bound=999)
    return Rating(stars, model, key, recycles_allowed=3)


def word_boxes(path: Path) -> list[tuple[float, float, float, float, str]]:
    with pdfplumber.open(str(path)) as pdf:
        return [(w["x0"], w["top"], w["x1"], w["bottom"], w["text"]) for w in pdf.pages[0].extract_words()]


@pytest.mark.parametrize("size", ["letter", "a4"])
@pytest.mark.parametrize("rules_name, level", LEVELS)
def test_the_longest_sheet_fits_its_paper(tmp_path, rules_name, level, size):
    rules = rule_set(rules_name)
    data = sheet_data()
    worked = work_deal(rules_name, 3, level, data.rating, longest_rating(rules, level))
    sheet = sheet_deal(worked, data)
    notes = [n for n in sheet.notes if n]
    assert len(notes) == (3 if rules.level(level).face_down else 2 if sheet.rolls else 1)
    assert "more because a win is proven to need a recycle" in sheet.rating   # every sentence
    assert "not ruled out" in sheet.rating
    assert plural(rules.level(level).recycles, "recycle") in sheet.level_rules   # the engine's
    page = sheet_page(sheet, paper(size), data.style)
    path = render_pdf([page], tmp_path / "sheet.pdf", title="longest")
    width, height = page.width / MM, page.height / MM
    margin = data.style.margin / MM - 0.01
    temple = [b for b in clip_boxes(path)[0] if b.w < 30]        # the Temple's cards (mm)
    assert len(temple) == rules.tableau.size
    temple_bottom = max(b.y + b.h for b in temple)
    texts = [b for b in word_boxes(path)
             if not any(t.x <= b[0] / MM and b[2] / MM <= t.x + t.w and t.y <= b[1] / MM <= t.y + t.h
                        for t in temple)]                        # not the card faces' own words
    for x0, top, x1, bottom, word in texts:
        assert margin <= x0 / MM and x1 / MM <= width - margin, word
        assert margin <= top / MM and bottom / MM <= height - margin, word
    heading = next(b for b in texts if b[4] == "Setup")
    assert temple_bottom <= heading[1] / MM
    # no two words of the sheet's texts overlap (the setup order does not run into the credit)
    boxes = sorted(texts, key=lambda b: b[1])
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if b[1] >= a[3] - 0.3:
                break
            overlap = min(a[2], b[2]) - max(a[0], b[0])
            assert overlap <= 0.3, (a[4], b[4])


def test_the_temple_keeps_its_size_where_the_paper_leaves_room(tmp_path):
    data = sheet_data()
    worked = work_deal(JEDI_TEMPLE.name, 3, "knight", data.rating,
                       replace(longest_rating(rule_set(JEDI_TEMPLE.name), "knight"),
                               key=Key(True, (), 0, True, 1)))
    page = sheet_page(sheet_deal(worked, data), paper("a4"), data.style)
    path = render_pdf([page], tmp_path / "sheet.pdf", title="short")
    cards = [b for b in clip_boxes(path)[0] if b.w < 30]
    assert all(abs(b.w - 63.5 * data.style.card_scale) < 0.01 for b in cards)


@pytest.mark.parametrize("size", ["letter", "a4"])
def test_the_cover_lists_the_most_deals_a_booklet_may_hold(tmp_path, size):
    data = sheet_data()
    numbers = [9_000_000 + 7 * k for k in range(500)]       # the most, and wide numbers
    options = ChallengeBuild(paper(size), 500, rules=PYRAMID.name)
    pages = cover(options, numbers, data, None)
    assert len(pages) >= 2
    path = render_pdf(pages, tmp_path / "cover.pdf", title="cover")
    listed: list[int] = []
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages:
            for w in page.extract_words():
                assert w["bottom"] <= page.height - data.style.margin + 0.01, w["text"]
                digits = w["text"].rstrip(",.")
                if digits.isdigit() and len(digits) == 7:
                    listed.append(int(digits))
    assert listed == numbers


def test_a_booklet_whose_cover_cannot_fit_fails_before_rating_a_deal(tmp_path, monkeypatch):
    from printgen.errors import FitError
    from printgen.products import challenge

    def words(options, count, data):
        title, subtitle, paragraphs = real(options, count, data)
        return title, subtitle, paragraphs + (" ".join(["A paragraph that goes on."] * 400),)

    def no_rating(*args, **kwargs):
        raise AssertionError("a deal was rated before the cover was checked")

    real = challenge.cover_words
    monkeypatch.setattr(challenge, "cover_words", words)
    monkeypatch.setattr(challenge, "choose_deals", no_rating)
    with pytest.raises(FitError, match="past the bottom margin"):
        challenge.build_challenge(ChallengeBuild(paper("a4"), 5, out=tmp_path / "b.pdf", quiet=True))
    assert list(tmp_path.iterdir()) == []


def test_sheets_point_at_their_solutions_past_a_cover_of_two_pages(tmp_path, monkeypatch):
    import re

    from pdfread import words

    from printgen.products import challenge

    real, data = challenge.cover_words, sheet_data()
    options = ChallengeBuild(paper("a4"), 2, out=tmp_path / "b.pdf", quiet=True)
    filler = 6

    def padded(options, count, data):
        title, subtitle, paragraphs = real(options, count, data)
        return title, subtitle, paragraphs + (" ".join(["Filler."] * filler),)

    monkeypatch.setattr(challenge, "cover_words", padded)
    while len(cover(options, [1, 2], data, None)) == 1:     # the list pushed to page 2
        filler += 6
    path, deals, _ = challenge.build_challenge(options)
    texts = words(path)
    assert "Deals in this booklet" not in texts[0] and "Deals in this booklet: 1, 2." in texts[1]
    for sheet, worked in zip(texts[2:4], deals):
        page = int(re.search(r"Solution: page (\d+)", sheet)[1])
        assert f"deal {worked.deal.number}, Jedi Knight: {worked.rating.key.length} moves" in texts[page - 1]



LAST_DEAL = 2 ** 64 - 1


@pytest.mark.parametrize("size", ["letter", "a4"])
@pytest.mark.parametrize("rules_name, level", LEVELS)
def test_a_key_heading_breaks_only_after_its_comma(tmp_path, rules_name, size, level):
    """A key's heading ("Jedi Temple deal 9100059, Chosen One: 56 moves") on one line,
    or, where that is too wide for its column, broken after the comma: the level and
    its moves whole on the second line, "deal N" on the first, every word inside its
    column, for deal numbers of every length up to the last (2^64 - 1; 9 is as wide
    as any digit)."""
    import re

    from printgen.deal import seeded_deal, solve
    from printgen.layout.dealsheet import solution_pages
    from printgen.products.dealsheet import solution_block
    from printgen.spec.dealfile import with_cards
    rules, data = rule_set(rules_name), sheet_data()
    first = LAST_DEAL if rules_name == JEDI_TEMPLE.name else LAST_DEAL - 1    # (the last is lost)
    moves = solve(seeded_deal(with_cards(rules), first), level).moves
    rating = replace(longest_rating(rules, level), key=Key(True, moves, 0, True, 1, 0, len(moves)))
    worked = work_deal(rules_name, first, level, data.rating, rating)
    numbers = [first, 9_100_059] + [10 ** digits - 1 for digits in range(1, 21)]
    blocks = [solution_block(replace(worked, deal=replace(worked.deal, number=n)), data) for n in numbers]
    game, title = data.rules[rules_name]["title"], data.levels[level]["title"]
    assert blocks[1].heading == f"{game} deal 9100059, {title}: {len(moves)} moves"
    pages = solution_pages(blocks, paper(size), data.style, "Solution key", "Rows count from the apex.")
    path = render_pdf(pages, tmp_path / "key.pdf", title="key")
    whole, head, tail = (f"{game} deal \\d+, {title}: {len(moves)} moves", f"{game} deal \\d+,",
                         f"{title}: {len(moves)} moves")
    starts = 0
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages:
            column = (page.width - 2 * data.style.margin - 6 * MM) / 2
            lefts = (data.style.margin, data.style.margin + column + 6 * MM)
            lines: dict[tuple[float, float], list[str]] = {}
            for w in page.extract_words(extra_attrs=["fontname", "size"]):
                if "Bold" in w["fontname"] and w["top"] > 20 * MM:     # under the page's title
                    left = max(x for x in lefts if x <= w["x0"] + 0.01)
                    assert w["x1"] <= left + column + 0.01, w["text"]
                    lines.setdefault((left, round(w["top"], 1)), []).append(w["text"])
            for line in (" ".join(words) for _, words in sorted(lines.items())):
                assert any(re.fullmatch(form, line) for form in (whole, head, tail)), line
                starts += bool(re.fullmatch(whole, line) or re.fullmatch(head, line))
    assert starts == len(blocks)


@pytest.mark.parametrize("least, fits", [("0.85", True), ("0.86", False)])
def test_how_far_the_temple_picture_gives_way_is_the_sheet_files(tmp_path, least, fits):
    """The longest Jedi Master sheet on Letter needs its Temple picture at about 85 % of
    its size: with the picture's `min_scale` at 0.85 it is shrunk so far and no further
    than the room, at 0.86 the sheet is an error saying how much height it lacks."""
    from printgen.errors import FitError
    from printgen.spec.dealsheet import template_file
    text = template_file("deal-sheet.yaml").read_text(encoding="utf-8")
    assert 'min_scale: "0.8"' in text
    path = tmp_path / "deal-sheet.yaml"
    path.write_text(text.replace('min_scale: "0.8"', f'min_scale: "{least}"'), encoding="utf-8")
    data = sheet_data(path)
    rules = rule_set(JEDI_TEMPLE.name)
    sheet = sheet_deal(work_deal(JEDI_TEMPLE.name, 3, "master", data.rating, longest_rating(rules, "master")), data)
    if not fits:
        with pytest.raises(FitError, match="mm more height"):
            sheet_page(sheet, paper("letter"), data.style)
        return
    page = sheet_page(sheet, paper("letter"), data.style)
    card = sheet.temple[0].frame
    temple = [placed.side.frame for placed in page.placed
              if abs(placed.side.frame.width / placed.side.frame.height - card.width / card.height) < 1e-6]
    assert len(temple) == rules.tableau.size
    scale = temple[0].width / card.width / data.style.card_scale
    assert all(frame.width == temple[0].width for frame in temple) and 0.85 <= scale < 0.86, scale


def test_every_temple_card_shows_its_big_value(tmp_path):
    """The rows overlap, each drawn over the one above: a triangle card's value sits
    lowest on its face (deal 398, row 5 card 4: -10), and the row below covered half of
    it. Every card's big value now ends above the top of the cards of the next row."""
    rules = rule_set(JEDI_TEMPLE.name)
    data = sheet_data()
    sheet = sheet_deal(work_deal(JEDI_TEMPLE.name, 398, "knight", data.rating,
                                 longest_rating(rules, "knight")), data)
    path = render_pdf([sheet_page(sheet, paper("a4"), data.style)], tmp_path / "sheet.pdf", title="398")
    cards = [b for b in clip_boxes(path)[0] if b.w < 30]
    assert len(cards) == rules.tableau.size
    bleed = sheet.temple[0].frame.bleed * data.style.card_scale / MM
    with pdfplumber.open(str(path)) as pdf:
        found = pdf.pages[0].extract_words(extra_attrs=["size"])
    checked = 0
    for card in cards:
        inside = [w for w in found if card.x <= w["x0"] / MM and w["x1"] / MM <= card.x + card.w
                  and card.y <= w["top"] / MM and w["bottom"] / MM <= card.y + card.h]
        big = max(inside, key=lambda w: w["size"])
        below = [b for b in cards if b.y > card.y + 1 and b.x < big["x1"] / MM and big["x0"] / MM < b.x + b.w]
        if below:
            checked += 1
            # the digits stand on the baseline, the font's descent (about a quarter of its
            # size) above the word's box bottom; a card's dark edge (its bleed) starts
            # above its trim, the box read back
            baseline = big["bottom"] / MM - 0.24 * big["size"] / MM
            assert baseline <= min(b.y for b in below) - bleed, (card, big["text"])
    assert checked == rules.tableau.size - rules.tableau.rows
