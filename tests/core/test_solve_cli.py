"""`slidecheck solve`: output, exit codes, batch streaming, and never a traceback or Qt."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from core import Board, GoalName, SolveMethod, format_board, goal_board, random_board, solve
from core.cli.solve import main
from core.solution import distance_bound, moves_from_directions, replay_end
from tests.core.pattern_cache import pattern_cache  # noqa: F401 - a fixture
from tests.core.test_solve import eighty_move_positions

SCRAMBLED = "1 2 3\n4 5 6\n0 7 8\n"
UNSOLVABLE = "1 2 3\n4 5 6\n8 7 0\n"
#: 25 cells: over the optimal limit, so without its tables the beam search answers by default.
FIVE_BY_FIVE = Board(5, 5, (*range(1, 21), 0, 21, 22, 23, 24))


def run(argv: list[str], stdin_text: str = "") -> tuple[int, str]:
    """Run `slidecheck solve ARGV` in this process; returns the exit code and stdout."""
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin_text), stdout=out)
    return code, out.getvalue()


def assert_letters_solve(start: Board, letters: str, goal: GoalName | Board) -> None:
    moves = moves_from_directions(start, letters)
    assert replay_end(start, moves) == goal_board(goal, start.width, start.height)


def test_plain_output_is_length_proof_and_letters() -> None:
    code, out = run(["--fast"], format_board(FIVE_BY_FIVE))
    header, letters, *rest = out.split("\n")
    assert code == 0
    assert rest == [""]
    assert header == f"{len(letters)} moves, not proven optimal (fast method)"
    assert set(letters) <= set("UDLR")
    assert_letters_solve(FIVE_BY_FIVE, letters, GoalName.BLANK_LAST)


def test_a_large_board_gets_the_fast_method_by_default() -> None:
    code, out = run([], format_board(FIVE_BY_FIVE))
    assert code == 0
    assert out.startswith("4 moves, not proven optimal")
    assert out.split("\n")[1] == "LLLL"


def test_json_is_one_object_with_the_solution_keys() -> None:
    board = random_board(6, 4, solvable=True, rng=random.Random(6))
    code, out = run(["--json"], format_board(board))
    data = json.loads(out)
    assert code == 0
    assert out.count("\n") == 1
    assert set(data) == {"solvable", "optimal", "lower_bound", "length", "moves", "directions"}
    assert (data["solvable"], data["optimal"], data["lower_bound"]) == (True, False, None)
    assert data["length"] == len(data["moves"]) == len(data["directions"])
    assert replay_end(board, data["moves"]) == Board.solved(6, 4)
    assert_letters_solve(board, data["directions"], GoalName.BLANK_LAST)


def test_unsolvable_exits_1_with_reason_and_fix_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run([], UNSOLVABLE)
    err = capsys.readouterr().err
    assert (code, out) == (1, "unsolvable\n")
    assert err.count("\n") == 1
    assert err.startswith("slidecheck solve: not solvable: ")
    assert err.endswith("Swap 7 and 8 to make it solvable.\n")


def test_unsolvable_json_carries_reason_and_fix(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["--json"], UNSOLVABLE)
    data = json.loads(out)
    assert code == 1
    assert data["solvable"] is False
    assert data["suggested_fix"] == [7, 8]
    assert data["reason"].startswith("not solvable: ")
    assert capsys.readouterr().err == ""


def test_an_unsolvable_hundred_by_hundred_answers_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = Board(100, 100, (*range(1, 9998), 9999, 9998, 0))
    code, out = run(["--fast"], format_board(board))
    assert (code, out) == (1, "unsolvable\n")
    assert "Swap 9998 and 9999" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "stdin", "message"),
    [
        ([], "1 2 3\n4 5 5\n6 7 0\n", "appears twice"),
        ([], "", "empty"),
        (["--optimal"], format_board(Board.solved(6, 5)), "up to 16 cells"),
        (["--goal", "blank-first"], "1 2 3 4 5 6 7 8 0 9 10 11", "--width"),
    ],
)
def test_invalid_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], stdin: str, message: str
) -> None:
    assert run(argv, stdin) == (2, "")
    assert_one_error_line(capsys.readouterr().err, message)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--optimal", "--fast"], "not allowed with"),
        (["--colour"], "unrecognized arguments"),
        (["--time-budget"], "expected one argument"),
        *(
            # With `=`, argparse takes a value such as -inf as the option's, not as an option.
            ([f"--time-budget={value}"], "--time-budget: expects a positive number of seconds")
            for value in ("0", "-1", "-0.5", "nan", "inf", "-inf", "1e400", "ten", "", "0x10")
        ),
    ],
)
def test_bad_options_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        run(argv, SCRAMBLED)
    assert exited.value.code == 2
    assert_one_error_line(capsys.readouterr().err, message)


def assert_one_error_line(err: str, message: str) -> None:
    assert err.startswith("slidecheck solve: ")
    assert err.count("\n") == 1
    assert message in err
    assert "Traceback" not in err


def test_a_file_and_a_goal_file(tmp_path: Path) -> None:
    board = FIVE_BY_FIVE
    goal = Board.solved(5, 5, blank_first=True)
    (tmp_path / "board.txt").write_text(format_board(board))
    (tmp_path / "goal.txt").write_text(format_board(goal))
    code, out = run([str(tmp_path / "board.txt"), "--goal", str(tmp_path / "goal.txt")])
    assert code == 0
    assert_letters_solve(board, out.split("\n")[1], goal)


def test_a_goal_in_a_json_document() -> None:
    document = json.dumps({"width": 5, "height": 5, "tiles": list(FIVE_BY_FIVE.tiles)})
    document = document[:-1] + ', "goal": "blank-first"}'
    code, out = run(["--json"], document)
    assert code == 0
    assert_letters_solve(FIVE_BY_FIVE, json.loads(out)["directions"], GoalName.BLANK_FIRST)


def test_a_missing_file_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _ = run([str(tmp_path / "nowhere.txt")])
    assert code == 2
    assert "nowhere.txt" in capsys.readouterr().err


def test_batch_one_line_per_input_line_in_order() -> None:
    lines = [
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 0 21 22 23 24",
        "1 2 3 / 4 5 6 / 8 7 0",
        "junk",
        "",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0",
    ]
    code, out = run(["--batch", "--fast"], "\n".join(lines) + "\n")
    results = out.split("\n")
    assert results.pop() == ""
    assert len(results) == len(lines)
    assert results[0] == "4 not-optimal LLLL"
    assert results[1].startswith("unsolvable: not solvable: ")
    assert results[1].endswith("Swap 7 and 8 to make it solvable.")
    assert results[2].startswith("invalid: ")
    assert results[3].startswith("invalid: ")
    assert results[4] == "0 not-optimal"
    assert code == 2


def test_batch_exit_1_when_a_line_is_unsolvable_and_none_invalid() -> None:
    code, _ = run(["--batch", "--fast"], "1 2 3/4 5 6/7 0 8\n1 2 3/4 5 6/8 7 0\n")
    assert code == 1
    code, _ = run(["--batch", "--fast"], "1 2 3/4 5 6/7 0 8\n")
    assert code == 0


def test_batch_json() -> None:
    code, out = run(["--batch", "--json", "--fast"], "1 2 3/4 5 6/7 0 8\n1 2 3/4 5 6/8 7 0\n?\n")
    first, second, third = (json.loads(line) for line in out.splitlines())
    assert first == {
        "solvable": True,
        "optimal": False,
        "lower_bound": None,
        "length": 1,
        "moves": [8],
        "directions": "L",
    }
    assert (second["solvable"], second["suggested_fix"]) == (False, [7, 8])
    assert set(third) == {"error"}
    assert code == 2


def test_batch_writes_each_result_before_the_next_line_arrives() -> None:
    # A pipe that holds the second line back until the first result is out: a command that
    # waited for the end of its input would never answer.
    read_end, write_end = _pipe()
    out = _SignallingOutput()
    result: list[int] = []
    worker = threading.Thread(
        target=lambda: result.append(main(["--batch", "--fast"], stdin=read_end, stdout=out))
    )
    worker.start()
    write_end.write("1 2 3/4 5 6/7 0 8\n")
    write_end.flush()
    assert out.first_line.wait(timeout=60)
    assert out.getvalue() == "1 not-optimal L\n"
    write_end.write("1 2 3/4 5 6/0 7 8\n")
    write_end.close()
    worker.join(timeout=60)
    read_end.close()
    assert out.getvalue() == "1 not-optimal L\n2 not-optimal LL\n"
    assert result == [0]


class _SignallingOutput(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.first_line = threading.Event()

    def flush(self) -> None:
        super().flush()
        if "\n" in self.getvalue():
            self.first_line.set()


def _pipe() -> tuple[io.TextIOWrapper, io.TextIOWrapper]:
    read_fd, write_fd = os.pipe()
    return (
        io.TextIOWrapper(io.FileIO(read_fd, "r")),
        io.TextIOWrapper(io.FileIO(write_fd, "w")),
    )


def test_the_launcher_solves_without_importing_qt(tmp_path: Path) -> None:
    board_file = tmp_path / "board.txt"
    board_file.write_text(format_board(FIVE_BY_FIVE))
    probe = (
        "import sys\n"
        "from gui.launcher import main\n"
        "status = main(sys.argv[1:])\n"
        "assert not any(name.startswith('PySide6') for name in sys.modules), 'Qt was imported'\n"
        "sys.exit(status)\n"
    )
    finished = subprocess.run(
        [sys.executable, "-c", probe, "solve", str(board_file)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert (finished.returncode, finished.stderr) == (0, "")
    assert finished.stdout == "4 moves, not proven optimal (beam search)\nLLLL\n"


@pytest.mark.usefixtures("pattern_cache")
def test_a_small_board_gets_a_shortest_solution_by_default() -> None:
    assert run([], SCRAMBLED) == (0, "2 moves, optimal\nLL\n")
    code, out = run(["--optimal", "--json", "--goal", "blank-first"], "1 0 2/3 4 5/6 7 8")
    assert code == 0
    assert json.loads(out) == {
        "solvable": True,
        "optimal": True,
        "lower_bound": 1,
        "length": 1,
        "moves": [1],
        "directions": "R",
    }


@pytest.mark.usefixtures("pattern_cache")
def test_batch_mixes_shortest_and_fast_solutions_by_size() -> None:
    lines = "1 2 3/4 5 6/0 7 8\n" + " ".join(map(str, FIVE_BY_FIVE.tiles)) + "\n"
    code, out = run(["--batch"], lines)
    assert (code, out) == (0, "2 optimal LL\n4 not-optimal LLLL\n")


#: Runs the launcher, then reports its peak resident memory (kB): VmHWM belongs to this
#: process image only, where ru_maxrss would also count pytest's memory at the fork.
PEAK_PROBE = (
    "import sys\n"
    "from gui.launcher import main\n"
    "status = main(sys.argv[1:])\n"
    "with open('/proc/self/status') as status_file:\n"
    "    peak = next(line for line in status_file if line.startswith('VmHWM'))\n"
    "sys.stderr.write(peak.split()[1])\n"
    "sys.exit(status)\n"
)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's VmHWM")
def test_a_long_fast_solution_takes_memory_by_the_board_not_by_the_move(
    tmp_path: Path,
) -> None:
    # 120x120: millions of moves. A tile number a move (a list, then a tuple, then the
    # letters as text) took over 100 MB; a byte a move, written in slices, a fraction.
    board = random_board(120, 120, solvable=True, rng=random.Random(120))
    board_file = tmp_path / "board.txt"
    board_file.write_text(format_board(board))
    finished = subprocess.run(
        [sys.executable, "-c", PEAK_PROBE, "solve", "--fast", str(board_file)],
        capture_output=True,
        timeout=300,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert finished.returncode == 0
    summary, letters, rest = finished.stdout.split(b"\n")
    assert summary == f"{len(letters)} moves, not proven optimal (fast method)".encode()
    assert len(letters) > 3_000_000
    assert set(letters) <= set(b"UDLR")
    assert rest == b""
    peak_megabytes = int(finished.stderr) / 1024
    assert peak_megabytes < 60


# --- --time-budget ---------------------------------------------------------------------

#: The first of the 15-puzzle positions 80 moves from the goal, the most any needs.
EIGHTY = eighty_move_positions()[0]
BUDGET_HEADER = re.compile(
    r"(\d+) moves, not proven optimal \(fast method; no solution is shorter than (\d+)\)"
)


@pytest.fixture(scope="module")
def fifteen_tables(request: pytest.FixtureRequest) -> None:
    """The 15-puzzle's tables built ahead, so a tiny budget is spent searching."""
    from core.search import prepare_databases

    request.getfixturevalue("pattern_cache")
    assert prepare_databases(Board.solved(4, 4))


