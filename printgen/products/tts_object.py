"""A Tabletop Simulator saved object: a custom deck pointing at printgen's sheets.

Saved objects are JSON files that Tabletop Simulator lists under Objects > Saved
Objects. The object is a DeckCustom holding one Card per card of the deck. Each
sheet is a CustomDeck entry numbered from 1 (FaceURL: the sheet, BackURL: the back
image, NumWidth x NumHeight: its grid); a card's CardID is its sheet's number x 100
plus its slot on the sheet. BackIsHidden is false: the last slot of every sheet is
the face shown for a card hidden in another player's hand. A deck of one card is
saved as a lone Card. The sheets are planned by layout/tts.py (plan_sheets), and so
is how the card lies (table_card): SidewaysCard for a landscape card, and the
Transform's scaleX and scaleZ for a card of another size than the object's own, on
the deck and on every card (a card drawn from the deck keeps its own).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from printgen.layout.tts import SheetPlan, TableCard

TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
             "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


def guid(*parts: object) -> str:
    """A stable six-hex-digit GUID (TTS gives new ones to clashing objects)."""
    return hashlib.sha1("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def _object(name: str, nickname: str, ident: str, lies: TableCard) -> dict[str, Any]:
    transform = {**TRANSFORM, "scaleX": lies.scale_x, "scaleZ": lies.scale_z}
    return {"GUID": ident, "Name": name, "Transform": transform, "Nickname": nickname,
            "Description": "", "ColorDiffuse": dict(GREY), "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "SidewaysCard": lies.sideways, "Hands": True}


def saved_object(title: str, labels: Sequence[str], sheets: Sequence[tuple[SheetPlan, Path]],
                 back_url: str, url: Callable[[Path], str], lies: TableCard) -> dict[str, Any]:
    """The saved object of a deck whose cards (labels, in order) lie on sheets, each
    card lying as lies says."""
    custom = {str(plan.number): {"FaceURL": url(path), "BackURL": back_url, "NumWidth": plan.cols,
                                 "NumHeight": plan.rows, "BackIsHidden": False, "UniqueBack": False,
                                 "Type": 0}
              for plan, path in sheets}
    cards = []
    for plan, _ in sheets:
        for slot in range(plan.count):
            index = plan.first + slot
            card = _object("Card", labels[index], guid(title, index), lies)
            card["CardID"] = plan.number * 100 + slot
            card["CustomDeck"] = {str(plan.number): custom[str(plan.number)]}
            cards.append(card)
    if len(cards) == 1:
        state = cards[0]
    else:
        state = _object("DeckCustom", title, guid(title, "deck"), lies)
        state["Hands"] = False
        state["DeckIDs"] = [card["CardID"] for card in cards]
        state["CustomDeck"] = custom
        state["ContainedObjects"] = cards
    return {"SaveName": title, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "",
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": [state], "TabStates": {}, "VersionNumber": ""}
