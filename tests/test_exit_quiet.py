"""A run that draws text into PNGs ends quietly: no library's clean-up at exit prints
to the user's terminal (freetype-py 2.4, the oldest version printgen allows, printed an
ignored TypeError with a traceback when its faces were left to the interpreter's
last clean-up)."""

from __future__ import annotations

import subprocess
import sys


def test_a_png_run_writes_nothing_to_stderr_at_exit(tmp_path):
    done = subprocess.run([sys.executable, "-m", "printgen", "showcase", "sabacc-62", "--cards", "1,2",
                           "--dpi", "50", "--out", str(tmp_path / "out"), "-q"],
                          check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert (tmp_path / "out" / "sabacc-62-hand.png").stat().st_size and (tmp_path / "out" / "sabacc-62-spread.png").stat().st_size
