"""The documented example deck (docs/example-deck), copied for a test to change."""

from __future__ import annotations

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
