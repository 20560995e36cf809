"""Why the rule works, shown: slide a tile sideways and nothing changes; slide one up or down
and it jumps past a row's worth of tiles in reading order, changing the inversions by an odd
number on an even width while the blank changes row, so the sum keeps its parity.

The numbers come from core (`core.slide_effect`); this widget only animates the slide
and says what happened.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QVariantAnimation
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from core import Board, legal_slides
from core.slide_effect import SlideEffect, slide_effect
from gui.mini_board import paint_mini_board

#: How long a slide takes on screen.
SLIDE_MS = 450
#: The seed articles' board (49 inversions, solvable), shown when the board on screen is
#: not a small valid one.
EXAMPLE_BOARD = Board.from_rows([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])


def _parity(number: int) -> str:
    return "even" if number % 2 == 0 else "odd"


def describe(effect: SlideEffect) -> str:
    """What a slide did to the numbers, in words."""
    tile, before, after = effect.tile, effect.inversions_before, effect.inversions_after
    if not effect.vertical:
        return (
            f"Tile {tile} slid sideways. The tiles are read in the same order as before, so "
            f"the inversions stay {before}, and the blank stays on row "
            f"{effect.blank_row_after} from the bottom. Nothing the rule adds up changed."
        )
    width = effect.before.width
    change = after - before
    row_text = (
        f"The blank moved from row {effect.blank_row_before} to row {effect.blank_row_after}, "
        f"so the sum went from {before} + {effect.blank_row_before} = {effect.sum_before} "
        f"to {after} + {effect.blank_row_after} = {effect.sum_after}: still "
        f"{_parity(effect.sum_after)}."
        if width % 2 == 0
        else f"The width ({width}) is odd, so that change is even and the inversions keep "
        f"their parity ({_parity(after)}); the blank's row does not matter."
    )
    return (
        f"Tile {tile} slid {'up' if effect.blank_row_after < effect.blank_row_before else 'down'}"
        f". In reading order it jumped past {effect.passed} tiles (a row's worth less one, "
        f"shaded), and each of those pairs flipped, so the inversions changed by "
        f"{abs(change)}, an {_parity(change)} number: {before} \u2192 {after}. {row_text}"
    )


class SlideDemo(QWidget):
    """The example board, with a sliding tile drawn in motion."""

    def __init__(self, board: Board, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("slideDemo")
        self.board = board
        self._moving: tuple[int, QPointF] | None = None
        self._passed: frozenset[int] = frozenset()
        self.setMinimumSize(180, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._animation = QVariantAnimation(self)
        self._animation.setDuration(SLIDE_MS)
        self._animation.setStartValue(1.0)
        self._animation.setEndValue(0.0)
        self._animation.valueChanged.connect(self._on_step)
        self._from = QPointF()

    def show_slide(self, effect: SlideEffect) -> None:
        """Show `effect.after`, its tile gliding in from where it was."""
        before, after = effect.before, effect.after
        old_row, old_column = divmod(before.index_of(effect.tile), before.width)
        new_row, new_column = divmod(after.index_of(effect.tile), after.width)
        self._from = QPointF(old_column - new_column, old_row - new_row)
        self.board = after
        reading = before.tiles
        low, high = sorted((before.index_of(effect.tile), before.blank_index))
        self._passed = frozenset(t for t in reading[low + 1 : high] if t)
        self._moving = (effect.tile, self._from)
        self._animation.stop()
        self._animation.start()
        self.update()

    @property
    def passed_tiles(self) -> frozenset[int]:
        return self._passed

    @property
    def moved_tile(self) -> int | None:
        """The tile the last slide moved (drawn in the highlight colour), if any."""
        return self._moving[0] if self._moving else None

    @property
    def sliding(self) -> bool:
        return self._animation.state() == QVariantAnimation.State.Running

    def _on_step(self, value: object) -> None:
        share = float(value)  # type: ignore[arg-type]  # the animation runs over floats
        tile = self._moving[0] if self._moving else 0
        self._moving = (tile, QPointF(self._from.x() * share, self._from.y() * share))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_mini_board(
            painter,
            QRectF(self.rect()).adjusted(4, 4, -4, -4),
            self.board,
            self.palette(),
            self.font(),
            emphasised=self._passed,
            moving=self._moving,
        )
        painter.end()


class WhyDialog(QDialog):
    """Two buttons that slide a tile sideways or up/down, and what it did to the numbers."""

    def __init__(self, board: Board, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("whyDialog")
        self.setWindowTitle("Why the Rule Works")
        self._start = board
        self.demo = SlideDemo(board, self)
        self._text = QLabel(self)
        self._text.setObjectName("whyText")
        self._text.setWordWrap(True)
        self._text.setMinimumHeight(self._text.fontMetrics().lineSpacing() * 5)
        sideways = QPushButton("Slide &Sideways", self)
        sideways.setObjectName("slideSideways")
        sideways.clicked.connect(lambda: self.slide(vertical=False))
        vertical = QPushButton("Slide &Up or Down", self)
        vertical.setObjectName("slideVertical")
        vertical.clicked.connect(lambda: self.slide(vertical=True))
        again = QPushButton("&Start Again", self)
        again.clicked.connect(self.restart)
        buttons = QHBoxLayout()
        for button in (sideways, vertical, again):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.demo, 1)
        layout.addWidget(self._text)
        layout.addLayout(buttons)
        self.resize(460, 520)
        self.restart()

    @property
    def text(self) -> str:
        return self._text.text()

    def restart(self) -> None:
        self.demo.board = self._start
        self.demo.update()
        self._text.setText(
            "Slide a tile and watch the numbers the rule adds up: the inversions (pairs "
            "read in the wrong order) and, on an even width, the blank's row from the bottom."
        )

    def slide(self, *, vertical: bool) -> SlideEffect | None:
        """Slide the first tile beside the blank that moves the chosen way."""
        board = self.demo.board
        blank_row = board.blank_index // board.width
        for tile in legal_slides(board):
            same_row = board.index_of(tile) // board.width == blank_row
            if same_row != vertical:
                effect = slide_effect(board, tile)
                self.demo.show_slide(effect)
                self._text.setText(describe(effect))
                return effect
        return None
