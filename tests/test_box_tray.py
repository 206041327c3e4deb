"""Two-piece boxes (a tray and a lid): their nets read back from the produced PDF, folded
up on paper by a model of the card stock, and what the commands say they made."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from test_box import deck_file

MM = 72 / 25.4
CARD = (63.5, 88.9)         # poker
SLEEVE = 3.0                # --sleeved: a sleeve's outside, wider and taller than its card (house default)
LAYER = 0.2                 # --sleeved: what a sleeve adds to a card's thickness (house default)
CLEARANCE = 1.0             # the box's inside, each way, past what it holds (house default)
LEAFLET = 0.8               # a folded leaflet's allowance (house default)
BLEED = 3.0
CUT = FOLD = (0.878431, 0.129412, 0.541176)     # templates/box-tuck.yaml lines.cut and lines.fold
GLUE = (0.866667, 0.866667, 0.866667)    # templates/box-tuck.yaml colors.glue


def stock_and_lid_clearance() -> tuple[float, float]:
    """The box's card stock and the lid's clearance over the tray, in mm (house defaults)."""
    from printgen.spec.box import box_facts
    from printgen.units import mm
    lengths = box_facts().lengths
    return mm(lengths["stock"]), mm(lengths["lid_clearance"])


def close(a: float, b: float, tol: float = 0.02) -> bool:
    return abs(a - b) <= tol


def cut_outlines(page) -> list[list[tuple[float, float]]]:
    """The closed cut paths of a page (mm from its top-left corner): one a net."""
    return [[(x / MM, y / MM) for x, y in c["pts"]] for c in page.curves
            if not c.get("fill") and tuple(c.get("stroking_color") or ()) == CUT and len(c["pts"]) > 20]


def nets(pdf: Path) -> list[dict]:
    """Every net of a two-piece box's PDF, the tray's then the lid's (the smaller base
    first): its cut outline's box, its base (from its fold lines), the depth of its end
    walls (fold to rim) and of its side walls (fold to outer cut), its glue tabs and
    the page it is on; lengths in mm from the page's top-left corner."""
    found = []
    with pdfplumber.open(str(pdf)) as doc:
        for number, page in enumerate(doc.pages):
            size = (page.width / MM, page.height / MM)
            folds = [(ln["x0"] / MM, ln["top"] / MM, ln["x1"] / MM, ln["bottom"] / MM) for ln in page.lines
                     if (ln.get("dash") or ([], 0))[0] and tuple(ln["stroking_color"]) == FOLD]
            tabs = [[(x / MM, y / MM) for x, y in c["pts"][:4]] for c in page.curves
                    if c.get("fill") and tuple(c["non_stroking_color"]) == GLUE]
            found += [_net(outline, folds, tabs, number, size) for outline in cut_outlines(page)]
    return sorted(found, key=lambda net: net["base"])


def _net(outline, folds, tabs, page, size) -> dict:
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    box = (min(xs), min(ys), max(xs), max(ys))

    def inside(x, y):
        return box[0] - 0.01 <= x <= box[2] + 0.01 and box[1] - 0.01 <= y <= box[3] + 0.01

    mine = [f for f in folds if inside(f[0], f[1]) and inside(f[2], f[3])]
    across = sorted({round(y0, 3) for x0, y0, x1, y1 in mine if close(y0, y1)})
    upright = sorted({round(x0, 3) for x0, y0, x1, y1 in mine if close(x0, x1)})
    assert len(across) == 2 and len(upright) == 2, (across, upright)
    (left, right), (top, bottom) = upright, across
    side = min(x for x, y in outline if top - 0.01 <= y <= bottom + 0.01)    # the left side wall's outer cut
    return {"box": box, "base": (right - left, bottom - top), "left": left, "right": right, "top": top,
            "bottom": bottom, "end": top - box[1], "end_bottom": box[3] - bottom, "side": left - side,
            "folds": mine, "outline": outline, "page": page, "size": size,
            "tabs": [tab for tab in tabs if all(inside(x, y) for x, y in tab)]}


def folded(tray: dict, lid: dict, stock: float) -> dict[str, tuple[float, ...]]:
    """The tray and the lid folded up: a panel is measured inside its folds (as the tuck
    box's are), every wall stands outside its base's fold, stock thick, and a glue tab
    lies inside the wall it is glued to, against it. Inside and outside sizes, width x
    length x height, in mm."""
    def inside(net: dict) -> tuple[float, float, float]:
        sides = {min(x for x, _ in tab) < net["left"] for tab in net["tabs"]}
        assert sides == {True, False}               # tabs inside both side walls: the width is narrower by two
        width, length = net["base"]
        return width - 2 * stock, length, net["end"]

    tray_in, lid_in = inside(tray), inside(lid)
    tray_out = (tray["base"][0] + 2 * stock, tray["base"][1] + 2 * stock, tray["end"] + stock)
    return {"tray inside": tray_in, "tray outside": tray_out, "lid inside": lid_in}


