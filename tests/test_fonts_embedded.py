"""Every font in every PDF printgen writes has its font file embedded.

The walk follows each page's font resources and those of every form XObject it
uses (recursively), as a print shop's preflight does; a font without a FontFile,
FontFile2 or FontFile3 in its descriptor (a standard-14 font such as Helvetica,
which has no descriptor at all) fails.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from printgen.cli import main

COMMANDS = [
    ["build", "sabacc-62", "--only", "pdf,rules"],
    ["build", "solomons-temple-white", "--only", "pdf"],
    ["build", "coruscant-shift", "--for", "drivethrucards"],
    ["rules", "jedi-temple"],
    ["booklet", "jedi-temple", "--size", "poker"],
    ["rules", "west-end-sabacc", "--panel", "bridge", "--paper", "letter"],
    ["aid", "jedi-duel", "--players", "4"],
    ["dice", "spike"],
    ["box", "kerton-42"],
    ["deal", "1", "--level", "padawan"],
    ["deal", "2", "--rules", "pyramid"],
    ["calibrate", "--paper", "letter"],
]


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> list[Path]:
    out = tmp_path_factory.mktemp("fonts")
    for number, command in enumerate(COMMANDS):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
            status = main([*command, "--out", str(out / str(number)), "-q"])
        assert status == 0, (command, err.getvalue())
    found = sorted(out.rglob("*.pdf"))
    assert len(found) >= len(COMMANDS)
    return found


def fonts_of(resources: DictionaryObject | None, seen: set[int]) -> list[DictionaryObject]:
    """The fonts of a resource dictionary and of the form XObjects it names."""
    if resources is None:
        return []
    resources = resources.get_object()
    found = [font.get_object() for font in (resources.get("/Font") or {}).values()]
    for xobject in (resources.get("/XObject") or {}).values():
        ref = getattr(xobject, "idnum", None)
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form" and ref not in seen:
            seen.add(ref)
            found += fonts_of(xobject.get("/Resources"), seen)
    return found


def has_font_file(font: DictionaryObject) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    if font.get("/Subtype") == "/Type3":
        return True                                  # drawn by its own glyph procedures
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_every_font_of_every_pdf_is_embedded(pdfs):
    checked = 0
    for path in pdfs:
        reader = PdfReader(str(path))
        for number, page in enumerate(reader.pages, start=1):
            for font in fonts_of(page.get("/Resources"), set()):
                assert has_font_file(font), f"{path.name} page {number}: {font.get('/BaseFont')} is not embedded"
                checked += 1
    assert checked > len(pdfs)


def test_the_check_finds_an_unembedded_font(tmp_path):
    """The walk above must see a standard-14 font: a reportlab PDF that uses Helvetica."""
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "helvetica.pdf"
    canvas = Canvas(str(path))
    canvas.drawString(100, 100, "plain")
    canvas.save()
    fonts = fonts_of(PdfReader(str(path)).pages[0].get("/Resources"), set())
    assert fonts and not all(has_font_file(font) for font in fonts)
