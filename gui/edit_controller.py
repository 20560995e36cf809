"""The Edit menu's board actions and the questions an edit asks the user.

New, the random boards and the goal actions become the editor's undoable edits; the
editor's questions (drop tiles? which shape are these numbers? which goal?) are answered
in real dialogs parented to the window.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog

from core import Board, GoalName, goal_board
from gui.actions import make_action
from gui.app_info import APP_NAME

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from core.formats import ShapeChoice, ShapeQuestion
    from gui.board_editor import BoardEditor
    from gui.board_model import BoardModel


class EditController(QObject):
    """Board actions for one window's editor; `dialog_parent` parents the dialogs and the
    actions. It installs itself as the editor's way of asking the user."""

    def __init__(self, model: BoardModel, editor: BoardEditor, *, dialog_parent: QWidget):
        super().__init__(dialog_parent)
        self._model = model
        self._editor = editor
        self._dialog_parent = dialog_parent
        editor.rng = random.Random()
        editor.confirm_drop = self.confirm
        editor.choose_shape = self.ask_shape
        self.new_action = make_action(
            dialog_parent,
            "&New",
            "newAction",
            QKeySequence.StandardKey.New,
            "Start from the goal board",
        )
        self.random_solvable_action = make_action(
            dialog_parent, "Random &Solvable Board", "randomSolvableAction", "Ctrl+R"
        )
        self.random_unsolvable_action = make_action(
            dialog_parent, "Random &Unsolvable Board", "randomUnsolvableAction", "Ctrl+Shift+R"
        )
        self.goal_from_board_action = make_action(
            dialog_parent, "Use This Board as the &Goal", "goalFromBoardAction"
        )
        self.edit_goal_action = make_action(
            dialog_parent,
            "&Edit Goal\u2026",
            "editGoalAction",
            "Ctrl+G",
            "Type or paste the goal position",
        )
        # The named goals as menu items too: the keyboard's way to them, and the small
        # window's, whose toolbar has no room for the goal box. A custom goal checks neither.
        self.goal_group = QActionGroup(dialog_parent)
        self.goal_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        self.goal_actions: dict[GoalName, QAction] = {}
        for goal, text, name in (
            (GoalName.BLANK_LAST, "Goal: Blank &Last", "goalBlankLastAction"),
            (GoalName.BLANK_FIRST, "Goal: Blank &First", "goalBlankFirstAction"),
        ):
            action = make_action(dialog_parent, text, name)
            action.setCheckable(True)
            action.triggered.connect(lambda _checked=False, goal=goal: editor.set_goal(goal))
            self.goal_group.addAction(action)
            self.goal_actions[goal] = action
        model.changed.connect(self._show_goal)
        self._show_goal()
        # triggered passes `checked`, which new_board would take for a width.
        self.new_action.triggered.connect(lambda _checked=False: editor.new_board())
        self.random_solvable_action.triggered.connect(lambda: editor.random(solvable=True))
        self.random_unsolvable_action.triggered.connect(lambda: editor.random(solvable=False))
        self.goal_from_board_action.triggered.connect(editor.use_current_as_goal)
        self.edit_goal_action.triggered.connect(self.edit_goal)

    def _show_goal(self) -> None:
        goal = self._model.goal
        for name, action in self.goal_actions.items():
            action.setChecked(not isinstance(goal, Board) and goal == name)

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
