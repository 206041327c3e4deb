"""Tuck boxes: the inner size read back from the fold lines of the produced PDF."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

MM = 72 / 25.4
POKER = (63.5, 88.9)


def deck_file(folder: Path, count: int, extra: str = "") -> Path:
    path = folder / f"box{count}.yaml"
    path.write_text(f"""name: box{count}
title: Test
game: Test Game
size: poker
face: sabacc-face
back: sabacc-back
cards:
  - fields: {{kind: number, suit: circle, value: "+1"}}
    count: {count}
{extra}""", encoding="utf-8")
    return path


def dashes(item) -> list:
    return list((item.get("dash") or ([], 0))[0])


def dashed_and_solid(pdf: Path):
    with pdfplumber.open(str(pdf)) as doc:
        page = doc.pages[0]
        size = (page.width / MM, page.height / MM)
        dashed = [(l["x0"] / MM, l["top"] / MM, l["x1"] / MM, l["bottom"] / MM)
                  for l in page.lines if dashes(l)]
        outline = [c for c in page.curves if not dashes(c) and len(c["pts"]) > 20]
    return size, dashed, outline


def inner_size(dashed):
    verticals = sorted({round(x0, 2) for x0, y0, x1, y1 in dashed if abs(x0 - x1) < 0.01})
    assert len(verticals) == 4, verticals
    depth, width = verticals[1] - verticals[0], verticals[2] - verticals[1]
    heights = {round(y1 - y0, 2) for x0, y0, x1, y1 in dashed if abs(x0 - x1) < 0.01}
    assert len(heights) == 1, heights     # every panel fold runs the body's full height
    height = heights.pop()
    front = sorted(y0 for x0, y0, x1, y1 in dashed if abs(y0 - y1) < 0.01
                   and x0 <= verticals[1] + 0.01 and x1 >= verticals[2] - 0.01)
    assert len(front) == 2, front         # bottom fold and the bottom lid's tuck fold
    assert front[1] - front[0] == pytest.approx(depth, abs=0.02)
    return width, height, depth


@pytest.mark.parametrize("count", [10, 62, 100])
def test_inner_size_is_card_plus_clearance(cli, tmp_path, count):
    result = cli("box", str(deck_file(tmp_path, count)), "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    _, dashed, outline = dashed_and_solid(tmp_path / f"box{count}-box-a4.pdf")
    width, height, depth = inner_size(dashed)
    assert width == pytest.approx(POKER[0] + 1, abs=0.02)
    assert height == pytest.approx(POKER[1] + 1, abs=0.02)
    assert depth == pytest.approx(count * 0.32 + 1 + 0.8, abs=0.02)   # + leaflet allowance
    assert len(outline) == 1                                           # one solid cut path


def test_thickness_option(cli, tmp_path):
    deck = deck_file(tmp_path, 30)
    result = cli("box", str(deck), "--thickness", "0.5mm", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    size, dashed, _ = dashed_and_solid(tmp_path / "box30-box-0.5mm-a4.pdf")
    assert inner_size(dashed)[2] == pytest.approx(30 * 0.5 + 1.8, abs=0.02)
    assert size == pytest.approx((210, 297), abs=0.1)


def test_sleeved_box_holds_standard_sleeves(cli, tmp_path):
    """--sleeved sizes the box for cards in sleeves: a standard poker sleeve (66 x 91 mm)
    goes in with the millimetre of clearance to spare each way, and every card is
    thicker by its sleeve; the summary says what it assumed. A bare-card box is too
    narrow for such a sleeve."""
    deck = deck_file(tmp_path, 62)
    bare = cli("box", str(deck), "--out", str(tmp_path / "bare"), "-q")
    assert bare.status == 0, bare.err
    assert inner_size(dashed_and_solid(tmp_path / "bare" / "box62-box-a4.pdf")[1])[0] < 66
    result = cli("box", str(deck), "--sleeved", "--paper", "letter", "--out", str(tmp_path))
    assert result.status == 0, result.err
    size, dashed, outline = dashed_and_solid(tmp_path / "box62-box-sleeved-letter.pdf")
    width, height, depth = inner_size(dashed)
    assert width == pytest.approx(POKER[0] + 3 + 1, abs=0.02) and width - 66 >= 1
    assert height == pytest.approx(POKER[1] + 3 + 1, abs=0.02) and height - 91 >= 1
    assert depth == pytest.approx(62 * (0.32 + 0.2) + 1 + 0.8, abs=0.02)
    assert len(outline) == 1 and sorted(size) == pytest.approx([215.9, 279.4], abs=0.1)
    assert f"inside {width:.1f} x {height:.1f} x {depth:.1f} mm" in result.out
    assert "62 cards x 0.32 mm, each in a sleeve of 66.5 x 91.9 x 0.2 mm)" in result.out


def test_deck_build_says_the_command_for_a_box_of_sleeved_cards(cli, tmp_path):
    """The build's line for its box gives the command that sizes it for the cards in
    sleeves; run as said, it writes that box beside the build's (whose file the next build
    writes again), wide enough for a 66 mm sleeve."""
    import re
    import shlex
    deck, out = deck_file(tmp_path, 40), tmp_path / "out"
    result = cli("build", str(deck), "--paper", "letter", "--only", "pdf,box", "--out", str(out))
    assert result.status == 0, result.err
    said, = [line for line in result.out.splitlines() if "box40-box-letter.pdf" in line]
    hint = re.search(r"; in sleeves: (printgen box [^;]*);", said)
    assert hint, said
    words = shlex.split(hint[1])
    assert words[:3] == ["printgen", "box", str(deck)] and words[-1] == "--sleeved" and "letter" in words
    assert inner_size(dashed_and_solid(out / "box40-box-letter.pdf")[1])[0] < 66
    assert cli(*words[1:], "-q").status == 0
    width, height, _ = inner_size(dashed_and_solid(out / "box40-box-sleeved-letter.pdf")[1])
    assert width - 66 >= 1 and height - 91 >= 1
    assert inner_size(dashed_and_solid(out / "box40-box-letter.pdf")[1])[0] < 66     # the build's, kept


def test_the_sleeved_help_states_the_house_defaults_the_box_uses(cli):
    """--sleeved's help gives the sleeve's allowances as numbers: they are the ones
    templates/box-tuck.yaml holds, so the help cannot drift from what is built."""
    import re

    from printgen.spec.box import box_facts
    from printgen.units import mm
    lengths = box_facts().lengths
    shown = " ".join(cli("box", "--help").out.split())
    wider, thicker = re.search(r"--sleeved\s.*?(\d+(?:\.\d+)?) mm wider and taller, and (\d+(?:\.\d+)?) mm "
                               r"thicker", shown).groups()
    assert (float(wider), float(thicker)) == (round(mm(lengths["sleeve"]), 3),
                                              round(mm(lengths["sleeve_thickness"]), 3))


def test_sleeved_is_refused_for_a_print_shops_box(cli, tmp_path):
    result = cli("box", "sabacc-62", "--for", "tgc", "--sleeved", "--out", str(tmp_path))
    assert result.status == 2 and result.err.startswith("printgen: error: --sleeved:")
    assert not any(tmp_path.iterdir())


def test_wide_net_turns_landscape(cli, tmp_path):
    assert cli("box", str(deck_file(tmp_path, 100)), "--out", str(tmp_path), "-q").status == 0
    size, _, outline = dashed_and_solid(tmp_path / "box100-box-a4.pdf")
    assert size == pytest.approx((297, 210), abs=0.1)      # 210.6 mm wide: too wide for portrait
    x0, x1 = outline[0]["x0"] / MM, outline[0]["x1"] / MM
    assert x0 >= 5 + 3 - 0.01 and x1 <= 297 - 8 + 0.01     # cut lines and bleed inside the margin


def test_deck_key_overrides_thickness(cli, tmp_path):
    deck = deck_file(tmp_path, 40, "box:\n  thickness: 0.4mm\n  back: Forty plain cards.\n")
    assert cli("box", str(deck), "--out", str(tmp_path), "-q").status == 0
    _, dashed, _ = dashed_and_solid(tmp_path / "box40-box-a4.pdf")
    assert inner_size(dashed)[2] == pytest.approx(40 * 0.4 + 1.8, abs=0.02)


def test_box_too_big_names_the_size_needed(cli, tmp_path):
    result = cli("box", str(deck_file(tmp_path, 400)), "--out", str(tmp_path))
    assert result.status == 2
    assert "needs" in result.err and "mm" in result.err and "Traceback" not in result.err
    assert not list(tmp_path.glob("*.pdf"))


def test_bad_box_key_is_located(cli, tmp_path):
    deck = deck_file(tmp_path, 10, "box:\n  thickness: 3\n  colour: red\n")
    result = cli("box", str(deck), "--out", str(tmp_path))
    assert result.status == 2
    assert "box10.yaml:11 box.thickness" in result.err
    assert "box.colour: unknown key" in result.err
    assert not list(tmp_path.glob("*.pdf"))


def test_bad_thickness_option(cli, tmp_path):
    result = cli("box", str(deck_file(tmp_path, 10)), "--thickness", "3", "--out", str(tmp_path))
    assert result.status == 2 and "--thickness" in result.err


def test_deck_build_writes_its_box(cli, tmp_path):
    result = cli("build", str(deck_file(tmp_path, 12)), "--only", "pdf,box", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert (tmp_path / "box12-box-a4.pdf").is_file()


def test_deck_build_says_the_box_size_and_the_thickness_it_assumed(cli, tmp_path):
    """The build's line for its box gives the inside size (as the PDF's folds measure
    it) and the card thickness it was sized for, with the command that sizes it for
    other cards; that command, run as said, writes the box for thinner cards beside it.
    -q says nothing."""
    import re
    import shlex
    deck = deck_file(tmp_path, 40, "box:\n  thickness: 0.4mm\n  back: Forty plain cards.\n")
    out = tmp_path / "out"
    result = cli("build", str(deck), "--only", "pdf,box", "--out", str(out))
    assert result.status == 0, result.err
    said = [line for line in result.out.splitlines() if "box40-box-a4.pdf" in line]
    assert len(said) == 1
    width, height, depth = inner_size(dashed_and_solid(out / "box40-box-a4.pdf")[1])
    assert f"inside {width:.1f} x {height:.1f} x {depth:.1f} mm for 40 cards x 0.4 mm;" in said[0]
    hint = re.search(r"cards of another thickness: (printgen box .*)\)$", said[0])
    assert hint, said[0]
    words = shlex.split(hint[1])
    assert words[:3] == ["printgen", "box", str(deck)] and words[-2:] == ["--thickness", "0.1mm"]
    assert cli(*words[1:], "-q").status == 0
    assert inner_size(dashed_and_solid(out / "box40-box-0.1mm-a4.pdf")[1])[2] == pytest.approx(40 * 0.1 + 1.8, abs=0.02)
    assert inner_size(dashed_and_solid(out / "box40-box-a4.pdf")[1])[2] == pytest.approx(depth, abs=0.02)
    quiet = cli("build", str(deck), "--only", "pdf,box", "--out", str(out), "-q")
    assert quiet.status == 0 and quiet.out == "" and quiet.err == ""


def test_the_box_lines_say_every_length_as_the_size_beside_it(cli, tmp_path):
    """`build` and `box` say the card thickness and the folded rules' allowance in
    millimetres with a space before the unit, as the inside size beside them ("0.32 mm",
    not "0.32mm"); only the command to type keeps the option's own spelling."""
    import re
    built = cli("build", "sabacc-62", "--only", "box", "--out", str(tmp_path / "build"))
    boxed = cli("box", "sabacc-62", "--out", str(tmp_path / "box"))
    assert built.status == 0 and boxed.status == 0, built.err + boxed.err
    line, = [line for line in built.out.splitlines() if "-box-a4.pdf" in line]
    said, command = line.split("; cards of another thickness: ")
    assert "62 cards x 0.32 mm and folded rules of 1.6 mm" in said and command.endswith("--thickness 0.1mm)")
    assert "(62 cards x 0.32 mm and folded rules of 1.6 mm)" in boxed.out
    assert not re.search(r"\d(mm|cm|in|pt)\b", said + boxed.out)


