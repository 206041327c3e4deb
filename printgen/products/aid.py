"""Play aids from a data file in decks/aids/: one PDF with a Stance aid per player,
then the shared Fatigue track and its counters."""

from __future__ import annotations

from pathlib import Path

from printgen.errors import InputError
from printgen.layout.aid import fatigue_page, stance_page
from printgen.model import Paper
from printgen.render.pdf import render_pdf
from printgen.spec.aid import load_aid
from printgen.spec.places import AIDS, find


def build_aid(name: str, *, players: int, paper: Paper, out: Path | None) -> Path:
    """Lay out every page first, then write one PDF."""
    path = find(AIDS, name)
    aid, (low, high) = load_aid(path)
    if not low <= players <= high:
        raise InputError(f"--players: {aid.title} is for {low} to {high} players, got {players}")
    pages = [stance_page(aid, n, paper) for n in range(1, players + 1)]
    pages.append(fatigue_page(aid, players, paper))
    folder = out if out is not None else Path("output") / path.stem
    return render_pdf(pages, folder / f"{path.stem}-aids-{players}p-{paper.name}.pdf",
                      title=f"{aid.title} play aids")
