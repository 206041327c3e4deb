"""The deal, solve and census commands, the rating and the census rows."""

from __future__ import annotations

import csv
import json
import re
from functools import cache
from pathlib import Path

import pytest
from conftest import PYRAMID_1500, ROOT
from pdfread import words

from printgen.deal import (JEDI_TEMPLE, RULE_SETS, Level, Rating, parse_deal, rate, rating_json, seeded_deal,
                           solution_steps)
from printgen.deal.census import census_rows, format_csv, run_deals
from printgen.deal.formats.jsonio import parse_moves
from printgen.deal.formats.textio import format_deal
from printgen.deal.table.engine import replay
from printgen.deal.rating.interval import wilson
from printgen.deal.rating.player import play
from printgen.deal.table.cards import STANDARD_DECK
from printgen.spec.dealfile import jedi_deal, with_cards
from printgen.spec.playermodel import model_data

FIXTURES = Path(__file__).parent / "fixtures" / "deal"


@cache
def rated(number: int, level: str) -> Rating:
    """rate(jedi_deal(number), level, model_data()), once a deal and level: the rating's
    pins and the screen's check both rate deal 1 at Knight."""
    return rate(jedi_deal(number), level, model_data())


def test_deal_json_is_the_contract_then_the_rating(cli):
    result = cli("deal", "3", "--level", "chosen", "--json", "--jobs", "1")
    assert result.status == 0
    data = json.loads(result.out)
    assert list(data) == ["deal", "level", "order", "rolls", "winnable", "nodes", "moves", "cards", "rating"]
    assert data["deal"] == 3 and data["level"] == "chosen"
    assert data["order"] == list(jedi_deal(3).values) and data["rolls"] == [[3, 4], [6, 2], [6, 5]]
    assert data["winnable"] is True and len(data["moves"]) == data["rating"]["solution_moves"]
    assert data == json.loads(cli("deal", "3", "--level", "chosen", "--json", "--jobs", "2").out)


@pytest.mark.parametrize("rules, number, level", [("pyramid", 1, "standard"), ("pyramid", 7, "standard"),
                                                  ("jedi-temple", 3, "chosen")])
def test_deal_json_cards_make_the_deal_file_back(cli, tmp_path, rules, number, level):
    """`cards` is the deal as `solve --deck` reads it: joined into a file, with the
    JSON's rolls, it is the same deal (a Pyramid card with its suit, which `order`'s
    values lose), solve decides it as the JSON did and the JSON's key wins it
    (Pyramid deal 7 cannot be won: nothing to replay, and solve says so too)."""
    data = json.loads(cli("deal", str(number), "--rules", rules, "--level", level, "--json",
                          "--jobs", "1", "--out", str(tmp_path)).out)
    deck = tmp_path / "deal.txt"
    deck.write_text(" ".join(data["cards"]) + "\n")
    rolls = " ".join(f"{a},{b}" for a, b in data["rolls"])
    rule_set = with_cards(RULE_SETS[rules])
    dealt = seeded_deal(rule_set, number)
    read = parse_deal(rule_set, deck.read_text(), str(deck), tuple(map(tuple, data["rolls"])))
    assert [read.card(i) for i in range(len(read.values))] == [dealt.card(i) for i in range(len(dealt.values))]
    assert list(read.values) == data["order"]
    assert replay(read, level, parse_moves(data["moves"])).won is data["winnable"]
    solved = cli("solve", "--rules", rules, "--deck", str(deck), "--level", level, "--json",
                 *(("--rolls", rolls) if rolls else ()))
    assert json.loads(solved.out)["winnable"] is data["winnable"]


def test_deal_rejects_bad_numbers_and_levels(cli):
    assert cli("deal", "zero", "--json").status == 2
    result = cli("deal", "1", "--level", "grandmaster", "--json")
    assert result.status == 2 and "--level: expected one of padawan, knight, master, chosen for jedi-temple, got 'grandmaster'" in result.err
    assert "Traceback" not in result.err


@pytest.mark.parametrize("number", ["\u0665", "\uff11\uff12", "1_000"])
def test_a_deal_number_is_ascii_digits(cli, tmp_path, number):
    """Python's int() reads "٥" (Arabic-Indic five), "１２" (full-width) and "1_000":
    a deal number, as every number printgen reads, is written in the digits 0 to 9.
    (In a folder of its own: the default one, locked by another test's `deal --json`
    in a parallel worker, would add a note that it waits.)"""
    result = cli("deal", number, "--json", "--out", str(tmp_path))
    assert result.status == 2 and "Traceback" not in result.err
    assert result.err.strip().splitlines() == [
        f"printgen: error: deal number: expected a whole number from 1 to 18446744073709551615 "
        f"in the digits 0 to 9, got {number!r}"]


