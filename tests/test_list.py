"""printgen list: every deck with its card count and size, then the dice and parts."""

import subprocess
import sys

from printgen.spec import load_deck
from printgen.spec.places import DECKS, catalogue


def test_list_shows_every_deck_its_count_size_and_pieces(cli):
    result = cli("list")
    assert result.status == 0, result.err
    lines = result.out.splitlines()
    for name in catalogue(DECKS):
        deck = load_deck(name)
        line = next(line for line in lines if line.split()[0] == name)
        assert f"{len(deck.cards)} cards" in line and str(deck.size) in line
        for piece in [ref.name for ref in (*deck.dice, *deck.parts)]:
            assert piece in line
    assert "sabacc-62" in catalogue(DECKS) and any(line.startswith("dice: ") and "spike" in line
                                               for line in lines)
    assert any(line.startswith("parts: ") and "solomon-board" in line for line in lines)


def test_list_reads_no_template_and_loads_no_engine():
    """The catalogue reads the deck files only (no template, no font) and loads neither
    the template engine, the font reader nor a renderer, so it starts as lightly as --help."""
    code = ("import contextlib, io, sys\nfrom printgen.cli import main\n"
            "from printgen.reading import files_read\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    status = main(['list'])\n"
            "assert status == 0 and 'sabacc-62' in out.getvalue()\n"
            "print(sorted({p.rsplit('/', 2)[-2] for p in map(str, files_read())}))\n"
            "print(sorted(m for m in ('jinja2', 'fontTools', 'uharfbuzz', 'reportlab', 'PIL', 'printgen.output')"
            " if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    folders, modules = done.stdout.splitlines()[:2]
    assert folders == "['data', 'decks']" and modules == "[]"
