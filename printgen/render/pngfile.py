"""A PNG file from an RGB image, written directly: no row filters, deflate by zlib-ng.

Card images are mostly flat colour, which deflate packs well without PNG's row
filters; Pillow's encoder tries every filter on every row, and that, not the
compression, is most of its time. The deflate stream comes from zlib-ng (the zlib-ng
package) at its level 2: on the 62 Sabacc faces at 300 dpi a card takes 1.5 ms to
pack where zlib at level 3 took 4.9 ms, for files 22 % larger (2.50 MB against
2.05 MB; bench/bench_pipeline.py). Any PNG reader inflates it as usual.

ISA-L (the isal package) packs faster and smaller still, but its stream for the same
pixels changed, rarely, with what else the process had done (one card of 63 in about
one build in 14; tests/test_png_writing.py caught it), so it is not used.

The bytes depend only on the pixels, the dpi and the zlib-ng version.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

# zlib-ng's level 1 (deflate_quick) is its fastest and as repeatable, but its files are
# 14-36 % larger (Sabacc: 46.9 KB a card against 36.7 KB) for 0.16-0.44 ms a card less
# (0.73 against 0.95 ms): 5-8 % of drawing and packing a card, not worth the size.
LEVEL = 2
CHUNK = 64 * 1024        # bytes of rows read out of the image at once (at least a row)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """The image (converted to RGB) as PNG bytes marked with its dpi."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    row = 3 * width
    compressor = zlib_ng.compressobj(LEVEL)
    # PNG wants each row led by its filter byte (0, none). Pillow's raw encoder pads each
    # row it writes to a stride with a zero byte after it, so one zero first and every
    # row's trailing zero but the last's give the stream without a Python loop over rows.
    # The rows go to zlib-ng as the encoder gives them, CHUNK bytes at a time: no copy
    # of the whole image is made (a card's would be 2.7 MB, fresh memory every card).
    parts = [compressor.compress(b"\x00")]
    encoder = Image._getencoder("RGB", "raw", ("RGB", row + 1, 1))
    try:
        encoder.setimage(image.im, (0, 0, width, height))
        while True:
            _, status, data = encoder.encode(max(CHUNK, row + 1))
            if status < 0:
                raise RuntimeError(f"Pillow's raw encoder failed ({status})")
            if status:                                  # the last rows: all but their trailing zero
                parts.append(compressor.compress(memoryview(data)[:-1]))
                break
            parts.append(compressor.compress(data))
    finally:
        encoder.cleanup()
    parts.append(compressor.flush())
    per_metre = int(dpi / 0.0254 + 0.5)
    return b"".join([b"\x89PNG\r\n\x1a\n",
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
                     _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
                     _chunk(b"IDAT", b"".join(parts)),
                     _chunk(b"IEND", b"")])
