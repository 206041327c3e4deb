"""Rules texts: Markdown (decks/rules/NAME.md, or a user's own file) -> RulesText.

Markdown is parsed by markdown-it-py, whose tokens carry line numbers, so every
problem names file:line. A file may open with YAML front matter between two `---`
lines:

    ---
    title: Jedi Temple play aid     # the leaflet's title (default: "NAME rules")
    deck: sabacc-62                 # the deck whose tuck box the leaflet must fit: a deck of
                                    # the text's own project (the folder above its decks/),
                                    # else as `printgen build NAME` finds it; or a path from
                                    # the text's folder
    deal: jedi-temple-deal.md       # the Markdown `printgen rules NAME --deal N` appends
    lang: de                        # the text's language, checked as a deck's `lang:` is
    credit: "..."                   # the credit line set above the reader's own copy of
                                    # the original rules (`--original FILE`)
    fonts: {hindi: ../fonts/NotoSansDevanagari-Regular.ttf}
                                    # fonts for what the bundled faces lack, as a deck's
                                    # `fonts:` (the project's fonts/fonts.yaml serves too)
    font: body                      # one of those fonts, to set the whole text in
    ---

A text built on its own (not as one of a deck's rules) takes the fonts of the deck
its `deck:` names, as it would in that deck's build; its own `fonts:` win a shared name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.builtin import data_root
from printgen.errors import InputError, PrintgenError, quoted
from printgen.lang.expr import render
from printgen.lang.lines import LINE_END
from printgen.lang.markdown import parse_markdown
from printgen.model.fonts import Fonts
from printgen.model.picture import Picture
from printgen.model.text import Block, RulesText
from printgen.reading import display_path, read_text, unset_character
from printgen.spec.fonts import project_fonts, read_fonts
from printgen.spec.languages import check_languages, translated_file
from printgen.spec.pictures import Shelf
from printgen.spec.places import (
    DECKS,
    LinkedOut,
    catalogue,
    confine,
    find,
    is_path,
    kept_in,
    project_folders,
    real,
)
from printgen.spec.schema import Checker
from printgen.spec.yamlload import format_path, load_text, quote

if TYPE_CHECKING:
    from printgen.model import Deck

FRONT_KEYS = ["title", "subtitle", "credits", "cover", "deck", "deal", "credit", "lang", "hyphenate", "fonts",
              "font", "contents", "back_cover"]
BACK_COVERS = ("text", "blank")     # front matter `back_cover:` (the text may end on it; left blank)
COVER_KEYS = ("title", "subtitle", "credits", "cover")         # what a booklet's cover sets
LINE_KEYS = (*COVER_KEYS, "lang", "font")    # keys whose line RulesText.lines keeps (the cover's errors, the
                                             # language's note, a font a deck's build does not declare)
PICTURE_HINT = "; expected a PNG, JPEG, WebP or SVG file beside the rules text"


def default_title(name: str) -> str:
    """A rules text's title when its front matter names none."""
    return f"{name} rules"


def load_rules(path: Path, *, alone: bool = False) -> RulesText:
    """A rules text and its front matter, checked; every problem names file:line.
    alone: the text is built on its own, so the deck its front matter names is loaded
    and serves it its fonts (a deck's build gives its rules texts its fonts itself)."""
    text = read_text(path, display_path(path))
    front, body, offset = split_front_matter(text)
    source = display_path(path)
    if front is None and LINE_END.split(text, maxsplit=1)[0].strip() == "---":
        raise InputError(f"{source}:1: front matter opened by '---' is never closed; expected a line '---' "
                         f"after its keys")
    title, deck, deal, credit = default_title(path.stem), None, None, None
    subtitle, cover, lang, hyphenate, font, blank_back = "", None, "", False, "", False
    credits: tuple[str, ...] = ()
    contents = RulesText.contents     # `#` and `##`
    fonts = project_fonts(path)
    lines: dict[str, int] = {}
    if front is not None:
        doc = load_text(front, source)
        lines = {format_path(key): line for key, line in doc.lines.items() if key and key[0] in LINE_KEYS}
        check = Checker(doc)
        data = check.mapping(doc.data if doc.data is not None else {}, (), FRONT_KEYS)
        title = check.text(data.get("title"), ("title",), default=title)
        if not title.strip():
            check.fail(("title",), f"expected the text's title (or no title: line at all), got {title!r}")
        if data.get("deck") is not None:
            deck = _front_deck(check, check.text(data["deck"], ("deck",)), path)
            if alone and deck is not None:
                fonts = {**_deck_fonts(check, data["deck"], deck), **fonts}
        if data.get("deal") is not None:
            deal = _front_file(check, "deal", check.text(data["deal"], ("deal",)), path, "a Markdown file")
        if data.get("credit") is not None:
            credit = check.text(data["credit"], ("credit",))
        subtitle = check.text(data.get("subtitle"), ("subtitle",), default="")
        credits = _front_lines(check, data.get("credits"))
        if data.get("cover") is not None:
            cover = _front_picture(check, check.text(data["cover"], ("cover",)), path)
        if data.get("lang") is not None:        # as a deck's `lang:`: a code, en, de or pt-BR
            lang = check_languages(check, data["lang"], None)[0]
        contents = _front_contents(check, data.get("contents"))
        hyphenate = data.get("hyphenate") is True
        if data.get("hyphenate") not in (None, True, False):
            check.fail(("hyphenate",), f"expected true or false, got {data.get('hyphenate')!r}")
        blank_back = check.choice(data.get("back_cover"), ("back_cover",), BACK_COVERS, default="text") == "blank"
        fonts = {**fonts, **read_fonts(check, data.get("fonts"), path)}
        font = check.text(data.get("font"), ("font",), default="")
        if alone:               # (a deck's build adds its fonts later, and checks it then: for_deck())
            _check_font(font, fonts, lambda problem: check.fail(("font",), problem))
        check.raise_errors()
    for number, line in enumerate(LINE_END.split(body), start=offset + 1):
        problem = unset_character(line)
        if problem:
            raise InputError(f"{source}:{number}: {problem}")
    blocks = tuple(parse_markdown(body, source, rules_pictures(path), line_offset=offset, empty_headings=False))
    if not blocks:
        raise InputError(f"{source}:{offset + 1}: no rules text; expected Markdown with at least a heading "
                         f"or a paragraph")
    return RulesText(path.stem, source, blocks, title, deck, deal, credit, subtitle, credits, cover,
                     hyphenate, lang, fonts, font, lines, contents, blank_back)


