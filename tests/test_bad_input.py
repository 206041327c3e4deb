"""Every kind of bad input: one located line, exit status 2, no traceback, no file."""

from __future__ import annotations

import pytest

from conftest import FIXTURES

BAD = FIXTURES / "bad"

CASES = {
    # fixture: (what the message must contain)
    "broken-yaml": ["broken-yaml.yaml:7", "broken YAML"],
    "unknown-key": ["unknown-key.yaml:3 colour", "unknown key 'colour'", "accepted keys: name, title"],
    "missing-unit": ["missing-unit.yaml:3 bleed", "'3'", "expected a unit"],
    "unknown-unit": ["unknown-unit.yaml:2 size.height", "unknown unit 'furlongs'", "mm, cm, in, pt"],
    "negative-bleed": ["negative-bleed.yaml:3 bleed", "'-1mm'", "at least 0mm"],
    "missing-template": ["missing-template.yaml:3 face", "'no-such-template' not found",
                         "expected a file no-such-template.yaml"],
    "jinja-error": ["jinja-error.yaml:4 elements[1].text", "no_such_field", "card 1"],
    "missing-image": ["missing-image.yaml:2 elements[0].src", "no-such-image.png", "not found"],
    "card-larger-than-paper": ["card-larger-than-paper.yaml:2 size: a 250 x 320 mm card does not fit on a4 paper"],
    "text-overflow": ["text-overflow.yaml:7 cards[1].fields.name (card 2 'card 2', in ",
                      "text-overflow.yaml:3 elements[0].text",
                      "does not fit", "mm of height"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_deck_is_one_located_error(cli, tmp_path, name):
    out = tmp_path / "out"
    result = cli("build", str(BAD / f"{name}.yaml"), "--out", str(out), "-q")
    assert result.status == 2
    assert "Traceback" not in result.err
    assert result.err.startswith("printgen: error: ")
    for words in CASES[name]:
        assert words in result.err, (words, result.err)
    assert not out.exists() or not any(out.rglob("*.*")), list(out.rglob("*"))


def test_a_card_too_wide_to_fold_beside_its_back_is_located_at_the_deck_s_size(cli, tmp_path):
    """--duplex fold puts each face beside its back: a card that fits a sheet alone but
    not beside its back is the deck's `size` that does not fit, said with its line."""
    deck = tmp_path / "wide.yaml"
    deck.write_text((BAD / "card-larger-than-paper.yaml").read_text().replace("250mm", "150mm")
                    .replace("320mm", "190mm"))
    assert cli("build", str(deck), "--only", "pdf", "--out", str(tmp_path / "a"), "-q").status == 0
    result = cli("build", str(deck), "--only", "pdf", "--duplex", "fold", "--out", str(tmp_path / "b"), "-q")
    assert result.status == 2 and not (tmp_path / "b").exists()
    assert result.err == (f"printgen: error: {deck}:2 size: a 150 x 190 mm card and its back side by side do not "
                          f"fit on a4 paper with a 6 mm fold gutter inside the 5 mm printer margin; use --duplex "
                          f"long or short, or a larger paper\n")


def test_unwritable_output_folder(cli, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = cli("build", "sabacc-62", "--only", "pdf", "--out", str(blocker / "sub"), "-q")
    assert result.status == 2
    assert "cannot create the output folder" in result.err and str(blocker) in result.err
    assert blocker.read_text() == "not a folder"


@pytest.mark.parametrize("args, says", [
    (["build", "no-such-deck"], "unknown deck 'no-such-deck'"),
    (["build", "sabacc-62", "--back-offset", "2,1mm"], "--back-offset: expected a unit"),
    (["build", "sabacc-62", "--only", "pdf,jpg"], "--only: expected outputs from pdf, png, svg, box, parts, rules, gallery"),
    (["build", "missing.yaml"], "missing.yaml: deck file not found"),
])
def test_bad_arguments(cli, tmp_path, args, says):
    result = cli(*args, "--out", str(tmp_path / "o"))
    assert result.status == 2 and says in result.err and "Traceback" not in result.err
    assert not (tmp_path / "o").exists()


def test_usage_errors_exit_2(cli):
    result = cli("build", "sabacc-62", "--paper", "a3")
    assert result.status == 2 and result.err == ("printgen: error: --paper: expected a paper size, "
                                                 "one of a4, letter, got 'a3'\n")
    result = cli("build", "sabacc-62", "--duplex", "sideways")
    assert result.status == 2 and "invalid choice: 'sideways'" in result.err


def test_a_failed_build_leaves_no_temporary_files(cli, tmp_path, monkeypatch):
    import printgen.render.pdf as pdf

    def explode(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pdf, "draw_page", explode)
    result = cli("build", "sabacc-62", "--only", "pdf", "--out", str(tmp_path), "-q")
    assert result.status == 2 and "No space left on device" in result.err
    assert list(tmp_path.iterdir()) == []


GOOD_FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
GOOD_DECK = "name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n  - fields: {a: b}\n"
ONE_LINE_CASES = {
    # what deck.yaml (or face.yaml) holds: the one line printgen must print
    "the deck's face template is missing": ({"deck.yaml": GOOD_DECK.replace("face: face.yaml", "face: nope.yaml")},
                                            "deck.yaml:3 face: template file 'nope.yaml' not found"),
    "a list, not a deck": ({"deck.yaml": "- a\n- b\n"}, "deck.yaml:1: expected a mapping of keys, got a list"),
    "every required key missing": ({"deck.yaml": "title: x\n"},
                                   "deck.yaml:1: missing required keys 'name', 'size', 'face', 'back', 'cards'"),
    "a size of nothing": ({"deck.yaml": GOOD_DECK.replace("size: poker", "size:")},
                          "deck.yaml:2 size: expected a preset (poker, bridge, tarot, mini) or width and height, "
                          "got nothing"),
    "a size that is a list": ({"deck.yaml": GOOD_DECK.replace("size: poker", "size: []")},
                              "deck.yaml:2 size: expected a preset"),
    "an unknown font": ({"face.yaml": "elements:\n  - {kind: text, text: hi, x: 0mm, y: 0mm, w: 9mm, h: 9mm, "
                                      "font: comic}\n"}, "face.yaml:2 elements[0].font"),
    "a label that fails": ({"deck.yaml": GOOD_DECK + "label: '{{ card.name }}'\n"},
                           "deck.yaml:7 label: 'card' is undefined"),
    "a palette colour mistyped": ({"face.yaml": "colors:\n  paper: '#ffffff'\n  star: '#7b4fa'\nelements:\n"
                                                "  - {kind: rect, box: bleed, fill: star}\n"},
                                  "face.yaml:3 colors.star: expected a colour '#rrggbb' (or '#rgb', or none), "
                                  "got '#7b4fa'"),
    "a palette colour unquoted": ({"face.yaml": "colors:\n  star: #7b4fa0\nelements:\n"
                                                "  - {kind: rect, box: bleed, fill: star}\n"},
                                  "face.yaml:2 colors.star: expected a colour '#rrggbb' in quotes"),
}


@pytest.mark.parametrize("case", sorted(ONE_LINE_CASES))
def test_one_root_cause_is_one_located_line(cli, tmp_path, case):
    files, expected = ONE_LINE_CASES[case]
    for name, text in {"deck.yaml": GOOD_DECK, "face.yaml": GOOD_FACE, **files}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = cli("build", str(tmp_path / "deck.yaml"), "--out", str(tmp_path / "out"), "-q")
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert line.startswith("printgen: error: ") and expected in line, line
    assert not (tmp_path / "out").exists()


def test_an_empty_rules_text_is_an_error_not_an_empty_leaflet(cli, tmp_path):
    (tmp_path / "rules.md").write_text("\n   \n", encoding="utf-8")
    result = cli("rules", str(tmp_path / "rules.md"), "--out", str(tmp_path / "out"))
    assert result.status == 2 and "rules.md:1: no rules text" in result.err
    assert not (tmp_path / "out").exists()


def test_several_problems_are_each_a_line_marked_as_printgens_error(cli, tmp_path):
    """A deck with several independent mistakes is told each on its own line, and every
    line says it is printgen's error (before, only the first did)."""
    deck = tmp_path / "two.yaml"
    deck.write_text("name: two\nsize: poker\nbleed: 3mm\nface: f\nback: b\ncards: []\nfoo: 1\nbar: 2\n",
                    encoding="utf-8")
    result = cli("build", str(deck), "--out", str(tmp_path / "out"))
    lines = result.err.strip().splitlines()
    assert result.status == 2 and not (tmp_path / "out").exists()
    assert len(lines) >= 2 and all(line.startswith("printgen: error: ") and "two.yaml:" in line for line in lines), lines
    assert any("'foo'" in line for line in lines) and any("'bar'" in line for line in lines)


@pytest.mark.parametrize(("written", "near"), [("Lumen-Face", "'lumen-face.yaml'"), ("lumen-fase", "'lumen-face.yaml'"),
                                              ("tarot-face", None)])
def test_a_template_named_but_not_found_names_the_template_it_was_likely_meant(cli, tmp_path, monkeypatch,
                                                                               written, near):
    """A template named by its name in other capitals than its file's (found on a system
    that ignores them, as macOS does, and not on Linux) or misspelt: the line names the
    file of templates/ it was likely meant to be, as for a picture or a font; a name
    like none there names none."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "lumen-face.yaml").write_text(GOOD_FACE, encoding="utf-8")
    (tmp_path / "decks" / "deck.yaml").write_text(
        GOOD_DECK.replace("face: face.yaml", f"face: {written}").replace("back: face.yaml", "back: lumen-face"),
        encoding="utf-8")
    result = cli("build", "decks/deck.yaml", "--out", "out", "-q")
    assert result.status == 2 and not (tmp_path / "out").exists()
    line, = result.err.strip().splitlines()
    assert f"decks/deck.yaml:3 face: template '{written}' not found" in line, line
    assert (f"templates/ holds {near}" in line) if near else ("holds" not in line), line
