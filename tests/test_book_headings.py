"""Headings as a reader meets them, read back from the PDFs printgen writes (each
line's words, size, face and colour, and each picture, by pdfplumber): a heading, or
a lead-in (a paragraph or list item ending in ":" before a list or a
picture), is never left at a page's foot with fewer than two lines of what
follows under it, a picture counting whole; the six heading levels are each set in a
size and face of their own, in booklets and leaflets; and a booklet's running head
follows the sections of its text (`##` under a single `#` title)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image
from test_book import page_style

SENTENCE = "Every player draws a card and passes the rest of the hand to the left."


@dataclass(frozen=True)
class Read:
    """A line of the text block (its words, size, face and colour) or a picture."""

    text: str
    size: float = 0.0
    face: str = ""
    colour: tuple[float, ...] = ()

    @property
    def picture(self) -> bool:
        return self.text == "[picture]"


def read_booklet(path: Path) -> list[tuple[str, list[Read]]]:
    """Each page of a booklet's reading copy: its running head ("" for none) and its
    text block's lines and pictures, top to bottom (the running head above the text
    block and the folio below it, as the house style places them, left out)."""
    found = []
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages:
            style = page_style(float(page.width), float(page.height))
            head, items = "", []
            for line in page.extract_text_lines(return_chars=True):
                if line["bottom"] < style.top:
                    head = line["text"]
                elif line["top"] < style.height - style.bottom:
                    char = line["chars"][0]
                    items.append((line["top"], Read(line["text"], round(char["size"], 2),
                                                    char["fontname"].split("+")[-1],
                                                    tuple(char["non_stroking_color"] or ()))))
            items += [(image["top"], Read("[picture]")) for image in page.images]
            found.append((head, [item for _, item in sorted(items, key=lambda pair: pair[0])]))
    return found


def left_alone(pages: list[tuple[str, list[Read]]], headings: set[str]) -> list[str]:
    """Each heading or lead-in line (one ending in ":") under which fewer than two
    lines of what follows, or no picture, stand on its page, while more of the text
    follows on the next pages; as "page N: its text"."""
    found = []
    for n, (head, items) in enumerate(pages):
        later = any(items for _, items in pages[n + 1:])
        if not head:                        # the cover or a contents page
            continue
        for k, item in enumerate(items):
            if item.text not in headings and not item.text.endswith(":"):
                continue
            counted = 0
            for after in items[k + 1:]:
                counted += 2 if after.picture else 0 if after.text in headings else 1
            if counted < 2 and later:
                found.append(f"page {n + 1}: {item.text}")
    return found


def keeps_text(folder: Path, parts: int = 36) -> tuple[Path, set[str]]:
    """folder/keeps.md: sections whose filler grows part by part, so that their
    headings and lead-ins fall at every height of a page: a lead-in before a picture, a
    lead-in before a list, a heading right before a picture, a heading over a one-line
    paragraph, and a heading over a list whose first item leads in to a sub-list. Its
    headings' words."""
    Image.new("RGB", (150, 90), "#b03a2e").save(folder / "icon.png")
    lines, headings = ["# Keeps"], {"Keeps"}
    for k in range(parts):
        lines += [f"## Part {k}", " ".join([SENTENCE] * (1 + k % 5))]
        form = k % 5
        if form == 0:
            lines += ["A small picture of the coin:", "![A coin](icon.png)"]
        elif form == 1:
            lines += ["Each player takes:", "- a board\n- six cubes\n- three coins"]
        elif form == 2:
            lines += [f"### Coin {k}", "![A coin](icon.png)"]
            headings.add(f"Coin {k}")
        elif form == 3:
            lines += [f"### Short {k}", "Keep it short.", SENTENCE]
            headings.add(f"Short {k}")
        else:
            lines += [f"### Box {k}", "- 110 cards:\n  - 60 goods\n  - 50 others\n- a road board"]
            headings.add(f"Box {k}")
        headings.add(f"Part {k}")
    path = folder / "keeps.md"
    path.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    return path, headings


