"""The worked example of docs/deck-spec.md builds, with the cards it describes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent


def test_example_deck_builds(cli, tmp_path):
    deck_file = ROOT / "docs" / "example-deck" / "lantern-pairs.yaml"
    result = cli("build", str(deck_file), "--only", "pdf", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    from printgen.spec import load_deck
    deck = load_deck(str(deck_file))
    assert Counter((c.fields["colour"], c.fields["number"]) for c in deck.cards) == \
        Counter({(colour, n): 2 for colour in ("amber", "jade", "violet") for n in "1234"})
    reader = PdfReader(str(tmp_path / "lantern-pairs-a4.pdf"))
    assert len(reader.pages) == 4                 # 24 mini cards, 18 to a sheet, each with its backs
