"""The warm builds of build --watch (printgen/cli/watch.py's Warm) give the very bytes a
clean build gives, after each of a series of edits, while drawing again only the card
sides whose layout changed, and only the PDF pages that hold them (the others spliced
in as the process finished them, render/pdfpages.py)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from printgen.cli import make_parser
from printgen.cli.build import run
from printgen.cli.options import settle
from printgen.cli.watch import Warm
from printgen.render.pdfpages import store

pytestmark = pytest.mark.usefixtures("fresh_pages")

FACE = """\
elements:
  - {kind: rect, box: bleed, fill: "#1f77b4"}
  - {kind: rect, box: safe, fill: "#ffffff", radius: 2mm}
  - {kind: text, text: "{{ card.value }} {{ card.suit }}", x: 6mm, y: 10mm, w: 40mm, h: 10mm,
     font: sans-bold, size: 16pt, align: center}
  - {kind: text, text: "{{ card.rule }}", x: 6mm, y: 30mm, w: 50mm, h: 30mm, font: sans, size: 9pt}
"""
BACK = """\
elements:
  - {kind: rect, box: bleed, fill: "#333333"}
  - {kind: text, text: "{{ deck.title }}", x: 6mm, y: 40mm, w: 50mm, h: 14mm, font: sans, size: 12pt}
"""
DECK = """\
name: mini
title: Mini deck
size: poker
face: face
back: back
label: "{{ value }} of {{ suit }}"
fields: {rule: Play it on your turn.}
cards:
  - each: {suit: [Suns, Moons], value: ["1", "2", "3"]}
  - fields: {suit: Stars, value: "7", rule: Shine.}
"""
# (file, old text, new text): each edit is undone by the one that swaps its texts
EDITS = [
    ("decks/mini.yaml", "Play it on your turn.", "Play it at once and draw a card."),
    ("decks/mini.yaml", 'value: ["1", "2", "3"]', 'value: ["1", "2", "3", "4"]'),
    ("decks/mini.yaml", "Suns, Moons", "Suns, Stars"),
    ("decks/mini.yaml", "title: Mini deck", "title: Mini deck 2"),
    ("templates/face.yaml", "size: 16pt", "size: 14pt"),
    ("templates/face.yaml", 'fill: "#1f77b4"', 'fill: "#d62728"'),
    ("templates/back.yaml", 'fill: "#333333"', 'fill: "#2ca02c"'),
]
ONLY = "pdf,png,svg"


def edit(project: Path, file: str, old: str, new: str) -> bool:
    path = project / file
    text = path.read_text(encoding="utf-8")
    if old not in text:
        return False
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return True


def files(folder: Path) -> dict[str, bytes]:
    """Every PDF, PNG and SVG under folder by its path there (not the records)."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.suffix in (".pdf", ".png", ".svg")}


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {name: (os.stat(folder / name).st_ino, os.stat(folder / name).st_mtime_ns) for name in files(folder)}


@pytest.fixture
def project(tmp_path) -> Path:
    (tmp_path / "decks").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "decks" / "mini.yaml").write_text(DECK, encoding="utf-8")
    (tmp_path / "templates" / "face.yaml").write_text(FACE, encoding="utf-8")
    (tmp_path / "templates" / "back.yaml").write_text(BACK, encoding="utf-8")
    return tmp_path


def warm_builder(project: Path, out: Path, only: str = ONLY, quiet: bool = True) -> Warm:
    argv = ["build", str(project / "decks" / "mini.yaml"), "--only", only, "--out", str(out), *(["-q"] * quiet)]
    args = make_parser(argv).parse_args(argv)
    settle(args)
    args.argv = argv
    return Warm(args, run)


def clean_build(project: Path, out: Path, only: str = ONLY) -> dict[str, bytes]:
    """A build in a new process, into a new folder."""
    subprocess.run([sys.executable, "-m", "printgen", "build", str(project / "decks" / "mini.yaml"),
                    "--only", only, "--out", str(out), "-q"], check=True, cwd=project, timeout=300)
    return files(out)


def test_warm_builds_equal_clean_builds_after_each_edit(project, tmp_path):
    warm_out = tmp_path / "warm"
    warm = warm_builder(project, warm_out)
    assert warm.build()[0] == 0
    order = random.Random(30).choices(range(len(EDITS)), k=8)
    for step, number in enumerate(order):
        file, old, new = EDITS[number]
        if not edit(project, file, old, new):
            assert edit(project, file, new, old)                # undo it instead
        assert warm.build()[0] == 0
        clean = clean_build(project, tmp_path / f"clean-{step}")
        assert files(warm_out) == clean, f"after edit {step} ({file})"


