"""Flattening a picture for a press file (render/flatten.py) reads the picture as every
input is read (printgen/reading.py's open_input: a regular file, within the size
limit), never by opening its path apart from those checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from printgen import picturefile
from printgen.errors import InputError
from printgen.layout.primitives import Image as Picture
from printgen.render.flatten import KEPT_BYTES, Flattened, flattened


def picture(folder: Path, name: str, colour: tuple[int, ...]) -> Path:
    path = folder / name
    Image.new("RGBA", (40, 30), colour).save(path)
    return path


@pytest.mark.parametrize("alpha", [255, 120])
def test_the_picture_is_opened_only_as_an_open_file(tmp_path, monkeypatch, alpha):
    path = picture(tmp_path, f"p{alpha}.png", (200, 40, 40, alpha))
    opened: list[object] = []
    real = Image.open

    def recording(source, *args, **kwargs):
        opened.append(source)
        return real(source, *args, **kwargs)

    monkeypatch.setattr(Image, "open", recording)
    flattened(Picture(0.0, 0.0, 20.0, 15.0, path), (), Flattened(KEPT_BYTES))
    assert opened, "the picture was looked at"
    assert not [source for source in opened if isinstance(source, (str, Path))]     # no path opened directly


def test_an_opaque_picture_over_the_size_limit_is_one_located_error(tmp_path, monkeypatch):
    path = picture(tmp_path, "opaque.png", (10, 120, 200, 255))
    monkeypatch.setattr(picturefile, "MAX_BYTES", 10)
    with pytest.raises(InputError) as error:
        flattened(Picture(0.0, 0.0, 20.0, 15.0, path), (), Flattened(KEPT_BYTES))
    assert "opaque.png" in str(error.value) and "at most 10 bytes" in str(error.value)
