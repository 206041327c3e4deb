"""The verbs of printgen's command line, in the order --help lists them, each with its
one-line summary: --help shows them without importing any verb's module."""

SUMMARIES = {
    "build": "build a deck: card sheets, PNGs, SVGs, tuck box, dice and parts",
    "list": "list the decks, dice, parts, aids and rules found",
    "new": "start a project: a deck and its templates",
    "calibrate": "print a duplex calibration page",
    "box": "build a deck's box (a tuck box, or a tray and a lid)",
    "rules": "build a folded rules leaflet",
    "booklet": "build a rule booklet of any length, and its reading copy",
    "aid": "build a game's play aids",
    "gallery": "write the proof gallery of the output folder",
    "challenge": "print a booklet of deals to play",
    "dice": "print a set of dice as cube nets",
    "deal": "a deal sheet (or JSON) for one seeded deal",
    "solve": "decide a deal from a text file, or deal number N",
    "census": "win rates of many deals per level",
    "showcase": "pictures of a deck: a fanned hand and a spread",
    "docs": "list or print printgen's documentation pages",
}

# the verbs that only print (a catalogue, a page) and write no file: they run outside
# the output folder's records, so they need not load what keeps them
PRINT_ONLY = frozenset({"list", "docs"})
