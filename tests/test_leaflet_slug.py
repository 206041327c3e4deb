"""A two-sided rule leaflet's slug, read back from the PDF: each page says in its margin
which side it is and the turn it was made for ("front: print on both sides, long-edge
turn"), as a deck's card sheets say "backs - sheet 1 of 6", inside the printable
area, on no panel and clear of every crop and fold mark, the back's too when it is moved
by a back offset. A one-sided leaflet, printed on one side only, has none."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from pdfread import MM, clip_boxes
from test_fold import long_text

MARGIN = {"a4": 5.0, "letter": 6.35}


def outside(path: Path):
    """Per page: its size, its words outside every panel (mm: x0, top, x1, bottom), and
    its marks: the lines on a panel edge's extension, outside the panels."""
    pages = []
    with pdfplumber.open(str(path)) as pdf:
        for page, boxes in zip(pdf.pages, clip_boxes(path)):
            def on_panel(x0, top, x1, bottom):
                return any(b.x < x1 and x0 < b.x + b.w and b.y < bottom and top < b.y + b.h for b in boxes)
            words = [(w["text"], w["x0"] / MM, w["top"] / MM, w["x1"] / MM, w["bottom"] / MM)
                     for w in page.extract_words()]
            slug = [w for w in words if not on_panel(*w[1:])]
            xs = {round(v, 2) for b in boxes for v in (b.x, b.x + b.w)}
            ys = {round(v, 2) for b in boxes for v in (b.y, b.y + b.h)}
            marks = [(ln["x0"] / MM, ln["top"] / MM, ln["x1"] / MM, ln["bottom"] / MM) for ln in page.lines]
            marks = [m for m in marks if (round(m[0], 2) in xs and abs(m[0] - m[2]) < 1e-3) or
                     (round(m[1], 2) in ys and abs(m[1] - m[3]) < 1e-3)]
            pages.append((float(page.width) / MM, float(page.height) / MM, slug, marks, boxes))
    return pages


def check_clear(page, paper_name: str, tol: float = 0.01) -> None:
    """tol: mm a word's box may pass the margin by (Arabic letters joined by shaping are
    read back a little wider than they are set)."""
    width, height, slug, marks, _ = page
    m = MARGIN[paper_name]
    for word in slug:
        _, x0, top, x1, bottom = word
        assert m - tol <= x0 and x1 <= width - m + tol and m - tol <= top and bottom <= height - m + tol, word
        for mx0, mtop, mx1, mbottom in marks:
            assert not (mx0 - 0.5 < x1 and x0 < mx1 + 0.5 and mtop - 0.5 < bottom and top < mbottom + 0.5), \
                (word, (mx0, mtop, mx1, mbottom))


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("source", ["jedi-duel", "a7"])
def test_each_side_names_itself_and_the_turn_clear_of_panels_and_marks(cli, tmp_path, source, paper_name, duplex):
    """Jedi Duel's leaflet on a landscape sheet (poker panels); a long text on A7 panels
    on a portrait one."""
    args = ["jedi-duel"] if source == "jedi-duel" else [str(long_text(tmp_path, 8)), "--panel", "a7"]
    out = tmp_path / "out"
    assert cli("rules", *args, "--paper", paper_name, "--duplex", duplex, "--out", str(out), "-q").status == 0
    front, back = outside(next(out.glob("*.pdf")))
    turn = f"{duplex}-edge turn (--duplex {duplex})"
    assert f"front: print on both sides, {turn}" in " ".join(w[0] for w in front[2])
    assert f"back: printed to lie behind the front after a {turn}" in " ".join(w[0] for w in back[2])
    assert front[3], "the front's marks are found"
    for page in (front, back):
        check_clear(page, paper_name)


@pytest.mark.parametrize("offset", ["6mm,6mm", "-6mm,-6mm"])
def test_a_moved_back_keeps_its_slug_inside_the_printable_area_and_off_the_panels(cli, tmp_path, offset):
    out = tmp_path / "out"
    assert cli("rules", "jedi-duel", "--paper", "letter", "--back-offset", offset, "--out", str(out),
               "-q").status == 0
    _, back = outside(next(out.glob("*.pdf")))
    assert "back:" in " ".join(w[0] for w in back[2])
    check_clear(back, "letter")


