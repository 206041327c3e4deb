"""The proof gallery's HTML: one self-contained page, its style and a little script.

GalleryPage gathers what the page shows (asking for each preview as it is placed);
html() writes it from templates/index.html, with the style and scripts of static/
copied into the page: package data, found by Jinja's PackageLoader and
importlib.resources, so an installed wheel reads them as a checkout does.

Every preview is loaded only as it comes near the screen (its address waits in
data-src until then), so the page stays light however many cards the folder holds. A card
turns over to its back when clicked (or with Enter); "printed size" shows its full
image at its printed size: in CSS millimetres, times the scale the user's one-time
ruler calibration found (kept in the browser's localStorage); "turn all" turns a
deck's cards over together. A page-level switch draws every card's trim and safe-zone
lines, placed in % of the image (from the record's bleed and safe insets), so they
are exact at any size. A deck's section opens with its summary (cards per value of
each field) and the cards whose images changed since the last gallery, before | after.
Opened as index.html#check, the page loads every image and writes what failed into
<body data-check>, for the browser test. Opened from a watching build (live), it
reloads itself when the build writes _gallery/live.js again.

The values are a stranger's file names and records: the template's environment
escapes every value it writes with esc() (its finalize), so nothing but our own files
(the style and scripts) and link() addresses reach the page unescaped.
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from importlib import resources
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from printgen.frozen import frozen
from printgen.gallery.changes import Change, Places
from printgen.gallery.files import DeckSection
from printgen.gallery.howto import how_to_print
from printgen.gallery.previews import Preview
from printgen.gallery.proof import Proof, Summary

CARD_SHOWN = 300                 # CSS pixels: a card's height on the page

Lookup = Callable[[str, bool, str | None], Preview | None]    # (file, a card's?, the image in its place
                                                              # last time) -> its preview
# a record's card images: the last gallery's that each card's are compared with, and
# the faces it showed of cards taken out since, each (its image, the copy kept of it)
LastTime = tuple[list[tuple[str | None, str | None]], list[tuple[str, str]]]
Earlier = Callable[[str, Proof, Places], LastTime]


@frozen
class Card:
    """A card of a record: its face (linked at printed size) and its back, if it has one."""

    name: str
    face_rel: str
    face: Preview | None
    has_back: bool
    back: Preview | None
    changed: bool = False           # its face or back image changed since the last gallery


@frozen
class Changed:
    """A card image changed since the last gallery: which card, which side, the picture."""

    name: str
    side: str
    change: Change


@frozen
class Cards:
    """A record's cards, each shown size[0] x size[1] pixels, printed width x height;
    lines: the trim and safe lines' insets in % of the image (a style, "" unknown)."""

    label: str
    cards: tuple[Card, ...]
    size: tuple[int, int]
    printed: tuple[str, str]
    folded: str                     # why the cards are folded away until asked ("" for shown): an
                                    # export of cards shown above, a language shown side by side
    lines: str = ""
    changes: tuple[Changed, ...] = ()
    taken_out: tuple[tuple[str, str], ...] = ()     # faces of cards taken out: (the image, its last copy)


@frozen
class Languages:
    """A deck's cards in each of its languages, side by side: each row one card in every
    language (in the deck's order of languages)."""

    names: tuple[str, ...]
    rows: tuple[tuple[Card, ...], ...]
    size: tuple[int, int]
    printed: tuple[str, str]
    lines: str


@frozen
class PrintFile:
    """A line of a record's table: a file (its preview if it has one) or a folder of files."""

    rel: str
    name: str                       # as the record names it
    caption: str = ""               # a file's: its name and pages, or why it has no preview
    shown: Preview | None = None    # a file's preview (a PDF's: of every page shown)
    count: int = 0                  # a folder's: the files in it


@frozen
class Record:
    """What the page shows of one proof record."""

    label: str
    cards: Cards | None
    files: tuple[PrintFile, ...]
    folders: tuple[PrintFile, ...]
    findings: tuple[str, ...]
    outdated: str = ""              # the label of the later build that finds its files out of date ("" current)
    how: str = ""                   # a home print's: which file is its card sheets and how to print it


