"""Shaped text in a reportlab PDF: each face embedded once as a Type 0 font (a subset,
made by fontTools), and each run drawn glyph by glyph at HarfBuzz's positions.

reportlab sets text character by character from a font's character map, so it can
neither kern, form ligatures and contextual forms nor embed a CFF (.otf) font. Here
the glyphs are written by their ids (Identity-H encoding) into a CIDFontType2 with a
FontFile2; a CFF face's subset is first turned into TrueType outlines. A ToUnicode map gives each glyph the characters it stands
for, so the PDF's text is searchable and copies as written. A left-to-right run
with a cluster of several glyphs (an Indic syllable whose vowel sign is drawn
before its consonant) also carries its text as ActualText. Right-to-left runs are
drawn in visual order, as PDF readers expect them: they put them back in reading
order themselves (and would reverse an ActualText a second time: pdfium, poppler).
"""

from __future__ import annotations

import hashlib
import io
import math
import string
import struct
from typing import Any

from reportlab.pdfbase import pdfdoc, pdfmetrics

from printgen.fonts import Face, face, unreadable
from printgen.layout.primitives import TextRun
from printgen.render.keys import file_digest
from printgen.shaping import Shaped, shape

NO_FONT = "printgen-no-font"     # the canvas's starting font: none, so no page names an unembedded font


class _NoFont:
    """A stand-in reportlab accepts as a starting font and never writes: a dynamic
    font is only written where text is drawn with it, and printgen draws none with it."""

    fontName = NO_FONT
    _dynamicFont = 1
    _multiByte = 1


def starting_font() -> str:
    """The name to give a canvas as its initial font (reportlab's default would name
    an unembedded Helvetica on every page, which print shops' preflight rejects)."""
    if NO_FONT not in pdfmetrics._fonts:           # reportlab keeps its fonts here
        pdfmetrics._fonts[NO_FONT] = _NoFont()
    return NO_FONT


class EmbeddedFont:
    """One face in one PDF: the glyphs drawn with it (and their characters), written
    as a subset when the document is saved (reportlab calls addObjects)."""

    _dynamicFont = 1

    def __init__(self, doc: Any, source: Face) -> None:
        self.face = source
        self.used: dict[int, str] = {}        # glyph id -> the characters it stands for
        self.widths: dict[int, float] = {}    # glyph id -> advance in 1/1000 em, for every glyph drawn
        self.name = font_name(doc, source)
        doc.fontMapping[f"printgen:{source.name}"] = "/" + self.name
        doc.delayedFonts.append(self)

    def merge(self, widths: dict[int, float], used: dict[int, str]) -> None:
        """Note the glyphs of a page drawn earlier (render/pdfpages.py) as used, as take
        noted them when it was drawn."""
        for gid, width in widths.items():
            self.widths.setdefault(gid, width)
        for gid, text in used.items():
            self.used.setdefault(gid, text)

    def widths_of(self, code: int, size: float) -> float:
        """The advance the PDF gives a code at size, in points."""
        return self.widths.get(code, 0.0) * size / 1000

    def take(self, shaped: Shaped) -> list[int]:
        """Note the run's glyphs as used; the codes the content stream writes for them,
        which are their glyph ids (Identity-H, and the CIDToGIDMap /Identity)."""
        scale = 1000 / self.face.units_per_em
        for gid, text in zip(shaped.glyphs, shaped.texts, strict=True):
            if gid not in self.widths:
                self.widths[gid] = round(self.face.advance(gid) * scale, 3)
            if text and gid not in self.used:
                self.used[gid] = text
        return list(shaped.glyphs)

    def addObjects(self, doc: Any) -> None:         # reportlab's name
        source = self.face
        program = _subset(source, sorted({0, *self.widths}))      # .notdef goes into every subset
        tag = "".join(string.ascii_uppercase[b % 26] for b in
                      hashlib.sha256(program).digest()[:6])
        base = f"{tag}+{source.postscript_name}"
        scale = 1000 / source.units_per_em
        head = bytes(source.hb.face.reference_table("head").data)
        box = struct.unpack(">hhhh", head[36:44])          # xMin, yMin, xMax, yMax
        post = bytes(source.hb.face.reference_table("post").data)
        italic = struct.unpack(">i", post[4:8])[0] / 65536 if len(post) >= 8 else 0.0
        file = pdfdoc.PDFStream(content=program)
        file.filters = [pdfdoc.PDFZCompress] if doc.compression else []
        descriptor = pdfdoc.PDFDictionary({
            "Type": pdfdoc.PDFName("FontDescriptor"), "FontName": pdfdoc.PDFName(base),
            "Flags": 4, "ItalicAngle": round(italic, 2),
            "FontBBox": pdfdoc.PDFArray([round(v * scale) for v in box]),
            "Ascent": round(source.ascent * scale), "Descent": round(source.descent * scale),
            "CapHeight": round(source.cap_height * scale), "StemV": 80})
        cid = pdfdoc.PDFDictionary({
            "Type": pdfdoc.PDFName("Font"), "BaseFont": pdfdoc.PDFName(base),
            "CIDSystemInfo": pdfdoc.PDFDictionary({"Registry": pdfdoc.PDFString("Adobe"),
                                                   "Ordering": pdfdoc.PDFString("Identity"),
                                                   "Supplement": 0}),
            "W": pdfdoc.PDFArray(_widths(self.widths))})
        file.dictionary["Length1"] = len(program)
        descriptor["FontFile2"] = doc.Reference(file)
        cid["Subtype"] = pdfdoc.PDFName("CIDFontType2")
        cid["CIDToGIDMap"] = pdfdoc.PDFName("Identity")
        cid["FontDescriptor"] = doc.Reference(descriptor)
        cmap = pdfdoc.PDFStream(content=_to_unicode(self.used).encode("ascii"))
        cmap.filters = [pdfdoc.PDFZCompress] if doc.compression else []
        font = pdfdoc.PDFDictionary({
            "Type": pdfdoc.PDFName("Font"), "Subtype": pdfdoc.PDFName("Type0"),
            "BaseFont": pdfdoc.PDFName(base), "Encoding": pdfdoc.PDFName("Identity-H"),
            "DescendantFonts": pdfdoc.PDFArray([doc.Reference(cid)]),
            "ToUnicode": doc.Reference(cmap)})
        doc.Reference(font, self.name)
        doc.idToObject["BasicFonts"].dict[self.name] = doc.Reference(font, self.name)


