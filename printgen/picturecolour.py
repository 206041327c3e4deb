"""A decoded picture made sRGB with alpha for the RGB outputs: a CMYK one converted by
LittleCMS (Pillow's ImageCms) through its own colour profile, else the press profile
printgen's CMYK files use; any other by Pillow's own conversion. Read by
printgen/pictures.py (pictures drawn and converted) and render/flatten.py.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import ImageCms
    from PIL.Image import Image


def rgba(picture: Image) -> Image:
    """A decoded picture as sRGB with alpha: a CMYK one converted by LittleCMS (Pillow's
    ImageCms) from the profile it embeds, else from the press profile printgen's CMYK
    files use (render/pdfx.py), relative colorimetric with black point compensation;
    any other by Pillow's own conversion."""
    if picture.mode != "CMYK":
        return picture.convert("RGBA")
    from PIL import ImageCms
    converted = ImageCms.applyTransform(picture, _from_cmyk(picture.info.get("icc_profile") or b""))
    assert converted is not None                    # (None only in place)
    return converted.convert("RGBA")


@lru_cache(maxsize=8)
def _from_cmyk(profile: bytes) -> ImageCms.ImageCmsTransform:
    """LittleCMS's transform from a CMYK profile (these bytes, where they are one it
    reads and can build a transform from, else the press profile) to sRGB."""
    from PIL import ImageCms

    from printgen.render.pdfx import profile_path
    source = None
    if profile:
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
            source = None
        if source is not None and source.profile.xcolor_space.strip() != "CMYK":
            source = None
    if source is not None:
        try:
            return _to_srgb(source)
        except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
            pass                                    # a damaged profile: the press one instead
    return _to_srgb(ImageCms.ImageCmsProfile(str(profile_path())))


def _to_srgb(source: ImageCms.ImageCmsProfile) -> ImageCms.ImageCmsTransform:
    """LittleCMS's transform from this CMYK profile to sRGB."""
    from PIL import ImageCms
    return ImageCms.buildTransform(source, ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
