"""Hostile data files, run in a real process (a segfault or a traceback shows there):
exit status 2, one line naming the file, no traceback, nothing written, in bounded time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
DECK = "name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n  - fields: {a: b}\n"
LAUGHS = "".join(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}" if i else "x"] * 9) + "]\n" for i in range(9))


def deck_with(folder: Path, extra: str = "", face: str = FACE) -> Path:
    (folder / "face.yaml").write_text(face, encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text(DECK + extra, encoding="utf-8")
    return path


def run(folder: Path, *args: str) -> subprocess.CompletedProcess:
    out = ["--out", str(folder / "out")] if args[0] != "solve" else []
    return subprocess.run([sys.executable, "-m", "printgen", *args, *out],
                          capture_output=True, text=True, timeout=60, cwd=folder)


CASES = {
    "nested 30,000 deep": ("deck", "extra: " + "[" * 30000 + "]" * 30000 + "\n", "nested more than 64"),
    "nested 2,000 deep": ("deck", "extra: " + "{a: " * 2000 + "b" + "}" * 2000 + "\n", "nested more than 64"),
    "billion laughs": ("deck", LAUGHS, "expands to more than"),
    "python tag": ("deck", "title: !!python/object/apply:os.system ['echo hi']\n", "expected plain YAML"),
    "400-digit length": ("deck", "bleed: 1" + "0" * 400 + "mm\n", "within 10 m"),
    "template tag": ("face", FACE + "  - !!python/name:os.system x\n", "expected plain YAML"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_file_is_one_located_error(tmp_path, case):
    where, text, expected = CASES[case]
    deck = deck_with(tmp_path, text) if where == "deck" else deck_with(tmp_path, face=text)
    result = run(tmp_path, "build", str(deck))
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    line, = result.stderr.strip().splitlines()
    assert expected in line and ".yaml" in line and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_huge_file_is_refused_before_it_is_read(tmp_path):
    deck = deck_with(tmp_path)
    with open(deck, "a", encoding="utf-8") as file:
        file.write("# " + "x" * (9 * 1024 * 1024) + "\n")
    result = run(tmp_path, "build", str(deck))
    assert result.returncode == 2 and "expected a file of at most" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs fifos")
def test_a_fifo_or_device_is_not_read(tmp_path):
    fifo = tmp_path / "deal.txt"
    os.mkfifo(fifo)
    for target in (fifo, Path("/dev/zero")):
        result = run(tmp_path, "solve", "--rules", "pyramid", "--deck", str(target))
        assert result.returncode == 2, result.stderr
        assert "not a regular file" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def private_file(tmp_path: Path) -> Path:
    """A file outside the downloaded deck's folder, standing for the user's own."""
    secret = tmp_path / "private" / "secret.png"
    secret.parent.mkdir()
    from PIL import Image
    Image.new("RGB", (8, 8), "#ff0000").save(secret)
    (tmp_path / "private" / "secret.yaml").write_text(FACE, encoding="utf-8")
    return secret


@pytest.mark.parametrize("label,face,expected", [
    ("image up and out", FACE + "  - {kind: image, src: ../private/secret.png, x: 0mm, y: 0mm, w: 5mm, h: 5mm}\n",
     "lies outside the folder"),
    ("image absolute", FACE + "  - {kind: image, src: SECRET, x: 0mm, y: 0mm, w: 5mm, h: 5mm}\n",
     "lies outside the folder"),
    ("image address", FACE + "  - {kind: image, src: 'http://example.org/a.png', x: 0mm, y: 0mm, w: 5mm, h: 5mm}\n",
     "not an address"),
    ("image in the home folder", FACE + "  - {kind: image, src: ~/secret.png, x: 0mm, y: 0mm, w: 5mm, h: 5mm}\n",
     "'~/secret.png': a ~ is not expanded to a home folder; expected a path relative to the folder of face.yaml, "
     "such as 'secret.png'"),
])
def test_a_file_outside_the_decks_folder_is_never_read(tmp_path, label, face, expected):
    secret = private_file(tmp_path)
    game = tmp_path / "download"
    game.mkdir()
    deck = deck_with(game, face=face.replace("SECRET", str(secret)))
    result = run(game, "build", str(deck))
    assert result.returncode == 2, result.stderr
    line, = result.stderr.strip().splitlines()
    assert expected in line and "face.yaml" in line
    assert not (game / "out").exists()


def test_a_template_path_outside_is_refused_without_showing_its_content(tmp_path):
    private_file(tmp_path)
    game = tmp_path / "download"
    game.mkdir()
    deck = deck_with(game)
    deck.write_text(deck.read_text().replace("face: face.yaml", "face: ../private/secret.yaml")
                    .replace("back: face.yaml", "back: ../../../../../../etc/passwd"), encoding="utf-8")
    result = run(game, "build", str(deck))
    assert result.returncode == 2
    assert "lies outside the folder" in result.stderr and "root:" not in result.stderr


@pytest.mark.parametrize("name", ["../../escaped", "", "a/b", ".hidden", "x" * 200])
def test_output_names_from_data_are_plain_file_names(tmp_path, name):
    deck = deck_with(tmp_path)
    deck.write_text(deck.read_text().replace("name: t", f"name: '{name}'"), encoding="utf-8")
    result = run(tmp_path, "build", str(deck))
    assert result.returncode == 2, result.stderr
    line, = result.stderr.strip().splitlines()
    assert "deck.yaml:1 name" in line
    assert not (tmp_path / "out").exists() and not (tmp_path.parent / "escaped").exists()


def test_text_fields_must_be_text(tmp_path):
    deck = deck_with(tmp_path, "title: [a, b]\n")
    result = run(tmp_path, "build", str(deck))
    assert result.returncode == 2 and "title: expected text, got" in result.stderr


@pytest.mark.parametrize("expression,expected", [
    ("{{ 7 ** 100000000 }}", "too large a number"),
    ("{{ 'x' * 100000000 }}", "more than 100000"),
    ("{% for a in range(100000) %}{% for b in range(100000) %}.{% endfor %}{% endfor %}", "loops of more than"),
    ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(1) }}", "recursion"),
])
def test_a_greedy_template_expression_is_a_located_error_at_once(tmp_path, expression, expected):
    face = FACE + f"  - {{kind: text, text: \"{expression}\", x: 0mm, y: 0mm, w: 10mm, h: 10mm}}\n"
    result = run(tmp_path, "build", str(deck_with(tmp_path, face=face)))
    assert result.returncode == 2, result.stderr[-300:]
    line, = result.stderr.strip().splitlines()
    assert "face.yaml:3" in line and expected in line
    assert not (tmp_path / "out").exists()


def text_face(text: str, extra: str = "") -> str:
    return FACE + f"  - {{kind: text, text: \"{text}\", x: 2mm, y: 2mm, w: 40mm, h: 20mm{extra}}}\n"


@pytest.mark.parametrize("label,deck_extra,face,expected", [
    ("count of ten million", "", None, "more than 100,000 cards"),
    ("each product of 10^8", "", None, "more than 100,000 cards"),
    ("bleed larger than the card", "bleed: 100mm\n", None, "expected a bleed of at most"),
    ("safe zone past the centre", "safe: 40mm\n", None, "expected a safe zone less than half"),
    ("text size 1e8 pt", "", text_face("x", ", size: 99999pt"), "within 10 m"),
    ("text size 2000 pt", "", text_face("x", ", size: 2000pt"), "expected a text size"),
    ("NaN line height", "", text_face("x", ", line_height: nan"), "expected a number from 0.5 to 5"),
    ("negative line height", "", text_face("x", ", line_height: -2"), "expected a number from 0.5 to 5"),
    ("Devanagari the bundled fonts lack", "", text_face("नमस्ते"), "has a glyph for"),
    ("private-use character", "", text_face("a\ue000b"), "has a glyph for"),
])
def test_a_value_out_of_bounds_is_refused(tmp_path, label, deck_extra, face, expected):
    deck = deck_with(tmp_path, deck_extra, face=face or FACE)
    text = deck.read_text(encoding="utf-8")
    if label == "count of ten million":
        text = text.replace("  - fields: {a: b}\n", "  - fields: {a: b}\n    count: 10000000\n")
    if label == "each product of 10^8":
        values = "[" + ", ".join(str(i) for i in range(100)) + "]"
        text = text.replace("  - fields: {a: b}\n", "  - each: {a: V, b: V, c: V, d: V}\n".replace("V", values))
    deck.write_text(text, encoding="utf-8")
    result = run(tmp_path, "build", str(deck))
    assert result.returncode == 2, (label, result.stderr[-300:])
    line, = result.stderr.strip().splitlines()
    assert expected in line, line
    assert not (tmp_path / "out").exists()


def test_a_huge_picture_is_refused_before_it_is_drawn(tmp_path):
    from PIL import Image
    Image.new("1", (20000, 20000)).save(tmp_path / "big.png")            # 400 million pixels, a small file
    face = FACE + "  - {kind: image, src: big.png, x: 0mm, y: 0mm, w: 5mm, h: 5mm}\n"
    result = run(tmp_path, "build", str(deck_with(tmp_path, face=face)))
    assert result.returncode == 2, result.stderr[-300:]
    line, = result.stderr.strip().splitlines()
    assert "big.png" in line and "pixels" in line and "Traceback" not in result.stderr


def test_an_xlsx_zip_bomb_is_refused_before_it_is_unpacked(tmp_path):
    """200 MB of zeros packed into 200 KB: refused by its declared unpacked size."""
    import zipfile
    with zipfile.ZipFile(tmp_path / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * 200_000_000)
    deck = deck_with(tmp_path)
    deck.write_text(DECK.replace("cards:\n  - fields: {a: b}\n", "cards: cards.xlsx\n"), encoding="utf-8")
    result = run(tmp_path, "build", str(deck))
    assert result.returncode == 2, result.stderr[-500:]
    line, = result.stderr.strip().splitlines()
    assert "deck.yaml:5" in line and "cards.xlsx: unpacks to 200,000,000 bytes" in line
    assert not (tmp_path / "out").exists()
