"""One deck in several languages: which text a build in a language takes.

A deck names its languages (`languages: [en, de]`, the first the language its plain
text is written in, or `lang: de` for a deck in one language). Any text may then
carry a version per language beside it, its key or column name followed by `@` and
the language: `title@de:` beside `title:`, a card table's column `name@de` beside
`name`, a field `word@de:` beside `word:`. A build in German takes `name@de` where
there is one and `name` where there is none (text the same in every language,
numbers say, needs no copy); an empty `name@de` (a card table's cell, or a YAML
text) beside a `name` that is not empty is a missing translation, an error naming
its row or line, and so is a `name` translated into other languages of the deck
(`name@fr`) but not into German. A rules text's translation
is a file beside it, the language after a dash: `rules/pairs-de.md` beside
`rules/pairs.md`; one missing is an error.

The words printgen writes itself (the box's back text, a booklet's "Contents", a card
sheet's caption) come from printgen/data/languages.yaml; a language that table lacks
gets the English words and a note.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.builtin import data_dir
from printgen.errors import InputError, quoted, shown
from printgen.frozen import frozen
from printgen.model.captions import Captions
from printgen.model.text import UNPRINTED, prints
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file
from printgen.words import joined

DEFAULT = "en"
CODE = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")      # de, en, pt-BR, zh-Hant
# Codes of countries often written for their language, which are no language's code
# (ISO 639 gives none of them), as (the country, the language's code, its name).
COUNTRIES = {"jp": ("Japan", "ja", "Japanese"), "cn": ("China", "zh", "Chinese"), "gr": ("Greece", "el", "Greek"),
             "cz": ("Czechia", "cs", "Czech"), "dk": ("Denmark", "da", "Danish"), "ua": ("Ukraine", "uk", "Ukrainian"),
             "vn": ("Vietnam", "vi", "Vietnamese"), "il": ("Israel", "he", "Hebrew"), "ir": ("Iran", "fa", "Persian"),
             "us": ("the United States", "en", "English"), "gb": ("the United Kingdom", "en", "English")}
WORD_KEYS = ["name", "box_back", "contents", "notes", "tuck_box", "two_piece_box", "dice"]
CAPTION_KEYS = ["faces", "backs", "faces_and_backs", "sheet", "front", "back", "long_turn",
                "short_turn"]       # Captions' fields
NUMBERS = ("{number}", "{total}")          # what a language's `sheet` words hold


@frozen
class Words:
    """The words printgen writes itself in one language (languages.yaml)."""

    lang: str
    name: str                  # the language's own name: "Deutsch"
    box_back: str              # Jinja2 over deck.*
    contents: str
    notes: str                 # the heading of a text's notes
    tuck_box: str
    two_piece_box: str         # a tray and a lid
    dice: str
    captions: Captions         # a card sheet's caption: "faces", "sheet 1 of 4"


def split_key(key: str) -> tuple[str, str | None]:
    """"name@de" -> ("name", "de"); "name" -> ("name", None)."""
    base, at, lang = key.rpartition("@")
    return (base, lang) if at and base else (key, None)


def is_code(text: object) -> bool:
    return isinstance(text, str) and CODE.fullmatch(text) is not None     # (not match: "$" lets "de\n" by)


@lru_cache(maxsize=1)
def _table() -> dict[str, Words]:
    path = data_dir() / "languages.yaml"
    doc = load_file(path)
    check = Checker(doc)
    table = {}
    keys = WORD_KEYS + CAPTION_KEYS
    for lang, raw in check.mapping(doc.data, (), list(doc.data or {})).items():
        data = check.mapping(raw, (lang,), keys, required=keys)
        texts = {key: check.text(data.get(key), (lang, key)) for key in keys}
        if not all(texts["sheet"].count(number) == 1 for number in NUMBERS):
            check.fail((lang, "sheet"), f"expected the words for 'sheet N of M' holding {{number}} and {{total}} "
                                        f"once each, got {texts['sheet']!r}")
        for key in ("front", "back"):
            if texts[key].count("{turn}") != 1:
                check.fail((lang, key), f"expected the words for a two-sided sheet's {key} holding {{turn}} "
                                        f"once, got {texts[key]!r}")
        table[lang] = Words(lang, texts["name"], texts["box_back"], texts["contents"], texts["notes"], texts["tuck_box"],
                            texts["two_piece_box"], texts["dice"], Captions(*(texts[key] for key in CAPTION_KEYS)))
    check.raise_errors()
    return table


def words(lang: str) -> Words:
    """printgen's own words in lang: the table's for lang, else for its main language
    (pt for pt-BR), else English (see missing_words)."""
    table = _table()
    main = lang.split("-")[0]
    return table.get(lang) or table.get(main) or table[DEFAULT]


def missing_words(lang: str) -> str | None:
    """The note for a language printgen's table lacks (None when it has it)."""
    table = _table()
    if lang in table or lang.split("-")[0] in table:
        return None
    return (f"printgen has no words in {lang!r} for the text it writes itself (the box's back text, a "
            f"booklet's contents, the sheets' captions, the notes' heading of a card or leaflet); they are in English (its languages: {', '.join(table)})")


