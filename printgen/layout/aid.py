"""Play aid pages: each page of an aid is its template laid out on the whole sheet,
once, or once per player with that player's number and colour."""

from __future__ import annotations

from printgen.layout.face import context_for, layout_side
from printgen.layout.page import Clip, Frame, Page, Placed, Side
from printgen.model import Paper
from printgen.model.aid import Aid


def aid_pages(aid: Aid, players: int, paper: Paper) -> list[Page]:
    """Every page of the aid for this many players, in the order the file lists them."""
    sheet = paper.landscape() if aid.landscape else paper
    frame = Frame(sheet.width, sheet.height, 0.0, sheet.margin)
    colors = list(aid.player_colors[:players])
    data = {"title": aid.title, **aid.fields}
    pages = []
    for page in aid.pages:
        template = page.template
        for number in range(1, players + 1) if page.per_player else [0]:
            player = {"player": {"number": number, "color": colors[number - 1]}} if number else {}
            context = context_for(frame, template, aid=data, players=players, player_colors=colors, **player)
            subject = f"{template.name} of {aid.where}" + (f", player {number}" if number else "")
            side = Side(template.name, subject, frame, layout_side(template, frame, context, subject))
            pages.append(Page(sheet.width, sheet.height, (Placed(side, 0.0, 0.0, clip=Clip.NONE),)))
    return pages
