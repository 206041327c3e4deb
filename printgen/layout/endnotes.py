"""A text's endnotes: the footnotes its blocks refer to, set after it under a heading
saying "Notes" in the text's language (layout/flow.py adds them to a leaflet's text;
a panel is too small for notes at its foot), and the words printgen adds to a text
itself (that heading, a booklet's contents' heading, a box's back), set in English
where the text's fonts lack their letters, with a note saying so (read by
layout/leaflet.py, layout/book.py and the booklet and box products).
"""

from __future__ import annotations

from printgen.fonts import missing
from printgen.layout.fold import HEADING_FONTS, FoldStyle, notes_in
from printgen.model.text import Block, BlockKind, Note, Span


def referenced(blocks: list[Block]) -> tuple[Note, ...]:
    """Every note the blocks refer to (in text and table cells), each once, in order."""
    return notes_in(tuple(span for block in blocks
                          for spans in (block.spans, *(cell for row in block.rows for cell in row))
                          for span in spans))


def own_word(word: str, english: str, font_name: str) -> str:
    """A word printgen adds to a text itself (the heading over its notes, a booklet's
    contents' heading) as set in font_name: the word in the text's language, or the
    English one where the font and its fallbacks lack any of its letters (a Japanese
    text whose fonts have its own words but not "目次"). It is printgen's word, not the
    user's, so it never stops a build: the bundled faces have every English letter.
    english_note() says where it is set in English."""
    return english if missing(font_name, word) else word


def english_note(word: str, english: str, font_name: str, what: str) -> str | None:
    """The note for a word own_word() sets in English (None where it is not): what
    names the word and the text it heads ("rules/x.md: the contents' heading")."""
    lacking = missing(font_name, word)
    if not lacking:
        return None
    chars = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in lacking[:5]) + (", ..." if len(lacking) > 5 else "")
    return (f"{what}: no font of the text has the letters {chars} of {word!r}, so it is set in English "
            f"({english!r}); declare a font that has them under fonts: (printgen docs fonts)")


def notes_heading(style: FoldStyle) -> str:
    """The heading over a text's notes: the word for "Notes" in the text's language
    (style.notes), or the English one where the headings' fonts lack its letters
    (own_word())."""
    return own_word(style.notes, FoldStyle.notes, style.family(HEADING_FONTS).regular)


def notes_note(blocks: list[Block], style: FoldStyle, where: str) -> str | None:
    """english_note() for the heading over the notes of the blocks (of the text at
    where): None where it is in the text's language, or they have no notes."""
    if not referenced(blocks):
        return None
    return english_note(style.notes, FoldStyle.notes, style.family(HEADING_FONTS).regular,
                        f"{where}: the notes' heading")


def endnotes(blocks: list[Block], style: FoldStyle) -> list[Block]:
    """The notes the blocks refer to, as blocks to follow them: a heading
    (notes_heading(), asked only where there are notes) and each note a list item
    numbered as its references (none without notes)."""
    notes = referenced(blocks)
    if not notes:
        return []
    return [Block(BlockKind.HEADING, notes[0].where, (Span(notes_heading(style)),), level=2)] + [
        Block(BlockKind.ITEM, note.where, note.spans, level=1, marker=f"{note.number}.") for note in notes]