@frozen
class Deck:
    """A deck's section: its records, its cards side by side in its languages (if
    several) and its summary (from the first record that has one)."""

    section: DeckSection
    records: list[Record]
    languages: Languages | None
    summary: Summary


@frozen
class Folder:
    """The files of a folder that no record shows: the previewed ones, then the others."""

    folder: str
    pictures: tuple[Preview, ...]
    plain: tuple[Preview, ...]


def esc(text: str) -> str:
    """text for HTML; a file name that is not UTF-8 (its bytes kept as surrogates) shows
    U+FFFD where a byte is not text."""
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return html.escape(text, quote=True)


def link(rel: str) -> str:
    """A file of the output folder (a path relative to it) as a link's address, ready
    for an attribute: "./" first, so that it is always a relative path (a file named
    "javascript:alert(1)", or a stranger's proof record naming one, never becomes a
    script or another site's address), percent-encoded and HTML-escaped."""
    return esc("./" + quote(os.fsencode(rel), safe="/"))     # a name's bytes, UTF-8 or not


def anchor(name: str) -> str:
    return "deck-" + "".join(c if c.isalnum() or c in "-_" else "-" for c in name)


def folder_name(folder: str) -> str:
    return "the top folder" if folder == "." else folder + "/"


def _escaped(value: object) -> Markup:
    """What the template writes of a value: ours (Markup) as it is, anything else
    through esc(), whose entities for quotes (&quot;, &#x27;) are not Jinja's own
    (&#34;, &#39;): a folder keeps giving the same page, byte for byte."""
    return value if isinstance(value, Markup) else Markup(esc(str(value)))


