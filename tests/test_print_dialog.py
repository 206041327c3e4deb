"""What a home-print PDF asks the print dialog for (its catalog's ViewerPreferences):
actual size, never "fit to page", which would shrink every card; and for card sheets
and two-sided leaflets, both sides turned about the edge they were laid out for, one
side for what is printed on one side only."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader


def asks(pdf: Path) -> dict[str, str]:
    reader = PdfReader(str(pdf))
    preferences = reader.trailer["/Root"].get("/ViewerPreferences") or {}
    return {str(key): str(value) for key, value in dict(preferences).items()}


@pytest.mark.parametrize(("duplex", "name", "sides"), [
    ("long", "sabacc-62-letter.pdf", "/DuplexFlipLongEdge"),
    ("short", "sabacc-62-letter-short.pdf", "/DuplexFlipShortEdge"),
    ("fold", "sabacc-62-letter-fold.pdf", "/Simplex"),
])
def test_card_sheets_ask_for_actual_size_and_their_turn(cli, tmp_path, duplex, name, sides):
    result = cli("build", "sabacc-62", "--paper", "letter", "--duplex", duplex, "--only", "pdf,box,parts",
                 "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert asks(tmp_path / name) == {"/PrintScaling": "/None", "/Duplex": sides}
    for one_sided in ("sabacc-62-box-letter.pdf", "sabacc-62-dice-letter.pdf"):
        assert asks(tmp_path / one_sided) == {"/PrintScaling": "/None", "/Duplex": "/Simplex"}


def test_sheets_for_a_print_shop_leave_the_sides_to_it(cli, tmp_path):
    result = cli("build", "sabacc-62", "--duplex", "none", "--only", "pdf", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert asks(tmp_path / "sabacc-62-a4-unmirrored.pdf") == {"/PrintScaling": "/None"}


@pytest.mark.parametrize(("duplex", "name", "pages", "sides"), [
    ("long", "solomons-temple-rules-poker-letter.pdf", 2, "/DuplexFlipLongEdge"),
    ("short", "solomons-temple-rules-poker-letter-short.pdf", 2, "/DuplexFlipShortEdge"),
    ("none", "solomons-temple-rules-poker-letter-one-sided.pdf", 1, "/Simplex"),
])
def test_a_two_sided_leaflet_asks_for_its_turn(cli, tmp_path, duplex, name, pages, sides):
    result = cli("rules", "solomons-temple", "--paper", "letter", "--duplex", duplex, "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert len(PdfReader(str(tmp_path / name)).pages) == pages
    assert asks(tmp_path / name) == {"/PrintScaling": "/None", "/Duplex": sides}


def test_a_one_page_leaflet_asks_for_one_side(cli, tmp_path):
    result = cli("rules", "coruscant-shift", "--paper", "letter", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert asks(tmp_path / "coruscant-shift-rules-poker-letter.pdf") == {"/PrintScaling": "/None", "/Duplex": "/Simplex"}


@pytest.mark.parametrize(("duplex", "sides"), [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")])
def test_the_calibration_sheet_asks_for_the_turn_it_checks(cli, tmp_path, duplex, sides):
    result = cli("calibrate", "--paper", "letter", "--duplex", duplex, "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert asks(tmp_path / f"calibrate-letter-{duplex}.pdf") == {"/PrintScaling": "/None", "/Duplex": sides}


def test_play_aids_and_dice_ask_for_one_side(cli, tmp_path):
    assert cli("aid", "jedi-duel", "--paper", "letter", "--out", str(tmp_path), "-q").status == 0
    assert cli("dice", "spike", "--paper", "letter", "--out", str(tmp_path), "-q").status == 0
    for name in ("jedi-duel-aids-2p-letter.pdf", "spike-letter.pdf"):
        assert asks(tmp_path / name) == {"/PrintScaling": "/None", "/Duplex": "/Simplex"}


@pytest.mark.parametrize(("duplex", "name", "sides"), [
    ("long", "jedi-duel-booklet-a6-letter.pdf", "/DuplexFlipLongEdge"),
    ("short", "jedi-duel-booklet-a6-letter-short.pdf", "/DuplexFlipShortEdge"),
])
def test_a_booklets_sheets_ask_for_their_turn_and_its_reading_copy_for_none(cli, tmp_path, duplex, name, sides):
    result = cli("booklet", "jedi-duel", "--size", "a6", "--paper", "letter", "--duplex", duplex,
                 "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert asks(tmp_path / name) == {"/PrintScaling": "/None", "/Duplex": sides}
    assert asks(tmp_path / "jedi-duel-booklet-a6-letter-reading.pdf") == {"/PrintScaling": "/None"}