def test_a_word_too_many_points_at_the_command_s_help(cli):
    result = cli("deal", "5", "6")
    assert result.status == 2
    assert result.err == "printgen deal: error: unrecognized arguments: 6 (see 'printgen deal --help')\n"


def test_solve_exit_statuses(cli, tmp_path):
    result = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "pyramid-deal-1.txt"))
    # 47 positions: the Kings a move frees leave with it, not as positions of their own
    assert result.status == 0 and result.out.startswith("winnable (47 positions searched)")
    lost = tmp_path / "queens-under-the-ace.txt"
    # The apex Ac can only leave with a Queen, and all four Queens cover it.
    rest = [c.format() for c in STANDARD_DECK if c.format() not in ("Ac", "Qc", "Qd", "Qh", "Qs")]
    lost.write_text(" ".join(["Ac"] + rest[:23] + ["Qc", "Qd", "Qh", "Qs"] + rest[23:]))
    result = cli("solve", "--rules", "pyramid", "--deck", str(lost))
    assert result.status == 3 and result.out.startswith("unwinnable")
    undecided = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "pyramid-deal-1.txt"),
                    "--budget", "5")
    assert undecided.status == 4 and undecided.out.startswith("undecided")
    for budget in (1, 10, 40):                         # the budget reached: at most the budget reported
        shown = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "pyramid-deal-1.txt"),
                    "--budget", str(budget))
        assert shown.status == 4 and shown.out == f"undecided ({budget} position{'s' * (budget > 1)} searched)\n"
        data = json.loads(cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "pyramid-deal-1.txt"),
                              "--budget", str(budget), "--json").out)
        assert data["winnable"] is None and data["nodes"] == budget
    bad = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "missing-card.txt"))
    assert bad.status == 2 and "missing cards: Jc" in bad.err
    rolls = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "pyramid-deal-1.txt"),
                "--rolls", "1,2 3,4 5,6")          # Pyramid has no rolls: no example of three
    assert rolls.status == 2 and "'1,2 3,4 5,6'" in rolls.err and "3,5" not in rolls.err


def test_solve_shortest_json(cli, tmp_path):
    # deal 23 of tests/fixtures/pyramid-1500, whose answer says 36 moves (proven in
    # about 25,000 positions, where deal 1 takes ten times as many)
    deal = (PYRAMID_1500 / "random-decks.txt").read_text().splitlines()[22]
    assert (PYRAMID_1500 / "solution-lengths.txt").read_text().splitlines()[22] == "36"
    (tmp_path / "deal-23.txt").write_text(deal + "\n")
    data = json.loads(cli("solve", "--rules", "pyramid", "--deck", str(tmp_path / "deal-23.txt"),
                          "--json", "--shortest").out)
    assert data["winnable"] is True and data["length"] == 36 and data["proven_shortest"]
    assert data["lower_bound"] == 36 and data["nodes"] <= 300_001


def test_solve_shortest_says_when_the_budget_cut_it_short(cli):
    deck = str(FIXTURES / "pyramid-deal-1.txt")
    result = cli("solve", "--rules", "pyramid", "--deck", deck, "--shortest", "--budget", "2000")
    lines = result.out.splitlines()
    assert result.status == 0 and lines[0] == "winnable (2000 positions searched)"   # no more than the budget
    moves, low = re.fullmatch(r"(\d+) moves, the shortest found within 2,000 positions; not "
                              r"proven shortest: no win takes fewer than (\d+) moves\.",
                              lines[1]).groups()
    assert int(low) <= 45 <= int(moves) == len(lines) - 2 + sum(
        line.count(",") for line in lines[2:] if "Draw " in line and " times: " in line)


