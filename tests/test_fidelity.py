"""Printed facts read back from the PDFs: the fan-work notice on every leaflet, box and
deal sheet; house defaults marked with a footnote; the West End aim without the -23
hint; Solomon's Temple's Sins, Priest and Prophet as the seed has them."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printgen.products.dealsheet import DealSheetBuild, build_deal_sheet
from printgen.products.rules import RulesBuild, build_rules, find_rules
from printgen.spec import load_deck
from printgen.spec.printdata import paper

GAMES = ["coruscant-shift", "jedi-duel", "jedi-temple", "kerton-sabacc", "solomons-temple",
         "west-end-sabacc"]
HOUSE_DEFAULTS = ["coruscant-shift", "jedi-duel", "jedi-temple", "kerton-sabacc", "solomons-temple", "west-end-sabacc"]
BETTING_DECKS = ["coruscant-shift", "kerton-42", "sabacc-62", "sabacc-76"]


def pdf_text(path: Path) -> str:
    """The PDF's characters, whatever their direction, in one string without spaces."""
    with pdfplumber.open(path) as doc:
        return "".join(c["text"] for page in doc.pages for c in page.chars if c["text"].strip())


def squeeze(text: str) -> str:
    return "".join(text.split())


@pytest.fixture(scope="module")
def leaflets(tmp_path_factory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("leaflets")
    texts = {}
    for game in GAMES:
        path, _ = build_rules(find_rules(game), RulesBuild(out=out, paper=paper("a4")))
        texts[game] = pdf_text(path)
    return texts


@pytest.mark.parametrize("game", GAMES)
def test_every_leaflet_carries_the_fan_notice(leaflets, game):
    assert squeeze("unofficial fan print, free and not for sale") in leaflets[game]


@pytest.mark.parametrize("game", HOUSE_DEFAULTS)
def test_house_defaults_are_marked_with_one_footnote(leaflets, game):
    text = leaflets[game]
    assert text.count(squeeze("House default:")) == 1
    assert text.count("†") >= 2                     # the marker in the text, and the footnote's


def test_west_end_aim_has_no_counting_down_hint(leaflets):
    text = leaflets["west-end-sabacc"]
    assert squeeze("counting downwards") not in text
    assert squeeze("23 or below") in text and squeeze("Pure Sabacc") in text
    assert squeeze("Ryan B.'s reconstruction, which gave every rule") in text


def test_kerton_announces_before_each_game(leaflets):
    assert squeeze("Before each game, the dealer announces") in leaflets["kerton-sabacc"]


def owners_notice(text: str) -> str | None:
    """What the text says Disney and Lucasfilm own ("StarWarsandSabacc"), squeezed; None
    where it says nothing of them."""
    import re
    found = re.search(r"([A-Za-z]+(?:and[A-Za-z]+)?)(?:are|is)ownedbyDisneyandLucasfilm", squeeze(text))
    return found[1] if found else None


@pytest.mark.parametrize("name", ["coruscant-shift", "kerton-42", "sabacc-62", "sabacc-76",
                                  "solomons-temple-black", "standard-54"])
def test_a_decks_leaflets_name_the_marks_its_credits_name(leaflets, name):
    """A deck's rule leaflets, printed and boxed with it, say whose marks it uses as the
    deck's credits do: Jedi Duel, played with a standard pack, uses no Sabacc."""
    deck = load_deck(name)
    said = owners_notice(" ".join(deck.credits))
    for rules in deck.rules:
        assert owners_notice(leaflets[rules.name]) == said, (rules.name, said)


@pytest.mark.parametrize("name", BETTING_DECKS + ["solomons-temple-white", "solomons-temple-black"])
def test_every_box_credit_carries_the_notice(name):
    credits = " ".join(load_deck(name).credits)
    assert "Unofficial fan print, not for sale." in credits
    if name in BETTING_DECKS:
        assert "Disney and Lucasfilm" in credits


def test_deal_sheet_carries_the_notice(tmp_path):
    path = build_deal_sheet(3, DealSheetBuild(paper("a4"), level="padawan", out=tmp_path / "d.pdf"))
    assert squeeze("an unofficial fan print made with printgen, not for sale") in pdf_text(path)


@pytest.mark.parametrize("colour", ["white", "black"])
def test_solomon_cards_say_what_the_seed_says(colour):
    cards = load_deck(f"solomons-temple-{colour}").cards
    text = {card.fields["name"]: card.fields["text"] for card in cards}
    sins = [card.fields["name"] for card in cards if card.fields["type"] == "Sin"]
    for name in sins:
        if name != "Loss of Heart":
            assert "Scapegoat (with a Priest in play)" in text[name]
    assert text["Priest (good)"].startswith("You may put him in play")
    assert "At the start of the Military phase" in text["Isaiah"]


@pytest.mark.parametrize("deck", ["sabacc-62", "coruscant-shift", "solomons-temple-black"])
def test_every_piece_sheet_carries_the_credits_notice_and_scale_bar(tmp_path, deck):
    """Dice, tokens and the board's assembly guide: every credit sentence of the deck
    and the fan notice in the margin, and a 10 mm scale bar beside the dice and tokens."""
    import re

    from printgen.cli import main
    assert main(["build", deck, "--only", "parts", "--out", str(tmp_path), "-q"]) == 0
    sentences = [squeeze(s) for credit in load_deck(deck).credits for s in re.split(r"(?<=[.!?])\s+", credit) if s]
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert pdfs
    for path in pdfs:
        with pdfplumber.open(path) as doc:
            first = "".join(c["text"] for c in doc.pages[0].chars if c["text"].strip())
        for sentence in sentences:
            assert sentence in first, (path.name, sentence)
        if "board" not in path.name:
            assert "10mm" in first, path.name