def language_name(lang: str) -> str:
    """The language's own name where printgen knows it ("Deutsch"), else its code."""
    known = words(lang)
    return known.name if missing_words(lang) is None else lang


def untranslated(key: str, text: object, fields: Mapping[Any, object]) -> str | None:
    """The error for `key` (`name@de`, of fields: a mapping's keys or a card table's
    columns) holding text left empty, or holding only marks that print nothing (a
    RIGHT-TO-LEFT MARK), beside a version of it that is not (`name`, `name@fr`): a
    missing translation, never printed blank; None where it is not one."""
    base = split_key(key)[0]
    if not isinstance(text, str) or prints(text):
        return None
    others = [str(other) for name, other in fields.items() if str(name) != key and split_key(str(name))[0] == base
              and other is not None and not isinstance(other, (dict, list)) and prints(str(other))]
    if not others:
        return None
    marks = sorted({f"U+{ord(ch):04X}" for ch in text if unicodedata.category(ch) in UNPRINTED})
    what = f"only {joined(marks)} (marks that print nothing)" if marks else "empty"
    return (f"{what}, while {base} is {quoted(others[0])}; expected its translation (the same text again where "
            f"it needs none)")


def localise(check: Checker, value: Mapping[str, Any], path: tuple, lang: str,
             languages: tuple[str, ...]) -> dict[str, Any]:
    """The mapping as a build in lang sees it: `key@lang` taken for `key`, every other
    `key@xx` left out; `@xx` for a language the deck does not name, a key that has
    versions in other languages but neither in lang nor a plain one, a key translated
    into other languages but not into lang (lacking()), and a `key@lang` text left empty
    beside one that is not (untranslated()), are errors."""
    result: dict[str, Any] = {}
    versions: dict[str, set[str | None]] = {}
    for key, item in value.items():
        base, code = split_key(str(key))
        if code is not None and code not in languages:
            check.fail(path + (key,), f"{code!r} is not one of the deck's languages ({', '.join(languages)}); "
                                      f"expected {base}@LANG with LANG one of them")
            continue
        empty = untranslated(str(key), item, value) if code == lang else None
        if empty:
            check.fail(path + (key,), empty)
        versions.setdefault(base, set()).add(code)
        if code == lang or (code is None and base not in result):
            result[base] = item
    for base, codes in versions.items():
        if None not in codes and lang not in codes:
            check.fail(path, f"{base!r} has no {lang} version (it has {', '.join(sorted(map(str, codes)))}); "
                             f"expected {base}@{lang} or a plain {base}", block=False)
        elif lacking(codes, lang, languages):
            plain = value.get(base)
            text = quoted(str(plain)) if isinstance(plain, (str, int, float)) else base
            check.fail(path + (base,), f"{text} is translated into {_listed(codes, languages)} but not into "
                                       f"{lang}; expected {base}@{lang} beside it (the same text again where it "
                                       f"needs no translation)")
    return result


def lacking(codes: set[str | None], lang: str, languages: tuple[str, ...]) -> bool:
    """Whether a text with a plain version and versions in codes (None: the plain one)
    misses its translation into lang: it is translated into another of the deck's
    languages but not into lang, which is not the deck's own. A text with no version
    in any other language is the same in every one (a number, a word they share)."""
    return (lang != languages[0] and lang not in codes and None in codes
            and any(code not in (None, lang) for code in codes))


def _listed(codes: set[str | None], languages: tuple[str, ...]) -> str:
    """The languages of codes, in the deck's order: "de and ar"."""
    return joined([code for code in languages if code in codes])