def test_solve_jedi_temple_with_rolls(cli, tmp_path):
    deck = tmp_path / "deal-2.txt"
    deck.write_text(format_deal(jedi_deal(2)))
    result = cli("solve", "--rules", "jedi-temple", "--deck", str(deck), "--level", "knight",
                 "--rolls", "6,5 5,5 5,6", "--json")
    assert result.status == 0 and json.loads(result.out)["nodes"] == 225
    short = cli("solve", "--rules", "jedi-temple", "--deck", str(deck), "--rolls", "6,5")
    assert short.status == 2 and "'6,5'" in short.err and len(short.err.strip().splitlines()) == 1
    no_rolls = cli("solve", "--rules", "jedi-temple", "--deck", str(deck), "--json")
    assert no_rolls.status == 0 and '"move": "force"' not in no_rolls.out
    # a setup copied from a sheet, which prints the minus sign U+2212: the same deal
    copied = tmp_path / "copied.txt"
    copied.write_text(deck.read_text().replace("-", "\N{MINUS SIGN}"), encoding="utf-8")
    assert "\N{MINUS SIGN}" in copied.read_text(encoding="utf-8")
    again = cli("solve", "--rules", "jedi-temple", "--deck", str(copied), "--level", "knight",
                "--rolls", "6,5 5,5 5,6", "--json")
    assert again.status == 0 and again.out == result.out


def test_solve_reads_the_rolls_as_the_sheet_prints_them(cli, tmp_path):
    """The rolls copied from a sheet's page 1 ("1. 6, 5", "2. 5, 5", ...) are the deal's
    rolls to --rolls: the same answer as "6,5 5,5 5,6"."""
    assert cli("deal", "2", "--out", str(tmp_path), "--jobs", "1", "--quiet").status == 0
    page = words(tmp_path / "jedi-temple-2-knight-a4.pdf")[0]
    printed = re.findall(r"^[123]\. (\d, \d)", page, re.M)
    assert printed == ["6, 5", "5, 5", "5, 6"]
    deck = tmp_path / "deal-2.txt"
    deck.write_text(format_deal(jedi_deal(2)))
    answers = [cli("solve", "--rules", "jedi-temple", "--deck", str(deck), "--rolls", rolls, "--json")
               for rolls in ("  ".join(printed), "6,5 5,5 5,6")]
    assert answers[0].status == 0, answers[0].err
    assert answers[0].out == answers[1].out


def test_solve_takes_a_deal_number(cli, tmp_path):
    """`printgen solve N` decides the deal `printgen deal N` lays out, with its own
    rolls: the same answer as its cards in a file with its rolls; Pyramid with --rules."""
    deal = jedi_deal(2)
    deck = tmp_path / "deal-2.txt"
    deck.write_text(format_deal(deal))
    rolls = " ".join(f"{a},{b}" for a, b in deal.rolls)
    for level in ("padawan", "chosen"):
        by_number = cli("solve", "2", "--level", level, "--json")
        by_file = cli("solve", "--rules", "jedi-temple", "--deck", str(deck), "--rolls", rolls,
                      "--level", level, "--json")
        assert by_number.status == 0 and by_number.out == by_file.out
    lost = cli("solve", "3", "--rules", "pyramid")       # Pyramid deal 3 is proven lost
    assert lost.status == 3 and lost.out.startswith("unwinnable")
    for args, named in [(("2", "--rolls", rolls), "--rolls"), (("2", "--deck", str(deck)), "--deck"),
                        ((), "--deck FILE"), (("--deck", str(deck)), "--rules"), (("0",), "deal number")]:
        bad = cli("solve", *args)
        assert bad.status == 2 and bad.out == "" and named in bad.err, (args, bad.err)
        assert len(bad.err.strip().splitlines()) == 1


def test_the_sheet_reads_budget_as_the_json_does(cli, tmp_path):
    """--budget is read for the sheet as for --json: a bad one writes nothing, and a
    budget too small to decide the deal makes the sheet say so, as the JSON does, both
    counting the positions searched as `printgen solve` does: at most the budget (the
    position past it that stops the search is not searched)."""
    bad = cli("deal", "17", "--budget", "abc", "--out", str(tmp_path / "bad"), "--jobs", "1")
    assert bad.status == 2 and "--budget" in bad.err and len(bad.err.strip().splitlines()) == 1
    assert not (tmp_path / "bad").exists()
    data = json.loads(cli("deal", "17", "--budget", "5", "--json", "--jobs", "1",
                          "--out", str(tmp_path / "json")).out)    # (not the folder other tests lock)
    assert data["winnable"] is None and data["nodes"] == 5
    solved = json.loads(cli("solve", "17", "--budget", "5", "--json").out)
    assert solved["winnable"] is None and solved["nodes"] == data["nodes"]
    assert cli("deal", "17", "--budget", "5", "--out", str(tmp_path), "--jobs", "1", "--quiet").status == 0
    page = " ".join(words(tmp_path / "jedi-temple-17-knight-a4.pdf")[0].split())
    assert "Undecided: the solver stopped after 5 positions." in page and "Winnable" not in page
    assert cli("deal", "17", "--budget", "1", "--out", str(tmp_path), "--jobs", "1", "--quiet").status == 0
    page = " ".join(words(tmp_path / "jedi-temple-17-knight-a4.pdf")[0].split())
    assert "Undecided: the solver stopped after 1 position." in page