def test_76_sleeved_cards_get_a_tray_and_a_lid_on_a4_and_letter_whose_panels_read_back_as_sized(cli, tmp_path):
    """`printgen box sabacc-76 --sleeved`, whose tuck box fits no paper, makes a tray and
    a lid on A4 and on Letter: each net on a sheet of its own, cut lines and bleed inside
    the printer margin; the panels read back from the fold lines are the tray's base
    (the inside, and the lid's tabs' room) and the lid's, the tray's walls as deep as the
    sleeved deck and the leaflet's allowance with the clearance, the lid's a stock's
    thickness deeper."""
    from printgen.spec.printdata import paper
    stock, lid_clearance = stock_and_lid_clearance()
    inner = (CARD[0] + SLEEVE + CLEARANCE, CARD[1] + SLEEVE + CLEARANCE, 76 * (0.32 + LAYER) + CLEARANCE + LEAFLET)
    for name in ("a4", "letter"):
        result = cli("box", "sabacc-76", "--sleeved", "--paper", name, "--out", str(tmp_path))
        assert result.status == 0, result.err
        assert (f"sabacc-76: two-piece box (a tray and a lid, on 2 sheets; the tuck box does not fit {name}) "
                f"inside {inner[0]:.1f} x {inner[1]:.1f} x {inner[2]:.1f} mm") in result.out
        tray, lid = found = nets(tmp_path / f"sabacc-76-box-sleeved-{name}.pdf")
        import pypdf
        title = pypdf.PdfReader(tmp_path / f"sabacc-76-box-sleeved-{name}.pdf").metadata.title
        assert title.endswith(" two-piece box"), title              # not "tuck box"
        margin = paper(name).margin / MM
        for net in found:
            width, height = net["size"]
            assert sorted((width, height)) == pytest.approx(sorted((paper(name).width / MM, paper(name).height / MM)),
                                                            abs=0.1)
            x0, y0, x1, y1 = net["box"]
            assert x0 - BLEED >= margin - 0.01 and y0 - BLEED >= margin - 0.01
            assert x1 + BLEED <= width - margin + 0.01 and y1 + BLEED <= height - margin + 0.01
        assert (tray["page"], lid["page"]) == (0, 1)
        assert tray["base"] == pytest.approx((inner[0] + 2 * stock, inner[1]), abs=0.02)
        assert tray["end"] == pytest.approx(inner[2], abs=0.02) and tray["side"] == pytest.approx(inner[2], abs=0.02)
        assert lid["base"] == pytest.approx((inner[0] + 6 * stock + lid_clearance, inner[1] + 2 * stock + lid_clearance),
                                            abs=0.02)
        assert lid["end"] == pytest.approx(inner[2] + stock, abs=0.02) and lid["side"] == pytest.approx(lid["end"], abs=0.02)


def test_the_folded_tray_holds_the_sleeved_cards_and_the_lid_slides_over_it_with_the_clearance(cli, tmp_path):
    """Folded up from the nets as printed: the tray's inside holds the sleeved cards, each
    way with the clearance to spare; the lid's inside is the tray's outside and the lid
    clearance each way, and as high as the tray stands, so that it covers it whole."""
    stock, lid_clearance = stock_and_lid_clearance()
    assert cli("box", "sabacc-76", "--sleeved", "--out", str(tmp_path), "-q").status == 0
    tray, lid = nets(tmp_path / "sabacc-76-box-sleeved-a4.pdf")
    box = folded(tray, lid, stock)
    width, length, height = box["tray inside"]
    assert width - (CARD[0] + SLEEVE) >= CLEARANCE - 0.02 and width >= 66 + CLEARANCE     # a standard 66 x 91 sleeve
    assert length - (CARD[1] + SLEEVE) >= CLEARANCE - 0.02 and length >= 91 + CLEARANCE
    assert height - 76 * (0.32 + LAYER) >= CLEARANCE - 0.02
    over = [lid_in - tray_out for lid_in, tray_out in zip(box["lid inside"][:2], box["tray outside"][:2])]
    assert over == pytest.approx([lid_clearance, lid_clearance], abs=0.02) and min(over) > 0
    assert box["lid inside"][2] == pytest.approx(box["tray outside"][2], abs=0.02)


