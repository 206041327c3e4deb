"""The segments of an SVG picture's paths, bounded at read time.

resvg fills a path by sweeping its edges row by row, and its time grows with the
square of a path's segments where they cross each other (a zigzag or a star folding
back on itself): a stroked star of 40,000 segments took 24 s, and a stroke's outline
has several edges for each segment of the path, so a stroked path takes about four
times as long as the same path filled. A path (a <path>, <polyline> or <polygon>) of
more segments than MAX_STROKED where it may be stroked, or than MAX_FILLED where it
is only filled, is refused with its line. Whether it may be stroked is found from the
stroke its own and its enclosing elements set, in an attribute or a style attribute,
and that of every <use> that draws it; a style sheet that sets a stroke makes every
path count as stroked.
"""

from __future__ import annotations

import re
from typing import Any

from printgen.errors import InputError
from printgen.limits import limit

MAX_STROKED = int(limit("svg_stroked_path_segments"))
MAX_FILLED = int(limit("svg_filled_path_segments"))
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
PATHS = {f"{SVG}path", f"{SVG}polyline", f"{SVG}polygon"}
MARKED = PATHS | {f"{SVG}line"}          # the elements markers are drawn on
# numbers each segment of a path command takes: an arc's seven may be written in five
# (its two flags run into the number after them: "a5 5 0 011 2" is 5 5 0 0 1 1 2)
ARGUMENTS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 5}
NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")     # an SVG number
_TOKEN = re.compile(rf"[A-Za-z]|{NUMBER.pattern}")
_STROKE = re.compile(r"(?<![A-Za-z-])stroke\s*:\s*([^;{}!]*)", re.IGNORECASE)


def segments(element: Any) -> int:
    """The segments of the element's path data (d) or points: each command's numbers
    counted in segments of it (a moveto's after its first pair are lines), a closepath
    one more; a polygon's points one more than its pairs (it closes)."""
    if element.tag == f"{SVG}line":
        return 1
    points = element.get("points")
    if points is not None:
        pairs = (len(_TOKEN.findall(points)) + 1) // 2
        return pairs if element.tag == f"{SVG}polygon" else max(0, pairs - 1)
    count, command, numbers = 0, "", 0
    for token in _TOKEN.findall(element.get("d") or ""):
        if token.isalpha():
            count += _in(command, numbers)
            command, numbers = token.lower(), 0
            count += command == "z"
        else:
            numbers += 1
    return count + _in(command, numbers)


def _in(command: str, numbers: int) -> int:
    """Segments a command of that many numbers draws (rounded up)."""
    each = ARGUMENTS.get(command)
    if each is None or numbers == 0:
        return 0
    drawn = -(-numbers // each)
    return drawn - 1 if command == "m" else drawn


def vertices(element: Any) -> int:
    """The vertices of a path, polyline, polygon or line (where markers are drawn); 0
    for any other element."""
    return segments(element) + 1 if element.tag in MARKED else 0


def check_paths(root: Any, ids: dict[str, Any], where: str) -> None:
    """InputError naming `where` and the line of a path of more segments than it may
    have (the module's docstring)."""
    stroked = _stroked(root, ids)
    for element in root.iter(*PATHS):
        count = segments(element)
        may_stroke = stroked is None or element in stroked
        most = MAX_STROKED if may_stroke else MAX_FILLED
        if count > most:
            raise InputError(f"{where}: the SVG picture's <{element.tag.removeprefix(SVG)}> at line "
                             f"{element.sourceline} has {count:,} segments, more than {most:,} in one "
                             f"{'stroked ' if may_stroke else ''}path; expected a simpler path (simplify it, "
                             f"as Inkscape's Path > Simplify does, or split it into several paths)")


def _stroked(root: Any, ids: dict[str, Any]) -> set[Any] | None:
    """The elements that may be drawn with a stroke: set one by themselves, an element
    enclosing them or a <use> drawing them (or an element enclosing that); None (every
    one) where a style sheet sets a stroke."""
    for sheet in root.iter(f"{SVG}style"):
        if any(_paints(value) for value in _STROKE.findall(sheet.text or "")):
            return None
    flags: dict[Any, bool] = {}
    starts: list[tuple[Any, bool]] = [(root, False)]
    while starts:
        stack = [starts.pop()]
        while stack:
            element, flag = stack.pop()
            own = own_value(element, _STROKE, "stroke")
            flag = _paints(own) if own is not None else flag
            if flags.get(element) is True or (element in flags and not flag):
                continue                            # (seen, and as stroked as now)
            flags[element] = flag
            stack.extend((child, flag) for child in element if isinstance(child.tag, str))
            if flag and element.tag == f"{SVG}use":
                target = href_target(element, ids)
                if target is not None:
                    starts.append((target, True))
    return {element for element, flag in flags.items() if flag}


def id_map(root: Any) -> dict[str, Any]:
    """The picture's elements by their ids (what an href or url(#id) names)."""
    return {one.get("id"): one for one in root.iter() if isinstance(one.tag, str) and one.get("id")}


def href_target(element: Any, ids: dict[str, Any]) -> Any:
    """The element an element's href (or xlink:href) names, None where the file has none."""
    return ids.get((element.get("href") or element.get(XLINK) or "").strip().removeprefix("#"))


def own_value(element: Any, declared: re.Pattern[str], name: str) -> str | None:
    """The value the element sets itself for a property: the last its style attribute
    gives (declared finds them), else its attribute's (name), else None."""
    found = declared.findall(element.get("style") or "")
    return found[-1] if found else element.get(name)


def _paints(value: str) -> bool:
    return value.strip().lower() not in ("none", "")
