"""`slidecheck check`: exit codes, batch and JSON output, and clean failures."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import Board, Verdict, check, format_board
from core import cli as check_cli
from core.cli import main
from core.cli import solve as solve_cli
from tests.core.strategies import boards

REPO = Path(__file__).resolve().parents[2]
SLIDECHECK = Path(sys.executable).parent / "slidecheck"

SOLVABLE = "1 2 3\n4 5 6\n7 8 0\n"
UNSOLVABLE = "2 1 3\n4 5 6\n7 8 0\n"


def run(argv: list[str], stdin_text: str = "") -> tuple[int, str]:
    """Run `slidecheck check ARGV` in this process; returns the exit code and stdout."""
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin_text), stdout=out)
    return code, out.getvalue()


@pytest.fixture
def board_file(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text(UNSOLVABLE)
    return path


def test_solvable_exits_0() -> None:
    assert run([], SOLVABLE) == (0, "solvable\n")


def test_unsolvable_exits_1() -> None:
    assert run(["-"], UNSOLVABLE) == (1, "unsolvable\n")


def test_reads_a_file(board_file: Path) -> None:
    assert run([str(board_file)]) == (1, "unsolvable\n")


def test_invalid_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run([], "1 2 3\n4 1 5\n7 8 0\n")
    captured = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert captured.err == (
        "slidecheck check: row 2 from the bottom, column 2: tile 1 appears twice"
        " (also at row 3 from the bottom, column 1)\n"
    )


def test_invalid_file_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ragged.txt"
    path.write_text("1 2 3\n4 5\n6 7 8 0\n")
    assert run([str(path)])[0] == 2
    assert capsys.readouterr().err == (
        f'slidecheck check: "{path}": ragged rows: row 2 from the top has 2 cells but row 1 has 3\n'
    )


def test_width_for_a_flat_line() -> None:
    assert run(["--width", "3"], "1 2 3 4 5 0") == (0, "solvable\n")
    assert run(["--width", "2"], "2 1 3 4 5 0") == (1, "unsolvable\n")


def test_flat_line_without_width_asks_for_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([], "1 2 3 4 5 0")[0] == 2
    assert "--width" in capsys.readouterr().err


def test_goal_blank_first() -> None:
    # On an even width the two goals differ: the blank-first goal is unsolvable to
    # blank-last and the other way round.
    assert run(["--goal", "blank-first"], "0 1\n2 3") == (0, "solvable\n")
    assert run(["--goal", "blank-last"], "0 1\n2 3") == (1, "unsolvable\n")
    assert run([], "0 1\n2 3") == (1, "unsolvable\n")
    assert run(["--goal", "blank-first"], "1 2\n3 0") == (1, "unsolvable\n")


def test_goal_file(tmp_path: Path) -> None:
    goal = tmp_path / "goal.txt"
    goal.write_text(UNSOLVABLE)  # the "unsolvable" board is its own goal
    assert run(["--goal", str(goal)], UNSOLVABLE) == (0, "solvable\n")
    assert run(["--goal", str(goal)], SOLVABLE) == (1, "unsolvable\n")


def test_goal_of_another_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    goal = tmp_path / "goal.txt"
    goal.write_text("1 2\n3 0\n")
    assert run(["--goal", str(goal)], SOLVABLE)[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "the goal is 2x2 but the board is 3x3" in err


def test_missing_goal_file_says_it_is_the_goal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without "goal" the message would blame the board file the user did give.
    missing = tmp_path / "nope.txt"
    assert run(["--goal", str(missing)], SOLVABLE)[0] == 2
    assert capsys.readouterr().err == f'slidecheck check: goal "{missing}": no such file\n'


def test_goal_in_a_json_document() -> None:
    text = json.dumps({"width": 2, "height": 2, "tiles": [0, 1, 2, 3]})
    assert run([], text)[0] == 1
    with_goal = json.dumps({"width": 2, "height": 2, "tiles": [0, 1, 2, 3], "goal": "blank-first"})
    assert run([], with_goal)[0] == 0
    # --goal and the document's own goal that differ: refused, neither silently wins.
    assert run(["--goal", "blank-last"], with_goal)[0] == 2
    assert run(["--goal", "blank-first"], with_goal)[0] == 0


def test_json_output_has_the_verdict_keys() -> None:
    code, out = run(["--json"], UNSOLVABLE)
    assert code == 1
    data = json.loads(out)
    board = Board(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0))
    assert {key: data[key] for key in check(board).to_dict()} == check(board).to_dict()
    assert set(Verdict.__dataclass_fields__) <= set(data)
    assert data["solvable"] is False
    assert data["inversions"] == 1
    assert data["suggested_fix"] == [1, 2]


def test_explain_prints_the_steps() -> None:
    code, out = run(["--explain"], UNSOLVABLE)
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == "unsolvable"
    assert lines[1:-1] == [
        f"  {step}" for step in check(Board(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0))).steps
    ]
    assert lines[-1] == "  Swap 1 and 2 to make it solvable."


# --- batch --------------------------------------------------------------------------------------

BATCH_INPUT = "1 2 3 0\n2 1 3 0\n1 1 2 0\n\n1 2 3 4 5 6 7 8 0\nnot a board\n0 1 2 3\n"


def test_batch_one_line_per_input_line_in_order() -> None:
    code, out = run(["--batch"], BATCH_INPUT)
    assert code == 2
    assert out.splitlines() == [
        "solvable",
        "unsolvable",
        "invalid: row 2 from the bottom, column 2: tile 1 appears twice"
        " (also at row 2 from the bottom, column 1)",
        "invalid: empty input: no board given",
        "solvable",
        "invalid: row 1 from the bottom, column 1: 'not' is not a number",
        "unsolvable",
    ]


def test_batch_all_valid_exits_0_even_with_unsolvable_lines() -> None:
    assert run(["--batch"], "1 2 3 0\n2 1 3 0\n") == (0, "solvable\nunsolvable\n")


def test_batch_with_width_and_goal() -> None:
    code, out = run(
        ["--batch", "--width", "3", "--goal", "blank-first"],
        "0 1 2 3 4 5\n1 0 2 3 4 5\n2 1 0 3 4 5\n",
    )
    assert code == 0
    assert out.splitlines() == ["solvable", "solvable", "unsolvable"]


def test_batch_json() -> None:
    code, out = run(["--batch", "--json"], "1 2 3 0\n1 1 2 0\n2 1 3 0\n")
    assert code == 2
    first, second, third = (json.loads(line) for line in out.splitlines())
    assert first["solvable"] is True
    assert first == {**check(Board(2, 2, (1, 2, 3, 0))).to_dict(), "suggested_fix": None}
    assert second == {
        "error": "row 2 from the bottom, column 2: tile 1 appears twice"
        " (also at row 2 from the bottom, column 1)"
    }
    assert third["solvable"] is False
    assert third["inversions"] == 1


def test_batch_of_many_lines_keeps_order() -> None:
    lines = ["1 2 3 0" if n % 3 else "2 1 3 0" for n in range(10_000)]
    code, out = run(["--batch"], "\n".join(lines) + "\n")
    assert code == 0
    assert out.splitlines() == ["solvable" if n % 3 else "unsolvable" for n in range(10_000)]


# --- inputs that are not boards at all ------------------------------------------------------------


@pytest.mark.parametrize(
    ("make_path", "expected"),
    [
        (lambda tmp: tmp / "missing.txt", "no such file"),
        (lambda tmp: tmp, "is a directory"),
        (lambda tmp: _write_bytes(tmp / "junk.bin", bytes(range(256)) * 4), "binary data"),
        (lambda tmp: _write_bytes(tmp / "latin.txt", b"1 2 3\n4 \xe9 5\n7 8 0\n"), "not UTF-8"),
        (
            lambda tmp: _write_bytes(tmp / "huge.txt", b"1 2 3 " + b"9" * 100_000 + b"\n"),
            "is out of range",
        ),
        (lambda tmp: _write_bytes(tmp / "empty.txt", b""), "empty input"),
    ],
    ids=["missing", "directory", "binary", "latin-1", "huge-token", "empty"],
)
def test_unreadable_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make_path: object, expected: str
) -> None:
    path = make_path(tmp_path)  # type: ignore[operator]
    assert run([str(path)])[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("slidecheck check: ")
    assert expected in err
    assert "Traceback" not in err
    assert len(err) < 300


def _write_bytes(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_unknown_option_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--colour"], stdin=io.StringIO(SOLVABLE), stdout=io.StringIO())
    assert exited.value.code == 2
    assert "unrecognized arguments: --colour" in capsys.readouterr().err


# --- the real executable --------------------------------------------------------------------------


def _run_process(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(args, input=stdin, capture_output=True, timeout=60, check=False, cwd=REPO)


@pytest.mark.skipif(not SLIDECHECK.exists(), reason="the slidecheck script is not installed")
def test_console_script_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(SOLVABLE)
    bad = tmp_path / "bad.txt"
    bad.write_text(UNSOLVABLE)
    solved = _run_process([str(SLIDECHECK), "check", str(good)])
    assert (solved.returncode, solved.stdout, solved.stderr) == (0, b"solvable\n", b"")
    unsolved = _run_process([str(SLIDECHECK), "check", str(bad)])
    assert (unsolved.returncode, unsolved.stdout) == (1, b"unsolvable\n")
    piped = _run_process([str(SLIDECHECK), "check", "-", "--width", "2"], b"2 1 3 4 5 0\n")
    assert (piped.returncode, piped.stdout) == (1, b"unsolvable\n")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, b"no such file"),
        (b"\x00\x01\x02junk", b"binary data"),
        (b"1 " * 9 + b"9" * 10**5, b"out of range"),
    ],
    ids=["missing", "binary", "huge-token"],
)
def test_module_launcher_fails_cleanly(
    tmp_path: Path, content: bytes | None, expected: bytes
) -> None:
    path = tmp_path / "input.txt"
    if content is not None:
        path.write_bytes(content)
    result = _run_process([sys.executable, "-m", "gui.launcher", "check", str(path)])
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.count(b"\n") == 1
    assert expected in result.stderr
    assert b"Traceback" not in result.stderr


def test_module_launcher_batch_from_stdin() -> None:
    result = _run_process(
        [sys.executable, "-m", "gui.launcher", "check", "--batch"], b"1 2 3 0\nx\n2 1 3 0\n"
    )
    assert result.returncode == 2
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "solvable"
    assert lines[1].startswith("invalid: ")
    assert lines[2] == "unsolvable"


def test_check_does_not_import_qt(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text(UNSOLVABLE)
    script = (
        "import sys\n"
        "from gui.launcher import main\n"
        f"code = main(['check', {str(path)!r}])\n"
        "loaded = sorted(name for name in sys.modules if name.split('.')[0] in "
        "('PySide6', 'shiboken6', 'PyQt5', 'PyQt6'))\n"
        "assert not loaded, loaded\n"
        "assert code == 1, code\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        timeout=60,
        check=False,
        cwd=REPO,
        env=env,
    )
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout == b"unsolvable\n"


def test_json_with_invalid_input_reports_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--json"], "1 2 3\n4 1 5\n7 8 0\n") == (2, "")
    assert capsys.readouterr().err.count("\n") == 1


def test_binary_on_standard_input() -> None:
    result = _run_process([sys.executable, "-m", "gui.launcher", "check"], b"1 2\x00\x013 0")
    assert result.returncode == 2
    assert result.stderr == b"slidecheck check: standard input: binary data, not a board\n"


@pytest.mark.parametrize("separator", ["\x0c", "\x0b", "\x1c", "\x85", "\u2028", "\u2029", "\r"])
def test_batch_lines_are_split_on_newlines_only(separator: str) -> None:
    # Python's splitlines() also breaks at form feeds, U+2028 and the like; a batch line
    # holding one must still get exactly one result line.
    code, out = run(["--batch"], f"1 2 3 0\n1 2{separator}3 0\n2 1 3 0\n")
    lines = out.splitlines()
    assert len(out.split("\n")) == 4
    assert lines[0] == "solvable"
    assert lines[2] == "unsolvable"
    assert code in (0, 2)


@settings(max_examples=200)
@given(
    st.lists(st.text(alphabet=st.characters(blacklist_characters="\n"), max_size=30), max_size=8)
)
def test_batch_gives_one_result_line_per_input_line(lines: list[str]) -> None:
    code, out = run(["--batch"], "".join(line + "\n" for line in lines))
    results = out.split("\n")
    assert results.pop() == ""
    assert len(results) == len(lines)
    for result in results:
        assert result in ("solvable", "unsolvable") or result.startswith("invalid: ")
    assert code == (2 if any(result.startswith("invalid") for result in results) else 0)


def _single_result(line: str, extra: list[str]) -> str:
    """What `check` says of one line on its own, in the words --batch uses."""
    error = io.StringIO()
    saved, sys.stderr = sys.stderr, error
    try:
        code, _ = run(extra, line)
    finally:
        sys.stderr = saved
    if code == 2:
        return "invalid: " + error.getvalue().removeprefix("slidecheck check: ").rstrip("\n")
    return "solvable" if code == 0 else "unsolvable"


@st.composite
def flat_board_lines(draw: st.DrawFn) -> tuple[str, int]:
    board = draw(boards(min_side=1, max_side=5))
    tokens = [str(tile) for tile in board.tiles]
    # Spellings the batch shortcut must hand to the general reader, and plain ones.
    for index in draw(st.lists(st.integers(0, len(tokens) - 1), max_size=2)):
        tokens[index] = draw(st.sampled_from(["0" + tokens[index], "+" + tokens[index], "_", "x"]))
    separator = draw(st.sampled_from([" ", "  ", "\t", ", "]))
    line = draw(st.sampled_from(["", " "])) + separator.join(tokens)
    return line, board.width


@settings(max_examples=300)
@given(flat_board_lines(), st.sampled_from([[], ["--goal", "blank-first"]]), st.booleans())
def test_batch_line_says_what_a_single_check_says(
    line_and_width: tuple[str, int], goal: list[str], give_width: bool
) -> None:
    line, width = line_and_width
    extra = [*goal, "--width", str(width)] if give_width else goal
    _, out = run(["--batch", *extra], line + "\n")
    assert out == _single_result(line, extra) + "\n"


@pytest.mark.parametrize("form", ["grid", "npuzzle"])
def test_a_million_tile_board(form: str) -> None:
    solved = Board.solved(1000, 1000)
    assert run([], format_board(solved, form)) == (0, "solvable\n")
    assert run([], format_board(solved.with_swapped(0, 1), form)) == (1, "unsolvable\n")


# --- streams that are closed, full or endless -----------------------------------------------------

LAUNCHER = [sys.executable, "-m", "gui.launcher", "check"]


def _shell(command: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run `command` in bash with `$CHECK` standing for the launcher's `check`."""
    env = {**os.environ, "CHECK": " ".join(LAUNCHER)}
    return subprocess.run(
        ["bash", "-c", command],
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
        cwd=REPO,
        env=env,
    )