@cache
def _environment() -> jinja2.Environment:
    """The page's template environment: autoescaping through esc(), an unknown name an
    error, block tags taking their own line breaks with them."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("printgen.gallery", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined, finalize=_escaped,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters.update(anchor=anchor, folder_name=folder_name, link=lambda rel: Markup(link(rel)))
    return env


@cache
def _static(name: str) -> Markup:
    """A file of static/ (our own style or script), to be copied into the page as it is."""
    return Markup(resources.files(__package__).joinpath("static", name).read_text(encoding="utf-8"))


def _side_by_side(section: DeckSection, records: list[Record]) -> Languages | None:
    """The home prints of a deck built in several languages, their cards side by side
    (None unless two or more languages have the same number of cards)."""
    prints = [(proof.lang, record.cards) for (_, proof), record in zip(section.proofs, records)
              if proof.family and record.cards and proof.label.startswith("home print")]
    names = [name for name, _ in prints]
    if len(prints) < 2 or len(set(names)) != len(names) or len({len(cards.cards) for _, cards in prints}) != 1:
        return None
    first = prints[0][1]
    return Languages(tuple(names), tuple(zip(*(cards.cards for _, cards in prints))), first.size, first.printed,
                     first.lines)


def lines_style(proof: Proof) -> str:
    """The trim and safe lines of the record's card images as CSS custom properties:
    their insets in % of the image's width (--bx, --sx) and height (--by, --sy); "" where
    the record gives no insets."""
    (width, height), (bleed, safe) = proof.image_mm, proof.insets_mm
    if (bleed == 0 and safe == 0) or 2 * (bleed + safe) >= min(width, height):
        return ""
    inset = {"bx": bleed / width, "by": bleed / height, "sx": (bleed + safe) / width, "sy": (bleed + safe) / height}
    return ";".join(f"--{name}:{100 * value:.3f}%" for name, value in inset.items())


class GalleryPage:
    """The page, assembled section by section."""

    def __init__(self, title: str, *, live: bool = False, cut_short: bool = False) -> None:
        self.title, self.live, self.cut_short = title, live, cut_short
        self.decks: list[Deck] = []
        self.others: dict[str, list[Preview]] = {}
        self.thumbs: set[str] = set()

    def _shown(self, found: Preview | None) -> Preview | None:
        """found, its previews counted as ones the page shows."""
        if found is not None and found.thumb is not None:
            self.thumbs.update((found.thumb, *found.pages))
            if found.change is not None:
                self.thumbs.add(found.change.shown)
            if found.copy is not None:
                self.thumbs.add(found.copy)
        return found

    def add_deck(self, section: DeckSection, lookup: Lookup, under: Callable[[str], list[str]],
                 earlier: Earlier) -> set[str]:
        """Add a deck's section; the files it shows (relative to the root). The first
        record with cards shows them; later ones (an export of the same cards) fold
        theirs away until asked."""
        records: list[Record] = []
        shown: set[str] = set()
        folded = ""
        for folder, proof in section.proofs:
            later = section.outdated.get((folder, proof.label), "")
            cards = self._cards(folder, proof, lookup, shown, folded, earlier)
            if cards is not None and later:     # (its images are the later build's, not its files')
                cards = replace(cards, folded=f"as the {later} drew them, not as these files hold them")
            elif cards is not None and not folded:
                folded = "the same cards as exported"
            files, folders = self._files(folder, proof, lookup, shown, under)
            records.append(Record(proof.label, cards, files, folders, proof.findings, later,
                                  how_to_print(proof.deck, proof.label, proof.files, proof.two_sided)))
        languages = _side_by_side(section, records)
        if languages is not None:
            records = [replace(record, cards=replace(record.cards, folded="shown side by side above"))
                       if record.cards else record for record in records]
        summary = next((proof.summary for _, proof in section.proofs if proof.summary), ())
        self.decks.append(Deck(section, records, languages, summary))
        return shown

    def _cards(self, folder: str, proof: Proof, lookup: Lookup, shown: set[str], folded: str,
               earlier: Earlier) -> Cards | None:
        if not proof.cards:
            return None
        width_mm, height_mm = proof.image_mm
        places = [(folder + card.face, folder + card.back if card.back else None) for card in proof.cards]
        last, gone = earlier(folder, proof, places)
        cards, changes, seen = [], [], set()
        for card, (face, back), (was_face, was_back) in zip(proof.cards, places, last):
            shown.update(rel for rel in (face, back) if rel)
            face_shown = self._shown(lookup(face, True, was_face))
            back_shown = self._shown(lookup(back, True, was_back)) if back else None
            changed = False
            for side, rel, found in (("face", face, face_shown), ("back", back, back_shown)):
                if found is not None and found.change is not None:
                    changed = True
                    if rel not in seen:         # a back many cards share: once, under the first
                        changes.append(Changed(card.name, side, found.change))
                        seen.add(rel)
            cards.append(Card(card.name, face, face_shown, back is not None, back_shown, changed))
        return Cards(proof.label, tuple(cards), (round(CARD_SHOWN * width_mm / height_mm), CARD_SHOWN),
                     (f"{width_mm:.2f}mm", f"{height_mm:.2f}mm"), folded, lines_style(proof), tuple(changes),
                     tuple(gone))

    def _files(self, folder: str, proof: Proof, lookup: Lookup, shown: set[str],
               under: Callable[[str], list[str]]) -> tuple[tuple[PrintFile, ...], tuple[PrintFile, ...]]:
        files = []
        for name in proof.files:
            rel = folder + name
            shown.add(rel)
            found = lookup(rel, False, None)
            caption = found.caption if found else f"{name} (missing)"
            files.append(PrintFile(rel, name, caption, self._shown(found) if found and found.thumb else None))
        folders = []
        for name in proof.folders:
            inside = under(folder + name)
            shown.update(inside)
            if inside:
                folders.append(PrintFile(folder + name + "/", name, count=len(inside)))
        return tuple(files), tuple(folders)

    def add_other(self, entry: Preview) -> None:
        folder = entry.rel.rsplit("/", 1)[0] if "/" in entry.rel else "."
        self._shown(entry)
        self.others.setdefault(folder, []).append(entry)

    def stamp(self) -> str:
        return str(time.time_ns())

    def html(self) -> str:
        others = [Folder(folder, tuple(e for e in self.others[folder] if e.thumb),
                         tuple(e for e in self.others[folder] if not e.thumb)) for folder in sorted(self.others)]
        return _environment().get_template("index.html").render(
            title=self.title, live=self.live, cut_short=self.cut_short, decks=self.decks, others=others,
            style=_static("gallery.css"), script=_static("gallery.js"), live_script=_static("live.js"))
