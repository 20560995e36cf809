"""The goal: blank last, blank first, or the board on screen as a custom goal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QWidget

from core import Board

if TYPE_CHECKING:
    from gui.board_model import BoardModel

BLANK_LAST, BLANK_FIRST, CUSTOM = 0, 1, 2


class GoalPicker(QComboBox):
    """Shows the model's goal; choosing an entry asks for that goal."""

    goal_requested = Signal(object)  # "blank-last" | "blank-first"
    custom_goal_requested = Signal()  # use the board on screen as the goal

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goalPicker")
        self.setAccessibleName("Goal")
        self.setToolTip("The position the board should slide back to")
        self._model = model
        self.addItem("Goal: blank last")
        self.addItem("Goal: blank first")
        self.addItem("Goal: this board")
        self.activated.connect(self._on_activated)
        model.changed.connect(self._show_model_goal)
        self._show_model_goal()

    def _on_activated(self, row: int) -> None:
        if row == BLANK_LAST:
            self.goal_requested.emit("blank-last")
        elif row == BLANK_FIRST:
            self.goal_requested.emit("blank-first")
        else:
            self.custom_goal_requested.emit()
        self._show_model_goal()  # a refused request leaves the model, and so the combo, alone

    def _show_model_goal(self) -> None:
        goal = self._model.goal
        if isinstance(goal, Board):
            row = CUSTOM
        else:
            row = BLANK_FIRST if goal == "blank-first" else BLANK_LAST
        if self.currentIndex() != row:
            self.blockSignals(True)
            self.setCurrentIndex(row)
            self.blockSignals(False)
