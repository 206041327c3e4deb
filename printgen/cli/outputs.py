"""The outputs a build writes (--only): read once, for the build and for its watch."""

from __future__ import annotations

from printgen.errors import InputError, quoted
from printgen.products.deck import FORMATS
from printgen.words import first_few

OUTPUTS = (*FORMATS, "gallery")      # the gallery: output/index.html, rewritten after the build


def formats(text: str) -> frozenset[str]:
    """The outputs named in --only's comma-separated text, in any case (PDF, Png);
    InputError naming the words that are none, or the text where it names none."""
    chosen = [part.strip().lower() for part in text.split(",") if part.strip()]
    unknown = [part for part in dict.fromkeys(chosen) if part not in OUTPUTS]
    if unknown or not chosen:
        named = first_few(unknown, 3, shown=quoted)
        got = f"{named} in {quoted(text)}" if unknown and len(chosen) > 1 else quoted(text)
        raise InputError(f"--only: expected outputs from {', '.join(OUTPUTS)}, got {got}")
    return frozenset(chosen)
