"""Deal sheets: the Temple read back from the PDF, the setup order, the solution key."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from pdfread import clip_boxes, page_sizes, words

from printgen.deal import rate, solution_steps, solve
from printgen.deal.table.engine import Game, MoveKind
from printgen.products.dealsheet import DealSheetBuild, build_deal_sheet
from printgen.spec.dealfile import jedi_deal
from printgen.spec.dealsheet import sheet_data
from printgen.spec.playermodel import model_data
from printgen.spec.printdata import paper

MM = 72 / 25.4
NUMBER = 4


def build(tmp: Path, number: int = NUMBER, level: str = "knight", size: str = "a4") -> Path:
    path = tmp / f"sheet-{number}-{level}-{size}.pdf"
    return build_deal_sheet(number, DealSheetBuild(paper(size), level=level, out=path))


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("sheet"))


def test_sheet_then_solution_on_pages_of_its_own(sheet):
    texts = words(sheet)
    assert len(texts) >= 2
    assert all(abs(w - 210) < 0.01 and abs(h - 297) < 0.01 for w, h in page_sizes(sheet))
    assert "Setup order" in texts[0] and "Solution key" not in texts[0]
    assert all("Solution key" in t and "Setup order" not in t for t in texts[1:])
    moves = rate(jedi_deal(NUMBER), "knight", model_data()).key.moves
    steps = solution_steps(jedi_deal(NUMBER), "knight", moves)
    key = "\n".join(texts[1:])
    assert re.findall(r"^\s*(\d+)\.", key, re.M)[-1] == str(len(steps))
    # page 1 counts moves and steps as the key does
    assert f"the key wins in {len(moves)} moves ({len(steps)} steps)" in texts[0]
    assert f": {len(moves)} moves\n{len(steps)} steps:" in key


def test_temple_cards_form_the_pyramid(sheet):
    boxes = sorted(clip_boxes(sheet)[0], key=lambda b: (round(b.y, 2), b.x))
    style = sheet_data().style
    assert len(boxes) == 28
    assert all(abs(b.w - 63.5 * style.card_scale) < 0.01 and abs(b.h - 88.9 * style.card_scale) < 0.01
               for b in boxes)
    rows, start = [], 0
    for r in range(7):
        rows.append(boxes[start:start + r + 1])
        start += r + 1
        assert len({round(b.y, 3) for b in rows[-1]}) == 1, f"row {r + 1} is not level"
    centre = [[b.x + b.w / 2 for b in row] for row in rows]
    for r in range(6):
        assert rows[r + 1][0].y > rows[r][0].y
        for c in range(r + 1):
            assert abs(centre[r][c] - (centre[r + 1][c] + centre[r + 1][c + 1]) / 2) < 0.1
    assert abs(sum(centre[6]) / 7 - 105) < 0.1   # centred on the A4 page


def printed_values(path: Path, size: float) -> list[str]:
    """Signed numbers set at `size` pt on page 1, top to bottom, left to right (a
    printed minus sign, U+2212, read back as "-")."""
    with pdfplumber.open(str(path)) as pdf:
        found = pdf.pages[0].extract_words(extra_attrs=["size"])
    picked = [w for w in found if abs(w["size"] - size) < 0.05 and re.fullmatch(r"[+\u2212]?\d+", w["text"])]
    return [w["text"].replace("\u2212", "-") for w in sorted(picked, key=lambda w: (round(w["top"]), w["x0"]))]


def test_setup_order_is_the_engines_order(sheet):
    expected = [f"{v:+d}" if v else "0" for v in jedi_deal(NUMBER).values]
    assert printed_values(sheet, 11) == expected


def test_face_down_levels_show_only_the_bottom_row(tmp_path, sheet):
    scale = sheet_data().style.card_scale       # the face template's big numbers: 38 pt,
    temple = jedi_deal(NUMBER).temple           # 30 pt inside a triangle

    def big(path: Path) -> list[str]:
        small = [v for v in printed_values(path, 30 * scale) if v[0] in "+-"]   # not the 7.5 pt folios
        return sorted(printed_values(path, 38 * scale) + small)

    assert big(sheet) == sorted(f"{v:+d}" for v in temple if v)          # Sylops use another size
    master = build(tmp_path, level="master")
    assert big(master) == sorted(f"{v:+d}" for v in temple[21:] if v)
    assert len(clip_boxes(master)[0]) == 28


def test_force_rolls_and_rating_are_printed(sheet):
    text = words(sheet)[0]
    assert "Force rolls" in text
    assert re.search(r"Difficulty [★☆]{5}", text)
    assert re.search(r"won \d+ of \d+ games", text)


def test_force_rolls_are_printed_in_digits_beside_their_dice(sheet):
    """Each roll's row reads "k." then its two dice in digits, right of both dice and
    left of the Temple: a pip blurred by a cheap printer, or a reader of the text alone
    (Padawan's key spends roll 1 without saying it), still has the values."""
    with pdfplumber.open(str(sheet)) as pdf:
        found = pdf.pages[0].extract_words()
    temple_left = min(b.x for b in clip_boxes(sheet)[0] if b.w > 10) * MM
    for k, roll in enumerate(jedi_deal(NUMBER).rolls, 1):
        label = next(w for w in found if w["text"] == f"{k}." and w["x0"] < temple_left)
        row = [w for w in found if abs(w["top"] - label["top"]) < 2 and label["x1"] < w["x0"] < temple_left]
        assert " ".join(w["text"] for w in row) == f"{roll[0]}, {roll[1]}"
        assert row[0]["x0"] > label["x0"] + (6 + 6 + 1.5 + 6) * MM    # the label's room and two 6 mm dice
        assert row[-1]["x1"] < temple_left


def test_every_balance_step_sums_to_zero():
    deal = jedi_deal(NUMBER)
    moves = solve(deal, "knight").moves
    steps = solution_steps(deal, "knight", moves)
    runs = sum(1 for i, m in enumerate(moves) if m.kind is MoveKind.DRAW
               and (i == 0 or moves[i - 1].kind is not MoveKind.DRAW))
    assert len(steps) == runs + sum(m.kind is not MoveKind.DRAW for m in moves)
    balances = [s for s in steps if s.startswith("Balance")]
    assert balances
    for step in balances:
        values = [int(v) for v in re.findall(r"([+-]\d+|\b0) \(", step)]
        values += [int(v) for v in re.findall(r"Force ([+-]\d+)", step)]
        assert sum(values) == 0, step


def test_letter_paper_fits(tmp_path):
    path = build(tmp_path, level="chosen", size="letter")
    assert all(abs(w - 215.9) < 0.01 and abs(h - 279.4) < 0.01 for w, h in page_sizes(path))


def test_same_deal_same_bytes(tmp_path, sheet):
    assert build(tmp_path).read_bytes() == sheet.read_bytes()


@pytest.mark.parametrize("number, level, message", [
    (-1, "knight", "deal number -1: expected a non-negative integer"),
    (5, "youngling", "unknown level 'youngling'"),
])
def test_bad_deal_or_level_writes_nothing(tmp_path, number, level, message):
    from printgen.errors import InputError
    with pytest.raises(InputError, match=re.escape(message)):
        build(tmp_path, number=number, level=level)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("wins, said", [(1, "13%; 95% interval 2 to 47%"), (3, "38%; 95% interval 14 to 69%"),
                                        (5, "63%; 95% interval 31 to 86%"), (7, "88%; 95% interval 53 to 98%")])
def test_percentages_are_rounded_half_up(tmp_path, wins, said):
    """1/8 of the games is 12.5%, printed 13% (not 12%, rounded half to even), 5/8
    63%; the interval's ends, never exactly halves, to the nearest."""
    from printgen.deal import JEDI_TEMPLE, Rating
    from printgen.deal.rating.key import Key
    from printgen.deal.rating.rating import ModelRate
    from printgen.layout.dealsheet import sheet_page
    from printgen.products.dealsheet import sheet_deal, work_deal
    from printgen.render.pdf import render_pdf
    data = sheet_data()
    model = ModelRate(wins, 8, 3, 1_000)
    rating = Rating(model_data().stars.stars(JEDI_TEMPLE.level("knight").level, model, 0), model,
                    Key(True, (), 0, True, 100), 2)
    worked = work_deal("jedi-temple", NUMBER, "knight", data.rating, rating)
    path = render_pdf([sheet_page(sheet_deal(worked, data), paper("a4"), data.style)],
                      tmp_path / "sheet.pdf", title="rounding")
    assert f"won {wins} of 8 games ({said})" in " ".join(words(path)[0].split())


def test_both_pages_print_the_minus_sign(sheet):
    """Every negative value, on the sheet and in the key, with the minus sign (U+2212),
    never a hyphen-minus; the font draws it as wide as the plus sign (a real glyph)."""
    with pdfplumber.open(str(sheet)) as pdf:
        for page in pdf.pages:
            assert not re.search(r"-\d", page.extract_text())
            minus = [c for c in page.chars if c["text"] == "\u2212"]
            assert minus
            for sign in minus:
                plus = next(c for c in page.chars if c["text"] == "+" and c["fontname"] == sign["fontname"]
                            and abs(c["size"] - sign["size"]) < 0.01)
                assert abs((sign["x1"] - sign["x0"]) - (plus["x1"] - plus["x0"])) < 0.01


def test_setup_text_deals_the_engines_start(sheet):
    """The setup sentence, followed to the letter, leaves the cards where the engine's
    start position has them: the Temple, the Discard Pile's cards and the Stockpile's
    (the first key that takes "(Discard)" takes the card the text turns face up)."""
    text = " ".join(words(sheet)[0].split())
    deal = jedi_deal(NUMBER)
    start = Game(deal, "knight").start()
    temple = re.search(r"Deal cards 1 to (\d+) as the Temple", text)
    assert temple and int(temple.group(1)) == len(deal.temple)
    turned = [int(n) for n in re.findall(r"Turn card (\d+) face up to start the Discard Pile", text)]
    first = len(deal.temple) + 1
    assert [first + index for index in start.discard] == turned
    stock = re.search(r"cards (\d+) to (\d+) stay face down in order as the Stockpile, (\d+) on top", text)
    assert stock and [int(n) for n in stock.groups()] == [first + start.stock[0], first + start.stock[-1],
                                                            first + start.stock[0]]


def test_the_key_s_legend_counts_temple_places_as_dealt(sheet):
    """The key names a Temple card by its row and its place as dealt, removed cards
    included ("Temple row 7, card 5" once cards 1 to 4 are gone is still the fifth
    card dealt in that row); a reader counting the cards still there would take another
    card, or none, so the legend says how places count."""
    text = " ".join(words(sheet)[1].split())
    deal = jedi_deal(NUMBER)
    rows = deal.rules.tableau
    named = re.findall(r"(Sylop|[+\u2212]?\d+) \(Temple row (\d+), card (\d+)\)", text)
    assert len(named) == len(deal.temple)           # the key wins: every Temple card is named once
    gone: set[tuple[int, int]] = set()
    miscounted = 0
    for value, row, place in ((0 if v == "Sylop" else int(v.replace("\u2212", "-")), int(r), int(c))
                              for v, r, c in named):
        index = sum(range(row)) + place - 1             # rows from the apex, row r holds r cards
        assert deal.values[index] == value and rows.size > index
        miscounted += any(r == row and c < place for r, c in gone)
        gone.add((row, place))
    assert miscounted                    # counting the cards still there would go wrong here
    legend = text.split("Jedi Temple deal")[0]
    assert "cards from the left as dealt: a removed card keeps its place" in legend


def test_a_face_down_level_says_which_cards_are_dealt_face_down(tmp_path):
    """At Jedi Master the setup says which cards go face down and which face up, as the
    engine deals them: face down every Temple card not free at the start, face up the
    free ones (the bottom row), in one line so the picture keeps its size."""
    path = build(tmp_path, level="master")
    text = " ".join(words(path)[0].split())
    found = re.search(r"Deal cards (\d+) to (\d+) face down, (\d+) to (\d+) face up", text)
    assert found, text
    deal = jedi_deal(NUMBER)
    game = Game(deal, "master")
    start = game.start()
    free = [i + 1 for i in range(len(deal.temple)) if game.available(start, i)]
    hidden = [i + 1 for i in range(len(deal.temple)) if not game.available(start, i)]
    down_from, down_to, up_from, up_to = (int(n) for n in found.groups())
    assert list(range(down_from, down_to + 1)) == hidden
    assert list(range(up_from, up_to + 1)) == free


def test_a_projects_sheet_colours_are_read_as_every_colour_is(cli, tmp_path, monkeypatch):
    """A project's templates/deal-sheet.yaml gives the sheet's colours: one that is not
    a colour ('#1d243', a digit short) was taken as written and printed as whatever the
    PDF library made of it; it is now located at its line, nothing written. '#rgb' is a
    colour, as in a template."""
    from printgen.spec.dealsheet import template_file
    text = template_file("deal-sheet.yaml").read_text(encoding="utf-8")
    assert '  ink: "#1d2433"' in text
    monkeypatch.chdir(tmp_path)
    (tmp_path / "templates").mkdir()
    mine = tmp_path / "templates" / "deal-sheet.yaml"
    mine.write_text(text.replace('  ink: "#1d2433"', '  ink: "#1d243"'), encoding="utf-8")
    sheet_data.cache_clear()
    result = cli("deal", "1", "--out", "out")
    assert result.status == 2 and result.err.count("\n") == 1 and not (tmp_path / "out").exists()
    assert "templates/deal-sheet.yaml:6 colors.ink: " in result.err and "'#1d243'" in result.err
    mine.write_text(text.replace('  ink: "#1d2433"', '  ink: "#123"'), encoding="utf-8")
    sheet_data.cache_clear()
    assert cli("deal", "1", "--out", "out", "-q").status == 0
    sheet_data.cache_clear()


@pytest.mark.parametrize("edit, said", [(r'  star: "#c49a2c".*\n', "colors: missing required key 'star'"),
                                        (r"colors:\n(  .*\n)+", "colors: expected a mapping")],
                         ids=["a colour missing", "colours not a mapping"])
def test_a_projects_sheet_without_a_colour_it_uses_is_located(cli, tmp_path, monkeypatch, edit, said):
    """A project's templates/deal-sheet.yaml without one of the colours the sheet draws
    with ('star', the rating's stars) stopped the deal with a KeyError traceback, and
    one whose colors were not a mapping with an AttributeError; each is now one line
    at the key, nothing written."""
    from printgen.spec.dealsheet import template_file
    text = template_file("deal-sheet.yaml").read_text(encoding="utf-8")
    mine, found = re.subn(edit, 'colors: ["#1d2433"]\n' if edit.startswith("colors") else "", text, count=1)
    assert found == 1
    monkeypatch.chdir(tmp_path)
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "deal-sheet.yaml").write_text(mine, encoding="utf-8")
    sheet_data.cache_clear()
    try:
        result = cli("deal", "1", "--out", "out")
    finally:
        sheet_data.cache_clear()
    assert result.status == 2 and result.err.count("\n") == 1 and not (tmp_path / "out").exists()
    assert "templates/deal-sheet.yaml:" in result.err and said in result.err
