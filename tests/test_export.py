"""Exports for print shops and Tabletop Simulator: pixel sizes, pages, boxes, order, grids."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import FIXTURES, beside
from printgen.errors import SpecError
from printgen.products.export import ExportOptions, export_deck
from printgen.spec.vendors import profile, profiles
from printgen.layout.tts import plan_sheets, sheet_dpi
from printgen.spec import load_deck
from printgen.spec.printdata import print_facts

CLEAN = FIXTURES / "preflight" / "clean.yaml"
COLORS = ["#1f77b4", "#ff7f0e", "#9467bd"]
BACK = "#333333"


def rgb(hex_color: str) -> tuple[int, int, int]:
    return tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5))


def near(a, b, tol=3) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.fixture(scope="module")
def deck():
    return load_deck(str(CLEAN))


def test_profiles_come_from_data():
    assert list(profiles()) == ["tgc", "mpc", "drivethrucards", "tts"]
    assert profile("mpc").expect["poker"] == (822, 1122)


@pytest.mark.parametrize("name,size", [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_png_profiles_write_rgb_images_of_the_shop_size(deck, tmp_path, name, size):
    result = export_deck(deck, profile(name), ExportOptions(out=tmp_path, quiet=True))
    assert result.warnings == []
    files = sorted(p.name for p in (tmp_path / name).iterdir())
    if name == "tgc":   # and the tuck box art (tests/test_box_art.py)
        files.remove("preflight-clean-box-PokerTuckBox36.png")
    assert files == ["preflight-clean-back.png", "preflight-clean-face-1-clean.png",
                     "preflight-clean-face-2-clean.png", "preflight-clean-face-3-clean.png"]
    for file in files:
        with Image.open(tmp_path / name / file) as image:
            assert image.size == size and image.mode == "RGB"
    # the card's colour reaches the very edge of the bleed
    with Image.open(tmp_path / name / files[1]) as image:
        assert near(image.getpixel((0, 0)), rgb(COLORS[0]))
        assert near(image.getpixel((size[0] - 1, size[1] - 1)), rgb(COLORS[0]))


def test_png_size_scales_with_card_size(tmp_path):
    text = CLEAN.read_text().replace("size: poker", "size: {width: 70mm, height: 120mm}")
    custom = beside(CLEAN, tmp_path) / "tarotish.yaml"
    custom.write_text(text)
    result = export_deck(load_deck(str(custom)), profile("tgc"), ExportOptions(out=tmp_path, quiet=True))
    with Image.open(result.files[0]) as image:
        # (70 mm + 2 x 1/8 in) and (120 mm + 2 x 1/8 in) at 300 dpi
        assert image.size == (round((70 / 25.4 + 0.25) * 300), round((120 / 25.4 + 0.25) * 300))


@pytest.mark.parametrize("name", ["tgc", "mpc", "drivethrucards"])
def test_a_card_size_the_shop_s_data_does_not_state_is_said_with_the_size_written(tmp_path, name):
    """printgen knows the shops' sizes for poker cards only: a tarot deck for a shop gets
    a note with the size written (what to check against the shop's template), not the
    silence of a size that was checked; a poker deck gets no such note."""
    text = CLEAN.read_text().replace("size: poker", "size: tarot")
    tarot = beside(CLEAN, tmp_path) / "tarot.yaml"
    tarot.write_text(text)
    result = export_deck(load_deck(str(tarot)), profile(name), ExportOptions(out=tmp_path / "t", quiet=True))
    note, = [n for n in result.notes if "knows the size" in n]
    written = "pages of 76.35 x 126.35 mm" if name == "drivethrucards" else "images of"
    assert "poker cards only" in note and written in note and "tarot cards" in note, note
    poker = export_deck(load_deck(str(CLEAN)), profile(name), ExportOptions(out=tmp_path / "p", quiet=True))
    assert not [n for n in poker.notes if "knows the size" in n]


def test_drivethrucards_pdf_pages_boxes_order_and_cmyk(deck, tmp_path):
    result = export_deck(deck, profile("drivethrucards"), ExportOptions(out=tmp_path, quiet=True))
    pdf = tmp_path / "drivethrucards" / "preflight-clean-drivethrucards.pdf"
    assert result.files == [pdf]
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 6
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        assert media == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72])          # 2.75 x 3.75 in
        assert [float(v) for v in page.bleedbox] == pytest.approx(media)
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 2.75 * 72 - 9, 3.75 * 72 - 9])
        data = page.get_contents().get_data()
        assert b" k\n" in data or b" k " in data                              # CMYK fill
        assert b" rg" not in data and b" RG" not in data                      # no RGB colour left
    texts = [page.extract_text().strip() for page in reader.pages]
    assert texts == ["BACK", "Clean", "BACK", "Clean", "BACK", "Clean"]       # back 1, front 1, ...
    assert any("PDF/X-1a:2003" in note for note in result.notes)


def test_tts_sheet_grid_positions_and_saved_object(deck, tmp_path):
    prof = replace(profile("tts"), dpi=50)                                     # small, fast images
    result = export_deck(deck, prof, ExportOptions(out=tmp_path, quiet=True))
    folder = tmp_path / "tts"
    saved = json.loads((folder / "preflight-clean-tts.json").read_text())
    state, = saved["ObjectStates"]
    assert state["Name"] == "DeckCustom"
    sheet_url = (folder / "preflight-clean-tts-sheet-1.png").resolve().as_uri()
    assert state["CustomDeck"] == {"1": {"FaceURL": sheet_url, "NumWidth": 4, "NumHeight": 1,
                                         "BackURL": (folder / "preflight-clean-tts-back.png").resolve().as_uri(),
                                         "BackIsHidden": False, "UniqueBack": False, "Type": 0}}
    assert state["DeckIDs"] == [100, 101, 102]
    assert [(c["Name"], c["CardID"], c["Nickname"]) for c in state["ContainedObjects"]] == [
        ("Card", 100 + i, card.label) for i, card in enumerate(deck.cards)]
    assert all(c["CustomDeck"]["1"] == state["CustomDeck"]["1"] for c in state["ContainedObjects"])
    card_w, card_h = round(63.5 / 25.4 * 50), round(88.9 / 25.4 * 50)       # trim only, no bleed
    with Image.open(folder / "preflight-clean-tts-sheet-1.png") as sheet:
        assert sheet.size == (4 * card_w, card_h)
        for slot, color in enumerate([*COLORS, BACK]):                        # last slot: hidden face
            assert near(sheet.getpixel((slot * card_w + 2, 2)), rgb(color)), slot
            assert near(sheet.getpixel((slot * card_w + card_w - 3, card_h - 3)), rgb(color)), slot
    assert any("Width 4, Height 1, Number 3" in note for note in result.notes)


def _tts_object(tmp_path, size: str):
    """The saved object and the notes of the clean deck at size, exported for TTS (small images)."""
    deck_file = beside(CLEAN, tmp_path) / "sized.yaml"
    deck_file.write_text(CLEAN.read_text().replace("size: poker", f"size: {size}"))
    result = export_deck(load_deck(str(deck_file)), replace(profile("tts"), dpi=20),
                         ExportOptions(out=tmp_path / "out", quiet=True))
    state, = json.loads((tmp_path / "out" / "tts" / "preflight-clean-tts.json").read_text())["ObjectStates"]
    return [state, *state["ContainedObjects"]], result.notes


def _lies(objects) -> set[tuple[bool, float, float, float]]:
    return {(o["SidewaysCard"], o["Transform"]["scaleX"], o["Transform"]["scaleY"], o["Transform"]["scaleZ"])
            for o in objects}


def test_a_landscape_tts_deck_lies_sideways(tmp_path):
    """A card wider than tall is a sideways card in Tabletop Simulator (SidewaysCard on
    the deck and on every card: a card drawn from the deck keeps its own), and the
    build's hint for a deck made by hand says to tick 'Sideways'; a turned poker card
    is the object's own size, so nothing is scaled."""
    objects, notes = _tts_object(tmp_path / "land", "{width: 88.9mm, height: 63.5mm}")
    assert len(objects) == 4 and _lies(objects) == {(True, 1.0, 1.0, 1.0)}
    hint, = [n for n in notes if n.startswith("sheet 1 ")]
    assert hint.endswith("'Back is hidden' unticked, 'Sideways' ticked")
    assert not [n for n in notes if "scale" in n]
    objects, notes = _tts_object(tmp_path / "poker", "poker")
    assert _lies(objects) == {(False, 1.0, 1.0, 1.0)}
    assert not [n for n in notes if "Sideways" in n or "scale" in n]


@pytest.mark.parametrize("size,lies", [
    ("tarot", (False, round(70 / 63.5, 4), round(120 / 88.9, 4))),
    ("mini", (False, round(44 / 63.5, 4), round(63 / 88.9, 4))),
    ("{width: 120mm, height: 70mm}", (True, round(120 / 88.9, 4), round(70 / 63.5, 4))),
])
def test_tts_cards_of_another_size_are_scaled_to_it(tmp_path, size, lies):
    """Tabletop Simulator draws every card on one card object (taken as a poker card at
    scale 1, the profile's `card`): a deck of another size gets the object scaled along
    its width and its height as the card lies (scaleX, scaleZ; its thickness, scaleY,
    kept), on the deck and every card, and one note saying so."""
    objects, notes = _tts_object(tmp_path, size)
    sideways, x, z = lies
    assert _lies(objects) == {(sideways, x, 1.0, z)}
    note, = [n for n in notes if "Transform scaleX and scaleZ" in n]
    assert f"scales its width by {x:g} and its height by {z:g}" in note
    assert "taken as 63.5 x 88.9 mm at scale 1" in note


@pytest.mark.parametrize("option,value", [("--only", "pdf"), ("--paper", "letter"), ("--duplex", "short"),
                                          ("--back-offset", "1mm,0mm"), ("--pap", "letter"), ("--only=png", None)])
@pytest.mark.parametrize("target", ["tgc", "mpc", "drivethrucards", "tts"])
def test_home_print_options_are_refused_with_for(cli, tmp_path, option, value, target):
    """An export writes the shop's own files: --only, --paper, --duplex and --back-offset
    would do nothing with --for, so typing one (abbreviated or with '=' too) is one line
    naming it, its value and the profile; exit 2 and nothing written."""
    typed = [option] + ([value] if value else [])
    result = cli("build", str(CLEAN), "--for", target, *typed, "--out", str(tmp_path / "out"))
    assert result.status == 2 and result.out == ""
    line, = result.err.splitlines()
    name = {"--pap": "--paper", "--only=png": "--only"}.get(option, option)
    shown = value or "png"
    assert line.startswith(f"printgen: error: {name}: only the home-print build uses it (without --for), "
                           f"got {shown!r} with --for {target}: "), line
    assert not (tmp_path / "out").exists()


def test_home_print_options_are_refused_with_for_all_decks_too(cli, tmp_path):
    result = cli("build", "--all", "--for", "tgc", "--duplex", "long", "--out", str(tmp_path / "out"))
    assert result.status == 2 and len(result.err.splitlines()) == 1 and "--duplex: " in result.err
    assert not (tmp_path / "out").exists()


def test_paper_from_the_environment_is_no_option_typed_with_for(cli, tmp_path, monkeypatch):
    """$PRINTGEN_PAPER sets every command's default paper: an export, which uses no paper,
    is not refused for it, but is for the same paper typed; a home-print build is refused
    none of its options."""
    monkeypatch.setenv("PRINTGEN_PAPER", "letter")
    assert cli("build", str(CLEAN), "--for", "tts", "-q", "--out", str(tmp_path / "a")).status == 0
    assert cli("build", str(CLEAN), "--for", "tts", "--paper", "letter", "-q", "--out", str(tmp_path / "c")).status == 2
    result = cli("build", str(CLEAN), "--paper", "a4", "--duplex", "short", "--back-offset", "1mm,0mm",
                 "--only", "pdf", "-q", "--out", str(tmp_path / "b"))
    assert result.status == 0 and (tmp_path / "b" / "preflight-clean-a4-short.pdf").is_file()


def test_box_for_a_shop_refuses_paper(cli, tmp_path):
    result = cli("box", "sabacc-62", "--for", "tgc", "--paper", "letter", "--out", str(tmp_path / "out"))
    assert result.status == 2 and result.err.startswith("printgen: error: --paper: not used with --for, got 'letter'")
    assert not (tmp_path / "out").exists()


def test_tts_url_base_names_the_images_online(cli, tmp_path):
    result = cli("build", str(CLEAN), "--for", "tts", "--url-base", "https://example.org/decks/",
                 "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    state, = json.loads(next((tmp_path / "tts").glob("*-tts.json")).read_text())["ObjectStates"]
    assert state["CustomDeck"]["1"]["FaceURL"] == "https://example.org/decks/preflight-clean-tts-sheet-1.png"
    assert cli("build", str(CLEAN), "--url-base", "https://x.org", "--out", str(tmp_path)).status == 2
    assert cli("build", str(CLEAN), "--for", "tts", "--url-base", "x.org", "--out", str(tmp_path)).status == 2


@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot"])
@pytest.mark.parametrize("cards", [1, 3, 8, 9, 20, 62, 69, 70, 200])
def test_tts_sheets_are_at_most_4096_pixels_a_side_at_the_most_dpi_that_fits(size, cards):
    """The dpi is the most that keeps every sheet as planned (not a full 10 x 7 grid
    whatever the deck) within 4096 px a side, up to the profile's."""
    card = print_facts().card_sizes[size]
    plans = plan_sheets(cards, 10, 7)
    most = profile("tts").dpi
    dpi = sheet_dpi(card.width, card.height, plans, most, profile("tts").max_side)

    def fits(dpi: int) -> bool:               # each card a whole number of pixels
        return all(p.cols * round(card.width * dpi / 72) <= 4096 and p.rows * round(card.height * dpi / 72) <= 4096
                   for p in plans)

    assert fits(dpi) and (dpi == most or not fits(dpi + 1))


def test_tts_dpi_follows_the_grid_of_the_deck():
    poker = print_facts().card_sizes["poker"]
    dpi = {n: sheet_dpi(poker.width, poker.height, plan_sheets(n, 10, 7), 200, 4096) for n in (3, 7, 8, 9, 69, 75)}
    # up to 7 cards (8 x 1 at 200 dpi: 4000 px wide); 8 cards, 9 x 1: 182 dpi; 10 side by side: 163
    assert dpi == {3: 200, 7: 200, 8: 182, 9: 163, 69: 163, 75: 163}


@pytest.fixture
def vendors_file(tmp_path, monkeypatch):
    """A copy of vendors.yaml to edit, read in place of printgen's own (the tuck box
    die lines it names copied beside it)."""
    from printgen.builtin import data_dir
    from printgen.spec import vendors
    folder = tmp_path / "data"
    folder.mkdir()
    for name in ("vendors.yaml", "tgc-boxes.yaml"):
        (folder / name).write_text((data_dir() / name).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(vendors, "data_dir", lambda: folder)
    vendors.profiles.cache_clear()
    yield folder / "vendors.yaml"
    vendors.profiles.cache_clear()


def test_tabletop_simulators_image_limit_is_read_from_vendors_yaml(vendors_file, tmp_path):
    """max_side is the profile's: at 1000 px, the clean deck's 4 x 1 sheet (2000 px wide
    at 200 dpi) is drawn at 100 dpi, 1000 x 350 px, and the build says why."""
    text = vendors_file.read_text(encoding="utf-8")
    assert 'max_side: "4096"' in text
    vendors_file.write_text(text.replace('max_side: "4096"', 'max_side: "1000"'), encoding="utf-8")
    assert profile("tts").max_side == 1000
    result = export_deck(load_deck(str(CLEAN)), profile("tts"), ExportOptions(out=tmp_path / "out", quiet=True))
    with Image.open(tmp_path / "out" / "tts" / "preflight-clean-tts-sheet-1.png") as sheet:
        assert sheet.size == (1000, 350)
    assert any("100 dpi instead of 200" in note and "at most 1000 pixels a side" in note for note in result.notes)


def test_a_tts_profile_without_its_image_limit_is_an_error(vendors_file):
    text = vendors_file.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.strip().startswith("max_side:"))
    vendors_file.write_text("\n".join(row for n, row in enumerate(text.splitlines(), 1) if n != line) + "\n",
                            encoding="utf-8")
    with pytest.raises(SpecError) as error:
        profiles()
    said = str(error.value)
    assert "vendors.yaml" in said and "profiles.tts" in said and "'max_side'" in said, said


def test_a_small_tts_deck_is_drawn_at_the_profile_dpi(tmp_path):
    """Three poker cards and the hidden face make a 4 x 1 sheet: 2000 x 700 px at 200 dpi."""
    result = export_deck(load_deck(str(CLEAN)), profile("tts"), ExportOptions(out=tmp_path, quiet=True))
    with Image.open(tmp_path / "tts" / "preflight-clean-tts-sheet-1.png") as sheet:
        assert sheet.size == (4 * 500, 700)
    with Image.open(tmp_path / "tts" / "preflight-clean-tts-back.png") as back:
        assert back.size == (500, 700)
    assert not any("dpi" in note for note in result.notes)


def test_a_full_tts_sheet_of_a_built_in_deck(tmp_path):
    result = export_deck(load_deck("sabacc-62"), profile("tts"), ExportOptions(out=tmp_path, quiet=True))
    with Image.open(tmp_path / "tts" / "sabacc-62-tts-sheet-1.png") as sheet:
        assert sheet.size == (10 * round(63.5 / 25.4 * 163), 7 * round(88.9 / 25.4 * 163)) == (4080, 3997)
    assert "cards drawn at 163 dpi instead of 200, so that a sheet of 10 x 7 cards is at most 4096 pixels " \
           "a side" in result.notes


def test_tts_cards_meet_on_whole_pixels_with_no_white_line_between(tmp_path):
    """A mini card is 346.46 px wide at 200 dpi: drawn 346 px wide at its own place
    rounded, every other card left a column of the white page between it and the next
    (a white hairline at its edge in the game). Each card fills a cell of whole pixels,
    so the sheet is 4 x 346 px, Tabletop Simulator cuts it into equal cells, and every
    pixel of it is a card's."""
    mini = beside(CLEAN, tmp_path) / "mini.yaml"
    mini.write_text(CLEAN.read_text().replace("size: poker", "size: mini"))
    export_deck(load_deck(str(mini)), profile("tts"), ExportOptions(out=tmp_path, quiet=True))
    with Image.open(tmp_path / "tts" / "preflight-clean-tts-sheet-1.png") as sheet:
        assert sheet.size == (4 * round(44 / 25.4 * 200), round(63 / 25.4 * 200)) == (1384, 496)
        rgb_sheet = sheet.convert("RGB")
        white = [x for x in range(sheet.width)
                 if all(rgb_sheet.getpixel((x, y)) == (255, 255, 255) for y in range(0, sheet.height, 8))]
        assert white == []                                      # no line of the page from top to bottom
        for slot, color in enumerate([*COLORS, BACK]):         # each card's own edges are its colour
            for y in (3, sheet.height // 2, sheet.height - 4):
                assert near(rgb_sheet.getpixel((slot * 346, y)), rgb(color)), (slot, y)
                assert near(rgb_sheet.getpixel((slot * 346 + 345, y)), rgb(color)), (slot, y)


def test_tts_decks_over_69_cards_take_several_sheets(tmp_path):
    big = beside(CLEAN, tmp_path) / "big.yaml"
    big.write_text(CLEAN.read_text().replace("fields: {name: Clean, kind: clean}",
                            "fields: {name: Clean, kind: clean}\n    count: 25"))
    deck = load_deck(str(big))
    assert len(deck.cards) == 75
    prof = replace(profile("tts"), dpi=10)
    export_deck(deck, prof, ExportOptions(out=tmp_path, quiet=True))
    state, = json.loads((tmp_path / "tts" / f"{deck.name}-tts.json").read_text())["ObjectStates"]
    assert [(d["NumWidth"], d["NumHeight"]) for d in state["CustomDeck"].values()] == [(10, 7), (7, 1)]
    assert state["DeckIDs"] == [100 + i for i in range(69)] + [200 + i for i in range(6)]
    with Image.open(tmp_path / "tts" / f"{deck.name}-tts-sheet-1.png") as sheet:
        card_w, card_h = round(63.5 / 25.4 * 10), round(88.9 / 25.4 * 10)
        assert sheet.size == (10 * card_w, 7 * card_h)
        assert near(sheet.getpixel((9 * card_w + 1, 6 * card_h + 1)), rgb(BACK), tol=8)


def test_plan_sheets():
    assert [(p.count, p.cols, p.rows) for p in plan_sheets(62, 10, 7)] == [(62, 10, 7)]
    assert [(p.count, p.cols, p.rows) for p in plan_sheets(69, 10, 7)] == [(69, 10, 7)]
    assert [(p.first, p.count) for p in plan_sheets(70, 10, 7)] == [(0, 69), (69, 1)]
    assert [(p.count, p.cols, p.rows, p.hidden_slot) for p in plan_sheets(9, 10, 7)] == [(9, 10, 1, 9)]


def test_cli_for_prints_the_tts_numbers(cli, tmp_path):
    result = cli("build", str(CLEAN), "--for", "tts", "--out", str(tmp_path / "x"))
    assert result.status == 0
    assert "Width 4, Height 1, Number 3" in result.out
    assert (tmp_path / "x" / "index.html").is_file()


def test_cli_for_counts_faces_backs_and_warnings_in_words(cli, tmp_path):
    """The summary counts as a sentence does: '1 back', 'no warnings', never 'back(s)'."""
    result = cli("build", "sabacc-62", "--for", "mpc", "--out", str(tmp_path / "x"))
    assert result.status == 0, result.err
    assert "62 faces and 1 back," in result.out and "preflight: no warnings" in result.out, result.out
    assert "(s)" not in result.out, result.out


def test_exports_are_deterministic(deck, tmp_path):
    for run in ("a", "b"):
        export_deck(deck, profile("drivethrucards"), ExportOptions(out=tmp_path / run, quiet=True))
        export_deck(deck, profile("tgc"), ExportOptions(out=tmp_path / run, quiet=True))
    for rel in ("drivethrucards/preflight-clean-drivethrucards.pdf", "tgc/preflight-clean-back.png"):
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()


def test_drivethrucards_small_dark_text_is_black_ink_alone(tmp_path):
    """Small dark text (the Kerton card's black pips and words, the box's navy ink)
    prints on the black plate only; large or coloured text keeps its four-colour mix."""
    import pdfplumber
    export_deck(load_deck("kerton-42"), profile("drivethrucards"), ExportOptions(out=tmp_path, quiet=True))
    pdf = tmp_path / "drivethrucards" / "kerton-42-drivethrucards.pdf"
    small_dark, other = set(), set()
    with pdfplumber.open(str(pdf)) as document:
        for page in document.pages:
            for char in page.chars:
                colour = tuple(round(v, 3) for v in char["non_stroking_color"])
                if char["size"] <= 12 and colour == (0, 0, 0, 1):
                    small_dark.add(char["text"])
                elif char["size"] <= 12:
                    other.add(colour)
    assert small_dark
    # every other small text is light enough to keep its mix (K below 0.6: some channel above 0.4)
    assert all(len(c) == 4 and c[3] < 0.6 for c in other), other


def test_several_backs_sort_in_deck_order_and_a_list_says_which_back_each_face_takes(tmp_path):
    """Eleven backs: their files are numbered 01 to 11 as the faces are, so they sort in
    the deck's order (not 1, 10, 11, 2), and DECK-cards.csv pairs every face file with
    its back's file."""
    folder = beside(CLEAN, tmp_path)
    back = (folder / "back.yaml").read_text()
    entries = []
    for n in range(1, 12):
        (folder / f"b{n}.yaml").write_text(back)
        entries.append(f"  - {{fields: {{name: C{n}, kind: clean, color: '#1f77b4'}}, back: b{n}.yaml}}")
    head = CLEAN.read_text().split("cards:")[0].replace("size: poker", "size: mini")
    path = folder / "many.yaml"
    path.write_text(head + "cards:\n" + "\n".join(entries) + "\n")
    export_deck(load_deck(str(path)), profile("mpc"), ExportOptions(out=tmp_path / "out", quiet=True))
    written = sorted(p.name for p in (tmp_path / "out" / "mpc").iterdir())
    backs = [name for name in written if "-back-" in name]
    assert backs == [f"preflight-clean-back-{n:02d}-b{n}.png" for n in range(1, 12)]
    rows = (tmp_path / "out" / "mpc" / "preflight-clean-cards.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "face,back,count"
    assert rows[1:] == [f"preflight-clean-face-{n:02d}-c{n}.png,preflight-clean-back-{n:02d}-b{n}.png,1"
                        for n in range(1, 12)]
    assert set(written) == {r.split(",")[i] for r in rows[1:] for i in (0, 1)} | {"preflight-clean-cards.csv"}
    export_deck(load_deck(str(CLEAN)), profile("mpc"), ExportOptions(out=tmp_path / "one", quiet=True))
    assert not list((tmp_path / "one" / "mpc").glob("*.csv"))        # one back: no list needed


def _centre_of(path, colour: tuple[int, int, int]) -> tuple[float, float]:
    """The centre of a picture's pixels of one colour, as fractions of its width and height."""
    with Image.open(path) as image:
        mask = image.convert("RGB")
        pixels = [(x, y) for y in range(0, image.height, 3) for x in range(0, image.width, 3)
                  if near(mask.getpixel((x, y)), colour, tol=20)]
        assert pixels, path
        return (sum(x for x, _ in pixels) / len(pixels) / image.width,
                sum(y for _, y in pixels) / len(pixels) / image.height)


def _landscape_poker(tmp_path):
    """A landscape poker deck (88.9 x 63.5 mm): a black square in its face's top-left
    corner, a red one in its back's."""
    folder = beside(CLEAN, tmp_path)
    for name, colour in (("corner-face", "#000000"), ("corner-back", "#ff0000")):
        (folder / f"{name}.yaml").write_text(
            "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
            f"  - {{kind: rect, x: 4mm, y: 4mm, w: 8mm, h: 8mm, fill: '{colour}'}}\n")
    text = (CLEAN.read_text().replace("size: poker", "size: {width: 88.9mm, height: 63.5mm}")
            .replace("face: face.yaml", "face: corner-face.yaml").replace("back: back.yaml", "back: corner-back.yaml"))
    path = folder / "landscape.yaml"
    path.write_text(text)
    return load_deck(str(path))


@pytest.mark.parametrize("name,size", [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_a_landscape_poker_deck_is_written_turned_as_the_shop_s_upright_poker_cards(tmp_path, name, size):
    """The shops' poker cards stand upright: a landscape poker card is written turned a
    quarter, its face clockwise (the face's top-left corner at the image's top right),
    its back counter-clockwise (the back's top-left corner at the bottom left, so that
    the back reads upright behind its face when the card is turned over like a book
    page), with a note that says so, and not the note of a size printgen does not know."""
    result = export_deck(_landscape_poker(tmp_path), profile(name), ExportOptions(out=tmp_path / "out", quiet=True))
    assert result.warnings == []
    assert not [n for n in result.notes if "knows the size" in n]
    note, = [n for n in result.notes if "on their side" in n]
    assert "clockwise" in note and "counter-clockwise" in note, note
    folder = tmp_path / "out" / name
    face = folder / "preflight-clean-face-1-clean.png"
    back = folder / "preflight-clean-back.png"
    for path in (face, back):
        with Image.open(path) as image:
            assert image.size == size
    fx, fy = _centre_of(face, (0, 0, 0))
    assert fx > 0.75 and fy < 0.25, (fx, fy)                     # top right
    bx, by = _centre_of(back, (255, 0, 0))
    assert bx < 0.25 and by > 0.75, (bx, by)                     # bottom left


def test_a_landscape_poker_deck_gets_upright_drivethrucards_pages(tmp_path):
    result = export_deck(_landscape_poker(tmp_path), profile("drivethrucards"),
                         ExportOptions(out=tmp_path / "out", quiet=True))
    assert result.warnings == [] and not [n for n in result.notes if "knows the size" in n]
    assert [n for n in result.notes if "on their side" in n]
    for page in PdfReader(str(result.files[0])).pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72])
