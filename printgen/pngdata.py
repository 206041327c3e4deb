"""A PNG file's chunks read without decoding its picture (printgen/pictures.py).

Whether its pixel data is whole is found by inflating that data a piece at a time and
counting it, row by row, as a decoder would read it, but never holding the picture: a
6000 x 6000 photograph needs 108 MB decoded, this a few. An eXIf chunk after the pixels
(Pillow reads one before them with the header, and one after them only by decoding the
whole picture) is found by reading the chunks' headers, and only that chunk's data.
The chunks after the pixel data are read as Pillow's decoder reads them once the
pixels are decoded (tail_reads), so that one cut short there is found here too, not
where the picture is drawn. The chunks are counted first (too_many_chunks): Python
reads each in turn, and 2 million empty ones in a file of 30 MB took a minute.
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import Any, BinaryIO

from printgen.limits import limit

PIECE = 1 << 20         # bytes of pixel data inflated at a time
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}     # by colour type: grey, RGB, palette, grey and alpha, RGBA
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
FILTERS = 4             # the largest filter type a row may start with (PNG's five: 0 to 4)
HEADER_END = 33         # the signature (8 bytes) and the IHDR chunk (length, type, 13 bytes, CRC)
SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_CHUNKS = int(limit("png_chunks"))


def too_many_chunks(file: BinaryIO, most: int = MAX_CHUNKS) -> bool:
    """Whether the file is a PNG file of more than `most` chunks before its IEND (their
    headers read, nothing else): a picture printgen does not read, nor its gallery
    preview. The file's position is kept."""
    position = file.tell()
    try:
        file.seek(0)
        if file.read(8) != SIGNATURE:
            return False
        count = 0
        while len(header := file.read(8)) == 8 and header[4:] != b"IEND":
            count += 1
            if count > most:
                return True
            file.seek(int.from_bytes(header[:4], "big") + 4, io.SEEK_CUR)     # its data and CRC
        return False
    finally:
        file.seek(position)


def exif_chunk(file: BinaryIO) -> bytes | None:
    """The data of the PNG file's eXIf chunk, where it has one; the file's position kept."""
    position = file.tell()
    try:
        file.seek(8)                                # past the signature
        while len(header := file.read(8)) == 8:
            length = int.from_bytes(header[:4], "big")
            if header[4:] == b"eXIf":
                data = file.read(length)
                return data if len(data) == length else None
            if header[4:] == b"IEND":
                return None
            file.seek(length + 4, io.SEEK_CUR)      # its data and CRC
        return None
    finally:
        file.seek(position)


def pixels_whole(file: BinaryIO) -> int | None:
    """Where the PNG file's pixel data ends (the end of the data of the IDAT chunk
    holding its last row), where that data (its IDAT chunks, one after another) inflates
    to every row its header promises, each starting with a filter type PNG has; None
    where it does not: what a decoder refuses as damaged or cut short. The file's
    position is kept."""
    position = file.tell()
    try:
        file.seek(8)
        header = file.read(HEADER_END - 8)
        if len(header) < HEADER_END - 8 or header[4:8] != b"IHDR":
            return None
        width, height = int.from_bytes(header[8:12], "big"), int.from_bytes(header[12:16], "big")
        depth, colour, interlace = header[16], header[17], header[20]
        rows = _Rows(width, height, depth * CHANNELS.get(colour, 1), interlace == 1)
        inflate = zlib.decompressobj()
        started = False
        end = 0
        while rows.left and len(chunk := file.read(8)) == 8:
            length = int.from_bytes(chunk[:4], "big")
            if chunk[4:] != b"IDAT":
                if started:
                    break
                file.seek(length + 4, io.SEEK_CUR)
                continue
            started = True
            end = file.tell() + length
            if not _inflate(file, length, inflate, rows):
                return None
            file.seek(end + 4)                      # (past its CRC, which decoders do not check)
        return end if rows.left == 0 else None
    except zlib.error:
        return None
    finally:
        file.seek(position)


def tail_reads(stream: Any, end: int) -> bool:
    """Whether the chunks after a PNG file's pixel data (from end: pixels_whole) to its
    IEND read as Pillow's decoder reads them once it has decoded the pixels (its
    PngImageFile.load_end: each chunk's data read by the stream's reader for its kind,
    or skipped), so that drawing the picture does not fail there: a chunk cut short
    (its data past the file's end) fails it. stream: Pillow's PngStream of the opened
    picture (its `png`), which holds what the chunks before the pixels set."""
    from PIL import ImageFile
    file = stream.fp
    file.seek(end)
    while True:
        file.read(4)                                # the CRC of the chunk before
        try:
            kind, start, length = stream.read()
        except (struct.error, SyntaxError):         # (no whole chunk header: the decoder stops there)
            return True
        if kind == b"IEND":
            return True
        try:
            stream.call(kind, start, length)
        except UnicodeDecodeError:
            return True
        except (EOFError, AttributeError):          # (pixel data, or a kind it has no reader for: skipped)
            ImageFile._safe_read(file, length)


def _inflate(file: BinaryIO, length: int, inflate: zlib._Decompress, rows: _Rows) -> bool:
    """Read an IDAT chunk's data (length bytes, fewer where the file is cut short) into
    rows a piece at a time, inflated no further than the last row (as decoders do: a
    checksum after it is not read); False where a row's filter type is not PNG's."""
    while length > 0 and rows.left:
        data = file.read(min(length, PIECE))
        if not data:
            break
        length -= len(data)
        while rows.left:
            wanted = min(PIECE, rows.left)
            piece = inflate.decompress(data, wanted)
            if not rows.read(piece):
                return False
            data = inflate.unconsumed_tail
            if not data and len(piece) < wanted:
                break
    return True


class _Rows:
    """The rows of a PNG picture's inflated pixel data, pass by pass (seven passes of
    an interlaced picture, one of any other), each row a filter type and its pixels."""

    def __init__(self, width: int, height: int, bits: int, interlaced: bool) -> None:
        self.passes: list[tuple[int, int]] = []      # (bytes of a row, rows) of each pass that has rows
        for left, top, across, down in ADAM7 if interlaced else ((0, 0, 1, 1),):
            columns, count = (width - left + across - 1) // across, (height - top + down - 1) // down
            if columns > 0 and count > 0:
                self.passes.append((1 + (columns * bits + 7) // 8, count))
        self.index = 0
        self.read_of_pass = 0                        # bytes of the current pass read
        self.left = sum(row * count for row, count in self.passes)     # bytes of every pass not read

    def done(self) -> bool:
        return self.left == 0

    def read(self, piece: bytes) -> bool:
        """Read the next piece of the data; False where a row starts with a filter type
        PNG does not have. What follows the last row is not read (as decoders read it)."""
        offset = 0
        while offset < len(piece) and not self.done():
            row, count = self.passes[self.index]
            take = min(row * count - self.read_of_pass, len(piece) - offset)
            first = -self.read_of_pass % row         # where the next row starts, from offset
            if first < take and max(piece[offset + first:offset + take:row]) > FILTERS:
                return False
            offset += take
            self.read_of_pass += take
            self.left -= take
            if self.read_of_pass == row * count:
                self.index, self.read_of_pass = self.index + 1, 0
        return True
