"""What the README and `printgen docs two-sided` tell someone printing both sides at
home: the calibration command as shown follows the paper setting (a US reader who has
exported PRINTGEN_PAPER=letter and copies it gets a Letter sheet), and the steps for
turning a stack by hand: mark it, print the odd pages, turn it about the long edge,
print the even pages in the order the marked sheet calls for."""

from __future__ import annotations

import re

from conftest import ROOT

README = ROOT / "README.md"
PAGE = ROOT / "docs" / "two-sided.md"


def printing_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Printing a deck at home")
    return " ".join(text[start:text.index("\n## ", start + 1)].split())


def test_the_calibrate_command_shown_follows_the_paper_setting(cli, tmp_path, monkeypatch):
    shown = re.findall(r"^    printgen (calibrate[^#\n]*)", README.read_text(encoding="utf-8"), re.M)
    assert shown, "the README shows a calibrate command"
    for command in shown:
        assert "--paper" not in command, command
    monkeypatch.setenv("PRINTGEN_PAPER", "letter")
    monkeypatch.chdir(tmp_path)
    assert cli(*shown[0].split(), "-q").status == 0
    assert [p.name for p in (tmp_path / "output").glob("*.pdf")] == ["calibrate-letter-long.pdf"]


def test_the_readme_tells_a_hand_flipper_how_to_feed_the_stack_back():
    text = printing_section()
    for said in ("Pencil a small arrow", "Print the odd pages only", "turn it over about its long edge",
                 "still pointing in", "Print the even pages", "in reverse order", "printgen docs two-sided",
                 "TURN CHECK"):
        assert said in text, said


def test_the_two_sided_page_says_why_each_step_is_needed():
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    for said in ("the fronts are the odd pages and the backs the even ones",
                 "the same end of the sheet goes in first",
                 "For `--duplex short`, turn it end over end instead",
                 "the marked sheet may be at either end",
                 "shows through inside the front's TURN CHECK box",
                 "in the box diagonally across"):
        assert said in text, said
