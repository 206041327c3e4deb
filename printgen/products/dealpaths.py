"""Where a deal sheet goes: its file name, known before the deal is rated, so that
`printgen deal` can check the output folder and the file (output.check_file, the
rules every write follows) before the seconds of rating, importing nothing heavy."""

from __future__ import annotations

from pathlib import Path

from printgen.output import DEFAULT


def sheet_path(rules: str, number: int, level: str, paper: str, folder: Path | None = None) -> Path:
    """The sheet's PDF: RULES-N-LEVEL-PAPER.pdf (the paper named as every other
    product's file names it, so that an A4 and a Letter sheet of a deal are two files)
    in folder (--out), else in output/deals."""
    return (DEFAULT / "deals" if folder is None else folder) / f"{rules}-{number}-{level}-{paper}.pdf"