def _one_clean_line(stderr: bytes, expected: str) -> None:
    text = stderr.decode()
    assert text.count("\n") == 1, text
    assert text.startswith("slidecheck check: "), text
    assert expected in text, text
    assert "Traceback" not in text


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("$CHECK <&-", "standard input: closed"),
        ("echo '1 2 3 0' | $CHECK >&-", "cannot write the result: standard output is closed"),
        ("echo '1 2 3 0' | $CHECK > /dev/full", "cannot write the result: No space left"),
        ("echo '1 2 3 0' | $CHECK --batch > /dev/full", "cannot write the result: No space left"),
        ("echo '1 2 3 0' | $CHECK --json > /dev/full", "cannot write the result: No space left"),
        ("$CHECK --batch <&-", "standard input: closed"),
    ],
    ids=[
        "stdin-closed",
        "stdout-closed",
        "disk-full",
        "batch-disk-full",
        "json-disk-full",
        "batch",
    ],
)
def test_closed_or_full_streams_exit_2_with_one_line(command: str, expected: str) -> None:
    result = _shell(command)
    assert result.returncode == 2
    _one_clean_line(result.stderr, expected)


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--colour"], ["--width", "x"], ["a", "b"]):
        with pytest.raises(SystemExit) as exited:
            main(argv, stdin=io.StringIO(SOLVABLE), stdout=io.StringIO())
        assert exited.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        assert err.startswith("slidecheck check: ")
        assert "--help" in err


