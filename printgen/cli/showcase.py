"""printgen showcase: pictures of a deck for a web page: a fanned hand and a spread."""

from __future__ import annotations

import argparse

from printgen.cli.options import add_lang, add_out
from printgen.cli.verbs import SUMMARIES
from printgen.errors import InputError
from printgen.limits import limit
from printgen.output import out_folder
from printgen.reading import display_path
from printgen.spec import load_deck

DESCRIPTION = """\
Write two transparent PNG pictures of a deck, for a game's web page or a
crowdfunding post: DECK-hand.png, the chosen cards fanned as a player holds them,
and DECK-spread.png, the same cards and the deck's back side by side above a soft
reflection. DECK is a deck name from decks/ or a path to a deck file. With --lang
they show the cards of the deck in one of its languages (its `languages:` key),
named with it (output/DECK-LANG/DECK-LANG-hand.png); with --lang all, in each."""

DEFAULT_COUNT = 5
DPI_RANGE = (limit("showcase_dpi_min"), limit("showcase_dpi_max"))


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("showcase", parents=parents, help=SUMMARIES["showcase"],
                            description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("deck", metavar="DECK", help="deck name or path to a deck file")
    parser.add_argument("--cards", metavar="LIST", default=None,
                        help="the cards to show, by number in deck order: e.g. 1,14,27-29 (at most 12; "
                             f"default: {DEFAULT_COUNT} cards spread evenly through the deck)")
    parser.add_argument("--dpi", metavar="N", type=int, default=150,
                        help=f"resolution of each card in the pictures, {DPI_RANGE[0]} to {DPI_RANGE[1]} "
                             "(default: 150)")
    add_lang(parser, "the pictures of the deck")
    add_out(parser, "output/DECK")
    return parser


def chosen_cards(text: str | None, total: int) -> list[int]:
    """Card indices (from 0) named by --cards, or evenly spread ones."""
    from printgen.products.showcase import MAX_CARDS
    if text is None:
        count = min(DEFAULT_COUNT, total)
        return sorted({round(i * (total - 1) / max(1, count - 1)) for i in range(count)})
    chosen: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        try:
            low, high = int(first), int(last or first)
        except ValueError:
            raise InputError(f"--cards: expected card numbers like 1,14,27-29, got {text!r}") from None
        if not 1 <= low <= high <= total:
            raise InputError(f"--cards: expected numbers from 1 to {total} (the deck's cards), got {part.strip()!r}")
        if high - low >= MAX_CARDS:
            raise InputError(f"--cards: at most {MAX_CARDS} cards, got {part.strip()!r}")
        chosen += range(low - 1, high)
        if len(chosen) > MAX_CARDS:
            raise InputError(f"--cards: at most {MAX_CARDS} cards, got {text!r}")
    return chosen


def run(args: argparse.Namespace) -> int:
    if not DPI_RANGE[0] <= args.dpi <= DPI_RANGE[1]:
        raise InputError(f"--dpi: expected {DPI_RANGE[0]} to {DPI_RANGE[1]}, got {args.dpi}")
    if args.lang == "all":
        from printgen.cli.recorded import in_each_language
        _, statuses = in_each_language(args, one_showcase)
        return max(statuses, default=0)
    return one_showcase(args)


def one_showcase(args: argparse.Namespace) -> int:
    """The pictures of the deck in args.lang (None: its own language)."""
    from printgen.layout.deck import layout_deck
    from printgen.products.showcase import (
        Showcase,
        card_picture,
        check_size,
        hand,
        spread,
        write_picture,
    )
    from printgen.render.png import pixel_size
    deck = load_deck(args.deck, args.lang)
    if not deck.cards:
        raise InputError(f"{args.deck}: the deck has no cards to show")
    picks = chosen_cards(args.cards, len(deck.cards))
    layout = layout_deck(deck)
    options = Showcase(dpi=args.dpi)
    check_size(pixel_size(layout.faces[picks[0]], options.dpi), len(picks), options, f"{deck.at('size')} size")
    faces = [card_picture(layout.faces[i], options.dpi) for i in picks]
    back = card_picture(layout.back_for(picks[0]), options.dpi)
    out = out_folder(args.out, deck.name)
    paths = [write_picture(hand(faces, options), out / f"{deck.name}-hand.png"),
             write_picture(spread([*faces, back]), out / f"{deck.name}-spread.png")]
    if not args.quiet:
        names = ", ".join(deck.cards[i].label for i in picks)
        print(f"{deck.name}: showcase of {len(picks)} cards ({names})")
        for path in paths:
            print(f"  {display_path(path)}")
    return 0