def _front_contents(check: Checker, raw: object) -> int:
    """Front matter `contents:`, the deepest heading level a booklet's contents list:
    a whole number from 1 (`#` headings only) to 6; the default (`#` and `##`) where
    it is not given."""
    return check.integer(raw, ("contents",), default=RulesText.contents, minimum=1, maximum=6,
                         meaning="the deepest heading level for the contents to list (1: `#` headings only)")


def for_deck(rules: RulesText, fonts: dict[str, Fonts]) -> RulesText:
    """A deck's rules text, the deck's fonts serving it too (its own win a shared name);
    InputError where its `font:` names none of them."""
    rules = replace(rules, fonts={**fonts, **rules.fonts}) if fonts else rules
    line = rules.lines.get("font")

    def fail(problem: str) -> None:
        raise InputError(f"{rules.where}{f':{line}' if line else ''} font: {problem}")

    _check_font(rules.font, rules.fonts, fail)
    return rules


def deck_rules(deck: Deck) -> tuple[RulesText, ...]:
    """The deck's rules texts (its `rules:`), each read in the language the deck is
    built in where it has a translation (languages.translated_file), for the deck
    (for_deck)."""
    return tuple(for_deck(load_rules(translated_file(ref.path, deck.lang, deck.languages[0])), deck.fonts)
                 for ref in deck.rules)


def _check_font(font: str, fonts: dict[str, Fonts], fail: Callable[[str], None]) -> None:
    """Front matter `font:` must name a declared font (fail says why it does not)."""
    if font and font not in fonts:
        names = ", ".join(sorted(fonts)) or "none"
        fail(f"{font!r} is not a declared font; expected one the text's project (fonts/fonts.yaml), "
             f"its fonts: or its deck declares ({names})")


def _front_lines(check: Checker, raw: object) -> tuple[str, ...]:
    """Front matter `credits:`: one line or a list of lines. An item written "Design:
    Mara Lindqvist" unquoted, which YAML reads as a mapping, is one error (on the first
    such item's line) that shows it as written and says to quote it."""
    if raw is None:
        return ()
    items = raw if isinstance(raw, list) else [raw]
    colons = [i for i, item in enumerate(items) if _written(item) is not None]
    if colons:
        first, more = colons[0], len(colons) - 1
        written = _written(items[first]) or ""
        check.fail(("credits", first) if isinstance(raw, list) else ("credits",),
                   f"the item {quoted(written)} reads as a key and a value (a colon and a space), not as a line "
                   f"of text; put it in quotes: {quote(written)}"
                   + (f" ({more} more item{'s need' if more > 1 else ' needs'} them too)" if more else ""))
        check.block(("credits",))
        return ()
    return tuple(check.text(item, ("credits", i) if isinstance(raw, list) else ("credits",))
                 for i, item in enumerate(items))


def _written(item: object) -> str | None:
    """A list item YAML read as a mapping of one key to a text (or nothing), as it was
    written ("Design: Mara Lindqvist"); None for any other item."""
    if isinstance(item, dict) and len(item) == 1:
        (key, value), = item.items()
        if isinstance(value, (str, int, float)) or value is None:
            return f"{key}:" if value is None else f"{key}: {value}"
    return None


