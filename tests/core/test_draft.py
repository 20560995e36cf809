"""The board being entered: pure edits and one analysis, with no Qt."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import Board, BoardError, check
from core.board import ProblemKind
from core.draft import Draft, number_can_grow
from tests.core.strategies import boards_with_goals, brute_force_inversions

ARTICLE = Board.from_rows([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])


def test_a_draft_is_immutable_and_edits_return_new_drafts() -> None:
    draft = Draft.of(ARTICLE)
    edited = draft.with_cell(0, 3)
    assert draft.cells[0] == 12
    assert edited.cells[0] == 3
    with pytest.raises(AttributeError):
        draft.width = 3  # type: ignore[misc]


def test_cells_must_fill_the_shape() -> None:
    with pytest.raises(BoardError, match="needs 4 cells, got 3"):
        Draft(2, 2, (1, 2, 3))


@pytest.mark.parametrize(("width", "height"), [(3, 3), (4, 4), (5, 5), (3, 5)])
def test_a_fresh_puzzle_is_the_goal_of_its_size(width: int, height: int) -> None:
    draft = Draft.fresh(width, height)
    assert draft.board == Board.solved(width, height)
    assert draft.analysis.problems == ()
    first = Draft.fresh(width, height, "blank-first")
    assert first.board == Board.solved(width, height, blank_first=True)
    assert first.goal == "blank-first"


def test_a_fresh_puzzle_drops_a_custom_goal_of_another_size() -> None:
    custom = Board(2, 2, (3, 1, 2, 0))
    assert Draft.fresh(2, 2, custom).board == custom
    assert Draft.fresh(3, 3, custom).goal == "blank-last"


def test_resize_keeps_each_cell_at_its_row_and_column() -> None:
    draft = Draft.of(Board.solved(3, 3))
    bigger = draft.resized(4, 3)
    assert bigger.cells == (1, 2, 3, None, 4, 5, 6, None, 7, 8, 0, None)
    smaller = draft.resized(2, 2)
    assert smaller.cells == (1, 2, 4, 5)
    assert draft.tiles_dropped_by_resize(2, 2) == [3, 6, 7, 8]


def test_resize_sets_a_custom_goal_back_to_blank_last() -> None:
    draft = Draft.of(Board.solved(2, 2), Board(2, 2, (3, 1, 2, 0)))
    assert draft.resized(3, 2).goal == "blank-last"
    assert draft.resized(2, 2).goal == Board(2, 2, (3, 1, 2, 0))


def test_placing_in_order_marks_no_empty_cell_as_an_error() -> None:
    draft = Draft.fresh(3, 3).cleared()
    assert draft.analysis.problem_cells == frozenset()
    assert [problem.kind for problem in draft.analysis.problems] == [ProblemKind.EMPTY]
    for cell in (8, 0, 1, 2, 3, 4, 5, 6):
        assert draft.next_tile_to_place() is not None
        draft = draft.placed(cell)
        assert draft.analysis.problem_cells == frozenset()
    # Eight tiles placed: the one empty cell left is the blank.
    assert draft.board == Board(3, 3, (2, 3, 4, 5, 6, 7, 8, 0, 1))
    assert draft.next_tile_to_place() is None


def test_placing_into_a_taken_cell_is_refused() -> None:
    draft = Draft.fresh(2, 2).cleared().placed(0)
    with pytest.raises(BoardError, match="already holds a tile"):
        draft.placed(0)


def test_duplicates_are_marked() -> None:
    draft = Draft.of(Board.solved(3, 3)).with_cell(1, 1)
    assert draft.board is None
    assert draft.analysis.problem_cells == frozenset({0, 1})
    assert draft.analysis.verdict is None


def test_a_goal_of_another_shape_is_a_problem() -> None:
    draft = Draft(2, 2, (1, 2, 3, 0), Board.solved(3, 3))
    assert draft.board is None
    assert draft.analysis.problems[0].kind is ProblemKind.GOAL_SHAPE


def test_one_empty_cell_is_the_blank() -> None:
    assert Draft(2, 2, (1, 2, 3, None)).board == Board.solved(2, 2)


def test_tile_swap_and_changed_cells() -> None:
    draft = Draft.of(ARTICLE)
    swapped = draft.tile_swapped(4, 7)
    assert swapped is not None
    assert draft.changed_cells(swapped) == [4, 6]
    assert draft.tile_swapped(4, 99) is None
    assert draft.with_changes([(4, 4), (6, 7)]).cells == swapped.cells


def test_text_keeps_gaps() -> None:
    assert Draft(2, 2, (1, None, 3, None)).text() == "1 _\n3 _\n"
    assert Draft.of(ARTICLE).text().splitlines()[0] == "12  1 10  2"


def test_the_article_board() -> None:
    analysis = Draft.of(ARTICLE).analysis
    assert analysis.verdict is not None
    assert analysis.verdict.inversions == 49
    assert analysis.fix is None
    counts = analysis.cell_counts
    # Each pair once, on the tile read first: 12 is read before 11 smaller tiles.
    assert counts[0] == 11
    assert counts[9] is None  # the blank
    assert sum(count for count in counts if count is not None) == 49


@given(boards_with_goals(min_side=1, max_side=5))
def test_cell_counts_count_each_pair_once_and_add_up(
    board_and_goal: tuple[Board, str | Board],
) -> None:
    board, goal = board_and_goal
    analysis = Draft.of(board, goal).analysis  # type: ignore[arg-type]
    pairs = brute_force_inversions(board, goal)
    expected = [
        None if tile == 0 else sum(1 for first, _ in pairs if first == tile) for tile in board.tiles
    ]
    assert list(analysis.cell_counts) == expected
    assert analysis.verdict == check(board, goal)  # type: ignore[arg-type]
    for tile in board.tiles:
        partners = {b for a, b in pairs if a == tile} | {a for a, b in pairs if b == tile}
        assert analysis.partners(tile) == frozenset(partners)


@given(boards_with_goals(min_side=2, max_side=4), st.data())
def test_the_fix_makes_the_board_solvable(
    board_and_goal: tuple[Board, str | Board], data: st.DataObject
) -> None:
    board, goal = board_and_goal
    draft = Draft.of(board, goal)  # type: ignore[arg-type]
    fix = draft.analysis.fix
    verdict = draft.analysis.verdict
    assert verdict is not None
    if verdict.solvable:
        assert fix is None
        return
    assert fix is not None
    fixed = draft.tile_swapped(*fix)
    assert fixed is not None
    assert fixed.analysis.verdict is not None
    assert fixed.analysis.verdict.solvable


@pytest.mark.parametrize(
    ("number", "width", "height", "grows"),
    [
        (1, 4, 4, True),  # 10 to 15 are tiles
        (2, 4, 4, False),  # 20 is not: "21" is 2 then 1
        (12, 4, 4, False),
        (0, 4, 4, False),  # the blank
        (1, 3, 3, False),  # tiles 1 to 8
        (9, 10, 10, True),  # 90 to 99
        (99, 10, 10, False),
        (1, 5, 2, False),  # 10 cells: tiles 1 to 9, no 10
        (1, 11, 1, True),
        (10, 100, 100, True),  # 100 to 109 of 9999
        (999, 100, 100, True),
        (1000, 100, 100, False),
    ],
)
def test_a_number_grows_while_a_longer_tile_starts_with_it(
    number: int, width: int, height: int, grows: bool
) -> None:
    assert number_can_grow(number, width, height) is grows


def test_number_can_grow_matches_every_tile_of_small_boards() -> None:
    for width in range(1, 13):
        for height in range(1, 13):
            tiles = [str(tile) for tile in range(1, width * height)]
            for number in range(0, 200):
                longer = any(
                    tile.startswith(str(number)) and len(tile) > len(str(number)) for tile in tiles
                )
                assert number_can_grow(number, width, height) is (number > 0 and longer)


def test_the_window_and_text_name_a_cell_the_same_way_and_say_from_where() -> None:
    # A bare "row 4" was read from the top by the CLI and from the bottom by the window.
    draft = Draft.of(Board.solved(4, 4)).with_cell(15, 6)
    assert draft.analysis.problems[0].message == (
        "row 1 from the bottom, column 4: tile 6 appears twice"
        " (also at row 3 from the bottom, column 2)"
    )
    with pytest.raises(BoardError, match=r"^row 1 from the bottom, column 4: tile 6 appears twice"):
        Board(4, 4, (*range(1, 16), 6))
