"""The outputs a build writes (--only): read once, for the build and for its watch."""

from __future__ import annotations

from printgen.errors import InputError
from printgen.products.deck import FORMATS

OUTPUTS = (*FORMATS, "gallery")      # the gallery: output/index.html, rewritten after the build


def formats(text: str) -> frozenset[str]:
    """The outputs named in --only's comma-separated text."""
    chosen = {part.strip() for part in text.split(",") if part.strip()}
    unknown = chosen - set(OUTPUTS)
    if unknown or not chosen:
        raise InputError(f"--only: expected outputs from {', '.join(OUTPUTS)}, got {text!r}")
    return frozenset(chosen)
