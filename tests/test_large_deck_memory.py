"""A large deck's PDF keeps little per page until it is saved, and saving it keeps
nothing more per page: the memory a deck needs stays near that of its cards (the
62,000-card bench peaks under 100 MB)."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

from printgen.layout.deck import layout_deck
from printgen.layout.sheet import impose
from printgen.model import Duplex
from printgen.render import pdf, pdfcanvas
from printgen.spec import load_deck
from printgen.spec.printdata import paper

ROOT = Path(__file__).resolve().parent.parent


def big_deck(folder: Path, copies: int) -> Path:
    """sabacc-62 with every entry `copies` times."""
    text = (ROOT / "decks" / "sabacc-62.yaml").read_text(encoding="utf-8")
    text = text.replace("    fields: {kind: number}\n", f"    fields: {{kind: number}}\n    count: {copies}\n")
    text = text.replace("    count: 2\n", f"    count: {2 * copies}\n")
    text = text.replace("face: sabacc-face", f"face: {ROOT / 'templates' / 'sabacc-face.yaml'}")
    text = text.replace("back: sabacc-back", f"back: {ROOT / 'templates' / 'sabacc-back.yaml'}")
    text = text.replace("dice: [spike]\n", "").replace("rules: [coruscant-shift, jedi-temple]\n", "")
    path = folder / "big.yaml"
    path.write_text(text, encoding="utf-8")
    return path


PDF_OBJECTS = [tracemalloc.Filter(True, "*reportlab*"), tracemalloc.Filter(True, "*printgen*render*")]


def kept(snapshot: tracemalloc.Snapshot) -> int:
    """Bytes held by reportlab's objects and printgen's renderers."""
    return sum(stat.size for stat in snapshot.filter_traces(PDF_OBJECTS).statistics("filename"))


def test_pages_weigh_little_until_and_while_the_pdf_is_saved(tmp_path, monkeypatch):
    deck = load_deck(str(big_deck(tmp_path, 10)))           # 620 cards, 138 pages
    pages = impose(layout_deck(deck), paper=paper("a4"), duplex=Duplex.LONG)
    held: dict[str, int] = {}

    def counted():
        for number, page in enumerate(pages):
            if number in (20, 120):
                gc.collect()
                held[f"page {number}"] = kept(tracemalloc.take_snapshot())
            yield page

    saving = pdfcanvas.StreamingCanvas.save

    def save(canvas):
        gc.collect()
        held["before saving"] = kept(tracemalloc.take_snapshot())
        saving(canvas)
        gc.collect()
        held["saved"] = kept(tracemalloc.take_snapshot())

    monkeypatch.setattr(pdfcanvas.StreamingCanvas, "save", save)
    tracemalloc.start()
    try:
        pdf.render_pdf(counted(), tmp_path / "big.pdf", title="big")
    finally:
        tracemalloc.stop()
    per_page = (held["page 120"] - held["page 20"]) / 100
    saved_per_page = (held["saved"] - held["before saving"]) / 138
    assert per_page < 2000, held                # 1,500 bytes (reportlab's whole page kept: 2,900)
    assert saved_per_page < 1200, held          # 700: the file's index (its resources and boxes kept too: 1,800)
    assert (tmp_path / "big.pdf").stat().st_size > 100_000
