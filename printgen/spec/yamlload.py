"""Safe YAML loading that remembers the line of every key and item.

Plain scalars stay text ("+1" keeps its sign, "007" its zeros); only the schema
decides what becomes a number. The result is plain Python values plus a map from
key paths to line numbers, so an error can name the line it is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from printgen.errors import SpecError, located, quoted
from printgen.lang.lines import LINE_END, excerpt, line_bounds, line_breaks
from printgen.limits import limit
from printgen.reading import line_feeds, read_text, unset_character

KeyPath = tuple[str | int, ...]
MAX_DEPTH = limit("yaml_depth")            # mappings and lists inside each other (libyaml's composer recurses)
MAX_ALIASES = limit("yaml_aliases")        # *references to &anchors
MAX_VALUES = limit("yaml_values")      # values of a document once its aliases are expanded
# libyaml's parser where PyYAML was built with it (it is, in PyYAML's wheels): same nodes, faster
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_PLAIN_KEY = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_ -]{0,63}$")


def format_path(path: KeyPath) -> str:
    """("cards", 3, "value") -> "cards[3].value"; a key that is not plain text (a line
    break, a quote, a dot) is shown quoted, so the path stays on one line."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
            continue
        shown = str(part) if _PLAIN_KEY.match(str(part)) else repr(str(part))
        text += f".{shown}" if text else shown
    return text