def test_the_decks_build_marks_its_two_sided_leaflet(cli, tmp_path):
    """The reviewer's case: standard-54 on Letter writes jedi-duel-rules-poker-letter.pdf."""
    out = tmp_path / "out"
    assert cli("build", "standard-54", "--only", "rules", "--paper", "letter", "--out", str(out), "-q").status == 0
    path, = out.rglob("jedi-duel-rules-poker-letter.pdf")
    front, back = outside(path)
    assert "front: print on both sides, long-edge turn" in " ".join(w[0] for w in front[2])
    assert "back: printed to lie behind the front after a long-edge turn" in " ".join(w[0] for w in back[2])


def test_a_leaflet_with_no_title_is_named_by_its_game_and_one_with_a_title_by_it(cli, tmp_path):
    """Jedi Duel's rules file names no title: its slug names the game, its first heading,
    as its booklet's cover does, not the file ("jedi-duel rules"). A title in the front
    matter is the slug's."""
    out = tmp_path / "out"
    assert cli("rules", "jedi-duel", "--out", str(out), "-q").status == 0
    front, back = outside(next(out.glob("*.pdf")))
    for page, side in ((front, "front:"), (back, "back:")):
        said = " ".join(w[0] for w in page[2])
        assert f"Jedi Duel · {side}" in said and "jedi-duel rules" not in said, said
    titled = long_text(tmp_path, 8, lang="en")
    titled.write_text(titled.read_text(encoding="utf-8").replace("lang: en\n", "lang: en\ntitle: Long Game\n"),
                      encoding="utf-8")
    assert cli("rules", str(titled), "--out", str(tmp_path / "titled"), "-q").status == 0
    front, _ = outside(next((tmp_path / "titled").glob("*.pdf")))
    assert "Long Game · front:" in " ".join(w[0] for w in front[2])


def test_a_one_sided_leaflet_has_no_slug(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("rules", str(long_text(tmp_path, 2)), "--out", str(out), "-q").status == 0
    pages = outside(next(out.glob("*.pdf")))
    assert len(pages) == 1 and pages[0][2] == []


def page_texts(path: Path) -> list[str]:
    """Each page's text in the order it is drawn."""
    import pypdfium2 as pdfium
    pdf = pdfium.PdfDocument(str(path))
    return [" ".join(pdf[k].get_textpage().get_text_range().split()) for k in range(len(pdf))]


@pytest.mark.parametrize("lang,front,back", [
    ("de", "Vorderseite: beidseitig drucken, Wenden über die lange Kante (--duplex long)",
     "Rückseite: liegt nach dem Wenden über die lange Kante (--duplex long) hinter der Vorderseite"),
    ("fr", "recto : imprimer des deux côtés, retournement sur le bord long (--duplex long)",
     "verso : imprimé pour tomber derrière le recto après un retournement sur le bord long (--duplex long)")])
def test_the_slug_is_in_the_texts_language(cli, tmp_path, lang, front, back):
    """printgen's words in languages.yaml (a text whose fonts lack their letters keeps
    the English ones: test_booklet_slug)."""
    out = tmp_path / "out"
    assert cli("rules", str(long_text(tmp_path, 8, lang=lang)), "--out", str(out), "-q").status == 0
    path = next(out.glob("*.pdf"))
    said = page_texts(path)
    assert f"A long text · {front}" in said[0] and f"A long text · {back}" in said[1], said
    for page in outside(path):
        check_clear(page, "a4")


def test_an_arabic_leaflets_slug_is_in_arabic_read_from_the_right(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("rules", str(long_text(tmp_path, 8, "arabic")), "--out", str(out), "-q").status == 0
    path = next(out.glob("*.pdf"))
    said = page_texts(path)
    # (the text is read back in the order it is drawn: the option, left to right, reversed)
    assert "قواعد اللعبة · الوجه: اطبع على الجانبين، القلب على الحافة الطويلة" in said[0], said
    assert "قواعد اللعبة · الظهر: مطبوع ليقع خلف الوجه بعد القلب على الحافة الطويلة" in said[1], said
    assert all("duplex" in page for page in said)
    for page in outside(path):
        check_clear(page, "a4", tol=0.1)
        width = page[0]
        slug = [w for w in page[2] if "mm" not in w[0] and not w[0].isdigit()]
        assert max(w[3] for w in slug) > width / 2, "the caption runs from the right"
