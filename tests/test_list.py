"""printgen list: every deck with its card count and size, then the dice and parts."""

from printgen.spec import load_deck
from printgen.spec.places import DECKS, catalogue


def test_list_shows_every_deck_its_count_size_and_pieces(cli):
    result = cli("list")
    assert result.status == 0, result.err
    lines = result.out.splitlines()
    for name in catalogue(DECKS):
        deck = load_deck(name)
        line = next(line for line in lines if line.split()[0] == name)
        assert f"{len(deck.cards)} cards" in line and str(deck.size) in line
        for piece in [ref.name for ref in (*deck.dice, *deck.parts)]:
            assert piece in line
    assert "sabacc-62" in catalogue(DECKS) and any(line.startswith("dice: ") and "spike" in line
                                               for line in lines)
    assert any(line.startswith("parts: ") and "solomon-board" in line for line in lines)
