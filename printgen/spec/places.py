"""Where data files are found: the user's project first, then printgen's built-in data.

A project is a folder with `decks/` (deck files, and `decks/dice`, `decks/parts`,
`decks/aids`, `decks/rules` for the other kinds) and `templates/`: the folder printgen
runs in. printgen's own decks and templates are laid out the same way (see
printgen/builtin.py). A file of the project hides the built-in file of the same name,
and `printgen list` says so.
"""

from __future__ import annotations

import enum
import os
from pathlib import Path

from printgen.builtin import data_root
from printgen.errors import InputError, TemplateError, named, quoted
from printgen.frozen import frozen

NAME_MAX = 255          # bytes in one name of a path, on the systems printgen runs on
LONGEST_SHOWN = 300     # characters of a place looked at said whole; a longer one is quoted short


class Origin(enum.Enum):
    LOCAL = "local"
    BUILTIN = "built-in"


@frozen
class Shelf:
    """One kind of data file and the folder it is kept in, below a project's decks/."""

    noun: str                  # for messages: "deck", "die"
    folder: str                # below decks/: "" for decks themselves, "dice", ...
    suffix: str                # ".yaml" or ".md"
    skip: str = ""             # stems ending in this are not listed (fragments)


DECKS = Shelf("deck", "", ".yaml")
DICE = Shelf("die", "dice", ".yaml")
PARTS = Shelf("part", "parts", ".yaml")
AIDS = Shelf("play aid", "aids", ".yaml")
RULES = Shelf("rules text", "rules", ".md", skip="-deal")


@frozen
class Entry:
    """A data file found by name: where, whose, and the built-in file it hides."""

    name: str
    path: Path
    origin: Origin
    hides: Path | None = None


def roots() -> list[tuple[Path, Origin]]:
    """The project folders searched, first wins: the current folder, then printgen's
    own (once, when printgen runs in its own checkout)."""
    builtin = data_root().resolve()
    local = Path.cwd().resolve()
    return [(builtin, Origin.BUILTIN)] if local == builtin else [(local, Origin.LOCAL),
                                                                  (builtin, Origin.BUILTIN)]


def builtin_file(*parts: str) -> Path:
    """A file of printgen's built-in decks/ or templates/ (never the project's)."""
    return data_root().joinpath(*parts)


def catalogue(shelf: Shelf) -> dict[str, Entry]:
    """Every file on the shelf by name, the project's before the built-in; sorted."""
    found: dict[str, Entry] = {}
    for root, origin in roots():
        folder = root / "decks" / shelf.folder
        for path in sorted(folder.glob(f"*{shelf.suffix}")) if folder.is_dir() else []:
            if shelf.skip and path.stem.endswith(shelf.skip):
                continue
            if path.stem in found:
                found[path.stem] = Entry(path.stem, found[path.stem].path, found[path.stem].origin, path)
            else:
                found[path.stem] = Entry(path.stem, path, origin)
    return dict(sorted(found.items()))


def is_path(text: str, shelf: Shelf) -> bool:
    """Whether a name on the command line or in a file is a path rather than a name."""
    return text.lower().endswith((shelf.suffix, ".yml", ".markdown")) or "/" in text or "\\" in text


def find(shelf: Shelf, name_or_path: str, *, near: Path | None = None) -> Path:
    """A file by name (beside `near`, a deck file, then in the project, then built-in)
    or by path; InputError naming what is known otherwise. A project's file (in its
    decks/ or a shelf below it) that is a link leading out of the project is refused
    by its path as by its name (a downloaded project's decks/x.yaml may lead anywhere)."""
    if is_path(name_or_path, shelf) or (near is None and is_file(Path(name_or_path))):
        path = Path(name_or_path) if near is None else confine(near, name_or_path, shelf.noun)
        if not is_file(path):
            raise InputError(f"{named(name_or_path)}: {shelf.noun} file {no_file(near, name_or_path)}")
        folder = real(path.parent)      # where the file's folder lies ('..' and folder links gone)
        if near is None and "decks" in (folder.name, folder.parent.name):
            kept_in(folder / path.name, shelf.noun, name_or_path)      # a project's file, by its path
        return path
    if near is not None and shelf.folder:
        path = near.parent / shelf.folder / f"{name_or_path}{shelf.suffix}"
        if is_file(path):
            return kept_in(path, shelf.noun, name_or_path)
    known = catalogue(shelf)
    if name_or_path not in known:
        names = ", ".join(known) or "none"
        raise InputError(f"unknown {shelf.noun} {quoted(name_or_path)}; expected one of {names}"
                         + ("" if near else f" or a path to a {shelf.noun} file"))
    return kept_in(known[name_or_path].path, shelf.noun, name_or_path)


