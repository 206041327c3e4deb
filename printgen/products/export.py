"""A deck exported for a print shop or a virtual tabletop (profiles in data/vendors.yaml).

A thin composition of the usual stages: the deck is laid out again with the
profile's bleed, checked by preflight before any file is written, then written the
way the profile asks: one PNG per side (export_png), one card per PDF page
(export_dtc) or Tabletop Simulator sheets (export_tts). A card whose size turned on
its side is one the shop states a size for (a landscape poker card; the shops' poker
cards are portrait) is written turned a quarter, as the shop's card (shop_layout).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printgen.errors import PreflightError, TextOverflow
from printgen.layout.deck import DeckLayout, layout_deck, quarter_turned
from printgen.model import Deck
from printgen.model.vendor import Output, Profile
from printgen.output import ensure_dir
from printgen.preflight import (
    check_layout,
    deck_where,
    expected_size_findings,
    group_findings,
    unchecked_size_note,
)
from printgen.products.exported import ExportOptions, ExportResult
from printgen.spec.printdata import print_facts, size_preset
from printgen.splitnotes import noting_splits, split_notes


def vendor_layout(deck: Deck, prof: Profile) -> DeckLayout:
    """The deck laid out with the profile's bleed (backgrounds reach the new edge)."""
    return layout_deck(replace(deck, bleed=prof.bleed))


def shop_layout(layout: DeckLayout, prof: Profile) -> tuple[DeckLayout, str | None]:
    """The layout as the shop gets it, and a note if it was turned: a deck whose card
    size is not one the profile states a size for, but whose size turned on its side is
    (a landscape poker card, 88.9 x 63.5 mm), is turned a quarter into that size (faces
    clockwise, backs counter-clockwise: deck.quarter_turned())."""
    deck = layout.deck
    preset = size_preset(deck.size)
    turned = size_preset(replace(deck.size, width=deck.size.height, height=deck.size.width))
    if not prof.expect or preset in prof.expect or turned not in prof.expect:
        return layout, None
    note = (f"{deck_where(deck)} ({prof.name}): the cards are {turned} cards on their side, and "
            f"{prof.title}'s {turned} cards stand upright: each face was written turned a quarter "
            f"clockwise (its top along the right edge) and each back a quarter counter-clockwise, "
            f"so that a back still reads upright when its card is turned over like a book page")
    return quarter_turned(layout, print_facts().card_sizes[turned]), note


def export_deck(deck: Deck, prof: Profile, options: ExportOptions) -> ExportResult:
    """Lay out, preflight (raise under --strict before writing), then write."""
    laid = vendor_layout(deck, prof)
    result = ExportResult()
    result.warnings = group_findings(check_layout(laid, safe=max(deck.safe, prof.safe),
                                                  label=prof.name, bleed=prof.bleed > 0))
    layout, turned_note = shop_layout(laid, prof)
    result.notes += [turned_note] if turned_note else []
    result.warnings += [str(f) for f in expected_size_findings(layout, prof)]
    unchecked = unchecked_size_note(layout, prof)
    result.notes += [unchecked] if unchecked else []
    box_art = None
    if prof.box_art:
        from printgen.products.export_box import plan_box_art
        try:
            with noting_splits(laid.splits):        # the box's words, said with the cards'
                box_art, why_not = plan_box_art(deck, prof)
        except TextOverflow as error:   # the cards still export; the box art is a warning
            box_art, why_not = None, ""
            result.warnings.append(f"{deck_where(deck)} ({prof.name}): no tuck box art: {error}")
        result.warnings += box_art.warnings if box_art else []
        result.notes += [why_not] if why_not else []
    if options.strict and result.warnings:
        raise PreflightError.of(result.warnings)
    folder = ensure_dir(options.out / prof.name)
    if prof.output is Output.PNG:
        from printgen.products.export_png import write_png_set
        write_png_set(layout, prof, folder, result, quiet=options.quiet, jobs=options.jobs)
    elif prof.output is Output.PDF:
        from printgen.products.export_dtc import write_card_pdf
        write_card_pdf(layout, prof, folder, result)
    else:
        from printgen.products.export_tts import write_tts
        write_tts(layout, prof, folder, result, quiet=options.quiet, url_base=options.url_base)
    if box_art:
        from printgen.products.export_box import write_box_art
        write_box_art(deck, box_art, prof, folder, result)
    write_export_proof(layout, prof, options.out, result)      # recorded in the manifest, not reported
    result.notes += split_notes(laid.splits)    # (a large deck's cards are laid out as they are written)
    return result


def write_export_proof(layout: DeckLayout, prof: Profile, out: Path, result: ExportResult) -> Path:
    """The gallery's record of this export: card images (a PNG profile's faces and
    backs), the other files written and the preflight warnings; a deck in several
    languages is recorded as its home prints are, in the deck's one section, the
    language named in the label ("The Game Crafter, Deutsch")."""
    from printgen.gallery.proof import (
        Proof,
        ProofCard,
        field_summary,
        image_mm,
        insets_mm,
        write_proof,
    )
    deck = layout.deck
    cards: tuple[ProofCard, ...] = ()
    if prof.output is Output.PNG:
        from printgen.products.export_png import upload_name
        folder = f"{prof.name}/"
        cards = tuple(ProofCard(deck.cards[i].label, folder + upload_name(deck.name, side, "face"),
                                folder + upload_name(deck.name, layout.back_for(i), "back"))
                      for i, side in enumerate(layout.faces))
    shown = {card.face for card in cards} | {card.back for card in cards}
    files = tuple(rel for rel in (path.relative_to(out).as_posix() for path in result.files) if rel not in shown)
    label, family, lang = prof.title, "", ""
    if len(deck.languages) > 1:             # in the deck's one gallery section, as its home prints are
        from printgen.spec.languages import language_name
        family, lang = deck.base_name, language_name(deck.lang)
        label += f", {lang}"
    return write_proof(out, Proof(deck.name, deck.title, label, image_mm(layout.faces), cards, files,
                                  tuple(result.warnings), family=family, lang=lang,
                                  order=deck.languages.index(deck.lang), insets_mm=insets_mm(layout.faces),
                                  summary=field_summary(deck.cards)))
