"""The seed decks as data: card counts and values exactly as the facts say, text fits,
and every deck (with its dice and parts) builds on A4 and Letter."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from pypdf import PdfReader

from printgen.shaping import font
from printgen.layout.deck import layout_deck
from printgen.layout.primitives import TextRun
from printgen.model import Duplex
from printgen.products.deck import DeckBuild, build_deck
from printgen.spec import load_deck
from printgen.spec.printdata import paper
from printgen.units import mm

SEED_DECKS = ["sabacc-76", "kerton-42", "solomons-temple-white", "solomons-temple-black", "coruscant-shift"]
SUITS_76 = ["Sabers", "Flasks", "Coins", "Staves"]
FACES_76 = {"The Star": -17, "The Evil One": -15, "Moderation": -14, "Demise": -13, "Balance": -11,
            "Endurance": -8, "Queen of Air and Darkness": -2, "Idiot": 0}
SOLOMON_COUNTS = {
    "Porch": 1, "Pillar (Boaz)": 1, "Pillar (Jachin)": 1, "Main Hall": 1, "Holy of Holies": 1,
    "Ark of the Covenant": 1, "Cherubim": 1, "Table of Showbread": 1, "Golden Lampstand": 1,
    "Altar of Incense": 1, "Bronze Sea": 1, "Lily Capital": 1, "Pomegranate Capital": 1,
    "Filling of the Holy of Holies": 1, "Guarded Gate": 4, "Isaiah": 1, "Jeremiah": 1, "Ezekiel": 1,
    "King David": 1, "King Solomon": 1, "Priest (good)": 3, "Altar": 3, "Levite": 3,
    "Pray and Fast": 2, "Scapegoat": 1, "Cooperation": 2, "Israelite Army": 4,
    "Burnt Offering": 6, "Grain Offering": 3, "Peace Offering": 3, "Guilt Offering": 3,
    **{sin: 2 for sin in ("Selfish Heart", "Idol Worship", "Covetous Thoughts", "Doubt", "False Worship",
                          "Blaspheme", "Loss of Faith", "Arrogance", "Loss of Heart")},
    "Evil Priest": 2, "Unclean": 2, "Bad Offerings": 2, "Blemished Animal": 2, "Broken Altar": 2,
    "Babylonian Army": 6, "Lay Siege": 2, "Destruction": 5, "Secret Passage": 3}
NEEDS = {"Ark of the Covenant": "Holy of Holies", "Cherubim": "Holy of Holies",
         "Table of Showbread": "Main Hall", "Golden Lampstand": "Main Hall", "Altar of Incense": "Main Hall",
         "Bronze Sea": "Porch", "Lily Capital": "Pillar (Boaz)", "Pomegranate Capital": "Pillar (Jachin)"}


def test_sabacc_76_suits_ranks_and_face_cards():
    deck = load_deck("sabacc-76")
    assert len(deck.cards) == 76
    for suit in SUITS_76:
        values = sorted(int(c.fields["value"]) for c in deck.cards if c.fields["suit"] == suit)
        assert values == list(range(1, 16))
        ranked = {c.fields["name"]: int(c.fields["value"]) for c in deck.cards
                  if c.fields["suit"] == suit and c.fields["kind"] == "ranked"}
        assert ranked == {"Commander": 12, "Mistress": 13, "Master": 14, "Ace": 15}
    faces = Counter((c.fields["name"], int(c.fields["value"])) for c in deck.cards if c.fields["kind"] == "face")
    assert faces == Counter({(name, value): 2 for name, value in FACES_76.items()})
    assert [ref.name for ref in deck.dice] == ["spike"]


def test_kerton_42_ranks_sixes_and_markers():
    deck = load_deck("kerton-42")
    assert len(deck.cards) == 46                  # the 42 playing cards and 4 marker cards
    pips = [c for c in deck.cards if c.fields["kind"] == "pips"]
    assert len(pips) == 42
    ranks = Counter(c.fields["rank"] for c in pips)
    assert ranks == Counter({"1": 8, "2": 8, "3": 8, "4": 8, "5": 8, "6": 2})
    per_suit = Counter((c.fields["rank"], c.fields["suit"]) for c in pips if c.fields["rank"] != "6")
    assert set(per_suit.values()) == {2} and len(per_suit) == 20
    assert sorted(c.fields["suit"] for c in pips if c.fields["rank"] == "6") == ["hearts", "spades"]
    assert Counter(c.fields["name"] for c in deck.cards if c.fields["kind"] == "marker") == {"WILD": 2, "CLONE": 2}


@pytest.mark.parametrize("colour", ["white", "black"])
def test_solomon_decks_counts_groups_and_needs(colour):
    deck = load_deck(f"solomons-temple-{colour}")
    assert len(deck.cards) == 100
    assert Counter(c.fields["name"] for c in deck.cards) == Counter(SOLOMON_COUNTS)
    assert {c.back for c in deck.cards} == {f"solomon-back-{colour}"}
    groups = Counter(c.fields["group"] for c in deck.cards)
    assert groups == {"good": 56, "sin": 18, "evil": 10, "military": 16}
    for card in deck.cards:
        assert card.fields["needs"] == NEEDS.get(card.fields["name"], "")
        assert card.fields["text"].strip()
    assert [ref.name for ref in deck.dice] == ["solomon"]
    assert [ref.name for ref in deck.parts] == ["solomon-board", "solomon-army-tokens"]


def test_solomon_decks_differ_only_by_back():
    white, black = load_deck("solomons-temple-white"), load_deck("solomons-temple-black")
    assert [c.fields for c in white.cards] == [c.fields for c in black.cards]
    assert white.backs != black.backs


def test_coruscant_shift_cards_and_dice():
    deck = load_deck("coruscant-shift")
    assert len(deck.cards) == 62
    numbers = [c for c in deck.cards if c.fields["kind"] == "number"]
    for suit in ("circle", "triangle", "square"):
        values = sorted(int(c.fields["value"]) for c in numbers if c.fields["suit"] == suit)
        assert values == sorted([*range(1, 11), *range(-10, 0)])
    assert all(c.fields["value"].startswith("+") for c in numbers if int(c.fields["value"]) > 0)
    assert deck.count(kind="sylop", value="0") == 2
    assert [ref.name for ref in deck.dice] == ["coruscant-gold", "coruscant-silver"]


def test_longest_solomon_text_is_set_inside_its_panel():
    deck = load_deck("solomons-temple-white")
    layout = layout_deck(deck)
    longest = max(range(len(deck.cards)), key=lambda i: len(deck.cards[i].fields["text"]))
    text = deck.cards[longest].fields["text"]
    words = set(text.split())
    runs = [p for p in layout.faces[longest].prims if isinstance(p, TextRun) and set(p.text.split()) <= words
            and len(p.text) > 12]
    assert " ".join(r.text for r in runs) == " ".join(text.split())
    width, height = mm(deck.size.width), mm(deck.size.height)
    box = (7.0, 53.0, width - 7.0, height - 6.5)          # the text element's box in the template
    for run in runs:
        metrics = font(run.font)
        right = run.x + metrics.width(run.text, run.size)
        top = run.y - metrics.ascent * run.size / metrics.units_per_em
        bottom = run.y - metrics.descent * run.size / metrics.units_per_em
        assert box[0] - 0.01 <= mm(run.x) and mm(right) <= box[2] + 0.01
        assert box[1] - 0.01 <= mm(top) and mm(bottom) <= box[3] + 0.01
        assert run.size >= 5.5


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("name", SEED_DECKS)
def test_every_seed_deck_builds_with_its_dice_and_parts(tmp_path, name, paper_name):
    deck = load_deck(name)
    options = DeckBuild(out=tmp_path, paper=paper(paper_name), duplex=Duplex.LONG,
                        formats=frozenset({"pdf", "parts"}), quiet=True)
    result = build_deck(deck, options)
    cards_pdf = tmp_path / f"{name}-{paper_name}.pdf"
    assert len(PdfReader(str(cards_pdf)).pages) == 2 * math.ceil(len(deck.cards) / 9)
    expected = {cards_pdf.name}
    if deck.dice:
        expected.add(f"{name}-dice-{paper_name}.pdf")
    expected |= {f"{name}-{part.name}-{paper_name}.pdf" for part in deck.parts}
    assert {p.name for p in result.files if p.suffix == ".pdf"} == expected
    for path in result.files:
        assert len(PdfReader(str(path)).pages) >= 1


@pytest.mark.parametrize("name", ["sabacc-62", *SEED_DECKS])
def test_every_bundled_deck_passes_print_shop_preflight(name):
    """No bundled deck draws across The Game Crafter's 1/8 in safe zone, so
    'build DECK --for tgc --strict' works for each of them."""
    from printgen.preflight import check_layout
    from printgen.products.export import vendor_layout
    from printgen.spec.vendors import profile
    deck = load_deck(name)
    tgc = profile("tgc")
    assert check_layout(vendor_layout(deck, tgc), safe=max(deck.safe, tgc.safe), label="tgc") == []
