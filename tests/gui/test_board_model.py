"""BoardModel: derives board, verdict, problems and highlights from the cells it holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from core import Board, BoardError, check, inversion_counts, inversion_pairs, suggest_fix
from gui.board_model import BoardModel
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot


def test_default_is_the_solved_four_by_four():
    model = BoardModel()
    assert (model.width, model.height) == (4, 4)
    assert model.board == Board.solved(4, 4)
    assert model.verdict is not None
    assert model.verdict.solvable
    assert model.problems == []
    assert model.fix is None


def test_verdict_and_counts_follow_core():
    model = BoardModel(ARTICLE_BOARD)
    assert model.verdict == check(ARTICLE_BOARD)
    assert model.inversion_index is not None
    assert model.inversion_index.count == 49
    # The badges count each pair once, on the tile read first, so they add up to 49.
    pairs = list(inversion_pairs(ARTICLE_BOARD))
    per_cell = model.cell_inversion_counts()
    for cell, tile in enumerate(ARTICLE_BOARD.tiles):
        expected = None if tile == 0 else sum(1 for first, _ in pairs if first == tile)
        assert per_cell[cell] == expected
    assert sum(count for count in per_cell if count is not None) == 49
    # A tile's own count of partners still counts pairs on both sides.
    counts = inversion_counts(ARTICLE_BOARD)
    assert all(model.inversion_count_of_tile(tile) == counts[tile] for tile in counts)


def test_fix_comes_from_core_and_only_for_unsolvable_boards():
    assert BoardModel(LOYD_BOARD).fix == suggest_fix(LOYD_BOARD) == (14, 15)
    assert BoardModel(ARTICLE_BOARD).fix is None


def test_invalid_cells_keep_what_was_typed_and_name_the_cells(qtbot: QtBot):
    model = BoardModel()
    cells = [1, 1, 3, 99, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]
    with qtbot.waitSignal(model.changed):
        model.set_cells(4, 4, cells)
    assert model.cells() == cells
    assert model.board is None
    assert model.verdict is None
    assert model.inversion_index is None
    assert {problem.kind for problem in model.problems} >= {"duplicate", "out-of-range"}
    assert model.problem_cells == {0, 1, 3}


def test_one_empty_cell_counts_as_the_blank():
    model = BoardModel()
    model.set_cells(2, 2, [1, 2, 3, None])
    assert model.board == Board.solved(2, 2)


def test_goal_changes_the_verdict(qtbot: QtBot):
    model = BoardModel(Board.solved(4, 4))
    with qtbot.waitSignal(model.changed):
        model.set_goal("blank-first")
    assert model.verdict == check(Board.solved(4, 4), "blank-first")
    model.set_goal(LOYD_BOARD)
    assert model.verdict is not None
    assert not model.verdict.solvable


def test_a_custom_goal_of_another_shape_is_a_problem_not_a_crash():
    model = BoardModel(Board.solved(3, 3))
    model.set_goal(Board.solved(3, 3, blank_first=True))
    model.set_cells(2, 2, [1, 2, 3, 0])
    assert model.board is None
    assert model.problems[0].kind == "goal-shape"


def test_highlighted_tile_partners(qtbot: QtBot):
    model = BoardModel(ARTICLE_BOARD)
    with qtbot.waitSignal(model.highlight_changed):
        model.set_highlighted_tile(12)
    assert model.partners_of_highlighted == frozenset(range(1, 12))
    model.set_highlighted_tile(0)  # the blank has no inversions: no highlight
    assert model.highlighted_tile is None
    assert model.partners_of_highlighted == frozenset()


def test_highlighted_tile_with_chosen_partners(qtbot: QtBot):
    """The guided walk shows only the pairs counted on a tile: those read after it."""
    model = BoardModel(ARTICLE_BOARD)
    with qtbot.waitSignal(model.highlight_changed):
        model.set_highlighted_tile(7, [4, 5, 6, 3])
    assert model.partners_of_highlighted == {3, 4, 5, 6}
    # The same tile with all its partners (hovered) is a change, and shows 12 and 10 too.
    with qtbot.waitSignal(model.highlight_changed):
        model.set_highlighted_tile(7)
    assert model.partners_of_highlighted == {3, 4, 5, 6, 10, 12}
    model.set_highlighted_tile(7, [4])
    model.set_board(LOYD_BOARD)  # a new board: the partners are its own again
    assert model.highlighted_tile == 7
    assert model.partners_of_highlighted == frozenset()


def test_highlighted_pair_must_be_on_the_board(qtbot: QtBot):
    model = BoardModel(ARTICLE_BOARD)
    with qtbot.waitSignal(model.highlight_changed):
        model.set_highlighted_pair((12, 1))
    assert model.highlighted_pair == (12, 1)
    model.set_highlighted_pair((12, 99))
    assert model.highlighted_pair is None


def test_highlight_dropped_when_its_tile_leaves():
    model = BoardModel(Board.solved(4, 4))
    model.set_highlighted_tile(15)
    model.set_cells(3, 3, list(Board.solved(3, 3).tiles))
    assert model.highlighted_tile is None


def test_set_cells_rejects_a_wrong_cell_count():
    with pytest.raises(BoardError):
        BoardModel().set_cells(3, 3, [1, 2, 3])
