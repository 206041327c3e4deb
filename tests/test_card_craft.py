"""Card craft read from the laid-out faces and the rendered PNGs: values inside their
outlines, a corner index on every card, 6 and 9 underlined, point-symmetric backs for
the betting games, the Kerton markers' own back, even gold-die faces."""

from __future__ import annotations


import pdfplumber
import pytest
from PIL import Image, ImageChops, ImageStat

from printgen.shaping import font
from printgen.layout.deck import layout_deck
from printgen.layout.primitives import Polygon, TextRun
from printgen.spec import load_deck

BETTING_DECKS = ["coruscant-shift", "kerton-42", "sabacc-62", "sabacc-76"]


def inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    """Ray casting: is the point strictly inside the polygon?"""
    x, y = point
    hits = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hits = not hits
    return hits


def ink_box(run: TextRun) -> list[tuple[float, float]]:
    """The corners of a run's digits: advance width by cap height (0.73 em) over the baseline."""
    width = font(run.font).width(run.text, run.size)
    top = run.y - 0.73 * run.size
    return [(run.x, top), (run.x + width, top), (run.x, run.y), (run.x + width, run.y)]


def test_sabacc_62_triangle_values_sit_inside_the_triangle():
    layout = layout_deck(load_deck("sabacc-62"))
    checked = 0
    for card, face in zip(layout.deck.cards, layout.faces):
        if card.fields.get("suit") != "triangle":
            continue
        triangle = max((p for p in face.prims if isinstance(p, Polygon) and len(p.points) == 3),
                       key=lambda p: max(x for x, _ in p.points) - min(x for x, _ in p.points))
        value = max((p for p in face.prims if isinstance(p, TextRun)), key=lambda r: r.size)
        assert value.text == card.fields["value"]
        corners = ink_box(value)
        assert all(inside(c, triangle.points) for c in corners), (card.fields["value"], corners)
        checked += 1
    assert checked == 20


@pytest.mark.parametrize("name", BETTING_DECKS)
def test_every_card_has_a_corner_index_at_both_ends(name):
    layout = layout_deck(load_deck(name))
    for card, face in zip(layout.deck.cards, layout.faces):
        w, h = face.frame.width, face.frame.height
        runs = [p for p in face.prims if isinstance(p, TextRun) and p.size <= 16]
        top_left = [r for r in runs if r.rotate == 0 and r.x < 18 / 25.4 * 72 and r.y < 16 / 25.4 * 72]
        bottom_right = [r for r in runs if r.rotate == 180 and r.x > w - 18 / 25.4 * 72 and r.y > h - 16 / 25.4 * 72]
        if card.fields.get("kind") == "marker":            # the marker's name is its index
            continue
        assert top_left and bottom_right, (name, card.fields)
        assert top_left[0].text == bottom_right[0].text


def test_sixes_and_nines_are_underlined():
    layout = layout_deck(load_deck("sabacc-76"))
    for card, face in zip(layout.deck.cards, layout.faces):
        rules = [p for p in face.prims if isinstance(p, Polygon) and len(p.points) == 2]
        underlined = card.fields["value"] in ("6", "9")
        assert (len(rules) == 3) == underlined, card.fields     # both corners and the centre


def test_kerton_markers_have_a_back_of_their_own():
    deck = load_deck("kerton-42")
    backs = {card.fields["kind"]: card.back for card in deck.cards}
    assert backs["marker"] != backs["pips"]
    assert [card.back for card in deck.cards].count(backs["marker"]) == 4


@pytest.mark.parametrize("name", BETTING_DECKS)
def test_backs_look_the_same_turned_end_over_end(cli, tmp_path, name):
    result = cli("build", name, "--only", "png", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    backs = sorted((tmp_path / "png").glob("back*.png"))
    assert backs
    for path in backs:
        picture = Image.open(path).convert("RGB")
        turned = picture.rotate(180)
        mean = sum(ImageStat.Stat(ImageChops.difference(picture, turned)).mean) / 3
        if mean >= 0.5:
            picture.save(tmp_path / f"actual-{path.name}")
            turned.save(tmp_path / f"turned-{path.name}")
        assert mean < 0.5, (path.name, mean)


def test_gold_die_faces_share_one_size(cli, tmp_path):
    result = cli("dice", "coruscant-gold", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    with pdfplumber.open(next(tmp_path.glob("*.pdf"))) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    faces = {w["text"]: round(w["size"], 2) for w in words if w["text"] in ("0", "+5", "-5", "+10", "-10")}
    assert len(faces) == 5 and len(set(faces.values())) == 1, faces
