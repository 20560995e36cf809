"""Editing the goal in the window: type or paste it, be told at once what is wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPlainTextEdit

from core import Board
from gui.goal_dialog import GoalDialog
from tests.gui.conftest import ARTICLE_BOARD

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

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
        ("1 2 3\n4 5 6\n7 7 0", "Row 1 from the bottom, column 2: tile 7 appears twice"),
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


def answer_when_open(qtbot: QtBot, respond) -> list[GoalDialog]:  # type: ignore[no-untyped-def]
    """Answer the goal dialog once the window has really opened it (modal, in its own
    event loop): `respond(dialog)` types and presses its real buttons."""
    seen: list[GoalDialog] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, GoalDialog) and dialog.isVisible():
            seen.append(dialog)
            respond(dialog)
        else:
            QTimer.singleShot(10, look)

    QTimer.singleShot(0, look)
    return seen


def test_the_window_sets_the_goal_typed_in_the_real_dialog(qtbot: QtBot, window) -> None:
    window.editor.load(Board(3, 3, (1, 2, 3, 6, 5, 4, 7, 0, 8)))

    def type_and_press_ok(dialog: GoalDialog) -> None:
        text = dialog.findChild(QPlainTextEdit, "goalText")
        text.setPlainText("1 2 3 / 6 5 4 / 7 8 0")
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    seen = answer_when_open(qtbot, type_and_press_ok)
    assert window.edits.edit_goal()
    assert len(seen) == 1
    assert window.model.goal == SNAKE
    assert window.model.verdict is not None
    assert window.model.verdict.solvable  # one slide from the snake
    window.undo_stack.undo()
    assert window.model.goal == "blank-last"


def test_cancel_in_the_real_dialog_keeps_the_goal(qtbot: QtBot, window) -> None:
    window.editor.load(ARTICLE_BOARD)

    def press_cancel(dialog: GoalDialog) -> None:
        cancel = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel)
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)

    answer_when_open(qtbot, press_cancel)
    assert not window.edits.edit_goal()
    assert window.model.goal == "blank-last"


def test_clicking_the_goal_preview_opens_the_goal_dialog(qtbot: QtBot, window) -> None:
    asked: list[Board | None] = []

    def note_and_press_escape(dialog: GoalDialog) -> None:
        asked.append(dialog.goal)
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    answer_when_open(qtbot, note_and_press_escape)
    qtbot.mouseClick(window.goal_preview, Qt.MouseButton.LeftButton)
    assert asked == [Board.solved(4, 4)]
