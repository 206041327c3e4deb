"""The pictures a data file names, as layout receives them: found beside the file
(confined to its folders), checked once by printgen/pictures.py and kept by name."""

from __future__ import annotations

from pathlib import Path

from printgen.errors import InputError, PrintgenError, quoted
from printgen.model.picture import Picture
from printgen.pictures import check_picture
from printgen.reading import note_looked
from printgen.spec.places import confined, no_file


class Shelf:
    """The pictures named in one data file (a template, a rules text), found beside it
    (confined to its folders), checked once each and kept by name: the spec stage's
    PictureShelf (printgen/model/picture.py). `error` is the error class of a name that
    finds no file, `hint` what the message adds."""

    def __init__(self, file: Path, error: type[PrintgenError] = InputError, hint: str = "") -> None:
        self.file, self.error, self.hint = file, error, hint
        self.found: dict[str, Picture] = {}

    def __call__(self, src: str, where: str) -> Picture:
        if src in self.found:
            return self.found[src]
        try:
            path = confined(self.file, src, where, "image")
        except InputError as problem:
            raise self.error(str(problem)) from None
        try:
            found = path.is_file()
        except OSError:                     # (a name too long for the system: no_file says so)
            found = False
        if not found:
            note_looked(path)               # (build --watch watches for it to appear)
            raise self.error(f"{where}: image {quoted(src)} {no_file(self.file, src)}{self.hint}")
        width, height = check_picture(path, f"{where}: image {quoted(src)}")
        self.found[src] = picture = Picture(path, width, height)
        return picture