def test_census_writes_csv_and_prints_the_table(cli, tmp_path):
    result = cli("census", "--count", "4", "--levels", "knight,chosen,knight", "--out",
                 str(tmp_path), "--quiet")    # a level named twice is counted once
    assert result.status == 0 and "knight" in result.out and "chosen" in result.out
    rows = list(csv.DictReader((tmp_path / "census.csv").open()))
    assert [r["level"] for r in rows] == ["knight", "chosen"]
    assert rows[0]["deals"] == "4" and rows[0]["winnable"] == "4"
    assert not list(tmp_path.glob(".census.*"))  # no temporary file left
    chart = words(tmp_path / "census-a4.pdf")[0]  # the chart shows the same table
    assert "Jedi Knight" in chart and "Chosen One" in chart and "4 deals" in chart
    assert f"{100 * float(rows[1]['player_rate']):.1f}%" in chart
    assert f"{100 * float(rows[1]['greedy_rate']):.1f}%" in chart and "greedy player" in chart


def test_census_levels_reads_the_names_the_sheets_print(cli, tmp_path):
    """--levels reads each level as --level does: "Jedi Knight,Chosen One" (as a sheet
    titles them) is the census of knight,chosen."""
    short = cli("census", "--count", "2", "--levels", "knight,chosen", "--out",
                str(tmp_path / "short"), "--quiet")
    named = cli("census", "--count", "2", "--levels", "Jedi Knight, Chosen One", "--out",
                str(tmp_path / "named"), "--quiet")
    assert short.status == 0 and named.status == 0, named.err
    assert named.out == short.out
    assert ((tmp_path / "named" / "census.csv").read_bytes()
            == (tmp_path / "short" / "census.csv").read_bytes())


def test_a_census_of_one_deal_says_one_deal(cli, tmp_path):
    """The chart of a census of one deal names that deal and counts "1 deal" a level,
    not "deals 7 to 7" and "1 deals"."""
    assert cli("census", "--count", "1", "--start", "7", "--levels", "knight,chosen",
               "--out", str(tmp_path), "--quiet").status == 0
    chart = words(tmp_path / "census-a4.pdf")[0]
    assert "Jedi Temple census: deal 7\n" in chart and "deals 7" not in chart
    assert chart.count("1 deal\n") == 2 and "1 deals" not in chart


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_census_chart_keeps_its_words_inside_the_margins(cli, tmp_path, paper):
    import pdfplumber
    assert cli("census", "--count", "2", "--paper", paper, "--out", str(tmp_path), "--quiet").status == 0
    with pdfplumber.open(tmp_path / f"census-{paper}.pdf") as pdf:
        page = pdf.pages[0]
        margin = 5 * 72 / 25.4                    # 5 mm: inside any printer's margin
        assert page.chars and all(margin <= c["x0"] and c["x1"] <= page.width - margin
                                  and margin <= c["top"] and c["bottom"] <= page.height - margin
                                  for c in page.chars)


def test_an_a4_and_a_letter_census_keep_their_own_charts(cli, tmp_path):
    """The chart is named with its paper, as a deal sheet or a challenge booklet is: a
    census on Letter into the folder of one on A4 leaves the A4 chart there, and each
    chart's page is its paper's size."""
    import pdfplumber
    for paper in ("a4", "letter"):
        result = cli("census", "--count", "2", "--paper", paper, "--out", str(tmp_path))
        assert result.status == 0, result.err
        assert result.out.splitlines()[-1] == f"wrote {tmp_path / 'census.csv'} and {tmp_path / f'census-{paper}.pdf'}"
    sizes = {}
    for paper in ("a4", "letter"):
        with pdfplumber.open(tmp_path / f"census-{paper}.pdf") as pdf:
            sizes[paper] = sorted((round(pdf.pages[0].width), round(pdf.pages[0].height)))
    assert sizes == {"a4": [595, 842], "letter": [612, 792]}
    assert not (tmp_path / "census.pdf").exists()