def assert_budget_header(header: str, board: Board) -> tuple[int, int]:
    """The length and the lower bound a budgeted text header gives, checked against the
    board: the bound is at most the true optimum (80 for EIGHTY) and the length."""
    matched = BUDGET_HEADER.fullmatch(header)
    assert matched is not None, header
    length, bound = int(matched[1]), int(matched[2])
    assert distance_bound(board, Board.solved(4, 4)) <= bound <= min(80, length)
    return length, bound


@pytest.mark.usefixtures("fifteen_tables")
def test_a_spent_budget_prints_the_hand_solution_and_the_proven_bound() -> None:
    code, out = run(["--time-budget", "0.01"], format_board(EIGHTY))
    header, letters, *rest = out.split("\n")
    assert (code, rest) == (0, [""])
    length, _bound = assert_budget_header(header, EIGHTY)
    assert length == len(letters) > 80
    assert_letters_solve(EIGHTY, letters, GoalName.BLANK_LAST)


@pytest.mark.usefixtures("fifteen_tables")
def test_a_spent_budget_in_json() -> None:
    code, out = run(["--json", "--time-budget", "0.01"], format_board(EIGHTY))
    data = json.loads(out)
    assert code == 0
    assert (data["solvable"], data["optimal"]) == (True, False)
    assert distance_bound(EIGHTY, Board.solved(4, 4)) <= data["lower_bound"] <= 80
    assert data["length"] == len(data["moves"]) == len(data["directions"]) > 80
    assert replay_end(EIGHTY, data["moves"]) == Board.solved(4, 4)


