"""Pictures as layout sees them: a file the spec stage has found and checked, with
its pixel size, and the shelf through which a template's per-card names reach them."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from printgen.frozen import frozen


@frozen
class Picture:
    """A checked PNG, JPEG, WebP or SVG file (a regular file, inside its data file's folders,
    decodable, within the pixel limit) and its size in pixels."""

    path: Path
    width: int
    height: int


class PictureShelf(Protocol):
    """The pictures one data file may name, by the name as written: `src` is what an
    element or a Markdown image says (an expression's value, for a per-card picture),
    `where` locates it for an error. The spec stage makes the shelf (it finds, confines
    and checks the files); layout only asks it."""

    def __call__(self, src: str, where: str) -> Picture: ...
