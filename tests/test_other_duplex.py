"""A deck built with each --duplex into one folder keeps each layout in a file of its
own, named with its turn where it is not the default long one (DECK-a4.pdf,
DECK-a4-short.pdf, DECK-a4-fold.pdf, DECK-a4-unmirrored.pdf), each read back with its
own layout; the gallery shows each build's files, and a rebuild after a card changed
marks the other turns' files out of date, as it does other paper's. Leaflets and
booklets' print files say their turn too; files the turn does not change (the tuck
box, a booklet's reading copy) keep one name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdfread import lines, words
from test_duplex import CARDS, cards, turned, write_deck
from test_fold import long_text

from printgen.model import Duplex

OUT_OF_DATE = "out of date"


def build(cli, deck: Path, out: Path, *flags: str):
    result = cli("build", str(deck), "--out", str(out), *flags)
    assert result.status == 0, result.err
    return result


def sections(out: Path) -> dict[str, tuple[bool, list[str]]]:
    """Each home print's print files as the gallery lists them: whether headed out of
    date, and the files it links."""
    text = (out / "index.html").read_text(encoding="utf-8")
    parts = re.split(r"<h3[^>]*>Print files, (home print[^<(]*?)( \(out of date\))?</h3>", text)
    found = {}
    for label, mark, body in zip(parts[1::3], parts[2::3], parts[3::3]):
        table = body.split("</table>")[0]
        found[label] = (bool(mark), [name.removeprefix("./") for name in re.findall(r'<a href="([^"]+\.pdf)"', table)])
    return found


def backs_behind_faces(path: Path, duplex: Duplex) -> bool:
    """Whether every back of the PDF, its sheet turned over for duplex, lies behind its face."""
    pages = cards(path)
    seen = 0
    for (width, height, fronts), (_, _, backs) in zip(pages[0::2], pages[1::2]):
        for label, (fx, fy) in fronts.items():
            bx, by = turned(*backs["B" + label[1:]], width, height, duplex)
            if abs(bx - fx) > 1.0 or abs(by - fy) > 1.0:
                return False
            seen += 1
    return seen == CARDS


def fold_lines(path: Path) -> int:
    """The places of dashed vertical lines on the first page (a fold-over sheet's fold)."""
    return len({round(line.x0, 2) for line in lines(path)[0] if line.vertical and line.dashed})


def test_each_duplex_keeps_its_own_file_and_a_card_change_marks_the_others_out_of_date(cli, tmp_path):
    deck, out = write_deck(tmp_path, "poker"), tmp_path / "out"
    flags = ("--only", "pdf,gallery")
    build(cli, deck, out, *flags)
    build(cli, deck, out, *flags, "--duplex", "fold")
    said = build(cli, deck, out, *flags, "--duplex", "short")
    assert OUT_OF_DATE not in said.err
    long, fold, short = (out / f"duplex-poker-a4{turn}.pdf" for turn in ("", "-fold", "-short"))
    assert sorted(path.name for path in out.glob("*.pdf")) == sorted(path.name for path in (long, fold, short))
    assert backs_behind_faces(long, Duplex.LONG) and not backs_behind_faces(long, Duplex.SHORT)
    assert backs_behind_faces(short, Duplex.SHORT) and not backs_behind_faces(short, Duplex.LONG)
    assert fold_lines(fold) == 1 and fold_lines(long) == fold_lines(short) == 0
    assert all({"F1", "B1"} <= set(found) for _, _, found in cards(fold)[:1])     # faces beside their backs
    assert sections(out) == {"home print, a4": (False, [long.name]),
                             "home print, a4, duplex fold": (False, [fold.name]),
                             "home print, a4, duplex short": (False, [short.name])}

    kept = fold.read_bytes()
    smaller = (tmp_path / "face.yaml").read_text(encoding="utf-8").replace("14pt", "12pt")
    (tmp_path / "smaller.yaml").write_text(smaller, encoding="utf-8")     # the faces' text set smaller
    deck.write_text(deck.read_text(encoding="utf-8").replace("face: face", "face: smaller"), encoding="utf-8")
    said = build(cli, deck, out, *flags)                 # the default, long, again
    assert fold.read_bytes() == kept                     # another job's file: kept as it was
    assert "(home print, a4, duplex fold) are out of date" in said.err
    assert "(home print, a4, duplex short) are out of date" in said.err
    found = sections(out)
    assert found["home print, a4"] == (False, [long.name])
    assert found["home print, a4, duplex fold"] == (True, [fold.name])
    assert found["home print, a4, duplex short"] == (True, [short.name])

    said = build(cli, deck, out, *flags, "--duplex", "fold")
    assert "(home print, a4, duplex short) are out of date" in said.err and "fold) are" not in said.err
    assert {label: mark for label, (mark, _) in sections(out).items()} == {
        "home print, a4": False, "home print, a4, duplex fold": False, "home print, a4, duplex short": True}


def test_none_names_its_sheets_unmirrored(cli, tmp_path):
    """--duplex none's sheets (each back at its face's place, for a print shop) say so."""
    deck, out = write_deck(tmp_path, "poker"), tmp_path / "out"
    build(cli, deck, out, "--only", "pdf", "--duplex", "none")
    path = out / "duplex-poker-a4-unmirrored.pdf"
    pages = cards(path)
    assert [found["F1"] for _, _, found in pages[:1]] == [found["B1"] for _, _, found in pages[1:2]]
    assert sorted(p.name for p in out.glob("*.pdf")) == [path.name]


def plain_deck(folder: Path, extra: str) -> Path:
    (folder / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    deck = folder / "lamps.yaml"
    deck.write_text(f"name: lamps\ntitle: Lamps\nsize: poker\nface: plain\nback: plain\n{extra}"
                    f"cards:\n  - each: {{n: [1, 2, 3]}}\n", encoding="utf-8")
    return deck


def test_a_leaflet_says_its_turn_and_the_box_keeps_its_name(cli, tmp_path):
    deck, out = plain_deck(tmp_path, f"rules: [{long_text(tmp_path, 8).name}]\n"), tmp_path / "two"
    for duplex in ("long", "short"):
        build(cli, deck, out, "--only", "rules,box", "--duplex", duplex, "-q")
    stem = "long8-latin-none-rules-poker-a4"
    assert sorted(p.name for p in out.glob("*.pdf")) == ["lamps-box-a4.pdf", f"{stem}-short.pdf", f"{stem}.pdf"]
    long, short = words(out / f"{stem}.pdf"), words(out / f"{stem}-short.pdf")
    assert len(long) == len(short) == 2
    assert "long-edge turn (--duplex long)" in long[0] and "short-edge turn (--duplex short)" in short[0]

    deck, out = plain_deck(tmp_path, "rules: [jedi-temple]\n"), tmp_path / "one"
    for duplex in ("none", "fold"):         # a fold-over deck's leaflet is printed on one side too
        build(cli, deck, out, "--only", "rules,box", "--duplex", duplex, "-q")
    stem = "jedi-temple-rules-poker-a4"
    assert sorted(p.name for p in out.glob("*.pdf")) == ["jedi-temple-rules-poker-a4-one-sided.pdf",
                                                         "lamps-box-a4.pdf"]
    assert len(words(out / f"{stem}-one-sided.pdf")) == 1


@pytest.mark.parametrize("command", ["build", "booklet"])
def test_a_booklets_print_file_says_its_turn_and_its_reading_copy_keeps_its_name(cli, tmp_path, command):
    out = tmp_path / "out"
    if command == "build":
        deck = plain_deck(tmp_path, "rules: [jedi-duel]\nrules_as: booklet\n")
        runs = [("build", str(deck), "--only", "rules", "--duplex", duplex) for duplex in ("long", "short")]
        stem = "jedi-duel-booklet-lamps-a4"
    else:
        runs = [("booklet", "jedi-duel", "--duplex", duplex) for duplex in ("long", "short")]
        stem = "jedi-duel-booklet-a5-a4"
    for run in runs:
        assert cli(*run, "--out", str(out), "-q").status == 0
    assert sorted(p.name for p in out.glob("*.pdf")) == sorted(
        [f"{stem}.pdf", f"{stem}-short.pdf", f"{stem}-reading.pdf"])
    assert "long-edge turn (--duplex long)" in words(out / f"{stem}.pdf")[0]
    assert "short-edge turn (--duplex short)" in words(out / f"{stem}-short.pdf")[0]