def test_a_file_name_with_a_line_break_stays_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two\nlines.txt"
    path.write_text("1 2 3\n4 5\n")
    assert run([str(path)])[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert '\\x0alines.txt": ragged rows' in err


def test_a_non_board_file_echoes_no_more_than_the_offending_token(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("secret-password-do-not-print is here\n1 2 3\n")
    assert run([str(path)])[0] == 2
    err = capsys.readouterr().err
    assert "secret" not in err
    assert "is here" not in err
    path.write_text("1 2 3\n4 secret-password-do-not-print 5\n6 7 0\n")
    assert run([str(path)])[0] == 2
    err = capsys.readouterr().err
    # The offending token, shortened, and nothing else of the file.
    assert err.endswith(
        ": row 2 from the bottom, column 2: 'secret-password-do-n...' is not a number\n"
    )


def test_utf16_board_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "notepad.txt"
    path.write_bytes(UNSOLVABLE.replace("\n", "\r\n").encode("utf-16"))
    assert run([str(path)]) == (1, "unsolvable\n")


def test_batch_of_utf16_lines(tmp_path: Path) -> None:
    path = tmp_path / "notepad.txt"
    path.write_bytes("1 2 3 0\r\n2 1 3 0\r\nx\r\n".encode("utf-16"))
    code, out = run(["--batch", str(path)])
    assert code == 2
    assert out.splitlines()[:2] == ["solvable", "unsolvable"]
    assert out.splitlines()[2].startswith("invalid: ")


def test_json_integer_too_long_for_python_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    text = '{"width": 2, "height": 2, "tiles": [1' + "0" * 5000 + ", 2, 3, 0]}"
    assert run([], text) == (2, "")
    _one_clean_line(capsys.readouterr().err.encode(), "out of range")


def test_batch_goes_on_after_a_json_integer_too_long_for_python() -> None:
    lines = [
        "1 2 3 0",
        '{"width": 2, "height": 2, "tiles": [1' + "0" * 5000 + ", 2, 3, 0]}",
        '{"width' + "9" * 5000 + '": 2}',
        "2 1 3 0",
    ]
    code, out = run(["--batch"], "\n".join(lines) + "\n")
    results = out.splitlines()
    assert code == 2
    assert len(results) == 4
    assert results[0] == "solvable"
    assert results[1].startswith("invalid: JSON number")
    assert results[2].startswith("invalid: ")
    assert results[3] == "unsolvable"


def test_batch_line_longer_than_the_limit_is_one_invalid_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from core.cli import common

    monkeypatch.setattr(common, "MAX_INPUT_BYTES", 1000)
    monkeypatch.setattr(common, "_BATCH_CHUNK", 64)
    lines = ["1 2 3 0", "1 " * 5000, "2 1 3 0", "3 " * 700]
    stdin = io.TextIOWrapper(io.BytesIO("\n".join(lines).encode()))
    out = io.StringIO()
    code = main(["--batch"], stdin=stdin, stdout=out)
    assert code == 2
    assert out.getvalue().splitlines() == [
        "solvable",
        "invalid: too large: the line is longer than 1,000 bytes",
        "unsolvable",
        "invalid: too large: the line is longer than 1,000 bytes",
    ]


def test_batch_bad_bytes_on_one_line_spoil_only_that_line() -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"1 2 3 0\n1 2 \xff 0\n2 1 3 0\n"))
    out = io.StringIO()
    assert main(["--batch"], stdin=stdin, stdout=out) == 2
    results = out.getvalue().splitlines()
    assert results[0] == "solvable"
    assert results[1] == "invalid: line: not UTF-8 text (byte 5)"
    assert results[2] == "unsolvable"


