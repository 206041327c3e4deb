"""The proof record of a deck build or export: what the proof gallery shows of it.

A small hidden JSON file beside the files it describes (.proof-DECK-LABEL.json),
written like every output, so the folder's manifest records it and a rebuild
replaces it or removes it with the job's other files. It holds the deck's name and
title, its cards (face and back images, relative to the record's folder), the printed
size of those images in mm (for the gallery's printed-size view), the bleed and safe
insets in mm (for its trim and safe-zone lines), a summary of the deck (cards per
value of each field with few values) and each print file with the preflight findings
of the run that wrote it. A home print's record also names those of its files besides
the card sheets that print on both sides (a two-page leaflet, a booklet's sheets),
holds a key of its cards as drawn (render/keys.py cards_key) and names the deck's
home prints on other paper or with another duplex in its folder (each has a label,
and so a record, of its own) whose cards differ (outdated()): the gallery marks those
out of date while they still have the key named.

The gallery reads records from folders a stranger may have filled, so reading is
strict and quiet: a record that is not a regular file (a link, a pipe, a device), too
large, nested too deep, malformed or names a path outside its folder is ignored (the
gallery then shows the files without it).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from printgen.frozen import frozen
from printgen.layout.page import Side
from printgen.limits import limit, whole_limit
from printgen.model.deck import Card
from printgen.output import read_small, write_bytes
from printgen.units import mm

PREFIX = ".proof-"
HOME_PRINT = "home print"              # what the label of a home print's record begins with
MAX_BYTES = int(limit("proof_record_bytes"))         # a record of 100,000 cards stays far below this
SUMMARY_VALUES = whole_limit("gallery_summary_values")   # a field with more values is left out of the summary
SUMMARY_FIELDS = whole_limit("gallery_summary_fields")   # fields summed up at most

KEY = re.compile(r"[0-9a-f]{32}")    # a cards key
MAX_OUTDATES = 100                  # other home prints a record names as out of date

Summary = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]    # (field, ((value, cards), ...)), ...


@frozen
class ProofCard:
    name: str                       # the card's title, for the caption
    face: str                       # image paths relative to the record's folder
    back: str | None


@frozen
class Proof:
    deck: str                       # the deck's name (a plain file name)
    title: str
    label: str                      # what the run made: "home print, a4", "The Game Crafter", ...
    image_mm: tuple[float, float]   # the card images' printed size, bleed included
    cards: tuple[ProofCard, ...]
    files: tuple[str, ...]          # print files relative to the record's folder
    findings: tuple[str, ...]       # preflight, one line per kind of problem
    folders: tuple[str, ...] = ()   # folders of files shown as one line each (the SVGs)
    family: str = ""                # a deck in several languages: its name without the language ("" for deck)
    lang: str = ""                  # ... the language built, its own name ("Deutsch")
    order: int = 0                  # ... its place among the deck's languages (its own is 0)
    insets_mm: tuple[float, float] = (0.0, 0.0)   # the bleed (image edge to trim) and the safe zone (trim
                                                  # to safe line), in mm
    summary: Summary = ()           # cards per value of each field with few values (field_summary)
    cards_key: str = ""             # a home print's: the key of its cards as drawn (render/keys.py cards_key)
    outdates: tuple[tuple[str, str], ...] = ()  # ... the labels of the deck's other home prints in its folder
                                                # whose cards differ from its own, with their cards' keys then
    two_sided: tuple[str, ...] | None = None    # a home print's: its files besides the card sheets that print
                                                # on both sides (None: an older printgen's record, which did not say)

    @property
    def section(self) -> str:
        """The gallery section the record goes in: one for every language of a deck."""
        return self.family or self.deck


def record_name(deck: str, label: str) -> str:
    slug = "-".join("".join(c if c.isalnum() else " " for c in label.lower()).split())
    return f"{PREFIX}{deck}-{slug}.json"


def write_proof(folder: Path, proof: Proof) -> Path:
    """Write the record; image and file paths must already be relative to folder."""
    data = {"printgen_proof": 1, "deck": proof.deck, "title": proof.title, "label": proof.label,
            "image_mm": [round(v, 3) for v in proof.image_mm],
            "cards": [[c.name, c.face, c.back] for c in proof.cards],
            "files": list(proof.files), "findings": list(proof.findings), "folders": list(proof.folders)}
    if proof.family:
        data.update(family=proof.family, lang=proof.lang, order=proof.order)
    if proof.insets_mm != (0.0, 0.0):
        data.update(insets_mm=[round(v, 3) for v in proof.insets_mm])
    if proof.summary:
        data.update(summary=[[name, [[value, count] for value, count in counts]] for name, counts in proof.summary])
    if proof.cards_key:
        data.update(cards_key=proof.cards_key)
    if proof.outdates:
        data.update(outdates=[list(pair) for pair in proof.outdates])
    if proof.two_sided is not None:
        data.update(two_sided=list(proof.two_sided))
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return write_bytes(folder / record_name(proof.deck, proof.label), (text + "\n").encode("utf-8"))


def outdated(folder: Path, proof: Proof) -> tuple[tuple[str, str], ...]:
    """The other home prints of proof's deck that folder's records describe (other
    paper, another duplex) whose cards are not proof's: each one's label and cards key, for proof's
    outdates. A record without a cards key (an older printgen's) is passed over, and so is
    one of proof's own paper and duplex under another language's label (a deck given
    `languages:` labels its home print "home print, a4, English", one that drops them
    "home print, a4"): it names the very files proof's build has just written again."""
    found = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return ()
    for name in names:
        if not (name.startswith(f"{PREFIX}{proof.deck}-") and name.endswith(".json")) \
                or name == record_name(proof.deck, proof.label):
            continue
        other = read_proof(folder / name)
        if (other is not None and other.deck == proof.deck and other.label.startswith(HOME_PRINT)
                and other.cards_key and other.cards_key != proof.cards_key and _job(other) != _job(proof)):
            found.append((other.label, other.cards_key))
    return tuple(found[:MAX_OUTDATES])


def _job(proof: Proof) -> str:
    """A home print's label without its language ("home print, a4, duplex fold"): the
    paper and duplex that name its files."""
    suffix = f", {proof.lang}"
    return proof.label.removesuffix(suffix) if proof.lang else proof.label


def image_mm(faces: Sequence[Side]) -> tuple[float, float]:
    """The printed size of the deck's card images, bleed included, in mm."""
    if not faces:
        return 1.0, 1.0
    frame = faces[0].frame
    return mm(frame.width + 2 * frame.bleed), mm(frame.height + 2 * frame.bleed)


def insets_mm(faces: Sequence[Side]) -> tuple[float, float]:
    """The bleed and safe insets of the deck's card images, in mm."""
    if not faces:
        return 0.0, 0.0
    frame = faces[0].frame
    return mm(frame.bleed), mm(frame.safe)


def field_summary(cards: Sequence[Card]) -> Summary:
    """Cards per value of each field with at most SUMMARY_VALUES values (a card
    without the field counts under ""), fields and values in the order the deck first
    gives them; a field whose values are all signed whole numbers is counted by sign
    too (as "FIELD, by sign")."""
    counts: dict[str, dict[str, int]] = {}
    for card in cards:
        for name in card.fields:
            counts.setdefault(name, {})
    for name, found in counts.items():
        for card in cards:
            value = card.fields.get(name, "")
            if value in found or len(found) <= SUMMARY_VALUES:
                found[value] = found.get(value, 0) + 1
    summary: list[tuple[str, tuple[tuple[str, int], ...]]] = []
    for name, found in counts.items():
        if len(found) > SUMMARY_VALUES or len(summary) >= SUMMARY_FIELDS:
            continue
        summary.append((name, tuple(found.items())))
        signs = _by_sign(found)
        if signs:
            summary.append((f"{name}, by sign", signs))
    return tuple(summary)


def _by_sign(found: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """The counts of signed whole numbers ("+3", "-2", "\u22122", "0") by sign; () unless
    every value is one and some are negative."""
    signs = {"+": 0, "\u2212": 0, "0": 0}
    for value, count in found.items():
        text = value.strip().replace("-", "\u2212")
        digits = text.lstrip("+\u2212")
        if not digits.isdigit() or len(text) - len(digits) > 1:
            return ()
        sign = "0" if int(digits) == 0 else "\u2212" if text.startswith("\u2212") else "+"
        signs[sign] += count
    return tuple((sign, count) for sign, count in signs.items() if count) if signs["\u2212"] else ()


def _inside(rel: object) -> str:
    """rel if it is a plain relative path inside its folder, else ValueError."""
    if not isinstance(rel, str) or not rel or "\\" in rel or "\0" in rel:
        raise ValueError(rel)
    parts = PurePosixPath(rel).parts
    if PurePosixPath(rel).is_absolute() or any(p in ("..", ".") for p in parts):
        raise ValueError(rel)
    return rel


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _summary(value: object) -> Summary:
    if not isinstance(value, list) or len(value) > SUMMARY_FIELDS * 2:
        raise ValueError(value)
    summary = []
    for name, counts in value:
        if not isinstance(counts, list) or len(counts) > SUMMARY_VALUES:
            raise ValueError(counts)
        summary.append((_text(name), tuple((_text(v), _order(n, 10**7)) for v, n in counts)))
    return tuple(summary)


def _insets(value: object) -> tuple[float, float]:
    bleed, safe = (float(v) for v in value)  # type: ignore[attr-defined]
    if not (0 <= bleed < 1000 and 0 <= safe < 1000):
        raise ValueError(value)
    return bleed, safe


def _key(value: object) -> str:
    if value != "" and not (isinstance(value, str) and KEY.fullmatch(value)):
        raise ValueError(value)
    return str(value)


def _outdates(value: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or len(value) > MAX_OUTDATES:
        raise ValueError(value)
    return tuple((_text(label), _key(key)) for label, key in value)


def _two_sided(value: object) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise TypeError(value)
    return tuple(_inside(name) for name in value)


def _order(value: object, below: int = 1000) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < below:
        raise ValueError(value)
    return value


def read_proof(path: Path) -> Proof | None:
    """The record at path, or None where it is not a well-formed record of ours."""
    raw = read_small(path, MAX_BYTES)       # never through a link, never waiting on a pipe
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
        if data.get("printgen_proof") != 1:
            return None
        width, height = (float(v) for v in data["image_mm"])
        if not (0 < width < 10_000 and 0 < height < 10_000):
            return None
        cards = tuple(ProofCard(_text(name), _inside(face), None if back is None else _inside(back))
                      for name, face, back in data["cards"])
        return Proof(_text(data["deck"]), _text(data["title"]), _text(data["label"]), (width, height), cards,
                     tuple(_inside(f) for f in data["files"]), tuple(_text(f) for f in data["findings"]),
                     tuple(_inside(f) for f in data.get("folders", ())), _text(data.get("family", "")),
                     _text(data.get("lang", "")), _order(data.get("order", 0)),
                     _insets(data.get("insets_mm", (0, 0))), _summary(data.get("summary", [])),
                     _key(data.get("cards_key", "")), _outdates(data.get("outdates", [])),
                     _two_sided(data.get("two_sided")))
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError, RecursionError):  # UnicodeDecodeError too
        return None