def census_by_jobs(count: int) -> None:
    levels = (Level.KNIGHT, Level.CHOSEN)
    one = run_deals(1, count, levels, rules=with_cards(JEDI_TEMPLE), params=model_data().model,
                    jobs=1, quiet=True)
    two = run_deals(1, count, levels, rules=with_cards(JEDI_TEMPLE), params=model_data().model,
                    jobs=2, quiet=True)
    assert one == two
    assert format_csv(census_rows(one, levels)) == format_csv(census_rows(two, levels))


def test_census_is_the_same_with_any_number_of_jobs():
    census_by_jobs(10)


@pytest.mark.slow
def test_a_long_census_is_the_same_with_any_number_of_jobs():
    """300 deals at two levels: a run a developer starts on purpose (-m slow)."""
    census_by_jobs(300)


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 10)[0] == pytest.approx(0.0)
    assert wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)                 # no trials: nothing is known


def test_player_model_is_deterministic_and_wins_less_seeing_less():
    params = model_data().model
    deal = jedi_deal(2)
    assert [play(deal, "knight", g, params) for g in range(3)] == \
        [play(deal, "knight", g, params) for g in range(3)]
    wins = {level: sum(play(jedi_deal(n), level, 0, params).won for n in range(1, 21))
            for level in (Level.PADAWAN, Level.CHOSEN)}
    assert wins[Level.CHOSEN] < wins[Level.PADAWAN]


def test_rating_pins():
    # deal 1 at Knight: 8 of 8 games won, but its games spent 10,202 solver nodes, a
    # hardness of 0.0638 just past Knight's first cut (0.0609): 2 stars (1 before the
    # nodes broke ties)
    first = rated(1, "knight")
    assert (first.stars, first.model.wins, first.model.games, first.model.nodes,
            first.key.recycles) == (2, 8, 8, 10_202, 0)
    second = rate(jedi_deal(17), "master", model_data())
    assert (second.stars, second.model.wins, second.model.nodes, second.key.recycles) == \
        (5, 2, 13_621, 0)
    done = []
    assert rate(jedi_deal(17), "master", model_data(), jobs=2, meanwhile=lambda: done.append(2)) == second
    assert rate(jedi_deal(17), "master", model_data(), meanwhile=lambda: done.append(1)) == second
    assert done == [2, 1]            # the caller's own work, once, whatever the jobs
    # docs/deal-sheets.md shows this rating as `printgen deal 17 --level master --json`
    # prints it: the example is today's output, not an older one
    docs = (ROOT / "docs" / "deal-sheets.md").read_text(encoding="utf-8")
    shown = re.search(r'    "rating": (\{.*?\})\n\n', docs, re.DOTALL)
    assert shown, "the JSON example in docs/deal-sheets.md"
    steps = len(solution_steps(jedi_deal(17), Level.MASTER, second.key.moves))
    assert json.loads(shown.group(1)) == rating_json(second, steps)


def test_screen_never_drops_a_deal_of_the_asked_stars():
    """challenge --difficulty screens deals by the model's games, stopping as soon as
    the asked stars are out of reach; it never drops a deal the full rating gives
    them, and the games it keeps are the rating's."""
    from printgen.deal import screen
    kept = dropped = 0
    for number in (1, 2):                  # 1 rates 2 stars (8 of 8 games won), 2 rates 5
        rating = rated(number, "knight")
        for stars in range(1, 6):
            model = screen(jedi_deal(number), "knight", model_data(), stars)
            if rating.stars == stars:
                assert model == rating.model, (number, stars)
            kept += model is not None
            dropped += model is None
    assert kept >= 3 and dropped >= 7


def test_the_star_table_shows_no_rate_for_a_star_level_with_no_deal():
    """A star level no deal reached has no win rate: '-', not '0.0%' (which would read as
    'nobody wins these')."""
    from printgen.deal.census.validation import StarResult, format_star_table
    from printgen.deal.table.rules import Level
    one = StarResult(number=1, level="knight", winnable=True, stars=2, wins=3, games=8,
                     nodes=10, recycles=0, held_out_won=True, greedy_won=False,
                     lookahead_won=True)
    rows = format_star_table([one], [Level.parse("knight")]).splitlines()[1:6]
    by_stars = {int(line.split()[1]): line for line in rows}
    assert "%" not in by_stars[1].split(None, 4)[4] and "-" in by_stars[1]
    assert "100.0%" in by_stars[2]                    # its one deal: a rate


