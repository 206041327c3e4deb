"""`printgen rules GAME --original FILE`: the reader's own copy of a game's original
rules is set word for word, under the credit line of the game's rules text; the
built-in Jedi Temple fold is a play aid that says so."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from printgen.layout.leaflet import fold_style
from printgen.products.rules import find_rules
from printgen.spec.fold import fold_facts
from printgen.words import true_minus

ORIGINAL = """\
Rules for JEDI TEMPLE
These rules are published under Creative Commons License CC-BY-NC-ND.

GOAL
The goal is to discard all cards in your Temple, wih a typo kept as written.
"""


def words(pdf: Path) -> str:
    """Every page's text, the upright panels only (the turned ones read backwards); a
    line that breaks after a word's own hyphen ("CC-BY-" / "NC-ND") joined to the next."""
    panel = fold_style(fold_facts(), "poker").width
    with pdfplumber.open(pdf) as doc:
        lines: dict[tuple[int, ...], list[dict]] = {}
        for number, page in enumerate(doc.pages):
            left = (page.width - 4 * panel) / 2             # four poker panels a row on A4
            for c in page.chars:
                if c["matrix"][0] > 0:
                    key = (number, round(c["top"]) // 400, int((c["x0"] - left) // panel))
                    lines.setdefault(key + (round(c["top"]),), []).append(c)
        text = "\n".join("".join(c["text"] for c in sorted(line, key=lambda c: c["x0"]))
                         for _, line in sorted(lines.items()))
        return re.sub(r"(?<=\w-)\n(?=\w)", "", text).replace("\n", " ")


def test_plain_text_copy_is_set_unchanged_with_the_credit(cli, tmp_path):
    copy = tmp_path / "my-copy.txt"
    copy.write_text(ORIGINAL.replace("\n", "\r\n"), encoding="utf-8")
    result = cli("rules", "jedi-temple", "--original", str(copy), "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    pdf = tmp_path / "jedi-temple-original-rules-poker-a4.pdf"
    text = " ".join(words(pdf).split())
    credit = find_rules("jedi-temple").credit
    assert credit is not None and "Joseph Kramer" in credit and "CC BY-NC-ND" in credit
    assert text.startswith(" ".join(credit.split()))
    for line in ORIGINAL.splitlines():                   # every line, word for word, in order
        if line:
            assert " ".join(line.split()) in text, line
    assert text.index("GOAL") < text.index("wih a typo")


def test_markdown_copy_is_read_as_markdown(cli, tmp_path):
    copy = tmp_path / "my-copy.md"
    copy.write_text("# Rules for JEDI TEMPLE\n\nThe **goal** is to clear the Temple.\n", encoding="utf-8")
    result = cli("rules", "jedi-temple", "--original", str(copy), "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    text = " ".join(words(tmp_path / "jedi-temple-original-rules-poker-a4.pdf").split())
    assert "Rules for JEDI TEMPLE The goal is to clear the Temple." in text
    assert "#" not in text and "**" not in text


def test_without_out_the_copy_goes_to_the_game_s_own_folder(cli, tmp_path, monkeypatch):
    """With no --out, the set copy goes where the game's other files go, output/GAME,
    as the option's help and the docs say; not to a folder of its own."""
    monkeypatch.chdir(tmp_path)
    Path("copy.txt").write_text(ORIGINAL, encoding="utf-8")
    result = cli("rules", "jedi-temple", "--original", "copy.txt", "-q")
    assert result.status == 0, result.err
    made = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.pdf"))
    assert made == ["output/jedi-temple/jedi-temple-original-rules-poker-a4.pdf"]


def test_original_needs_a_credit_line(cli, tmp_path):
    copy = tmp_path / "copy.txt"
    copy.write_text("Some rules.\n", encoding="utf-8")
    result = cli("rules", "kerton-sabacc", "--original", str(copy), "--out", str(tmp_path))
    assert result.status == 2 and "credit" in result.err and "Traceback" not in result.err
    assert not list(tmp_path.glob("*.pdf"))


def test_missing_original_is_one_clear_line(cli, tmp_path):
    result = cli("rules", "jedi-temple", "--original", str(tmp_path / "nope.txt"), "--out", str(tmp_path))
    assert result.status == 2 and "nope.txt: file not found" in result.err
    assert len(result.err.strip().splitlines()) == 1


def leaflet_text(cli, tmp_path, game: str, deal: int | None = None) -> str:
    """The leaflet's text in reading order, its panels as laid out (each upright)."""
    from printgen.layout.primitives import TextRun
    from printgen.products.rules import RulesBuild, layout_rules
    from printgen.spec.printdata import paper
    leaflet = layout_rules(find_rules(game), RulesBuild(out=tmp_path, paper=paper("a4"), deal=deal))
    panels = sorted((placed for page in leaflet.pages for placed in page.placed),
                    key=lambda placed: int(placed.side.name.split("-")[1]))
    return " ".join(run.text for placed in panels for run in placed.side.prims if isinstance(run, TextRun))


def test_jedi_temple_fold_carries_what_printgen_adds_and_no_rule(cli, tmp_path):
    """Only the deal's setup and stacking order, its Force rolls and the solver's
    reading of the silent points (a house default), pointing to the designers' own
    rules; none of the designers' setup, availability, ending or level rules."""
    text = leaflet_text(cli, tmp_path, "jedi-temple")
    for carried in ("This is not the rules.", "setup order", "Force rolls", "House default:",
                    "Joseph Kramer", "CC BY-NC-ND", "Sabacc Cantina App", "--original"):
        assert carried in text, carried
    for restated in ("Jedi Knight", "Jedi Master", "Chosen One", "turned up", "dealt face", "Available",
                     "available", "Blocked", "Sacred Texts", "cycles", "overlap", "totalling 0",
                     "sum to 0", "GOAL", "Goal"):
        assert restated not in text, restated


def test_jedi_temple_deal_insert_is_a_stacking_order(cli, tmp_path):
    from printgen.spec.dealfile import jedi_deal
    text = leaflet_text(cli, tmp_path, "jedi-temple", 9)
    deal = jedi_deal(9)
    top = " ".join("Sylop" if v == 0 else true_minus(f"{v:+d}") for v in deal.values[28:33])
    assert "Cards 29 to 62, top card first" in text and top in text
    assert "Discard Pile" not in text.split("Deal 9")[1]          # the insert restates no rule


def test_jedi_temple_leaflet_setup_deals_the_engines_start(cli, tmp_path):
    """The leaflet's setup for a deal, followed to the letter, leaves the cards where
    the engine's start position has them (as the deal sheet's does): the Temple, the
    card turned face up to start the Discard Pile and the Stockpile under it; the
    insert's stacking order lists the deal's cards from card 29 on."""
    from printgen.deal.table.engine import Game
    from printgen.spec.dealfile import jedi_deal
    text = " ".join(leaflet_text(cli, tmp_path, "jedi-temple", 7).split())
    deal = jedi_deal(7)
    start = Game(deal, "knight").start()
    temple = re.search(r"cards 1 to (\d+) build the Temple", text)
    assert temple and int(temple.group(1)) == len(deal.temple)
    first = len(deal.temple) + 1
    turned = [int(n) for n in re.findall(r"Turn card (\d+) face up to start the Discard Pile", text)]
    assert turned == [first + index for index in start.discard]
    stock = re.findall(r"cards (\d+) to (\d+) stay face down in order as the Stockpile, (\d+) on top", text)
    assert [[int(n) for n in found] for found in stock] == [
        [first + start.stock[0], first + start.stock[-1], first + start.stock[0]]]
    assert "stay in order as the Stockpile, 29 on top" not in text
    listed = " ".join("Sylop" if v == 0 else true_minus(f"{v:+d}") for v in deal.values[first - 1:])
    assert f"Cards {first} to {len(deal.values)}, top card first {listed}" in text


COMMAND = re.compile(r"printgen\s+(rules|build|deal|box|aid|booklet|dice|challenge|calibrate|solve|"
                     r"census|showcase|gallery|new|list|docs)\b")


@pytest.mark.parametrize("game", ["coruscant-shift", "jedi-duel", "jedi-temple", "kerton-sabacc",
                                  "solomons-temple", "west-end-sabacc"])
def test_no_printgen_command_lines_in_a_players_leaflet(cli, tmp_path, game):
    text = leaflet_text(cli, tmp_path, game)
    assert not COMMAND.search(text), COMMAND.search(text)