def is_file(path: Path) -> bool:
    """Path.is_file(), False for a name the system refuses (too long, say)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


class LinkedOut(InputError):
    """A file found by name is a link that leads out of its project (kept_in)."""


def project_of(folder: Path) -> Path:
    """The project a folder that files are found in by name belongs to: the folder
    holding decks/ or templates/ (for decks/dice and the like, the one above decks/);
    a deck's own folder otherwise."""
    if folder.name in ("decks", "templates"):
        return folder.parent
    if folder.parent.name == "decks":
        return folder.parent.parent
    return folder


def kept_in(path: Path, noun: str, name: str) -> Path:
    """path, a file found by name in a folder of a project (or of printgen's own data),
    when it lies, after links, in that project; LinkedOut for a link that leads out of
    it: a project sent by a stranger must not make printgen read a file of the user's
    elsewhere (and quote it in an error). Links within the project are followed."""
    if real(path).is_relative_to(real(project_of(path.parent))):
        return path
    from printgen.reading import display_path
    shown = "" if display_path(path) == name else f" ({display_path(path)})"
    raise LinkedOut(f"{noun} {quoted(name)}{shown} is a link that leads out of its project; "
                    f"expected a {noun} file of the project (a link out is never followed)")


def home_folders(file: Path) -> list[Path]:
    """The folders a data file may name other files in: its own (and below it); the
    project's folder, for a file in a project (project_folders()); and printgen's
    built-in decks and templates (only those folders: in a source checkout their
    parent is the whole repository)."""
    folder = real(file).parent
    homes = [folder, *(project for project in project_folders(file) if project != folder)]
    root = data_root()
    return [*homes, real(root / "decks"), real(root / "templates")]


def project_folders(file: Path) -> list[Path]:
    """The folder of the project a data file belongs to, where it is in one: for a file
    in a project's decks/ (or decks/dice/ and the like), templates/ or fonts/ folder,
    the folder holding that folder, where the file lies or, for a link within the
    project, where it was found (both, where they differ). Where a project's own
    templates/shapes.yaml, fonts/fonts.yaml and decks are looked for; printgen's own
    data folder is one too, for a built-in deck or template."""
    folder = real(file).parent
    projects = []
    for up in (folder, folder.parent):
        if up.name in ("decks", "templates"):
            projects.append(up.parent)
            break
    # a file found in a project's decks/, templates/ or fonts/ that links elsewhere in the
    # project (kept_in() refuses links out) names files as one of the project's
    named = Path(os.path.abspath(file)).parent
    for up in (named, named.parent):
        if up.name in ("decks", "templates", "fonts"):
            project = real(up.parent)
            if project not in projects and ((project / "decks").is_dir() or (project / "templates").is_dir()):
                projects.append(project)    # (a folder of that name is no project of its own)
            break
    return projects


def project_file(file: Path, name: str, noun: str) -> Path | None:
    """The project's own file `name` (fonts/fonts.yaml, templates/shapes.yaml) for the
    data file `file`: the first of its project_folders() that holds one has it; None
    where none does. Each place looked at that holds none is noted (build --watch
    watches for a file put there). One that is a link leading out of its project is
    refused (LinkedOut, calling it noun): a project sent by a stranger must not make
    printgen read a file of the user's elsewhere; links within the project are followed."""
    from printgen.reading import display_path, note_looked
    for home in project_folders(file):
        path = home / name
        if not path.is_file():
            note_looked(path)
            continue
        if not real(path).is_relative_to(real(home)):
            shown = "" if display_path(path) == name else f" ({display_path(path)})"
            raise LinkedOut(f"{noun} {quoted(name)}{shown} is a link that leads out of its project; expected "
                            f"the project's own {noun} (a link out is never followed)")
        return path
    return None


def confined(file: Path, name: str, where: str, what: str) -> Path:
    """The file that `name`, written in `file`, points at, after symlinks; InputError
    when it is an address or lies outside file's home folders, however it is written
    (a downloaded deck must not copy a private file of the user's into a PDF)."""
    try:
        return confine(file, name, what)
    except InputError as error:
        raise InputError(f"{where}: {error}") from None


def confine(file: Path, name: str, what: str) -> Path:
    """As confined(), the InputError's message without a location (the caller's
    checker adds the file, line and key)."""
    if "://" in name:
        raise InputError(f"{what} {name!r}: expected a path to a file, not an address")
    if name.startswith("~"):
        beside = Path(name).name if not Path(name).name.startswith("~") else "picture.png"
        raise InputError(f"{what} {name!r}: a ~ is not expanded to a home folder; expected a path relative to "
                         f"the folder of {file.name}, such as {quoted(beside)} for a file beside it (copy the "
                         f"file into that folder, or one below it, first)")
    if "\0" in name:
        raise InputError(f"{what} {name!r}: expected a path to a file, got a name with a NUL character")
    if any(len(part.encode("utf-8", "surrogateescape")) > NAME_MAX for part in Path(name).parts):
        raise InputError(f"{what} {quoted(name)}: expected a path whose names are at most {NAME_MAX} bytes")
    path = real(real(file).parent / name)
    homes = home_folders(file)
    if not any(path.is_relative_to(home) for home in homes):
        link = link_out(real(file).parent, name, homes)
        if link is not None:
            raise InputError(f"{what} {link} out of the folder of {file.name}; expected a file beside it "
                             f"or below it (or in its project): a link out is never followed")
        raise InputError(f"{what} {name!r} lies outside the folder of {file.name}; expected a "
                         f"file beside it or below it (or in its project)")
    return path