def test_a_pyramid_deal_in_the_sheets_notation_solves_the_same(cli, tmp_path):
    """Cards written as sheets print them (10♥, J♠) read as their letters do (Th, Js)."""
    from printgen.deal.table.cards import PlayingCard
    letters = (FIXTURES / "pyramid-deal-1.txt").read_text(encoding="utf-8")
    def shown(token: str) -> str:
        try:
            return PlayingCard.parse(token).printed()
        except ValueError:
            return token
    printed = "\n".join(line if line.lstrip().startswith("#") else " ".join(map(shown, line.split()))
                        for line in letters.splitlines())
    assert "10" in printed and "♥" in printed
    (tmp_path / "printed.txt").write_text(printed, encoding="utf-8")
    one = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "pyramid-deal-1.txt"), "--json")
    two = cli("solve", "--rules", "pyramid", "--deck", str(tmp_path / "printed.txt"), "--json")
    assert one.status == two.status == 0 and one.out == two.out



@pytest.mark.parametrize("rules", ["jedi-temple", "pyramid"])
@pytest.mark.parametrize("where", ["a file as --out", "the user's file at the sheet's name",
                                   "the user's file in output/deals"])
def test_a_sheet_it_cannot_write_fails_before_the_deal_is_rated(cli, tmp_path, monkeypatch, rules, where):
    """A --out that is a file, or a file printgen did not write at the sheet's name:
    one line, exit 2, nothing written, and the deal not rated first."""
    from pathlib import Path

    from printgen.cli import deal
    rated: list[object] = []
    monkeypatch.setattr(deal, "rate", lambda *args, **kwargs: rated.append(args))
    monkeypatch.chdir(tmp_path)
    level = "knight" if rules == "jedi-temple" else "standard"
    name = f"{rules}-4-{level}-a4.pdf"
    out: list[str] = []
    if where == "a file as --out":
        Path("afile").write_text("hi\n")
        out, message = ["--out", "afile"], "afile: is not a folder; expected the output folder"
    elif where == "the user's file at the sheet's name":
        Path("mine").mkdir()
        (Path("mine") / name).write_text("my notes\n")
        out, message = ["--out", "mine"], f"{name}: printgen has no record of writing this file"
    else:                   # printgen's own output/deals: a folder where the sheet goes
        (Path("output") / "deals" / name).mkdir(parents=True)
        message = f"{name}: is a folder where printgen would write a file"
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    result = cli("deal", "4", "--rules", rules, *out)
    assert result.status == 2 and message in result.err
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert rated == [] and sorted(str(p) for p in tmp_path.rglob("*")) == before


def test_census_tables_and_chart_round_percentages_half_up(tmp_path):
    """1 of 32 deals is 3.125%: the census table prints 3.13% (not 3.12%, rounded half
    to even); 1 of 16 is 6.25%, 6.3% on the chart and in the star table."""
    from printgen.deal.census import format_star_table, format_table
    from printgen.deal.census.census import CensusRow
    from printgen.deal.census.validation import StarResult
    from printgen.layout.chart import census_page
    from printgen.render.pdf import render_pdf
    from printgen.spec.printdata import paper
    row = CensusRow("knight", 32, 32, 0, 1.0, *wilson(32, 32), 1, 1 / 32, *wilson(1, 32),
                    2, 1 / 16, *wilson(2, 32))
    table = format_table([row])
    assert " 3.13% [" in table and " 6.25% [" in table and "3.12%" not in table
    path = render_pdf([census_page([row], paper("a4"), title="census", names={})], tmp_path / "c.pdf",
                      title="census")
    chart = words(path)[0]
    assert "6.3%" in chart and "6.2%" not in chart
    results = [StarResult(n, "knight", True, 1 if n == 1 else 2, 8, 8, 100, 0, True, True, True)
               for n in range(1, 17)]
    stars = format_star_table(results, [Level.KNIGHT])
    assert re.search(r"knight +1 +1 +6\.3%", stars), stars


