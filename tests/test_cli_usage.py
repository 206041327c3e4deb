"""Usage errors are one line, like every other error: what was wrong, where to look."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("args,expected", [
    (["build", "sabacc-62", "--out", ""], "argument --out: expected a folder name, got ''"),
    (["build", "sabacc-62", "--duplex", "sideways"], "argument --duplex: invalid choice: 'sideways'"),
    (["nonsense"], "argument COMMAND: invalid choice: 'nonsense'"),
    (["rules", "jedi-temple", "--duplex", "fold"], "argument --duplex: invalid choice: 'fold'"),
])
def test_a_usage_error_is_one_line_and_exit_2(cli, tmp_path, monkeypatch, args, expected):
    monkeypatch.chdir(tmp_path)
    result = cli(*args)
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert expected in line and "--help" in line
    assert list(tmp_path.iterdir()) == []