def link_out(folder: Path, name: str, homes: list[Path]) -> str | None:
    """Where name, written in a file in folder, lies in one of homes as it is written
    but leads out of them by a symbolic link: that it is a link (or goes through one),
    in words to follow a noun ("'c.csv' is a link that leads"); None otherwise."""
    written = Path(os.path.normpath(folder / name))
    home = next((home for home in homes if written.is_relative_to(home)), None)
    if home is None:
        return None
    for part in reversed([written, *written.parents]):
        if part.is_relative_to(home) and part != home and part.is_symlink() \
                and not any(real(part).is_relative_to(other) for other in homes):
            if part == written:
                return f"{quoted(name)} is a link that leads"
            return f"{quoted(name)} goes through {quoted(os.path.relpath(part, folder))}, a link that leads"
    return None


def no_file(file: Path | None, name: str) -> str:
    """Why `name`, written in `file`, is no regular file to read ("not found", "is a
    folder", "is a fifo", "is a symbolic link that leads round to itself" ...), with the
    place looked at as the user would name it: from file's folder (the current folder
    for None), no link resolved (where a link leads is not shown). Nothing is opened;
    a place that holds no regular file is noted as looked at (build --watch watches for
    a file to appear there)."""
    import errno

    from printgen.reading import LOOP, beside, display_path, kind_of, note_looked
    place = Path(name) if file is None else Path(os.path.dirname(file) or ".") / name
    try:
        info = os.stat(place)
    except FileNotFoundError:
        kind = "not found"
    except OSError as problem:
        kind = (f"is {LOOP}" if problem.errno == errno.ELOOP
                else f"is not readable ({problem.strerror or type(problem).__name__})")
    except ValueError:
        kind = "is not a usable file name"
    else:
        kind = "is " + kind_of(info.st_mode)
    if kind != "is a regular file":
        note_looked(place)
    shown = display_path(place)
    near = beside(place) if kind == "not found" else ""
    text = shown if len(shown) <= LONGEST_SHOWN else quoted(shown)      # (display_path quotes the unprintable)
    said = [f"looked at {text}"] if shown != named(name) else []
    said += [f"the folder holds {quoted(near)}"] if near else []
    return f"{kind} ({'; '.join(said)})" if said else kind


def real(path: Path) -> Path:
    """The path with every symbolic link followed, as far as they lead: a link that
    loops is left as it is (opening it is then one located error), where
    Path.resolve() would raise RuntimeError (and a name holding a NUL character is
    left as it is, for opening it to refuse)."""
    try:
        return Path(os.path.realpath(path))
    except ValueError:
        return Path(os.path.abspath(path))


def template_dirs(deck_file: Path) -> list[Path]:
    """Where a data file's templates are looked for: templates/ beside its folder (for a
    file in decks/dice/, decks/aids/ and the like, beside decks/ too), its own folder,
    then the project's templates/ and printgen's own."""
    deck_dir = real(deck_file).parent
    dirs = [deck_dir.parent / "templates"]
    if deck_dir.parent.name == "decks":
        dirs.append(deck_dir.parent.parent / "templates")
    dirs += [deck_dir] + [root / "templates" for root, _ in roots()]
    return list(dict.fromkeys(dirs))


def find_template(name: str, deck_file: Path, where: str) -> Path:
    """A template by name (searched in the template folders) or by path from the deck;
    each place looked at before it is found is noted (reading.note_looked)."""
    if name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name:
        try:
            path = confined(deck_file, name, where, "template")
        except InputError as error:
            raise TemplateError(str(error)) from None
        if is_file(path):
            return path
        raise TemplateError(f"{where}: template file {name!r} {no_file(deck_file, name)}")
    from printgen.reading import beside, display_path, note_looked
    near = ""
    for folder in template_dirs(deck_file):
        path = folder / f"{name}.yaml"
        if is_file(path):
            try:
                return kept_in(path, "template", name)
            except LinkedOut as error:
                raise TemplateError(f"{where}: {error}") from None
        note_looked(path)               # (one put here later is found first: build --watch watches for it)
        if not near and (meant := beside(path)):    # in other capitals (found on macOS), or misspelt
            shown = "printgen's templates" if real(folder) == real(data_root() / "templates") else display_path(folder)
            near = f" ({shown}/ holds {quoted(meant)})"
    file = f"{name}.yaml" if len(name) <= 80 else "NAME.yaml"
    raise TemplateError(f"{where}: template {quoted(name)} not found; expected a file {file} "
                        f"in templates/ beside the deck's folder, or a path to a template file{near}")