@pytest.mark.usefixtures("fifteen_tables")
def test_a_budget_with_time_to_spare_is_a_plain_shortest_solution() -> None:
    assert run(["--time-budget", "600"], SCRAMBLED) == (0, "2 moves, optimal\nLL\n")
    code, out = run(["--json", "--time-budget", "600"], SCRAMBLED)
    assert code == 0
    assert json.loads(out)["lower_bound"] == json.loads(out)["length"] == 2


@pytest.mark.usefixtures("fifteen_tables")
def test_a_budget_in_a_batch_applies_to_each_board() -> None:
    lines = f"{' '.join(map(str, EIGHTY.tiles))}\n1 2 3/4 5 6/0 7 8\n?\n"
    code, out = run(["--batch", "--time-budget", "0.01"], lines)
    first, second, third = out.splitlines()
    assert code == 2
    length, proof, bound, letters = first.split(" ")
    assert (proof, int(length)) == ("not-optimal", len(letters))
    assert bound.startswith("lower-bound=")
    assert distance_bound(EIGHTY, Board.solved(4, 4)) <= int(bound.split("=")[1]) <= 80
    assert_letters_solve(EIGHTY, letters, GoalName.BLANK_LAST)
    assert second == "2 optimal LL"
    assert third.startswith("invalid: ")
    code, out = run(["--batch", "--json", "--time-budget", "0.01"], lines)
    first_object, second_object, third_object = map(json.loads, out.splitlines())
    assert (first_object["optimal"], second_object["optimal"]) == (False, True)
    assert first_object["lower_bound"] <= 80
    assert second_object["lower_bound"] == 2
    assert set(third_object) == {"error"}