@dataclass
class Located:
    """A loaded document: its data and where each key path stands in the file."""

    data: Any
    source: str
    lines: dict[KeyPath, int] = field(default_factory=dict)

    def line(self, path: KeyPath) -> int | None:
        """The line of path, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), None)

    def error(self, path: KeyPath, message: str, kind: type[SpecError] = SpecError) -> SpecError:
        return kind(located(self.source, self.line(path), format_path(path), message))


def _convert(node: yaml.Node, path: KeyPath, lines: dict[KeyPath, int], doc: str, count: list[int]) -> Any:
    lines[path] = node.start_mark.line + 1
    count[0] += 1
    if count[0] > MAX_VALUES:               # aliases expanding (a "billion laughs")
        raise SpecError(located(doc, node.start_mark.line + 1, format_path(path),
                                f"the file expands to more than {MAX_VALUES:,} values; expected fewer aliases"))
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise SpecError(located(doc, key_node.start_mark.line + 1, format_path(path),
                                        "expected a plain key"))
            key = str(key_node.value)
            if key in result:
                raise SpecError(located(doc, key_node.start_mark.line + 1, format_path(path + (key,)),
                                        "this key appears twice"))
            result[key] = _convert(value_node, path + (key,), lines, doc, count)
            lines[path + (key,)] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, path + (i,), lines, doc, count) for i, item in enumerate(node.value)]
    if not isinstance(node, yaml.ScalarNode):       # the composer makes only these three kinds
        raise SpecError(located(doc, node.start_mark.line + 1, format_path(path), "expected a plain value"))
    plain = not node.style            # None from PyYAML's parser, "" from libyaml's
    if node.tag == "tag:yaml.org,2002:null" or (plain and node.value in ("", "~", "null")):
        return None
    if plain and node.value in ("true", "false"):
        return node.value == "true"
    value = line_feeds(str(node.value))     # (a CR, U+2028 or U+2029 reaches a value escaped or pasted)
    problem = unset_character(value)
    if problem:                         # (a control character reaches a value only escaped: "\a", "\u0007")
        raise SpecError(located(doc, node.start_mark.line + 1, format_path(path), problem))
    return value


def _scan(text: str, source: str) -> None:
    """Walk the parser's events (an iterative state machine, safe at any depth) before
    composing: refuse nesting deeper than MAX_DEPTH, more than MAX_ALIASES aliases,
    and explicit tags (!!python/..., !custom): data files are plain YAML."""
    depth = aliases = 0
    for event in yaml.parse(text, Loader=_LOADER):
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        tag = getattr(event, "tag", None)
        implicit = getattr(event, "implicit", True)
        if tag and tag != "!" and not (implicit is True or (isinstance(implicit, tuple) and any(implicit))):
            raise SpecError(located(source, line, "", f"expected plain YAML, got the tag {tag!r}; "
                                                      f"remove it (printgen reads values as text)"))
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise SpecError(located(source, line, "", f"nested more than {MAX_DEPTH} levels deep; "
                                                          f"expected a flatter file"))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise SpecError(located(source, line, "", f"more than {MAX_ALIASES} aliases (*name); "
                                                          f"expected fewer"))


def _too_deep_at(text: str) -> int | None:
    """The line (lines end at CR LF, CR or LF) where flow brackets ([ and {, outside
    quotes and comments) first nest deeper than MAX_DEPTH, or None. Read when the
    parser stops on its own: a library whose scanner reads a whole flow run ahead
    (libyaml) may stop a deep file before _scan sees its events, and the user should
    then read printgen's message, not the library's, whichever version is installed."""
    depth, line, quote, comment, previous = 0, 1, "", False, " "
    escaped = False
    for char in text:
        if char in "\r\n":             # a line ends at CR LF, CR or LF, as an editor counts
            line, comment = line + (char == "\r" or previous != "\r"), False
        elif comment:
            pass
        elif quote:
            if escaped:
                escaped = False
            elif quote == '"' and char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "'\"" and previous in " \t\r\n[{,:-?":    # a quoted scalar opens
            quote = char
        elif char == "#" and previous in " \t\r\n":
            comment = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif char in "]}":
            depth = max(depth - 1, 0)
        previous = char
    return None


# what YAML allows in a file (a character outside it stops its reader): tab, the line
# breaks, printable ASCII, and Unicode but the C1 controls, surrogates and U+FFFE-U+FFFF
_NOT_YAML = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# what YAML reads as a line break too, though an editor shows none there (so the
# lines YAML counted, and the keys it read, would not be those the user sees)
_HIDDEN_BREAKS = {"\x85": "NEXT LINE", "\u2028": "LINE SEPARATOR", "\u2029": "PARAGRAPH SEPARATOR"}
_HIDDEN_BREAK = re.compile("[\x85\u2028\u2029]")


def _hidden_break(text: str, source: str) -> str | None:
    """The error for a line break YAML reads but an editor does not show (U+0085,
    U+2028, U+2029, written as they are anywhere in the file): its line and column as
    an editor counts them, the line's text around it and what is expected; None when
    the file holds none. Written as an escape in a double-quoted value ("\\u2028") it
    is a line break in that value, as "\\n" is."""
    found = _HIDDEN_BREAK.search(text)
    if found is None:
        return None
    at = found.start()
    line_start = line_bounds(text, at)[0]
    line = line_breaks(text[:line_start]) + 1
    shown, char = excerpt(text, at, 20), found.group()
    return (f"{source}:{line}:{at - line_start + 1}: got {shown!r}, which holds U+{ord(char):04X} "
            f"{_HIDDEN_BREAKS[char]}, a line break YAML reads but an editor does not show; expected a real "
            f"line break, or \"\\n\" inside a double-quoted value for a line break in the value")


def _unreadable(text: str, source: str) -> str:
    """The error for a character YAML does not allow (its reader's message gives a
    position in the text, not a line): its line, the character and what is expected."""
    found = _NOT_YAML.search(text)
    if found is None:
        return located(source, None, "", "broken YAML: a character YAML does not allow; expected text")
    line = line_breaks(text[:found.start()]) + 1
    char = ord(found.group())
    kind = "a control character" if char < 0xa0 else "not a character" if char >= 0xfffe else "half a surrogate pair"
    return located(source, line, "", f"the character U+{char:04X} ({kind}), which YAML does not allow in a "
                                     f"file; expected text without it (a tab or line break is fine)")


# a line "key: value" whose value holds a colon and a space (YAML reads a second key there)
_COLON_IN_VALUE = re.compile(r"^\s*(?:-\s+)?([^\s#'\"{\[][^:#]*?):\s+([^'\"{\[|>&*!].*?:\s.*?)\s*$")


def _colon_hint(text: str, line: int | None) -> str | None:
    """What YAML's "mapping values are not allowed here" means on a line
    "key: value: more" (an unquoted value holding a colon and a space), and how to
    mend it: the value quoted; None for any other line."""
    lines = LINE_END.split(text)
    if line is None or not 0 < line <= len(lines):
        return None
    found = _COLON_IN_VALUE.match(lines[line - 1])
    if found is None:
        return None
    key, value = found.groups()
    return (f"{key}: the value {quoted(value)} holds a colon and a space, which YAML reads as the start of another "
            f"key; put the {key} in quotes: {key}: {quote(value)}")


def quote(value: str) -> str:
    """A text in YAML's double quotes."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def load_text(text: str, source: str) -> Located:
    """Parse YAML text safely; a syntax error names the file and line (lines end at
    CR LF, CR or LF, as in an editor: a line break YAML reads but an editor does not
    show is refused first, _hidden_break())."""
    hidden = _hidden_break(text, source)
    if hidden is not None:
        raise SpecError(hidden)
    try:
        _scan(text, source)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as error:
        deep = _too_deep_at(text)
        if deep is not None:
            raise SpecError(located(source, deep, "", f"nested more than {MAX_DEPTH} levels deep; "
                                                      f"expected a flatter file")) from None
        if isinstance(error, yaml.reader.ReaderError):
            raise SpecError(_unreadable(text, source)) from None
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(error, "problem", None) or str(error)
        hint = _colon_hint(text, line) if problem.startswith("mapping values are not allowed") else None
        raise SpecError(located(source, line, "", hint or f"broken YAML: {problem}")) from None
    lines: dict[KeyPath, int] = {}
    data = None if node is None else _convert(node, (), lines, source, [0])
    return Located(data, source, lines)


def load_file(path: Path, display: str | None = None) -> Located:
    source = display or str(path)
    return load_text(read_text(path, source, error=SpecError), source)
