"""Deck -> every card face and every distinct back, laid out as primitives."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field, replace
from typing import overload

from printgen.errors import quoted
from printgen.frozen import frozen
from printgen.layout.face import CardSubject, Memo, context_for, layout_side
from printgen.layout.page import Frame, Side, turn_side
from printgen.layout.primitives import Primitive
from printgen.model import Card, CardSize, Deck
from printgen.model.template import Element, Template
from printgen.splitnotes import Splits, noting_splits

KEEP_UP_TO = 1000      # cards: a larger deck's faces are laid out when used, not kept


class LazySides(Sequence[Side]):
    """Sides laid out when asked for and not kept, so a deck of any size needs the
    memory of one card (each use lays a card out again: it is cheap beside drawing it)."""

    def __init__(self, count: int, make: Callable[[int], Side]) -> None:
        self._count, self._make = count, make

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Side: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Side]: ...

    def __getitem__(self, index: int | slice) -> Side | Sequence[Side]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if not -self._count <= index < self._count:
            raise IndexError(index)
        return self._make(index % self._count)


@frozen
class DeckLayout:
    """A deck's laid-out faces and backs."""

    deck: Deck
    faces: Sequence[Side]            # one per card, in deck order (LazySides for a large deck)
    backs: dict[str, Side]           # by back template name
    back_of: tuple[str, ...]         # the back template name of each card
    frame: Frame                     # the frame its sides were laid out in (quarter_turned()'s lie across it)
    # the words its sides set letter by letter (splitnotes.noting_splits()), gathered as they are laid out
    splits: Splits = field(default_factory=dict, compare=False)

    def back_for(self, index: int) -> Side:
        return self.backs[self.back_of[index]]


def layout_deck(deck: Deck) -> DeckLayout:
    """Lay out every face and back; the first problem found raises a located error.
    A deck of up to KEEP_UP_TO cards is laid out here, once, and kept; a larger one
    when each output uses its cards (one pass each, none here), so a card's problem
    may show while files are being written: the build's job then places none of them
    (output.recording), and the folder stays as it was. Backs are named "back", or where
    there are several "back-N-TEMPLATE", N as wide as the largest (01 to 12), so that
    their files sort in the deck's order of backs, as the faces' do."""
    frame = Frame(deck.size.width, deck.size.height, deck.bleed, deck.safe)
    info = deck.context()
    memo: Memo = {}                         # static elements, laid out once for every card
    splits: Splits = {}
    faces: Sequence[Side]
    if len(deck.cards) <= KEEP_UP_TO:
        faces = tuple(_face(deck, card, frame, info, memo, splits) for card in deck.cards)
    else:
        faces = LazySides(len(deck.cards), lambda i: _face(deck, deck.cards[i], frame, info, memo, splits))
    backs = {}
    width = len(str(len(deck.backs)))
    for number, name in enumerate(deck.backs, start=1):
        template, prims = _lay_out(deck, frame, info, back=name, memo=memo, splits=splits)
        stem = "back" if len(deck.backs) == 1 else f"back-{number:0{width}d}-{template.name}"
        backs[name] = Side(stem, f"back {name}", frame, prims)
    return DeckLayout(deck, faces, backs, tuple(card.back for card in deck.cards), frame, splits)


def _face(deck: Deck, card: Card, frame: Frame, info: dict[str, object], memo: Memo, splits: Splits) -> Side:
    prims = _lay_out(deck, frame, info, card, memo=memo, splits=splits)[1]
    return Side(face_name(deck, card), card.label, frame, prims)


def side_elements(layout: DeckLayout, card: Card | None = None,
                  back: str = "") -> tuple[Template, list[Element]]:
    """The template of a card's face (or of the back named back) and the element each of
    the side's primitives comes from, in order, for messages that name the element: the
    side laid out again in the frame it was first laid out in (turned a quarter, as
    quarter_turned() turns it, its primitives are the same ones in the same order)."""
    origins: list[Element] = []
    template, _ = _lay_out(layout.deck, layout.frame, layout.deck.context(), card, back, origins=origins)
    return template, origins


def _lay_out(deck: Deck, frame: Frame, info: dict[str, object], card: Card | None = None, back: str = "", *,
             memo: Memo | None = None, origins: list[Element] | None = None,
             splits: Splits | None = None) -> tuple[Template, tuple[Primitive, ...]]:
    """A card's face (or the back named back) laid out in frame: its template and its
    primitives; info is the deck's context, memo and origins as layout_side() takes them;
    the words set letter by letter are noted in splits when it is given."""
    if card is not None:
        template = deck.templates[card.face]
        values = {**card.fields, "index": card.index, "label": card.label}
        context = context_for(frame, template, card=values, deck=info)
        subject: str = CardSubject(f"card {card.index} {quoted(card.label)}", card.where, card.places)
    else:
        template = deck.templates[back]
        context = context_for(frame, template, deck=info)
        subject = f"back {back!r}"
    if splits is None:
        return template, layout_side(template, frame, context, subject, memo, origins=origins)
    with noting_splits(splits):
        return template, layout_side(template, frame, context, subject, memo, origins=origins)


def face_name(deck: Deck, card: Card) -> str:
    """The stem of a card face's files, known before it is laid out: its number (as wide
    as the deck's largest) and its label's slug (the number alone for a label of no
    letter or digit)."""
    number = f"{card.index:0{len(str(len(deck.cards)))}d}"
    return f"{number}-{card.slug}" if card.slug else number


def quarter_turned(layout: DeckLayout, size: CardSize) -> DeckLayout:
    """The deck's cards turned on their side, as cards of `size` (the deck's size turned):
    every face a quarter turn clockwise, every back a quarter turn counter-clockwise.
    Backs turn the other way so that each still reads upright behind its face when the
    card, held with its face upright, is turned over like a book page (about its upright
    middle line), as a card whose back and face stand the same way up does when it is
    turned about its other middle line."""
    deck = replace(layout.deck, size=size)
    faces = layout.faces
    turned: Sequence[Side]
    if isinstance(faces, LazySides):
        turned = LazySides(len(faces), lambda i: turn_side(faces[i], 1))
    else:
        turned = tuple(turn_side(face, 1) for face in faces)
    backs = {name: turn_side(side, 3) for name, side in layout.backs.items()}
    return DeckLayout(deck, turned, backs, layout.back_of, layout.frame, layout.splits)

