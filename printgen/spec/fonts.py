"""A project's own fonts: the `fonts:` key of a deck or a template, and a project's
fonts/fonts.yaml, read into families that text elements name with `font: NAME`.

    fonts:
      body: fonts/Inter-Regular.otf                 # one file: every style uses it
      title:
        regular: fonts/Title-Regular.ttf
        bold: fonts/Title-Bold.ttf
        italic: fonts/Title-Italic.ttf
        bold-italic: fonts/Title-BoldItalic.ttf
        fallback: [hebrew, cjk]                     # other names of the same fonts: (or sans)
      cjk: {regular: fonts/NotoSansCJK-Regular.ttc, index: 0}

Each file is confined to the project as a picture is (a path out of it, an address
or a link out is refused), bounded in size, and checked once: it must be a TrueType
or OpenType font (CFF outlines and .ttc collections included) with a Unicode
character map, whose licence (OS/2 fsType) lets it be embedded.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.errors import InputError, quoted
from printgen.fonts import (
    CHAIN,
    FILES,
    Fonts,
    OutOfCollection,
    broken,
    bundled_family,
    chain,
    face,
    house,
    plainer,
    user_face,
)
from printgen.limits import limit
from printgen.reading import note_read
from printgen.spec.places import confined, no_file
from printgen.spec.schema import Checker

STYLES = ("regular", "bold", "italic", "bold-italic")
FAMILY_KEYS = [*STYLES, "fallback", "index"]
MAX_FONT_BYTES = int(limit("font_bytes"))
MAX_FONT_NAMES = int(limit("font_names"))
RESTRICTED = 0x0002          # fsType: no embedding at all without the owner's permission
BITMAP_ONLY = 0x0200         # fsType: only bitmaps may be embedded (printgen embeds outlines)


def read_fonts(check: Checker, raw: Any, file: Path, key: tuple[str, ...] = ("fonts",)) -> dict[str, Fonts]:
    """The families a `fonts:` mapping declares (at key in its file: fonts.yaml is the
    mapping itself), each face found beside file (confined) and checked, their
    fallbacks resolved; errors gathered by check."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        check.fail(key, "expected a mapping of font names to font files, such as "
                        "{body: fonts/Body.otf}")
        return {}
    if len(raw) > MAX_FONT_NAMES:
        check.fail(key, f"expected at most {MAX_FONT_NAMES} font names, got {len(raw):,}")
        return {}
    declared: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {}
    failed: set[str] = set()            # names whose error is reported: a fallback to one says nothing more
    for raw_name, value in raw.items():
        path = (*key, raw_name)
        name = str(raw_name)
        if name in FILES or CHAIN in name or not name.strip():
            check.fail(path, f"expected a new font name (not a bundled one, no '|'), got {name!r}")
            continue
        if isinstance(value, dict):
            data = check.mapping(value, path, FAMILY_KEYS, required=["regular"])
            errors = len(check.errors)
            index = check.integer(data.get("index"), path + ("index",), default=0)
            if len(check.errors) > errors:      # not a number: no file is read at a guessed index
                failed.add(name)
                continue
            files = {style: check.text(data[style], path + (style,)) for style in STYLES if style in data}
            fallback = data.get("fallback") or []
            if not isinstance(fallback, list) or not all(isinstance(f, str) for f in fallback):
                check.fail(path + ("fallback",), "expected a list of font names, such as [hebrew, sans]")
                fallback = []
        else:
            index, files, fallback = 0, {"regular": check.text(value, path)}, []
        faces = {}
        for style, src in files.items():
            if src:
                try:
                    found = _face(check, file, src, index, path + (style,) if isinstance(value, dict) else path,
                                  path + ("index",) if isinstance(value, dict) else path)
                except OutOfCollection:         # told once, at the family's index: its files share it
                    break
                if found:
                    faces[style] = found
        if "regular" in faces:
            declared[name] = (faces, tuple(str(f) for f in fallback))
        else:
            failed.add(name)
    return _resolved(check, declared, key, failed)


