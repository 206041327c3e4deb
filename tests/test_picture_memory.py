"""A large opaque picture is resized before it is made RGBA: a 6,300 px square photo
drawn on a card took 528 MB, a copy of it whole as RGBA among them. The pixels drawn
are the same as those of the picture made RGBA first."""

from __future__ import annotations

import pytest
from PIL import Image


@pytest.mark.parametrize("mode, turn", [("RGB", None), ("L", Image.Transpose.ROTATE_90)])
def test_an_opaque_picture_is_made_rgba_only_at_the_size_it_is_drawn(tmp_path, monkeypatch, mode, turn):
    import printgen.pictures
    path = tmp_path / "photo.png"
    picture = Image.linear_gradient("L").resize((1200, 900)).convert(mode)
    if mode == "RGB":
        picture = Image.merge("RGB", (picture.getchannel(0), picture.getchannel(0).rotate(90, expand=False),
                                      picture.getchannel(0).transpose(Image.Transpose.FLIP_LEFT_RIGHT)))
    picture.save(path)
    made: list[tuple[int, int]] = []
    real = printgen.pictures.rgba
    monkeypatch.setattr(printgen.pictures, "rgba", lambda image: made.append(image.size) or real(image))
    drawn = printgen.pictures.drawn_picture(path, (90, 120), turn)
    assert made and max(width * height for width, height in made) <= 90 * 120
    whole = real(picture)
    expected = (whole.transpose(turn) if turn is not None else whole).resize((90, 120), Image.Resampling.LANCZOS)
    assert drawn.mode == "RGBA" and drawn.tobytes() == expected.tobytes()
