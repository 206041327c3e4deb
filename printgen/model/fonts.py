"""Font families as templates and decks name them: which face (or fallback chain,
printgen/fonts.py) each weight and style is set in."""

from __future__ import annotations

from typing import Any

from printgen.frozen import frozen


@frozen
class Fonts:
    """A family: the four faces (each a face or a fallback chain) text of one font
    name is set in, by weight and style."""

    regular: str = "sans"
    bold: str = "sans-bold"
    italic: str = "sans-italic"
    bold_italic: str = "sans-bold-italic"

    def pick(self, span: Any) -> str:
        """The face for a span of rich text (its bold and italic flags)."""
        if span.bold and span.italic:
            return self.bold_italic
        return self.bold if span.bold else self.italic if span.italic else self.regular