def test_a_budget_with_the_fast_method_gives_the_distance_bound() -> None:
    code, out = run(["--fast", "--time-budget", "5"], format_board(FIVE_BY_FIVE))
    # Four slides, four cells of distance: the hand method's answer is proven shortest.
    assert (code, out) == (0, "4 moves, optimal\nLLLL\n")
    board = random_board(6, 6, solvable=True, rng=random.Random(8))
    bound = distance_bound(board, Board.solved(6, 6))
    code, out = run(["--fast", "--time-budget", "5"], format_board(board))
    assert code == 0
    assert out.split("\n")[0].endswith(f"(fast method; no solution is shorter than {bound})")
    # Without --fast the budget goes to the beam search, which improves on the hand method.
    code, out = run(["--time-budget", "1"], format_board(board))
    header, letters = out.split("\n")[:2]
    assert code == 0
    assert header == (
        f"{len(letters)} moves, not proven optimal (beam search; no solution is shorter "
        f"than {bound})"
    )


def test_the_beam_search_is_the_default_above_sixteen_cells() -> None:
    board = random_board(7, 6, solvable=True, rng=random.Random(76))
    hand = solve(board, method=SolveMethod.FAST)
    for argv in ([], ["--beam"]):
        code, out = run(argv, format_board(board))
        header, letters = out.split("\n")[:2]
        assert code == 0
        assert header == f"{len(letters)} moves, not proven optimal (beam search)"
        assert len(letters) < hand.length
        assert replay_end(board, moves_from_directions(board, letters)) == Board.solved(7, 6)