def test_the_glue_tabs_hang_from_the_end_walls_and_the_thumb_notches_are_cut_in_their_rims(cli, tmp_path):
    """Each net has four glue tabs, in the glue colour: on both sides of both end walls
    (the walls with the notched rims), each hinged on a fold that runs from the rim to
    the base, reaching out over the side walls' corner, none on a side wall; a thumb
    notch is cut down into the middle of each end wall's rim."""
    assert cli("box", "sabacc-76", "--sleeved", "--out", str(tmp_path), "-q").status == 0
    for net in nets(tmp_path / "sabacc-76-box-sleeved-a4.pdf"):
        rim, base_top, base_bottom, foot = net["box"][1], net["top"], net["bottom"], net["box"][3]
        assert len(net["tabs"]) == 4
        hinges = set()
        for tab in net["tabs"]:
            hinge = [(x, y) for x, y in tab if close(x, net["left"]) or close(x, net["right"])]
            assert len(hinge) == 2, tab
            (hx, ya), (_, yb) = hinge
            ends = sorted((ya, yb))
            assert ends == pytest.approx([rim, base_top], abs=0.02) or ends == pytest.approx([base_bottom, foot],
                                                                                              abs=0.02)
            assert (hx, *sorted((round(ya, 1), round(yb, 1)))) not in hinges
            hinges.add((hx, *sorted((round(ya, 1), round(yb, 1)))))
            reach = [x for x, _ in tab if (x, _) not in hinge]
            outward = -1 if close(hx, net["left"]) else 1
            assert all((x - hx) * outward == pytest.approx(8.0, abs=0.02) for x in reach)     # the glue tab's width
            assert any(close(x0, hx) and close(x1, hx) and close(min(y0, y1), ends[0]) and close(max(y0, y1), ends[1])
                       for x0, y0, x1, y1 in net["folds"]), "a tab's hinge is a fold"
        centre = (net["left"] + net["right"]) / 2
        for edge, sign in ((rim, 1), (foot, -1)):
            cut_in = [(x, y) for x, y in net["outline"] if net["left"] < x < net["right"] and (y - edge) * sign > 0.5
                      and (y < base_top if sign > 0 else y > base_bottom)]
            deepest = max(cut_in, key=lambda p: (p[1] - edge) * sign)
            assert deepest[0] == pytest.approx(centre, abs=0.05)
            assert abs(deepest[1] - edge) == pytest.approx(min(8.0, net["end"] / 2), abs=0.05)


def test_the_lid_carries_the_front_and_the_sides_and_the_tray_the_back(cli, tmp_path):
    """The lid's top is the tuck box's front: the deck's back art (here a flat green)
    over the whole of it and stopping at its folds, with the title; its two side walls
    carry the game's name, each read with its letters' tops toward the lid's top; the
    tray's base, the box's underside, carries the back's contents line. On one sheet."""
    import pypdfium2 as pdfium
    (tmp_path / "green.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#00c000'}\n",
                                         encoding="utf-8")
    text = deck_file(tmp_path, 20).read_text(encoding="utf-8").replace("back: sabacc-back", "back: green")
    (tmp_path / "deck.yaml").write_text(text.replace("name: box20", "name: green20"), encoding="utf-8")
    result = cli("box", str(tmp_path / "deck.yaml"), "--style", "tray", "--out", str(tmp_path))
    assert result.status == 0, result.err
    assert "green20: two-piece box (a tray and a lid, on one sheet) inside" in result.out
    pdf = tmp_path / "green20-box-tray-a4.pdf"
    tray, lid = nets(pdf)
    assert tray["page"] == lid["page"] == 0
    image = pdfium.PdfDocument(pdf)[0].render(scale=100 / 72).to_pil().convert("RGB")

    def colour(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(x * MM * 100 / 72), round(y * MM * 100 / 72)))

    def green(rgb) -> bool:
        return rgb[1] > 150 and rgb[0] < 60 and rgb[2] < 60

    left, right, top, bottom = lid["left"], lid["right"], lid["top"], lid["bottom"]
    for x in (left + 0.6, (left + right) / 2, right - 0.6):
        for y in (top + 0.6, (top + bottom) / 2 - 20, bottom - 0.6):
            assert green(colour(x, y)), (x, y)
    for x, y in ((left - 0.6, (top + bottom) / 2), (right + 0.6, (top + bottom) / 2), ((left + right) / 2, top - 0.6),
                 ((left + right) / 2, bottom + 0.6)):
        assert not green(colour(x, y)), (x, y)
    with pdfplumber.open(str(pdf)) as doc:
        page = doc.pages[0]
        words = page.extract_words()
        chars = [c for c in page.chars if not c["upright"] and c["text"].strip()]

    def within(word, net, x0, x1, y0, y1) -> bool:
        return x0 <= word["x0"] / MM and word["x1"] / MM <= x1 and y0 <= word["top"] / MM and word["bottom"] / MM <= y1

    on_lid = [w["text"] for w in words if within(w, lid, left, right, top, bottom)]
    on_tray = [w["text"] for w in words if within(w, tray, tray["left"], tray["right"], tray["top"], tray["bottom"])]
    assert "Test" in on_lid and "cards," not in on_lid
    assert "Test" in on_tray and any("cards," in word for word in on_tray), on_tray
    for wall, x0, x1, toward in (("left", left - lid["side"], left, 1), ("right", right, right + lid["side"], -1)):
        on_wall = [c for c in chars if x0 <= c["x0"] / MM and c["x1"] / MM <= x1 and top <= c["top"] / MM
                   and c["bottom"] / MM <= bottom]
        assert "".join(c["text"] for c in on_wall) == "TestGame", wall
        assert all(c["matrix"][2] * toward > 0.99 for c in on_wall), wall   # the letters' tops point to the lid's top


