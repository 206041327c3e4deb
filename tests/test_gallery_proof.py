"""The gallery as a proof to sign off: trim and safe-zone lines placed from the
deck's bleed and safe zone, every page of every print file (backs too, within the
page budget), a summary of the deck's fields, and the cards whose images changed
since the last gallery, before | after; in headless Chromium (where installed) the
lines toggle, the printed-size view follows the ruler calibration, the back pages
load, and a one-card change shows exactly that card."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from conftest import FIXTURES
from printgen.cli import main
from printgen.gallery.files import THUMBS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BLEED_MM = SAFE_MM = 3.175            # the fixture's bleed and safe: 0.125in each
GREEN = "#2ca02c"


def build(deck: Path, out: Path) -> None:
    assert main(["build", str(deck), "-q", "--only", "pdf,png,gallery", "--out", str(out)]) == 0


def changed_names(root: Path) -> list[str]:
    """The cards the page lists as changed since the last gallery, and the card figures
    it marks as changed."""
    text = (root / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<figure class="changed"><img data-src="([^"]+)"', text)
    marked = re.findall(r'<figure class="card changed">.*?<img data-src="\./_gallery/([^"]+)\.jpg"', text)
    return sorted(src.removeprefix("./_gallery/").removesuffix(".changed.png") for src in listed) + sorted(marked)


def taken_out(root: Path) -> list[str]:
    """The card images the page lists as taken out since the last gallery, each shown
    by a copy that is there."""
    text = (root / "index.html").read_text(encoding="utf-8")
    found = re.findall(r'<figure class="changed taken-out"><img data-src="\./([^"]+)" alt="([^"]+), taken out"', text)
    assert all((root / copy).is_file() for copy, _ in found)
    return sorted(image for _, image in found)


@pytest.fixture()
def deck(tmp_path) -> Path:
    """A copy of the clean fixture (three cards, one per colour) to edit."""
    folder = tmp_path / "deck"
    shutil.copytree(FIXTURES / "preflight", folder)
    return folder / "clean.yaml"


def recolour(deck: Path, old: str, new: str) -> None:
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new), encoding="utf-8")


def record(out: Path) -> dict:
    return json.loads(next(out.glob(".proof-*.json")).read_text(encoding="utf-8"))


def test_the_lines_are_placed_from_the_decks_bleed_and_safe_zone_in_percent_of_the_image(deck, tmp_path):
    out = tmp_path / "out"
    build(deck, out)
    proof = record(out)
    assert proof["insets_mm"] == pytest.approx([BLEED_MM, SAFE_MM], abs=0.001)
    style = re.search(r'<div class="cards" style="([^"]+)"', (out / "index.html").read_text()).group(1)
    inset = {name: float(value) for name, value in re.findall(r"--(\w+):([\d.]+)%", style)}
    with Image.open(out / proof["cards"][0][1]) as face:      # the image, read back: pixels at its dpi
        dpi = face.info["dpi"][0]
        width, height = face.size
    px = dpi / 25.4
    assert inset["bx"] / 100 * width == pytest.approx(BLEED_MM * px, abs=0.5)
    assert inset["by"] / 100 * height == pytest.approx(BLEED_MM * px, abs=0.5)
    assert inset["sx"] / 100 * width == pytest.approx((BLEED_MM + SAFE_MM) * px, abs=0.5)
    assert inset["sy"] / 100 * height == pytest.approx((BLEED_MM + SAFE_MM) * px, abs=0.5)


def test_the_summary_counts_the_cards_per_value_of_each_field():
    from printgen.cli.build import load_deck
    from printgen.gallery.proof import SUMMARY_VALUES, field_summary
    sabacc = load_deck("sabacc-62")
    summary = dict(field_summary(sabacc.cards))
    for name in ("suit", "kind", "value"):
        assert dict(summary[name]) == Counter(card.fields.get(name, "") for card in sabacc.cards), name
    values = [card.fields["value"] for card in sabacc.cards]
    negative = sum(1 for v in values if v.lstrip().startswith(("-", "\u2212")) and v.strip("+-\u2212 0"))
    signs = dict(summary["value, by sign"])
    assert signs["\u2212"] == negative and sum(signs.values()) == len(values)
    assert [name for name in summary if name.endswith("by sign")] == ["value, by sign"]
    solomon = dict(field_summary(load_deck("solomons-temple-black").cards))
    assert "name" not in solomon and "type" in solomon            # 49 names: more than SUMMARY_VALUES
    assert len({card.fields["name"] for card in load_deck("solomons-temple-black").cards}) > SUMMARY_VALUES


def test_every_page_of_the_print_file_is_previewed_backs_included(deck, tmp_path):
    out = tmp_path / "out"
    build(deck, out)
    pdf = next(out.glob("*.pdf"))
    text = (out / "index.html").read_text(encoding="utf-8")
    document = pdfium.PdfDocument(pdf)
    assert len(document) >= 2
    previews = [THUMBS + "/" + pdf.name + (".jpg" if n == 0 else f".{n + 1}.jpg") for n in range(len(document))]
    for number, rel in enumerate(previews):
        assert f'data-src="./{rel}"' in text, rel
        page = document[number]
        with Image.open(out / rel) as shown:
            rendered = page.render(scale=shown.height / page.get_size()[1]).to_pil().convert("RGB")
            rendered = rendered.resize(shown.size)
            difference = ImageStat.Stat(ImageChops.difference(rendered, shown.convert("RGB"))).mean
        assert max(difference) < 6, (rel, difference)           # the page itself, JPEG noise aside
    with Image.open(out / previews[0]) as faces, Image.open(out / previews[1]) as backs:
        assert max(ImageStat.Stat(ImageChops.difference(faces.convert("RGB"), backs.convert("RGB"))).mean) > 10
    document.close()


def test_pages_past_the_bounds_are_counted_not_shown(deck, tmp_path, monkeypatch):
    from printgen.gallery import previews
    monkeypatch.setattr(previews, "MAX_PAGES", 1)
    out = tmp_path / "out"
    build(deck, out)
    text = (out / "index.html").read_text(encoding="utf-8")
    assert "(2 pages)" in text and "and 1 more page not previewed" in text
    assert not list((out / THUMBS).glob("*.2.jpg"))
    monkeypatch.setattr(previews, "MAX_PAGES", 40)
    monkeypatch.setattr(previews, "PAGES_PIXELS", 1)          # the budget: the first page of each file only
    assert main(["gallery", "-q", "--out", str(out)]) == 0
    assert "and 1 more page not previewed" in (out / "index.html").read_text(encoding="utf-8")


def test_a_one_card_change_shows_exactly_that_card_and_a_rebuild_without_change_none(deck, tmp_path):
    out = tmp_path / "out"
    build(deck, out)
    assert changed_names(out) == []                                   # nothing to compare with yet
    copies = {p.name: p.read_bytes() for p in (out / THUMBS / "png").glob("*.png.png")}
    assert len(copies) == 4                                           # three faces and the back
    for png in (out / "png").glob("*.png"):                           # rewritten with the same pixels
        png.touch()
    build(deck, out)
    assert changed_names(out) == []
    assert {p.name: p.read_bytes() for p in (out / THUMBS / "png").glob("*.png.png")} == copies
    recolour(deck, "#ff7f0e", GREEN)                                  # the second card
    build(deck, out)
    assert changed_names(out) == ["png/2-clean.png", "png/2-clean.png"]
    with Image.open(out / THUMBS / "png" / "2-clean.png.changed.png") as picture:
        picture = picture.convert("RGB")
        half = (picture.width - 12) // 2
        before, after = picture.crop((0, 0, half, picture.height)), picture.crop((half + 12, 0, picture.width,
                                                                                 picture.height))
    with Image.open(io.BytesIO(copies["2-clean.png.png"])) as old:
        assert max(ImageStat.Stat(ImageChops.difference(before, old.convert("RGB"))).mean) < 10   # the old card
    assert after.getpixel((4, after.height // 2))[1] < 120           # the border marked (was green)
    assert main(["gallery", "-q", "--out", str(out)]) == 0            # written again, nothing rebuilt
    assert changed_names(out) == []
    assert not list((out / THUMBS).rglob("*.changed.png"))


def test_a_strangers_file_where_a_change_would_be_shown_is_left_alone(deck, tmp_path, capsys):
    out = tmp_path / "out"
    build(deck, out)
    stranger = out / THUMBS / "png" / "2-clean.png.changed.png"
    stranger.write_bytes(b"mine")
    recolour(deck, "#ff7f0e", GREEN)
    build(deck, out)
    assert stranger.read_bytes() == b"mine" and changed_names(out) == []
    assert "2-clean.png.changed.png" in capsys.readouterr().err          # noted, not an error


# -- in headless Chromium -------------------------------------------------------------

PROBE = """<script>
window.addEventListener("load", function () {
  var imgs = Array.prototype.slice.call(document.querySelectorAll("img[data-src]"));
  imgs.forEach(function (i) { i.src = i.dataset.src; });
  var hidden = getComputedStyle(document.querySelector(".cards .lined"), "::before").display;
  document.getElementById("lines").click();
  var lines = Array.prototype.map.call(document.querySelectorAll(".cards .lined"), function (box) {
    var img = box.querySelector("img").getBoundingClientRect();
    function at(part) { var s = getComputedStyle(box, part);
      return [s.display, parseFloat(s.left), parseFloat(s.top), parseFloat(s.right), parseFloat(s.bottom)]; }
    return {w: img.width, h: img.height, trim: at("::before"), safe: at("::after")};
  });
  var form = document.querySelector("#calibrate form");
  form.elements.measured.value = "50";
  form.requestSubmit();
  var zoom = document.querySelector("a.zoom");
  zoom.click();
  var view = document.querySelector("#view img").getBoundingClientRect();
  Promise.all(imgs.map(function (i) { return new Promise(function (done) {
    if (i.complete) { done(); } else { i.onload = i.onerror = function () { done(); }; } }); })).then(function () {
    document.body.setAttribute("data-probe", JSON.stringify({hidden: hidden, lines: lines,
      zoom: {w: view.width, mm: parseFloat(zoom.dataset.w), scale: localStorage.getItem("printgen-mm-scale")},
      pages: Array.prototype.map.call(document.querySelectorAll(".pages img"), function (i) {
        return [i.alt, i.naturalWidth]; }),
      changed: Array.prototype.map.call(document.querySelectorAll(".changes figure"), function (f) {
        return [f.querySelector("b").textContent, f.querySelector("img").naturalWidth]; }),
      marked: document.querySelectorAll("figure.card.changed").length}));
  });
});
</script></body>"""


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install -y chromium)")
def test_in_chromium_lines_toggle_printed_size_follows_the_ruler_back_pages_load_one_card_changed(deck, tmp_path):
    out = tmp_path / "out"
    build(deck, out)
    recolour(deck, "#ff7f0e", GREEN)
    build(deck, out)
    page = out / "probe.html"                      # beside the real page, so its links hold
    page.write_text((out / "index.html").read_text(encoding="utf-8").replace("</body>", PROBE), encoding="utf-8")
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--window-size=1200,900", f"--user-data-dir={tmp_path / 'profile'}",
               "--virtual-time-budget=30000", "--dump-dom", page.as_uri()]
    for _ in range(2):                             # a busy machine may dump before the probe answers
        run = subprocess.run(command, capture_output=True, text=True, timeout=90)
        if "data-probe=" in run.stdout:
            break
    found = re.search(r'data-probe="([^"]*)"', run.stdout)
    assert found, run.stderr[-2000:]
    probe = json.loads(found.group(1).replace("&quot;", '"'))
    proof = record(out)
    width_mm, height_mm = proof["image_mm"]
    assert probe["hidden"] == "none" and len(probe["lines"]) == 3
    for card in probe["lines"]:
        assert card["trim"][0] == "block" and card["safe"][0] == "block"
        for box, inset in (("trim", BLEED_MM), ("safe", BLEED_MM + SAFE_MM)):
            left, top, right, bottom = card[box][1:]
            assert left == pytest.approx(card["w"] * inset / width_mm, abs=0.6)
            assert right == pytest.approx(card["w"] * inset / width_mm, abs=0.6)
            assert top == pytest.approx(card["h"] * inset / height_mm, abs=0.6)
            assert bottom == pytest.approx(card["h"] * inset / height_mm, abs=0.6)
    zoom = probe["zoom"]                           # the ruler read 50 mm on a 100 mm bar: twice as large
    assert float(zoom["scale"]) == pytest.approx(2.0)
    assert zoom["w"] == pytest.approx(zoom["mm"] * 2 * 96 / 25.4, abs=1)
    assert zoom["mm"] == pytest.approx(width_mm, abs=0.01)
    pdf = next(out.glob("*.pdf")).name
    assert [alt for alt, _ in probe["pages"]] == [pdf, f"{pdf}, page 2"]       # the backs' page too
    assert all(width > 0 for _, width in probe["pages"])                          # loaded
    assert probe["changed"] == [["Clean", probe["changed"][0][1]]] and probe["changed"][0][1] > 0
    assert probe["marked"] == 1


def test_a_renamed_card_is_compared_with_the_card_shown_in_its_place(deck, tmp_path):
    """A card's label names its file: renamed, it has no copy of its own, and is
    compared with the image the last gallery showed in its place."""
    named = deck.with_name("named.yaml")
    text = deck.read_text(encoding="utf-8")
    cards = "\n".join(f'  - fields: {{name: {name}, kind: clean, color: "{colour}"}}'
                      for name, colour in (("Alpha", "#1f77b4"), ("Beta", "#ff7f0e"), ("Gamma", "#9467bd")))
    named.write_text(text[:text.index("cards:")] + "cards:\n" + cards + "\n", encoding="utf-8")
    out = tmp_path / "out"
    build(named, out)
    recolour(named, "name: Beta,", "name: Bext,")
    build(named, out)
    assert changed_names(out) == ["png/2-bext.png", "png/2-bext.png"]
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<b>Bext</b> (face, was png/2-beta.png)" in page
    build(named, out)                                                 # and then nothing more
    assert changed_names(out) == []


def named_deck(deck: Path, cards: list[tuple[str, str]]) -> Path:
    """The fixture's deck with the cards (name, colour), each labelled by its name."""
    named = deck.with_name("named.yaml")
    text = deck.read_text(encoding="utf-8")
    entries = "\n".join(f'  - fields: {{name: {name}, kind: clean, color: "{colour}"}}' for name, colour in cards)
    named.write_text(text[:text.index("cards:")] + "cards:\n" + entries + "\n", encoding="utf-8")
    return named