def font_name(doc: Any, source: Face) -> str:
    """The face's resource name in doc: F and a digest of its font file's bytes and its
    index there, so that a page's drawing names it the same whatever other pages draw
    (render/pdfpages.py splices pages); followed by -2, -3 ... where doc already has
    the name (the same font file at two paths)."""
    base = f"F{_face_digest(source.name)}"
    taken = set(doc.fontMapping.values())
    name, number = base, 1
    while f"/{name}" in taken:
        number += 1
        name = f"{base}-{number}"
    return name


def _face_digest(name: str) -> str:
    source = face(name)
    digest = file_digest(source.path)             # (kept while the file's stamp stays the same)
    if digest == "unreadable":
        digest = hashlib.sha256(source.data).hexdigest()
    return hashlib.sha256(f"{digest}#{source.index}".encode()).hexdigest()[:12]


SHAPING_TABLES = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "kerx")


def _subset(source: Face, glyphs: list[int]) -> bytes:
    """The face cut down to the glyphs drawn, each at its own glyph id (HarfBuzz's
    subsetter: a millisecond where fontTools' takes a second for a large font), with
    no hinting (print needs none) and no shaping tables (shaping is done)."""
    import uharfbuzz as hb
    if source.embedding & 0x0100:                  # its licence forbids subsetting: the whole font
        return _whole(source)
    wanted = hb.SubsetInput()
    wanted.glyph_set.update(glyphs)
    wanted.flags = (hb.SubsetFlags.RETAIN_GIDS | hb.SubsetFlags.NO_HINTING | hb.SubsetFlags.NOTDEF_OUTLINE
                    | hb.SubsetFlags.NO_LAYOUT_CLOSURE | hb.SubsetFlags.DESUBROUTINIZE)
    for tag in SHAPING_TABLES:
        wanted.drop_table_tag_set.add(int.from_bytes(tag.encode("ascii"), "big"))
    try:
        program = hb.subset(source.hb.face, wanted).blob.data
    except RuntimeError as error:                  # what uharfbuzz raises for a font it cannot subset
        raise unreadable(source.name, "HarfBuzz cannot subset it", error) from error
    if not source.cff:
        return bytes(program)
    return _truetype_file(source, bytes(program), 0)


def _whole(source: Face) -> bytes:
    """The whole face as one font file (one font out of a collection)."""
    return _truetype_file(source, source.data, source.index)


def _truetype_file(source: Face, data: bytes, index: int) -> bytes:
    """The face at index of a font file (data: source's, or its subset) as one font file
    with TrueType outlines (_to_truetype)."""
    from printgen.fonts import _open, broken
    try:
        tt = _open(data, index)
        if "CFF " in tt:
            _to_truetype(tt)
        out = io.BytesIO()
        tt.save(out)
    except broken() as error:
        raise unreadable(source.name, "its outlines cannot be read", error) from error
    return out.getvalue()


