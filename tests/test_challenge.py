"""Challenge booklets: cover + one sheet per deal + solutions, deals of one difficulty."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdfread import words

from printgen.deal import rate, solve
from printgen.products.challenge import ChallengeBuild, build_challenge
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data
from printgen.spec.printdata import paper

COUNT, STARS, START = 3, 1, 4


def booklet(out: Path, jobs: int = 1) -> tuple[Path, list]:
    options = ChallengeBuild(paper(paper_name := "a4"), COUNT, level="knight", start=START,
                             difficulty=STARS, out=out / f"booklet-{paper_name}.pdf", quiet=True,
                             jobs=jobs)
    path, deals, _ = build_challenge(options)
    return path, deals


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return booklet(tmp_path_factory.mktemp("booklet"))


@pytest.fixture(scope="module")
def built_texts(built):
    """Each page's text of the built booklet, read once for the tests that read it."""
    return tuple(words(built[0]))


def test_cover_sheets_then_solutions(built, built_texts):
    _, deals = built
    texts = built_texts
    assert "Jedi Temple challenges" in texts[0]
    assert f"{COUNT} deals · Jedi Knight" in texts[0] and "Joseph Kramer" in texts[0]
    # the level named once by the subtitle and once by its rules line ("The designers' Jedi
    # Knight level: ..."), not a third time before that line ("Jedi Knight: The designers' ...")
    assert texts[0].count("Jedi Knight") == 2, texts[0]
    assert "Set up a real deck from its setup order and play it at the level" in " ".join(texts[0].split())
    sheets = texts[1:1 + COUNT]
    assert [re.search(r"deal (\d+)", t).group(1) for t in sheets] == [str(w.deal.number) for w in deals]
    assert all("Setup order" in t for t in sheets)
    solutions = texts[1 + COUNT:]
    assert solutions and all(t.startswith("Solutions") for t in solutions)
    headings = re.findall(r"Jedi Temple deal (\d+), Jedi Knight: \d+ moves(?! \(continued)",
                          "\n".join(solutions))
    assert sorted(headings, key=int) == [str(w.deal.number) for w in deals]   # columns interleave
    for sheet, worked in zip(sheets, deals):
        page = int(re.search(r"Solution: page (\d+)", sheet).group(1))
        assert re.search(rf"deal {worked.deal.number}, Jedi Knight: \d+ moves(?! \(continued)", texts[page - 1])


def test_a_pyramid_cover_names_its_level_once_and_calls_itself_no_sheet(tmp_path):
    """The cover's subtitle names the level; the level's rules line and the credit,
    shared with the deal sheets, do not name it again or call the booklet a sheet."""
    options = ChallengeBuild(paper("a4"), 1, rules="pyramid", level="standard", out=tmp_path / "b.pdf",
                             quiet=True, jobs=1)
    path, _, _ = build_challenge(options)
    cover = words(path)[0]
    assert "1 deal · Standard" in cover and cover.count("Standard") == 1, cover
    assert "this sheet" not in cover.lower(), cover


def _kinds(texts: list[str]) -> list[str]:
    """Each page as cover, deal, notes or solutions."""
    def kind(text: str) -> str:
        if text.startswith("Solutions"):
            return "solutions"
        if text.startswith("Notes"):
            return "notes"
        return "deal" if "Setup order" in text else "cover"
    return [kind(t) for t in texts]


def test_printed_on_both_sides_the_solutions_start_a_sheet(tmp_path, built_texts):
    """Printed two-sided, no sheet carries a deal on one side and solutions on the
    other: an even count of deals (cover + 2 deals = 3 pages) is followed by a page
    for notes, so the solutions start on an odd page; an odd count needs none. The
    sheets' "Solution: page N" still point at their deal's solution."""
    even, deals, pages = build_challenge(ChallengeBuild(paper("a4"), 2, level="knight", out=tmp_path / "even.pdf",
                                                        quiet=True, jobs=1))
    even_texts = words(even)
    for texts, count in ((even_texts, 2), (built_texts, COUNT)):
        kinds = _kinds(texts)
        assert kinds[:1 + count] == ["cover"] + ["deal"] * count
        first = kinds.index("solutions")
        assert first % 2 == 0 and kinds[first:] == ["solutions"] * (len(kinds) - first)   # page first + 1 is odd
        assert kinds[1 + count:first] == ["notes"] * (count % 2 == 0)
        for k in range(0, len(kinds), 2):
            assert set(kinds[k:k + 2]) != {"deal", "solutions"}, (k + 1, kinds)
    texts = even_texts
    assert len(texts) == pages and "left for your notes" in " ".join(texts[3].split())
    for sheet, worked in zip(texts[1:3], deals):
        page = int(re.search(r"Solution: page (\d+)", sheet).group(1))
        assert page >= 5                       # past the notes page
        assert re.search(rf"deal {worked.deal.number}, Jedi Knight: \d+ moves(?! \(continued)", texts[page - 1])


