"""The gallery says under a home print's files which file holds the card sheets and
how to print it, for the duplex that build used; a build with no card sheets says
nothing of them."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from exampledeck import EXAMPLE
from pypdf import PdfReader


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


def asks_both_sides(pdf: Path) -> bool:
    """Whether the PDF asks the print dialog for both sides of the paper."""
    preferences = PdfReader(pdf).trailer["/Root"].get("/ViewerPreferences") or {}
    return str(preferences.get("/Duplex", "")).startswith("/DuplexFlip")


@pytest.mark.parametrize(("deck", "duplex", "label"), [
    ("standard-54", "long", "home print, a4"),                      # a two-page rules leaflet
    ("coruscant-shift", "long", "home print, a4"),                  # a one-page leaflet only
    (str(EXAMPLE / "lantern-pairs.yaml"), "short", "home print, a4, duplex short, English"),   # a booklet's sheets
    ("standard-54", "fold", "home print, a4, duplex fold"),         # its leaflet one-sided
])
def test_the_files_said_to_print_on_both_sides_are_those_that_ask_for_it(cli, tmp_path, deck, duplex, label):
    """The line names, besides the card sheets, exactly the files whose PDFs ask the
    print dialog for both sides (a booklet's sheets printed on one side make no
    booklet), and speaks of no two-page file the build did not make."""
    result = cli("build", deck, "--duplex", duplex, "--only", "pdf,rules,gallery", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    said = said_under((tmp_path / "index.html").read_text(encoding="utf-8"), label)
    pdfs = sorted(tmp_path.glob("*.pdf"))
    sheets = next(pdf.name for pdf in pdfs if re.search(r"-a4(-short|-fold)?\.pdf$", pdf.name)
                  and "-rules-" not in pdf.name and "-booklet-" not in pdf.name)
    named = set(re.findall(r"[\w.-]+\.pdf", said)) - {sheets}
    assert named == {pdf.name for pdf in pdfs if pdf.name != sheets and asks_both_sides(pdf)}, said
    if "two-page" in said:
        assert any(len(PdfReader(pdf).pages) == 2 for pdf in pdfs if pdf.name != sheets), said


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


def test_the_record_keeps_the_two_sided_files_and_reads_a_strangers_strictly(tmp_path):
    """The record names the two-sided files as the build gave them; an older record,
    without them, reads as not saying; one naming a path outside its folder is ignored."""
    import json

    from printgen.gallery.proof import Proof, read_proof, write_proof

    proof = Proof("deck", "Deck", "home print, a4", (69.85, 95.25), (), ("deck-a4.pdf", "game-rules-poker-a4.pdf"),
                  (), two_sided=("game-rules-poker-a4.pdf",))
    path = write_proof(tmp_path, proof)
    assert read_proof(path) == proof
    data = json.loads(path.read_text(encoding="utf-8"))
    for two_sided, read in ((None, None), (["../elsewhere.pdf"], "ignored"), ("game-rules-poker-a4.pdf", "ignored")):
        data.pop("two_sided", None)
        if two_sided is not None:
            data["two_sided"] = two_sided
        path.write_text(json.dumps(data), encoding="utf-8")
        found = read_proof(path)
        assert (found is None) if read == "ignored" else (found is not None and found.two_sided is None), two_sided