def _to_truetype(tt: Any) -> None:
    """A CFF font's cubic outlines turned into TrueType's quadratic ones, in place, each
    glyph keeping its id (to within a hundredth of an em unit's thousandth: cu2qu's
    error of 1 font unit). PDF readers disagree on how a CID-keyed CFF font picks its
    glyphs (by CID or by glyph id); as TrueType every face is embedded one way, and in
    PDF 1.3, as PDF/X-1a asks."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable
    order = tt.getGlyphOrder()
    glyphs = tt.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    del tt["CFF "]
    if "VORG" in tt:
        del tt["VORG"]
    tt["glyf"] = glyf
    tt["loca"] = newTable("loca")
    tt["maxp"].tableVersion = 0x00010000
    for key in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(tt["maxp"], key, 0 if key != "maxZones" else 1)
    tt["maxp"].maxComponentDepth = 0
    tt["head"].glyphDataFormat = 0
    tt["post"].formatType = 3.0          # no glyph names
    tt.sfntVersion = "\x00\x01\x00\x00"


def _widths(widths: dict[int, float]) -> list[Any]:
    """The W array: runs of consecutive codes with their widths."""
    out: list[Any] = []
    run: list[float] = []
    start = previous = -2
    for code in sorted(widths):
        if code != previous + 1 and run:
            out += [start, pdfdoc.PDFArray(run)]
            run = []
        if not run:
            start = code
        run.append(widths[code])
        previous = code
    if run:
        out += [start, pdfdoc.PDFArray(run)]
    return out


def _to_unicode(used: dict[int, str]) -> str:
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    entries = sorted(used.items())
    for at in range(0, len(entries), 100):
        chunk = entries[at:at + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        lines += [f"<{code:04X}> <{_utf16(text)}>" for code, text in chunk]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines)


def _utf16(text: str) -> str:
    return text.encode("utf-16-be").hex().upper()


def _n(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def draw_run(canvas: Any, run: TextRun, fonts: dict[str, EmbeddedFont]) -> None:
    """Draw a run's shaped glyphs with its face embedded in the canvas's document; the
    canvas's origin is the frame's top left with y up, and run.y is down from it."""
    embedded = fonts.get(run.font)
    if embedded is None:
        embedded = fonts[run.font] = EmbeddedFont(canvas._doc, face(run.font))
    shaped = shape(run.font, run.text, run.rtl, run.lang)
    codes = embedded.take(shaped)
    noted = getattr(canvas, "page_fonts", None)
    if noted is not None:                       # the page is to be kept (render/pdfpages.py)
        noted.note(run.font, embedded, shaped.glyphs, shaped.texts)
    if not codes:
        return
    scale = run.size / embedded.face.units_per_em
    turn = math.radians(-run.rotate)
    cos, sin = round(math.cos(turn), 12), round(math.sin(turn), 12)
    ox, oy = run.x, -run.y
    ops = [f"BT /{embedded.name} {_n(run.size)} Tf"]
    spelled = shaped.complex and not run.rtl      # readers put right-to-left text in order themselves
    if spelled:
        ops.insert(0, f"/Span <</ActualText <FEFF{_utf16(run.text)}>>> BDC")
    i = 0
    while i < len(codes):                       # a segment of glyphs on one line (same y offset)
        y = shaped.ys[i]
        j = i
        while j < len(codes) and shaped.ys[j] == y:
            j += 1
        dx, dy = shaped.xs[i] * scale, y * scale
        ops.append(f"{_n(cos)} {_n(sin)} {_n(-sin)} {_n(cos)} {_n(ox + cos * dx - sin * dy)} "
                   f"{_n(oy + sin * dx + cos * dy)} Tm")
        parts = [f"<{codes[i]:04X}"]
        pen = shaped.xs[i] * scale + embedded.widths_of(codes[i], run.size)
        for k in range(i + 1, j):
            gap = round((pen - shaped.xs[k] * scale) * 1000 / run.size, 3)
            if gap:
                parts.append(f"> {_n(gap)} <")
                pen -= gap * run.size / 1000
            parts.append(f"{codes[k]:04X}")
            pen += embedded.widths_of(codes[k], run.size)
        ops.append("[" + "".join(parts) + ">] TJ")
        i = j
    ops.append("ET")
    if spelled:
        ops.append("EMC")
    canvas._code.append(" ".join(ops))

