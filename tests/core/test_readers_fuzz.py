"""Any bytes in: the right verdict for the goal written, or one line and exit 2.

Every reader is fed what the world has (arbitrary bytes, and real boards in every format,
wrapped and then damaged) through the core API, through `check`, and through
`check --batch`. Whenever a board of up to 9 cells comes out, its verdict is compared with
a breadth-first search over every arrangement, not with the parity rule.
"""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from core import Board, BoardError, check, parse_document
from core.cli import main
from core.textio import InputError, decode_text, detect_encoding
from tests.core.ground_truth import blank_first, blank_last, is_reachable

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def truly_solvable(board: Board, goal: str | Board) -> bool:
    """Breadth-first search over every arrangement: the ground truth, for small boards."""
    if isinstance(goal, Board):
        target = goal.tiles
    elif goal == "blank-first":
        target = blank_first(board.width, board.height)
    else:
        target = blank_last(board.width, board.height)
    return is_reachable(board.tiles, board.width, target)


@dataclass(frozen=True)
class Written:
    """A board and goal, and the text a person or program might have written for them."""

    board: Board
    goal: str | Board | None  # None: the text names no goal (blank-last applies)
    text: str


@st.composite
def small_boards(draw: st.DrawFn, max_cells: int = 9) -> Board:
    width = draw(st.integers(1, 4))
    heights = [h for h in range(1, 5) if 2 <= width * h <= max_cells]
    height = draw(st.sampled_from(heights))
    return Board(width, height, tuple(draw(st.permutations(range(width * height)))))


def _cell(draw: st.DrawFn, tile: int, size: int, blank_spellings: list[str]) -> str:
    if tile == 0:
        return draw(st.sampled_from(blank_spellings))
    return str(tile)


@st.composite
def written_boards(draw: st.DrawFn) -> Written:
    """A small board (and sometimes a goal) written in one of the forms people paste."""
    board = draw(small_boards())
    rows = board.rows()
    form = draw(
        st.sampled_from(["grid", "commas", "bars", "slash", "flat", "npuzzle", "code", "json"])
    )
    if form == "json" or ((board.width == 1 or board.height == 1) and form != "grid"):
        # Line boards go as JSON or size-lined grids: a flat line of them means another board.
        form = draw(st.sampled_from(["json", "npuzzle"]))
    blanks = ["0", "_", ".", "x", "X", "-1"]
    if form == "json":
        goal: str | Board | None = draw(
            st.one_of(
                st.none(),
                st.sampled_from(["blank-last", "blank-first"]),
                st.permutations(range(board.size)).map(
                    lambda cells: Board(board.width, board.height, tuple(cells))
                ),
            )
        )
        if goal is not None and isinstance(goal, Board) and board.size > 6:
            goal = "blank-first"  # keeps the search for custom goals on small boards
        data: dict[str, object] = {"width": board.width, "height": board.height}
        data["tiles"] = list(board.tiles) if draw(st.booleans()) else [list(r) for r in rows]
        if goal is not None:
            data["goal"] = list(goal.tiles) if isinstance(goal, Board) else goal
        body = json.dumps(data, indent=draw(st.sampled_from([None, 2])))
        if draw(st.booleans()):
            body = body.replace('"', "'")
        wrapper = draw(st.sampled_from(["{}", "[{}]", "// saved\n{}", "# board\n{}", "Board:\n{}"]))
        return Written(board, goal, wrapper.replace("{}", body, 1))
    if form == "grid":
        header = f"{board.width}x{board.height}\n" if board.height == 1 else ""
        lines = [" ".join(_cell(draw, t, board.size, ["0", "_", "."]) for t in r) for r in rows]
        return Written(board, None, header + "\n".join(lines) + "\n")
    if form == "commas":
        lines = [", ".join(_cell(draw, t, board.size, blanks) for t in r) for r in rows]
        return Written(board, None, "\n".join(lines))
    if form == "bars":
        lines = [
            "| " + " | ".join(_cell(draw, t, board.size, blanks) for t in r) + " |" for r in rows
        ]
        return Written(board, None, "\n".join(lines))
    if form == "slash":
        return Written(
            board,
            None,
            "/".join(" ".join(_cell(draw, t, board.size, blanks) for t in r) for r in rows),
        )
    if form == "flat":
        assume(board.width == board.height)
        return Written(
            board, None, " ".join(_cell(draw, t, board.size, blanks) for t in board.tiles)
        )
    if form == "npuzzle":
        size = f"{board.width}x{board.height}" if board.width != board.height else str(board.width)
        lines = [" ".join(str(t) for t in r) for r in rows]
        return Written(board, None, "# puzzle\n" + size + "\n" + "\n".join(lines) + "\n")
    lines = ["{" + ", ".join(str(t) for t in r) + "}," for r in rows]
    return Written(board, None, "int board[][] = {\n" + "\n".join(lines) + "\n};")


