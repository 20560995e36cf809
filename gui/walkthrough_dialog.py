"""Walk Me Through It: the check done by hand on the board on screen, one step at a time.

The steps and their sentences are core's `walkthrough`; this dialog shows one at a time
with the running total, and points at the tiles on the main board through the model's
highlight (the tile being counted and, as its partners, only the pairs counted on it). It is
not modal: the board stays editable, and any change of it starts the walk again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core import StepKind, WalkStep, walkthrough

if TYPE_CHECKING:
    from gui.board_model import BoardModel

#: What each kind of step is about, as the heading above its sentence.
HEADINGS = {
    StepKind.INTRO: "How the count works",
    StepKind.OTHER_TILES: "The other tiles",
    StepKind.BLANK_ROW: "The blank's row",
    StepKind.PARITY: "Even or odd",
    StepKind.VERDICT: "The verdict",
}

_STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End)


class WalkthroughDialog(QDialog):
    """The guided walk (objectName "walkthroughDialog"); follows `model`'s board."""

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._steps: tuple[WalkStep, ...] = ()
        self._index = 0
        #: The board changed while the dialog was hidden: walk again when it shows.
        self._stale = True
        self.setObjectName("walkthroughDialog")
        self.setWindowTitle("Walk Me Through It")
        self.setModal(False)

        self.counter = QLabel(self)
        self.counter.setObjectName("walkStepCounter")
        self.total = QLabel(self)
        self.total.setObjectName("walkRunningTotal")
        self.total.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        total_font = QFont(self.total.font())
        total_font.setBold(True)
        total_font.setPointSizeF(total_font.pointSizeF() * 1.25)
        self.total.setFont(total_font)
        self.heading = QLabel(self)
        self.heading.setObjectName("walkHeading")
        heading_font = QFont(self.heading.font())
        heading_font.setBold(True)
        self.heading.setFont(heading_font)
        self.sentence = QLabel(self)
        self.sentence.setObjectName("walkStepText")
        self.sentence.setWordWrap(True)
        self.sentence.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.sentence.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Wide enough for a tile's list of pairs in two or three lines, tall enough that
        # the buttons stay put from one step to the next.
        self.sentence.setMinimumSize(460, self.fontMetrics().lineSpacing() * 6)
        self.keys_hint = QLabel("\u2190 \u2192 step, Home and End jump", self)
        self.keys_hint.setObjectName("walkKeysHint")
        self.keys_hint.setEnabled(False)  # drawn in the palette's dimmed text colour
        self.back_button = QPushButton("\u2190 &Back", self)
        self.back_button.setObjectName("walkBackButton")
        self.next_button = QPushButton("&Next \u2192", self)
        self.next_button.setObjectName("walkNextButton")
        self.next_button.setDefault(True)
        self.close_button = QPushButton("&Close", self)
        self.close_button.setObjectName("walkCloseButton")
        self.close_button.setAutoDefault(False)
        self.back_button.setAutoDefault(False)

        top = QHBoxLayout()
        top.addWidget(self.counter)
        top.addStretch(1)
        top.addWidget(self.total)
        buttons = QHBoxLayout()
        buttons.addWidget(self.keys_hint)
        buttons.addStretch(1)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.next_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.heading)
        layout.addWidget(self.sentence, 1)
        layout.addLayout(buttons)

        self.back_button.clicked.connect(self.go_back)
        self.next_button.clicked.connect(self.go_next)
        self.close_button.clicked.connect(self.close)
        model.changed.connect(self._on_board_changed)
        for button in (self.back_button, self.next_button, self.close_button):
            # A push button moves the focus on arrow keys; here they step the walk.
            button.installEventFilter(self)
        self._restart()

    # -- what tests and the window read -------------------------------------------------

    @property
    def steps(self) -> tuple[WalkStep, ...]:
        """The walk for the board on screen (empty while the board is not valid)."""
        if self._stale:
            self._restart()
        return self._steps

    @property
    def step_index(self) -> int:
        return self._index

    @property
    def current_step(self) -> WalkStep | None:
        steps = self.steps
        return steps[self._index] if steps else None

    # -- stepping ----------------------------------------------------------------------

    def go_to(self, index: int) -> None:
        steps = self.steps
        if not steps:
            return
        self._index = max(0, min(len(steps) - 1, index))
        self._show_step()

    def go_next(self) -> None:
        self.go_to(self._index + 1)

    def go_back(self) -> None:
        self.go_to(self._index - 1)

    def go_first(self) -> None:
        self.go_to(0)

    def go_last(self) -> None:
        self.go_to(len(self.steps) - 1)

    def _on_board_changed(self) -> None:
        # Walking a big board costs a few ms; a hidden dialog waits until it shows.
        self._stale = True
        if self.isVisible():
            self._restart()

    def _restart(self) -> None:
        self._stale = False
        self._index = 0
        board = self._model.board
        self._steps = () if board is None else walkthrough(board, self._model.goal)
        self._show_step()

    def _show_step(self) -> None:
        step = self._steps[self._index] if self._steps else None
        if step is None:
            self._show_invalid()
            return
        last = len(self._steps) - 1
        self.counter.setText(f"Step {self._index + 1} of {last + 1}")
        self.total.setText(f"Running total: {step.running_total:,}")
        if step.kind is StepKind.TILE:
            self.heading.setText(f"Counting tile {step.tile}")
        elif step.kind is StepKind.VERDICT:
            self.heading.setText("Solvable" if step.solvable else "Not solvable")
        else:
            self.heading.setText(HEADINGS[step.kind])
        self.sentence.setText(step.text)
        self.back_button.setEnabled(self._index > 0)
        self.next_button.setEnabled(self._index < last)
        if self.isVisible():
            self._highlight(step)

    def _show_invalid(self) -> None:
        problems = self._model.problems
        reason = f" ({problems[0].message})" if problems else ""
        self.counter.setText("")
        self.total.setText("")
        self.heading.setText("The board is not complete")
        self.sentence.setText(
            f"The walk needs a complete, valid board{reason}. Finish the board and the "
            "walk starts again from the first tile."
        )
        self.back_button.setEnabled(False)
        self.next_button.setEnabled(False)

    def _highlight(self, step: WalkStep) -> None:
        if step.kind is StepKind.TILE:
            self._model.set_highlighted_tile(step.tile, step.pairs)
        else:
            self._model.set_highlighted_tile(None)

    # -- events --------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._restart()
        else:
            self._show_step()

    def event(self, event: QEvent) -> bool:
        # Back in the dialog after hovering the board: point at this step's tiles again.
        if event.type() == QEvent.Type.WindowActivate and self.current_step is not None:
            self._highlight(self.current_step)
        return super().event(event)

    def done(self, result: int) -> None:
        # Closed (Close, Escape or the title bar): the board goes back to no highlight.
        step = self.current_step
        # Only the walk's own highlight: a tile under the pointer stays lit.
        walk_tile = None if step is None else step.tile
        if walk_tile is not None and self._model.highlighted_tile == walk_tile:
            self._model.set_highlighted_tile(None)
        super().done(result)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in _STEP_KEYS
            and not event.modifiers()
        ):
            self._step_by_key(event.key())
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in _STEP_KEYS and not event.modifiers():
            self._step_by_key(event.key())
            event.accept()
            return
        super().keyPressEvent(event)

    def _step_by_key(self, key: int) -> None:
        if key == Qt.Key.Key_Left:
            self.go_back()
        elif key == Qt.Key.Key_Right:
            self.go_next()
        elif key == Qt.Key.Key_Home:
            self.go_first()
        else:
            self.go_last()
