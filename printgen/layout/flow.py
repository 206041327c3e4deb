"""The flow of a text's chunks down panels (layout/leaflet.py's leaflets, read by
flow()) and the keeps a book's pages follow too (layout/booktext.py): a heading, a
title line or a lead-in keeps the lines that follow it, a list's last short item goes
with the item before it, and a leaflet keeps each paragraph, list item or table on one
panel where it fits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from printgen.errors import FitError
from printgen.layout.endnotes import endnotes
from printgen.layout.fold import KEEP_LINES, Chunk, FoldStyle, chunks, plain
from printgen.layout.primitives import Primitive, shift
from printgen.model.text import Block, BlockKind
from printgen.units import mm


def leads_in(block: Block, after: Block | None, lines: int) -> bool:
    """Whether a block of `lines` lines is a lead-in, kept with what follows as a
    heading is: a paragraph or list item ending in ":" directly before a list (item),
    a picture or a table ("Each player takes:", "A small icon:", "Each card
    scores:"). A lead-in of more than two lines keeps its last two with what
    follows, and may break before them as a paragraph does."""
    return (block.kind in (BlockKind.PARAGRAPH, BlockKind.ITEM) and lines > 0 and after is not None
            and after.kind in (BlockKind.ITEM, BlockKind.IMAGE, BlockKind.TABLE)
            and plain(block).endswith((":", "\uff1a")))


def closes_list(block: Block, after: Block | None, later: Block | None, after_lines: int) -> bool:
    """Whether block is the list item before its list's last item, `after`, of one
    line (no list item follows it: `later`), which it keeps with it: a list's last
    short item never stands alone at the head of a page or panel, as a paragraph's
    last line never does."""
    return (block.kind is BlockKind.ITEM and after is not None and after.kind is BlockKind.ITEM
            and after_lines == 1 and (later is None or later.kind is not BlockKind.ITEM))


def keeps_next(block: Block, after: Block | None, lines: int) -> bool:
    """Whether a block of `lines` chunks keeps KEEP_LINES lines of what follows: a
    heading, a title line of a plain-text copy, or a lead-in (leads_in())."""
    return block.kind is BlockKind.HEADING or block.keep_with_next or leads_in(block, after, lines)


def ends_keep(block: Block, counted: int) -> bool:
    """Whether a keep that holds `counted` lines of what follows ends before block: at
    a heading (or a title line), once it holds a line. A heading over a one-line
    section keeps that line, which is the whole section, and not the next heading too,
    which would keep the next section's lines, and so on: a chain of short sections
    would go over to the next page together, leaving the foot of this one empty."""
    return counted > 0 and (block.kind is BlockKind.HEADING or block.keep_with_next)


def following(items: Sequence[Chunk], start: int, most: float = math.inf) -> int:
    """How many chunks after items[start] hold KEEP_LINES lines of what follows it (a
    line or a table row counts one, a heading none, a picture or rule all), up to the
    next heading once they hold a line (ends_keep()); no more once they are taller
    than most (a panel's text height: a keep taller than a panel is not kept whole
    however long it is, and a chain of headings with no lines under them took time
    growing with the square of their number)."""
    counted, end, height = 0, start, items[start].height
    while counted < KEEP_LINES and end + 1 < len(items) and not (counted and items[end + 1].counts == 0) \
            and height <= most:
        end += 1
        counted += items[end].counts
        height += items[end].gap + items[end].height
    return end - start


def flow(blocks: list[Block], style: FoldStyle, *,
         whole_blocks: bool = False) -> list[tuple[list[Primitive], float]]:
    """Every block's chunks placed down panels, in order, then the endnotes; headings
    keep with their text. whole_blocks: a paragraph, list item or table also stays on
    one panel where it fits (a leaflet's setting). Returns each panel's primitives and
    the height it uses."""
    items, wheres = flow_chunks(blocks, style, whole_blocks=whole_blocks)
    limit = style.inner[1]
    for i, chunk in enumerate(items):
        if chunk.height > limit + 1e-6:
            raise FitError(f"{wheres[i]}: a piece {mm(chunk.height):.1f} mm tall does not fit a panel's "
                           f"{mm(limit):.1f} mm of text height")
    result = []
    for placed in place(items, limit):
        prims: list[Primitive] = []
        y = 0.0
        for i in placed:
            gap = items[i].gap if y > 0 else 0.0
            drawn = (*items[i].prims, *(items[i].bridge if gap > 0 else ()))
            prims += [shift(p, 0.0, y + gap) for p in drawn]
            y += gap + items[i].height
        result.append((prims, y))
    return result


def flow_chunks(blocks: list[Block], style: FoldStyle, *,
                whole_blocks: bool = False) -> tuple[list[Chunk], list[str]]:
    """The chunks flow() places, in order (the blocks, then their endnotes), and
    where each comes from. A heading, title line or lead-in (keeps_next()) keeps the
    chunks that hold KEEP_LINES lines of what follows (following()), a lead-in's
    last two lines together; the item before a list's last one-line item keeps that
    item (closes_list())."""
    every = blocks + endnotes(blocks, style)
    made = [kept_chunks(block, style) if whole_blocks else chunks(block, style) for block in every]
    items: list[Chunk] = []
    wheres: list[str] = []
    ends: list[int] = []                       # each keeping block's last chunk
    for i, block in enumerate(every):
        items += made[i]
        wheres += [block.where] * len(made[i])
        after, later = (every[i + 1] if i + 1 < len(every) else None), (every[i + 2] if i + 2 < len(every) else None)
        if made[i] and keeps_next(block, after, len(made[i])):
            ends.append(len(items) - 1)
            if len(made[i]) > 1:                # a lead-in's last two lines go together
                items[-2] = replace(items[-2], keep=max(items[-2].keep, 1))
        elif made[i] and closes_list(block, after, later, len(made[i + 1]) if after else 0):
            items[-1] = replace(items[-1], keep=1)
    for end in ends:
        items[end] = replace(items[end], keep=following(items, end, style.inner[1] + 1.0),  # (taller than a
                             heading=True)                                          # panel by a point)
    return items, wheres


def place(items: list[Chunk], limit: float) -> list[list[int]]:
    """The chunks (by index) on each panel of `limit` points of text height. A chunk
    starts a new panel unless it fits with the chunks it keeps: its whole block where
    that fits on a panel, else the lines it keeps; a heading (or a lead-in) is never
    the last chunk on a panel (the chunk after it may split its block rather than
    leave it there)."""
    panels: list[list[int]] = [[]]
    y = 0.0
    for i, chunk in enumerate(items):
        gap = chunk.gap if y > 0 else 0.0
        need = stacked_height(items[i:kept_until(items, i, whole=True, most=limit) + 1])
        after_heading = bool(panels[-1]) and items[panels[-1][-1]].heading
        if need > limit + 1e-6 or (after_heading and y + gap + need > limit + 1e-6):
            need = stacked_height(items[i:kept_until(items, i, whole=False, most=limit) + 1])
        if y > 0 and y + gap + min(need, limit) > limit + 1e-6:
            panels.append([])
            y, gap = 0.0, 0.0
        panels[-1].append(i)
        y += gap + chunk.height
    return panels


def stacked_height(chunks: Sequence[Chunk]) -> float:
    """The height of chunks set one under another (the first one's gap above not counted)."""
    return chunks[0].height + sum(c.height + c.gap for c in chunks[1:])


def kept_chunks(block: Block, style: FoldStyle) -> list[Chunk]:
    """A block's chunks; the first line of a paragraph or list item keeps all its
    lines, a table's header row all its rows, while they fit on one panel."""
    made = chunks(block, style)
    if block.kind in (BlockKind.PARAGRAPH, BlockKind.ITEM, BlockKind.TABLE) and len(made) > 1:
        made[0] = replace(made[0], whole=len(made) - 1)
    return made


def kept_until(items: list[Chunk], start: int, *, whole: bool = False, most: float = math.inf) -> int:
    """The last chunk that must share a panel with chunk `start`, following keeps on
    (a heading keeps the first lines of what follows, a paragraph's first line the
    next line, or with whole, the paragraph); or the first that ends lower than most
    below chunk `start`'s top (what is kept goes over to a panel of its own anyway)."""
    def keep(chunk: Chunk) -> int:
        return max(chunk.keep, chunk.whole) if whole else chunk.keep

    end, j, height = start + keep(items[start]), start + 1, items[start].height
    while j <= min(end, len(items) - 1) and height <= most + 1e-6:
        end = max(end, j + keep(items[j]))
        height += items[j].gap + items[j].height
        j += 1
    return min(end, len(items) - 1, j - 1 if height > most + 1e-6 else len(items))
