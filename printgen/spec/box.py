"""Tuck box data: the home-made box's facts (templates/box-tuck.yaml), a deck's
`box:` options resolved against them, and the print shops' die lines
(printgen/data/tgc-boxes.yaml and the like)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path

from printgen.builtin import data_dir
from printgen.fonts import FILES, builtin_family, own_faces
from printgen.lang.expr import render
from printgen.model import Deck
from printgen.model.box import BoxFacts, BoxOptions, DieLine, DieSet, TuckBox
from printgen.reading import display_path
from printgen.spec.languages import words
from printgen.spec.places import builtin_file, find_template
from printgen.spec.schema import Checker
from printgen.spec.template import load_template
from printgen.spec.yamlload import load_file

LENGTHS = ["clearance", "leaflet", "sleeve", "sleeve_thickness", "tuck", "glue_tab", "notch", "dust_flap", "taper", "bleed",
           "stock", "lid_clearance"]
FACT_KEYS = [*LENGTHS, "lines", "colors", "templates"]
LINE_KEYS = ["width", "dash", "cut", "fold"]
TEMPLATE_KEYS = ["front", "side", "back"]
PANELS = ("side-left", "back", "side-right", "front", "glue")
DIE_SET_KEYS = ["card", "dpi", "bleed", "safe", "glue", "boxes"]


def box_facts_file() -> Path:
    return builtin_file("templates", "box-tuck.yaml")


@lru_cache(maxsize=1)
def box_facts() -> BoxFacts:
    """The home-made tuck box's facts, checked."""
    path = box_facts_file()
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), FACT_KEYS, required=FACT_KEYS)
    lengths = {key: check.length(data.get(key), (key,)) for key in LENGTHS}
    lines = check.mapping(data.get("lines"), ("lines",), LINE_KEYS, required=LINE_KEYS)
    dash = tuple(check.length(part, ("lines", "dash")) for part in str(lines.get("dash", "")).split())
    colors = check.mapping(data.get("colors"), ("colors",), ["panel", "glue"], required=["panel", "glue"])
    templates = check.mapping(data.get("templates"), ("templates",), TEMPLATE_KEYS, required=TEMPLATE_KEYS)
    facts = BoxFacts(lengths, check.length(lines.get("width"), ("lines", "width")), dash,
                     check.text(lines.get("cut"), ("lines", "cut")),
                     check.text(lines.get("fold"), ("lines", "fold")),
                     {k: check.colour(v, ("colors", k)) for k, v in colors.items()},
                     {k: check.text(v, ("templates", k)) for k, v in templates.items()})
    check.raise_errors()
    return facts


def box_options(deck: Deck, thickness: float | None = None, sleeved: bool = False) -> BoxOptions:
    """The deck's `box:` options with printgen's defaults where it has none; thickness
    (points) from the command line wins; sleeved: the cards go in sleeves (--sleeved)."""
    facts, box = box_facts(), deck.box
    card = box.thickness if box.thickness is not None else deck.card_thickness
    clearance = box.clearance if box.clearance is not None else facts.lengths["clearance"]
    back = box.back or own_back(deck, deck.lang)
    title = box.title if box.title is not None else deck.title
    side = box.side if box.side is not None else deck.game or deck.title
    return BoxOptions(thickness if thickness is not None else card, clearance, title, side, back, sleeved=sleeved)


NO_BREAK = "\u00a0"       # a no-break space: a line never breaks there


def own_back(deck: Deck, lang: str) -> str:
    """printgen's own text for the box's back (where the deck's `box:` has no `back:`)
    in the language lang."""
    return render(words(lang).box_back, {"deck": box_deck_info(deck)}, f"languages.yaml {lang} box_back")


def box_deck_info(deck: Deck) -> dict[str, object]:
    """The deck as the box's templates and its back text see it (deck.*); its size as
    its name and measurements, "poker (63.5 x 88.9 mm)", with no-break spaces for its
    spaces: a line breaks neither between a number and its unit nor inside the
    brackets."""
    return {**deck.context(), "size": str(deck.size).replace(" ", NO_BREAK)}


