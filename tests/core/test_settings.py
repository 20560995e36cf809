"""Every environment variable the app reads: a value it cannot use is one line naming the
variable and what it accepts, exit 2, never a traceback and never silently ignored."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import cli, pattern_db, settings, speedups
from core.cli import solve as solve_cli

ROOT = Path(__file__).resolve().parents[2]
BOARD = "1 2 3\n4 5 6\n7 0 8\n"

BAD_VALUES = [
    (pattern_db.MAX_ENTRIES_VARIABLE, "\u0661\u0662"),  # Arabic-Indic 12: int() takes it
    (pattern_db.MAX_ENTRIES_VARIABLE, "\u00b2"),  # isdigit() passes it, int() refuses it
    (pattern_db.MAX_ENTRIES_VARIABLE, "9" * 5000),  # over int()'s digit limit
    (pattern_db.MAX_ENTRIES_VARIABLE, "99999999999"),  # tables of billions of entries
    (pattern_db.MAX_ENTRIES_VARIABLE, "0"),
    (pattern_db.MAX_ENTRIES_VARIABLE, "lots"),
    (pattern_db.MAX_ENTRIES_VARIABLE, "-5"),
    (speedups.PURE_PYTHON_VARIABLE, "yes"),
    (speedups.PURE_PYTHON_VARIABLE, "\u0661"),
    (pattern_db.CACHE_DIR_VARIABLE, "relative/tables"),
    (pattern_db.CACHE_DIR_VARIABLE, "~/tables"),
]
WHAT_EACH_ACCEPTS = {
    pattern_db.MAX_ENTRIES_VARIABLE: "accepts a whole number from 1 to 60000000",
    speedups.PURE_PYTHON_VARIABLE: "accepts 1 (on) or 0 (off)",
    pattern_db.CACHE_DIR_VARIABLE: "accepts an absolute folder path",
}


def solve_in_process(capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    pattern_db.forget_loaded()
    out = io.StringIO()
    code = solve_cli.main(["--optimal"], stdin=io.StringIO(BOARD), stdout=out)
    return code, out.getvalue(), capsys.readouterr().err


@pytest.mark.parametrize(("variable", "value"), BAD_VALUES)
def test_solve_names_the_variable_and_what_it_accepts(
    variable: str, value: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(variable, value)
    code, out, err = solve_in_process(capsys)
    assert (code, out) == (cli.EXIT_INVALID, "")
    assert err.count("\n") == 1
    assert err.startswith(f"slidecheck solve: {variable} {WHAT_EACH_ACCEPTS[variable]}")


def test_check_refuses_a_bad_switch(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The verdict reads the switch too (which twin counts inversions on a large board).
    monkeypatch.setenv(speedups.PURE_PYTHON_VARIABLE, "true")
    board = " ".join(map(str, [*range(1, 100), 0]))
    code = cli.main(["--width", "10"], stdin=io.StringIO(board), stdout=io.StringIO())
    assert code == cli.EXIT_INVALID
    assert capsys.readouterr().err == (
        f"slidecheck check: {speedups.PURE_PYTHON_VARIABLE} accepts 1 (on) or 0 (off), not 'true'\n"
    )


def test_a_cache_folder_that_is_a_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "tables"
    a_file.write_text("not a folder")
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(a_file))
    code, _out, err = solve_in_process(capsys)
    assert code == cli.EXIT_INVALID
    variable = pattern_db.CACHE_DIR_VARIABLE
    assert err == f"slidecheck solve: {variable} accepts a folder, and {str(a_file)!a} is not one\n"


@pytest.mark.parametrize(("value", "expected"), [("", None), ("1", 1), (" 600 ", 600)])
def test_good_numbers_are_read(
    value: str, expected: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLIDECHECK_TEST_NUMBER", value)
    assert settings.whole_number("SLIDECHECK_TEST_NUMBER", minimum=1, maximum=1000) == expected


EXECUTABLE_CASES = [
    (variable, value, command)
    for variable, value in [
        (pattern_db.MAX_ENTRIES_VARIABLE, "\u0661\u0662"),
        (pattern_db.MAX_ENTRIES_VARIABLE, "9" * 5000),
        (speedups.PURE_PYTHON_VARIABLE, "yes"),
    ]
    for command in (["solve", "-"], ["check", "-"], ["--self-test"])
] + [("SLIDECHECK_SELF_TEST_LOG", "/", ["--self-test"])]


@pytest.mark.parametrize(("variable", "value", "command"), EXECUTABLE_CASES)
def test_the_executable_says_one_line_and_exits_2(
    variable: str, value: str, command: list[str], tmp_path: Path
) -> None:
    environment = {**os.environ, variable: value, pattern_db.CACHE_DIR_VARIABLE: str(tmp_path)}
    finished = subprocess.run(
        [sys.executable, "-m", "gui.launcher", *command],
        input=BOARD,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env=environment,
    )
    assert finished.returncode == 2, finished.stderr
    assert finished.stderr.startswith(f"slidecheck: {variable} accepts ")
    assert finished.stderr.count("\n") == 1
    assert finished.stdout == ""