@pytest.mark.parametrize(("size", "paper"), [("poker", "a4"), ("a5", "letter")])
def test_no_heading_or_lead_in_is_left_at_a_pages_foot(cli, tmp_path, size, paper):
    text, headings = keeps_text(tmp_path)
    out = tmp_path / "out"
    result = cli("booklet", str(text), "--size", size, "--paper", paper, "--out", str(out), "-q")
    assert result.status == 0, result.err
    pages = read_booklet(out / f"keeps-booklet-{size}-{paper}-reading.pdf")
    read = [item.text for _, items in pages for item in items]
    assert read.count("[picture]") == 15 and sum(text.endswith(":") for text in read) == 22   # all there
    assert left_alone(pages, headings) == []


def test_the_reviewers_pocket_booklet_keeps_its_headings(cli, tmp_path):
    """The heading over "110 cards:" and its sub-list, and a heading over a one-line
    lead-in and a picture: at the foot of a poker page both were left with one line."""
    Image.new("RGB", (60, 60), "#b03a2e").save(tmp_path / "icon.png")
    filler = "\n\n".join([SENTENCE * 2] * 4)
    text = tmp_path / "pocket.md"
    text.write_text(f"# Pocket\n\n{SENTENCE * 4}\n\n{SENTENCE}\n\n## What's in the box\n\n- 110 cards:\n"
                    f"  - 60 Goods cards (five suits: Salt, Silk, Spice, Copper, Glass)\n  - 24 Weather cards\n"
                    f"- 5 caravan boards\n\n{filler}\n\n{SENTENCE}\n\n## Pictures of play\n\n"
                    f"A small icon on its own:\n\n![Coin icon](icon.png)\n\nThe end.\n", encoding="utf-8")
    out = tmp_path / "out"
    assert cli("booklet", str(text), "--size", "poker", "--out", str(out), "-q").status == 0
    pages = read_booklet(out / "pocket-booklet-poker-a4-reading.pdf")
    assert left_alone(pages, {"Pocket", "What's in the box", "Pictures of play"}) == []


LEVELS = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]


def levels_text(folder: Path) -> Path:
    path = folder / "levels.md"
    path.write_text("\n\n".join(f"{'#' * (k + 1)} {name}\n\n{SENTENCE}" for k, name in enumerate(LEVELS)) + "\n",
                    encoding="utf-8")
    return path


def word_looks(path: Path) -> dict[str, tuple[float, str, tuple[float, ...]]]:
    """Each word of a PDF's first page (a booklet's first text page): its size, face and
    colour, as printed where it is largest (a heading, not a running head)."""
    with pdfplumber.open(str(path)) as pdf:
        page = pdf.pages[0] if len(pdf.pages) == 1 else pdf.pages[2]
        words = page.extract_words(extra_attrs=["size", "fontname", "non_stroking_color"])
        return {word["text"]: (round(word["size"], 2), word["fontname"].split("+")[-1],
                               tuple(word["non_stroking_color"] or ()))
                for word in sorted(words, key=lambda word: word["size"])}


@pytest.mark.parametrize("product", ["booklet", "rules"])
def test_every_heading_level_has_a_look_of_its_own(cli, tmp_path, product):
    """Markdown's six heading levels, in a booklet and on a leaflet: no two in the same
    size and face, and none set as the body is (size, face and colour)."""
    out = tmp_path / "out"
    assert cli(product, str(levels_text(tmp_path)), "--out", str(out), "-q").status == 0
    looks = word_looks(next(out.glob("*.pdf")) if product == "rules" else out / "levels-booklet-a5-a4-reading.pdf")
    headings = [looks[name][:2] for name in LEVELS]
    assert len(set(headings)) == 6, headings
    assert looks["player"] not in [looks[name] for name in LEVELS]
    assert [size for size, _ in headings] == sorted((size for size, _ in headings), reverse=True)


