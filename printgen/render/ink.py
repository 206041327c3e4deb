"""The total ink limit of a press file: no colour, vector or picture pixel, puts more
C + M + Y + K on the paper than the shop's printer allows (its `ink_limit:` in
printgen/data/vendors.yaml).

After the press profile's conversion, a colour over the limit keeps its black and
gives up cyan, magenta and yellow in proportion, just enough to come down to the
limit: C, M and Y are each multiplied by (limit - K) / (C + M + Y). The hue of the
coloured inks is kept and the black that carries the shadows with it; the cost is that
the darkest colours print slightly lighter and flatter than the profile made them (a
rich black of 298 % becomes about 240 %). A colour at or under the limit is left as it is.
"""

from __future__ import annotations

import math

from PIL import Image, ImageMath

STRIP_PIXELS = 1_000_000    # pixels of a picture limited at once (its channels are worked as 32-bit)


def limit_ink(cmyk: tuple[float, float, float, float], limit: float) -> tuple[float, float, float, float]:
    """C, M, Y, K (0 to 1) with C, M and Y reduced in proportion so that the total is at
    most limit (1 = 100 %); rounded down to 4 places, so that what is written stays within."""
    c, m, y, k = cmyk
    colour = c + m + y
    if colour + k <= limit or colour <= 0:
        return c, m, y, min(k, limit)
    scale = max(0.0, limit - k) / colour
    return (*(math.floor(v * scale * 10000) / 10000 for v in (c, m, y)), min(k, limit))  # type: ignore[return-value]


def limit_picture_ink(image: Image.Image, limit: float) -> Image.Image:
    """A CMYK picture whose pixels over limit have had C, M and Y reduced as limit_ink
    reduces a colour (in whole steps of 1/255, rounded down); the picture itself where
    no pixel is over. Worked in strips of rows, so that a large picture needs the memory
    of a strip for its 32-bit channels."""
    most = math.floor(limit * 255)
    if most >= 4 * 255 or _most_ink(image) <= most:
        return image
    rows = max(1, STRIP_PIXELS // max(1, image.width))
    out = Image.new("CMYK", image.size)
    for top in range(0, image.height, rows):
        box = (0, top, image.width, min(image.height, top + rows))
        out.paste(_limited(image.crop(box), most), box[:2])
    out.info = dict(image.info)
    return out


def _most_ink(image: Image.Image) -> int:
    """The largest total of C + M + Y + K of any pixel (in 1/255 steps)."""
    rows = max(1, STRIP_PIXELS // max(1, image.width))
    most = 0
    for top in range(0, image.height, rows):
        c, m, y, k = (band.convert("I") for band in image.crop((0, top, image.width, min(image.height, top + rows))).split())
        total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
        assert isinstance(total, Image.Image)
        most = max(most, int(total.getextrema()[1]))    # type: ignore[arg-type]
    return most


def _limited(strip: Image.Image, most: int) -> Image.Image:
    """One strip with C, M and Y scaled by min(1, (most - K) / (C + M + Y)), rounded down:
    a pixel under the limit comes out as it went in (C x S / S)."""
    c, m, y, k = (band.convert("I") for band in strip.split())
    bands = []
    for ink in (c, m, y):
        band = ImageMath.lambda_eval(
            lambda a: a["ink"] * a["min"](a["c"] + a["m"] + a["y"], a["max"](most - a["k"], 0))
            / a["max"](a["c"] + a["m"] + a["y"], 1), ink=ink, c=c, m=m, y=y, k=k)
        assert isinstance(band, Image.Image)
        bands.append(band.convert("L"))
    return Image.merge("CMYK", [*bands, strip.getchannel("K")])
