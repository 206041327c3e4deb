"""Reading a data file's text: the one place printgen opens a file it is given to read."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from printgen.errors import ACTED_ON, InputError, PrintgenError, named, quoted
from printgen.lang.lines import excerpt, line_breaks
from printgen.limits import limit

MAX_BYTES = limit("file_bytes")      # the largest data, template, rules or deal file printgen reads (8 MB)
_read: set[str] = set()          # every file the spec stage opened in this process
_lately: set[str] = set()        # those opened since forget_lately()
_looked: set[str] = set()        # files looked for and not found since forget_lately()


def note_read(path: Path) -> None:
    """Remember that input was read from path (what `build --watch` watches)."""
    full = os.path.abspath(path)
    _read.add(full)
    _lately.add(full)


def files_read(lately: bool = False) -> list[str]:
    """The files opened in this process; lately: only since forget_lately()."""
    return sorted(_lately if lately else _read)


def note_looked(path: Path) -> None:
    """Remember that input was looked for at path and not found there (`build --watch`
    watches for it to appear)."""
    _looked.add(os.path.abspath(path))


def files_looked() -> list[str]:
    """The files looked for and not found since forget_lately()."""
    return sorted(_looked)


FileIdentity = tuple[str, int, int, int, int]      # a file's full path, device, inode, size and time of change


def file_identity(path: Path) -> FileIdentity | None:
    """The file at path as a key for what is kept of it within a process (a picture
    decoded, drawn or measured): its full path, device, inode, size and time of last
    change, so that a file written again or put in its place is another key. None
    where it cannot be looked at (its reader then says why)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return os.path.abspath(path), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def forget_lately() -> None:
    """Start a new build's lists of files opened and files looked for and not found."""
    _lately.clear()
    _looked.clear()


SAVE_AS_UTF8 = "save the file as UTF-8"      # what a file that is not UTF-8 text is told to do


def read_text(path: Path, source: str | None = None, *, error: type[PrintgenError] = InputError,
              remedy: str = SAVE_AS_UTF8, utf16: bool = False) -> str:
    """The file's text as UTF-8 (a byte-order mark at its start is not text, nor a second
    one after it), or with
    utf16 as UTF-16 where it starts with UTF-16's byte-order mark; one located error,
    of the given kind, naming the file otherwise: where it is not UTF-8 (utf8_text()),
    ending with the remedy."""
    where = source or str(path)
    return utf8_text(read_bytes(path, where, error=error), where, error=error, remedy=remedy, utf16=utf16)


BOM = "\ufeff"      # U+FEFF as a byte-order mark, the first character of a file's text, is not text

# the byte-order marks of the encodings a text file that is not UTF-8 is most often in,
# longest first (UTF-32's little-endian mark starts as UTF-16's)
_MARKS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
          (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def utf8_text(data: bytes, where: str, *, error: type[PrintgenError] = InputError,
              remedy: str = SAVE_AS_UTF8, utf16: bool = False) -> str:
    """The bytes as UTF-8 text (a byte-order mark at the start is not text, nor a second one
    after it, as a program that adds a mark to text that has one writes it). A file in
    UTF-16 or UTF-32 (by its byte-order mark, or a NUL byte beside every character of its
    start) is an error naming that encoding, but with utf16 a file that starts with
    UTF-16's byte-order mark is UTF-16 text (utf16_text()); any other byte that is not
    UTF-8 is an error naming its line, its value and the text around it; each ends with
    the remedy."""
    for mark, encoding in _MARKS:
        if data.startswith(mark):
            if utf16 and encoding == "UTF-16":
                return utf16_text(data, where, error=error, remedy=remedy)
            raise error(f"{where}: {encoding} text (the file starts with the bytes {mark.hex(' ').upper()}, "
                        f"{encoding}'s byte-order mark); expected UTF-8 text: {remedy}")
    head = data[:64]
    if len(head) >= 4 and (not any(head[0::2]) or not any(head[1::2])):
        raise error(f"{where}: UTF-16 text (a NUL byte beside every character); expected UTF-8 text: {remedy}")
    try:
        return data.decode("utf-8-sig").lstrip(BOM)
    except UnicodeDecodeError as problem:
        raise error(_not_utf8(data, where, problem.start, remedy)) from None


def utf16_text(data: bytes, where: str, *, error: type[PrintgenError] = InputError,
               remedy: str = SAVE_AS_UTF8) -> str:
    """The bytes after UTF-16's byte-order mark (FF FE: little-endian, FE FF: big-endian)
    as UTF-16 text, as a spreadsheet program's "Unicode Text" is saved (a second mark
    after it is not text either); two bytes that
    are no UTF-16 (half of a surrogate pair, an odd byte at the end) are an error naming
    their line and their value, ending with the remedy."""
    codec = "utf-16-le" if data.startswith(b"\xff\xfe") else "utf-16-be"
    try:
        return data[2:].decode(codec).lstrip(BOM)
    except UnicodeDecodeError as problem:
        start = problem.start - problem.start % 2
        line = line_breaks(data[2:2 + start].decode(codec)) + 1
        bad = data[2 + start:2 + start + 2]
        what = (f"the last byte, {bad.hex().upper()}, is half of a character (the file holds an odd number "
                f"of bytes)" if len(bad) < 2 else
                f"the bytes {bad.hex(' ').upper()} are half of a surrogate pair (a character written in "
                f"four bytes)")
        raise error(f"{where}:{line}: not UTF-16 text, which its byte-order mark says it is: {what}; expected "
                    f"UTF-16 text throughout, or UTF-8 text: {remedy}") from None


def _not_utf8(data: bytes, where: str, at: int, remedy: str) -> str:
    """The message for the byte at offset at, which is not UTF-8: the line it is on (a
    line ends at CR LF, CR or LF), its value, the text around it with the bytes that are
    not UTF-8 written \\xNN, and the character it is in Windows-1252 where the whole
    file reads as Windows-1252 (a spreadsheet program's plain "CSV" in Western Europe)."""
    text = data.decode("latin-1")           # (Latin-1: one character a byte, so the cut is in bytes)
    line = line_breaks(text[:at]) + 1
    shown = excerpt(text, at, 30).encode("latin-1").decode("utf-8", "backslashreplace")
    around = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in shown)
    byte = data[at]
    try:
        data.decode("cp1252")
        western = f" ({bytes([byte]).decode('cp1252')!r} in Windows-1252)"
    except UnicodeDecodeError:
        western = ""
    return (f"{where}:{line}: not UTF-8 text: the byte 0x{byte:02X}{western} in '{around}'; "
            f"expected UTF-8 text: {remedy}")


