"""The goal the board is checked against, drawn small beside the verdict.

Every verdict answers "can this board be slid to that one?"; until now "that one" was never
on screen. The preview draws the goal of the board's size (blank last, blank first, or the
custom goal), so the question is always in view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from core import Board, BoardError, Goal, goal_board
from gui.mini_board import paint_mini_board

if TYPE_CHECKING:
    from gui.board_model import BoardModel

#: Larger goals are named, not drawn: their numbers would be too small to read.
MAX_DRAWN_SIDE = 4
#: As high as the verdict banner beside it, so the side panel needs no more height...
_SIDE_PX = 64
#: ...unless the goal's cells would be smaller than this: a 4x4 grows to 96 pixels, so its
#: numbers are 13 pixels high rather than 8.
MIN_CELL_PX = 24


def goal_caption(goal: Goal) -> str:
    """How the goal is named in words: 'blank last', 'blank first' or 'custom'."""
    if isinstance(goal, Board):
        return "custom"
    return goal.replace("-", " ")


class GoalPreview(QWidget):
    """A small drawing of the goal board (the toolbar's Goal box names it); a click asks to
    edit the goal."""

    #: The user clicked the preview: edit the goal.
    edit_requested = Signal()

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self.setObjectName("goalPreview")
        # Its size when there is room; down to _SIDE_PX beside a crowded row (the small
        # window's fix suggestion and its button keep their room).
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
        self.setToolTip(
            "The goal: the board this one must be slid into. Click to type or paste "
            "another; the Goal box in the toolbar offers the usual ones."
        )
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        model.changed.connect(self._on_model_changed)
        self._on_model_changed()

    @property
    def goal(self) -> Board | None:
        """The goal board for the board's size, or None when the goal does not fit it."""
        try:
            return goal_board(self._model.goal, self._model.width, self._model.height)
        except BoardError:
            return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.edit_requested.emit()
        super().mousePressEvent(event)

    def sizeHint(self) -> QSize:
        side = _SIDE_PX
        goal = self.goal
        if goal is not None and max(goal.width, goal.height) <= MAX_DRAWN_SIDE:
            side = max(side, MIN_CELL_PX * max(goal.width, goal.height))
        return QSize(side, side)

    def minimumSizeHint(self) -> QSize:
        return QSize(_SIDE_PX, _SIDE_PX)

    def _on_model_changed(self) -> None:
        caption = goal_caption(self._model.goal)
        self.setAccessibleName(f"Goal: {caption}")
        if self.sizeHint() != self.size():
            self.updateGeometry()  # a goal of another size asks for another size
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        text_colour = palette.color(QPalette.ColorRole.WindowText)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(text_colour)
        area = QRectF(self.rect())
        goal = self.goal
        if goal is None or max(goal.width, goal.height) > MAX_DRAWN_SIDE:
            painter.drawText(
                area,
                int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                "goal does not fit" if goal is None else f"goal\n{goal.width}\u00d7{goal.height}",
            )
            painter.end()
            return
        paint_mini_board(painter, area, goal, palette, self.font())
        painter.end()
