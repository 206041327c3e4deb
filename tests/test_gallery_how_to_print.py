"""The gallery says under a home print's files which file holds the card sheets and
how to print it, for the duplex that build used; a build with no card sheets says
nothing of them."""

from __future__ import annotations

import html
import re

import pytest


def said_under(page: str, label: str) -> str:
    """The paragraph right under the heading "Print files, LABEL", or ""."""
    found = re.search(rf"<h3[^>]*>Print files, {re.escape(label)}</h3>\n(?:<p class=\"how\">([^<]*)</p>)?", page)
    assert found, label
    return html.unescape(found[1] or "")


@pytest.mark.parametrize(("duplex", "label", "words"), [
    ("long", "home print, letter",
     ["sabacc-62-letter.pdf on both sides", "flipped on the long edge", '(100 %, not "fit to page")']),
    ("short", "home print, letter, duplex short",
     ["sabacc-62-letter-short.pdf on both sides", "flipped on the short edge", "actual size"]),
    ("fold", "home print, letter, duplex fold",
     ["sabacc-62-letter-fold.pdf on one side of the paper only", "actual size", "fold each sheet"]),
    ("none", "home print, letter, duplex none",
     ["sabacc-62-letter-unmirrored.pdf has each back at its face's own place", "--duplex long"]),
])
def test_a_home_print_says_which_file_to_print_and_how(cli, tmp_path, duplex, label, words):
    result = cli("build", "sabacc-62", "--paper", "letter", "--duplex", duplex, "--only", "pdf,gallery",
                 "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    said = said_under((tmp_path / "index.html").read_text(encoding="utf-8"), label)
    for word in words:
        assert word in said, said


def test_a_build_with_no_card_sheets_says_nothing_of_them(cli, tmp_path):
    result = cli("build", "sabacc-62", "--only", "box,gallery", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert said_under((tmp_path / "index.html").read_text(encoding="utf-8"), "home print, a4") == ""


def test_the_contents_link_each_decks_print_files(cli, tmp_path):
    """The print files come after every card of a deck: the contents link each build's
    print files by their heading, out of date or not, each link to a heading there is."""
    for paper, duplex in (("a4", "long"), ("letter", "short")):
        result = cli("build", "sabacc-62", "--paper", paper, "--duplex", duplex, "--only", "pdf,png,gallery",
                     "--out", str(tmp_path), "-q")
        assert result.status == 0, result.err
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    contents = page[page.index("<nav>"):page.index("</nav>")]
    links = re.findall(r'<a href="#([^"]+)">print files, ([^<]+)</a>', contents)
    headings = dict((anchor, label) for anchor, label in
                    re.findall(r'<h3 id="([^"]+)">Print files, ([^<(]+?)(?: \(out of date\))?</h3>', page))
    assert sorted(label for _, label in links) == ["home print, a4", "home print, letter, duplex short"]
    assert all(headings.get(anchor) == html.unescape(label) for anchor, label in links), (links, headings)
    assert len(set(headings)) == len(headings) == 2
    # the contents run in two columns: a deck's entry, with its print files under it, is
    # kept in one (a single deck's links were split from its name across the two)
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", page[page.index("<style"):page.index("</style>")])
    assert any(re.fullmatch(r"\s*nav > ul > li\s*", where) and "break-inside: avoid" in what
               for where, what in rules), rules