def read_bytes(path: Path, where: str, *, error: type[PrintgenError] = InputError,
               max_bytes: int | None = None, what: str = "a file") -> bytes:
    """The whole file (at most max_bytes, MAX_BYTES unless told), read by open_input."""
    most = int(MAX_BYTES if max_bytes is None else max_bytes)
    with open_input(path, where, error=error, max_bytes=most, what=what) as file:
        data = file.read(most + 1)
    if len(data) > most:
        raise error(f"{where}: more than {most:,} bytes; expected a smaller file")
    return data


@contextmanager
def open_input(path: Path, where: str, *, error: type[PrintgenError] = InputError,
               max_bytes: float | None = MAX_BYTES, what: str = "a file") -> Iterator[BinaryIO]:
    """The file open for reading, once it is known to be a regular file: every reader
    of input (YAML, CSV, XLSX, Markdown, pictures) opens files here. The kind of file
    is looked at before it is opened, so a fifo, a device or a folder is never opened
    (opening one can wait for ever or have effects); it is looked at again on the open
    file, which may have been swapped in between. One located error otherwise, which
    never shows what the file holds."""
    note_read(path)
    try:
        _check_kind(os.stat(path), where, error, max_bytes, what)
        descriptor = _no_block(os.fspath(path), os.O_RDONLY)
    except PrintgenError:
        raise
    except FileNotFoundError:
        note_looked(path)
        near = beside(path)
        raise error(f"{where}: file not found" + (f" (the folder holds {quoted(near)})" if near else "")) from None
    except ValueError:                  # a NUL character in the name
        raise error(f"{where}: not a usable file name (it holds a NUL character); expected a path "
                    f"to {what}") from None
    except OSError as problem:
        raise error(_os_problem(where, problem, what)) from None
    with os.fdopen(descriptor, "rb") as file:
        _check_kind(os.fstat(file.fileno()), where, error, max_bytes, what)
        yield file


LOOP = "a symbolic link that leads round to itself"     # what ELOOP means to a user
NEAR_NAMES = 1000       # the entries of a folder listed for a name close to one not found there


def beside(place: Path) -> str:
    """The name of a file in place's folder that place was likely meant to name: the same
    name in other capitals ('Japanese.otf' for 'japanese.otf', found on a system that
    ignores capitals and not on one that does not), else one close to it ('Arabic.ttf'
    for 'Arabik.ttf'); '' where there is none. Only the folder's first NEAR_NAMES
    entries are listed; nothing is opened."""
    import difflib
    import itertools
    try:
        with os.scandir(place.parent) as entries:
            names = [entry.name for entry in itertools.islice(entries, NEAR_NAMES) if entry.is_file()]
    except (OSError, ValueError):
        return ""
    same = sorted(other for other in names if other.lower() == place.name.lower())
    if same:
        return same[0]
    close = difflib.get_close_matches(place.name, sorted(names), n=1, cutoff=0.8)
    return close[0] if close else ""


