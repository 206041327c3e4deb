"""Deal files (`printgen solve --deck FILE`): text -> a Deal of the rule set."""

from __future__ import annotations

from pathlib import Path

from printgen.deal.formats.textio import parse_deal
from printgen.deal.table.deal import Deal
from printgen.deal.table.rules import RuleSet
from printgen.spec.places import display_path
from printgen.spec.reading import read_text


def load_deal_file(rules: RuleSet, path: Path, rolls: tuple[tuple[int, int], ...] = ()) -> Deal:
    """A deal written as text (see `printgen solve --help`), checked card by card."""
    source = display_path(path)
    return parse_deal(rules, read_text(path, source), source, rolls)
