"""A deck build: its home-print PDF, per-card PNGs and SVGs, tuck box, dice and parts."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from printgen.frozen import frozen
from printgen.layout.deck import DeckLayout, LazySides, face_name, layout_deck
from printgen.layout.page import Page, Side
from printgen.layout.sheet import Gaps, check_back_offset, impose
from printgen.layout.slug import lacking, margin_note, slug_font
from printgen.model import Deck, Duplex, Paper
from printgen.model.box import TuckBox
from printgen.model.captions import Captions
from printgen.model.turns import on_both_sides, print_sides, sheets_name
from printgen.output import ensure_dir
from printgen.progress import progress
from printgen.reading import display_path
from printgen.render.drawn import keyed_pdf, keyed_pngs, keyed_side, sides_to_draw
from printgen.render.keys import Keys, cards_key
from printgen.splitnotes import noting_splits, split_notes

# What a deck build can write (--only picks some): the home-print card PDF, per-card
# PNGs and SVGs, the tuck box PDF, the deck's parts (dice, boards, tokens) and the rule
# leaflets of its games (its `rules:` key), folded to fit its tuck box.
FORMATS = ("pdf", "png", "svg", "box", "parts", "rules")


@frozen
class DeckBuild:
    """What to make of a deck and where."""

    out: Path
    paper: Paper
    duplex: Duplex = Duplex.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    formats: frozenset[str] = frozenset(FORMATS)
    dpi: int = 300
    quiet: bool = False
    jobs: int = 1                       # worker processes for the PNGs of a large deck


@dataclass
class BuildResult:
    """What a deck build wrote."""

    files: list[Path] = field(default_factory=list)
    pages: int = 0
    notes: list[str] = field(default_factory=list)     # what the build says besides (not errors)
    dropped: dict[str, str] = field(default_factory=dict)   # an output asked for and left out ("box"): why
    box: TuckBox | None = None          # the tuck box written, as sized (the build says its size)
    box_sheets: int = 0                 # the sheets it was laid out on


MAY_LACK = frozenset(("parts", "rules"))     # outputs a deck may have none of


def may_lack(formats: frozenset[str]) -> bool:
    """Whether some deck could make nothing of formats (the gallery aside): only
    outputs of MAY_LACK are asked for (cards and boxes every deck makes)."""
    asked = formats - {"gallery"}
    return bool(asked) and asked <= MAY_LACK


def lacks(deck: Deck, formats: frozenset[str]) -> str | None:
    """Why the outputs in formats (the gallery aside) make nothing for this deck, or
    None when one of them makes something: a deck without dice, boards or tokens has
    no parts, one without `rules:` no rules texts."""
    if not may_lack(formats):
        return None
    missing = {"parts": "no dice, boards or tokens (no `dice:` or `parts:` key)" if not (deck.dice or deck.parts)
               else None,
               "rules": "no rules texts (no `rules:` key)" if not deck.rules else None}
    asked = formats - {"gallery"}
    if any(missing[kind] is None for kind in asked):
        return None
    return f"{deck.where or deck.name} has " + " and ".join(str(missing[kind]) for kind in sorted(asked))


def captions(deck: Deck) -> Captions:
    """The card sheets' caption words in the deck's language (data/languages.yaml)."""
    from printgen.spec.languages import words
    return words(deck.lang).captions


def sides(layout: DeckLayout) -> Sequence[Side]:
    """Every face, then every distinct back (laid out when used, for a large deck)."""
    backs = list(layout.backs.values())
    faces = layout.faces
    return LazySides(len(faces) + len(backs), lambda i: faces[i] if i < len(faces) else backs[i - len(faces)])


def side_files(layout: DeckLayout, folder: Path, suffix: str) -> list[Path]:
    """The file of every side of sides(layout) in folder, named without laying it out."""
    deck = layout.deck
    return [*(folder / f"{face_name(deck, card)}.{suffix}" for card in deck.cards),
            *(folder / f"{back.name}.{suffix}" for back in layout.backs.values())]


def build_deck(deck: Deck, options: DeckBuild, *, layout: DeckLayout | None = None) -> BuildResult:
    """Read the deck's extras (box, dice, parts, rules texts), lay out the cards (unless
    given their layout; a large deck's as each output uses them, see layout_deck) and
    the extras, so bad input fails before any file is written (or, for a large deck's
    card, before any is placed); then write each asked-for output, drawing only the
    files whose content key changed (render/drawn.py). Its notes name once each word
    its cards, leaflets and box set letter by letter (splitnotes.split_notes())."""
    wanted = options.formats & {"box", "parts", "rules"}
    if wanted:              # a build without them does not import what makes them
        from printgen.products.extras import lay_out_extras, read_extras
        extras = read_extras(deck, options.formats)
    if "pdf" in options.formats:
        check_back_offset(deck, options.paper, options.back_offset, options.duplex)
    layout = layout if layout is not None else layout_deck(deck)
    result = BuildResult()
    if options.formats & {"pdf", "parts"}:         # sheets whose margins carry the deck's title and credits
        unset = lacking([deck.title, *captions(deck).texts(), *deck.credits], slug_font(deck.fonts))
        result.notes += [unset] if unset else []
    boxed: list[tuple[TuckBox, int]] = []
    with noting_splits(layout.splits):      # its leaflets' and box's words, said with its cards'
        files = lay_out_extras(deck, extras, paper=options.paper, duplex=options.duplex,
                               back_offset=options.back_offset, notes=result.notes, dropped=result.dropped,
                               boxed=boxed) if wanted else []
    result.box, result.box_sheets = boxed[0] if boxed else (None, 0)
    ensure_dir(options.out)
    every = sides(layout)
    if "png" in options.formats:
        pngs = side_files(layout, ensure_dir(options.out / "png"), "png")
        keyed_pngs(every, pngs, dpi=options.dpi, jobs=options.jobs, quiet=options.quiet, desc=f"{deck.name} PNG")
        result.files += pngs
    if "svg" in options.formats:
        from printgen.render.svg import write_svg  # svgwrite: imported only when asked for
        svgs = side_files(layout, ensure_dir(options.out / "svg"), "svg")
        keys = Keys("svg")
        for i in progress(sides_to_draw(every, svgs, keys), desc=f"{deck.name} SVG", quiet=options.quiet):
            write_svg(*keyed_side(every[i], svgs[i], keys))
        result.files += svgs
    # the card PDF after the PNGs: what the PDF keeps until it is saved (a few KB a page)
    # then never sits under the PNG stage's peak (a 6,200-card deck peaks 10 MB lower)
    if "pdf" in options.formats:
        pdf = options.out / sheets_name(deck.name, options.paper.name, options.duplex)

        gaps: Gaps = {}                             # what the sheets' margins had no room for

        def sheets() -> Iterator[Page]:
            return impose(layout, paper=options.paper, duplex=options.duplex, back_offset=options.back_offset,
                          words=captions(deck), gaps=gaps)

        # a kept layout's sheets are imposed once (their key taken, then drawn); a large deck's as they are drawn
        pages = keyed_pdf(sheets if isinstance(layout.faces, LazySides) else tuple(sheets()), pdf,
                          title=f"{deck.title} ({len(deck.cards)} cards)", sides=print_sides(options.duplex))
        result.pages += pages
        result.notes += filter(None, [margin_note(deck.name, options.paper.name, gaps, pages)])
        result.files.append(pdf)
    for file in files:
        keyed_pdf(file.pages, options.out / file.name, title=file.title, bookmarks=file.bookmarks, rtl=file.rtl,
                  sides=file.sides)
        result.files.append(options.out / file.name)
    if "gallery" in options.formats:               # recorded in the manifest, not reported
        write_home_proof(layout, options, result, tuple(file.name for file in files if on_both_sides(file.sides)))
    result.notes += split_notes(layout.splits)     # (a large deck's cards are laid out as they are written)
    return result


def write_home_proof(layout: DeckLayout, options: DeckBuild, result: BuildResult,
                     two_sided: tuple[str, ...] = ()) -> Path:
    """The gallery's record of this build: the card images (when PNGs were written),
    the print files beside them (two_sided: those besides the card sheets that print on
    both sides, a leaflet's or a booklet's) and what preflight finds on the home-print layout.
    Its label names the paper, and the duplex where it is not the default long-edge
    turn ("home print, a4, duplex fold"), as the card sheets' file name does: a build
    on other paper or with another duplex keeps a record of its own."""
    from printgen.gallery.proof import (
        Proof,
        ProofCard,
        field_summary,
        image_mm,
        insets_mm,
        outdated,
        write_proof,
    )
    from printgen.preflight import check_layout, group_findings
    deck, out = layout.deck, options.out
    cards: tuple[ProofCard, ...] = ()
    if "png" in options.formats:
        cards = tuple(ProofCard(deck.cards[i].label, f"png/{side.name}.png", f"png/{layout.back_for(i).name}.png")
                      for i, side in enumerate(layout.faces))
    findings = group_findings(check_layout(layout, safe=deck.safe, label="home print"))
    files = tuple(path.name for path in result.files if path.parent == out)
    folders = ("svg",) if "svg" in options.formats else ()
    label, family, lang = f"home print, {options.paper.name}", "", ""
    if options.duplex is not Duplex.LONG:
        label += f", duplex {options.duplex.value}"
    if len(deck.languages) > 1:             # one gallery section for every language, side by side
        from printgen.spec.languages import language_name
        family, lang = deck.base_name, language_name(deck.lang)
        label += f", {lang}"
    proof = Proof(deck.name, deck.title, label, image_mm(layout.faces), cards, files, tuple(findings), folders,
                  family, lang, deck.languages.index(deck.lang), insets_mm(layout.faces), field_summary(deck.cards),
                  cards_key(sides(layout)), two_sided=two_sided)
    proof = replace(proof, outdates=outdated(out, proof))
    for other, _ in proof.outdates:
        result.notes.append(f"{display_path(out)}: the files of an earlier build of {deck.name} ({other}) are out "
                            f"of date: they were made before its cards last changed (the gallery marks them); "
                            f"build it again on that paper, with that --duplex, to bring them up to date")
    return write_proof(out, proof)
