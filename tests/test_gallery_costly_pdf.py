"""A PDF left in the output folder that asks for unbounded work to draw is listed by
the gallery without a preview, after bounded work (gallery/pdfpages.py); the build
succeeds and printgen's own previews keep their bytes. Run as real processes, as in
tests/test_hostile_review.py."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from cputime import cpu_seconds
from test_hostile_review import deck_with, printgen

from printgen.limits import limit


def forms_bomb(depth: int = 4, fan: int = 100) -> bytes:
    """A PDF of about 1 KB whose one page draws a form that draws the one below it fan
    times, depth deep: fan ** depth squares (10 ** 8), hours of PDFium's work."""
    def stream(entries: bytes, data: bytes) -> bytes:
        packed = zlib.compress(data)
        return b"<< /Length %d /Filter /FlateDecode %s >>\nstream\n%s\nendstream" % (len(packed), entries, packed)

    form = b"/Type /XObject /Subtype /Form /BBox [0 0 200 200]"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R "
               b"/Resources << /XObject << /F %d 0 R >> >> >>" % (5 + depth),
               stream(b"", b"/F Do\n"), stream(form, b"0 0 1 1 re f\n")]
    for level in range(1, depth + 1):
        objects.append(stream(form + b" /Resources << /XObject << /F %d 0 R >> >>" % (4 + level), b"/F Do\n" * fan))
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    return bytes(out)


def previews(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "_gallery").glob("*.jpg"))}


@pytest.mark.parametrize("command", ["build", "gallery"])
def test_a_pdf_that_asks_for_hours_of_drawing_is_listed_without_a_preview(tmp_path, command):
    deck_with(tmp_path)
    result = printgen(tmp_path, "build", "deck.yaml", "--only", "pdf,png,gallery", "--out", "out")
    assert result.returncode == 0, result.stderr
    own = previews(tmp_path / "out")
    assert any(name.endswith(".pdf.jpg") for name in own), sorted(own)
    (tmp_path / "out" / "bomb.pdf").write_bytes(forms_bomb())
    args = ["build", "deck.yaml", "--only", "pdf,png,gallery"] if command == "build" else ["gallery"]
    start = cpu_seconds()
    result = printgen(tmp_path, *args, "--out", "out")
    spent = cpu_seconds() - start
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-800:]
    assert spent < 3 * limit("gallery_page_seconds") + 10, spent
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'href="./bomb.pdf"' in page
    if "bomb.pdf (1 page)" in page:
        # an older PDFium (4.27, the lowest version allowed) draws nested forms without
        # the work a newer one does: the page is then previewed, within the same bound
        assert spent < limit("gallery_page_seconds") + 10, spent
        assert {name: data for name, data in previews(tmp_path / "out").items() if "bomb" not in name} == own
        return
    assert "bomb.pdf (too costly to preview)" in page
    assert "bomb.pdf: listed without a preview" in result.stderr
    assert previews(tmp_path / "out") == own             # printgen's own, byte for byte; none of the bomb
