"""A space pasted into a rules text is set as a space, whatever kind it is: U+3000
IDEOGRAPHIC SPACE, which the bundled faces lack, is set one em wide (as HarfBuzz sets
it in a face without it) instead of stopping the build as a missing glyph (read back
from the booklet's PDF)."""

from __future__ import annotations

from readback import page_chars, page_of


def gap_after(chars, words: str) -> float:
    """The room between the first word of words and the next letter after it."""
    text = "".join(ch for ch, _ in chars)
    at = text.index(words)
    first = len(words.split()[0])
    following = next(k for k in range(at + first, len(chars)) if chars[k][0].strip())
    return chars[following][1][0] - chars[at + first - 1][1][2]


def test_an_ideographic_space_is_set_one_em_wide(cli, tmp_path):
    source = tmp_path / "spaced.md"
    source.write_text("# Spaced\n\nAa Bb, then Aa\u3000Bb.\n", encoding="utf-8")
    out = tmp_path / "out"
    result = cli("booklet", str(source), "--out", str(out), "-q")
    assert result.status == 0, result.err
    pdf = out / "spaced-booklet-a5-a4-reading.pdf"
    chars = page_chars(pdf, page_of(pdf, "then"))
    body = max(box[3] - box[1] for ch, box in chars if ch == "B") / 0.729      # DejaVu's capital height
    ordinary = gap_after(chars, "Aa Bb")
    text = "".join(ch for ch, _ in chars)
    ideographic = gap_after(chars[text.index("then") + 5:], "Aa")
    assert abs(ideographic - ordinary - (1 - 0.318) * body) < 0.3      # an em, not a word space (0.318 em)