def _face(check: Checker, file: Path, src: str, index: int, path: tuple[Any, ...],
          index_path: tuple[Any, ...]) -> str | None:
    """The face name of one font file, or None (the error reported); OutOfCollection
    (reported at index_path, the family's index key) where the file does not hold
    the font at index."""
    where = f"{check.doc.source}"
    try:
        found = confined(file, src, where, "font")
    except InputError as error:
        check.fail(path, str(error).split(": ", 1)[-1])
        return None
    if not found.is_file():
        check.fail(path, f"expected a font file, got {src!r}: {no_file(file, src)}")
        return None
    size = found.stat().st_size
    if size > MAX_FONT_BYTES:
        check.fail(path, f"expected a font file of at most {MAX_FONT_BYTES // 2**20} MB, got {src!r} "
                         f"of {size / 2**20:.0f} MB")
        return None
    if CHAIN in str(found) or "#" in found.name:
        check.fail(path, f"expected a font file whose path has no '|' or '#', got {src!r}")
        return None
    name = user_face(found, index)
    note_read(found)                    # (build --watch watches it)
    try:
        loaded = face(name)
    except OutOfCollection as error:
        check.fail(index_path, f"the font {src!r} (collection index {index}): {error}")
        raise
    except broken() as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        check.fail(path, f"expected a TrueType or OpenType font (.ttf, .otf, .ttc), got {src!r}"
                         f"{f' (collection index {index})' if index else ''}: {reason}")
        return None
    if loaded.embedding & (RESTRICTED | BITMAP_ONLY) and not loaded.embedding & 0x000C:
        check.fail(path, f"the font {src!r} may not be embedded in a PDF (its licence, OS/2 fsType "
                         f"0x{loaded.embedding:04X}, forbids it); expected a font whose licence "
                         f"allows embedding")
        return None
    return name


def _resolved(check: Checker, declared: dict[str, tuple[dict[str, str], tuple[str, ...]]],
              key: tuple[str, ...], failed: set[str]) -> dict[str, Fonts]:
    """Families with each style's fallback chain: the family's face for the style (its
    regular one where it has none), then each fallback family's, in order, then the
    chain of the style one step plainer (printgen/fonts.py's plainer()), so that a
    script a styled face lacks is set in a plainer one rather than refused. A
    fallback to a name in failed (a family whose files were refused) is not blamed again."""
    result: dict[str, Fonts] = {}
    for name, (faces, fallbacks) in declared.items():
        chains: dict[str, list[str]] = {style: [faces.get(style, faces["regular"])] for style in STYLES}
        for i, other in enumerate(fallbacks):
            if other in declared:
                other_faces = declared[other][0]
                for style in STYLES:
                    chains[style].append(other_faces.get(style, other_faces["regular"]))
            elif other in FILES:        # its faces, each followed by its family's plainer faces
                family = bundled_family(other)
                for style, face_name in zip(STYLES, (family.regular, family.bold, family.italic,
                                                     family.bold_italic), strict=True):
                    chains[style].append(house(face_name))
            elif other not in failed:
                check.fail((*key, name, "fallback", i), f"unknown font {other!r}; expected a name "
                           f"under fonts: or a bundled font ({', '.join(FILES)})")
        result[name] = plainer(Fonts(*(chain(chains[style]) for style in STYLES)))
    return result


def project_fonts(file: Path) -> dict[str, Fonts]:
    """The families of the project a data file belongs to: fonts/fonts.yaml in the
    project's folder (the folder holding its decks/ or templates/), if there is one
    (places.project_file: build --watch watches for one put there)."""
    from printgen.spec.places import project_file
    declared = project_file(file, "fonts/fonts.yaml", "fonts file")
    return {} if declared is None else _fonts_file(declared)


@lru_cache(maxsize=16)
def _fonts_file(path: Path) -> dict[str, Fonts]:
    from printgen.reading import display_path
    from printgen.spec.yamlload import load_file
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    if _nested(doc.data):
        first = quoted(str(next(iter(doc.data["fonts"]))))
        check.fail(("fonts",), f"the font names go at the top level of this file, not under fonts: (a deck's "
                               f"key); expected {first} and the other names unindented, with no fonts: line")
    found = read_fonts(check, doc.data, path, ()) if not check.errors else {}
    check.raise_errors()
    return found


def _nested(data: Any) -> bool:
    """Whether a fonts.yaml holds its families under a `fonts:` key, as a deck does:
    that key alone, a mapping of names (not a family of that name: regular: ...)."""
    if not isinstance(data, dict) or list(data) != ["fonts"] or not isinstance(data["fonts"], dict):
        return False
    return not set(map(str, data["fonts"])) <= set(FAMILY_KEYS)


def forget_fonts_files() -> None:
    """Read every project's fonts.yaml afresh from now on (a long-running watch)."""
    _fonts_file.cache_clear()