def sections_text(folder: Path, titles: list[str]) -> Path:
    """Headings (Markdown, "## Alpha"), each over paragraphs enough to fill pages."""
    body = "\n\n".join([SENTENCE * 3] * 9)
    path = folder / "sections.md"
    path.write_text("---\ntitle: The Game\n---\n\n" + "\n\n".join(f"{title}\n\n{body}" for title in titles) + "\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("titles", "level"), [
    (["# Rules", "## Alpha", "## Bravo", "### Aside", "## Charlie", "## Delta"], "##"),   # a # title over ## sections
    (["## Alpha", "## Bravo", "### Aside", "## Charlie"], "##"),                          # no # at all
    (["# Alpha", "## Aside", "# Bravo", "## Other", "# Charlie"], "#"),                  # # sections
])
def test_the_running_head_follows_the_texts_sections(cli, tmp_path, titles, level):
    """A right-hand (odd) page's running head is the first section heading that starts
    on it, else the last one before it, else the book's title; a left-hand page's, the
    book's title."""
    out = tmp_path / "out"
    assert cli("booklet", str(sections_text(tmp_path, titles)), "--size", "a6", "--out", str(out), "-q").status == 0
    pages = read_booklet(out / "sections-booklet-a6-a4-reading.pdf")
    sections = {title.split(" ", 1)[1] for title in titles if title.split(" ")[0] == level}
    current, checked = "The Game", 0
    for number, (head, items) in enumerate(pages, start=1):
        if not head:                                        # the cover and contents
            continue
        starting = [item.text for item in items if item.text in sections]
        current = starting[0] if starting else current
        assert head == (current if number % 2 else "The Game"), (number, head)
        current = starting[-1] if starting else current
        checked += bool(number % 2 and head != "The Game")
    assert checked >= 3


def lead_in_tables_text(folder: Path, parts: int = 30) -> Path:
    """folder/tables.md: sections whose filler grows part by part, so that a lead-in
    before a table falls at every height of a page."""
    lines = ["# Scores"]
    for k in range(parts):
        lines += [f"## Round {k}", " ".join([SENTENCE] * (1 + k % 6)), "Each card scores:",
                  "| Card | Points |\n|---|---:|\n| Ace | 11 |\n| King | 4 |\n| Queen | 3 |"]
    path = folder / "tables.md"
    path.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("size", ["poker", "a6"])
def test_a_lead_in_keeps_a_tables_header_and_first_row(cli, tmp_path, size):
    out = tmp_path / "out"
    result = cli("booklet", str(lead_in_tables_text(tmp_path)), "--size", size, "--out", str(out), "-q")
    assert result.status == 0, result.err
    pages = read_booklet(out / f"tables-booklet-{size}-a4-reading.pdf")
    read = [item.text for _, items in pages for item in items]
    assert read.count("Each card scores:") == 30 and read.count("Card Points") >= 30
    assert left_alone(pages, {"Scores", *(f"Round {k}" for k in range(30))}) == []
    for _, items in pages:                       # the header and a row under it, on the lead-in's page
        texts = [item.text for item in items]
        for k, text in enumerate(texts):
            if text == "Each card scores:":
                assert texts[k + 1:k + 3] == ["Card Points", "Ace 11"]


def glossary_text(folder: Path, terms: int = 30) -> Path:
    """folder/glossary.md: a section of one line for each of many terms."""
    lines = ["# Glossary", "Words used in the rules, one line each."]
    for k in range(terms):
        lines += [f"## Term {k}", f"What term {k} means, in a line."]
    path = folder / "glossary.md"
    path.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("size", ["poker", "a6"])
def test_a_chain_of_one_line_sections_does_not_pull_pages_over(cli, tmp_path, size):
    """A heading keeps its one-line section, the whole of it, and not the next heading
    too (which would keep the next section, and so on down the text): the pages fill,
    each ends with a section's line, never a heading, and every section is whole."""
    out = tmp_path / "out"
    assert cli("booklet", str(glossary_text(tmp_path)), "--size", size, "--out", str(out), "-q").status == 0
    pages = [items for head, items in read_booklet(out / f"glossary-booklet-{size}-a4-reading.pdf") if head]
    texts = [[item.text for item in items] for items in pages]
    assert [text for page in texts for text in page if text.startswith("Term ")] == [f"Term {k}" for k in range(30)]
    for page in texts:
        assert page[-1].endswith("in a line.") or page[-1].endswith("each.")
        for k, text in enumerate(page):
            if text.startswith("Term "):
                assert page[k + 1] == f"What term {text.split()[1]} means, in a line."
    most = max(len(page) for page in texts)
    assert all(len(page) >= most - 2 for page in texts[:-1])      # none left short but the last
