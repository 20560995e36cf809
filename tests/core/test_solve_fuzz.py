"""Any bytes into `slidecheck solve` and `solve --batch`: a solution that replays to the goal,
`unsolvable` with its reason, or one line and exit 2; never a traceback.

The boards come from the same writers and damage as `check`'s fuzzing
(tests/core/test_readers_fuzz.py); whenever a board of up to 9 cells comes out, whether it
was solved is compared with a breadth-first search over every arrangement.
"""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from core import Board, BoardError, parse_document
from core.cli.solve import main
from core.rule import Goal, goal_board
from core.solution import moves_from_directions, replay_end
from core.textio import InputError, decode_text, detect_encoding
from tests.core.pattern_cache import pattern_cache  # noqa: F401 - a fixture
from tests.core.test_readers_fuzz import (
    FUZZ,
    batch_inputs,
    damaged,
    truly_solvable,
    written_boards,
)


def read_outcome(data: bytes) -> tuple[Board, Goal] | Exception:
    """What the readers make of `data`: a board and its goal, or the error refusing it."""
    try:
        document = parse_document(decode_text(data, "standard input"))
    except (BoardError, InputError) as error:
        return error
    return document.board, document.goal or "blank-last"


def run_solve(argv: list[str], raw: bytes) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(argv, stdin=io.TextIOWrapper(io.BytesIO(raw)), stdout=out)
    return code, out.getvalue(), err.getvalue()


def solvable_for_sure(board: Board, goal: Goal, solved: bool) -> None:
    """For small boards, breadth-first search agrees with what the command did."""
    if board.size <= 9:
        assert solved == truly_solvable(board, goal if isinstance(goal, Board) else str(goal))


def assert_solve_result(
    raw: bytes, code: int, out: str, err: str, proof: str = "not proven optimal (fast method)"
) -> None:
    outcome = read_outcome(raw)
    if isinstance(outcome, Exception):
        assert (code, out) == (2, "")
        assert err == f"slidecheck solve: {outcome}\n"
        return
    board, goal = outcome
    if code == 1:
        assert out == "unsolvable\n"
        assert err.startswith("slidecheck solve: not solvable: ")
        assert err.count("\n") == 1
        solvable_for_sure(board, goal, solved=False)
        return
    assert (code, err) == (0, "")
    header, letters, end = out.split("\n")
    assert end == ""
    assert header == f"{len(letters)} move{'' if len(letters) == 1 else 's'}, {proof}"
    target = goal_board(goal, board.width, board.height)
    assert replay_end(board, moves_from_directions(board, letters)) == target
    solvable_for_sure(board, goal, solved=True)


@FUZZ
@given(raw=st.one_of(st.binary(max_size=200), written_boards().map(lambda w: w.text.encode())))
def test_solve_on_any_bytes(raw: bytes) -> None:
    code, out, err = run_solve(["--fast"], raw)
    assert_solve_result(raw, code, out, err)


@FUZZ
@given(st.data())
def test_solve_on_damaged_boards(data: st.DataObject) -> None:
    raw = data.draw(damaged(data.draw(written_boards()).text.encode()))
    code, out, err = run_solve(["--fast"], raw)
    assert_solve_result(raw, code, out, err)


@FUZZ
@given(raw=st.one_of(batch_inputs(), st.binary(max_size=300)))
def test_solve_batch_gives_each_line_its_own_result(raw: bytes) -> None:
    # (A stream that opens with a UTF-16 or UTF-32 mark is decoded whole; tested for check.)
    assume(detect_encoding(raw[:4])[0] == "utf-8")
    code, out, err = run_solve(["--batch", "--fast"], raw)
    assert err == ""
    lines = raw.removesuffix(b"\n").split(b"\n") if raw else []
    results = out.split("\n")
    assert results.pop() == ""
    assert len(results) == len(lines)
    worst = 0
    for line, result in zip(lines, results, strict=True):
        assert "Traceback" not in result
        outcome = read_outcome(line.removesuffix(b"\r"))
        if isinstance(outcome, Exception):
            worst = 2
            assert result.startswith("invalid: ")
            continue
        board, goal = outcome
        if result.startswith("unsolvable: not solvable: "):
            worst = max(worst, 1)
            solvable_for_sure(board, goal, solved=False)
            continue
        length, proof, *letters = result.split(" ")
        assert proof == "not-optimal"
        directions = "".join(letters)
        assert int(length) == len(directions)
        target = goal_board(goal, board.width, board.height)
        assert replay_end(board, moves_from_directions(board, directions)) == target
        solvable_for_sure(board, goal, solved=True)
    assert code == worst


@pytest.mark.usefixtures("pattern_cache")
@settings(FUZZ, max_examples=100)
@given(raw=written_boards().map(lambda w: w.text.encode()))
def test_solve_by_default_on_small_written_boards_is_optimal(raw: bytes) -> None:
    code, out, err = run_solve([], raw)
    assert_solve_result(raw, code, out, err, proof="optimal")
