"""The documented example deck (docs/example-deck), copied for a test to change."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from conftest import ROOT

EXAMPLE = ROOT / "docs" / "example-deck"


def copy_example(folder: Path) -> Path:
    """The example's deck, templates and rules texts copied into folder; its deck file."""
    for path in EXAMPLE.glob("lantern-*.yaml"):
        shutil.copy(path, folder / path.name)
    shutil.copytree(EXAMPLE / "rules", folder / "rules")
    return folder / "lantern-pairs.yaml"


def edit(path: Path, old: str, new: str) -> None:
    """Replace old (which must be there) by new in a text file."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def add_language(deck: Path, code: str) -> None:
    """Name code among the example's languages, each German text copied as its text in
    code (a deck translated into a third language, whatever its words)."""
    edit(deck, "languages: [en, de]", f"languages: [en, de, {code}]")
    result: list[str] = []
    copy: list[str] = []               # a top-level key's German text, its value's lines below it
    for line in deck.read_text(encoding="utf-8").splitlines():
        if copy and not line.startswith("  "):
            result += copy
            copy = []
        if copy:
            copy.append(line)
        elif re.match(r"\w+@de:", line):
            copy = [line.replace("@de:", f"@{code}:", 1)]
        inline = "{" in line           # a card entry's fields: {name: Amber, name@de: Bernstein}
        result.append(re.sub(r"(\w+)@de: ([^,}]+)", rf"\1@de: \2, \1@{code}: \2", line) if inline else line)
    deck.write_text("\n".join(result + copy) + "\n", encoding="utf-8")
