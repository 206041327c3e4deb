"""A deck built on A4, then, after a card changed, on Letter: the A4 files are another
job's and stay, byte for byte, but the Letter build says they are out of date, and the
gallery marks them so (their cards folded away) until the deck is built on A4 again.
Built on both papers with no change between, neither is marked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from conftest import FIXTURES

OUT_OF_DATE = "out of date"


def build(cli, deck: Path, out: Path, paper: str):
    result = cli("build", str(deck), "--only", "pdf,png,gallery", "--paper", paper, "--out", str(out))
    assert result.status == 0, result.err
    return result


def marked(out: Path) -> dict[str, bool]:
    """Each home print's print files as the gallery heads them: whether marked out of date."""
    text = (out / "index.html").read_text(encoding="utf-8")
    return {label: bool(mark) for label, mark in
            re.findall(r"<h3[^>]*>Print files, (home print, \w+)( \(out of date\))?</h3>", text)}


def folded(out: Path) -> list[tuple[str, str]]:
    """The home prints whose cards the gallery folds away, with why."""
    text = (out / "index.html").read_text(encoding="utf-8")
    return re.findall(r"<summary>\d+ cards, (home print, \w+) \(([^;]*); click to show\)</summary>", text)


def test_a_papers_files_made_before_a_card_changed_are_marked_out_of_date_until_built_again(cli, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(FIXTURES / "preflight", folder)
    deck, out = folder / "clean.yaml", tmp_path / "out"
    build(cli, deck, out, "a4")
    said = build(cli, deck, out, "letter")
    assert OUT_OF_DATE not in said.err
    assert marked(out) == {"home print, a4": False, "home print, letter": False}

    a4 = (out / "preflight-clean-a4.pdf").read_bytes()
    deck.write_text(deck.read_text(encoding="utf-8").replace("#ff7f0e", "#2ca02c"), encoding="utf-8")
    said = build(cli, deck, out, "letter")
    assert (out / "preflight-clean-a4.pdf").read_bytes() == a4          # kept as it was
    assert "(home print, a4) are out of date" in said.err and "letter) are" not in said.err
    assert marked(out) == {"home print, a4": True, "home print, letter": False}
    assert folded(out) == [("home print, a4", "as the home print, letter drew them, not as these files hold them")]
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page.index("Print files, home print, letter") < page.index("Print files, home print, a4")

    said = build(cli, deck, out, "letter")                              # still out of date
    assert "(home print, a4) are out of date" in said.err
    assert marked(out)["home print, a4"]

    said = build(cli, deck, out, "a4")
    assert OUT_OF_DATE not in said.err
    assert (out / "preflight-clean-a4.pdf").read_bytes() != a4
    assert marked(out) == {"home print, a4": False, "home print, letter": False}


def test_a_deck_given_languages_does_not_call_the_files_it_just_wrote_out_of_date(cli, tmp_path):
    """A deck given `languages:` (or losing them) names its home print's record anew
    ("home print, a4, English"); the record of the build before it names the very
    files this build writes again, so it is not another job's, and no note calls them
    out of date, though a card changed too."""
    folder = tmp_path / "deck"
    shutil.copytree(FIXTURES / "preflight", folder)
    deck, out = folder / "clean.yaml", tmp_path / "out"
    text = deck.read_text(encoding="utf-8")
    build(cli, deck, out, "a4")
    deck.write_text(text.replace("#ff7f0e", "#2ca02c").replace("size: poker", "size: poker\nlanguages: [en, de]"),
                    encoding="utf-8")
    said = build(cli, deck, out, "a4")
    assert OUT_OF_DATE not in said.err
    assert "home print, a4, English" in (out / "index.html").read_text(encoding="utf-8")
    deck.write_text(text, encoding="utf-8")                 # and back: the languages taken out
    said = build(cli, deck, out, "a4")
    assert OUT_OF_DATE not in said.err
    said = build(cli, deck, out, "letter")                  # other paper's files are still another job's
    assert OUT_OF_DATE not in said.err
    deck.write_text(text.replace("#ff7f0e", "#2ca02c"), encoding="utf-8")
    said = build(cli, deck, out, "letter")
    assert "(home print, a4) are out of date" in said.err
