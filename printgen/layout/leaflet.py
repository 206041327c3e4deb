"""Leaflet flow that keeps a paragraph on one panel where it fits.

layout/fold.py's `chunks` cut a block into lines that may part at any line; here the
first line of a paragraph or list item (a table's header row) is kept with all the
lines after it, so the block moves whole to the next panel unless it is taller than a panel. The
placement is fold.py's `flow` (same gaps, same keep rule), fed these chunks.
"""

from __future__ import annotations

from dataclasses import replace

from printgen.errors import FitError
from printgen.layout.fold import Chunk, FoldStyle, chunks
from printgen.layout.primitives import Primitive, shift
from printgen.model.text import Block, BlockKind
from printgen.units import mm


def kept_chunks(block: Block, style: FoldStyle) -> list[Chunk]:
    """A block's chunks; the first line of a paragraph or list item keeps all its
    lines, a table's header row all its rows."""
    made = chunks(block, style)
    if block.kind in (BlockKind.PARAGRAPH, BlockKind.ITEM, BlockKind.TABLE) and len(made) > 1:
        made[0] = replace(made[0], keep=len(made) - 1)
    return made


def kept_until(items: list[Chunk], start: int) -> int:
    """The last chunk that must share a panel with chunk `start`, following keeps on
    (a heading keeps the first line of a paragraph, which keeps the paragraph)."""
    end, j = start + items[start].keep, start + 1
    while j <= min(end, len(items) - 1):
        end = max(end, j + items[j].keep)
        j += 1
    return min(end, len(items) - 1)


def flow_kept(blocks: list[Block], style: FoldStyle) -> list[tuple[list[Primitive], float]]:
    """Every block's chunks placed down panels, in order; a heading keeps with the
    first lines after it, a paragraph stays whole where it fits in a panel. Returns each
    panel's primitives and the height it uses."""
    items: list[Chunk] = []
    wheres: list[str] = []
    for block in blocks:
        made = kept_chunks(block, style)
        items += made
        wheres += [block.where] * len(made)
    limit = style.inner[1]
    panels: list[list[Primitive]] = [[]]
    used = [0.0]
    y = 0.0
    for i, chunk in enumerate(items):
        gap = chunk.gap if y > 0 else 0.0
        need = chunk.height + sum(c.height + c.gap for c in items[i + 1:kept_until(items, i) + 1])
        if y > 0 and y + gap + min(need, limit) > limit + 1e-6:
            panels.append([])
            used.append(0.0)
            y, gap = 0.0, 0.0
        if chunk.height > limit + 1e-6:
            raise FitError(f"{wheres[i]}: a piece {mm(chunk.height):.1f} mm tall does not fit a panel's "
                           f"{mm(limit):.1f} mm of text height")
        panels[-1] += [shift(p, 0.0, y + gap) for p in chunk.prims]
        y += gap + chunk.height
        used[-1] = y
    return list(zip(panels, used))
