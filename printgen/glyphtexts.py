"""The characters each shaped glyph stands for: what the PDF's ToUnicode map gives
each glyph it draws (render/pdftext.py), so that text copies and searches as written."""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Any

from printgen.fonts import face


def glyph_texts(name: str, text: str, glyphs: list[int], clusters: list[int], advances: list[int]) -> list[str]:
    """The characters each glyph of text, shaped in the face name, stands for: a glyph
    alone in its cluster, the cluster's; in a cluster of several glyphs (a letter and
    its marks, an Indic syllable), a glyph that is one of the cluster's characters' own
    (its nominal glyph: a shadda, a vowel sign) that character, and of the others, the
    first that takes room on the line the letters left (the letter under the marks, its
    contextual form), the first that takes none the marks left (two marks drawn as one
    glyph), so that every character is carried by a glyph (in a right-to-left run, which
    carries no ActualText, a reader dropped the marks, or showed a glyph's number as a
    character). clusters: each glyph's HarfBuzz cluster; advances: its advance."""
    starts = sorted(set(clusters))
    ends = dict(zip(starts, [*starts[1:], len(text)], strict=True))
    counts = Counter(clusters)
    texts = [text[cluster:ends[cluster]] if counts[cluster] == 1 else "" for cluster in clusters]
    shared = [cluster for cluster in starts if counts[cluster] > 1]
    if shared:
        hb_font = face(name).hb
        for cluster in shared:
            _share(texts, text[cluster:ends[cluster]], [i for i, at in enumerate(clusters) if at == cluster],
                   glyphs, advances, hb_font)
    return texts


def _share(texts: list[str], chars: str, members: list[int], glyphs: list[int], advances: list[int],
           hb_font: Any) -> None:  # (uharfbuzz has no type hints)
    """Give one cluster's characters to its glyphs (members), as glyph_texts() says."""
    left = list(chars)
    for i in members:
        own = next((ch for ch in left if hb_font.get_nominal_glyph(ord(ch)) == glyphs[i]), None)
        if own is not None:
            texts[i] = own
            left.remove(own)
    rest = [i for i in members if not texts[i]]
    if not rest or not left:
        return
    marks = [ch for ch in left if unicodedata.category(ch).startswith("M")]
    base = next((i for i in rest if advances[i]), rest[0])
    top = next((i for i in rest if not advances[i] and i != base), base)
    if top == base or len(marks) in (0, len(left)):
        texts[top if len(marks) == len(left) else base] = "".join(left)
    else:
        texts[base] = "".join(ch for ch in left if ch not in marks)
        texts[top] = "".join(marks)
