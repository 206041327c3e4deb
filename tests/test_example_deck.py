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



def test_the_example_deck_passes_the_docs_own_checks(cli, tmp_path):
    """The docs' deck passes the checks the docs teach: `--strict` on the home-print
    build, in each of its languages, and every profile's preflight (the checks a
    `--for PROFILE --strict` build makes before it writes): its frame is drawn inside the
    shops' 1/8 in safe zone, its whole line too."""
    from printgen.preflight import check_layout, expected_size_findings
    from printgen.products.export import vendor_layout
    from printgen.spec import load_deck
    from printgen.spec.vendors import profiles
    deck_file = ROOT / "docs" / "example-deck" / "lantern-pairs.yaml"
    result = cli("build", str(deck_file), "--lang", "all", "--strict", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    for lang in ("en", "de"):
        deck = load_deck(str(deck_file), lang)
        for name, prof in profiles().items():
            layout = vendor_layout(deck, prof)
            found = [*check_layout(layout, safe=max(deck.safe, prof.safe), label=name, bleed=prof.bleed > 0),
                     *expected_size_findings(layout, prof)]
            assert found == [], (lang, name, [str(f) for f in found])
