"""Geometry read back from a PDF page with pdfium: its characters' boxes and its
drawn paths' bounds, in points from the page's bottom-left."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c


def page_chars(path: Path, number: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each character of page `number` (from 0) and its box (left, bottom, right, top)."""
    text = pdfium.PdfDocument(path)[number].get_textpage()
    return [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]


def page_paths(path: Path, number: int) -> list[tuple[float, float, float, float]]:
    """The bounds (left, bottom, right, top) of every path drawn on page `number`."""
    page = pdfium.PdfDocument(path)[number]
    return [_bounds(obj) for obj in page.get_objects(max_depth=4) if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH]


def _bounds(obj) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def]
    """A page object's bounds: get_bounds() in pypdfium2 5, get_pos() in the 4.x printgen allows."""
    return obj.get_bounds() if hasattr(obj, "get_bounds") else obj.get_pos()


def page_of(path: Path, words: str) -> int:
    """The first page (from 0) whose text holds words."""
    pages = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(path)]
    return next(n for n, text in enumerate(pages) if words in text)