def check_columns(names: list[str], lang: str, languages: tuple[str, ...], where: str) -> None:
    """A card table's header row (at where, its file and line) for a build in lang:
    `@xx` for a language the deck does not name, a field with versions in other
    languages but neither in lang nor a plain one, and a field translated into other
    languages but not into lang (lacking()), are errors (InputError)."""
    for name in names:
        base, code = split_key(name)
        if code is not None and code not in languages:
            raise InputError(f"{where} {name}: {code!r} is not one of the deck's languages "
                             f"({', '.join(languages)}); expected a column {base}@LANG with LANG one of them")
    present = set(names)
    absent = sorted(base for base in {split_key(name)[0] for name in names}
                    if base not in present and f"{base}@{lang}" not in present)
    if absent:
        missing = ", ".join(f"no column {base}@{lang} nor {base}" for base in absent)
        raise InputError(f"{where} {', '.join(absent)}: {missing}; expected one of "
                         f"{'them' if len(absent) == 1 else 'each pair'} for a build in {lang}")
    versions: dict[str, set[str | None]] = {}
    for name in names:
        base, code = split_key(name)
        versions.setdefault(base, set()).add(code)
    short = [(base, codes) for base, codes in versions.items() if lacking(codes, lang, languages)]
    if short:
        bases = [base for base, _ in short]
        into = _listed(set().union(*(codes for _, codes in short)), languages)
        one = len(short) == 1
        raise InputError(f"{where} {', '.join(bases)}: the {'column is' if one else 'columns are'} translated into "
                         f"{into} but not into {lang}; expected {'a column' if one else 'columns'} "
                         f"{joined([f'{base}@{lang}' for base in bases])} (the same text again where it needs "
                         f"no translation)")


def localise_row(fields: dict[str, str], lang: str, where: str) -> dict[str, str]:
    """A card table row's fields as a build in lang sees them (its header passed
    check_columns(), so every version is of a language the deck names and each field
    has one for lang), raising InputError at the row: an empty `name@lang` cell beside
    a `name` that is not empty is a missing translation."""
    result: dict[str, str] = {}
    for key, text in fields.items():
        base, code = split_key(key)
        if code == lang:
            empty = untranslated(key, text, fields)
            if empty:
                raise InputError(f"{where} {key}: {empty}")
            result[base] = text
        elif code is None:
            result.setdefault(base, text)
    return result


def translated_file(path: Path, lang: str, base: str) -> Path:
    """A rules text's version in lang: the file itself in the deck's own language,
    else NAME-LANG.md beside it (InputError where there is none)."""
    if lang == base:
        return path
    found = path.with_name(f"{path.stem}-{lang}{path.suffix}")
    if not found.is_file():
        raise InputError(f"{path.name}: no {lang} version of this rules text; expected {found.name} beside it "
                         f"(or leave out rules with --only)")
    return found


def country(code: str) -> str | None:
    """The problem with a code that is a country's, not a language's (`jp` for Japan,
    where Japanese is `ja`); None for any other."""
    named = COUNTRIES.get(code.split("-")[0])
    if named is None:
        return None
    place, language, name = named
    return (f"{code!r} is the code of {place}, a country, not of a language; expected {language}, the code of "
            f"{name}")


def check_languages(check: Checker, lang: Any, languages: Any) -> tuple[str, ...]:
    """The deck's languages, its own first, from its `lang:` and `languages:` keys."""
    if lang is not None and not is_code(lang):
        check.fail(("lang",), f"expected a language code such as en, de or pt-BR, got {lang!r}")
        lang = None
    if lang is not None and country(lang):
        check.fail(("lang",), str(country(lang)))
        lang = None
    if languages is None:
        return (lang or DEFAULT,)
    if not isinstance(languages, list) or not languages:
        check.fail(("languages",), f"expected a list of language codes such as [en, de], got {shown(languages)}")
        return (lang or DEFAULT,)
    if not all(is_code(code) for code in languages):
        for i, code in enumerate(languages):
            if not is_code(code):
                check.fail(("languages", i), f"expected a language code such as en, de or pt-BR, got {shown(code)}")
        return (lang or DEFAULT,)
    for i, code in enumerate(languages):
        if country(code):
            check.fail(("languages", i), str(country(code)))
    if any(country(code) for code in languages):
        return (lang or DEFAULT,)
    if len(set(languages)) != len(languages):
        check.fail(("languages",), f"expected each language once, got {shown(languages)}")
    if lang is not None and lang not in languages:
        check.fail(("lang",), f"expected one of the deck's languages ({', '.join(languages)}), got {lang!r}")
        return tuple(languages)
    first = lang or languages[0]
    return (first, *(code for code in languages if code != first))


def file_name(name: str, lang: str, languages: tuple[str, ...]) -> str:
    """The deck's name as its files carry it: with the language, but for its own."""
    return name if lang == languages[0] else f"{name}-{lang}"
