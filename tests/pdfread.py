"""Read geometry back from produced PDFs, in millimetres, for the tests.

clip_boxes() follows the content stream's transformation matrix and reports every
rectangle used as a clipping path: printgen clips each placed card side to its
trim (or bleed) box, so these are the cards' positions as printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


@dataclass(frozen=True)
class Box:
    """A rectangle in mm, origin at the page's top-left, y down."""

    x: float
    y: float
    w: float
    h: float

    def close_to(self, other: "Box", tol: float = 0.05) -> bool:
        return all(abs(a - b) <= tol for a, b in
                   ((self.x, other.x), (self.y, other.y), (self.w, other.w), (self.h, other.h)))


def _mul(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2]


def page_sizes(path: Path) -> list[tuple[float, float]]:
    reader = PdfReader(str(path))
    return [(float(p.mediabox.width) / MM, float(p.mediabox.height) / MM) for p in reader.pages]


def clip_boxes(path: Path) -> list[list[Box]]:
    """Per page, every rectangular clipping path, in mm from the top-left."""
    reader = PdfReader(str(path))
    result = []
    for page in reader.pages:
        height = float(page.mediabox.height)
        ops = ContentStream(page.get_contents(), reader).operations
        ctm, stack, boxes, pending = [1.0, 0, 0, 1.0, 0, 0], [], [], None
        for operands, op in ops:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _mul([float(v) for v in operands], ctm)
            elif op == b"re":
                pending = [float(v) for v in operands]
            elif op in (b"W", b"W*") and pending:
                x, y, w, h = pending
                xs = [ctm[0] * px + ctm[2] * py + ctm[4] for px, py in ((x, y), (x + w, y + h))]
                ys = [ctm[1] * px + ctm[3] * py + ctm[5] for px, py in ((x, y), (x + w, y + h))]
                boxes.append(Box(min(xs) / MM, (height - max(ys)) / MM,
                                 (max(xs) - min(xs)) / MM, (max(ys) - min(ys)) / MM))
                pending = None
            elif op not in (b"n",):
                pending = None if op != b"re" else pending
        result.append(boxes)
    return result


@dataclass(frozen=True)
class Segment:
    """A straight line in mm from the top-left."""

    x0: float
    y0: float
    x1: float
    y1: float
    colour: tuple[float, ...] = ()      # the stroke's colour as written (grey or RGB)
    dashed: bool = False

    @property
    def vertical(self) -> bool:
        return abs(self.x0 - self.x1) < 1e-3


def lines(path: Path) -> list[list[Segment]]:
    """Per page, every straight stroked line (crop marks, fold and cut lines)."""
    result = []
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages:
            segs = []
            for item in page.lines:
                colour = tuple(float(v) for v in (item.get("stroking_color") or ()))
                dash = item.get("dash")
                segs.append(Segment(item["x0"] / MM, item["top"] / MM, item["x1"] / MM, item["bottom"] / MM,
                                    colour, bool(dash and dash[0])))
            result.append(segs)
    return result


def words(path: Path) -> list[str]:
    """Per page, the page's text as extracted."""
    with pdfplumber.open(str(path)) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def text_size(char: dict) -> float:
    """A pdfplumber char's type size in points as printed, however it is turned:
    pdfplumber's own `size` is the glyph box's height, which for text turned on its
    side is the glyph's advance instead."""
    a, b, c, d, _, _ = char["matrix"]
    scale = abs(a * d - b * c) ** 0.5 or 1.0
    cos, sin = abs(a) / scale, abs(b) / scale
    if cos >= sin:
        return (char["height"] - scale * char["adv"] * sin) / cos
    return (char["width"] - scale * char["adv"] * cos) / sin
