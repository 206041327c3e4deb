"""What a build says and leaves behind when part of it cannot be made: a build of
several languages writes all of them or nothing; --only and --strict make a dropped
box or leaflet an error; a deck's too-long box text is blamed on the deck's key."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import ROOT

EXAMPLE = ROOT / "docs" / "example-deck"


def copy_example(folder: Path) -> Path:
    for path in EXAMPLE.glob("lantern-*.yaml"):
        shutil.copy(path, folder / path.name)
    shutil.copytree(EXAMPLE / "rules", folder / "rules")
    return folder / "lantern-pairs.yaml"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file()}


def third_language_no_font_covers(tmp_path: Path) -> Path:
    """The example in a third language whose rules text no font of printgen draws."""
    deck = copy_example(tmp_path)
    edit(deck, "languages: [en, de]", "languages: [en, de, hi]")
    (tmp_path / "rules" / "lantern-pairs-hi.md").write_text("# नियम\n\nदो पत्ते पलटें।\n", encoding="utf-8")
    return deck


def test_lang_all_that_fails_in_its_last_language_writes_nothing(cli, tmp_path):
    deck = third_language_no_font_covers(tmp_path)
    out = tmp_path / "out"
    result = cli("build", str(deck), "--lang", "all", "--only", "pdf,rules", "--out", str(out))
    assert result.status == 2 and "Traceback" not in result.err
    assert "lantern-pairs-hi.md" in result.err
    assert not out.exists()
    assert result.out == ""                 # no file reported as written


def test_lang_all_that_fails_leaves_an_earlier_build_as_it_was(cli, tmp_path):
    deck = third_language_no_font_covers(tmp_path)
    out = tmp_path / "out"
    edit(deck, "languages: [en, de, hi]", "languages: [en, de]")
    assert cli("build", str(deck), "--lang", "all", "--only", "pdf,rules", "--out", str(out), "-q").status == 0
    before = tree(out)
    assert any(name.startswith("lantern-pairs-de/") for name in before)
    edit(deck, "languages: [en, de]", "languages: [en, de, hi]")
    german = tmp_path / "rules" / "lantern-pairs-de.md"
    german.write_text(german.read_text(encoding="utf-8") + "\nNeu.\n", encoding="utf-8")  # its files would change
    assert cli("build", str(deck), "--lang", "all", "--only", "pdf,rules", "--out", str(out)).status == 2
    assert tree(out) == before
