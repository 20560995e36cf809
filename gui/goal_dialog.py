"""Edit the goal: type or paste the position the board should slide back to.

Some puzzles are sold with another goal than 1 to 15 with the blank last (a picture, a
snake, the blank first). The dialog shows the goal in use as rows of numbers, reads what
is typed as any board text core reads, and says at once what is wrong with it.
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core import Board, BoardError, format_board
from core.formats import parse_goal


class GoalDialog(QDialog):
    """A text box holding the goal, a line saying whether it can be used, OK and Cancel."""

    def __init__(self, goal: Board, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goalDialog")
        self.setWindowTitle("Edit Goal")
        self._width, self._height = goal.width, goal.height
        self._goal: Board | None = goal
        intro = QLabel(
            f"The goal of this {goal.width}\u00d7{goal.height} board, one row per line "
            "(0, _ or . for the blank). Paste one from anywhere, in any form Slidecheck reads.",
            self,
        )
        intro.setWordWrap(True)
        self._text = QPlainTextEdit(format_board(goal), self)
        self._text.setObjectName("goalText")
        self._text.setAccessibleName("Goal board")
        self._text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self._status = QLabel(self)
        self._status.setObjectName("goalStatus")
        self._status.setWordWrap(True)
        presets = QHBoxLayout()
        for text, blank_first in (("Blank &last", False), ("Blank &first", True)):
            button = QPushButton(text, self)
            button.setAutoDefault(False)
            button.clicked.connect(
                lambda _=False, first=blank_first: self.set_text(
                    format_board(Board.solved(self._width, self._height, blank_first=first))
                )
            )
            presets.addWidget(button)
        presets.addStretch(1)
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self._text, 1)
        layout.addLayout(presets)
        layout.addWidget(self._status)
        layout.addWidget(self._buttons)
        self._text.textChanged.connect(self._check)
        self._check()

    @property
    def goal(self) -> Board | None:
        """The goal as typed, or None while the text is not a goal for this board."""
        return self._goal

    @property
    def status(self) -> str:
        return self._status.text()

    def set_text(self, text: str) -> None:
        self._text.setPlainText(text)

    def _check(self) -> None:
        try:
            self._goal = parse_goal(self._text.toPlainText(), self._width, self._height)
        except BoardError as error:
            self._goal = None
            message = str(error)
            self._status.setText(message[:1].upper() + message[1:] + ".")
        else:
            self._status.setText("A goal for this board: OK checks the board against it.")
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._goal is not None)