def test_front_art_bleeds_past_the_notched_top_cut(tmp_path):
    """Cut a little high or a little wide of the notch: what shows is the art's colour.
    The deck's back is a flat green reaching into its bleed; the box's own panels are
    another colour."""
    from printgen.layout.box import box_size, tuck_net
    from printgen.layout.boxart import layout_box, sheet_for
    from printgen.render.png import render_page
    from printgen.spec import load_deck
    from printgen.spec.box import tuck_box
    from printgen.spec.printdata import paper

    (tmp_path / "green.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#00c000'}\n",
                                         encoding="utf-8")
    path = deck_file(tmp_path, 20).read_text(encoding="utf-8").replace("back: sabacc-back", "back: green")
    (tmp_path / "deck.yaml").write_text(path, encoding="utf-8")
    deck = load_deck(str(tmp_path / "deck.yaml"))
    box = tuck_box(deck)
    page = layout_box(deck, box, paper("a4"), ())
    net = tuck_net(box_size(deck, box.options, box.facts))
    sheet = sheet_for(net, paper("a4"), box.facts.lengths["bleed"], ())
    dx, dy = (sheet.width - net.width) / 2, (sheet.height - net.height) / 2
    fx, fy, fw, fh = net.panels["front"]
    notch = net.size.notch
    image = render_page(page, 100)

    def colour(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round((dx + x) * 100 / 72), round((dy + y) * 100 / 72)))

    green = colour(fx + fw / 2, fy + fh / 2)
    assert green[1] > 150 and green[0] < 60
    for x in (fx + 3 * MM, fx + fw * 0.25, fx + fw / 2, fx + fw * 0.75, fx + fw - 3 * MM):
        assert colour(x, fy - 1.5 * MM) == green, x                 # past the top cut, into the bleed
    assert colour(fx + fw / 2, fy + notch / 2) == green                # inside the cut-away notch
    assert colour(fx + fw / 2, fy + notch + 0.5 * MM) == green         # just below the notch


