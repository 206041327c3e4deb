"""Reviewed reference outputs: small renders of one page of each kind of product,
compared with what printgen makes now.

The references in tests/references/ were looked at by a person and found right on
paper. A change that alters any of them fails here, writing expected | actual |
difference side by side to tests/references/failures/. When the change is meant,
regenerate them with `python -m pytest tests/test_references.py --update-references`,
look at every changed image, and commit them with the change.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from conftest import ROOT
from pictures import pdf_page_image, side_by_side
from printgen.cli import main

REFERENCES = ROOT / "tests" / "references"
FAILURES = REFERENCES / "failures"
DPI = 40

# name: (command, the PDF it writes, its page (0-based))
CASES = {
    "card-sheet": (["build", "sabacc-62", "--only", "pdf"], "sabacc-62-a4.pdf", 0),
    "card-backs": (["build", "sabacc-62", "--only", "pdf"], "sabacc-62-a4.pdf", 1),
    "leaflet": (["rules", "coruscant-shift"], "coruscant-shift-rules-poker-a4.pdf", 0),
    "box": (["box", "kerton-42"], "kerton-42-box-a4.pdf", 0),
    "deal-sheet": (["deal", "1"], "jedi-temple-1-*.pdf", 0),
    "booklet-cover": (["booklet", "jedi-temple"], "jedi-temple-booklet-a5-a4-reading.pdf", 0),
    "booklet-contents": (["booklet", "jedi-temple"], "jedi-temple-booklet-a5-a4-reading.pdf", 1),
    "booklet-table": (["booklet", "jedi-duel", "--size", "poker"], "jedi-duel-booklet-poker-a4-reading.pdf", 4),
    "booklet-sheet": (["booklet", "jedi-temple", "--size", "a6"], "jedi-temple-booklet-a6-a4.pdf", 0),
    # eight scripts in fonts of three kinds (tests/fixtures/scripts; docs/fonts.md)
    "scripts": (["build", str(ROOT / "tests" / "fixtures" / "scripts" / "decks" / "scripts.yaml"), "--only", "pdf"],
                "scripts-a4.pdf", 0),
}


def render(tmp_path: Path, name: str) -> Image.Image:
    command, pdf, page = CASES[name]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        status = main([*command, "--out", str(tmp_path), "-q"])
    assert status == 0, err.getvalue()
    found = list(tmp_path.glob(pdf))
    assert found, sorted(p.name for p in tmp_path.iterdir())
    return pdf_page_image(found[0], DPI, page)


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_matches_its_reviewed_reference(request, tmp_path, name):
    actual = render(tmp_path, name)
    reference = REFERENCES / f"{name}.png"
    if request.config.getoption("--update-references"):
        REFERENCES.mkdir(exist_ok=True)
        actual.save(reference, optimize=True)
        return
    assert reference.is_file(), f"no reference {reference}: run with --update-references and review it"
    with Image.open(reference) as stored:
        expected = stored.convert("RGB")
    difference = ImageChops.difference(expected, actual.resize(expected.size)).convert("L")
    mean = ImageStat.Stat(difference).mean[0]
    strong = difference.point(lambda v: 255 if v > 64 else 0).histogram()[255] / (expected.width * expected.height)
    if expected.size != actual.size or mean > 0.5 or strong > 0.001:
        FAILURES.mkdir(exist_ok=True)
        side_by_side(expected, actual).save(FAILURES / f"{name}.png")
        pytest.fail(f"{name}: differs from tests/references/{name}.png (sizes {expected.size} and "
                    f"{actual.size}, mean difference {mean:.2f} of 255, {strong:.2%} of pixels differ "
                    f"strongly); expected | actual | difference in {FAILURES / (name + '.png')}")
