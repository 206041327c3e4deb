"""The words of a sheet's caption in one language (printgen/data/languages.yaml)."""

from __future__ import annotations

from printgen.frozen import frozen


@frozen
class Captions:
    """What a sheet says it holds and which sheet it is, in the deck's language: the
    card sheets' faces, backs, or both (fold-over sheets), and the sheet's number among
    them, `sheet` holding {number} and {total}; a two-sided leaflet's or booklet's
    sheet, which side it is, `front` and `back` holding {turn}, the turn it was made
    for (`long_turn`, `short_turn`: layout/sides.py adds the option that names it)."""

    faces: str = "faces"
    backs: str = "backs"
    faces_and_backs: str = "faces and backs"
    sheet: str = "sheet {number} of {total}"
    front: str = "front: print on both sides, {turn}"
    back: str = "back: printed to lie behind the front after a {turn}"
    long_turn: str = "long-edge turn"
    short_turn: str = "short-edge turn"

    def texts(self) -> tuple[str, ...]:
        """Every word of them as a sheet shows them (its number filled in: "sheet 1 of
        2"), for the check that the deck's fonts can set them and the note naming those
        they cannot."""
        return self.faces, self.backs, self.faces_and_backs, self.numbered(1, 2)

    def numbered(self, number: int, total: int) -> str:
        """"sheet 3 of 8" in the language's words."""
        return self.sheet.replace("{number}", str(number)).replace("{total}", str(total))


ENGLISH = Captions()
