"""Rules texts: every built-in text fits its fold and its deck's tuck box; user Markdown
errors are located (file:line); images, tables and deals reach the leaflet."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from conftest import ROOT
from printgen.model import Duplex
from printgen.layout.primitives import TextRun
from printgen.layout.box import box_size
from printgen.layout.leaflet import fold_style
from printgen.products.rules import RulesBuild, deal_blocks, find_rules, layout_rules
from printgen.spec.fold import fold_facts, rules_panel
from printgen.spec import load_deck
from printgen.spec.box import box_facts, box_options
from printgen.spec.places import RULES, catalogue
from printgen.spec.printdata import paper

GAMES = ["coruscant-shift", "jedi-duel", "jedi-temple", "kerton-sabacc", "solomons-temple",
         "west-end-sabacc"]


def test_every_game_has_a_rules_text():
    assert sorted(catalogue(RULES)) == GAMES


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_builtin_text_fits_one_side(tmp_path, game, sheet):
    leaflet = layout_rules(find_rules(game), RulesBuild(out=tmp_path, paper=paper(sheet),
                                                           duplex=Duplex.NONE))
    assert leaflet.sides == 1 and 2 <= leaflet.panels <= 8
    text = " ".join(run.text for page in leaflet.pages for placed in page.placed
                    for run in placed.side.prims if isinstance(run, TextRun))
    if game == "jedi-temple":                            # a play aid, not a rewrite of the rules
        assert "This is not the rules." in text and "CC BY-NC-ND" in text
        assert "Sabacc Cantina App" in text and "--original" in text
    else:
        assert "printgen's own" in text                  # says it is our wording, with credits
    assert leaflet.body >= 8.0                           # body type never under 8 pt


@pytest.mark.parametrize("game", GAMES)
def test_fold_fits_its_decks_tuck_box(game):
    rules = find_rules(game)
    if rules.deck is None:                   # Jedi Duel is played with a standard pack
        assert game == "jedi-duel"
        return
    loaded = load_deck(rules.deck)
    size = box_size(loaded, box_options(loaded), box_facts())
    style = fold_style(fold_facts(), rules_panel(rules))
    assert style.width < size.inner_w and style.height < size.inner_h


def test_jedi_temple_deal_lists_the_engines_order(cli, tmp_path):
    from printgen.spec.dealfile import jedi_deal
    deal = jedi_deal(5)
    blocks = deal_blocks(find_rules("jedi-temple").deal, 5)
    text = [" ".join(span.text for span in block.spans) for block in blocks]
    stock = " ".join("Sylop" if v == 0 else f"{v:+d}".replace("-", "\u2212") for v in deal.values[28:])
    assert any(" ".join(t.split()) == stock for t in text)
    row7 = " ".join("Sylop" if v == 0 else f"{v:+d}".replace("-", "\u2212") for v in deal.values[21:28])
    assert any(" ".join(t.split()) == f"Row 7: {row7}" for t in text)
    rolls = [t for t in text if " and " in t and t.split()[0].isdigit()]
    assert rolls == [f"{a} and {b}" for a, b in deal.rolls]
    result = cli("rules", "jedi-temple", "--deal", "5", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert (tmp_path / "jedi-temple-deal-5-rules-poker-a4.pdf").is_file()


def test_a_leaflets_deal_prints_each_value_as_the_deals_sheet_does(cli, tmp_path):
    """The values to stack the deck by are set with the minus sign, as on the deal's
    sheet and the cards, not with a hyphen: read back from the leaflet, every signed
    value of the deal's panels is one the sheet's setup order prints."""
    import re

    from pdfread import words
    from printgen.products.dealsheet import DealSheetBuild, build_deal_sheet
    from printgen.spec.printdata import paper
    result = cli("rules", "jedi-temple", "--deal", "7", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    with pdfplumber.open(str(tmp_path / "jedi-temple-deal-7-rules-poker-a4.pdf")) as pdf:
        chars = [c for page in pdf.pages for c in page.chars]       # as set, upside down or not
    leaflet = "".join((" " if abs(c["top"] - before["top"]) > 1 else "") + c["text"]   # a space at each line's end
                      for before, c in zip([chars[0], *chars], chars))
    sheet = build_deal_sheet(7, DealSheetBuild(paper("a4"), level="padawan", out=tmp_path / "s.pdf", jobs=1))
    printed = set(re.findall(r"[+\u2212]\d+", words(sheet)[0]))
    values = re.findall(r"[+\u2212-]\d+", leaflet.split("Deal 7", 1)[1])
    assert len(values) >= 60 and set(values) <= printed, sorted(set(values) - printed)


def test_jedi_temple_stacking_panel_names_one_stockpile(cli, tmp_path):
    """The deal notes' "Stacking the deck" said cards 29 to 62 are the Stockpile, 29 on
    top, then turned 29 up as the Discard Pile: the Stockpile is cards 30 to 62 only."""
    result = cli("rules", "jedi-temple", "--deal", "17", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    with pdfplumber.open(str(tmp_path / "jedi-temple-deal-17-rules-poker-a4.pdf")) as pdf:
        page = next(p for p in pdf.pages if "Stacking" in (p.extract_text() or ""))
        head = next(w for w in page.extract_words() if w["text"] == "Stacking")
        column = page.crop((head["x0"] - 1, head["top"] - 1, head["x0"] + 60 * 72 / 25.4, page.height))
        text = " ".join((column.extract_text() or "").split())
    panel = text[:text.index("Force rolls")]
    assert "29 on top" not in panel and "29 to 62" not in panel
    assert panel.count("Stockpile") == 1 and "cards 30 to 62 stay face down in order as the Stockpile, 30 on top" in panel
    assert "Turn card 29 face up to start the Discard Pile" in panel
    # and the deal's own panel lists cards 29 to 62 as such, not as the Stockpile
    # (its panels are printed upside down: read as laid out)
    blocks = [" ".join(span.text for span in block.spans) for block in
              deal_blocks(find_rules("jedi-temple").deal, 17)]
    assert "Cards 29 to 62, top card first" in blocks and "Stockpile, top card first" not in blocks


def test_deal_only_for_jedi_temple(cli, tmp_path):
    result = cli("rules", "jedi-duel", "--deal", "5", "--out", str(tmp_path))
    assert result.status == 2 and "--deal" in result.err


def write(folder: Path, text: str) -> Path:
    path = folder / "mine.md"
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_image_is_located(cli, tmp_path):
    path = write(tmp_path, "# Mine\n\nSome text.\n\n![board](board.png)\n")
    result = cli("rules", str(path), "--out", str(tmp_path))
    assert result.status == 2
    assert "mine.md:5: image 'board.png' not found" in result.err
    assert not list(tmp_path.glob("*.pdf"))


def test_raw_html_is_located(cli, tmp_path):
    path = write(tmp_path, "# Mine\n\nText.\n\n<div>boxed</div>\n")
    result = cli("rules", str(path), "--out", str(tmp_path))
    assert result.status == 2 and "mine.md:5: raw HTML" in result.err


def test_overlong_words_are_broken_to_fit():
    """An address breaks before its slashes and dots (The Chicago Manual of Style's
    rule: layout/breaks.py), any other word between letters with a hyphen, the first
    part on the line it starts on; every line fits and the text reads the same without
    the breaks."""
    from printgen.shaping import font
    from printgen.layout.richtext import RichStyle, Span, wrap
    style, width = RichStyle(size=8), 100.0
    address = "https://example.com/a/very/long/path/that/keeps/going/on/forever.html"
    text = f"See {address} and {'x' * 80} here."
    texts = ["".join(t for t, _ in line.pieces) for line in wrap([Span(text)], width, style, "test")]
    assert all(font("sans").width(line, 8) <= width + 1e-6 for line in texts)
    assert texts[0].startswith("See https:")                  # no line left with just "See"
    address_lines = [line for line in texts if "/" in line or ".com" in line]
    assert len(address_lines) >= 3 and all(line.startswith(("/", ".")) for line in address_lines[1:])
    word_lines = [line for line in texts if "xx" in line]
    assert all(line.endswith("x-") for line in word_lines[:-1]) and len(word_lines) >= 4
    joined = "".join(line[:-1] if line.endswith("x-") else line if after.startswith(("/", ".")) else line + " "
                     for line, after in zip(texts, [*texts[1:], ""]))
    assert joined.strip() == text


def test_a_letter_wider_than_the_line_is_located():
    from printgen.errors import FitError
    from printgen.layout.richtext import RichStyle, Span, wrap
    with pytest.raises(FitError, match="here.md:4: 'W' is wider than the 0.7 mm line"):
        wrap([Span("W")], 2.0, RichStyle(size=8), "here.md:4")


def test_a_byte_order_mark_is_not_text(cli, tmp_path):
    """Files saved by Windows editors start with a BOM; the heading is still a heading."""
    path = tmp_path / "bom.md"
    path.write_text("\ufeff# Bom Game\r\n\r\nShuffle and deal.\r\n", encoding="utf-8")
    result = cli("rules", str(path), "--out", str(tmp_path), "-q")
    assert result.status == 0
    with pdfplumber.open(next(tmp_path.glob("*.pdf"))) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Bom Game" in text and "#" not in text


def test_missing_glyph_is_located(cli, tmp_path):
    path = write(tmp_path, "# Mine\n\nA line with \u6f22 in it.\n")
    result = cli("rules", str(path), "--out", str(tmp_path))
    assert result.status == 2 and "mine.md:3" in result.err and "U+6F22" in result.err


def test_too_long_says_by_how_much(cli, tmp_path):
    path = write(tmp_path, "# Long\n\n" + "\n\n".join(["Many words in a row to fill the panels. " * 12] * 60))
    result = cli("rules", str(path), "--duplex", "none", "--out", str(tmp_path))
    assert result.status == 2
    assert "panels but the fold has 8" in result.err and "over by about" in result.err
    result = cli("rules", str(path), "--out", str(tmp_path))
    assert result.status == 2 and "the fold has 16" in result.err


def test_user_markdown_with_image_and_table(cli, tmp_path):
    Image.new("RGB", (300, 150), "#336699").save(tmp_path / "board.png")
    path = write(tmp_path, "# Mine\n\nSome **bold** and *italic* words.\n\n![board](board.png)\n\n"
                           "| a | b |\n|---|---|\n| one | two |\n")
    result = cli("rules", str(path), "--panel", "bridge", "--paper", "letter", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    pdf_path = tmp_path / "mine-rules-bridge-letter.pdf"
    with pdfplumber.open(str(pdf_path)) as pdf:
        page = pdf.pages[0]
        assert len(page.images) == 1
        fonts = {c["fontname"].split("+")[-1] for c in page.chars}
        words = page.extract_text()
    assert {"DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSans"} <= fonts
    assert "one" in words and "two" in words


def test_same_input_same_bytes(cli, tmp_path):
    for out in ("a", "b"):
        assert cli("rules", "jedi-duel", "--out", str(tmp_path / out), "-q").status == 0
    name = "jedi-duel-rules-poker-a4.pdf"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_the_folding_instructions_say_to_cut_on_the_crop_marks_first(cli):
    """Folded untrimmed, a leaflet is half the sheet tall, too tall for its box (the
    panels fit it only cut out); so every place that tells how to fold it says to
    cut on the crop marks before folding: `printgen rules --help`, the README and
    docs/rules-and-boxes.md."""
    deck = load_deck("kerton-42")
    size = box_size(deck, box_options(deck), box_facts())
    page = layout_rules(find_rules("kerton-sabacc"), RulesBuild(out=Path(), paper=paper("a4"))).pages[0]
    assert page.height / 2 > size.inner_h > fold_style(fold_facts(), "poker").height
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    told = {"--help": cli("rules", "--help").out,
            "README": readme[readme.index("To fold:"):],
            "docs": (ROOT / "docs" / "rules-and-boxes.md").read_text(encoding="utf-8").split("## Rule folds")[1]}
    for where, text in told.items():
        flat = " ".join(text.split())
        cut, fold = flat.find("cut the sheet on the solid crop marks"), flat.find("in half along the middle")
        assert 0 <= cut < fold, where


def test_a_text_too_long_for_any_leaflet_names_the_booklet_that_holds_it(cli, tmp_path):
    # a rulebook tried as a leaflet first: the error says how to print it whole, as the
    # path was given (quoted for the shell, as it holds a space), and writes nothing
    folder = tmp_path / "my rules"
    folder.mkdir()
    path = write(folder, "# Long\n\n" + "\n\n".join(["Many words in a row to fill the panels. " * 12] * 60))
    out = tmp_path / "out"
    result = cli("rules", str(path), "--out", str(out))
    assert result.status == 2 and len(result.err.strip().splitlines()) == 1
    assert "the fold has 16" in result.err
    assert f"printgen booklet '{path}'" in result.err
    assert not out.exists()
    assert cli("booklet", str(path), "--out", str(out), "-q").status == 0
