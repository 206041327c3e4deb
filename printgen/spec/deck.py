"""Deck spec (YAML) -> Deck model. Every key is documented in docs/deck-spec.md."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from printgen.errors import InputError, PrintgenError, quoted, shown
from printgen.limits import limit
from printgen.model import Card, CardSize, Deck, DeckBox, Ref
from printgen.model.box import THINNEST
from printgen.model.template import Template
from printgen.reading import display_path
from printgen.spec.fonts import project_fonts, read_fonts
from printgen.spec.languages import (
    check_columns,
    check_languages,
    file_name,
    localise,
    localise_row,
    split_key,
    words,
)
from printgen.spec.places import DICE, PARTS, RULES, find, find_template, link_out, real
from printgen.spec.printdata import print_facts
from printgen.spec.schema import Checker
from printgen.spec.yamlload import KeyPath, format_path, load_file
from printgen.units import DPI, Length

DECK_KEYS = ["name", "title", "game", "credits", "size", "bleed", "safe", "face", "back",
             "label", "fields", "card_thickness", "cards", "dice", "parts", "box", "rules", "rules_as",
             "lang", "languages", "dpi", "fonts"]
RULES_AS = ["leaflet", "booklet"]      # how a deck build prints its rules texts
ENTRY_KEYS = ["each", "fields", "count", "face", "back", "table", "sheet"]
SIZE_KEYS = ["width", "height"]
BOX_KEYS = ["thickness", "clearance", "back", "side", "title"]
WEB_ADDRESS = re.compile(r"^\s*(?:https?|ftp)://|^\s*www\.", re.IGNORECASE)   # a table named by its address
DPI_RANGE = (36, 2400)                  # a deck's `dpi:`, the size of its px unit
MAX_CARDS = limit("deck_cards")         # cards one deck may make (its entries' counts and each-products together)
CARD_PIXELS = limit("card_pixels")      # pixels of a card side with its bleed, at CARD_DPI
CARD_DPI = int(limit("card_dpi"))       # the finest resolution any output draws a card at
Langs = tuple[str, tuple[str, ...]]       # the language built and the deck's languages (its own first)
REFS = {"dice": (DICE, "dice names such as [spike]"), "parts": (PARTS, "part names such as [solomon-board]"),
        "rules": (RULES, "rules text names such as [coruscant-shift]")}


def load_deck_file(path: Path, display: str | None = None, lang: str | None = None, *,
                   labels: bool = True) -> Deck:
    """Load and validate a deck spec as a build in lang (None: the deck's own language)
    sees it; raise SpecError listing every problem found. labels=False leaves the cards'
    labels empty (and their expressions unchecked): a catalogue that needs no card's
    label also needs no template engine."""
    doc = load_file(path, display)
    check = Checker(doc)
    raw = doc.data if isinstance(doc.data, dict) else {}
    languages = check_languages(check, raw.get("lang"), raw.get("languages"))
    check.raise_errors()                # (with no languages, every text in one would be reported too)
    built = lang or languages[0]
    if built not in languages:
        raise InputError(f"--lang {built if len(built) <= 80 else quoted(built)}: {doc.source} is written in {', '.join(languages)} (its `lang:` "
                         f"and `languages:`); expected one of them, or all")
    langs: Langs = (built, languages)
    data = check.mapping(localise(check, raw, (), *langs) if raw else doc.data, (), DECK_KEYS,
                         required=["name", "size", "face", "back", "cards"])
    defaults = print_facts().defaults
    dpi = check.integer(data.get("dpi"), ("dpi",), default=DPI, minimum=DPI_RANGE[0])
    if dpi > DPI_RANGE[1]:
        check.fail(("dpi",), f"expected the dots per inch of a px unit, {DPI_RANGE[0]} to {DPI_RANGE[1]}, got {dpi}")
    dpi = dpi if DPI_RANGE[0] <= dpi <= DPI_RANGE[1] else DPI     # (reported: px lengths read at 300)
    check.dpi = dpi
    known = len(check.errors)
    size = _size(check, data.get("size"))
    size_known = len(check.errors) == known and "size" in data       # else bleed and safe are not checked against it
    bleed = check.length(data.get("bleed"), ("bleed",), default=defaults["bleed"])
    safe = check.length(data.get("safe"), ("safe",), default=defaults["safe"])
    thickness = check.length(data.get("card_thickness"), ("card_thickness",),
                             default=defaults["card_thickness"], minimum=THINNEST, positive=True)
    shortest = min(size.width, size.height)
    if size_known and bleed > shortest / 4:
        _margin_fails(check, data, "bleed", "of at most a quarter", Length(shortest / 4), size)
    if size_known and safe >= shortest / 2:
        _margin_fails(check, data, "safe", "less than half", Length(shortest / 2), size)
    if size_known:
        _check_pixels(check, size, bleed)
    base_fields = _fields(check, data.get("fields") or {}, ("fields",), langs)
    base_places = _places(check, data.get("fields"), ("fields",), built)
    credits = data.get("credits") or []
    if not isinstance(credits, list):
        check.fail(("credits",), "expected a list of lines")
        credits = []
    deck_face = check.text(data.get("face"), ("face",))
    deck_back = check.text(data.get("back"), ("back",))
    for key, template in (("face", deck_face), ("back", deck_back)):
        _check_template(check, key, template, path)
    label = check.text(data.get("label"), ("label",), default="card {{ index }}")
    cards = _cards(check, data.get("cards"), (base_fields, base_places), deck_face, deck_back,
                   label if labels else None, path, langs)
    refs = {key: _refs(check, data.get(key), key, path) for key in REFS}
    box = _box(check, data.get("box"), langs)
    fonts = {**project_fonts(path), **read_fonts(check, data.get("fonts"), path)}
    rules_as = check.choice(data.get("rules_as"), ("rules_as",), RULES_AS, RULES_AS[0])
    check.raise_errors()
    name = check.file_name(data.get("name"), ("name",))
    title = check.text(data.get("title"), ("title",), default=name)
    game = check.text(data.get("game"), ("game",), default="")
    for i, line in enumerate(credits):
        check.text(line, ("credits", i))
    check.raise_errors()
    box_key = f"box@{built}" if (f"box@{built}",) in doc.lines else "box"      # (the one the build took)
    return Deck(name=file_name(name, *langs), title=title or name, lang=built, languages=languages, dpi=dpi,
                notes=words(built).notes,
                source=path, size=size, bleed=bleed, safe=safe, cards=tuple(cards),
                game=game, credits=tuple(str(c) for c in credits),
                card_thickness=thickness, dice=refs["dice"], parts=refs["parts"], box=box,
                rules=refs["rules"], rules_as=rules_as, where=doc.source, fonts=fonts,
                lines=tuple((key, line) for key in [*data, *(f"{key}@{built}" for key in data
                                                             if (f"{key}@{built}",) in doc.lines)]
                            if (line := doc.line((key,))))    # key@LANG: the built language's own
                + tuple((f"{box_key}.{key}", line) for key in (data["box"] if isinstance(data.get("box"), dict) else ())
                        if (line := doc.line((box_key, key)))))     # the box's texts: box.title@de



def with_templates(deck: Deck) -> Deck:
    """The deck with every face and back template its cards name found and loaded; a
    missing or broken one is an error naming the first card (or the back) using it."""
    named = [(card.face, f"{card.where}.face") for card in deck.cards]
    named += [(name, f"{deck.source}: back") for name in deck.backs]
    from printgen.spec.template import load_template  # (`printgen list` reads no template)
    found: dict[str, Template] = {}
    for name, where in named:
        if name not in found:
            template = load_template(find_template(name, deck.source, where))
            if deck.fonts:          # the deck's fonts, but those the template declares itself
                own = {key: template.fonts[key] for key in template.own_fonts}
                template = replace(template, fonts={**template.fonts, **deck.fonts, **own})
            found[name] = template
    return replace(deck, templates=found)

def _refs(check: Checker, value: Any, key: str, deck_file: Path) -> tuple[Ref, ...]:
    """The names of other data files (dice, parts, rules texts), each found."""
    shelf, example = REFS[key]
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        check.fail((key,), f"expected a list of {example}, got {shown(value)}")
        return ()
    refs = []
    for i, name in enumerate(value):
        try:
            refs.append(Ref(name, find(shelf, name, near=deck_file)))
        except InputError as error:
            check.fail((key, i), str(error))
    return tuple(refs)


def _box(check: Checker, value: Any, langs: Langs) -> DeckBox:
    """The `box:` options; what is left out stays None (printgen's default)."""
    if value is None:
        return DeckBox()
    if isinstance(value, dict):
        value = localise(check, value, ("box",), *langs)
    data = check.mapping(value, ("box",), BOX_KEYS)

    def length(key: str) -> float | None:
        return (check.length(data[key], ("box", key), positive=key == "thickness",
                             minimum=THINNEST if key == "thickness" else 0.0)
                if data.get(key) is not None else None)

    def text(key: str) -> str | None:
        return check.text(data[key], ("box", key)) if data.get(key) is not None else None

    return DeckBox(thickness=length("thickness"), clearance=length("clearance"),
                   title=text("title"), side=text("side"), back=text("back"))


def _size(check: Checker, value: Any) -> CardSize:
    presets = print_facts().card_sizes
    if isinstance(value, dict):
        known = len(check.errors)
        check.mapping(value, ("size",), SIZE_KEYS, required=SIZE_KEYS)
        width = check.length(value.get("width"), ("size", "width"))
        height = check.length(value.get("height"), ("size", "height"))
        if len(check.errors) > known:
            return CardSize(max(width, 1.0), max(height, 1.0))
        if width <= 0 or height <= 0:
            check.fail(("size",), "expected a width and height greater than zero")
        return CardSize(width, height)
    if not isinstance(value, str) or value not in presets:
        check.fail(("size",), f"expected a preset ({', '.join(presets)}) or width and height, "
                              f"got {shown(value)}")
        return presets["poker"]
    return presets[str(value)]


def _margin_fails(check: Checker, data: dict[str, Any], key: str, rule: str, most: Length,
                  size: CardSize) -> None:
    """The deck's bleed or safe margin is too wide for its card (rule: how wide it may be,
    "at most a quarter"): blamed on the key where the deck gives one, else on the
    card's size, too small for printgen's default."""
    noun = {"bleed": "a bleed", "safe": "a safe zone"}[key]
    if data.get(key) is not None:
        check.fail((key,), f"expected {noun} {rule} of the card's shorter side ({most}), got {shown(data[key])}")
        return
    check.fail(("size",), f"got {size}, a card too small for the default `{key}:` of "
                          f"{print_facts().defaults[key]} ({noun} {rule} of its shorter side, {most}); "
                          f"expected a larger card, or a `{key}:` of its own")


def _check_pixels(check: Checker, size: CardSize, bleed: float) -> None:
    """A card side must fit in memory as pixels at the finest resolution any output
    draws it at (PNGs, showcase pictures, print-shop exports): refused here, at the
    deck's `size:`, not as a MemoryError in the renderer."""
    width, height = (round((side + 2 * bleed) * CARD_DPI / 72) for side in (size.width, size.height))
    if width * height > CARD_PIXELS:
        square = CARD_PIXELS ** 0.5 / CARD_DPI * 25.4
        check.fail(("size",), f"got {size}: with its bleed {width:,} x {height:,} pixels at {CARD_DPI} dpi (the "
                              f"finest a card is drawn at); expected at most {CARD_PIXELS:,} pixels (a card "
                              f"of about {square:.0f} x {square:.0f} mm)")


def _check_template(check: Checker, key: str, name: str, deck_file: Path) -> None:
    """The deck's face or back template exists (a missing one is reported at its own
    line, not at the first card that uses it)."""
    if not name:
        return
    try:
        find_template(name, deck_file, f"{check.doc.source}:{check.doc.line((key,))} {key}")
    except PrintgenError as error:
        check.errors.append(str(error))
        check.block((key,))


def _fields(check: Checker, value: Any, path: KeyPath, langs: Langs) -> dict[str, str]:
    if not isinstance(value, dict):
        check.fail(path, f"expected a mapping of field names to text, got {shown(value)}")
        return {}
    value = localise(check, value, path, *langs)
    result = {}
    for key, item in value.items():
        if isinstance(item, (dict, list)) or item is None:
            check.fail(path + (key,), f"expected text, got {shown(item)}")
        else:
            result[key] = as_written(item)
    return result


def _taken(keys: Any, lang: str) -> dict[str, str]:
    """The key a build in lang takes each field from (as localise() does): `name@de`
    where there is one, else `name`."""
    taken: dict[str, str] = {}
    for key in keys:
        base, code = split_key(str(key))
        if code == lang or (code is None and base not in taken):
            taken[base] = str(key)
    return taken


def _places(check: Checker, value: Any, path: KeyPath, lang: str) -> dict[str, str]:
    """Where each field of a `fields:` mapping at path is written, as a build in lang
    takes it: "FILE:LINE cards[0].fields.'name@de'"."""
    if not isinstance(value, dict):
        return {}
    return {field: f"{check.doc.source}:{check.doc.line(path + (key,))} {format_path(path + (key,))}"
            for field, key in _taken(value, lang).items()}


def _cards(check: Checker, entries: Any, base: tuple[dict[str, str], dict[str, str]], face: str, back: str,
           label: str | None, deck_file: Path, langs: Langs) -> list[Card]:
    """The cards of the `cards:` entries, each labelled from label (None: unlabelled);
    base: the deck's own `fields:` and where each is written."""
    alone = isinstance(entries, str) and bool(entries)   # cards: cards.csv (its errors are at cards:)
    if alone:
        entries = [{"table": entries}]
    if not isinstance(entries, list) or not entries:
        check.fail(("cards",), "expected a non-empty list of card entries, or a .csv or .xlsx file")
        return []
    cards: list[Card] = []
    source = check.doc.source
    label_where = f"{source}:{check.doc.line(('label',))} label"
    if label is not None:
        from printgen.lang.expr import render
    for i, item in enumerate(entries):
        path: KeyPath = ("cards", i)
        entry = check.mapping(item, path, ENTRY_KEYS)
        fields = {**base[0], **_fields(check, entry.get("fields") or {}, path + ("fields",), langs)}
        places = {**base[1], **_places(check, entry.get("fields"), path + ("fields",), langs[0])}
        count = check.integer(entry.get("count"), path + ("count",), default=1, minimum=1)
        if len(cards) + count * _product_size(entry.get("each")) > MAX_CARDS:
            check.fail(path, f"the deck would hold more than {MAX_CARDS:,} cards; expected fewer "
                             f"(count times every combination of each)")
            return cards
        where = f"{source}:{check.doc.line(path)} {format_path(path)}"
        if entry.get("table") is not None:
            rows = _table(check, entry, path, ("cards",) if alone else path + ("table",), deck_file, langs)
        else:
            each = entry.get("each")
            places |= _places(check, each, path + ("each",), langs[0])
            rows = [(where, combo, 1, {}) for combo in _combinations(check, each, path + ("each",))]
        if len(cards) + count * sum(copies for _, _, copies, _ in rows) > MAX_CARDS:
            check.fail(path, f"the deck would hold more than {MAX_CARDS:,} cards; expected fewer")
            return cards
        for row_where, combo, copies, columns in rows:
            card_fields = {**fields, **combo}       # one mapping for the row's copies (read only)
            card_places = {**places, **columns}
            for _ in range(count * copies):
                index = len(cards) + 1
                context = {**card_fields, "index": index}
                # (no label once a problem is reported: a label of fields reported wrong would fail)
                named = "" if label is None or check.errors else render(label, context, label_where)
                cards.append(Card(index=index, label=named,
                                  fields=card_fields, face=str(entry.get("face") or face),
                                  back=str(entry.get("back") or back), where=row_where, places=card_places))
    return cards


def _table(check: Checker, entry: dict, path: KeyPath, key: KeyPath, deck_file: Path,
           langs: Langs) -> list[tuple[str, dict[str, str], int, dict[str, str]]]:
    """An entry's `table:` rows as (where, fields, copies, where each field is: "FILE:LINE
    name@de", the column the build took), its problems at key (the
    entry's `table`, or `cards` given as the file alone); `each` cannot go with it.
    The table is named as the deck file is (`decks/cards.csv:3`, display_path())."""
    if entry.get("each") is not None:
        check.fail(path, "expected either `each` or `table` in a card entry, not both")
        return []
    name = check.text(entry.get("table"), key)
    sheet = check.text(entry["sheet"], path + ("sheet",)) if entry.get("sheet") is not None else None
    if WEB_ADDRESS.match(name):
        check.fail(key, f"got a web address, {name!r}; printgen reads no tables from the web: "
                                      f"download it as CSV or XLSX first (in Google Sheets: File > Download), "
                                      f"save it beside the deck file and name that file here")
        return []
    folder = real(deck_file).parent
    table = real(folder / name)          # a link that loops is left as it is, and refused when read
    if Path(name).is_absolute() or not table.is_relative_to(folder):
        link = None if Path(name).is_absolute() else link_out(folder, name, [folder])
        check.fail(key, f"expected a file in the deck's folder or below it, got {quoted(name)}" if link is None
                   else f"{link} out of the deck's folder; expected a file in the deck's folder or below it: "
                        f"a link out is never followed")
        return []
    from printgen.spec.cardtable import read_table  # (a deck without a table needs no reader)
    named = display_path(deck_file.parent / name)       # as the deck file is named: decks/cards.csv
    try:
        lang, languages = langs
        rows = read_table(table, named, sheet, lambda names, where: check_columns(names, lang, languages, where))
        return [(f"{named}:{row.line}", localise_row(row.fields, lang, f"{named}:{row.line}"), row.count,
                 {field: f"{named}:{row.line} {column}" for field, column in _taken(row.fields, lang).items()})
                for row in rows]
    except InputError as error:
        check.fail(key, str(error))
        return []


def _product_size(each: Any) -> int:
    """How many combinations an entry's `each` makes (1 without one), before making them."""
    size = 1
    if isinstance(each, dict):
        for values in each.values():
            size *= len(values) if isinstance(values, list) and values else 1
    return size


def _combinations(check: Checker, each: Any, path: KeyPath) -> list[dict[str, str]]:
    """Expand {suit: [a, b], value: [1, 2]} to every combination, first key outermost."""
    if each is None:
        return [{}]
    if not isinstance(each, dict) or not each:
        check.fail(path, "expected a mapping of field names to lists of values")
        return []
    names, lists = [], []
    for key, values in each.items():
        if split_key(str(key))[1] is not None:
            check.fail(path + (key,), "expected no translation among an entry's `each` values (every key makes "
                                      "combinations); give the translated text as a field, name@LANG, of an "
                                      "entry per value, or in a card table's column")
            return []
        if not isinstance(values, list) or not values:
            check.fail(path + (key,), "expected a non-empty list of values")
            return []
        names.append(key)
        lists.append([as_written(v) for v in values])
    return [dict(zip(names, combo)) for combo in itertools.product(*lists)]


def as_written(value: Any) -> str:
    """A field's plain value as its text: true and false as the file writes them (YAML
    reads them as truth values), not as Python's True and False."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
