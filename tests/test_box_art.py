"""The Game Crafter tuck box art: the box chosen, the image size, what lands on which
panel, preflight on the panels, and the page renderer it is drawn with."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageStat

from conftest import FIXTURES, beside
from pictures import assert_alike, pdf_page_image
from printgen.errors import SpecError
from printgen.errors import PreflightError
from printgen.layout.deck import layout_deck
from printgen.layout.boxart import layout_box
from printgen.products.box import build_box, deck_box
from printgen.products.export import ExportOptions, export_deck
from printgen.spec.vendors import profile
from printgen.products.export_box import plan_box_art
from printgen.spec.box import die_set_file, load_die_set, tuck_box
from printgen.render.png import render_page, render_side
from printgen.spec import load_deck
from printgen.spec.printdata import paper

CLEAN = FIXTURES / "preflight" / "clean.yaml"
PX = 300 / 72                      # pixels per point at 300 dpi
PANEL = (0x1B, 0x27, 0x42)         # templates/box-tuck.yaml colors.panel
GOLD = (0xC9, 0xA4, 0x40)          # templates/box-side.yaml colors.gold


def near(a, b, tol=6) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def pixels(image, box):
    """Every pixel inside box (points: left, top, right, bottom), as a set."""
    left, top, right, bottom = (round(v * PX) for v in box)
    return {colour for _, colour in image.crop((left, top, right, bottom)).getcolors(1 << 24)}


@pytest.fixture(scope="module")
def sabacc_art(tmp_path_factory):
    """sabacc-62's TGC box art, written by the real export, with its die line."""
    out = tmp_path_factory.mktemp("tgc")
    deck = load_deck("sabacc-62")
    result = export_deck(deck, profile("tgc"), ExportOptions(out=out, quiet=True))
    art, _ = plan_box_art(deck, profile("tgc"))
    path = out / "tgc" / f"sabacc-62-box-{art.die.name}.png"
    assert path in result.files and result.warnings == []
    with Image.open(path) as image:
        yield image.convert("RGB"), art.die, result, deck


@pytest.mark.parametrize("count,name,size", [
    (3, "PokerTuckBox36", (2100, 1800)), (46, "PokerTuckBox54", (2325, 1950)),
    (54, "PokerTuckBox54", (2325, 1950)), (62, "PokerTuckBox72", (2550, 1950)),
    (100, "PokerTuckBox108", (3075, 2250))])
def test_the_smallest_box_that_holds_the_deck(count, name, size):
    deck = load_deck(str(CLEAN))
    deck = replace(deck, cards=(deck.cards * count)[:count])
    art, why_not = plan_box_art(deck, profile("tgc"))
    assert why_not == "" and art.die.name == name and art.die.pixels == size
    # the page is the image's size in points, so it renders to exactly those pixels
    assert (round(art.page.width * PX), round(art.page.height * PX)) == size


def test_the_box_art_file_has_the_shops_pixel_size(sabacc_art):
    image, die, result, _ = sabacc_art
    assert die.name == "PokerTuckBox72" and image.size == (2550, 1950)
    assert any("PokerTuckBox72" in note and "2550 x 1950 px" in note for note in result.notes)


