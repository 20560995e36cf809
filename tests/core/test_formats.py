"""Reading every board text form in DESIGN.md, writing the common ones, and the errors."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from core import (
    Board,
    BoardError,
    WidthNeededError,
    check,
    format_board,
    parse_board,
    parse_document,
    parse_draft,
)
from core.board import MAX_CELLS
from core.formats import FORMATS, MAX_TEXT_LENGTH, parse_goal

EIGHT_SOLVED = Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
EIGHT_MIDDLE_BLANK = Board(3, 3, (1, 2, 3, 4, 0, 5, 7, 8, 6))
FIFTEEN_SOLVED = Board.solved(4, 4)
THREE_BY_TWO = Board(3, 2, (1, 2, 3, 4, 5, 0))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("1 2 3\n4 5 6\n7 8 0\n", EIGHT_SOLVED, id="spaces"),
        pytest.param("  1  2  3\n  4  5  6\n  7  8  0  \n\n", EIGHT_SOLVED, id="padded-spaces"),
        pytest.param("1\t2\t3\n4\t5\t6\n7\t8\t0", EIGHT_SOLVED, id="tabs"),
        pytest.param("1,2,3\n4,5,6\n7,8,0", EIGHT_SOLVED, id="commas"),
        pytest.param("1, 2, 3,\n4, 5, 6,\n7, 8, 0,", EIGHT_SOLVED, id="commas-trailing"),
        pytest.param("1, 2, 3,\n4, 5, 6\n7, 8, 0,", EIGHT_SOLVED, id="commas-trailing-mostly"),
        pytest.param("1,2,3,4,5,6,7,8,0,", EIGHT_SOLVED, id="flat-trailing-comma"),
        pytest.param("1;2;3\n4;5;6\n7;8;0", EIGHT_SOLVED, id="semicolons"),
        pytest.param("| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n| 7 | 8 | 0 |", EIGHT_SOLVED, id="pipes"),
        pytest.param("1 | 2 | 3\n4 |   | 5\n7 | 8 | 6", EIGHT_MIDDLE_BLANK, id="inner-pipes"),
        pytest.param(
            "+---+---+---+\n| 1 | 2 | 3 |\n+---+---+---+\n| 4 |   | 5 |\n+---+---+---+\n"
            "| 7 | 8 | 6 |\n+---+---+---+",
            EIGHT_MIDDLE_BLANK,
            id="ascii-table",
        ),
        pytest.param(
            "┌───┬───┬───┐\n│ 1 │ 2 │ 3 │\n├───┼───┼───┤\n│ 4 │   │ 5 │\n├───┼───┼───┤\n"
            "│ 7 │ 8 │ 6 │\n└───┴───┴───┘",
            EIGHT_MIDDLE_BLANK,
            id="box-drawing",
        ),
        pytest.param("{1, 2, 3},\n{4, 5, 6},\n{7, 8, 0},", EIGHT_SOLVED, id="c-rows"),
        pytest.param(
            "int puzzle[3][3] = {{1, 2, 3},\n  {4, 5, 6}, // the middle row\n  {7, 8, 0}};",
            EIGHT_SOLVED,
            id="c-declaration",
        ),
        pytest.param("[[1, 2, 3], [4, 5, 6], [7, 8, 0]]", EIGHT_SOLVED, id="python-nested"),
        pytest.param(
            "puzzle = [[1, 2, 3],\n  [4, 5, 6],\n  [7, 8, 0]]", EIGHT_SOLVED, id="py-rows"
        ),
        pytest.param("1 2 3/4 5 6/7 8 0", EIGHT_SOLVED, id="slash"),
        pytest.param("1 2 3 / 4 5 6 / 7 8 0", EIGHT_SOLVED, id="slash-spaced"),
        pytest.param("1 2 3 4 5 6 7 8 0", EIGHT_SOLVED, id="flat-square"),
        pytest.param("1,2,3,4,5,6,7,8,0", EIGHT_SOLVED, id="flat-square-commas"),
        pytest.param("[1, 2, 3, 4, 5, 6, 7, 8, 0]", EIGHT_SOLVED, id="flat-python-list"),
        pytest.param(" ".join(map(str, FIFTEEN_SOLVED.tiles)), FIFTEEN_SOLVED, id="flat-square-16"),
        pytest.param("# an 8-puzzle\n3\n1 2 3\n4 5 6\n7 8 0\n", EIGHT_SOLVED, id="npuzzle"),
        pytest.param(
            "# a comment\n# another\n3\n1 2 3 # first row\n4 5 6\n7 8 0",
            EIGHT_SOLVED,
            id="npuzzle-comments",
        ),
        pytest.param("# rectangle\n3x2\n1 2 3\n4 5 0\n", THREE_BY_TWO, id="npuzzle-WxH"),
        pytest.param("3 x 2\n1 2 3\n4 5 0\n", THREE_BY_TWO, id="npuzzle-W-x-H"),
        pytest.param("3x1\n1 0 2", Board(3, 1, (1, 0, 2)), id="npuzzle-one-row"),
        pytest.param("2\n1\n0", Board(1, 3, (2, 1, 0)), id="column-board-not-a-size-line"),
        pytest.param(
            '{"width": 3, "height": 2, "tiles": [1, 2, 3, 4, 5, 0]}', THREE_BY_TWO, id="json"
        ),
        pytest.param(
            '{"width": 3, "height": 2, "tiles": [[1, 2, 3], [4, 5, 0]]}',
            THREE_BY_TWO,
            id="json-rows",
        ),
        pytest.param('{"tiles": [[1, 2, 3], [4, 5, 0]]}', THREE_BY_TWO, id="json-rows-no-size"),
        pytest.param('{"width": 3, "tiles": [1, 2, 3, 4, 5, 0]}', THREE_BY_TWO, id="json-width"),
        pytest.param("\ufeff1 2 3\n4 5 6\n7 8 0", EIGHT_SOLVED, id="byte-order-mark"),
        pytest.param("1 2 3\r\n4 5 6\r\n7 8 0\r\n", EIGHT_SOLVED, id="crlf"),
    ],
)
def test_reads_every_documented_form(text: str, expected: Board) -> None:
    assert parse_board(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("1 2 3\n4 0 5\n7 8 6", EIGHT_MIDDLE_BLANK, id="zero"),
        pytest.param("1 2 3\n4 _ 5\n7 8 6", EIGHT_MIDDLE_BLANK, id="underscore"),
        pytest.param("1 2 3\n4 . 5\n7 8 6", EIGHT_MIDDLE_BLANK, id="dot"),
        pytest.param("1 2 3\n4 x 5\n7 8 6", EIGHT_MIDDLE_BLANK, id="x"),
        pytest.param("1 2 3\n4 X 5\n7 8 6", EIGHT_MIDDLE_BLANK, id="X"),
        pytest.param("1 2 3\n4 -1 5\n7 8 6", EIGHT_MIDDLE_BLANK, id="minus-one"),
        pytest.param("1,2,3\n4,,5\n7,8,6", EIGHT_MIDDLE_BLANK, id="empty-between-commas"),
        pytest.param("1\t2\t3\n4\t\t5\n7\t8\t6", EIGHT_MIDDLE_BLANK, id="empty-between-tabs"),
        pytest.param("|1|2|3|\n|4| |5|\n|7|8|6|", EIGHT_MIDDLE_BLANK, id="empty-between-pipes"),
        pytest.param(
            "1,2,3\n4,5,\n7,8,6", parse_board("1 2 3/4 5 0/7 8 6"), id="empty-last-csv-cell"
        ),
        pytest.param(
            "1, 2, 3,\n4, 5, ,\n7, 8, 6,",
            parse_board("1 2 3/4 5 0/7 8 6"),
            id="empty-last-code-cell",
        ),
        pytest.param("1 2 3\n4 9 5\n7 8 6", EIGHT_MIDDLE_BLANK, id="W*H-as-blank"),
        pytest.param(
            '{"width": 3, "height": 3, "tiles": [1, 2, 3, 4, null, 5, 7, 8, 6]}',
            EIGHT_MIDDLE_BLANK,
            id="json-null",
        ),
    ],
)
def test_every_blank_spelling(text: str, expected: Board) -> None:
    assert parse_board(text) == expected


def test_w_times_h_is_a_tile_value_only_when_no_other_blank() -> None:
    with pytest.raises(BoardError, match=r"row 1 from the bottom, column 3: 9 is out of range"):
        parse_board("1 2 3\n4 0 5\n7 8 9")


@pytest.mark.parametrize(
    ("width", "expected"),
    [(3, Board(3, 2, (1, 2, 3, 4, 5, 0))), (2, Board(2, 3, (1, 2, 3, 4, 5, 0)))],
)
def test_flat_line_with_width(width: int, expected: Board) -> None:
    assert parse_board("1 2 3 4 5 0", width=width) == expected
    assert parse_board("[1, 2, 3, 4, 5, 0]", width=width) == expected


def test_flat_line_without_width_asks_for_it() -> None:
    with pytest.raises(BoardError, match=r"one line of 6 cells is not a square.*--width"):
        parse_board("1 2 3 4 5 0")


def test_width_that_does_not_divide_the_line() -> None:
    with pytest.raises(BoardError, match=r"6 cells do not fill rows of width 4"):
        parse_board("1 2 3 4 5 0", width=4)


def test_width_that_contradicts_the_rows() -> None:
    with pytest.raises(BoardError, match=r"rows are 3 cells wide but the width given is 2"):
        parse_board("1 2 3\n4 5 0", width=2)


@pytest.mark.parametrize("width", [0, -3])
def test_width_must_be_positive(width: int) -> None:
    with pytest.raises(BoardError, match=r"width must be at least 1"):
        parse_board("1 2 3 0", width=width)


# --- JSON with a goal --------------------------------------------------------------------------


@pytest.mark.parametrize("goal", ["blank-last", "blank-first"])
def test_json_named_goal(goal: str) -> None:
    text = json.dumps({"width": 3, "height": 2, "tiles": [1, 2, 3, 4, 5, 0], "goal": goal})
    assert parse_document(text).goal == goal


def test_json_goal_board() -> None:
    text = '{"width": 2, "height": 2, "tiles": [[1, 2], [3, 0]], "goal": [0, 1, 2, 3]}'
    document = parse_document(text)
    assert document.board == Board(2, 2, (1, 2, 3, 0))
    assert document.goal == Board(2, 2, (0, 1, 2, 3))


def test_plain_text_carries_no_goal() -> None:
    assert parse_document("1 2 3\n4 5 0").goal is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"width": 2, "height": 2, "tiles": [1, 2, 3, 0', r"not valid JSON at line 1, column"),
        ('{"width": 2, "height": 2}', r'no "tiles"'),
        ('{"width": 2, "height": 2, "tiles": 5}', r'"tiles" must be a list'),
        ('{"width": 2, "height": 2, "tiles": [1, 2, 3, true]}', r"item 4: True is not a number"),
        ('{"width": "2", "height": 2, "tiles": [1, 2, 3, 0]}', r'"width" must be a whole number'),
        ('{"width": 2, "height": 2, "tiles": [1, 2, 3]}', r"2x2 board needs 4 cells, got 3"),
        (
            '{"width": 2, "height": 2, "tiles": [1, 2, 3, "a"]}',
            r"row 1 from the bottom, column 2: 'a' is not",
        ),
        ('{"tiles": [1, 2, 0]}', r'holds 3 cells, not a square: give "width"'),
        ('{"width": 2, "height": 2, "tiles": [1, 2, 3, 0], "goal": "up"}', r'"goal" must be'),
        (
            '{"width": 2, "height": 2, "tiles": [1, 2, 3, 0], "goal": [1, 1, 2, 0]}',
            r'"goal": row 2 from the bottom, column 2: tile 1 appears twice',
        ),
    ],
)
def test_json_errors(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        parse_board(text)


# --- errors name the problem and the place ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "1 2 3\n4 1 5\n7 8 0",
            r"row 2 from the bottom, column 2: tile 1 appears twice"
            r" \(also at row 3 from the bottom, column 1\)",
            id="duplicate-names-both-cells",
        ),
        pytest.param(
            "1 2 3\n4 55 6\n7 8 0",
            r"row 2 from the bottom, column 2: 55 is out of range; a 3x3 board has tiles 1 to 8",
            id="out-of-range",
        ),
        pytest.param(
            "1 2 3\n4 -5 6\n7 8 0",
            r"row 2 from the bottom, column 2: -5 is out of range",
            id="negative",
        ),
        pytest.param(
            "1 2 3\n4 0 6\n7 8 0",
            r"row 1 from the bottom, column 3: a second blank"
            r" \(the first is at row 2 from the bottom, column 2\)",
            id="two-blanks",
        ),
        pytest.param(
            "1 2 3\n4 5\n6 7 8 0",
            r"ragged rows: row 2 from the top has 2 cells but row 1 has 3",
            id="ragged",
        ),
        pytest.param(
            "1 2 3\n4 5 6\n7 8 0 9",
            r"ragged rows: row 3 from the top has 4 cells but row 1 has 3",
            id="ragged-last-row",
        ),
        pytest.param(
            "1 2\n3",
            r"ragged rows: row 2 from the top has 1 cell but row 1 has 2",
            id="ragged-one-cell",
        ),
        pytest.param(
            "1 2 3\n4 a 6\n7 8 0",
            r"row 2 from the bottom, column 2: 'a' is not a number",
            id="non-number",
        ),
        pytest.param(
            "1 2 3\n4 5 6\n7 8 ６",
            r"row 1 from the bottom, column 3: '６' is not a number",
            id="non-ascii-digit",
        ),
        pytest.param(
            "1 2 3 4\n5 6 7 8\n9 1_0 11 12\n13 14 15 0",
            r"row 2 from the bottom, column 2: '1_0' is not a number",
            id="underscore-inside-number",
        ),
        pytest.param(
            "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 " + "9" * 200,
            r"row 1 from the bottom, column 4: 9{20}\.\.\. is out of range",
            id="over-long-token",
        ),
        pytest.param(
            "++0 1\n2 3",
            r"row 2 from the bottom, column 1: '\+\+0' is not a number",
            id="two-signs",
        ),
        pytest.param(
            "1 2\n-+3 0",
            r"row 1 from the bottom, column 1: '-\+3' is not a number",
            id="mixed-signs",
        ),
        pytest.param("", r"empty input", id="empty"),
        pytest.param("   \n\t\n  ", r"empty input", id="whitespace-only"),
        pytest.param("# just a comment\n", r"empty input", id="comment-only"),
        pytest.param("1 0", r"one line of 2 cells is not a square board", id="flat-not-square"),
        pytest.param(
            "# 8-puzzle\n3\n1 2 3\n4 5 6\n7 8",
            r"ragged rows: row 3 from the top has 2 cells but the size line '3' says 3",
            id="npuzzle-short-row",
        ),
        pytest.param(
            "# 8-puzzle\n3\n1 2 3\n4 5 6\n",
            r"the size line '3' says 3 rows, but 2 follow",
            id="npuzzle-missing-row",
        ),
    ],
)
def test_errors_name_problem_and_place(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message) as raised:
        parse_board(text)
    assert "\n" not in str(raised.value)


def test_too_many_cells() -> None:
    too_big = json.dumps({"width": 2001, "height": 2000, "tiles": [0]})
    with pytest.raises(BoardError, match=r"too large: 2001x2000 is 4,002,000 cells, the limit"):
        parse_board(too_big)


def test_too_many_cells_in_a_flat_line() -> None:
    side = int(MAX_CELLS**0.5) + 1
    text = "0 " * (side * side)
    with pytest.raises(BoardError, match=r"too large"):
        parse_board(text)


def test_too_much_text() -> None:
    with pytest.raises(BoardError, match=r"too large: the input is .* characters"):
        parse_board(" " * (MAX_TEXT_LENGTH + 1))


def test_not_text_at_all() -> None:
    with pytest.raises(BoardError, match=r"expected text, got bytes"):
        parse_board(b"1 2 3 0")  # type: ignore[arg-type]


# --- writing -------------------------------------------------------------------------------------


def test_grid_form_is_right_aligned_rows() -> None:
    board = Board(4, 2, (1, 2, 3, 4, 5, 6, 7, 0))
    assert format_board(board) == "1 2 3 4\n5 6 7 0\n"
    big = Board(4, 4, (15, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0))
    assert format_board(big).splitlines()[0] == "15  1  2  3"


def test_slash_form() -> None:
    assert format_board(EIGHT_SOLVED, "slash") == "1 2 3/4 5 6/7 8 0\n"


def test_npuzzle_form() -> None:
    assert format_board(THREE_BY_TWO, "npuzzle") == "# slidecheck board\n3x2\n1 2 3\n4 5 0\n"
    assert format_board(EIGHT_SOLVED, "npuzzle").splitlines()[1] == "3"


def test_json_form() -> None:
    data = json.loads(format_board(THREE_BY_TWO, "json", goal="blank-first"))
    assert data == {"width": 3, "height": 2, "tiles": [1, 2, 3, 4, 5, 0], "goal": "blank-first"}
    data = json.loads(format_board(THREE_BY_TWO, "json", goal=Board.solved(3, 2, blank_first=True)))
    assert data["goal"] == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("form", FORMATS)
@pytest.mark.parametrize(
    "board",
    [
        Board(2, 1, (0, 1)),
        Board(4, 1, (3, 0, 1, 2)),
        Board(9, 1, (1, 2, 3, 4, 5, 6, 7, 8, 0)),
        Board(1, 4, (3, 0, 1, 2)),
        Board(2, 2, (3, 1, 0, 2)),
        Board(5, 2, (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)),
    ],
    ids=repr,
)
def test_awkward_shapes_round_trip(form: str, board: Board) -> None:
    # One-row boards whose length is a square (4, 9) must not come back as 2x2 or 3x3.
    assert parse_board(format_board(board, form)) == board


def test_unknown_form() -> None:
    with pytest.raises(ValueError, match=r"unknown board format 'html'"):
        format_board(EIGHT_SOLVED, "html")


def test_a_leading_caption_is_not_a_row() -> None:
    # Articles print "Current state:" inside the code block a reader copies.
    assert parse_board("Current state:\n1 2\n3 0") == Board(2, 2, (1, 2, 3, 0))


def test_words_between_rows_are_still_an_error() -> None:
    with pytest.raises(BoardError, match=r"row 2 from the bottom, column 1: 'foo' is not a number"):
        parse_board("1 2\nfoo bar\n3 0")


# --- a goal is read as written, or refused; never replaced by the default -----------------

_GOAL_JSON = '{"width": 2, "height": 2, "tiles": [1, 2, 3, 0], "goal": "blank-first"}'


@pytest.mark.parametrize(
    "text",
    [
        "// from my solver\n" + _GOAL_JSON,
        "# saved board\n" + _GOAL_JSON,
        "/* saved\n   board */\n" + _GOAL_JSON,
        "[" + _GOAL_JSON + "]",
        "[\n  " + _GOAL_JSON + "\n]\n",
        _GOAL_JSON.replace('"', "'"),
        "Board:\n" + json.dumps(json.loads(_GOAL_JSON), indent=2),
        "Current state:\n\n" + json.dumps(json.loads(_GOAL_JSON), indent=4) + "\n",
    ],
    ids=[
        "line-comment",
        "hash-comment",
        "block-comment",
        "wrapped-in-a-list",
        "wrapped-pretty",
        "single-quotes",
        "caption-pretty",
        "caption-indent-4",
    ],
)
def test_json_goal_survives_what_people_wrap_it_in(text: str) -> None:
    document = parse_document(text)
    assert document.board == Board(2, 2, (1, 2, 3, 0))
    assert document.goal == "blank-first"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Goal: blank-first\n1 2 3\n4 5 6\n7 8 0\n", r"names a goal \('Goal: blank-first'\)"),
        ("goal = blank first\n1 2\n3 0\n", "names a goal"),
        (_GOAL_JSON.replace('"goal"', '"Goal"'), "JSON key 'Goal' is not read"),
        ("[" + _GOAL_JSON + ", " + _GOAL_JSON + "]", "JSON list holds 2 items"),
        (
            '{"width": 2, "height": 2, "tiles": [1, 2, 3, 0], "goal": "blank-first",}',
            "not valid JSON",
        ),
    ],
    ids=["caption", "caption-lowercase", "capitalised-key", "two-boards", "trailing-comma"],
)
def test_a_goal_that_cannot_be_used_is_an_error(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        parse_document(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"width": 3, "height": 3, "tiles": [1' + "0" * 5000 + ", 2, 3, 4, 5, 6, 7, 8, 0]}",
        '{"width": 3' + "0" * 5000 + ', "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 7, 8, 0]}',
        '{"width": 2, "height": 2, "tiles": [1, 2, 3, 0], "goal": [-' + "9" * 4400 + "]}",
    ],
    ids=["tile", "width", "goal"],
)
def test_json_numbers_too_long_for_python_are_out_of_range(text: str) -> None:
    with pytest.raises(BoardError, match=r"JSON number .* digits\) is out of range"):
        parse_document(text)


def test_json_without_a_width_is_read_as_a_square() -> None:
    assert parse_board('{"tiles": [1, 2, 3, 4, 5, 6, 7, 8, 0]}') == Board.solved(3, 3)


# --- empty cells, lower-case x, and size lines ------------------------------------------------


def test_a_flat_line_whose_last_cell_is_empty_has_the_blank_there() -> None:
    assert parse_board("1,2,3,4,5,6,7,8,") == Board.solved(3, 3)


def test_a_one_wide_column_with_an_empty_last_cell() -> None:
    board = parse_board("2,1,\n", width=1)
    assert board == Board(1, 3, (2, 1, 0))
    assert not check(board).solvable


def test_a_trailing_comma_after_the_blank_is_not_a_cell() -> None:
    assert parse_board("1, 2, 3, 4, 5, 6, 7, 8, 0,") == Board.solved(3, 3)


def test_a_row_with_the_blank_written_x_is_not_a_size_line() -> None:
    assert parse_board("7 x 4\n1 2 3\n5 6 8\n") == Board(3, 3, (7, 0, 4, 1, 2, 3, 5, 6, 8))
    assert parse_board("1 2 3\n7 X 4\n5 6 8\n") == Board(3, 3, (1, 2, 3, 7, 0, 4, 5, 6, 8))


def test_a_real_size_line_is_still_read() -> None:
    assert parse_board("3 x 2\n1 2 3\n4 5 0\n") == Board(3, 2, (1, 2, 3, 4, 5, 0))


# --- too large is said before the work ---------------------------------------------------------


def _peak_memory_of_refusing(text: str, message: str) -> int:
    tracemalloc.start()
    try:
        with pytest.raises(BoardError, match=message):
            parse_document(text)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_too_many_numbers_are_refused_before_they_are_split() -> None:
    text = "12 " * (MAX_CELLS + 100_000)
    # Splitting would make a string object per number (about 50 bytes each): 200+ MB here.
    # Counting them needs less than one more copy of the text.
    assert _peak_memory_of_refusing(text, "too large: the input holds") < len(text)


def test_a_json_list_longer_than_two_boards_is_refused_before_it_is_parsed() -> None:
    text = '{"width": 2, "tiles": [' + "1234567," * (2 * MAX_CELLS + 100_000) + "0]}"
    assert _peak_memory_of_refusing(text, "too large") < len(text)


def test_tiles_that_are_not_whole_numbers_are_a_board_error() -> None:
    with pytest.raises(BoardError, match="whole numbers"):
        Board(2, 2, (1.0, 2, 3, 0))  # type: ignore[arg-type]
    with pytest.raises(BoardError, match="whole numbers"):
        Board(2, 2, ("1", 2, 3, 0))  # type: ignore[arg-type]


def test_a_lower_cell_limit_refuses_a_larger_board_before_splitting_it() -> None:
    text = format_board(Board.solved(200, 200))
    with pytest.raises(
        BoardError,
        match=r"too large: the input holds 120,000 numbers or words, the largest board here ",
    ):
        parse_document(text * 3, max_cells=100 * 100)
    with pytest.raises(BoardError, match=r"too large: 200x200 is 40,000 cells, the limit here is"):
        parse_document(text, max_cells=100 * 100)
    assert parse_document(text).board == Board.solved(200, 200)


@pytest.mark.parametrize("width", [None, 250])
def test_a_long_flat_line_is_read_a_piece_at_a_time(width: int | None) -> None:
    board = Board.solved(250, 250)
    line = " ".join(map(str, board.tiles))
    assert parse_board(line, width=width) == board


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"tiles": [1, 2, 3, 0]}' + " " * 100_000 + "x", "unexpected text after the JSON board"),
        ("a" * 1_000_000 + "1", "is not a number"),
        ("/* " * 200_000, "no board in this text"),
    ],
    ids=["spaces-after-json", "letters-then-a-digit", "unclosed-comments"],
)
def test_pathological_text_is_refused_in_one_pass(text: str, message: str) -> None:
    # Each of these once backtracked exponentially or quadratically: minutes to years.
    with pytest.raises(BoardError, match=message):
        parse_document(text)


# --- a board with a typo opens as a draft, to be fixed where it is --------------------------


@pytest.mark.parametrize(
    ("text", "cells", "marked"),
    [
        ("1 2 3\n4 5 5\n7 8 0\n", (1, 2, 3, 4, 5, 5, 7, 8, 0), {4, 5}),
        ("1 2 3\n4 5 6\n7 8 10\n", (1, 2, 3, 4, 5, 6, 7, 8, 10), {8}),
        ("1 2 0\n4 5 6\n7 8 0\n", (1, 2, 0, 4, 5, 6, 7, 8, 0), {2, 8}),
        ("12, 1, 10, 2,\n7, 11, 4, 14,\n5, 0, 9, 15,\n8, 13, 6, 6,", None, {14, 15}),
    ],
    ids=["duplicate", "out-of-range", "two-blanks", "code-rows"],
)
def test_a_board_with_a_typo_comes_back_as_a_draft(
    text: str, cells: tuple[int, ...] | None, marked: set[int]
) -> None:
    with pytest.raises(BoardError):
        parse_document(text)
    draft = parse_draft(text)
    if cells is not None:
        assert draft.cells == cells
    assert draft.board is None
    assert draft.analysis.problem_cells == frozenset(marked)


def test_a_draft_keeps_the_goal_its_json_names() -> None:
    draft = parse_draft('{"tiles": [1, 1, 3, 0], "goal": "blank-first"}')
    assert draft.cells == (1, 1, 3, 0)
    assert draft.goal == "blank-first"


def test_a_valid_board_is_a_valid_draft() -> None:
    draft = parse_draft('{"tiles": [1, 2, 3, 0], "goal": [0, 1, 2, 3]}')
    assert draft.board == Board.solved(2, 2)
    assert draft.goal == Board(2, 2, (0, 1, 2, 3))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2\n3\n", "ragged rows"),
        ("a b\nc d\n", "'a' is not a number"),
        ('{"tiles": [1, 1, 3, 0], "goal": "sideways"}', '"goal" must be'),
        ("", "empty input"),
    ],
)
def test_text_that_is_no_board_is_still_refused_as_a_draft(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        parse_draft(text)


def test_a_draft_larger_than_the_limit_is_refused() -> None:
    text = format_board(Board.solved(20, 20)).replace(" 1 ", " 2 ", 1)
    with pytest.raises(BoardError):
        parse_draft(text, max_cells=100)


def test_a_line_that_is_not_a_square_says_which_widths_fit() -> None:
    with pytest.raises(WidthNeededError) as raised:
        parse_board("1 2 3 4 5 6 7 8 9 10 11 0")
    assert raised.value.cell_count == 12
    assert raised.value.widths == [1, 2, 3, 4, 6, 12]
    assert "give the width (--width W)" in str(raised.value)


@pytest.mark.parametrize(
    "text",
    ["0 1 2\n3 4 5", "0 1 2 3 4 5", "0 1 2/3 4 5", '{"tiles": [[0, 1, 2], [3, 4, 5]]}'],
)
def test_a_goal_is_read_for_the_boards_shape(text: str) -> None:
    assert parse_goal(text, 3, 2) == Board(3, 2, (0, 1, 2, 3, 4, 5))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0 1\n2 3", r"the rows are 2 cells wide but the width given is 3"),
        ("0 1 2\n3 4 5\n6 7 8", r"the goal is 3x3; the board is 3x2"),
        ("0 1 2 3", r"4 cells do not fill rows of width 3"),
        ("0 1 2\n3 4 4", r"tile 4 appears twice"),
    ],
)
def test_a_goal_of_another_shape_or_no_board_is_refused(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        parse_goal(text, 3, 2)


@pytest.mark.parametrize(
    "text",
    ["Remember to buy milk\nand eggs", "meeting at 10 am\nroom 4", "call Bob at 5\nthen 6 7"],
)
def test_a_note_of_words_is_no_board_not_ragged_rows(text: str) -> None:
    with pytest.raises(BoardError, match=r"^no board in this text: it holds words"):
        parse_board(text)


def test_ragged_rows_of_numbers_are_still_called_ragged() -> None:
    with pytest.raises(BoardError, match=r"^ragged rows: row 2 from the top has 2 cells"):
        parse_board("1 2 3\n4 5\n6 7 8 0")