FOUR = [("Alpha", "#1f77b4"), ("Beta", "#ff7f0e"), ("Gamma", "#9467bd"), ("Delta", "#8c564b")]


def test_a_card_taken_out_or_put_in_leaves_the_cards_after_it_unchanged(deck, tmp_path):
    """Taking out the second card renames the cards after it (3-gamma becomes
    2-gamma): each is compared with its own image of the last gallery, found by its
    label, not with the card shown in its place, so nothing is listed as changed, and
    the card taken out is shown as the last gallery kept it, once; a card put in has
    nothing to be compared with."""
    out = tmp_path / "out"
    build(named_deck(deck, FOUR), out)
    build(named_deck(deck, [FOUR[0], *FOUR[2:]]), out)
    assert sorted(path.name for path in (out / "png").glob("[0-9]*")) == ["1-alpha.png", "2-gamma.png", "3-delta.png"]
    assert changed_names(out) == []
    assert taken_out(out) == ["png/2-beta.png"]
    with Image.open(out / THUMBS / "png" / "2-beta.png.png") as copy:     # Beta's orange bleed, as it was
        assert copy.convert("RGB").getpixel((copy.width // 2, 2)) == (255, 127, 14)
    build(named_deck(deck, FOUR), out)
    assert changed_names(out) == [] and taken_out(out) == []
    build(named_deck(deck, FOUR), out)
    assert changed_names(out) == [] and taken_out(out) == []


def test_a_moved_card_that_changed_is_compared_with_its_own_last_image(deck, tmp_path):
    out = tmp_path / "out"
    build(named_deck(deck, FOUR), out)
    build(named_deck(deck, [FOUR[0], ("Gamma", GREEN), FOUR[3]]), out)
    assert changed_names(out) == ["png/2-gamma.png", "png/2-gamma.png"]
    assert "<b>Gamma</b> (face, was png/3-gamma.png)" in (out / "index.html").read_text(encoding="utf-8")
