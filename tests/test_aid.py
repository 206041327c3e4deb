"""Jedi Duel play aids: the Fatigue track's values and columns and the Stance spaces,
read back from the PDF; bad input located."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printgen.spec.places import AIDS, catalogue

MM = 72 / 25.4


@pytest.fixture(scope="module")
def aid(tmp_path_factory):
    """aid(players): the Jedi Duel aid's PDF for that many players, built once for
    the tests that read it."""
    from printgen.cli import main
    built: dict[int, Path] = {}

    def build(players: int) -> Path:
        if players not in built:
            out = tmp_path_factory.mktemp(f"aid-{players}")
            assert main(["aid", "jedi-duel", "--players", str(players), "--out", str(out), "-q"]) == 0
            built[players] = next(out.glob("*.pdf"))
        return built[players]
    return build


def track_numbers(page) -> dict[int, tuple[float, float]]:
    """The track's big numbers: value -> (left x, top y) in mm."""
    words = page.extract_words(extra_attrs=["size"])
    return {int(w["text"]): (w["x0"] / MM, w["top"] / MM) for w in words
            if w["text"].isdigit() and w["size"] > 14}


@pytest.mark.parametrize("players", [2, 6])
def test_fatigue_track_columns(aid, players):
    with pdfplumber.open(str(aid(players))) as pdf:
        assert len(pdf.pages) == players + 1
        numbers = track_numbers(pdf.pages[-1])
        counters = [w for w in pdf.pages[-1].extract_words(extra_attrs=["size"])
                    if w["text"].isdigit() and 10 < w["size"] < 12]
        spots = [c for c in pdf.pages[-1].curves if c.get("fill") is False or not c.get("fill")]
    assert sorted(numbers) == list(range(0, 22))
    columns = [range(21, 14, -1), range(14, 7, -1), range(7, 0, -1)]
    lefts = []
    for column in columns:
        xs = {round(numbers[v][0]) for v in column}
        assert max(numbers[v][0] for v in column) - min(numbers[v][0] for v in column) < 3   # one column
        tops = [numbers[v][1] for v in column]
        assert tops == sorted(tops)                   # highest value at the top of its column
        lefts.append(min(numbers[v][0] for v in column))
        assert xs
    assert lefts == sorted(lefts)                     # 21..15, then 14..8, then 7..1, left to right
    assert numbers[0][0] > lefts[-1] + 20             # 0 (out) in a column of its own
    assert numbers[0][1] == pytest.approx(numbers[21][1], abs=0.5)
    assert sorted(int(w["text"]) for w in counters) == list(range(1, players + 1))
    assert len(spots) >= 22 * players                 # room for every counter on every space


def test_stance_spaces_hold_a_card(aid):
    with pdfplumber.open(str(aid(2))) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        big = [r for r in page.rects if r["width"] / MM > 60 and r["height"] / MM > 85]
        if not big:   # rounded rectangles come back as curves
            big = [c for c in page.curves if (c["x1"] - c["x0"]) / MM > 60 and (c["bottom"] - c["top"]) / MM > 85]
    assert len(big) == 3
    for space in big:
        assert (space["x1"] - space["x0"]) / MM >= 63.5 and (space["bottom"] - space["top"]) / MM >= 88.9
    for words in ("High Stance", "Middle Stance", "Low Stance", "Force Powers", "Force Defence", "Fumble"):
        assert words in text          # Force Lightning, Jokers, Regaining Fatigue: beside the track


def test_defence_table_as_it_applies(aid):
    with pdfplumber.open(str(aid(2))) as pdf:
        lines = pdf.pages[0].extract_text().splitlines()
    # per struck area, for the High, Middle and Low Stance spaces: your attack, your defence
    expected = ["High +1 - High +2 +2 High +2 +5", "Middle +2 +3 Middle +1 - Middle +2 +3",
                "Low +2 +5 Low +2 +2 Low +1 -"]
    for row in expected:
        assert any(line.startswith(row) for line in lines), row


def test_players_out_of_range(cli, tmp_path):
    result = cli("aid", "jedi-duel", "--players", "7", "--out", str(tmp_path))
    assert result.status == 2 and "2 to 6 players" in result.err
    assert not list(tmp_path.glob("*.pdf"))


