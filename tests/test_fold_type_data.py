"""The type sizes of leaflets and booklets are decks/rules/folds.yaml's, not the code's:
how a leaflet's type is made smaller to fit (`smaller`: the steps tried, the smallest
body, where one side gives way to two, the smallest type on a panel) and a booklet's
body (`booklet`), read back from the laid-out pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from printgen.errors import SpecError
from printgen.layout.primitives import TextRun
from printgen.model import Duplex
from printgen.products.booklet import BookletBuild, lay_out_booklet
from printgen.products.rules import RulesBuild, find_rules, layout_rules
from printgen.spec import fold
from printgen.spec.printdata import paper
from printgen.units import pt

FOLIO = re.compile(r"^\d+ / \d+$")
DEFAULT = {"step": "0.5pt", "least_body": "8pt", "one_side": "8.5pt", "least": "6.5pt"}


@pytest.fixture
def folds(tmp_path, monkeypatch):
    """Write a copy of folds.yaml with the given top-level keys set, read in place of
    printgen's."""
    original = yaml.safe_load(fold.folds_file().read_text(encoding="utf-8"))

    def write(**keys: object) -> None:
        path = tmp_path / "folds.yaml"
        path.write_text(yaml.safe_dump({**original, **keys}, sort_keys=False), encoding="utf-8")
        monkeypatch.setattr(fold, "folds_file", lambda: path)
        fold.fold_facts.cache_clear()

    yield write
    fold.fold_facts.cache_clear()


def one_side(game: str, out: Path):
    return layout_rules(find_rules(game), RulesBuild(out=out, paper=paper("a4"), duplex=Duplex.NONE))


def folio_sizes(leaflet) -> set[float]:
    return {run.size for page in leaflet.pages for placed in page.placed for run in placed.side.prims
            if isinstance(run, TextRun) and FOLIO.match(run.text)}


def test_the_built_in_steps_are_the_data_files(folds, tmp_path):
    """Jedi Duel on one side needs 8 pt body: its folio, 6.5 pt at 9 pt, would be 5.8 pt
    scaled with it, and is held at the smallest type, 6.5 pt."""
    folds(smaller=DEFAULT)
    steps = fold.fold_facts().smaller
    assert (steps.step, steps.least_body, steps.one_side, steps.least) == (0.5, 8.0, 8.5, 6.5)
    leaflet = one_side("jedi-duel", tmp_path)
    assert leaflet.body == 8.0 and folio_sizes(leaflet) == {6.5}


def test_other_steps_in_folds_yaml_set_the_leaflet(folds, tmp_path):
    """Quarter-point steps down to 8 pt: Jedi Duel fits one side at a body on that grid,
    larger than 8 pt or not; its folio is held at the smallest type given, 7 pt."""
    folds(smaller={**DEFAULT, "step": "0.25pt", "least": "7pt"})
    leaflet = one_side("jedi-duel", tmp_path)
    assert (leaflet.body * 4).is_integer() and 8.0 <= leaflet.body < 9.0
    assert folio_sizes(leaflet) == {7.0}


def test_a_smallest_body_above_the_largest_is_an_error(folds):
    folds(smaller={**DEFAULT, "least_body": "10pt"})
    with pytest.raises(SpecError) as error:
        fold.fold_facts()
    said = str(error.value)
    assert "folds.yaml:" in said and "smaller.least_body" in said and "10pt" in said and "9pt" in said, said


def test_where_one_side_gives_way_to_two_is_the_data_files(folds, tmp_path):
    """Printed on both sides, Jedi Duel takes two sides at 9 pt rather than one at
    8 pt; with one_side at 8 pt, it keeps to one side at 8 pt."""
    build = RulesBuild(out=tmp_path, paper=paper("a4"), duplex=Duplex.LONG)
    folds(smaller=DEFAULT)
    leaflet = layout_rules(find_rules("jedi-duel"), build)
    assert (leaflet.sides, leaflet.body) == (2, 9.0)
    folds(smaller={**DEFAULT, "one_side": "8pt"})
    leaflet = layout_rules(find_rules("jedi-duel"), build)
    assert (leaflet.sides, leaflet.body) == (1, 8.0)


def body_sizes(pages) -> list[float]:
    """The sizes of the text runs on a booklet's text pages, most used first (the body)."""
    sizes = [run.size for page in pages[2:] for placed in page.placed for run in placed.side.prims
             if isinstance(run, TextRun)]
    return sorted(set(sizes), key=lambda size: -sizes.count(size))


@pytest.mark.parametrize("booklet,width,body", [
    ({"body": "10pt", "width": "148mm", "least_body": "8pt"}, 139.0, 9.5),      # printgen's: A5 from A4
    ({"body": "10pt", "width": "148mm", "least_body": "8pt"}, 95.5, 8.0),       # A6 from A4: 6.5 pt, held at 8
    ({"body": "12pt", "width": "120mm", "least_body": "8pt"}, 139.0, 12.0),
    ({"body": "12pt", "width": "120mm", "least_body": "8pt"}, 95.5, 9.5),       # 12 x 95.5 / 120, to the half point
    ({"body": "10pt", "width": "148mm", "least_body": "9pt"}, 95.5, 9.0),
])
def test_a_booklets_body_is_folds_yamls(folds, tmp_path, booklet, width, body):
    """The size most of the text pages' words are set in, by the page's width."""
    folds(booklet=booklet)
    made = lay_out_booklet(find_rules("kerton-sabacc"), pt(width), pt(width * 1.37),
                           BookletBuild(out=tmp_path, paper=paper("a4"), size="a6" if width < 100 else "a5"))
    assert body_sizes(made.reading)[0] == body
