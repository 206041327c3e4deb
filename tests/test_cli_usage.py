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


@pytest.mark.parametrize("args,expected", [
    (["deal", "0"], "deal number: expected a whole number from 1 to 18446744073709551615, got '0'"),
    (["deal", "18446744073709551616"], "got '18446744073709551616'"),          # would wrap to deal 0
    (["rules", "jedi-temple", "--deal", "0"], "--deal: expected a whole number from 1"),
    (["challenge", "--start", "0"], "--start: expected a whole number from 1"),
    (["census", "--count", "0"], "--count: expected a whole number from 1 to 1000000"),
    (["census", "--start", "18446744073709551615", "--count", "2"], "expected at most 1"),
    (["solve", "--rules", "pyramid", "--deck", "none.txt", "--budget", "-5"], "--budget: expected a whole number from 1"),
    (["build", "--all", "--jobs", "100000"], "--jobs: expected a whole number from 1 to 64"),
])
def test_every_command_takes_the_same_deal_numbers_and_bounded_counts(cli, tmp_path, monkeypatch, args, expected):
    monkeypatch.chdir(tmp_path)
    result = cli(*args)
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert expected in line, line
    assert list(tmp_path.iterdir()) == []


def test_deal_help_opens_with_what_it_does(cli):
    """`printgen deal --help` opens with one clear sentence, not "Deal deal N"."""
    result = cli("deal", "--help")
    description = result.out.split("\n\n")[1]
    assert description.startswith("Lay out deal number N (the same cards")
    assert "deal deal" not in result.out.lower()


@pytest.mark.parametrize(("args", "made"), [
    (["build", "sabacc-62", "--only", "pdf", "--paper", "Letter", "--duplex", "Short"], "sabacc-62-letter-short.pdf"),
    (["calibrate", "--paper", "LETTER", "--duplex", " Long "], "calibrate-letter-long.pdf"),
    (["deal", "5", "--rules", "Pyramid", "--level", "Standard"], "pyramid-5-standard-a4.pdf"),
])
def test_an_options_word_is_read_in_any_case(cli, tmp_path, args, made):
    """--duplex and --rules take their words in any case, as --paper and --level do:
    a user who types Long or Pyramid gets the file, not a usage error."""
    result = cli(*args, "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert (tmp_path / made).is_file(), sorted(path.name for path in tmp_path.iterdir())


def test_a_booklet_refuses_fold_in_any_case_with_its_reason(cli, tmp_path):
    result = cli("booklet", "jedi-duel", "--duplex", "Fold", "--out", str(tmp_path))
    assert result.status == 2 and "folded into its pages" in result.err and "'fold'" in result.err


@pytest.mark.parametrize(("only", "named"), [("pdf,pgn,box", "got 'pgn' in 'pdf,pgn,box'"),
                                             ("a,b,c,d,e,f,pdf", "got 'a', 'b', 'c' and 3 more in")])
def test_only_names_the_outputs_it_does_not_know(cli, tmp_path, only, named):
    """A typo among --only's outputs is named, not only the whole list it stands in."""
    result = cli("build", "sabacc-62", "--only", only, "--out", str(tmp_path))
    assert result.status == 2 and named in result.err and len(result.err.splitlines()) == 1, result.err
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


def test_only_takes_its_outputs_in_any_case(cli, tmp_path):
    result = cli("build", "sabacc-62", "--only", "PDF,Box", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert sorted(path.name for path in tmp_path.iterdir() if path.suffix == ".pdf") == [
        "sabacc-62-a4.pdf", "sabacc-62-box-a4.pdf"]


def _commands_options():
    """(command, option, default, help) of every option that has a default: a value
    the command uses when the option is not given."""
    import argparse

    from printgen.cli import make_parser
    from printgen.cli.verbs import SUMMARIES
    for name in SUMMARIES:
        for action in make_parser([name]).commands[name]._actions:
            if (action.option_strings and action.help != argparse.SUPPRESS and action.nargs != 0
                    and not action.required and action.default is not None):
                yield name, action.option_strings[-1], action.default, action.help or ""


@pytest.mark.parametrize(("command", "option", "default", "text"),
                         [pytest.param(*row, id=f"{row[0]} {row[1]}") for row in _commands_options()])
def test_every_option_s_help_says_its_default(command, option, default, text):
    """`printgen COMMAND --help` says what an option is when it is not given (census
    --levels and --rules did not: a user saw no default for either)."""
    assert "default" in text, f"printgen {command} {option}: its default {default!r} is not in its help"
