"""Which way round a text's language sets its quotation marks.

UAX #14 reads a quotation mark that a space stands beside by its Unicode category:
an initial mark (“, « and their single forms, U+2018 and U+2039) as opening, and a
final one (”, » and theirs, U+2019 and U+203A) as closing, the way English and French
set them. Many languages set some of them the other way round, and printgen reads
each mark as the text's language sets it:

- “ closes a quotation opened by „ in Bulgarian, Croatian, Czech, Estonian, Georgian,
  German, Icelandic, Lithuanian, Macedonian, Russian, Serbian, Slovak, Slovenian and
  Ukrainian, and its single form (U+2018) closes one opened by the single low mark
  (U+201A) in Croatian, Czech, Estonian, German, Icelandic, Macedonian, Slovak and
  Slovenian: the quotation marks of the Unicode CLDR's delimiters data (version 45);
- » opens a quotation and « closes it (and so their single forms) in Croatian, Czech,
  Danish, German and Hungarian, but German in Switzerland and Liechtenstein (de-CH,
  de-LI), which sets «…» as French does.

A language not named here keeps UAX #14's reading.
"""

from __future__ import annotations

from functools import lru_cache

# the languages whose left double quotation mark closes, and whose left single one does
# (CLDR's quotationEnd and alternateQuotationEnd); those whose guillemets point inward
LOW_NINE = frozenset(("bg", "cs", "de", "et", "hr", "is", "ka", "lt", "mk", "ru", "sk", "sl", "sr", "uk"))
LOW_NINE_SINGLE = frozenset(("cs", "de", "et", "hr", "is", "mk", "sk", "sl"))
INWARD = frozenset(("cs", "da", "de", "hr", "hu"))
OUTWARD = frozenset(("de-ch", "de-li"))     # German where «…» is set as in French

# each mark as a mark UAX #14 reads in the same role: the low marks open (U+201E and
# U+201A, class OP), the final ones close (U+201D and U+2019)
CLOSING_DOUBLE, CLOSING_SINGLE, OPENING_DOUBLE, OPENING_SINGLE = "\u201d", "\u2019", "\u201e", "\u201a"


def subtags(lang: str) -> tuple[str, str]:
    """A BCP 47 code's language and region, in lower case ("de-Latn-AT": "de", "at")."""
    parts = lang.lower().replace("_", "-").split("-")
    region = next((part for part in parts[1:] if len(part) == 2 or (len(part) == 3 and part.isdigit())), "")
    return parts[0], region


@lru_cache(maxsize=64)
def turned(lang: str) -> dict[int, str]:
    """A str.translate() table putting for each mark the language sets the other way
    round from UAX #14 one UAX #14 reads in that mark's role; {} for a language that
    sets none so."""
    language, region = subtags(lang)
    table: dict[int, str] = {}
    if language in LOW_NINE:
        table[ord("\u201c")] = CLOSING_DOUBLE          # left double quotation mark
    if language in LOW_NINE_SINGLE:
        table[ord("\u2018")] = CLOSING_SINGLE          # left single quotation mark
    if language in INWARD and f"{language}-{region}" not in OUTWARD:
        table.update({ord("\u00bb"): OPENING_DOUBLE, ord("\u203a"): OPENING_SINGLE,       # pointing right
                      ord("\u00ab"): CLOSING_DOUBLE, ord("\u2039"): CLOSING_SINGLE})      # pointing left
    return table


def as_read(text: str, lang: str) -> str:
    """text with its quotation marks as UAX #14 would read them in their roles in lang."""
    table = turned(lang)
    return text.translate(table) if table else text
