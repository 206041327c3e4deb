"""PDF/X-1a:2003 for print shops: press CMYK through an ICC profile, and the marks
that say so.

Colours. printgen's colours are sRGB. For a CMYK file each is converted through a
real press profile by LittleCMS (Pillow's ImageCms), relative colorimetric with
black point compensation (the usual choice for graphics: colours inside the press's
gamut keep their appearance, the darkest RGB becomes the press's darkest black
within its ink limit), then brought within the shop's own total ink limit where it is
lower than the profile's (render/ink.py). Pictures are converted the same way, pixel by pixel (a CMYK
picture keeps its values under the limit: render/flatten.py's press_picture); PDF/X-1a
allows no transparency, so a picture with transparent parts is first flattened onto
what its card draws beneath it (render/flatten.py), or onto white where nothing is.

The profile is ISO Coated v2 300% (basICColor), made for offset printing on coated
paper (characterisation data FOGRA39, ISO 12647-2) with a 300 % total ink limit. It
is distributed under the zlib licence (printgen/data/icc/, the licence beside it);
printgen ships the copy packaged in Debian's scribus-data.

The document. PDF/X-1a:2003 (ISO 15930-4) is PDF 1.4 at most, with an OutputIntent of
subtype GTS_PDFX that embeds the profile (DestOutputProfile) and names the printing
condition, GTS_PDFXVersion "PDF/X-1a:2003" in the document information (the
GTS_PDFXConformance key of PDF/X-1a:2001 is not part of it), Trapped set to False or
True, a file ID, a TrimBox (and a BleedBox) on every page, fonts embedded, every colour
CMYK or grey, and nothing transparent. printgen writes the PDF 1.3 subset (the header
%PDF-1.3): it uses nothing PDF 1.4 added, all of which (transparency above all) is
either forbidden or not needed.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image as PILImage
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from printgen.builtin import data_dir
from printgen.render.ink import limit_ink, limit_picture_ink

if TYPE_CHECKING:       # LittleCMS is loaded when a press file is made, not for every PDF
    from PIL import ImageCms

PROFILE_FILE = "ISOcoated_v2_300_bas.icc"
PROFILE_NAME = "ISO Coated v2 300% (basICColor)"
CONDITION = "FOGRA39"                 # the characterisation the profile was made from
REGISTRY = "http://www.color.org"     # where that condition's name is registered
INK_LIMIT = 3.0                       # the profile's total ink, 300 %
PDFX_VERSION = "PDF/X-1a:2003"       # ISO 15930-4: the version key alone names the part and level
PDFX_CONFORMANCE = PDFX_VERSION      # (the level the file conforms to, as messages name it)
PDFX_PDF_VERSION = "1.3"             # the header written; PDF/X-1a:2003 allows 1.3 and 1.4


def profile_path() -> Path:
    return data_dir() / "icc" / PROFILE_FILE


@cache
def _transform(mode: str) -> ImageCms.ImageCmsTransform:
    """sRGB (or sRGB with alpha flattened, mode "RGB") to the press profile's CMYK."""
    from PIL import ImageCms

    class Press(ImageCms.ImageCmsProfile):
        """The press profile, whose bytes Pillow writes into each image it converts
        (icc_profile): given as read, where Pillow would write them again from the
        parsed profile each time (36 ms for this 1 MB profile)."""

        def tobytes(self) -> bytes:
            return data

    data = profile_path().read_bytes()
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), Press(io.BytesIO(data)),
                                   mode, "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@lru_cache(maxsize=4096)
def press_cmyk(rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    """An 8-bit sRGB colour as the press's C, M, Y, K (0 to 1)."""
    from PIL import ImageCms
    pixel = ImageCms.applyTransform(PILImage.new("RGB", (1, 1), rgb), _transform("RGB"))
    assert pixel is not None                          # applyTransform returns None only in place
    values = pixel.getpixel((0, 0))
    assert isinstance(values, tuple)
    c, m, y, k = (round(v / 255, 4) for v in values)
    return c, m, y, k


def to_press(color: Color | str, ink_limit: float = INK_LIMIT) -> CMYKColor:
    """A colour (RGB, named or already CMYK) as press CMYK, its total ink brought within
    ink_limit (render/ink.py). It carries no alpha: reportlab would write an opacity of 1
    for it, a graphics state that PDF/X-1a does not allow."""
    color = toColor(color)
    if isinstance(color, CMYKColor):
        cmyk = (color.cyan, color.magenta, color.yellow, color.black)
    else:
        cmyk = press_cmyk(tuple(max(0, min(255, round(v * 255))) for v in (color.red, color.green, color.blue)))
    return CMYKColor(*limit_ink(cmyk, ink_limit), alpha=None)


class PressPicture(ImageReader):
    """A picture already converted to press CMYK (its transparency flattened): the
    press canvas draws it as it is."""


def press_image(image: PILImage.Image, ink_limit: float = INK_LIMIT) -> PILImage.Image:
    """An RGB image (read as sRGB) as press CMYK, its total ink brought within ink_limit."""
    from PIL import ImageCms
    converted = ImageCms.applyTransform(image, _transform("RGB"))
    assert converted is not None                      # applyTransform returns None only in place
    return limit_picture_ink(converted, ink_limit)


class PressColours(Canvas):
    """Canvas methods that write every colour and picture as press CMYK, within the
    file's total ink limit (ink_limit)."""

    ink_limit = INK_LIMIT

    def setFillColor(self, aColor: Color | str, alpha: float | None = None) -> None:  # reportlab's names
        super().setFillColor(to_press(aColor, self.ink_limit), alpha)

    def setStrokeColor(self, aColor: Color | str, alpha: float | None = None) -> None:  # reportlab's names
        super().setStrokeColor(to_press(aColor, self.ink_limit), alpha)

    def drawImage(self, image: str | ImageReader, x: float, y: float, width: float | None = None,  # reportlab's names
                  height: float | None = None, mask: Any = None, **options: Any) -> Any:
        if not isinstance(image, PressPicture):     # (render/flatten.py makes each picture one)
            raise TypeError(f"a press file draws pictures made press CMYK first, not {image!r}")
        return super().drawImage(image, x, y, width, height, mask=None, **options)


class _PDFXInfo(pdfdoc.PDFInfo):
    """The document information with the PDF/X keys."""

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        text = super().format(document)
        extra = pdfdoc.PDFDictionary({"GTS_PDFXVersion": pdfdoc.PDFString(PDFX_VERSION)})
        inner = extra.format(document)
        # both are dictionaries: splice the extra keys in before the closing ">>"
        return text.rstrip()[:-2] + inner.strip()[2:-2] + b">>"


def mark_pdfx(canvas: Canvas, title: str) -> None:
    """Make the canvas's document PDF/X-1a:2003 (call before saving): the output intent
    embedding the profile, the PDF/X key, Trapped False (the header stays PDF 1.3)."""
    document = canvas._doc
    info = _PDFXInfo()
    info.__dict__.update(document.info.__dict__)
    info.title = title
    info.trapped = "False"
    document.info = info
    data = profile_path().read_bytes()
    profile = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"N": 4}), data, filters=[pdfdoc.PDFZCompress])
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"),
        "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputCondition": pdfdoc.PDFString(PROFILE_NAME),
        "OutputConditionIdentifier": pdfdoc.PDFString(CONDITION),
        "RegistryName": pdfdoc.PDFString(REGISTRY),
        "Info": pdfdoc.PDFString(PROFILE_NAME),
        "DestOutputProfile": document.Reference(profile),
    })
    catalog = document.Catalog
    catalog.OutputIntents = pdfdoc.PDFArray([intent])
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
