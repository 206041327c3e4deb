"""The notes of a job: facts about the output folder (not errors), each said once,
on one line with the job's other notes when it ends."""

from __future__ import annotations

from printgen.errors import say_note
from printgen.output.running import _runs

_notes: list[str] = []
_said: set[str] = set()


def note(text: str) -> None:
    """Say text once, on one line with the job's other notes when it ends (a fact
    about the folder, not an error: the user's files printgen left alone)."""
    if text in _said or text in _notes:
        return
    _notes.append(text)
    if not _runs:
        _say_notes()


def _say_notes() -> None:
    if _notes:
        say_note(*_notes)
        _said.update(_notes)
        _notes.clear()


def _some(names: list[str]) -> str:
    shown = ", ".join(names[:3])
    return shown + (f" and {len(names) - 3} more" if len(names) > 3 else "")
