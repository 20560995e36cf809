"""The board value: validation, immutability, equality, repr, and the cell problems."""

from __future__ import annotations

import dataclasses

import pytest

from core import MAX_CELLS, Board, BoardError, find_problems
from core.board import row_from_bottom as row_from_bottom_of


def test_tiles_are_stored_as_a_tuple() -> None:
    board = Board(2, 2, [1, 2, 3, 0])  # type: ignore[arg-type]
    assert board.tiles == (1, 2, 3, 0)
    assert isinstance(board.tiles, tuple)


def test_board_is_immutable() -> None:
    board = Board.solved(3, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.width = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.tiles = (0,)  # type: ignore[misc]
    with pytest.raises(TypeError):
        board.tiles[0] = 5  # type: ignore[index]


def test_swapping_returns_a_new_board() -> None:
    board = Board.solved(3, 3)
    swapped = board.with_swapped(0, 1)
    assert board == Board.solved(3, 3)
    assert swapped.tiles[:2] == (2, 1)


def test_equality_and_hash() -> None:
    first = Board(3, 2, (1, 2, 3, 4, 5, 0))
    same = Board(3, 2, [1, 2, 3, 4, 5, 0])  # type: ignore[arg-type]
    other_shape = Board(2, 3, (1, 2, 3, 4, 5, 0))
    assert first == same
    assert hash(first) == hash(same)
    assert first != other_shape
    assert len({first, same, other_shape}) == 2
    assert first != Board(3, 2, (1, 2, 3, 4, 0, 5))


def test_repr_shows_the_board() -> None:
    assert repr(Board(3, 2, (1, 2, 3, 4, 5, 0))) == "<Board 3x2: 1 2 3/4 5 0>"


def test_repr_of_a_big_board_is_cut_short() -> None:
    text = repr(Board.solved(100, 100))
    assert text.startswith("<Board 100x100: 1 2 3")
    assert text.endswith("/...>")
    assert len(text) < 1000


def test_str_is_the_grid_form() -> None:
    assert str(Board(3, 2, (1, 2, 3, 4, 5, 0))) == "1 2 3\n4 5 0\n"


@pytest.mark.parametrize(
    ("width", "height"), [(1, 2), (2, 1), (2, 2), (7, 3), (1, 1000), (1000, 1), (1000, 1000)]
)
def test_shapes_from_1x2_to_1000x1000_construct(width: int, height: int) -> None:
    board = Board.solved(width, height)
    assert (board.width, board.height, board.size) == (width, height, width * height)
    assert board.tiles[-1] == 0
    assert board.blank_row_from_bottom == 1
    assert Board(width, height, board.tiles) == board


def test_solved_blank_first() -> None:
    board = Board.solved(3, 2, blank_first=True)
    assert board.tiles == (0, 1, 2, 3, 4, 5)
    assert board.blank_row_from_bottom == 2


@pytest.mark.parametrize("blank_first", [False, True])
@pytest.mark.parametrize(("width", "height"), [(1, 2), (3, 2), (4, 4), (1000, 1000)])
def test_a_solved_board_is_the_board_its_tiles_make(
    width: int, height: int, blank_first: bool
) -> None:
    solved = Board.solved(width, height, blank_first=blank_first)
    made = Board(width, height, solved.tiles)
    assert solved == made
    assert hash(solved) == hash(made)
    assert type(solved.tiles) is tuple
    assert solved.tiles == (
        tuple(range(width * height)) if blank_first else (*range(1, width * height), 0)
    )


@pytest.mark.parametrize(
    ("width", "height", "message"),
    [
        (0, 3, r"at least one row and one column, got 0x3"),
        (3, -1, r"at least one row and one column"),
        (1, 1, r"at least two cells"),
        (2001, 2000, r"too large: 2001x2000 is 4,002,000 cells, the limit is 4,000,000"),
    ],
)
def test_unplayable_shapes(width: int, height: int, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        Board.solved(width, height)


def test_max_cells_is_the_limit_exactly() -> None:
    assert MAX_CELLS == 2000 * 2000
    with pytest.raises(BoardError, match="too large"):
        Board(MAX_CELLS + 1, 1, ())


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ((1, 2, 3), r"a 2x2 board needs 4 cells, got 3"),
        (
            (1, 1, 3, 0),
            r"row 2 from the bottom, column 2: tile 1 appears twice"
            r" \(also at row 2 from the bottom, column 1\)",
        ),
        (
            (1, 2, 4, 0),
            r"row 1 from the bottom, column 1: 4 is out of range; a 2x2 board has tiles 1 to 3",
        ),
        (
            (1, 0, 3, 0),
            r"row 1 from the bottom, column 2: a second blank"
            r" \(the first is at row 2 from the bottom, column 2\)",
        ),
    ],
)
def test_invalid_tiles(tiles: tuple[int, ...], message: str) -> None:
    with pytest.raises(BoardError, match=message):
        Board(2, 2, tiles)


