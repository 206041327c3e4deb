"""How a leaflet's type is made smaller to fit is folds.yaml's `smaller`, not the code's:
the steps tried, the smallest body, where one side gives way to two, and the smallest
type any text on a panel is set in, read back from the laid-out panels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printgen.errors import SpecError
from printgen.layout.primitives import TextRun
from printgen.model import Duplex
from printgen.products.rules import RulesBuild, find_rules, layout_rules
from printgen.spec import fold
from printgen.spec.printdata import paper

FOLIO = re.compile(r"^\d+ / \d+$")
DEFAULT = """smaller:
  step: 0.5pt
  least_body: 8pt
  one_side: 8.5pt
  least: 6.5pt
"""


@pytest.fixture
def folds(tmp_path, monkeypatch):
    """Write a folds.yaml whose `smaller` is the given text, read in place of printgen's."""
    original = fold.folds_file().read_text(encoding="utf-8")
    end = original.index("colors:")
    start = original.find("smaller:") if "smaller:" in original else end

    def write(smaller: str) -> None:
        path = tmp_path / "folds.yaml"
        path.write_text(original[:start] + smaller + original[end:], encoding="utf-8")
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
    folds(DEFAULT)
    steps = fold.fold_facts().smaller
    assert (steps.step, steps.least_body, steps.one_side, steps.least) == (0.5, 8.0, 8.5, 6.5)
    leaflet = one_side("jedi-duel", tmp_path)
    assert leaflet.body == 8.0 and folio_sizes(leaflet) == {6.5}


def test_other_steps_in_folds_yaml_set_the_leaflet(folds, tmp_path):
    """Quarter-point steps down to 8 pt: Jedi Duel fits one side at a body on that grid,
    larger than 8 pt or not; its folio is held at the smallest type given, 7 pt."""
    folds("smaller:\n  step: 0.25pt\n  least_body: 8pt\n  one_side: 8.5pt\n  least: 7pt\n")
    leaflet = one_side("jedi-duel", tmp_path)
    assert (leaflet.body * 4).is_integer() and 8.0 <= leaflet.body < 9.0
    assert folio_sizes(leaflet) == {7.0}


def test_a_smallest_body_above_the_largest_is_an_error(folds):
    folds("smaller:\n  step: 0.5pt\n  least_body: 10pt\n  one_side: 8.5pt\n  least: 6.5pt\n")
    with pytest.raises(SpecError) as error:
        fold.fold_facts()
    said = str(error.value)
    assert "folds.yaml:" in said and "smaller.least_body" in said and "10pt" in said and "9pt" in said, said


def test_where_one_side_gives_way_to_two_is_the_data_files(folds, tmp_path):
    """Printed on both sides, Jedi Duel takes two sides at 9 pt rather than one at
    8 pt; with one_side at 8 pt, it keeps to one side at 8 pt."""
    build = RulesBuild(out=tmp_path, paper=paper("a4"), duplex=Duplex.LONG)
    folds(DEFAULT)
    leaflet = layout_rules(find_rules("jedi-duel"), build)
    assert (leaflet.sides, leaflet.body) == (2, 9.0)
    folds(DEFAULT.replace("one_side: 8.5pt", "one_side: 8pt"))
    leaflet = layout_rules(find_rules("jedi-duel"), build)
    assert (leaflet.sides, leaflet.body) == (1, 8.0)
