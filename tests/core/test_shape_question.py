"""Which shapes a pasted text could be, when it does not say: a line whose count is not a
square, and the tiles of a board typed with the blank left out (core.formats)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import Board, check, format_board
from core.formats import ShapeChoice, read_in_shape, shape_question
from tests.core.strategies import boards

FIFTEEN = " ".join(str(tile) for tile in range(1, 16))


def test_fifteen_numbers_offer_the_fifteen_puzzle_first_blank_last() -> None:
    question = shape_question(FIFTEEN)
    assert question is not None
    assert question.count == 15
    assert [choice.label for choice in question.choices] == [
        "4\u00d74, blank left out",
        "1 wide \u00d7 15 high",
        "3 wide \u00d7 5 high",
        "5 wide \u00d7 3 high",
        "15 wide \u00d7 1 high",
    ]
    assert question.likeliest == 0
    board = read_in_shape(FIFTEEN, question.choices[0]).board
    assert board == Board.solved(4, 4)
    assert check(board).solvable


@pytest.mark.parametrize(
    ("text", "label", "rows"),
    [
        # A row one number short: the blank is in that row, at its end ...
        (
            "1 2 3 4\n5 6 7\n9 10 11 12\n13 14 15 8",
            "4\u00d74, blank left out",
            [[1, 2, 3, 4], [5, 6, 7, 0], [9, 10, 11, 12], [13, 14, 15, 8]],
        ),
        # ... or where its columns, lined up, leave a hole.
        (
            " 1  2  3  4\n 5  6     8\n 9 10 11 12\n13 14 15  7",
            "4\u00d74, blank left out",
            [[1, 2, 3, 4], [5, 6, 0, 8], [9, 10, 11, 12], [13, 14, 15, 7]],
        ),
        (
            "   2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  1",
            "4\u00d74, blank left out",
            [[0, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 1]],
        ),
        (
            "{1,2,3,4},{5,6,7},{8,9,10,11},{12,13,14,15}",
            "4\u00d74, blank left out",
            [[1, 2, 3, 4], [5, 6, 7, 0], [8, 9, 10, 11], [12, 13, 14, 15]],
        ),
        # One line: a wider space, or a blank line, is the hole; else the blank goes last.
        (
            "1 2 3 4 5 6 7  8 9 10 11 12 13 14 15",
            "4\u00d74, blank left out",
            [[1, 2, 3, 4], [5, 6, 7, 0], [8, 9, 10, 11], [12, 13, 14, 15]],
        ),
        (
            "1 2 3 4 5 6 7\n\n8 9 10 11 12 13 14 15",
            "4\u00d74, blank left out",
            [[1, 2, 3, 4], [5, 6, 7, 0], [8, 9, 10, 11], [12, 13, 14, 15]],
        ),
        ("8 7 6 5 4 3 2 1", "3\u00d73, blank left out", [[8, 7, 6], [5, 4, 3], [2, 1, 0]]),
        # One cell wider than high: the rows the text shows say which way round.
        (
            "1 2 3 4\n5 6 7 8\n9 10 11",
            "4 wide \u00d7 3 high, blank left out",
            [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 0]],
        ),
        (
            "1 2 3\n4 5 6\n7 8 9\n10 11",
            "3 wide \u00d7 4 high, blank left out",
            [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 0]],
        ),
    ],
)
def test_the_likeliest_shape_puts_the_blank_at_the_gap(
    text: str, label: str, rows: list[list[int]]
) -> None:
    question = shape_question(text)
    assert question is not None
    likeliest = question.choices[question.likeliest]
    assert likeliest.label == label
    assert read_in_shape(text, likeliest).board == Board.from_rows(rows)


@pytest.mark.parametrize(
    "text",
    [
        "1 2 3 4 5 6 7 8 0 10 11 12 13 14 15",  # a blank written: no blank left out
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 14",  # a duplicate: not the tiles 1..15
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14",  # 15 cells is no usual size
        "1 2 3 4\n5 6 7\n9 10 11 12\n13 14 15 15",
    ],
)
def test_no_blank_left_out_when_the_numbers_are_not_the_tiles_alone(text: str) -> None:
    question = shape_question(text)
    assert question is None or all(choice.blank_at is None for choice in question.choices)


@pytest.mark.parametrize(
    "text", ["1 2 3\n4 5 6\n7 8 0", "1 2 3 4 5 6 7 8 9 10 11 0", "hello", '{"tiles": [1, 2]}']
)
def test_text_that_reads_or_is_no_board_asks_nothing_about_a_blank(text: str) -> None:
    question = shape_question(text)
    assert question is None or all(choice.blank_at is None for choice in question.choices)


def test_a_line_of_a_count_that_fills_rows_still_offers_its_widths() -> None:
    question = shape_question("1 2 3 4 5 6 7 8 9 10 11 0")
    assert question is not None
    assert [(choice.width, choice.height) for choice in question.choices] == [
        (1, 12),
        (2, 6),
        (3, 4),
        (4, 3),
        (6, 2),
        (12, 1),
    ]
    assert question.choices[question.likeliest] == ShapeChoice(3, 4)


def test_max_side_drops_the_shapes_the_window_cannot_edit() -> None:
    text = " ".join(str(tile) for tile in range(1, 121))
    question = shape_question(text, max_side=100)
    assert question is not None
    assert question.choices[0] == ShapeChoice(11, 11, 120)
    assert all(max(c.width, c.height) <= 100 for c in question.choices)
    assert ShapeChoice(2, 60) in question.choices


@given(st.integers(2, 7).flatmap(lambda side: st.permutations(range(1, side * side))))
def test_any_line_of_the_tiles_of_a_square_reads_with_the_blank_last(tiles: list[int]) -> None:
    text = " ".join(map(str, tiles))
    question = shape_question(text)
    assert question is not None
    first = question.choices[0]
    side = first.width
    assert (first.width, first.height, question.likeliest) == (side, side, 0)
    assert read_in_shape(text, first).board == Board(side, side, (*tiles, 0))


@given(boards(min_side=3, max_side=7, max_cells=49).filter(lambda b: b.width == b.height))
def test_a_lined_up_grid_with_the_blank_left_out_reads_back_exactly(board: Board) -> None:
    # The grid Slidecheck writes, its columns lined up, with the blank's 0 rubbed out.
    text = re.sub(r"(?<!\d)0(?!\d)", " ", format_board(board))
    question = shape_question(text)
    assert question is not None
    assert read_in_shape(text, question.choices[question.likeliest]).board == board


def test_a_column_of_the_fifteen_tiles_offers_the_fifteen_puzzle_first() -> None:
    # One number per line, as a list is often typed: not a board one tile wide.
    text = "\n".join(str(tile) for tile in range(1, 16))
    question = shape_question(text)
    assert question is not None
    assert question.choices[question.likeliest] == ShapeChoice(4, 4, 15)
    assert ShapeChoice(1, 15) in question.choices
    assert read_in_shape(text, question.choices[0]).board == Board.solved(4, 4)


def test_a_column_of_a_square_count_asks_and_offers_the_square_first() -> None:
    tiles = [12, 1, 10, 2, 7, 11, 4, 14, 5, 0, 9, 15, 8, 13, 6, 3]
    text = "\n".join(map(str, tiles)) + "\n"
    question = shape_question(text)
    assert question is not None
    assert question.choices[question.likeliest] == ShapeChoice(4, 4)
    assert ShapeChoice(1, 16) in question.choices
    assert read_in_shape(text, ShapeChoice(4, 4)).board == Board(4, 4, tuple(tiles))
    assert read_in_shape(text, ShapeChoice(1, 16)).board == Board(1, 16, tuple(tiles))


@pytest.mark.parametrize("text", ["1\n0\n2", "1 2 3\n4 5 6\n7 8 0", "3\n1 2 3\n4 5 6\n7 8 0"])
def test_short_columns_and_grids_read_as_written_without_a_question(text: str) -> None:
    assert shape_question(text) is None