def _front_picture(check: Checker, name: str, rules: Path) -> Picture | None:
    """Front matter `cover:`: a picture beside the rules text, found and checked."""
    try:
        return rules_pictures(rules)(name, f"{check.doc.source}:{check.doc.line(('cover',))} cover")
    except InputError as error:
        check.fail(("cover",), str(error).split(": ", 1)[-1])
        return None


def _front_deck(check: Checker, name: str, rules: Path) -> str | None:
    """Front matter `deck:`: a deck by name (the text's own project's decks, then as
    `printgen build NAME` finds it: the current folder's, then printgen's) or a path
    from the rules file's folder, confined to it; the deck file found, so that the deck
    loaded later is the one checked here."""
    if not name.strip():
        check.fail(("deck",), f"expected a deck's name or a path to a deck file, got {name!r}")
        return None
    if is_path(name, DECKS):
        found = _front_file(check, "deck", name, rules, "a deck file", (".yaml", ".yml"))
        return None if found is None else str(found)
    decks = own_decks(rules)
    try:
        if name in decks:
            return str(kept_in(decks[name], DECKS.noun, name))
        return str(find(DECKS, name, near=rules))
    except LinkedOut as error:
        check.fail(("deck",), str(error))
    except InputError:
        names = ", ".join(sorted({*decks, *catalogue(DECKS)})) or "none"
        check.fail(("deck",), f"unknown deck {quoted(name)}; expected one of {names}, or a path to a deck file")
    return None


def own_decks(rules: Path) -> dict[str, Path]:
    """The decks of the project a rules text belongs to (decks/*.yaml in the folder
    holding its decks/), by name; none for a text in no project, or in printgen's own."""
    projects = [home for home in project_folders(rules) if home != real(data_root())]
    folder = projects[0] / "decks" if projects else None
    if folder is None or not folder.is_dir():
        return {}
    return {path.stem: path for path in sorted(folder.glob("*.yaml"))}


def _deck_fonts(check: Checker, name: object, deck: str) -> dict[str, Fonts]:
    """The fonts of the deck that front matter `deck:` names (its file found at deck);
    a deck that does not load is a problem at that key: its first, and how many more."""
    from printgen.spec import load_deck
    try:
        return load_deck(deck).fonts
    except PrintgenError as error:
        problems = str(error).splitlines() or [type(error).__name__]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        check.fail(("deck",), f"{name!r} names a deck that does not load: {problems[0]}{more}; expected "
                              f"a deck that `printgen build` accepts")
        return {}


def _front_file(check: Checker, key: str, name: str, rules: Path, expected: str,
                suffixes: tuple[str, ...] = ()) -> Path | None:
    """A file that front matter `key:` names, from the rules file's folder and never
    outside it (nor its project); nothing of it is read here."""
    if not name:
        return None
    try:
        path = confine(rules, name, key)
    except InputError as error:
        check.fail((key,), str(error))
        return None
    if suffixes and not name.lower().endswith(suffixes):
        check.fail((key,), f"expected {expected} ending in {' or '.join(suffixes)}, got {name!r}")
        return None
    if not path.is_file():
        check.fail((key,), f"expected {expected} beside {rules.name} or below its folder, got {name!r} "
                           f"(not found, or not a regular file)")
        return None
    return path


def split_front_matter(text: str) -> tuple[str | None, str, int]:
    """(front matter as YAML text with the file's line numbers, the body, the number
    of lines before the body); no front matter: (None, text, 0). Lines end at CR LF, CR
    or LF, as an editor counts them; both parts keep the file's own line ends (the YAML
    reader and parse_markdown() each read them as such)."""
    breaks = list(LINE_END.finditer(text))
    starts = [0, *(found.end() for found in breaks)]      # where each line starts
    ends = [found.start() for found in breaks] + [len(text)]
    if text[:ends[0]].strip() != "---":
        return None, text, 0
    for i in range(1, len(starts)):
        if text[starts[i]:ends[i]].strip() == "---":
            return "\n" + text[starts[1]:starts[i]], text[starts[i + 1]:] if i + 1 < len(starts) else "", i + 1
    return None, text, 0


def rules_pictures(path: Path) -> Shelf:
    """The pictures a Markdown file names: beside it or below its folder."""
    return Shelf(path, hint=PICTURE_HINT)


def deal_insert(template: Path, values: dict[str, object]) -> list[Block]:
    """A rules text's deal insert (front matter `deal:`, a Markdown file with
    expressions) filled in with one deal's values and parsed."""
    source = display_path(template)
    text = render(read_text(template, source), values, source)
    return parse_markdown(text, source, rules_pictures(template), empty_headings=False)
