"""A long rules text in Markdown, written for the booklet tests."""

from __future__ import annotations

from pathlib import Path

SENTENCE = ("The pilot keeps a steady hand while the cards turn over one by one, and every player "
            "watches the dice before deciding what to keep.")


def write_long_text(folder: Path, sections: int = 30, most: int = 9) -> Path:
    """folder/long.md: sections of paragraphs one to `most` sentences long, lists, a
    numbered list and, in section 12, a table of 40 rows; a level-1 heading every ten
    sections (30 sections: about 80 KB, three times a boxed game's rulebook)."""
    parts = []
    for k in range(sections):
        if k % 10 == 0:
            parts.append(f"# Book {k // 10 + 1}\n\nAn opening line for book {k // 10 + 1}.")
        parts.append(f"## Section {k}")
        for p in range(3):
            parts.append(f"Paragraph {k}.{p}: " + " ".join([SENTENCE] * (1 + (k * 3 + p * 5) % most)))
        parts.append("\n".join(f"- item {k}.{i}: {SENTENCE}" for i in range(3)))
        parts.append("\n".join(f"{i + 1}. step {k}.{i} *with emphasis* and **bold words**" for i in range(2)))
        if k == 12:
            rows = "\n".join(f"| r{i} | gains {i} | the player keeps card {i} |" for i in range(40))
            parts.append(f"| Roll | Result | Effect |\n|---|---|---|\n{rows}")
    path = folder / "long.md"
    path.write_text("\n\n".join(parts) + "\n", encoding="utf-8")
    return path