def test_bad_aid_file_is_located(cli, tmp_path):
    text = catalogue(AIDS)["jedi-duel"].path.read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace('High:   {High: "-",', 'High:   {Top: "-",'), encoding="utf-8")
    result = cli("aid", str(bad), "--out", str(tmp_path))
    assert result.status == 2 and not list(tmp_path.glob("*.pdf"))
    # the data is the templates' to read: the template's line, the aid file, the missing name
    assert result.err.startswith("printgen: error: templates/jedi-duel-stance.yaml:")
    assert "bad.yaml, player 1): no key 'High' (its keys are 'Top', 'Middle', 'Low')" in result.err
    bad.write_text(text.replace('colors: ["#b03a2e", "#1f618d",', 'colors: ["#1f618d",')
                   .replace("{template: jedi-duel-fatigue}", "{template: jedi-duel-fatigue, each: team}"),
                   encoding="utf-8")
    result = cli("aid", str(bad), "--out", str(tmp_path))
    lines = result.err.splitlines()
    assert result.status == 2 and len(lines) == 2
    assert lines[0].startswith("printgen: error: ") and "bad.yaml:9 players.colors: expected a list of at least 6" in lines[0]
    assert "bad.yaml:13 pages[1].each: expected one of player, got 'team'" in lines[1]


def test_an_aid_takes_its_players_colours_as_every_colour_is_read(cli, tmp_path):
    """A player's colour may be '#rgb', as a template's may (it was refused: '#rrggbb'
    only); each is drawn as the '#rrggbb' it stands for (player 1's band on its Stance
    page, read back from the PDF), and a colour that is not one is located at its own
    item."""
    text = catalogue(AIDS)["jedi-duel"].path.read_text(encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(text.replace('"#b03a2e"', '"#C40"'), encoding="utf-8")
    result = cli("aid", str(mine), "--players", "2", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        fills = {tuple(round(c, 3) for c in rect["non_stroking_color"]) for rect in pdf.pages[0].rects
                 if rect["non_stroking_color"] and round(rect["width"] / MM) == 6 and round(rect["height"] / MM) == 8}
    assert fills == {(0.8, 0.267, 0.0)}                 # #cc4400
    mine.write_text(text.replace('"#1f618d"', '"#1f618"'), encoding="utf-8")
    result = cli("aid", str(mine), "--out", str(tmp_path / "bad"))
    assert result.status == 2 and result.err.count("\n") == 1 and not (tmp_path / "bad").exists()
    assert "mine.yaml:9 players.colors[1]: " in result.err and "'#1f618'" in result.err


def test_the_aid_says_what_the_seed_says(aid):
    """Seed 002: the defence modifier slows the defender; lower totals are faster; a
    club takes no modifier; Middle Stance is easier to defend from. Our own reading is
    marked as a house default, and every page carries the fan-work notice."""
    with pdfplumber.open(str(aid(3))) as pdf:
        pages = [" ".join(page.extract_text().split()) for page in pdf.pages]
        first = pdf.pages[0]
        columns = [" ".join(first.crop((x0 * MM, 0, x1 * MM, first.height)).extract_text().split())
                   for x0, x1 in ((0, 78), (78, 148), (220, 297))]
    words = " ".join(pages).lower()
    for wrong in ("defence bonus", "no bonus", "must beat"):
        assert wrong not in words
    high, middle, sections = columns
    assert "your defence is slower by your modifier" in high and "the lower total is the faster" in high
    assert "Easier to defend against all normal attacks" in middle
    assert "Several Fumbles are swapped in player order" in pages[-1]      # beside the Fatigue track
    assert "Force Defence" in sections
    assert "your defence †" in high and "† House default:" in pages[0]
    assert all("An unofficial fan print, free and not for sale" in page for page in pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("players", [2, 6])
def test_the_aids_fit_either_paper(cli, tmp_path, paper, players):
    """Letter's landscape sheet is 18 mm narrower than A4's: the reminders beside the
    Stance spaces and the Fatigue notes beside the track still fit, every word of
    them printed."""
    result = cli("aid", "jedi-duel", "--paper", paper, "--players", str(players), "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    import pypdfium2
    document = pypdfium2.PdfDocument(next(tmp_path.glob("*.pdf")))
    text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    flat = " ".join(text.replace("\ufffe", "").replace("-\r\n", "").split())
    for heading in ("Your turn", "Force Defence", "Force Lightning", "Jokers", "Regaining Fatigue"):
        assert heading in flat, heading
