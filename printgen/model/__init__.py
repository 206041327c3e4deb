"""The model: what the spec stage makes of the data files, as small frozen values.

Every length is in points. Nothing here reads a file or holds a raw document: the
spec stage (printgen/spec) checks the files and builds these values; layout and the
products use only them.
"""

from printgen.model.deck import Card, CardSize, Deck, DeckBox, Duplex, Marks, Paper, Ref, TurnCheck

__all__ = ["Card", "CardSize", "Deck", "DeckBox", "Duplex", "Marks", "Paper", "Ref", "TurnCheck"]