@st.composite
def damaged(draw: st.DrawFn, data: bytes) -> bytes:
    """`data` with a few bytes inserted, deleted or replaced."""
    edits = draw(
        st.lists(st.tuples(st.integers(0, max(len(data), 1)), st.binary(max_size=3)), max_size=3)
    )
    result = bytearray(data)
    for wanted, replacement in edits:
        position = min(wanted, len(result))
        cut = draw(st.integers(0, 2))
        result[position : position + cut] = replacement
    return bytes(result)


def _read(data: bytes) -> tuple[Board, str | Board] | Exception:
    """What the core makes of `data`: a board and the goal it is checked against, or the
    one error that refuses it."""
    try:
        document = parse_document(decode_text(data, "standard input"))
    except (BoardError, InputError) as error:
        return error
    return document.board, document.goal or "blank-last"


def _assert_one_line(message: str) -> None:
    assert message
    assert "\n" not in message
    assert "Traceback" not in message


# --- the core API ---------------------------------------------------------------------------


@FUZZ
@given(written_boards())
def test_every_written_board_is_read_back_with_its_goal(written: Written) -> None:
    outcome = _read(written.text.encode())
    assert not isinstance(outcome, Exception), (written.text, outcome)
    board, goal = outcome
    assert board == written.board
    assert goal == (written.goal or "blank-last")
    assert check(board, goal).solvable == truly_solvable(board, goal)


@FUZZ
@given(st.data())
def test_damaged_boards_get_the_right_verdict_or_one_clear_error(data: st.DataObject) -> None:
    written = data.draw(written_boards())
    _assert_right_verdict_or_one_clear_error(data.draw(damaged(written.text.encode())))


@FUZZ
@given(st.binary(max_size=200))
def test_any_bytes_give_a_board_or_one_clear_error(raw: bytes) -> None:
    _assert_right_verdict_or_one_clear_error(raw)


def _assert_right_verdict_or_one_clear_error(raw: bytes) -> None:
    outcome = _read(raw)
    if isinstance(outcome, Exception):
        _assert_one_line(str(outcome))
        return
    board, goal = outcome
    if board.size <= 9:
        assert check(board, goal).solvable == truly_solvable(board, goal)


# --- `slidecheck check` and `check --batch` ------------------------------------------------------


def _run_check(argv: list[str], raw: bytes) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(argv, stdin=io.TextIOWrapper(io.BytesIO(raw)), stdout=out)
    return code, out.getvalue(), err.getvalue()


def _assert_check_result(raw: bytes, code: int, out: str, err: str) -> None:
    outcome = _read(raw)
    if isinstance(outcome, Exception):
        assert (code, out) == (2, "")
        assert err == f"slidecheck check: {outcome}\n"
        return
    board, goal = outcome
    solvable = check(board, goal).solvable
    if board.size <= 9:
        assert solvable == truly_solvable(board, goal)
    assert (code, out, err) == ((0, "solvable\n", "") if solvable else (1, "unsolvable\n", ""))


@FUZZ
@given(raw=st.one_of(st.binary(max_size=200), written_boards().map(lambda w: w.text.encode())))
def test_check_on_any_bytes(raw: bytes) -> None:
    code, out, err = _run_check([], raw)
    _assert_check_result(raw, code, out, err)


@FUZZ
@given(st.data())
def test_check_on_damaged_boards(data: st.DataObject) -> None:
    raw = data.draw(damaged(data.draw(written_boards()).text.encode()))
    code, out, err = _run_check([], raw)
    _assert_check_result(raw, code, out, err)


@st.composite
def batch_inputs(draw: st.DrawFn) -> bytes:
    """Lines of boards on one line each (flat, slash, JSON), some damaged, some junk."""
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["board", "damaged", "junk"]))
        if kind == "junk":
            line = draw(st.binary(max_size=40)).replace(b"\n", b" ")
        else:
            written = draw(written_boards())
            one_line = written.text.replace(
                "\n", " " if written.text.lstrip()[:1] in "{[/#B" else "/"
            )
            line = one_line.encode()
            if kind == "damaged":
                line = draw(damaged(line)).replace(b"\n", b"")
        lines.append(line)
    return b"\n".join(lines) + (b"\n" if lines and draw(st.booleans()) else b"")


@FUZZ
@given(raw=st.one_of(batch_inputs(), st.binary(max_size=300)))
def test_batch_gives_each_line_its_own_result(raw: bytes) -> None:
    # (A stream that opens with a UTF-16 or UTF-32 mark is decoded whole; tested elsewhere.)
    assume(detect_encoding(raw[:4])[0] == "utf-8")
    code, out, err = _run_check(["--batch"], raw)
    assert err == ""
    lines = raw.removesuffix(b"\n").split(b"\n") if raw else []
    results = out.splitlines()
    assert len(results) == len(lines)
    any_invalid = False
    for line, result in zip(lines, results, strict=True):
        outcome = _read(line.removesuffix(b"\r"))
        if isinstance(outcome, Exception):
            any_invalid = True
            assert result.startswith("invalid: ")
            _assert_one_line(result)
            continue
        board, goal = outcome
        solvable = check(board, goal).solvable
        if board.size <= 9:
            assert solvable == truly_solvable(board, goal)
        assert result == ("solvable" if solvable else "unsolvable")
    assert code == (2 if any_invalid else 0)
