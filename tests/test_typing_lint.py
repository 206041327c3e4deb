"""The code type-checks and lints clean, with the settings in pyproject.toml.

[tool.mypy] and [tool.ruff] there say what is checked: these tests only run the two
tools from the repository's root and show what they report when it is not nothing.
Each is skipped when its tool is not installed (both are in the `test` extra).
mypy keeps its cache in the repository's .mypy_cache (cache_dir), so a second run
reads only what changed.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from conftest import ROOT

PYPROJECT = ROOT / "pyproject.toml"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_mypy_reports_nothing():
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")
    result = _run("mypy", "--config-file", str(PYPROJECT))
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"


def test_ruff_reports_nothing():
    if importlib.util.find_spec("ruff") is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    result = _run("ruff", "check", "--config", str(PYPROJECT), "--output-format", "concise", "printgen")
    assert result.returncode == 0, f"ruff found problems:\n{result.stdout}{result.stderr}"