def test_a_small_deck_asked_for_a_tray_gets_both_nets_on_one_sheet_apart(cli, tmp_path):
    """--style tray on a deck whose tuck box fits: the tray and lid, both on one A4 sheet,
    their bleeds apart and inside the printer margin, and said as asked, not as forced."""
    from printgen.spec.printdata import paper
    result = cli("box", str(deck_file(tmp_path, 20)), "--style", "tray", "--out", str(tmp_path))
    assert result.status == 0, result.err
    assert "box20: two-piece box (a tray and a lid, on one sheet) inside 64.5 x 89.9 x 8.2 mm" in result.out
    tray, lid = found = nets(tmp_path / "box20-box-tray-a4.pdf")
    assert tray["page"] == lid["page"] == 0
    margin = paper("a4").margin / MM
    for net in found:
        x0, y0, x1, y1 = net["box"]
        width, height = net["size"]
        assert margin - 0.01 <= x0 - BLEED and x1 + BLEED <= width - margin + 0.01
        assert margin - 0.01 <= y0 - BLEED and y1 + BLEED <= height - margin + 0.01
    a, b = (net["box"] for net in found)
    assert any(first[3] + BLEED < second[1] - BLEED or first[2] + BLEED < second[0] - BLEED
               for first, second in ((a, b), (b, a)))          # one above the other, or side by side


def test_a_deck_whose_tuck_box_fits_still_gets_it_and_tuck_can_be_asked_for(cli, tmp_path):
    """Without --style the tuck box is made where it fits; --style tuck where it does not
    is an error that names --style tray, and nothing is written."""
    plain = cli("box", str(deck_file(tmp_path, 62)), "--out", str(tmp_path / "plain"))
    assert plain.status == 0 and plain.out.startswith("box62: tuck box inside 64.5 x 89.9")
    with pdfplumber.open(str(tmp_path / "plain" / "box62-box-a4.pdf")) as doc:
        assert len(doc.pages) == 1 and len(cut_outlines(doc.pages[0])) == 1
    tuck = cli("box", str(deck_file(tmp_path, 150)), "--style", "tuck", "--out", str(tmp_path / "tuck"))
    assert tuck.status == 2 and "Traceback" not in tuck.err and len(tuck.err.strip().splitlines()) == 1
    assert "the tuck box net needs" in tuck.err and "--style tray" in tuck.err
    assert not (tmp_path / "tuck").exists() or not any((tmp_path / "tuck").iterdir())


def test_style_is_refused_for_a_print_shops_box(cli, tmp_path):
    result = cli("box", "sabacc-62", "--for", "tgc", "--style", "tray", "--out", str(tmp_path))
    assert result.status == 2 and result.err.startswith("printgen: error: --style:")
    assert not any(tmp_path.iterdir())


def test_neither_box_fitting_is_one_error_naming_both(cli, tmp_path):
    result = cli("box", str(deck_file(tmp_path, 400)), "--out", str(tmp_path))
    assert result.status == 2 and len(result.err.strip().splitlines()) == 1
    assert "neither box fits a4: the tuck box net needs" in result.err and "the two-piece box's lid net" in result.err
    assert "(a4, letter)" in result.err and not list(tmp_path.glob("*.pdf"))


def test_the_build_says_it_made_a_two_piece_box_and_why(cli, tmp_path):
    """A deck whose tuck box does not fit gets its two-piece box from the build, and the
    build's line for it says so, with the inside size read back from the tray's folds."""
    deck, out = deck_file(tmp_path, 150), tmp_path / "out"
    result = cli("build", str(deck), "--only", "pdf,box", "--out", str(out))
    assert result.status == 0, result.err
    said, = [line for line in result.out.splitlines() if "box150-box-a4.pdf" in line]
    stock, _ = stock_and_lid_clearance()
    tray, _ = nets(out / "box150-box-a4.pdf")
    width, length, depth = tray["base"][0] - 2 * stock, tray["base"][1], tray["end"]
    assert (f"(two-piece box (a tray and a lid, on 2 sheets; the tuck box does not fit a4), inside "
            f"{width:.1f} x {length:.1f} x {depth:.1f} mm for 150 cards x 0.32 mm;") in said
    assert "no box" not in result.err and "no tuck box" not in result.err