def test_warm_build_draws_only_the_changed_sides(project, tmp_path):
    out = tmp_path / "out"
    warm = warm_builder(project, out)
    assert warm.build()[0] == 0
    before = stamps(out)
    edit(project, "decks/mini.yaml", "value: [", "value: [")    # nothing changes: nothing is drawn
    assert warm.build()[0] == 0
    assert {name: stamp for name, stamp in stamps(out).items() if name.endswith((".png", ".svg"))} == \
           {name: stamp for name, stamp in before.items() if name.endswith((".png", ".svg"))}
    edit(project, "decks/mini.yaml", "rule: Shine.", "rule: Shine twice.")     # one card's text
    pages = store.drawn, store.spliced
    assert warm.build()[0] == 0
    after = stamps(out)
    redrawn = sorted(name for name in after if after[name] != before.get(name) and not name.endswith(".pdf"))
    assert redrawn == ["png/7-7-of-stars.png", "svg/7-7-of-stars.svg"]
    assert after["mini-a4.pdf"] != before["mini-a4.pdf"]
    assert (store.drawn - pages[0], store.spliced - pages[1]) == (1, 1)      # its page of faces; the backs' kept
    assert files(out) == clean_build(project, tmp_path / "clean")


def test_a_warm_build_copies_the_files_of_cards_renumbered(project, tmp_path, monkeypatch):
    """Cards taken out, then put back, rename the PNG and SVG of every card after them
    (their number): those are copied from their old files, not drawn; only the cards
    put back are drawn, and the folder is a clean build's each time."""
    from printgen.render import png, svg
    drawn: list[str] = []
    monkeypatch.setattr(png, "write_png", lambda side, path, made=png.write_png, **options:
                        drawn.append(path.name) or made(side, path, **options))
    monkeypatch.setattr(svg, "write_svg", lambda side, path, made=svg.write_svg:
                        drawn.append(path.name) or made(side, path))
    out = tmp_path / "out"
    warm = warm_builder(project, out)
    assert warm.build()[0] == 0
    assert len(drawn) == 2 * 8                                  # 7 faces and a back, PNG and SVG
    drawn.clear()
    edit(project, "decks/mini.yaml", 'value: ["1", "2", "3"]', 'value: ["1", "3"]')     # 2 of Suns, 2 of Moons
    assert warm.build()[0] == 0
    assert drawn == [] and (out / "png" / "4-3-of-moons.png").is_file()
    assert files(out) == clean_build(project, tmp_path / "clean-out")
    edit(project, "decks/mini.yaml", 'value: ["1", "3"]', 'value: ["1", "2", "3"]')     # put back
    assert warm.build()[0] == 0
    assert sorted(drawn) == ["2-2-of-suns.png", "2-2-of-suns.svg", "5-2-of-moons.png", "5-2-of-moons.svg"]
    assert files(out) == clean_build(project, tmp_path / "clean-in")


def test_a_failed_warm_build_keeps_the_folder_and_the_next_one_draws_afresh(project, tmp_path):
    out = tmp_path / "out"
    warm = warm_builder(project, out)
    assert warm.build()[0] == 0
    first = files(out)
    edit(project, "templates/face.yaml", "size: 16pt", "size: sixteen")
    assert warm.build()[0] == 2
    assert files(out) == first                                  # the failed build placed nothing
    edit(project, "templates/face.yaml", "size: sixteen", "size: 16pt")
    assert warm.build()[0] == 0 and files(out) == first


