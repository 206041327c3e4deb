"""printgen showcase: a fanned hand and a spread of chosen cards, transparent around
the cards, the same bytes every run, the chosen cards (and the back) visible."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

DECK = "standard-54"


@pytest.fixture(scope="module")
def pictures(tmp_path_factory) -> Path:
    from printgen.cli import main
    out = tmp_path_factory.mktemp("showcase")
    assert main(["showcase", DECK, "--cards", "1,14,27,40", "--dpi", "100", "--out", str(out), "-q"]) == 0
    assert main(["build", DECK, "--only", "png", "--out", str(out / "build"), "-q"]) == 0
    return out


def opaque_runs(image: Image.Image, y: int) -> list[tuple[int, int]]:
    """The spans of the row y where the picture is opaque."""
    alpha = image.getchannel("A")
    runs, start = [], None
    for x in range(image.width):
        solid = alpha.getpixel((x, y)) > 200
        if solid and start is None:
            start = x
        if not solid and start is not None:
            runs.append((start, x))
            start = None
    return runs + ([(start, image.width)] if start is not None else [])


def test_the_spread_shows_each_chosen_card_then_the_back_at_the_asked_dpi(pictures):
    with Image.open(pictures / f"{DECK}-spread.png") as spread:
        assert spread.mode == "RGBA" and spread.getpixel((0, 0))[3] == 0
        runs = opaque_runs(spread, round(spread.height * 0.3))
    assert len(runs) == 5                                 # four faces and the back
    widths = {b - a for a, b in runs}
    assert max(widths) - min(widths) <= 1
    assert max(widths) == pytest.approx(63.5 / 25.4 * 100, abs=2)    # poker width at 100 dpi


def test_the_cards_are_the_decks_own(pictures):
    """The back's centre and an ace's index corner have the colours of the built PNGs."""
    with Image.open(pictures / f"{DECK}-spread.png") as spread:
        y = round(spread.height * 0.3)
        runs = opaque_runs(spread, y)
        back_x = (runs[-1][0] + runs[-1][1]) // 2
        top = next(t for t in range(spread.height) if spread.getpixel((back_x, t))[3] > 200)
        back_centre = spread.convert("RGB").getpixel((back_x, top + round(88.9 / 25.4 * 100 / 2)))
    with Image.open(pictures / "build" / "png" / "back.png") as built:
        expected = built.convert("RGB").getpixel((built.width // 2, built.height // 2))
    assert all(abs(a - b) <= 24 for a, b in zip(back_centre, expected))


def test_the_hand_fans_out_and_the_bytes_repeat(pictures, tmp_path):
    from printgen.cli import main
    with Image.open(pictures / f"{DECK}-hand.png") as hand:
        assert hand.mode == "RGBA" and hand.getpixel((0, 0))[3] == 0
        assert hand.width > 2.2 * 63.5 / 25.4 * 100              # fanned, not stacked
        assert hand.getpixel((hand.width // 2, hand.height // 2))[3] == 255
    assert main(["showcase", DECK, "--cards", "1,14,27,40", "--dpi", "100", "--out", str(tmp_path), "-q"]) == 0
    for name in (f"{DECK}-hand.png", f"{DECK}-spread.png"):
        assert (tmp_path / name).read_bytes() == (pictures / name).read_bytes()


@pytest.mark.parametrize("args, message", [
    (["--cards", "0"], "--cards: expected numbers from 1 to 54 (the deck's cards), got '0'"),
    (["--cards", "1-13"], "--cards: at most 12 cards, got '1-13'"),
    (["--cards", "one"], "--cards: expected card numbers like 1,14,27-29, got 'one'"),
    (["--cards", "50-60"], "--cards: expected numbers from 1 to 54 (the deck's cards), got '50-60'"),
    (["--dpi", "5000"], "--dpi: expected 50 to 300, got 5000"),
])
def test_bad_choices_are_one_line_and_write_nothing(cli, tmp_path, args, message):
    result = cli("showcase", DECK, *args, "--out", str(tmp_path / "out"))
    assert result.status == 2
    assert result.err.strip().splitlines() == [f"printgen: error: {message}"]
    assert not (tmp_path / "out").exists()


def test_a_deck_in_several_languages_shows_its_cards_in_the_one_asked_or_in_each(cli, tmp_path):
    """--lang de draws the German cards (the example deck's amber lanterns are
    'Bernstein' there) into the German pictures' names; --lang all draws each language
    into its own folder, the same bytes as each alone; a language the deck is not
    printed in is one line, nothing written."""
    from exampledeck import EXAMPLE
    deck = str(EXAMPLE / "lantern-pairs.yaml")
    choose = ["--cards", "1,9", "--dpi", "60", "-q"]
    assert cli("showcase", deck, *choose, "--out", str(tmp_path / "en")).status == 0
    assert cli("showcase", deck, *choose, "--lang", "de", "--out", str(tmp_path / "de")).status == 0
    german = (tmp_path / "de" / "lantern-pairs-de-spread.png").read_bytes()
    assert german != (tmp_path / "en" / "lantern-pairs-spread.png").read_bytes()
    assert cli("showcase", deck, *choose, "--lang", "all", "--out", str(tmp_path / "all")).status == 0
    for lang, name in (("en", "lantern-pairs"), ("de", "lantern-pairs-de")):
        for picture in ("hand", "spread"):
            assert (tmp_path / "all" / name / f"{name}-{picture}.png").read_bytes() == \
                (tmp_path / lang / f"{name}-{picture}.png").read_bytes()
    result = cli("showcase", deck, "--lang", "fr", "--out", str(tmp_path / "fr"))
    assert result.status == 2 and len(result.err.strip().splitlines()) == 1 and "fr" in result.err
    assert not (tmp_path / "fr").exists()
