"""The pixels of the distinct pictures one build reads are bounded together
(build_picture_pixels, printgen/buildpixels.py): each picture is counted once, from
its header before its data is read; the picture past the bound is named with the
total, on one line, and nothing is written. The count is one build's: each build in
a process counts every picture it reads, whatever an earlier build read."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

import printgen.buildpixels

BOUND = 1_000            # pixels: two pictures of 20 x 20 (400 each) fit, a third does not


@pytest.fixture(autouse=True)
def small_bound(monkeypatch):
    monkeypatch.setattr(printgen.buildpixels, "MAX_PIXELS", BOUND)


def deck_of(folder: Path, pictures: list[str], *, languages: str = "") -> Path:
    """A deck of one card a picture, in the order given (a name may come again), each
    picture drawn from the field `art`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "face.yaml").write_text("elements:\n  - {kind: image, src: '{{ card.art }}', x: 5mm, y: 5mm, "
                                      "w: 20mm, h: 20mm}\n", encoding="utf-8")
    (folder / "back.yaml").write_text("elements: []\n", encoding="utf-8")
    cards = "".join(f"  - fields: {{art: {name}}}\n" for name in pictures)
    deck = folder / "deck.yaml"
    deck.write_text(f"name: d\nsize: poker\n{languages}face: face.yaml\nback: back.yaml\n"
                    f"fields: {{art: ''}}\ncards:\n{cards}", encoding="utf-8")
    return deck


def picture(path: Path, colour: str, size: tuple[int, int] = (20, 20)) -> None:
    Image.new("RGB", size, colour).save(path)


def cut_short(path: Path, size: tuple[int, int]) -> None:
    """A PNG whose header says size, its pixel data one row long: damaged, once it is read."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size[0], size[1], 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(bytes(1 + 3 * size[0]))) + chunk(b"IEND", b""))


def refused(cli, deck: Path, out: Path, *args: str) -> str:
    result = cli("build", str(deck), "--out", str(out), *args)
    assert result.status == 2 and "Traceback" not in result.err, result.err
    line, = result.err.strip().splitlines()
    assert not out.exists(), sorted(out.rglob("*"))
    return line


def test_the_picture_that_takes_the_builds_pictures_past_the_bound_is_named_with_the_total(cli, tmp_path):
    for name, colour in [("a.png", "red"), ("b.png", "green"), ("c.png", "blue")]:
        picture(tmp_path / name, colour)
    line = refused(cli, deck_of(tmp_path, ["a.png", "b.png", "a.png", "c.png"]), tmp_path / "out")
    assert "face.yaml" in line and "'c.png'" in line and "'a.png'" not in line, line
    assert "20 x 20 pixels" in line and "1,200 pixels" in line and f"more than {BOUND:,}" in line, line


def test_a_picture_placed_on_many_cards_counts_once(cli, tmp_path):
    picture(tmp_path / "a.png", "red")
    picture(tmp_path / "b.png", "green")
    result = cli("build", str(deck_of(tmp_path, ["a.png", "b.png"] * 10)), "--out", str(tmp_path / "out"),
                 "--only", "pdf")
    assert result.status == 0, result.err


def test_pictures_are_counted_from_their_headers_before_their_data_is_read(cli, tmp_path):
    """A picture of a few bytes may say it holds millions of pixels (each within the
    bound of one picture): it is refused for them before its data is read, so that
    reading it costs nothing."""
    picture(tmp_path / "a.png", "red")
    cut_short(tmp_path / "huge.png", (5000, 5000))       # (damaged: said so only once it is read)
    line = refused(cli, deck_of(tmp_path, ["a.png", "huge.png"]), tmp_path / "out")
    assert "'huge.png'" in line and "5000 x 5000 pixels" in line and "25,000,400 pixels" in line, line


def test_each_build_counts_its_own_pictures(cli, tmp_path):
    """Two decks of two pictures each, built in one process (as a watch rebuilds, or
    --all builds deck after deck): each build fits the bound alone."""
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        picture(tmp_path / folder / "a.png", "red")
        picture(tmp_path / folder / "b.png", "green")
        result = cli("build", str(deck_of(tmp_path / folder, ["a.png", "b.png"])), "--out",
                     str(tmp_path / folder / "out"), "--only", "pdf")
        assert result.status == 0, result.err


def test_a_build_counts_the_pictures_an_earlier_build_in_the_process_read(cli, tmp_path):
    """What a process keeps of a picture (its size, the template naming it) from an
    earlier build does not spare it from the count: the same deck is refused alike
    built twice."""
    for name, colour in [("a.png", "red"), ("b.png", "green"), ("c.png", "blue")]:
        picture(tmp_path / name, colour)
    deck = deck_of(tmp_path, ["a.png", "b.png", "c.png"])
    first = refused(cli, deck, tmp_path / "out")
    assert refused(cli, deck, tmp_path / "out") == first


def test_each_language_of_lang_all_counts_its_own_pictures(cli, tmp_path):
    """--lang all builds each language as a build of its own: English reads a and b,
    German b and c (four pictures, each build's two within the bound); a German
    build of three is refused, naming the language."""
    for name, colour in [("a.png", "red"), ("b.png", "green"), ("c.png", "blue"), ("d.png", "white")]:
        picture(tmp_path / name, colour)
    deck = deck_of(tmp_path, [], languages="languages: [en, de]\n")
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text + "  - fields: {art: a.png, art@de: b.png}\n  - fields: {art: b.png, art@de: c.png}\n",
                    encoding="utf-8")
    result = cli("build", str(deck), "--lang", "all", "--out", str(tmp_path / "out"), "--only", "pdf")
    assert result.status == 0, result.err
    deck.write_text(deck.read_text(encoding="utf-8") + "  - fields: {art: a.png, art@de: d.png}\n", encoding="utf-8")
    line = refused(cli, deck, tmp_path / "out2", "--lang", "all", "--only", "pdf")
    assert "--lang de" in line and "'d.png'" in line and "1,200 pixels" in line, line
