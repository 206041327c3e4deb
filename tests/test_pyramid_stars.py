"""Pyramid's stars: its own hardness cuts, no recycle star, and `census --stars
--rules pyramid`, the table that checks them (docs/deal-sheets.md, Stars)."""

from __future__ import annotations

import csv

from printgen.deal import Level, ModelRate, rate, rule_set, seeded_deal
from printgen.spec.playermodel import model_data


def test_census_stars_tables_pyramid_deals_as_their_sheets_rate_them(cli, tmp_path):
    start, count = 9_230_001, 6
    result = cli("census", "--stars", "--rules", "pyramid", "--start", str(start), "--count",
                 str(count), "--out", str(tmp_path), "--quiet")
    assert result.status == 0, result.err
    rows = list(csv.DictReader((tmp_path / "stars.csv").open()))
    assert [int(row["number"]) for row in rows] == list(range(start, start + count))
    assert {row["level"] for row in rows} == {"standard"}
    data = model_data()
    for row in rows:
        rating = rate(seeded_deal(rule_set("pyramid"), int(row["number"])), "standard", data)
        assert int(row["stars"]) == rating.stars
        assert (int(row["wins"]), int(row["nodes"])) == (rating.model.wins, rating.model.nodes)
        if rating.winnable:         # the games' stars alone: Pyramid has no recycle star
            assert rating.stars == data.stars.model_stars(Level.STANDARD, rating.model)
    assert any(row["winnable"] == "True" for row in rows)
    table = result.out.splitlines()
    assert [line.split()[:2] for line in table[1:6]] == [["standard", str(s)] for s in range(1, 6)]


def test_a_pyramid_census_needs_stars(cli, tmp_path):
    result = cli("census", "--rules", "pyramid", "--count", "2", "--out", str(tmp_path / "out"))
    assert result.status == 2 and "--rules pyramid" in result.err
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert not (tmp_path / "out").exists()


def test_a_jedi_level_is_refused_for_a_pyramid_census(cli, tmp_path):
    result = cli("census", "--stars", "--rules", "pyramid", "--levels", "knight", "--count", "2",
                 "--out", str(tmp_path / "out"))
    assert result.status == 2 and "knight" in result.err and "standard" in result.err
    assert not (tmp_path / "out").exists()


def test_pyramid_stars_grow_with_the_games_lost():
    """A deal the model wins less often never gets fewer stars, and the cuts
    reach every star from 1 to 5; a proven recycle (1 below) adds none."""
    data = model_data()
    params, scale = data.model, data.stars
    stars = [scale.stars(Level.STANDARD, ModelRate(wins, params.games, params.samples), 1)
             for wins in range(params.games, -1, -1)]
    assert stars == sorted(stars) and stars[0] == 1
    most = params.games * (params.patience + params.budget)
    assert scale.stars(Level.STANDARD, ModelRate(0, params.games, params.samples, most), 1) == 5