@pytest.mark.parametrize("deck", ["sabacc-62", "coruscant-shift", "kerton-42", "sabacc-76",
                                  "solomons-temple-white", "standard-54"])
def test_box_keeps_a_millimetre_to_spare_beside_what_it_ships(tmp_path, deck):
    """The depth read from the box's fold lines holds the cards and every leaflet the
    deck build prints for the box (each folded to as many layers of 0.1 mm paper as
    its sheet has panels: two rows of as many columns as its fold and crop marks
    bound) with at least 1 mm to spare."""
    from printgen.cli import main
    assert main(["build", deck, "--only", "box,rules", "--out", str(tmp_path), "-q"]) == 0
    _, dashed, _ = dashed_and_solid(next(tmp_path.glob("*-box-a4.pdf")))
    _, _, depth = inner_size(dashed)
    from printgen.spec import load_deck
    loaded = load_deck(deck)
    cards = len(loaded.cards) * 0.32
    leaflets = sorted(tmp_path.glob("*-rules-*.pdf"))
    assert len(leaflets) == len(loaded.rules)
    folded = 0.0
    for leaflet in leaflets:
        with pdfplumber.open(str(leaflet)) as doc:
            upright = Counter(round(line["x0"] / MM, 1) for line in doc.pages[0].lines
                              if abs(line["x0"] - line["x1"]) < 0.01)
        marks = {x for x, count in upright.items() if count >= 2}    # a mark above the panels and one below
        assert len(marks) >= 3                                      # (not the slug's scale bar)
        folded += 2 * (len(marks) - 1) * 0.1
    assert depth - cards - folded >= 1.0 - 0.02, (depth, cards, folded)