def test_batch_answers_each_line_as_it_arrives() -> None:
    """Inside a pipeline the next line may come only after the previous answer: the result
    of each line must be out before more input exists."""
    process = subprocess.Popen(
        [*LAUNCHER, "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    answers: list[bytes] = []
    try:
        for line, expected in [(b"1 2 3 0\n", b"solvable\n"), (b"2 1 3 0\n", b"unsolvable\n")]:
            process.stdin.write(line)
            process.stdin.flush()
            reader = threading.Thread(target=lambda: answers.append(process.stdout.readline()))  # type: ignore[union-attr]
            reader.start()
            reader.join(timeout=30)
            assert not reader.is_alive(), "no answer while the input stays open"
            assert answers[-1] == expected
    finally:
        process.stdin.close()
        process.wait(timeout=30)
        process.stdout.close()
        if process.stderr is not None:
            process.stderr.close()
    assert process.returncode == 0


def test_batch_from_an_endless_generator_stops_when_the_reader_does() -> None:
    result = _shell("yes '1 2 3 0' | $CHECK --batch | head -n 3")
    assert result.stdout == b"solvable\n" * 3
    assert result.stderr == b""


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_goal_option_and_a_json_goal_that_differ_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    board = tmp_path / "board.json"
    board.write_text(
        json.dumps(
            {"width": 3, "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 7, 0, 8], "goal": "blank-first"}
        )
    )
    command_main = check_cli.main if command == "check" else solve_cli.main
    out = io.StringIO()
    assert command_main([str(board), "--goal", "blank-last"], stdout=out) == 2
    assert out.getvalue() == ""
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert '--goal "blank-last" (blank-last)' in error
    assert '"goal" (blank-first) differ' in error


def test_a_goal_option_and_a_json_goal_that_agree_are_fine(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    board.write_text(
        json.dumps(
            {
                "width": 3,
                "height": 3,
                "tiles": [1, 2, 3, 4, 5, 6, 7, 0, 8],
                "goal": [1, 2, 3, 4, 5, 6, 7, 8, 0],
            }
        )
    )
    assert run([str(board), "--goal", "blank-last"]) == (0, "solvable\n")


# --- a person typing at a terminal -------------------------------------------------------------


def run_at_a_terminal(argv: list[str], typed: bytes) -> tuple[int, str, str]:
    """Run the real command with its standard input a terminal (a pseudo-terminal), type
    `typed` into it, then Ctrl+D once. A command still waiting after that is killed."""
    import os
    import pty

    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [str(SLIDECHECK), *argv],
        stdin=terminal,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(terminal)
    try:
        os.write(controller, typed)
        os.write(controller, b"\x04")  # Ctrl+D, once
        try:
            out, err = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            pytest.fail(f"still waiting for input after one Ctrl+D: {err.decode()!r}")
    finally:
        os.close(controller)
    return process.returncode, out.decode(), err.decode()


def test_at_a_terminal_check_says_it_reads_and_answers_on_the_first_ctrl_d() -> None:
    status, out, err = run_at_a_terminal(["check"], b"1 2 3\n4 5 6\n7 8 0\n")
    assert status == 0
    assert out == "solvable\n"
    assert "reading a board from standard input" in err
    assert "Ctrl+D" in err


def test_at_a_terminal_batch_says_it_reads_and_answers_each_line() -> None:
    status, out, err = run_at_a_terminal(["check", "--batch"], b"1 2 3 0\n2 1 3 0\n")
    assert status == 0
    assert out.splitlines() == ["solvable", "unsolvable"]
    assert "one board a line" in err


def test_at_a_terminal_solve_answers_on_the_first_ctrl_d() -> None:
    status, out, err = run_at_a_terminal(["solve"], b"1 2 3\n4 5 6\n7 0 8\n")
    assert status == 0
    assert out.splitlines() == ["1 move, optimal", "L"]
    assert "reading a board from standard input" in err


def test_batch_a_lines_own_goal_against_goal_is_that_lines_invalid_result() -> None:
    # As for one board: --goal and the line's JSON "goal" disagree, so neither answer is
    # the one asked for. The other lines are answered.
    own_goal = '{"width": 2, "height": 2, "tiles": [1, 2, 3, 0], "goal": "blank-last"}'
    code, out = run(["--batch", "--goal", "blank-first"], f"{own_goal}\n0 1 2 3\n")
    assert code == 2
    first, second = out.splitlines()
    assert first.startswith("invalid: --goal")
    assert "differ" in first
    assert second == "solvable"


@pytest.mark.parametrize("text", [b"0\n", b"7\n", b"_\n"])
def test_a_single_cell_says_a_board_needs_two_cells(text: bytes) -> None:
    """One number alone was called 'not a square board: give the width', though one is a
    square and --width 1 then said the real reason: a board needs two cells."""
    result = _run_process(LAUNCHER, text)
    assert result.returncode == 2
    _one_clean_line(result.stderr, "a board needs at least two cells")
    assert b"--width" not in result.stderr


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_goal_and_a_board_both_on_standard_input_is_refused(command: str) -> None:
    """`--goal -` took all of standard input, and the board then read nothing: 'empty input:
    no board given', with the board right there in the input."""
    result = _run_process(
        [sys.executable, "-m", "gui.launcher", command, "--goal", "-"], b"1 2 3/4 5 6/7 8 0\n"
    )
    assert result.returncode == 2
    error = result.stderr.decode()
    assert error.count("\n") == 1
    assert "standard input" in error
    assert "--goal" in error