def test_board_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        Board(2, 2, (1, 1, 2, 0))


def test_from_rows() -> None:
    assert Board.from_rows([[1, 2, 3], [4, 5, 0]]) == Board(3, 2, (1, 2, 3, 4, 5, 0))
    with pytest.raises(
        BoardError, match=r"ragged rows: row 2 from the top has 2 cells, row 1 has 3"
    ):
        Board.from_rows([[1, 2, 3], [4, 0]])
    with pytest.raises(BoardError, match=r"empty input"):
        Board.from_rows([])


def test_rows_index_and_blank() -> None:
    board = Board(3, 3, (1, 2, 3, 4, 0, 5, 7, 8, 6))
    assert board.rows() == [(1, 2, 3), (4, 0, 5), (7, 8, 6)]
    assert board.blank_index == 4
    assert board.blank_row_from_bottom == 2
    assert board.index_of(6) == 8
    with pytest.raises(BoardError, match=r"tile 9 is not on this 3x3 board"):
        board.index_of(9)


@pytest.mark.parametrize(("blank_index", "row_from_bottom"), [(0, 4), (5, 3), (10, 2), (15, 1)])
def test_blank_row_counts_from_the_bottom(blank_index: int, row_from_bottom: int) -> None:
    tiles = list(range(1, 16))
    tiles.insert(blank_index, 0)
    assert Board(4, 4, tuple(tiles)).blank_row_from_bottom == row_from_bottom
    assert row_from_bottom_of(blank_index, 4, 4) == row_from_bottom


# --- find_problems: what the window marks while a board is being typed ---------------------------


def test_a_valid_board_has_no_problems() -> None:
    assert find_problems(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0]) == []
    assert find_problems(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, None]) == []


def test_duplicate_marks_both_cells() -> None:
    problems = find_problems(3, 3, [1, 2, 3, 4, 2, 6, 7, 8, 0])
    duplicate = problems[0]
    assert duplicate.kind == "duplicate"
    assert duplicate.cells == (1, 4)
    assert (
        "row 2 from the bottom, column 2: tile 2 appears twice"
        " (also at row 3 from the bottom, column 2)" in duplicate.message
    )
    missing = problems[1]
    assert missing.kind == "missing"
    assert missing.message == "tile 5 is missing"


def test_several_missing_tiles_are_listed() -> None:
    problems = find_problems(3, 3, [1, 1, 1, 1, 1, 1, 1, 1, 0])
    missing = [problem for problem in problems if problem.kind == "missing"]
    assert missing[0].message == "tiles 2, 3, 4, 5, 6, ... are missing"


def test_out_of_range_marks_the_cell() -> None:
    (problem, missing) = find_problems(2, 2, [1, 2, 9, 0])
    assert problem.kind == "out-of-range"
    assert problem.cells == (2,)
    assert "row 1 from the bottom, column 1: 9 is out of range" in problem.message
    assert missing.message == "tile 3 is missing"


def test_two_blanks_marks_both() -> None:
    problems = find_problems(2, 2, [0, 1, 0, 2])
    assert problems[0].kind == "two-blanks"
    assert problems[0].cells == (0, 2)


def test_no_blank() -> None:
    problems = find_problems(2, 2, [1, 2, 3, 3])
    assert [problem.kind for problem in problems] == ["duplicate", "no-blank"]
    assert "no blank: a 2x2 board needs one empty cell" in problems[-1].message


def test_cells_still_empty() -> None:
    problems = find_problems(2, 2, [1, None, None, 3])
    assert problems[0].kind == "empty"
    assert problems[0].cells == (1, 2)
    assert "1 cell still empty (first at row 2 from the bottom, column 2)" in problems[0].message