def gallery_files(folder: Path) -> dict[str, bytes]:
    """The gallery's previews and copies of the card images (not the pictures of a change)."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted((folder / "_gallery").rglob("*"))
            if path.suffix in (".jpg", ".png") and not path.name.endswith(".changed.png")}


def test_a_warm_gallery_made_from_the_drawn_images_equals_a_clean_builds(project, tmp_path, monkeypatch):
    """Under --watch the gallery's previews are made from the images as they are drawn
    (gallery/thumbs.py's hand), not read back from the files: the same bytes."""
    from printgen.gallery import thumbs
    from printgen.render import png
    handed = []
    monkeypatch.setattr(png, "drawn", [])
    monkeypatch.setattr(thumbs, "made_from", lambda image, made=thumbs.made_from: handed.append(1) or made(image))
    out = tmp_path / "warm"
    warm = warm_builder(project, out, "pdf,png,gallery")
    assert warm.build()[0] == 0
    assert png.drawn == [] and not png.keep_drawings        # handed over while a build draws, only
    edit(project, "templates/face.yaml", 'fill: "#1f77b4"', 'fill: "#d62728"')   # every face changes
    assert warm.build()[0] == 0
    assert len(handed) >= 7
    changes = sorted(path.name for path in (out / "_gallery").rglob("*.changed.png"))
    assert len(changes) == 7                                    # the faces, not the back
    clean = tmp_path / "clean"
    clean_build(project, clean, "pdf,png,gallery")
    assert gallery_files(out) == gallery_files(clean)
    cards = [name for name in gallery_files(clean) if name.startswith("_gallery/png/")]
    assert len(cards) == 2 * 8                                  # a preview and a copy of 7 faces and a back


def test_a_warm_gallery_keeps_the_previews_of_pdf_pages_drawn_the_same(project, tmp_path, monkeypatch):
    """One card's text changes the PDF's face sheet, not its back sheet: the back sheet's
    preview is kept as it is (not even packed again), the face sheet's made again, as a
    clean build makes them."""
    from printgen.gallery import previews
    out = tmp_path / "warm"
    warm = warm_builder(project, out, "pdf,gallery")
    assert warm.build()[0] == 0
    edit(project, "decks/mini.yaml", "rule: Shine.", "rule: Shine on.")
    assert warm.build()[0] == 0                 # this process wrote the page previews it compares with
    faces, backs = out / "_gallery" / "mini-a4.pdf.jpg", out / "_gallery" / "mini-a4.pdf.2.jpg"
    before = {path: (os.stat(path).st_ino, os.stat(path).st_mtime_ns, path.read_bytes()) for path in (faces, backs)}
    edit(project, "decks/mini.yaml", "rule: Shine on.", "rule: Shine twice.")
    packed = []

    def draw_pages(path, pages, draw=previews.draw_pages, **given):
        drawn = draw(path, pages, **given)
        packed.extend(data for _, data in drawn if data)
        return drawn

    monkeypatch.setattr(previews, "draw_pages", draw_pages)
    assert warm.build()[0] == 0
    assert len(packed) == 1                     # the face sheet's preview (only that one is packed)
    assert (os.stat(backs).st_ino, os.stat(backs).st_mtime_ns) == before[backs][:2]
    assert faces.read_bytes() != before[faces][2]
    clean = tmp_path / "clean"
    clean_build(project, clean, "pdf,gallery")
    assert gallery_files(out) == gallery_files(clean)


def test_a_warm_gallery_reads_only_the_files_that_changed(project, tmp_path, monkeypatch):
    """Written again after one card's text changed, the gallery of a folder that holds
    another deck too reads that card's image and the PDF (and their previews), not the
    files that did not change: the other deck's, the other cards' images, nor their
    previews (which it keeps). So its cost grows with what changed, not with the folder;
    and the page is the one a gallery written afresh gives."""
    from printgen.output import digests
    monkeypatch.setattr(digests, "SETTLED_NS", 0)       # the files here are not old enough otherwise
    out = tmp_path / "warm"
    other = project / "decks" / "other.yaml"
    other.write_text(DECK.replace("name: mini", "name: other"), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "printgen", "build", str(other), "--only", "pdf,png",
                    "--out", str(out / "other"), "-q"], check=True, cwd=project, timeout=300)
    warm = warm_builder(project, out, "pdf,png,gallery")
    assert warm.build()[0] == 0 and warm.build()[0] == 0    # the second keeps every preview
    opened: list[Path] = []
    monkeypatch.setattr(digests, "_open_regular",
                        lambda full, read=digests._open_regular: opened.append(Path(full)) or read(full))
    edit(project, "decks/mini.yaml", "rule: Shine.", "rule: Shine twice.")
    assert warm.build()[0] == 0
    pictures = {path.relative_to(out).as_posix() for path in opened
                if path.suffix in (".png", ".jpg", ".pdf") and path.is_relative_to(out)}
    assert pictures and pictures <= {"png/7-7-of-stars.png", "_gallery/png/7-7-of-stars.png.jpg",
                                     "_gallery/png/7-7-of-stars.png.png", "mini-a4.pdf",
                                     "_gallery/mini-a4.pdf.jpg", "_gallery/mini-a4.pdf.2.jpg"}, sorted(pictures)
    assert warm.build()[0] == 0                         # nothing changed: no change to show
    page = (out / "index.html").read_bytes()
    subprocess.run([sys.executable, "-m", "printgen", "gallery", "--out", str(out), "-q"], check=True,
                   cwd=project, timeout=300)
    assert (out / "index.html").read_bytes() == page


