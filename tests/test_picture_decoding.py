"""A picture is checked without being held decoded (printgen/pictures.py): a JPEG is
read through at an eighth of its size each way, a PNG's data inflated a piece at a time
and counted (printgen/pngdata.py), and one damaged or cut short is still refused; and
it is decoded when drawn, a JPEG no larger than the drawing needs (Pillow's draft)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageFile, ImageStat

from pictures import quarters
from printgen.errors import InputError

SIZE = (2400, 3200)


def spy_loads(monkeypatch) -> list[tuple[str, tuple[int, int]]]:
    """The format and size of every picture Pillow decodes from here on."""
    loads: list[tuple[str, tuple[int, int]]] = []
    real = ImageFile.ImageFile.load

    def load(self):
        if self.tile:                       # (not yet decoded)
            loads.append((self.format, self.size))
        return real(self)
    monkeypatch.setattr(ImageFile.ImageFile, "load", load)
    return loads


def photo(size: tuple[int, int] = SIZE) -> Image.Image:
    """Quarters with noise over them: a picture whose decoding shows."""
    noise = Image.effect_noise(size, 30).convert("RGB")
    return ImageChops.add(quarters(size), noise, scale=2.0)


def test_a_large_jpeg_is_checked_at_an_eighth_of_its_size(tmp_path, monkeypatch):
    from printgen.pictures import check_picture
    photo().save(tmp_path / "photo.jpg", quality=90)
    loads = spy_loads(monkeypatch)
    assert check_picture(tmp_path / "photo.jpg", "deck.yaml:3") == SIZE
    assert loads == [("JPEG", (SIZE[0] // 8, SIZE[1] // 8))]


def test_a_large_png_is_checked_without_being_decoded(tmp_path, monkeypatch):
    from printgen.pictures import check_picture
    photo().save(tmp_path / "photo.png")
    loads = spy_loads(monkeypatch)
    assert check_picture(tmp_path / "photo.png", "deck.yaml:3") == SIZE
    assert loads == []


def test_a_phone_photo_is_measured_upright_from_its_header(tmp_path, monkeypatch):
    from printgen.pictures import check_picture
    exif = Image.Exif()
    exif[0x0112] = 6                        # turn 90 degrees clockwise to show
    photo().save(tmp_path / "turned.jpg", exif=exif.tobytes(), quality=90)
    photo().save(tmp_path / "turned.png", exif=exif.tobytes())
    loads = spy_loads(monkeypatch)
    assert check_picture(tmp_path / "turned.jpg", "a") == check_picture(tmp_path / "turned.png", "b") == SIZE[::-1]
    assert all(size[0] * size[1] * 64 <= SIZE[0] * SIZE[1] for _, size in loads)


@pytest.mark.parametrize("name", ["photo.jpg", "photo.png"])
def test_a_large_picture_cut_short_is_still_refused_without_being_decoded_whole(tmp_path, monkeypatch, name):
    from printgen.pictures import check_picture
    data = io.BytesIO()
    photo().save(data, format="JPEG" if name.endswith("jpg") else "PNG", quality=90)
    (tmp_path / name).write_bytes(data.getvalue()[:len(data.getvalue()) * 3 // 4])
    loads = spy_loads(monkeypatch)
    with pytest.raises(InputError, match=r"^deck.yaml:3: the picture is damaged or cut short \(its 2400 x 3200"):
        check_picture(tmp_path / name, "deck.yaml:3")
    assert all(size[0] * size[1] * 64 <= SIZE[0] * SIZE[1] for _, size in loads), loads


@pytest.mark.parametrize("turn", [None, Image.Transpose.ROTATE_90])
def test_a_large_jpeg_is_decoded_no_larger_than_it_is_drawn(tmp_path, monkeypatch, turn):
    """Drawn at 300 x 400 px (a quarter turned, 400 x 300), the 2400 x 3200 px JPEG is
    decoded at an eighth each way (it still has every pixel drawn), and looks as the
    whole picture resized does; drawn at 700 x 900 px, at half its size (a quarter
    would have too few pixels)."""
    from printgen.pictures import check_picture, drawn_picture
    photo().save(tmp_path / "photo.jpg", quality=90)
    check_picture(tmp_path / "photo.jpg", "deck.yaml:3")
    size = (400, 300) if turn is not None else (300, 400)
    with Image.open(tmp_path / "photo.jpg") as stored:
        whole = stored.convert("RGBA")
        expected = (whole.transpose(turn) if turn is not None else whole).resize(size, Image.Resampling.LANCZOS)
    loads = spy_loads(monkeypatch)
    drawn = drawn_picture(tmp_path / "photo.jpg", size, turn)
    assert loads == [("JPEG", (300, 400))]
    assert drawn.size == size
    assert ImageStat.Stat(ImageChops.difference(drawn, expected).convert("L")).mean[0] < 3
    drawn_picture(tmp_path / "photo.jpg", (900, 700) if turn is not None else (700, 900), turn)
    assert loads[1:] == [("JPEG", (1200, 1600))]

