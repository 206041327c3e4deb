"""What can be said of a text without the template engine: whether it holds an
expression at all (importing Jinja2 is left to printgen.lang.expr, which renders)."""

from __future__ import annotations


def is_template(text: str) -> bool:
    """Whether text holds an expression (else it is taken as it stands)."""
    return "{{" in text or "{%" in text