def kind_of(mode: int) -> str:
    """What a file of this st_mode is, in words: "a folder", "a regular file", "a fifo",
    "a socket", "a device" or "a special file"."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISREG(mode):
        return "a regular file"
    if stat.S_ISFIFO(mode):
        return "a fifo"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def _check_kind(info: os.stat_result, where: str, error: type[PrintgenError], max_bytes: float | None,
                what: str) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise error(f"{where}: is a folder; expected {what}")
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{where}: not a regular file ({kind_of(info.st_mode)}); expected {what}")
    if max_bytes is not None and info.st_size > max_bytes:
        raise error(f"{where}: {info.st_size:,} bytes; expected a file of at most {max_bytes:,} bytes")


def _os_problem(where: str, problem: OSError, what: str) -> str:
    if problem.errno == errno.ELOOP:
        return f"{where}: {LOOP}; expected {what}"
    if problem.errno == errno.EISDIR:
        return f"{where}: is a folder; expected {what}"
    return f"{where}: cannot read the file ({problem.strerror or type(problem).__name__}); expected {what}"


def _no_block(path: str, flags: int) -> int:
    """Open without waiting on a fifo that has no writer (it is refused after the open)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))


def display_path(path: Path) -> str:
    """A path as the user would write it: relative to the current folder where possible,
    quoted where a character of it does not print (errors.named()). Links are not
    followed (a link that loops is shown as it is named)."""
    try:
        return named(str(Path(os.path.abspath(path)).relative_to(os.getcwd())))
    except (ValueError, OSError):
        return named(str(path))


# the line breaks other than a line feed that a value may hold: a carriage return (alone,
# or before a line feed), U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR, as text
# pasted from a web page or another program, or a cell saved on another system, holds them
_OTHER_BREAK = re.compile("\r\n?|[\u2028\u2029]")


def line_feeds(value: str) -> str:
    """The value with each of its line breaks written as a line feed ("\\n"), the one line
    break every product sets: a carriage return, CR LF, U+2028 and U+2029 alike."""
    return _OTHER_BREAK.sub("\n", value)


# what a value read may not hold: what a terminal acts on (errors.ACTED_ON: control
# characters but tab and line feed, and the explicit bidi embeddings, overrides and
# isolates, U+202A-U+202E and U+2066-U+2069, which printgen does not set) but a carriage
# return (a line break, line_feeds()); the joiners and bidi marks printgen does set
_UNSET = re.compile(f"(?!\r)[{ACTED_ON}]")


MAX_MARKS = int(limit("combining_marks"))       # combining marks in a row on one character
_LONG_RUN = re.compile(f"[^\\x00-\\x7f\\s]{{{MAX_MARKS + 1},}}")     # (where more may be)


def unset_character(value: str) -> str | None:
    """What is wrong with a value holding a character printgen would not print (a
    control character such as U+0007, an explicit bidi override) or more than
    MAX_MARKS combining marks in a row (stacked_marks()): the character and what is
    expected; None when it holds none."""
    found = _UNSET.search(value)
    if found is None:
        return None if value.isascii() else stacked_marks(value)
    ch = found.group()
    shown = excerpt(value, found.start(), 20, one_line=False)
    code = f"U+{ord(ch):04X}"
    if ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069":
        import unicodedata
        return (f"got {shown!r}, which holds {code} {unicodedata.name(ch)}, an explicit bidi embedding, override "
                f"or isolate, which printgen does not set; expected text without it (a text's letters set "
                f"its direction; U+200E LEFT-TO-RIGHT MARK or U+200F RIGHT-TO-LEFT MARK steers a neutral "
                f"character)")
    return (f"got {shown!r}, which holds {code}, a control character that prints nothing; expected text "
            f"without it (a tab or line break is fine)")


def stacked_marks(value: str) -> str | None:
    """What is wrong with a value holding more than MAX_MARKS combining marks in a row
    (characters that join the one before them: accents, vowel signs), which are drawn
    stacked on one character; None when it holds none. Unicode's stream-safe text
    (UAX #15) holds at most 30, a language stacks 3 or 4, and 50,000 on one letter drew
    a line of ink up through a page's top edge. Only runs of that many characters
    other than ASCII and spaces are looked at, one by one."""
    import unicodedata
    for candidate in _LONG_RUN.finditer(value):
        run = 0
        for at, ch in enumerate(candidate.group(), candidate.start()):
            run = run + 1 if unicodedata.combining(ch) else 0
            if run > MAX_MARKS:
                start = at - run + 1
                count = next((n for n, c in enumerate(value[start:]) if not unicodedata.combining(c)),
                             len(value) - start)
                on = f" on {value[start - 1]!r}" if start else ""
                return (f"got {count:,} combining marks in a row (U+{ord(value[start]):04X} first){on}; "
                        f"expected at most {MAX_MARKS} on one character (the most Unicode's stream-safe text "
                        f"stacks)")
    return None

