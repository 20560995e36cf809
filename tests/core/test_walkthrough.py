"""The guided walk: its numbers are check's, each tile's pairs are the brute-force ones,
and the sentences say what a person checking by hand needs."""

from __future__ import annotations

import pytest
from hypothesis import given

from core import MAX_TILE_STEPS, Board, BoardError, StepKind, check, walkthrough
from tests.core.strategies import boards_with_goals, brute_force_inversions

ARTICLE_BOARD = Board.from_rows([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])


def _kinds(board: Board, goal: str | Board = "blank-last") -> list[StepKind]:
    return [step.kind for step in walkthrough(board, goal)]


@given(boards_with_goals())
def test_the_walk_has_the_same_numbers_as_check(board_and_goal: tuple[Board, str | Board]) -> None:
    board, goal = board_and_goal
    steps = walkthrough(board, goal)
    verdict = check(board, goal)
    tile_steps = [step for step in steps if step.kind is StepKind.TILE]
    assert sum(len(step.pairs) for step in tile_steps) == verdict.inversions
    assert steps[-1].kind is StepKind.VERDICT
    assert steps[-1].solvable is verdict.solvable
    assert all(step.running_total == verdict.inversions for step in steps[-3:])


@given(boards_with_goals())
def test_each_tile_has_its_brute_force_pairs_in_reading_order(
    board_and_goal: tuple[Board, str | Board],
) -> None:
    board, goal = board_and_goal
    pairs = brute_force_inversions(board, goal)
    reading_order = [tile for tile in board.tiles if tile != 0]
    tile_steps = [step for step in walkthrough(board, goal) if step.kind is StepKind.TILE]
    assert [step.tile for step in tile_steps] == reading_order
    running = 0
    for step in tile_steps:
        expected = tuple(second for first, second in pairs if first == step.tile)
        assert step.pairs == expected
        running += len(expected)
        assert step.running_total == running
        assert step.focus == board.index_of(step.tile)
        assert step.cells == tuple(board.index_of(partner) for partner in expected)


def test_the_article_board_step_by_step() -> None:
    steps = walkthrough(ARTICLE_BOARD)
    assert steps[0].kind is StepKind.INTRO
    assert "inversion" in steps[0].text
    first = steps[1]
    assert (first.tile, first.running_total) == (12, 11)
    assert first.text == (
        "Tile 12: 11 tiles read after it are smaller (1, 10, 2, 7, 11, 4, 5, 9, 8, 6, 3), "
        "so 11 pairs. Running total: 11."
    )
    assert (
        steps[2].text == "Tile 1: no tile read after it is smaller, so no pairs. Running total: 11."
    )
    assert [step.kind for step in steps[-3:]] == [
        StepKind.BLANK_ROW,
        StepKind.PARITY,
        StepKind.VERDICT,
    ]
    blank_row, parity, verdict = steps[-3:]
    assert "row 2" in blank_row.text
    assert "even" in blank_row.text
    assert blank_row.focus == 9
    assert blank_row.cells == (8, 9, 10, 11)
    assert "49 pairs + row 2 = 51, which is odd" in parity.text
    assert "0 + 1 = 1, which is odd" in parity.text
    assert verdict.text.startswith("51 and 1 are both odd, so this board is solvable")
    assert len(steps) == 1 + 15 + 3


@pytest.mark.parametrize(
    ("rows", "goal", "row_phrase", "parity_phrase", "solvable"),
    [
        # Odd width: the blank's row is said not to matter.
        ([[1, 2, 3], [4, 5, 6], [8, 7, 0]], "blank-last", "does not matter", "1 is odd", False),
        ([[1, 2, 3], [4, 5, 6], [7, 8, 0]], "blank-last", "odd", "0 is even", True),
        # One wide or one high: the tiles must already be in order.
        ([[0], [1], [2]], "blank-first", "one tile wide", "Pairs counted: 0", True),
        ([[2, 1, 0]], "blank-last", "one tile high", "Pairs counted: 1", False),
        # The blank-first goal has its blank on the top row.
        ([[0, 1], [2, 3]], "blank-first", "row 2", "0 + 2 = 2", True),
        ([[1, 2], [3, 0]], "blank-first", "row 1", "0 + 2 = 2", False),
    ],
)
def test_the_blank_row_and_parity_steps_follow_the_rule(
    rows: list[list[int]], goal: str, row_phrase: str, parity_phrase: str, solvable: bool
) -> None:
    board = Board.from_rows(rows)
    *_, blank_row, parity, verdict = walkthrough(board, goal)
    assert row_phrase in blank_row.text
    assert parity_phrase in parity.text
    assert verdict.solvable is solvable is check(board, goal).solvable
    assert ("not solvable" in verdict.text) is not solvable
    if board.width == 1 or board.height == 1:
        assert "goal order" in blank_row.text


def test_a_custom_goal_speaks_of_the_goal_not_of_smaller_numbers() -> None:
    board = Board.from_rows([[3, 1], [2, 0]])
    goal = Board.from_rows([[3, 2], [1, 0]])
    steps = walkthrough(board, goal)
    assert "come before it in the goal" in steps[0].text
    # 3 is first in the goal: nothing after it comes before it. 1 comes after 2 in the goal.
    assert [(step.tile, step.pairs) for step in steps if step.kind is StepKind.TILE] == [
        (3, ()),
        (1, (2,)),
        (2, ()),
    ]
    assert "earlier in the goal (2)" in steps[2].text
    assert steps[-1].solvable is check(board, goal).solvable


def test_a_long_board_walks_the_first_tiles_then_the_rest_together() -> None:
    board = Board(12, 12, tuple(reversed(range(144))))  # 143 tiles, every pair inverted
    steps = walkthrough(board)
    total = check(board).inversions
    assert "first 100" in steps[0].text
    tile_steps = [step for step in steps if step.kind is StepKind.TILE]
    assert len(tile_steps) == MAX_TILE_STEPS
    assert [step.tile for step in tile_steps] == list(range(143, 43, -1))
    rest = next(step for step in steps if step.kind is StepKind.OTHER_TILES)
    counted = tile_steps[-1].running_total
    assert rest.running_total == total
    assert "other 43 tiles" in rest.text
    assert f"add {total - counted:,} pairs" in rest.text
    assert f"Running total: {total:,}." in rest.text
    assert len(rest.cells) == 43
    assert _kinds(board)[-4:] == [
        StepKind.OTHER_TILES,
        StepKind.BLANK_ROW,
        StepKind.PARITY,
        StepKind.VERDICT,
    ]


def test_a_board_of_exactly_the_limit_has_no_rest_step() -> None:
    board = Board(101, 1, (*range(1, 101), 0))
    assert StepKind.OTHER_TILES not in _kinds(board)
    assert _kinds(board).count(StepKind.TILE) == MAX_TILE_STEPS


def test_a_tile_with_many_pairs_names_the_first_and_counts_the_rest() -> None:
    board = Board(6, 6, tuple(reversed(range(36))))
    first = walkthrough(board)[1]
    assert first.tile == 35
    assert len(first.pairs) == 34
    assert "(34, 33, 32," in first.text
    assert "and 14 more), so 34 pairs" in first.text


def test_a_goal_of_another_shape_is_refused() -> None:
    with pytest.raises(BoardError, match="the goal is 2x2"):
        walkthrough(ARTICLE_BOARD, Board.solved(2, 2))
