"""The grammar of simple expressions (lang/simple.py): text read into tokens as
Jinja2's lexer reads it, and tokens into the tree Jinja2's parser makes (its node
names, as tuples), for the subset; Unsupported for anything else. work() counts a
tree's steps as the sandbox counts the same template's (lang/sandbox.py's _work).
"""

from __future__ import annotations

import re
from typing import Any


class Unsupported(Exception):
    """Outside the subset: the Jinja2 sandbox renders it."""


Node = tuple[Any, ...]

# -- reading: tokens as Jinja2's lexer makes them, for the subset

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<float>[0-9]+\.[0-9]+)
  | (?P<integer>[1-9][0-9]*|0)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<string>'[^'\\]*'|"[^"\\]*")
  | (?P<operator>//|\*\*|==|!=|>=|<=|[-+*/%\[\](){}.:|,<>])
""", re.VERBOSE)
_OPERATORS = {"+": "add", "-": "sub", "/": "div", "//": "floordiv", "*": "mul", "%": "mod", "**": "pow",
              "[": "lbracket", "]": "rbracket", "(": "lparen", ")": "rparen", "{": "lbrace", "}": "rbrace",
              "==": "eq", "!=": "ne", ">": "gt", ">=": "gteq", "<": "lt", "<=": "lteq", ".": "dot",
              ":": "colon", "|": "pipe", ",": "comma"}
_CLOSING = {"rparen": "lparen", "rbracket": "lbracket", "rbrace": "lbrace"}
_AFTER_NUMBER = re.compile(r"[A-Za-z0-9_.]")

Token = tuple[str, Any]


def _lex(text: str) -> list[Token]:
    """text as tokens: ("data", text), ("variable_begin" | "block_begin", ""), the
    expression's tokens, ("variable_end" | "block_end", ""); Unsupported outside the subset."""
    if "\r" in text or text.endswith("\n"):         # newlines Jinja2 rewrites or drops
        raise Unsupported
    tokens: list[Token] = []
    pos, end = 0, len(text)
    while pos < end:
        starts = [at for at in (text.find("{{", pos), text.find("{%", pos), text.find("{#", pos)) if at >= 0]
        if not starts:
            tokens.append(("data", text[pos:]))
            break
        at = min(starts)
        tokens.append(("data", text[pos:at]))
        if text.startswith("{#", at) or text[at + 2:at + 3] in ("-", "+"):
            raise Unsupported
        variable = text.startswith("{{", at)
        tokens.append(("variable_begin" if variable else "block_begin", ""))
        pos = _lex_tag(text, at + 2, "}}" if variable else "%}", tokens)
        tokens.append(("variable_end" if variable else "block_end", ""))
    return tokens


def _lex_tag(text: str, pos: int, closing: str, tokens: list[Token]) -> int:
    """The tokens of one tag from pos to its closing delimiter; where the text goes on."""
    stack: list[str] = []
    while pos < len(text):
        if not stack:
            if text.startswith(closing, pos):
                return pos + 2
            if text.startswith("-" + closing, pos):
                raise Unsupported
        match = _TOKEN.match(text, pos)
        if match is None:
            raise Unsupported
        kind, value = match.lastgroup or "", match.group()
        pos = match.end()
        if kind == "space":
            continue
        if kind in ("integer", "float"):
            if _AFTER_NUMBER.match(text, pos):
                raise Unsupported
            tokens.append((kind, int(value) if kind == "integer" else float(value)))
        elif kind == "string":
            tokens.append((kind, value[1:-1]))
        elif kind == "name":
            tokens.append((kind, value))
        else:
            kind = _OPERATORS[value]
            if kind in ("lparen", "lbracket", "lbrace"):
                stack.append(kind)
            elif kind in _CLOSING and (not stack or stack.pop() != _CLOSING[kind]):
                raise Unsupported
            tokens.append((kind, value))
    raise Unsupported


# -- parsing: the tree Jinja2's parser makes (its node names, as tuples)

_COMPARE = ("eq", "ne", "lt", "lteq", "gt", "gteq")
_MATH1 = {"add": "+", "sub": "-"}
_MATH2 = {"mul": "*", "div": "/", "floordiv": "//", "mod": "%"}


class _Parser:
    """Jinja2's parser (jinja2/parser.py), method for method, for the subset."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens, self.at = [*tokens, ("eof", "")], 0

    @property
    def current(self) -> Token:
        return self.tokens[self.at]

    def next(self) -> Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def is_name(self, value: str) -> bool:
        return self.current == ("name", value)

    def expect(self, kind: str) -> Token:
        if self.current[0] != kind:
            raise Unsupported
        return self.next()

    def template(self) -> list[Node]:
        body, ending = self.subparse(())
        if ending is not None:
            raise Unsupported
        return body

    def subparse(self, ends: tuple[str, ...]) -> tuple[list[Node], str | None]:
        """Body nodes up to a block named in ends (left unread), and that name."""
        body: list[Node] = []
        data: list[Node] = []
        while True:
            kind, value = self.next()
            if kind == "eof":
                if ends:
                    raise Unsupported
                break
            if kind == "data":
                if value:
                    data.append(("TemplateData", value))
            elif kind == "variable_begin":
                data.append(self.expression_alone())
                self.expect("variable_end")
            else:                                   # block_begin
                if data:
                    body.append(("Output", tuple(data)))
                    data = []
                name = self.expect("name")[1]
                if name in ends:
                    return body, name
                if name != "if":
                    raise Unsupported
                body.append(self.parse_if())
                self.expect("block_end")
        if data:
            body.append(("Output", tuple(data)))
        return body, None

    def parse_if(self) -> Node:
        branches: list[tuple[Node, list[Node]]] = []
        else_: list[Node] = []
        while True:
            test = self.expression_alone(condexpr=False)
            self.expect("block_end")
            body, ending = self.subparse(("elif", "else", "endif"))
            branches.append((test, body))
            if ending == "elif":
                continue
            if ending == "else":
                self.expect("block_end")
                else_, ending = self.subparse(("endif",))
            if ending != "endif":
                raise Unsupported
            break
        (test, body), *elifs = branches
        return ("If", test, tuple(body), tuple(("If", t, tuple(b), (), ()) for t, b in elifs), tuple(else_))

    def expression_alone(self, condexpr: bool = True) -> Node:
        """parse_tuple for one expression (a tuple without parentheses is left to Jinja2)."""
        if self.current[0] in ("variable_end", "block_end", "rparen"):
            raise Unsupported
        node = self.parse_condexpr() if condexpr else self.parse_or()
        if self.current[0] == "comma":
            raise Unsupported
        return node

    def parse_condexpr(self) -> Node:
        expr1 = self.parse_or()
        while self.is_name("if"):
            self.next()
            expr2 = self.parse_or()
            if not self.is_name("else"):
                raise Unsupported                     # (an undefined value when false)
            self.next()
            expr1 = ("CondExpr", expr2, expr1, self.parse_condexpr())
        return expr1

    def parse_or(self) -> Node:
        left = self.parse_and()
        while self.is_name("or"):
            self.next()
            left = ("Or", left, self.parse_and())
        return left

    def parse_and(self) -> Node:
        left = self.parse_not()
        while self.is_name("and"):
            self.next()
            left = ("And", left, self.parse_not())
        return left

    def parse_not(self) -> Node:
        if self.is_name("not"):
            self.next()
            return ("Not", self.parse_not())
        return self.parse_compare()

    def parse_compare(self) -> Node:
        expr = self.parse_math1()
        ops: list[tuple[str, Node]] = []
        while True:
            kind = self.current[0]
            if kind in _COMPARE:
                self.next()
                ops.append((kind, self.parse_math1()))
            elif self.is_name("in"):
                self.next()
                ops.append(("in", self.parse_math1()))
            elif self.is_name("not") and self.tokens[self.at + 1] == ("name", "in"):
                self.at += 2
                ops.append(("notin", self.parse_math1()))
            else:
                break
        return ("Compare", expr, tuple(ops)) if ops else expr

    def parse_math1(self) -> Node:
        left = self.parse_math2()                   # (parse_concat: no ~ in the subset)
        while self.current[0] in _MATH1:
            symbol = _MATH1[self.next()[0]]
            left = ("BinExpr", symbol, left, self.parse_math2())
        return left

    def parse_math2(self) -> Node:
        left = self.parse_pow()
        while self.current[0] in _MATH2:
            symbol = _MATH2[self.next()[0]]
            left = ("BinExpr", symbol, left, self.parse_pow())
        return left

    def parse_pow(self) -> Node:
        left = self.parse_unary()
        while self.current[0] == "pow":
            self.next()
            left = ("BinExpr", "**", left, self.parse_unary())
        return left

    def parse_unary(self, with_filter: bool = True) -> Node:
        kind = self.current[0]
        if kind == "sub":
            self.next()
            node: Node = ("Neg", self.parse_unary(False))
        elif kind == "add":
            self.next()
            node = ("Pos", self.parse_unary(False))
        else:
            node = self.parse_primary()
        node = self.parse_postfix(node)
        if with_filter:
            node = self.parse_filter_expr(node)
        return node

    def parse_primary(self) -> Node:
        kind, value = self.next()
        if kind == "name":
            if value in ("true", "false", "True", "False"):
                return ("Const", value in ("true", "True"))
            if value in ("none", "None"):
                return ("Const", None)
            return ("Name", value)
        if kind == "string":
            parts = [value]
            while self.current[0] == "string":
                parts.append(self.next()[1])
            return ("Const", "".join(parts))
        if kind in ("integer", "float"):
            return ("Const", value)
        if kind == "lparen":
            node = self.expression_alone()
            self.expect("rparen")
            return node
        if kind == "lbracket":
            return ("List", tuple(self.items("rbracket")))
        if kind == "lbrace":
            return ("Dict", tuple(self.items("rbrace", pairs=True)))
        raise Unsupported

    def items(self, closing: str, pairs: bool = False) -> list[Any]:
        """A list's items (or a mapping's (key, value) pairs) up to closing; a trailing comma allowed."""
        found: list[Any] = []
        while self.current[0] != closing:
            if found:
                self.expect("comma")
            if self.current[0] == closing:
                break
            item = self.parse_condexpr()
            if pairs:
                self.expect("colon")
                item = ("Pair", item, self.parse_condexpr())
            found.append(item)
        self.expect(closing)
        return found

    def parse_postfix(self, node: Node) -> Node:
        while True:
            kind = self.current[0]
            if kind == "dot":
                self.next()
                node = ("Getattr", node, self.expect("name")[1])
            elif kind == "lbracket":
                self.next()
                node = ("Getitem", node, self.subscribed())
                self.expect("rbracket")
            elif kind == "lparen":
                node = ("Call", node, self.call_args())
            else:
                return node

    def subscribed(self) -> Node:
        """parse_subscribed: an index, or a slice (its missing parts None)."""
        parts: list[Node | None]
        if self.current[0] == "colon":
            self.next()
            parts = [None]
        else:
            node = self.parse_condexpr()
            if self.current[0] != "colon":
                if self.current[0] == "comma":
                    raise Unsupported               # several subscripts: a tuple
                return node
            self.next()
            parts = [node]
        kind = self.current[0]
        parts.append(None if kind in ("colon", "rbracket", "comma") else self.parse_condexpr())
        if self.current[0] == "colon":
            self.next()
            parts.append(None if self.current[0] in ("rbracket", "comma") else self.parse_condexpr())
        else:
            parts.append(None)
        if self.current[0] == "comma":
            raise Unsupported
        return ("Slice", *parts)

    def call_args(self) -> tuple[Node, ...]:
        """Positional arguments only (keywords and * are left to Jinja2)."""
        self.expect("lparen")
        args: list[Node] = []
        while self.current[0] != "rparen":
            if args:
                self.expect("comma")
                if self.current[0] == "rparen":
                    break
            if self.current[0] in ("mul", "pow"):
                raise Unsupported
            args.append(self.parse_condexpr())
        self.expect("rparen")
        return tuple(args)

    def parse_filter_expr(self, node: Node) -> Node:
        while True:
            kind = self.current[0]
            if kind == "pipe":
                self.next()
                name = self.expect("name")[1]
                if self.current[0] == "dot":
                    raise Unsupported
                args = self.call_args() if self.current[0] == "lparen" else ()
                node = ("Filter", node, name, args)
            elif kind == "lparen":
                node = ("Call", node, self.call_args())
            elif self.is_name("is"):
                raise Unsupported
            else:
                return node


# -- the budget's steps: sandbox._work's count of the same tree

_NODE_STEPS = {"Getattr": 8, "Call": 8, "Getitem": 4, "Filter": 2}


def _children(node: Node) -> list[Node]:
    kind = node[0]
    if kind in ("TemplateData", "Const", "Name"):
        return []
    if kind == "Output":
        return list(node[1])
    if kind == "If":
        return [node[1], *node[2], *node[3], *node[4]]
    if kind == "Compare":                           # each operator an Operand node
        return [node[1], *(("Operand", expr) for _, expr in node[2])]
    if kind in ("Operand", "Not", "Neg", "Pos", "Getattr"):
        return [node[1]]
    if kind in ("And", "Or", "Pair"):
        return [node[1], node[2]]
    if kind == "BinExpr":
        return [node[2], node[3]]
    if kind == "CondExpr":
        return [node[1], node[2], node[3]]
    if kind in ("List", "Dict"):
        return list(node[1])
    if kind == "Getitem":
        return [node[1], node[2]]
    if kind == "Slice":
        return [part for part in node[1:] if part is not None]
    if kind == "Filter":
        return [node[1], *node[3]]
    if kind == "Call":
        return [node[1], *node[2]]
    raise Unsupported


def work(body: list[Node]) -> int:
    """The steps of one pass through body, as the sandbox counts them."""
    total, stack = 0, list(body)
    while stack:
        node = stack.pop()
        kind = node[0]
        total += _NODE_STEPS.get(kind, 1)
        if kind == "TemplateData" or (kind == "Const" and isinstance(node[1], str)):
            total += len(node[1])
        stack += _children(node)
    return total


def parse(text: str) -> list[Node]:
    """The body of the template text."""
    return _Parser(_lex(text)).template()
