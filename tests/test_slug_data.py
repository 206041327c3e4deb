"""A sheet's slug is set in print.yaml's `slug` type size, with a scale bar of its
length, read back from a card sheet's PDF."""

from __future__ import annotations

import contextlib
import io

import pdfplumber
import pytest

from conftest import FIXTURES
from printgen.cli import main

MM = 72 / 25.4
CLEAN = FIXTURES / "preflight" / "clean.yaml"


@pytest.mark.parametrize("size, bar", [(6.5, 10), (8, 20)])
def test_the_slug_type_and_scale_bar_are_print_yamls(print_yaml, tmp_path, size, bar):
    """The caption's letters and the bar's label are `type` points; the bar, a dark
    rect 0.8 mm thick, is `scale_bar` long and labelled with it (printgen's own: 6.5 pt,
    10 mm)."""
    print_yaml({"  type: 6.5pt": f"  type: {size}pt", "  scale_bar: 10mm": f"  scale_bar: {bar}mm"})
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["build", str(CLEAN), "--only", "pdf", "--out", str(tmp_path), "-q"]) == 0
    path, = tmp_path.glob("*.pdf")
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        bars = [r for r in page.rects if r["fill"] and abs(r["height"] / MM - 0.8) < 0.01]
        words = page.extract_words(extra_attrs=["size"])
    assert len(bars) == 1 and (bars[0]["x1"] - bars[0]["x0"]) / MM == pytest.approx(bar, abs=0.01)
    sheet = [w for w in words if w["text"] == "sheet"]
    label = [w for w in words if w["text"] == str(bar)]
    assert sheet and label and all(w["size"] == pytest.approx(size, abs=0.01) for w in sheet + label), words