def test_a_box_text_error_is_blamed_on_the_deck_key_by_its_field_not_its_wording(tmp_path):
    """A FitError raised at a box template's text field (its field kept as data) is
    told as the deck key's that gave the text; one that only reads like it (the same
    words, no field) is left as it is."""
    from printgen.errors import FieldWhere, FitError, TextOverflow
    from printgen.products.box import box_text_error
    from printgen.spec import load_deck
    from printgen.spec.box import tuck_box
    deck = load_deck(str(deck_file(tmp_path, 3, "box: {title: Long}\n")))
    box = tuck_box(deck)
    where = "box-front.yaml:12 elements[1].text (tuck box front of box3) field 'text'"
    line = dict(deck.lines)["box"]

    def told(error: FitError) -> str:
        def lay_out(given):
            raise error
        return str(box_text_error(deck, box, error, lay_out))

    overflow = TextOverflow("text 'Long' does not fit its box", where=FieldWhere(where, "text"),
                            remedy="shorten it or enlarge the box")
    title = f"{deck.where}:{line} box.title"
    assert told(overflow) == f"{title}: text 'Long' does not fit its box on the tuck box; expected a shorter title"
    lacking = FitError("no font has 'x'", where=FieldWhere(where, "text"))
    assert told(lacking) == f"{title}: on the tuck box, no font has 'x'"
    for alike in (FitError(str(overflow)), TextOverflow("text 'Long' does not fit its box", where=where,
                                                       remedy="shorten it or enlarge the box")):
        assert told(alike) == str(overflow)


def drawn_lines(pdf: Path) -> list[str]:
    """The first page's text as drawn: its characters grouped into lines by where they
    stand, each line read left to right as the eye sees it (right-to-left text backwards),
    its spaces left out."""
    import pypdfium2 as pdfium
    text = pdfium.PdfDocument(pdf)[0].get_textpage()
    rows: dict[int, list[tuple[float, str]]] = {}
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch.strip():
            left, bottom, _, _ = text.get_charbox(i, loose=True)
            rows.setdefault(round(bottom), []).append((left, ch))
    return ["".join(ch for _, ch in sorted(rows[y])) for y in sorted(rows, reverse=True)]


