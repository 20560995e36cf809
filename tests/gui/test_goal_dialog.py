"""Editing the goal in the window: type or paste it, be told at once what is wrong."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QPlainTextEdit
from pytestqt.qtbot import QtBot

from core import Board
from gui.goal_dialog import GoalDialog
from tests.gui.conftest import ARTICLE_BOARD

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

SNAKE = Board(3, 3, (1, 2, 3, 6, 5, 4, 7, 8, 0))


def ok_button(dialog: GoalDialog):
    return dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)


def test_the_dialog_starts_from_the_goal_in_use_and_reads_what_is_typed(qtbot: QtBot) -> None:
    dialog = GoalDialog(Board.solved(3, 3))
    qtbot.addWidget(dialog)
    text = dialog.findChild(QPlainTextEdit, "goalText")
    assert text.toPlainText().split() == ["1", "2", "3", "4", "5", "6", "7", "8", "0"]
    assert dialog.goal == Board.solved(3, 3)
    text.setPlainText("1 2 3\n6 5 4\n7 8 _")
    assert dialog.goal == SNAKE
    assert ok_button(dialog).isEnabled()


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("1 2 3\n4 5 6\n7 7 0", "Row 3, column 2: tile 7 appears twice"),
        ("1 2\n3 0", "The rows are 2 cells wide but the width given is 3"),
        ("", "Empty input"),
    ],
)
def test_a_goal_that_cannot_be_used_says_why_and_cannot_be_accepted(
    qtbot: QtBot, typed: str, says: str
) -> None:
    dialog = GoalDialog(Board.solved(3, 3))
    qtbot.addWidget(dialog)
    dialog.set_text(typed)
    assert dialog.goal is None
    assert dialog.status.startswith(says)
    assert not ok_button(dialog).isEnabled()


def test_the_blank_first_button_fills_that_goal(qtbot: QtBot) -> None:
    dialog = GoalDialog(Board.solved(2, 3))
    qtbot.addWidget(dialog)
    buttons = [b for b in dialog.findChildren(type(ok_button(dialog))) if "first" in b.text()]
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    assert dialog.goal == Board.solved(2, 3, blank_first=True)


def test_the_window_sets_the_goal_typed_in_the_dialog(window) -> None:
    window.editor.load(Board(3, 3, (1, 2, 3, 6, 5, 4, 7, 0, 8)))

    def answer(dialog: GoalDialog) -> bool:
        dialog.set_text("1 2 3 / 6 5 4 / 7 8 0")
        return True

    window._run_dialog = answer
    assert window.edit_goal()
    assert window.model.goal == SNAKE
    assert window.model.verdict is not None
    assert window.model.verdict.solvable  # one slide from the snake
    window.undo_stack.undo()
    assert window.model.goal == "blank-last"


def test_cancel_keeps_the_goal(window) -> None:
    window.editor.load(ARTICLE_BOARD)
    window._run_dialog = lambda dialog: False
    assert not window.edit_goal()
    assert window.model.goal == "blank-last"


def test_clicking_the_goal_preview_asks_to_edit_the_goal(qtbot: QtBot, window) -> None:
    asked = []
    window._run_dialog = lambda dialog: asked.append(dialog.goal) or False
    qtbot.mouseClick(window.goal_preview, Qt.MouseButton.LeftButton)
    assert asked == [Board.solved(4, 4)]
