"""Small black in the DriveThruCards file is printed on black ink alone, as small dark
text is: a dark line thinner than 1 pt (a table's rule), and an icon beside small text
drawn in a dark neutral colour. Read back from the colour operators of the written PDF:
the stroke colour (K) of each line and the fill colour (k) of each shape. A thick dark
line and a large dark area keep the profile's four-colour black (within the ink limit).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printgen.products.export import ExportOptions, export_deck
from printgen.spec import load_deck
from printgen.spec.vendors import profile

SOLID = [0.0, 0.0, 0.0, 1.0]
FACE = """\
description: A hairline and a thick line, an icon beside small text, a large dark square.
elements:
  - {kind: rect, box: bleed, fill: "#f4f0e0"}
  - {kind: line, x1: 6mm, y1: 12mm, x2: 57mm, y2: 12mm, stroke: "#000000", stroke_width: 0.3pt}
  - {kind: line, x1: 6mm, y1: 16mm, x2: 57mm, y2: 16mm, stroke: "#1a1a1a", stroke_width: 2pt}
  - kind: text
    markup: true
    text: "Pay :circle: now"
    x: 6mm
    y: 20mm
    w: 50mm
    h: 8mm
    size: 10pt
    color: "#000000"
  - {kind: rect, x: 10mm, y: 40mm, w: 30mm, h: 30mm, fill: "#000000"}
"""
BACK = """\
description: Plain.
elements:
  - {kind: rect, box: bleed, fill: "#f4f0e0"}
"""


@pytest.fixture(scope="module")
def face_ops(tmp_path_factory) -> list[tuple[bytes, list[float], float]]:
    """The face page's colour operators (k, K) in order, a stroke colour with the line
    width set after it (a line's colour and width are set together, colour first)."""
    root = tmp_path_factory.mktemp("black")
    (root / "face.yaml").write_text(FACE)
    (root / "back.yaml").write_text(BACK)
    deck = root / "black.yaml"
    deck.write_text("name: black\nsize: poker\nface: face.yaml\nback: back.yaml\ncards:\n  - fields: {}\n")
    result = export_deck(load_deck(str(deck)), profile("drivethrucards"),
                         ExportOptions(out=root / "out", quiet=True))
    pdf: Path = result.files[0]
    reader = PdfReader(str(pdf))
    face = reader.pages[1]                                  # back 1, front 1
    found: list[tuple[bytes, list[float], float]] = []
    for operands, op in ContentStream(face.get_contents(), reader).operations:
        if op == b"w" and found and found[-1][0] == b"K":
            found[-1] = (b"K", found[-1][1], float(operands[0]))
        if op in (b"k", b"K"):
            found.append((op, [float(v) for v in operands], 0.0))
    return found


def test_a_hairline_is_solid_black_and_a_thick_line_is_not(face_ops):
    strokes = [(values, width) for op, values, width in face_ops if op == b"K"]
    thin = [values for values, width in strokes if 0 < width < 1]
    thick = [values for values, width in strokes if width >= 1]
    assert thin and all(values == SOLID for values in thin), thin
    assert thick and all(values[0] > 0.3 for values in thick), thick       # four inks, as the profile makes it


def test_an_icon_beside_small_text_is_solid_black_as_its_text(face_ops):
    fills = [values for op, values, _ in face_ops if op == b"k"]
    rich = [values for values in fills if values[3] > 0.8 and values != SOLID]
    assert len(rich) == 1, fills                            # the large square alone keeps four inks
    assert fills.count(SOLID) >= 2                          # the text and the icon
