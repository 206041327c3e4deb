"""Export profiles: how a print shop or a virtual tabletop wants a deck."""

from __future__ import annotations

import enum

from printgen.frozen import frozen


class Output(enum.Enum):
    PNG = "png"          # one image per face and back
    PDF = "pdf"          # one card per page
    TTS = "tts"          # Tabletop Simulator deck sheets


@frozen
class Profile:
    """One shop or tabletop (printgen/data/vendors.yaml): sizes in points, pixel counts as ints."""

    name: str
    title: str
    output: Output
    dpi: int
    bleed: float
    safe: float
    colour: str                                   # rgb or cmyk
    expect: dict[str, tuple[float, float]]        # per size preset: pixels (png) or points (pdf)
    box_art: str | None = None                    # data file of the shop's tuck box die lines
    sheet: tuple[int, int] | None = None          # most columns and rows of a TTS sheet
    card: tuple[float, float] | None = None       # the card a TTS card object is at scale 1 (points)
    ink_limit: float | None = None                # (cmyk) most total ink, 1 = 100 %; None: the press profile's
    max_side: int | None = None                   # (tts) the most pixels a side of a sheet image may have