def test_an_arabic_box_keeps_the_card_size_whole_and_its_brackets_the_right_way_round(cli, tmp_path):
    """printgen's own back text on an Arabic box, "عدد البطاقات: 3، poker (63.5 x 88.9 mm).":
    its measurements are one line, each number with its unit, read left to right with
    the brackets round them ("(" on the left, ")" on the right), where the line broke
    inside them and the line "mm)." came out as ".(mm"."""
    (tmp_path / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    deck = tmp_path / "fanous.yaml"
    deck.write_text("name: fanous\nlanguages: [en, ar]\ntitle: Fanous\ntitle@ar: فوانيس\nsize: poker\n"
                    "face: plain\nback: plain\ncards:\n  - each: {n: [1, 2, 3]}\n", encoding="utf-8")
    result = cli("build", str(deck), "--lang", "ar", "--only", "box", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    lines = drawn_lines(tmp_path / "out" / "fanous-ar-box-a4.pdf")
    sized = [line for line in lines if "mm" in line]
    assert len(sized) == 1 and "poker(63.5x88.9mm)" in sized[0], lines


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ar", "hi", "ja"])
def test_the_box_back_text_keeps_each_number_with_what_it_counts(tmp_path, lang):
    """In every language printgen has words in, its back text for the box joins each
    number to its unit and to the word it counts by a no-break space, never a space a
    line may break at ("24 Karten", "63.5 x 88.9 mm")."""
    import re

    from printgen.lang.expr import render
    from printgen.spec import load_deck
    from printgen.spec.box import box_deck_info
    from printgen.spec.languages import words
    deck = load_deck(str(deck_file(tmp_path, 24)))
    back = render(words(lang).box_back, {"deck": box_deck_info(deck)}, "test")
    assert "poker\u00a0(63.5\u00a0x\u00a088.9\u00a0mm)" in back, back
    assert "24" in back and not re.search(r"\d [^\W\d]|[^\W\d] \d", back), back


@pytest.fixture(scope="module")
def booklet_deck(tmp_path_factory) -> tuple[Path, dict[str, float]]:
    """The example deck (it prints its rules as booklets), and its box's depth from a
    full build and from `printgen box`, read back from the folds."""
    from exampledeck import copy_example

    from printgen.cli import main
    folder = tmp_path_factory.mktemp("booklet-deck")
    deck = copy_example(folder)
    assert "rules_as: booklet" in deck.read_text(encoding="utf-8")
    assert main(["build", str(deck), "--out", str(folder / "full"), "-q"]) == 0
    assert main(["box", str(deck), "--out", str(folder / "box"), "-q"]) == 0
    return deck, {name: inner_size(dashed_and_solid(next((folder / name).rglob("*-box-a4.pdf")))[1])[2]
                  for name in ("full", "box")}


@pytest.mark.parametrize("flags", [["--only", "box"], ["--only", "pdf,box", "--duplex", "none"]])
def test_a_booklet_decks_box_is_as_deep_whatever_else_the_build_prints(cli, tmp_path, booklet_deck, flags):
    """A deck that prints its rules as booklets gets a box deep enough for them from a
    full build, from `printgen box`, and from a build that prints no booklets beside it
    (--only box, or --duplex none, where booklets are not made): one depth, read back
    from the folds."""
    deck, built = booklet_deck
    some = cli("build", str(deck), *flags, "--out", str(tmp_path / "some"), "-q")
    assert some.status == 0, some.err
    depths = {**built, "some": inner_size(dashed_and_solid(next((tmp_path / "some").rglob("*-box-a4.pdf")))[1])[2]}
    assert depths["box"] == pytest.approx(depths["full"], abs=0.01)
    assert depths["some"] == pytest.approx(depths["full"], abs=0.01), depths


@pytest.mark.parametrize("deck", ["coruscant-shift", "kerton-42", "sabacc-62", "sabacc-76", "solomons-temple-black",
                                  "standard-54"])
def test_a_built_in_box_names_the_games_it_is_for_as_a_list(cli, tmp_path, deck):
    """The box's back says what the deck is for ("For Jedi Duel / Pyramid."), as its
    sides do: the games as a list, not a sentence broken by a semicolon."""
    import re

    import pypdf
    result = cli("box", deck, "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(next(tmp_path.glob("*.pdf"))).pages)
    games = re.search(r"\bFor (.+?)\.(?: |$)", text)
    assert games and ";" not in games[1], text
