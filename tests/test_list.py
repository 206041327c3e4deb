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


def test_a_rules_texts_translations_are_listed_with_it(cli, tmp_path, monkeypatch):
    """NAME-LANG.md beside NAME.md is NAME's version in LANG (how a deck in several
    languages finds its rules): listed with its text, not as a rules text of its own;
    a name whose ending is no language code stays a text of its own."""
    rules = tmp_path / "decks" / "rules"
    rules.mkdir(parents=True)
    for name in ("lumen", "lumen-ar", "lumen-pt-BR", "lumen-extra"):
        (rules / f"{name}.md").write_text("# Lumen\n\nPlay.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = cli("list")
    assert result.status == 0, result.err
    listed = next(line for line in result.out.splitlines() if line.startswith("rules: "))
    texts = listed.removeprefix("rules: ").split(", ")
    assert "lumen (local; also in ar" in texts and "pt-BR)" in texts and "lumen-extra (local)" in texts
    assert not any(text.startswith(("lumen-ar", "lumen-pt")) for text in texts)
    assert "jedi-temple" in texts
