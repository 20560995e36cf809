"""Edit > Goal: Blank Last / Blank First, for the keyboard and for the small window whose
toolbar has no room for the goal box; the menu and the box show the same goal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from core import Board
from tests.gui.conftest import ARTICLE_BOARD

if TYPE_CHECKING:
    from gui.main_window import MainWindow


def goal_actions(window: MainWindow) -> tuple[QAction, QAction]:
    last = window.findChild(QAction, "goalBlankLastAction")
    first = window.findChild(QAction, "goalBlankFirstAction")
    assert last is not None
    assert first is not None
    return last, first


def test_the_edit_menu_sets_the_goal_and_shows_the_one_in_force(window: MainWindow) -> None:
    window.editor.load(ARTICLE_BOARD)
    last, first = goal_actions(window)
    assert last.isChecked()
    assert not first.isChecked()
    edit_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert first in edit_menu.actions()

    first.trigger()

    assert window.model.goal == "blank-first"
    assert first.isChecked()
    assert not last.isChecked()
    assert window.goal_picker.currentText() == "Goal: blank first"
    window.undo_action.trigger()  # a goal change is an undoable edit, menu and all
    assert window.model.goal == "blank-last"
    assert last.isChecked()


def test_a_custom_goal_checks_neither(window: MainWindow) -> None:
    window.editor.load(ARTICLE_BOARD)
    window.editor.set_goal(Board.solved(4, 4, blank_first=False).with_swapped(0, 1))
    last, first = goal_actions(window)
    assert not last.isChecked()
    assert not first.isChecked()


def test_undo_names_the_goal_in_words(window: MainWindow) -> None:
    _last, first = goal_actions(window)
    first.trigger()
    assert window.undo_action.text() == "&Undo Goal: blank first"
