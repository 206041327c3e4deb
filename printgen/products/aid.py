"""Play aids: an aid file's pages drawn by their templates, one PDF.

An aid is data (decks/aids/NAME.yaml) plus templates, as a deck is: each page of the
aid is one template laid out on the whole sheet, once, or once per player.
"""

from __future__ import annotations

from pathlib import Path

from printgen.errors import InputError
from printgen.layout.face import context_for, layout_side
from printgen.layout.page import Clip, Frame, Page, PageKind, Placed, Side
from printgen.model import Paper
from printgen.model.aid import Aid
from printgen.render.pdf import render_pdf
from printgen.spec.aid import load_aid
from printgen.spec.places import AIDS, find
from printgen.spec.template import load_template


def aid_pages(aid: Aid, players: int, paper: Paper) -> list[Page]:
    """Every page of the aid for this many players, in the order the file lists them."""
    sheet = paper.landscape() if aid.landscape else paper
    frame = Frame(sheet.width, sheet.height, 0.0, sheet.margin)
    colors = list(aid.player_colors[:players])
    data = {"title": aid.title, **aid.fields}
    pages = []
    for page in aid.pages:
        template = load_template(page.template)
        for number in range(1, players + 1) if page.per_player else [0]:
            player = {"player": {"number": number, "color": colors[number - 1]}} if number else {}
            context = context_for(frame, template, aid=data, players=players, player_colors=colors, **player)
            subject = f"{template.name} of {aid.where}" + (f", player {number}" if number else "")
            side = Side(template.name, subject, frame, layout_side(template, frame, context, subject))
            pages.append(Page(sheet.width, sheet.height, (Placed(side, 0.0, 0.0, clip=Clip.NONE),), kind=PageKind.OTHER))
    return pages


def build_aid(name: str, *, players: int, paper: Paper, out: Path | None) -> Path:
    """Lay out every page first, then write one PDF."""
    aid = load_aid(find(AIDS, name))
    if not aid.min_players <= players <= aid.max_players:
        raise InputError(f"--players: {aid.title} is for {aid.min_players} to {aid.max_players} "
                         f"players, got {players}")
    pages = aid_pages(aid, players, paper)
    folder = out if out is not None else Path("output") / aid.name
    return render_pdf(pages, folder / f"{aid.name}-aids-{players}p-{paper.name}.pdf",
                      title=f"{aid.title} play aids")
