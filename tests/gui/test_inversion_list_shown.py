"""The pairs list shows only when there are pairs: an empty box says nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import Board
from tests.gui.conftest import ARTICLE_BOARD

if TYPE_CHECKING:
    from gui.main_window import MainWindow


def test_the_pair_list_hides_on_a_solved_board_and_returns_with_pairs(window: MainWindow) -> None:
    pairs = window.inversion_panel.pair_list
    window.editor.load(ARTICLE_BOARD)
    assert not pairs.isHidden()
    window.editor.load(Board.solved(4, 4))
    assert pairs.isHidden()
    assert not window.inversion_panel.isHidden()  # the header still says why
    window.editor.load(ARTICLE_BOARD)
    assert not pairs.isHidden()


def test_the_pair_list_hides_while_the_board_is_incomplete(window: MainWindow) -> None:
    window.editor.load(ARTICLE_BOARD)
    window.editor.type_digit(0, 7, continues=False)  # a duplicate 7: not a board yet
    assert window.model.board is None
    assert window.inversion_panel.pair_list.isHidden()
