"""A PDF's finished pages kept beside it in its output folder, so that a rebuild in a
new process splices the pages whose key is unchanged (render/pdfpages.py) instead of
drawing them.

The pages file is untrusted input, read as plain data, never unpickled:

    MAGIC  sha256(BODY)  BODY
    BODY = length of HEADER (4 bytes, big-endian)  HEADER  STREAMS

HEADER is JSON: {"format": 2, "how": HOW, "pages": [[KEY, LENGTH, TEXT, FILTERS,
BOXES, IMAGES, NEEDS, FACES, FORMS, PICTURES], ...]}, FACES a list of [FONT, NAME,
[[GID, WIDTH], ...], [[GID, CHARACTERS], ...]]; FORMS the names of the pictures the
page places, in order (reportlab's, each time one is placed), PICTURES their internal
names and their soft masks' (in the order the page registered them); STREAMS the
pages' content streams one after another (LENGTH bytes each; TEXT: reportlab's
filters gave it as text, latin-1). Only pages that keep no graphics state dictionary
are stored (the others are drawn every time). A PDF assembled from its second build
on (render/drawn.py) has a file, even without a page to store, in step with it. A stored page's pictures are never read from the file: it is
spliced only where the page being built places pictures of those names, and those
are registered (render/pdfcanvas.py). A file that is too large, in another format or for pages drawn
another way (HOW), whose digest does not hold or that breaks any bound below gives no
page at all: everything is drawn, as in a clean build. A face a stored page names is
spliced only where the page being drawn uses it (render/pdf.py): a record never makes
printgen open a file it names.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable
from typing import Any

from printgen.render.pdfpages import BOXES, KeptFace, KeptPage

MAGIC = b"printgen pdf pages\n"
FORMAT = 2
MAX_BYTES = 4 * 1024 * 1024         # of one file (~1,100 pages of cards): the pages past it are not kept
MAX_PAGES = 100_000
MAX_FACES = 64                      # a page's
MAX_GLYPHS = 65_536                 # a face's, on one page
MAX_NAME = 256                      # characters of a face's name, a key, a how
MAX_TEXT = 64                       # characters a glyph stands for
MAX_PICTURES = 4096                 # placings of pictures on a page
FILTERS = frozenset(("ASCII85Decode", "FlateDecode"))
NEEDS = frozenset(("transparency",))
_KEY = re.compile(r"[0-9a-f]{32}")
_PICTURE = re.compile(r"FormXob\.[0-9a-f]{32}")       # reportlab's internal name of a picture
_HEAD = len(MAGIC) + 32


def dump(pages: Iterable[tuple[str, KeptPage]], how: str) -> bytes:
    """The file of the storable pages given (key, page), in order, up to MAX_BYTES (perhaps
    none: the file is written whenever its PDF is assembled with pages kept, so as to be
    in step with it)."""
    rows: list[list[Any]] = []
    streams: list[bytes] = []
    size = _HEAD + 4 + 256
    seen: set[str] = set()
    for key, page in pages:
        if not page.storable or key in seen or len(rows) >= MAX_PAGES:
            continue
        seen.add(key)
        stream = page.contents.encode("latin-1") if isinstance(page.contents, str) else page.contents
        row = [key, len(stream), isinstance(page.contents, str), list(page.filters),
               [_box(page.boxes.get(name)) for name in BOXES], page.images, list(page.needs),
               [[one.font, one.name, [[gid, width] for gid, width in one.widths.items()],
                 [[gid, text] for gid, text in one.used.items()]] for one in page.faces],
               list(page.forms), [name for name, _ in page.pictures]]
        cost = len(stream) + len(json.dumps(row)) + 1
        if size + cost > MAX_BYTES:
            break
        size += cost
        rows.append(row)
        streams.append(stream)
    header = json.dumps({"format": FORMAT, "how": how, "pages": rows}, separators=(",", ":")).encode()
    body = len(header).to_bytes(4, "big") + header + b"".join(streams)
    return MAGIC + hashlib.sha256(body).digest() + body


def _box(value: Any) -> list[float] | None:
    return None if value is None else list(value)


def load(data: bytes | None, how: str) -> dict[str, KeptPage]:
    """The pages of a file by their keys; none where it is not a sound file of this
    format for pages drawn as how says."""
    if data is None or len(data) > MAX_BYTES or not data.startswith(MAGIC) or len(data) < _HEAD + 4:
        return {}
    body = data[_HEAD:]
    if hashlib.sha256(body).digest() != data[len(MAGIC):_HEAD]:
        return {}
    length = int.from_bytes(body[:4], "big")
    try:
        header = json.loads(body[4:4 + length].decode("utf-8"))
        return _pages(header, memoryview(body)[4 + length:], how)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        return {}


def _pages(header: Any, streams: memoryview, how: str) -> dict[str, KeptPage]:
    if not (isinstance(header, dict) and set(header) == {"format", "how", "pages"}
            and type(header["format"]) is int and header["format"] == FORMAT and header["how"] == how
            and isinstance(header["pages"], list) and len(header["pages"]) <= MAX_PAGES):
        return {}
    pages: dict[str, KeptPage] = {}
    offset = 0
    for row in header["pages"]:
        key, length, text, filters, boxes, images, needs, faces, forms, pictures = row
        _check(isinstance(key, str) and _KEY.fullmatch(key) is not None and _count(length, len(streams) - offset)
               and type(text) is bool and _names(filters, FILTERS) and _names(needs, NEEDS)
               and type(images) is int and images in (0, 1)
               and isinstance(boxes, list) and len(boxes) == len(BOXES)
               and isinstance(faces, list) and len(faces) <= MAX_FACES
               and _listed(forms, _KEY) and _listed(pictures, _PICTURE)
               and len(set(pictures)) == len(pictures) <= 2 * len(forms))
        stream = bytes(streams[offset:offset + length])
        offset += length
        pages[key] = KeptPage(stream.decode("latin-1") if text else stream, tuple(filters),
                              {name: _box_of(value) for name, value in zip(BOXES, boxes, strict=True)},
                              tuple(forms), None, images, tuple(_face(one) for one in faces),
                              tuple((name, None) for name in pictures), tuple(needs))
    _check(offset == len(streams))
    return pages


def _check(sound: bool) -> None:
    if not sound:
        raise ValueError("not a pages file")


def _count(value: Any, most: int) -> bool:
    return type(value) is int and 0 <= value <= most


def _names(value: Any, allowed: frozenset[str]) -> bool:
    return isinstance(value, list) and len(value) <= len(allowed) and all(
        isinstance(name, str) and name in allowed for name in value)


def _listed(value: Any, pattern: re.Pattern[str]) -> bool:
    return isinstance(value, list) and len(value) <= MAX_PICTURES and all(
        isinstance(one, str) and pattern.fullmatch(one) is not None for one in value)


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _box_of(value: Any) -> tuple[float, ...] | None:
    if value is None:
        return None
    _check(isinstance(value, list) and len(value) == 4 and all(_number(one) for one in value))
    return tuple(value)


def _face(value: Any) -> KeptFace:
    font, name, widths, used = value
    _check(all(isinstance(one, str) and 0 < len(one) <= MAX_NAME for one in (font, name))
           and isinstance(widths, list) and isinstance(used, list) and len(widths) <= MAX_GLYPHS
           and len(used) <= len(widths))
    width_of: dict[int, float] = {}
    for gid, width in widths:
        _check(_count(gid, MAX_GLYPHS - 1) and _number(width) and gid not in width_of)
        width_of[gid] = width
    text_of: dict[int, str] = {}
    for gid, text in used:
        _check(gid in width_of and gid not in text_of and isinstance(text, str) and 0 < len(text) <= MAX_TEXT)
        text_of[gid] = text
    return KeptFace(font, name, width_of, text_of)
