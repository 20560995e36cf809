"""The lazy list of inversion pairs: model contract, contents and scale."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

from core import Board, inversion_pairs
from gui.board_model import BoardModel
from gui.inversion_list_model import PAIR_ROLE, InversionListModel
from tests.gui.panel_boards import SEED_000, reversed_board, swapped_goal


@pytest.mark.parametrize(
    "board",
    [SEED_000, Board.solved(3, 3), swapped_goal(4, 4), reversed_board(3, 4)],
    ids=["seed-000", "solved", "14-15", "reversed"],
)
def test_model_passes_qtmodeltester(qtmodeltester, board: Board) -> None:
    pairs = InversionListModel(BoardModel(board))
    qtmodeltester.check(pairs, force_py=True)


def test_model_passes_qtmodeltester_on_an_invalid_board(qtmodeltester) -> None:
    model = BoardModel()
    model.set_cells(3, 3, [1, 2, None, 4, 4, 6, 7, 8, 0])
    pairs = InversionListModel(model)
    assert pairs.rowCount() == 0
    qtmodeltester.check(pairs, force_py=True)


def test_every_pair_of_seed_000_in_core_order() -> None:
    pairs = InversionListModel(BoardModel(SEED_000))
    expected = list(inversion_pairs(SEED_000))
    assert pairs.rowCount() == len(expected) == 49
    shown = [pairs.index(row).data(PAIR_ROLE) for row in range(pairs.rowCount())]
    assert shown == expected


def test_rows_read_as_pairs_for_people_and_screen_readers() -> None:
    pairs = InversionListModel(BoardModel(SEED_000))
    first = pairs.index(0)
    # 12 is read first and 1 after it, but 1 belongs before 12.
    assert first.data(Qt.ItemDataRole.DisplayRole) == "(12, 1)"
    spoken = first.data(Qt.ItemDataRole.AccessibleTextRole)
    assert spoken.startswith("Pair 1: 12 is read before 1 ")
    assert first.data(Qt.ItemDataRole.DecorationRole) is None


def test_list_resets_when_the_board_changes(qtbot) -> None:
    model = BoardModel(SEED_000)
    pairs = InversionListModel(model)
    with qtbot.waitSignal(pairs.modelReset):
        model.set_board(swapped_goal(4, 4))
    assert pairs.rowCount() == 1
    assert pairs.index(0).data(PAIR_ROLE) == (15, 14)


def test_a_child_index_has_no_rows() -> None:
    pairs = InversionListModel(BoardModel(SEED_000))
    assert pairs.rowCount(pairs.index(0)) == 0
    assert pairs.rowCount(QModelIndex()) == 49


def test_hundred_by_hundred_answers_without_listing_pairs() -> None:
    # Every one of the 9,999 tiles is inverted with every other: 49,985,001 pairs, far too
    # many to list; the last row must still come straight back.
    model = BoardModel(reversed_board(100, 100))
    pairs = InversionListModel(model)
    tiles = 100 * 100 - 1
    assert pairs.rowCount() == tiles * (tiles - 1) // 2
    assert pairs.index(pairs.rowCount() - 1).data(PAIR_ROLE) == (2, 1)
    assert pairs.index(0).data(PAIR_ROLE) == (tiles, tiles - 1)
    # Row r of a fully reversed sequence pairs the first tile with the r-th after it.
    assert pairs.index(tiles - 2).data(PAIR_ROLE) == (tiles, 1)
    assert pairs.index(tiles - 1).data(PAIR_ROLE) == (tiles - 1, tiles - 2)


def test_row_of_the_first_pair_with_a_tile() -> None:
    pairs = InversionListModel(BoardModel(SEED_000))
    # 12 is read first and is greater than 1, 10, 2 and 7: (12, 7) is row 3.
    assert pairs.row_of_first_pair_with(7) == 3
    assert pairs.pair(3) == (12, 7)
    assert pairs.row_of_first_pair_with(12) == 0
    assert pairs.row_of_first_pair_with(99) is None
    solved = InversionListModel(BoardModel(Board.solved(3, 3)))
    assert solved.row_of_first_pair_with(4) is None