def test_a_warm_builds_first_pdf_keeps_its_pages_file_as_the_readme_says(project, tmp_path):
    """The hidden pages file beside a PDF (render/drawn.py) comes with the PDF's second
    build, and under --watch with its first (the warm process keeps the pages anyway):
    the README says both."""
    from conftest import ROOT
    pages = ".mini-a4.pdf.pages"
    clean_build(project, tmp_path / "once", "pdf")
    assert not (tmp_path / "once" / pages).exists()
    warm = warm_builder(project, tmp_path / "warm", "pdf")
    assert warm.build()[0] == 0
    assert (tmp_path / "warm" / pages).is_file()
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "written when a later build draws the PDF again, not by one that finds it unchanged, and under " \
           "`build --watch` from its first" in readme


def test_a_warm_build_prints_a_note_again_only_when_it_changed(project, tmp_path, capsys):
    """Under --watch a note the last build printed is not printed again, so the line that
    changed stays in view; a note that changed is printed, and errors always are."""
    edit(project, "decks/mini.yaml", "title: Mini deck", "lang: nl\ntitle: Mini deck")
    warm = warm_builder(project, tmp_path / "out", "pdf", quiet=False)
    assert warm.build()[0] == 0
    assert "no words in 'nl'" in capsys.readouterr().err
    edit(project, "decks/mini.yaml", "rule: Shine.", "rule: Shine twice.")
    assert warm.build()[0] == 0
    assert "note:" not in capsys.readouterr().err and warm.held == 1
    edit(project, "decks/mini.yaml", "lang: nl", "lang: pt-BR")
    assert warm.build()[0] == 0
    told = capsys.readouterr().err
    assert "no words in 'pt-BR'" in told and "'nl'" not in told
    edit(project, "templates/face.yaml", "size: 16pt", "size: sixteen")
    for _ in range(2):
        assert warm.build()[0] == 2
        assert "printgen: error: " in capsys.readouterr().err
    edit(project, "templates/face.yaml", "size: sixteen", "size: 16pt")
    assert warm.build()[0] == 0
    assert "note:" not in capsys.readouterr().err


def test_a_card_taken_out_decodes_no_renumbered_card_for_the_gallery(project, tmp_path, monkeypatch):
    """Two cards taken out renumber the three after them, whose files are copied from
    their old ones (render/drawn.py): the gallery copies their old previews and copies
    too (the last gallery's cards.json gives the bytes it showed), decoding no card
    image; and its files are a clean build's, but for the copies of the cards taken
    out, which its "What changed" section shows once more."""
    from printgen.gallery import previews, thumbs
    out = tmp_path / "warm"
    warm = warm_builder(project, out, "pdf,png,gallery")
    assert warm.build()[0] == 0
    decoded: list[int] = []
    monkeypatch.setattr(thumbs, "make", lambda raw, card, make=thumbs.make: decoded.append(1) or make(raw, card=card))
    monkeypatch.setattr(previews, "make", thumbs.make)
    monkeypatch.setattr(thumbs, "made_from", lambda image, card=True, made=thumbs.made_from:
                        decoded.append(1) or made(image, card=card))
    edit(project, "decks/mini.yaml", 'value: ["1", "2", "3"]', 'value: ["1", "3"]')     # 2 of Suns, 2 of Moons
    assert warm.build()[0] == 0
    assert (out / "png" / "4-3-of-moons.png").is_file() and not (out / "png" / "6-3-of-moons.png").exists()
    assert decoded == []
    clean = tmp_path / "clean"
    clean_build(project, clean, "pdf,png,gallery")
    taken_out = {"_gallery/png/2-2-of-suns.png.png", "_gallery/png/5-2-of-moons.png.png"}
    warm_files = gallery_files(out)
    assert set(warm_files) - set(gallery_files(clean)) == taken_out
    assert {name: data for name, data in warm_files.items() if name not in taken_out} == gallery_files(clean)
    assert len([name for name in gallery_files(clean) if name.startswith("_gallery/png/")]) == 2 * 6
    cards = "_gallery/.proof-mini-home-print-a4.cards.json"
    assert (out / cards).read_bytes() == (clean / cards).read_bytes()
    assert warm.build()[0] == 0                     # the next gallery shows them no more, and removes them
    assert set(gallery_files(out)) == set(gallery_files(clean))
