"""The deal, solve and census commands, the rating and the census rows."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from pdfread import words

from printgen.deal.census import census_rows, format_csv, run_deals, wilson
from printgen.deal.deal import jedi_deal
from printgen.deal.player import play, win_rate
from printgen.deal.rating import rate
from printgen.deal.rules import JEDI_LEVELS, Level
from printgen.deal.textio import PYRAMID_DECK, format_jedi

FIXTURES = Path(__file__).parent / "fixtures" / "deal"


def test_deal_json_is_the_contract(cli):
    result = cli("deal", "3", "--level", "chosen", "--json")
    assert result.status == 0
    data = json.loads(result.out)
    assert list(data) == ["deal", "level", "order", "rolls", "winnable", "nodes", "moves"]
    assert data["deal"] == 3 and data["level"] == "chosen"
    assert data["order"] == list(jedi_deal(3).values) and data["rolls"] == [[3, 4], [6, 2], [6, 5]]
    assert data["winnable"] is True and data["nodes"] == 410 and len(data["moves"]) == 63


def test_deal_rejects_bad_numbers_and_levels(cli):
    assert cli("deal", "zero", "--json").status == 2
    result = cli("deal", "1", "--level", "grandmaster", "--json")
    assert result.status == 2 and "--level: expected one of padawan, knight, master, chosen for jedi-temple, got 'grandmaster'" in result.err
    assert "Traceback" not in result.err


def test_solve_exit_statuses(cli, tmp_path):
    result = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "pyramid-deal-1.txt"))
    assert result.status == 0 and result.out.startswith("winnable (176 positions searched)")
    lost = tmp_path / "queens-under-the-ace.txt"
    # The apex Ac can only leave with a Queen, and all four Queens cover it.
    rest = [c for c in PYRAMID_DECK if c not in ("Ac", "Qc", "Qd", "Qh", "Qs")]
    lost.write_text(" ".join(["Ac"] + rest[:23] + ["Qc", "Qd", "Qh", "Qs"] + rest[23:]))
    result = cli("solve", "--rules", "pyramid", "--deck", str(lost))
    assert result.status == 3 and result.out.startswith("unwinnable")
    undecided = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "pyramid-deal-1.txt"),
                    "--budget", "5")
    assert undecided.status == 4 and undecided.out.startswith("undecided")
    bad = cli("solve", "--rules", "pyramid", "--deck", str(FIXTURES / "missing-card.txt"))
    assert bad.status == 2 and "missing cards: Jc" in bad.err


def test_solve_shortest_json(cli):
    deck = str(FIXTURES / "pyramid-deal-1.txt")
    data = json.loads(cli("solve", "--rules", "pyramid", "--deck", deck, "--json",
                          "--shortest").out)
    assert data["winnable"] is True and data["length"] == 45 and data["proven_shortest"]
    assert data["lower_bound"] == 45 and data["nodes"] <= 300_001


def test_solve_shortest_says_when_the_budget_cut_it_short(cli):
    deck = str(FIXTURES / "pyramid-deal-1.txt")
    result = cli("solve", "--rules", "pyramid", "--deck", deck, "--shortest", "--budget", "2000")
    lines = result.out.splitlines()
    assert result.status == 0 and lines[0] == "winnable (2001 positions searched)"
    moves, low = re.fullmatch(r"(\d+) moves, the shortest found within 2,000 positions; not "
                              r"proven shortest: no win takes fewer than (\d+) moves\.",
                              lines[1]).groups()
    assert int(low) <= 45 <= int(moves) == len(lines) - 2 + sum(
        line.count(",") for line in lines[2:] if "Draw " in line and " times: " in line)


def test_solve_jedi_temple_with_rolls(cli, tmp_path):
    deck = tmp_path / "deal-2.txt"
    deck.write_text(format_jedi(jedi_deal(2)))
    result = cli("solve", "--rules", "jedi-temple", "--deck", str(deck), "--level", "knight",
                 "--rolls", "6,5 5,5 5,6", "--json")
    assert result.status == 0 and json.loads(result.out)["nodes"] == 311
    assert cli("solve", "--rules", "jedi-temple", "--deck", str(deck), "--rolls", "6,5").status == 2
    no_rolls = cli("solve", "--rules", "jedi-temple", "--deck", str(deck), "--json")
    assert no_rolls.status == 0 and '"move": "force"' not in no_rolls.out


def test_census_writes_csv_and_prints_the_table(cli, tmp_path):
    result = cli("census", "--count", "4", "--levels", "knight,chosen", "--out", str(tmp_path),
                 "--quiet")
    assert result.status == 0 and "knight" in result.out and "chosen" in result.out
    rows = list(csv.DictReader((tmp_path / "census.csv").open()))
    assert [r["level"] for r in rows] == ["knight", "chosen"]
    assert rows[0]["deals"] == "4" and rows[0]["winnable"] == "4"
    assert not list(tmp_path.glob(".census.*"))  # no temporary file left
    chart = words(tmp_path / "census.pdf")[0]     # the chart shows the same table
    assert "knight" in chart and "chosen" in chart and "4 deals" in chart
    assert f"{100 * float(rows[1]['player_rate']):.1f}%" in chart


def test_census_is_the_same_with_any_number_of_jobs():
    levels = (Level.KNIGHT, Level.CHOSEN)
    one = run_deals(1, 30, levels, jobs=1, quiet=True)
    two = run_deals(1, 30, levels, jobs=2, quiet=True)
    assert one == two
    assert format_csv(census_rows(one, levels)) == format_csv(census_rows(two, levels))


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 10)[0] == pytest.approx(0.0)
    assert wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)


def test_player_model_is_deterministic_and_sees_less_at_face_down_levels():
    deal = jedi_deal(2)
    assert [play(deal, "knight", g) for g in range(6)] == [play(deal, "knight", g) for g in range(6)]
    assert 0.0 <= win_rate(deal, "chosen", 8) <= 1.0
    rates = {level: sum(play(jedi_deal(n), level) for n in range(1, 61)) for level in JEDI_LEVELS}
    assert rates[Level.CHOSEN] <= rates[Level.PADAWAN]


def test_rating_pins():
    assert rate(jedi_deal(1), "knight").stars == 1
    second = rate(jedi_deal(2), "knight")
    assert (second.stars, second.player_win_rate, second.recycles_needed) == (3, 0.5, 0)
    assert rate(jedi_deal(2), "knight") == second


def test_possible_stars_always_holds_the_rating():
    """The cheap bound challenge --difficulty filters with never leaves out the stars
    the full rating gives (else a booklet would skip deals it should keep). Deals
    chosen to be quick to rate: Jedi Temple ones at the bound's low end (no recycle
    needed), Pyramid ones whose recycles push the rating to its high end."""
    from printgen.deal.deal import seeded_deal
    from printgen.deal.rating import possible_stars
    from printgen.deal.rules import rule_set
    cases = [("jedi-temple", "knight", (1, 2, 6, 14, 33)), ("jedi-temple", "chosen", (2, 16, 26)),
             ("pyramid", None, (12, 13, 15, 21, 30, 36))]
    ends = set()
    for rules, level, numbers in cases:
        for number in numbers:
            deal = seeded_deal(rule_set(rules), number)
            rating = rate(deal, level)
            bound = possible_stars(deal, level)
            assert rating.winnable and rating.stars in bound and len(bound) <= 2, (rules, level, number)
            ends.add("low" if rating.stars == bound[0] else "high")
    assert ends == {"low", "high"}
