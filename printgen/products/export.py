"""A deck exported for a print shop or a virtual tabletop (profiles in data/vendors.yaml).

A thin composition of the usual stages: the deck is laid out again with the
profile's bleed, checked by preflight before any file is written, then written the
way the profile asks: one PNG per side (export_png), one card per PDF page
(export_dtc) or Tabletop Simulator sheets (export_tts).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from printgen.errors import FitError, InputError
from printgen.layout.deck import DeckLayout, layout_deck
from printgen.model import Deck
from printgen.output import ensure_dir
from printgen.preflight import PreflightError, check_layout, deck_where, expected_size_findings
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file

DATA = Path(__file__).resolve().parent.parent / "data" / "vendors.yaml"
OUTPUTS = ("png", "pdf", "tts")
PROFILE_KEYS = ["title", "output", "dpi", "bleed", "safe", "colour", "expect", "box_art", "sheet"]


@dataclass(frozen=True)
class Profile:
    """How one shop or tabletop wants a deck: sizes in points, pixel counts as ints."""

    name: str
    title: str
    output: str                                   # png, pdf or tts
    dpi: int
    bleed: float
    safe: float
    colour: str                                   # rgb or cmyk
    expect: dict[str, tuple[float, float]]        # per size preset: pixels (png) or points (pdf)
    box_art: str | None = None                    # data file of the shop's tuck box die lines
    sheet: tuple[int, int] | None = None          # most columns and rows of a TTS sheet


@lru_cache(maxsize=1)
def profiles() -> dict[str, Profile]:
    """Every profile in data/vendors.yaml, validated with located errors."""
    doc = load_file(DATA)
    check = Checker(doc)
    data = check.mapping(doc.data, (), ["profiles"], required=["profiles"])
    found = {}
    for name, raw in check.mapping(data.get("profiles"), ("profiles",), list(data.get("profiles") or {})).items():
        found[name] = _profile(check, name, raw)
    check.raise_errors()
    return found


def _profile(check: Checker, name: str, raw: object) -> Profile:
    path = ("profiles", name)
    value = check.mapping(raw, path, PROFILE_KEYS, required=["title", "output", "dpi", "bleed", "safe"])
    output = check.choice(value.get("output"), path + ("output",), OUTPUTS, "png")
    expect = {}
    for preset, size in (value.get("expect") or {}).items():
        where = path + ("expect", preset)
        check.mapping(size, where, ["width", "height"], required=["width", "height"])
        if output == "pdf":
            expect[preset] = (check.length(size.get("width"), where + ("width",)),
                              check.length(size.get("height"), where + ("height",)))
        else:
            expect[preset] = (float(check.integer(size.get("width"), where + ("width",), minimum=1)),
                              float(check.integer(size.get("height"), where + ("height",), minimum=1)))
    return Profile(name, check.text(value.get("title"), path + ("title",)), output,
                   check.integer(value.get("dpi"), path + ("dpi",), minimum=1),
                   check.length(value.get("bleed"), path + ("bleed",)),
                   check.length(value.get("safe"), path + ("safe",)),
                   check.choice(value.get("colour"), path + ("colour",), ("rgb", "cmyk"), "rgb"),
                   expect, _data_file(check, value.get("box_art"), path + ("box_art",)),
                   _pair(check, value.get("sheet"), path + ("sheet",), ("cols", "rows")))


def _data_file(check: Checker, raw: object, path: tuple) -> str | None:
    if raw is None:
        return None
    name = check.text(raw, path)
    if name and not (DATA.parent / name).is_file():
        check.fail(path, f"no data file {name!r} in {DATA.parent}")
    return name or None


def _pair(check: Checker, raw: object, path: tuple, keys: tuple[str, str]) -> tuple[int, int] | None:
    if raw is None:
        return None
    value = check.mapping(raw, path, keys, required=keys)
    return (check.integer(value.get(keys[0]), path + (keys[0],), minimum=1),
            check.integer(value.get(keys[1]), path + (keys[1],), minimum=1))


def profile(name: str) -> Profile:
    known = profiles()
    if name not in known:
        raise InputError(f"--for: unknown profile {name!r}; expected one of {', '.join(known)}")
    return known[name]


@dataclass(frozen=True)
class ExportOptions:
    out: Path
    strict: bool = False
    quiet: bool = False


@dataclass
class ExportResult:
    """What an export wrote, what preflight found, and lines for the user."""

    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def vendor_layout(deck: Deck, prof: Profile) -> DeckLayout:
    """The deck laid out with the profile's bleed (backgrounds reach the new edge)."""
    return layout_deck(replace(deck, bleed=prof.bleed))


def export_deck(deck: Deck, prof: Profile, options: ExportOptions) -> ExportResult:
    """Lay out, preflight (raise under --strict before writing), then write."""
    layout = vendor_layout(deck, prof)
    result = ExportResult()
    result.warnings = [str(f) for f in check_layout(layout, safe=max(deck.safe, prof.safe),
                                                    label=prof.name, bleed=prof.bleed > 0)]
    result.warnings += [str(f) for f in expected_size_findings(layout, prof)]
    box_art = None
    if prof.box_art:
        from printgen.products.export_box import plan_box_art
        try:
            box_art, why_not = plan_box_art(deck, prof)
        except FitError as error:       # the cards still export; the box art is a warning
            box_art, why_not = None, ""
            result.warnings.append(f"{deck_where(deck)} ({prof.name}): no tuck box art: {error}")
        result.warnings += box_art.warnings if box_art else []
        result.notes += [why_not] if why_not else []
    if options.strict and result.warnings:
        raise PreflightError.of(result.warnings)
    folder = ensure_dir(options.out / prof.name)
    if prof.output == "png":
        from printgen.products.export_png import write_png_set
        write_png_set(layout, prof, folder, result, quiet=options.quiet)
    elif prof.output == "pdf":
        from printgen.products.export_dtc import write_card_pdf
        write_card_pdf(layout, prof, folder, result)
    else:
        from printgen.products.export_tts import write_tts
        write_tts(layout, prof, folder, result, quiet=options.quiet)
    if box_art:
        from printgen.products.export_box import write_box_art
        write_box_art(deck, box_art, prof, folder, result)
    return result