def test_only_deals_of_the_asked_difficulty(built, built_texts):
    _, deals = built
    expected, number = [], START
    while len(expected) < COUNT:
        deal = jedi_deal(number)
        if rate(deal, "knight", model_data()).stars == STARS and solve(deal, "knight").winnable:
            expected.append(number)
        number += 1
    assert [w.deal.number for w in deals] == expected
    texts = built_texts
    stars = "★" * STARS + "☆" * (5 - STARS)
    assert all(f"Difficulty {stars}" in t for t in texts[1:1 + COUNT])


def test_same_options_same_bytes_whatever_the_jobs(tmp_path, built):
    """Rated in two processes, the same deals in the same order: the same bytes."""
    again, _ = booklet(tmp_path, jobs=2)
    assert again.read_bytes() == built[0].read_bytes()


@pytest.mark.parametrize("args, message", [
    (["--count", "x"], "--count: expected a whole number from 1 to 500, got 'x'"),
    (["--count", "0"], "--count: expected a whole number"),
    (["--difficulty", "6"], "--difficulty: expected a whole number from 1 to 5, got '6'"),
    (["--level", "youngling"], "--level: expected one of padawan, knight, master, chosen"),
    (["--start", "-4"], "--start: expected a whole number from 1 to 18446744073709551615, got '-4'"),
    (["--jobs", "0"], "--jobs: expected a whole number from 1 to 64, got '0'"),
    (["--difficulty", ""], "--difficulty: expected a whole number from 1 to 5, got ''"),   # not "any"
    (["--level", ""], "--level: expected one of padawan, knight, master, chosen"),        # not the default
])
def test_bad_options_are_one_line_errors(cli, tmp_path, args, message):
    result = cli("challenge", "--out", str(tmp_path), "-q", *args)
    assert result.status == 2
    assert message in result.err and len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err
    assert list(tmp_path.iterdir()) == []



@pytest.mark.parametrize("rules", ["jedi-temple", "pyramid"])
def test_a_booklet_never_goes_past_the_last_deal_number(tmp_path, monkeypatch, rules):
    """From the last deal number, no deal past it is tried (the 64-bit seed would wrap
    to deal 1, 2, ...): the scan stops there and says so."""
    from printgen.errors import InputError
    from printgen.products import challenge
    last, tried = 18446744073709551615, []

    def no_wins(rules_, level, numbers, data, *, stars, jobs):
        tried.extend(numbers)
        return iter(())
    monkeypatch.setattr(challenge, "ratings", no_wins)
    options = ChallengeBuild(paper=paper("a4"), count=1, rules=rules, start=last - 1,
                             out=tmp_path / "b.pdf", quiet=True)
    with pytest.raises(InputError, match=f"among deals {last - 1} to {last} "):
        build_challenge(options)
    assert tried == [last - 1, last] and list(tmp_path.iterdir()) == []


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("where", ["a file as --out", "the user's file at the booklet's name"])
def test_an_output_it_cannot_write_fails_before_any_deal_is_rated(cli, tmp_path, monkeypatch, where):
    """A --out that is a file, or a file printgen did not write at the booklet's name:
    one line, exit 2, nothing written, and no deal rated first (the rating takes
    seconds a deal)."""
    from printgen.products import challenge
    from printgen.products.challenge import default_path
    rated: list[object] = []

    def counted(*args, **kwargs):
        rated.append(args)
        return iter(())
    monkeypatch.setattr(challenge, "ratings", counted)
    monkeypatch.chdir(tmp_path)
    if where == "a file as --out":
        Path("afile").write_text("hi\n")
        out, message = "afile", "afile: is not a folder; expected the output folder"
    else:
        Path("mine").mkdir()
        name = default_path(ChallengeBuild(paper("a4"), 3), "knight").name
        (Path("mine") / name).write_text("my notes\n")
        out, message = "mine", f"{name}: printgen has no record of writing this file"
    before = _files(tmp_path)
    result = cli("challenge", "--count", "3", "--jobs", "1", "--out", out)
    assert result.status == 2 and message in result.err
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert rated == [] and _files(tmp_path) == before


def test_a_booklet_s_file_names_its_paper():
    """The default file of a challenge booklet names its paper, as every other
    product's does, so that an A4 and a Letter booklet of the same deals are two files."""
    from printgen.products.challenge import default_path
    names = {default_path(ChallengeBuild(paper(name), 30, start=1), "knight").name for name in ("a4", "letter")}
    assert names == {"challenge-jedi-temple-knight-30-from-1-a4.pdf", "challenge-jedi-temple-knight-30-from-1-letter.pdf"}