def test_solve_names_the_deck_as_the_user_gave_it(cli, tmp_path, monkeypatch):
    """--deck given as a full path, run from inside that very folder: the error names
    the path typed, not "." (the current folder)."""
    folder = tmp_path / "bad"
    folder.mkdir()
    monkeypatch.chdir(folder)
    result = cli("solve", "--rules", "pyramid", "--deck", str(folder))
    assert result.status == 2 and result.err.strip() == f"printgen: error: {folder}: is a folder; expected a file"
    empty = cli("solve", "--rules", "pyramid", "--deck", "")
    assert empty.status == 2 and "--deck: expected a deal file, got ''" in empty.err
    assert len(empty.err.strip().splitlines()) == 1


@pytest.mark.parametrize("rules, levels, known", [
    ("jedi-temple", "foo", "padawan, knight, master, chosen"),
    ("jedi-temple", "standard", "padawan, knight, master, chosen"),
    ("jedi-temple", "knight,foo", "padawan, knight, master, chosen"),
    ("pyramid", "knight", "standard"),
    ("pyramid", "foo", "standard"),
])
def test_census_levels_lists_the_levels_it_accepts(cli, tmp_path, rules, levels, known):
    """A bad --levels names the choices it checks against: the game's levels, no
    other ("standard" is no Jedi Temple level, so it is not offered for one)."""
    result = cli("census", "--stars", "--rules", rules, "--levels", levels, "--count", "1",
                 "--out", str(tmp_path / "out"))
    assert result.status == 2
    assert result.err.strip() == (f"printgen: error: --levels: expected 'all' or a comma list of "
                                  f"{known}, got {levels!r}")
    assert not (tmp_path / "out").exists()


def test_the_sheet_s_file_is_checked_once(cli, tmp_path, monkeypatch):
    """`printgen deal N` checks where its sheet goes once, before the deal is rated (the
    sheet's builder, given the rating, does not check it again); the sheet is written."""
    from printgen import output
    from printgen.cli import deal
    from printgen.products import dealsheet
    checked: list[str] = []

    def check(path):
        checked.append(path.name)
        output.check_file(path)
    monkeypatch.setattr(deal, "check_file", check)
    monkeypatch.setattr(dealsheet, "check_file", check)
    result = cli("deal", "1", "--level", "padawan", "--out", str(tmp_path))
    assert result.status == 0, result.err
    assert checked == ["jedi-temple-1-padawan-a4.pdf"] and (tmp_path / checked[0]).is_file(), checked


def test_a_deal_sheet_s_file_names_its_paper(cli, tmp_path):
    """An A4 and a Letter sheet of one deal are two files, each named with its paper
    as every other product's file is (`...-a4.pdf`), each on that paper."""
    from pdfread import page_sizes
    for name in ("a4", "letter"):
        result = cli("deal", "3", "--rules", "pyramid", "--paper", name, "--out", str(tmp_path), "-q")
        assert result.status == 0, result.err
    made = sorted(path.name for path in tmp_path.glob("*.pdf"))
    assert made == ["pyramid-3-standard-a4.pdf", "pyramid-3-standard-letter.pdf"]
    assert page_sizes(tmp_path / made[0])[0] == pytest.approx((210.0, 297.0), abs=0.01)
    assert page_sizes(tmp_path / made[1])[0] == pytest.approx((215.9, 279.4), abs=0.01)


def test_solve_says_the_moves_of_its_win_and_counts_rolls_in_words(cli, tmp_path):
    deal = jedi_deal(17)
    text = " ".join(f"{v:+d}" if v else "0" for v in deal.values)
    (tmp_path / "deal-17.txt").write_text(text + "\n", encoding="utf-8")
    rolls = " ".join(f"{a},{b}" for a, b in deal.rolls)
    result = cli("solve", "--rules", "jedi-temple", "--deck", str(tmp_path / "deal-17.txt"),
                 "--rolls", rolls, "--level", "knight")
    data = json.loads(cli("solve", "--rules", "jedi-temple", "--deck", str(tmp_path / "deal-17.txt"),
                          "--rolls", rolls, "--level", "knight", "--json").out)
    assert result.status == 0 and data["winnable"]
    lines = result.out.splitlines()
    assert lines[1].startswith(f"The win below takes {len(data['moves'])} moves")
    steps = [line for line in lines if re.match(r"\s*\d+\. ", line)]
    assert len(steps) == len(solution_steps(deal, "knight", parse_moves(data["moves"])))
    one = cli("solve", "--rules", "jedi-temple", "--deck", str(tmp_path / "deal-17.txt"), "--rolls", "6,4")
    assert one.status == 2 and "'6,4' gives 1 roll; expected 3 rolls" in one.err
