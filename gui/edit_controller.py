"""The questions an edit asks the user, and Edit > Edit Goal.

The editor's questions (drop tiles? which shape are these numbers?) and the goal to type
are answered in real dialogs parented to the window. The Edit menu's actions are made with
the window (gui.actions); this controller is built on the first question or Edit Goal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog

from core import GoalName, goal_board
from gui.app_info import APP_NAME

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from core.formats import ShapeChoice, ShapeQuestion
    from gui.board_editor import BoardEditor
    from gui.board_model import BoardModel


class EditController(QObject):
    """The questions for one window's editor (the window hands the editor `confirm` and
    `ask_shape`), and its custom goal; `dialog_parent` parents the dialogs."""

    def __init__(self, model: BoardModel, editor: BoardEditor, *, dialog_parent: QWidget):
        super().__init__(dialog_parent)
        self._model = model
        self._editor = editor
        self._dialog_parent = dialog_parent

    def edit_goal(self) -> bool:
        """Type or paste a custom goal for the board's size; True when one was set."""
        from gui.goal_dialog import GoalDialog

        model = self._model
        try:
            current = goal_board(model.goal, model.width, model.height)
        except ValueError:  # a custom goal of another size: start from blank last
            current = goal_board(GoalName.BLANK_LAST, model.width, model.height)
        dialog = GoalDialog(current, self._dialog_parent)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        goal = dialog.goal if accepted else None
        dialog.deleteLater()
        return goal is not None and self._editor.set_goal(goal)

    def ask_shape(self, question: ShapeQuestion) -> ShapeChoice | None:
        """Which board pasted numbers make, when the text does not say; None if the user
        cancels."""
        from PySide6.QtWidgets import QInputDialog

        labels = [choice.label for choice in question.choices]
        count = question.count
        if any(choice.blank_at is not None for choice in question.choices):
            prompt = (
                f"{count} numbers and no blank: which board is it?\nA blank left out goes "
                "where the text has a gap, else last."
            )
        else:
            prompt = f"One line of {count} numbers is not a square board. Which size is it?"
        label, chosen = QInputDialog.getItem(
            self._dialog_parent, APP_NAME, prompt, labels, question.likeliest, False
        )
        return question.choices[labels.index(label)] if chosen else None

    def confirm(self, question: str) -> bool:
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(self._dialog_parent, APP_NAME, question)
        return answer == QMessageBox.StandardButton.Yes