def test_panels_carry_the_box_art_and_stay_in_the_safe_zone(sabacc_art, tmp_path):
    image, die, _, deck = sabacc_art
    s = die.safe
    for name in ("side-left", "back", "side-right"):
        x, y, w, h = die.panels[name]
        inside = pixels(image, (x + s, y + s, x + w - s, y + h - s))
        assert any(near(p, GOLD, 12) for p in inside), f"{name}: no gold text"
        # between the panel's folds and its safe line there is only the panel colour
        for strip in ((x, y, x + s, y + h), (x + w - s, y, x + w, y + h),
                      (x, y, x + w, y + s), (x, y + h - s, x + w, y + h)):
            assert all(near(p, PANEL, 2) for p in pixels(image, strip)), (name, strip)
    # the front panel shows the deck's back: its centre pixel is the back's centre pixel
    x, y, w, h = die.panels["front"]
    back = render_side(layout_deck(deck).backs[deck.backs[0]], 300)
    assert near(image.getpixel((round((x + w / 2) * PX), round((y + h / 2) * PX))),
                back.getpixel((back.width // 2, back.height // 2)), 10)
    # the glue flap is bare from a bleed past its fold; the flaps around are painted
    gx, gy, gw, gh = die.panels["glue"]
    assert pixels(image, (gx + die.bleed + 1, gy + 1, gx + gw - 1, gy + gh - 1)) == {(255, 255, 255)}
    assert pixels(image, (0, 0, die.width, y - 1)) == {PANEL}


def test_strict_stops_on_the_box_art_before_writing(cli, tmp_path):
    result = cli("build", str(bordered_deck(tmp_path)), "--for", "tgc", "--strict",
                 "--out", str(tmp_path / "out"))
    assert result.status == 2 and "Traceback" not in result.err
    assert "PokerTuckBox36 box front" in result.err
    assert not (tmp_path / "out").exists()


def test_no_box_art_for_too_many_cards_or_another_card_size():
    deck = load_deck(str(CLEAN))
    art, why_not = plan_box_art(replace(deck, cards=deck.cards * 40), profile("tgc"))
    assert art is None and "120 cards" in why_not and "PokerTuckBox108" in why_not
    small = replace(deck, size=replace(deck.size, width=60 * 72 / 25.4, name=""))
    art, why_not = plan_box_art(small, profile("tgc"))
    assert art is None and "poker (63.5 x 88.9 mm)" in why_not and "60 x 88.9 mm" in why_not
    # a size given in numbers that is poker's gets the box
    same = replace(deck, size=replace(deck.size, name=""))
    assert plan_box_art(same, profile("tgc"))[0].die.name == "PokerTuckBox36"


def bordered_deck(tmp_path):
    """The clean deck with a border 1 mm inside its back's trim: across the safe line."""
    folder = beside(CLEAN, tmp_path)
    back = folder / "back.yaml"
    back.write_text(back.read_text() +
                    "  - {kind: rect, x: 1mm, y: 1mm, w: '{{ trim.w - 2 }}mm', "
                    "h: '{{ trim.h - 2 }}mm', stroke: '#ffffff', stroke_width: 1pt}\n")
    deck_file = folder / "deck.yaml"
    deck_file.write_text(CLEAN.read_text())
    return deck_file


def test_preflight_names_the_box_panel_that_crosses_the_safe_line(tmp_path):
    art, _ = plan_box_art(load_deck(str(bordered_deck(tmp_path))), profile("tgc"))
    assert art.warnings and all("PokerTuckBox36 box front" in line for line in art.warnings)
    # the front's art is laid out below the thumb notch, so its border is clear of the top
    assert {line.split("crosses the safe line at the ")[1].split()[0] for line in art.warnings} == \
        {"left", "right", "bottom"}


def test_a_bad_die_line_file_is_a_located_error(tmp_path):
    text = die_set_file("tgc-boxes.yaml").read_text().replace("front: 309pt 488.8pt", "front: 309pt")
    bad = tmp_path / "boxes.yaml"
    bad.write_text(text)
    with pytest.raises(SpecError) as error:
        load_die_set(bad)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.strip() == "front: 309pt")
    assert f"boxes.yaml:{line}" in str(error.value) and "'309pt'" in str(error.value)


def test_the_art_is_the_same_bytes_every_time(sabacc_art, tmp_path):
    _, die, _, deck = sabacc_art
    from printgen.products.export_box import write_box_art
    from printgen.products.export import ExportResult
    art, _ = plan_box_art(deck, profile("tgc"))
    paths = []
    for run in ("a", "b"):
        (tmp_path / run).mkdir()
        write_box_art(deck, art, profile("tgc"), tmp_path / run, ExportResult())
        paths.append(tmp_path / run / f"sabacc-62-box-{die.name}.png")
    assert paths[0].read_bytes() == paths[1].read_bytes()


def test_page_renderer_matches_the_pdf_of_the_home_made_box(tmp_path):
    """render_page (placed sides over what lies beneath, clipped, lines on top)
    against pdfium's raster of the same page written as PDF."""
    deck = load_deck("kerton-42")
    page = layout_box(deck, tuck_box(deck), paper("a4"), ())
    path, _ = build_box(deck, deck_box(deck, paper("a4")), out=tmp_path, paper=paper("a4"))
    assert_alike(pdf_page_image(path, 150), render_page(page, 150), mean_below=3.0,
                 folder=tmp_path, label="home-box")


def test_drawing_in_bands_leaves_no_seam(monkeypatch):
    """Shapes are drawn a band of rows at a time to save memory. Bands of 7 rows (so
    shapes cross a band edge every few rows) give the image drawn in one band, but
    for a few antialiased edge pixels: no row differs in more than 5% of its pixels."""
    import printgen.render.png as png
    deck = load_deck("kerton-42")
    page = layout_box(deck, tuck_box(deck), paper("a4"), ())
    monkeypatch.setattr(png, "BAND_PIXELS", 10 ** 9)
    whole = render_page(page, 72)
    monkeypatch.setattr(png, "BAND_PIXELS", 7 * whole.width)
    difference = ImageChops.difference(whole, render_page(page, 72)).convert("L")
    differing = difference.point(lambda v: 255 if v else 0)
    worst_row = max(differing.crop((0, y, whole.width, y + 1)).histogram()[255]
                    for y in range(whole.height))
    assert worst_row <= whole.width // 20        # a seam is a whole row (a fold line: 364 px)
    assert ImageStat.Stat(difference).mean[0] < 0.1


def test_box_command_writes_the_shop_art_alone(cli, tmp_path):
    result = cli("box", "kerton-42", "--for", "tgc", "--out", str(tmp_path))
    assert result.status == 0 and "PokerTuckBox54" in result.out
    assert [p.name for p in (tmp_path / "tgc").iterdir() if not p.name.startswith(".")] == ["kerton-42-box-PokerTuckBox54.png"]
    with Image.open(tmp_path / "tgc" / "kerton-42-box-PokerTuckBox54.png") as image:
        assert image.size == (2325, 1950)
    refused = cli("box", "kerton-42", "--for", "mpc", "--out", str(tmp_path / "m"))
    assert refused.status == 2 and "profiles that do: tgc" in refused.err
    assert not (tmp_path / "m").exists()


def test_box_text_that_does_not_fit_costs_the_box_art_not_the_cards(tmp_path):
    deck_file = beside(CLEAN, tmp_path) / "deck.yaml"
    deck_file.write_text(CLEAN.read_text() + "box:\n  back: \"" + "A long line of box text. " * 200 + "\"\n")
    result = export_deck(load_deck(str(deck_file)), profile("tgc"), ExportOptions(out=tmp_path, quiet=True))
    assert len(result.files) == 4 and not list((tmp_path / "tgc").glob("*box*"))
    [warning] = result.warnings
    assert "(tgc): no tuck box art:" in warning and "deck.yaml:" in warning and "box.back" in warning
    assert "box-back.yaml" not in warning            # the deck's key is to blame, not printgen's template
    with pytest.raises(PreflightError):          # and --strict stops on it, before writing
        export_deck(load_deck(str(deck_file)), profile("tgc"),
                    ExportOptions(out=tmp_path / "strict", strict=True, quiet=True))
    assert not (tmp_path / "strict").exists()
