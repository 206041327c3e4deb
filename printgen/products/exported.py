"""What an export is asked for and what it gives back, shared by every export writer."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printgen.frozen import frozen


@frozen
class ExportOptions:
    out: Path
    strict: bool = False
    quiet: bool = False
    url_base: str | None = None         # Tabletop Simulator: where the images will be online
    jobs: int = 1                       # worker processes drawing a PNG profile's cards


@dataclass
class ExportResult:
    """What an export wrote, what preflight found, and lines for the user."""

    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