def test_the_beam_search_refuses_a_strip_two_wide() -> None:
    code, out = run(["--beam"], format_board(random_board(2, 9, solvable=True)))
    assert (code, out) == (2, "")


def test_the_help_describes_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        run(["--help"])
    assert exited.value.code == 0
    assert "--time-budget S" in capsys.readouterr().out


def test_the_launcher_takes_a_budget(tmp_path: Path) -> None:
    # Through the real entry point, in a child process: the tables are not built in its
    # fresh cache folder, so any budget it is given is spent building them.
    board_file = tmp_path / "board.txt"
    board_file.write_text(format_board(EIGHTY))
    environment = {**os.environ, "SLIDECHECK_CACHE_DIR": str(tmp_path / "tables")}
    finished = run_launcher(["solve", str(board_file), "--time-budget", "0.01"], environment)
    assert (finished.returncode, finished.stderr) == (0, "")
    header, letters, rest = finished.stdout.split("\n")
    assert rest == ""
    length, _bound = assert_budget_header(header, EIGHTY)
    assert length == len(letters)
    assert_letters_solve(EIGHTY, letters, GoalName.BLANK_LAST)
    bad = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from gui.launcher import main; sys.exit(main(sys.argv[1:]))",
            "solve",
            str(board_file),
            "--time-budget",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert (bad.returncode, bad.stdout) == (2, "")
    assert_one_error_line(bad.stderr, "--time-budget")


def run_launcher(argv: list[str], environment: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`slidecheck ARGV` in a child process, from this checkout's sources."""
    return subprocess.run(
        [sys.executable, "-c", LAUNCH, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
        env=environment,
    )


LAUNCH = "import sys; from gui.launcher import main; sys.exit(main(sys.argv[1:]))"


def test_batch_a_lines_own_goal_against_goal_is_that_lines_invalid_result() -> None:
    own_goal = '{"width": 2, "height": 2, "tiles": [1, 2, 3, 0], "goal": "blank-last"}'
    code, out = run(["--batch", "--goal", "blank-first"], f"{own_goal}\n1 0 2 3\n")
    assert code == 2
    first, second = out.splitlines()
    assert first.startswith("invalid: --goal")
    assert second.startswith("1 ")  # the next line is still solved
