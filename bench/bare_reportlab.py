"""The baseline for bench_pipeline.py: a bare reportlab script, no printgen, that
draws the same 62 Sabacc faces and backs (3 x 3 on A4, crop marks, duplex backs
mirrored for a long-edge flip) with the same embedded DejaVu font.

Usage: python bench/bare_reportlab.py OUT.pdf
"""

import sys
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "printgen" / "fonts"
W, H = 210 * mm, 297 * mm
CW, CH = 63.5 * mm, 88.9 * mm
X0, Y0 = (W - 3 * CW) / 2, (H - 3 * CH) / 2


def shape(c, suit, cx, cy, r, fill):
    c.setFillColor(HexColor(fill))
    if suit == "circle":
        c.circle(cx, cy, r, stroke=0, fill=1)
    elif suit == "triangle":
        p = c.beginPath()
        p.moveTo(cx, cy + r)
        p.lineTo(cx + r, cy - 0.78 * r)
        p.lineTo(cx - r, cy - 0.78 * r)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    else:
        c.rect(cx - 0.84 * r, cy - 0.84 * r, 1.68 * r, 1.68 * r, stroke=0, fill=1)


def face(c, x, y, suit, value):
    c.saveState()
    p = c.beginPath()
    p.rect(x, y, CW, CH)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(HexColor("#22304f"))
    c.rect(x - 9, y - 9, CW + 18, CH + 18, stroke=0, fill=1)
    c.setFillColor(HexColor("#f7f2e6"))
    c.roundRect(x + 9, y + 9, CW - 18, CH - 18, 7, stroke=0, fill=1)
    colour = "#17723a" if value > 0 else "#b42a22" if value < 0 else "#5b3a8c"
    c.setStrokeColor(HexColor(colour))
    c.roundRect(x + 13, y + 13, CW - 26, CH - 26, 5, stroke=1, fill=0)
    shape(c, suit, x + CW / 2, y + CH / 2, 20 * mm, "#dcefe1" if value > 0 else "#f7dcd8")
    text = f"{value:+d}" if value else "0"
    c.setFillColor(HexColor(colour))
    c.setFont("bold", 38)
    c.drawCentredString(x + CW / 2, y + CH / 2 - 13, text)
    c.setFont("bold", 14)
    c.drawCentredString(x + 33, y + CH - 30, text)
    shape(c, suit, x + 33, y + CH - 45, 7, colour)
    c.saveState()
    c.translate(x + CW - 33, y + 30)
    c.rotate(180)
    c.drawCentredString(0, 0, text)
    c.restoreState()
    shape(c, suit, x + CW - 33, y + 45, 7, colour)
    c.restoreState()


def back(c, x, y):
    c.saveState()
    p = c.beginPath()
    p.rect(x, y, CW, CH)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(HexColor("#1b2742"))
    c.rect(x - 9, y - 9, CW + 18, CH + 18, stroke=0, fill=1)
    c.setStrokeColor(HexColor("#c9a440"))
    c.circle(x + CW / 2, y + CH / 2, 17 * mm, stroke=1, fill=0)
    c.setFillColor(HexColor("#e8d9a8"))
    c.setFont("bold", 12)
    c.drawCentredString(x + CW / 2, y + CH / 2 - 4, "SABACC")
    c.restoreState()


def marks(c, cells):
    c.setLineWidth(0.25)
    c.setStrokeColor(HexColor("#000000"))
    for x, y in cells:
        for px in (x, x + CW):
            c.line(px, Y0 + 3 * CH + 1.4, px, Y0 + 3 * CH + 12)
            c.line(px, Y0 - 1.4, px, Y0 - 12)
        for py in (y, y + CH):
            c.line(X0 - 1.4, py, X0 - 12, py)
            c.line(X0 + 3 * CW + 1.4, py, X0 + 3 * CW + 12, py)


def main(out):
    pdfmetrics.registerFont(TTFont("bold", str(FONTS / "DejaVuSans-Bold.ttf")))
    cards = [(s, v) for s in ("circle", "triangle", "square")
             for v in list(range(1, 11)) + list(range(-1, -11, -1))] + [("circle", 0)] * 2
    c = Canvas(out, pagesize=(W, H), invariant=1)
    for start in range(0, len(cards), 9):
        cells = [(X0 + (i % 3) * CW, Y0 + (2 - i // 3) * CH) for i in range(len(cards[start:start + 9]))]
        for (x, y), (suit, value) in zip(cells, cards[start:start + 9]):
            face(c, x, y, suit, value)
        marks(c, cells)
        c.showPage()
        for x, y in cells:
            back(c, W - x - CW, y)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1])