def tuck_box(deck: Deck, thickness: float | None = None, sleeved: bool = False) -> TuckBox:
    """The deck's tuck box ready for layout: its options, the deck's first back template
    (the front's art, loaded with the deck) and the box's templates, loaded and checked.
    The box's texts are set in the bundled faces the templates name and, for what
    those lack, in the deck's own fonts."""
    facts = box_facts()
    options = box_options(deck, thickness, sleeved)
    art = deck.templates[deck.backs[0]]
    where = f"{box_facts_file().name} templates"
    own = own_faces(deck.fonts)
    bundled = {name: builtin_family(name, own) for name in FILES} if own else {}
    templates = {key: load_template(find_template(name, box_facts_file(), where))
                 for key, name in facts.templates.items()}
    templates = {key: replace(template, fonts={**template.fonts, **bundled}) for key, template in templates.items()}
    return TuckBox(facts, options, box_deck_info(deck), art, templates)


def die_set_file(name: str) -> Path:
    """A die-line file of printgen/data/ by the name a vendor profile gives."""
    return data_dir() / name


@cache
def load_die_set(path: Path) -> DieSet:
    """A die-line file, checked, with every error located."""
    doc = load_file(path)
    check = Checker(doc)
    data = check.mapping(doc.data, (), DIE_SET_KEYS, required=DIE_SET_KEYS)
    dpi = check.integer(data.get("dpi"), ("dpi",), minimum=1) or 300
    bleed = check.length(data.get("bleed"), ("bleed",))
    safe = check.length(data.get("safe"), ("safe",))
    glue = check.colour(data.get("glue"), ("glue",))
    raw_boxes = data.get("boxes") or {}
    boxes = [_die(check, box, raw, dpi=dpi, bleed=bleed, safe=safe, glue=glue)
             for box, raw in check.mapping(raw_boxes, ("boxes",), list(raw_boxes)).items()]
    check.raise_errors()
    return DieSet(check.text(data.get("card"), ("card",)), dpi,
                  tuple(sorted(boxes, key=lambda die: die.cards)))


def _die(check: Checker, name: str, raw: object, *, dpi: int, bleed: float, safe: float,
         glue: str) -> DieLine:
    path = ("boxes", name)
    value = check.mapping(raw, path, ["cards", "image", *PANELS, "body"],
                          required=["cards", "image", "body", *PANELS])
    image = check.mapping(value.get("image"), path + ("image",), ["width", "height"],
                          required=["width", "height"])
    pixels = (check.integer(image.get("width"), path + ("image", "width"), minimum=1),
              check.integer(image.get("height"), path + ("image", "height"), minimum=1))
    width, height = pixels[0] * 72 / dpi, pixels[1] * 72 / dpi
    top, bottom = _span(check, value.get("body"), path + ("body",), height)
    panels = {}
    for panel in PANELS:
        left, right = _span(check, value.get(panel), path + (panel,), width)
        panels[panel] = (left, top, right - left, bottom - top)
    return DieLine(name, check.integer(value.get("cards"), path + ("cards",), minimum=1), pixels,
                   width, height, panels, bleed, safe, glue)


def _span(check: Checker, raw: object, path: tuple, limit: float) -> tuple[float, float]:
    """'START END': two lengths, the second past the first, both inside the image."""
    parts = str(raw).split() if isinstance(raw, (str, int, float)) else []
    if len(parts) != 2:
        check.fail(path, f"expected two lengths 'START END' such as '10pt 66.3pt', got {raw!r}")
        return 0.0, limit
    start, end = (check.length(part, path) for part in parts)
    if not start < end <= limit + 1e-6:
        check.fail(path, f"expected START < END inside the {limit:.1f} pt image, got {raw!r}")
    return start, end
