"""The solution player: a view of one `core.playthrough.Playthrough`.

It shows the solution's length, its moves as letters and the step the model stands at with
the invariant said there (so the player teaches the rule too), and forwards its buttons,
slider, keys and timer to the model. It puts nothing on the board itself: the window shows
the model's position when `stepped` says it changed (see gui.playback).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QGuiApplication, QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSlider,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.playthrough import Playthrough
from gui.transport_icons import Transport, transport_icon

if TYPE_CHECKING:
    from core import Board
    from core.playthrough import Slide
    from core.rule import Verdict
    from core.solution import Solution

#: Moves a second the speed control offers.
SPEEDS = (1, 2, 4, 8, 16, 32, 100)
DEFAULT_SPEED = 4
#: The most letters a line of the move list holds (the copy has none of these breaks).
LETTERS_PER_LINE = 50
#: The controls' column of the slider, after the five transport buttons.
SLIDER_COLUMN = 5


def letters_per_line(moves: int) -> int:
    """Letters on each line of a move list of `moves` letters: as many lines as
    LETTERS_PER_LINE needs, the letters shared evenly among them (51 letters are two lines
    of 26 and 25, not 50 and a letter alone)."""
    lines = max(1, -(-moves // LETTERS_PER_LINE))
    return max(1, -(-moves // lines))


CLOSE_TIP = (
    "Close the player. The position shown stays on the board as one step: "
    "Undo takes the board back to where the solution started."
)


class SolutionPlayer(QWidget):
    """Steps, plays and scrubs through one solution; the move list copies as letters."""

    #: The step shown changed; read the model's `step`, `position` and `last_slide`.
    stepped = Signal(int)
    #: The user closed the player.
    close_requested = Signal()
    #: A sentence for the status line (the copy's confirmation).
    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solutionPlayer")
        self.setAccessibleName("Solution player")
        # Focus on the player itself is where its keys (arrows, Space, Home, End) work.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        #: Which icon each transport button shows, to redraw them when the palette changes.
        self._icons: dict[QToolButton, Transport] = {}
        self._playthrough: Playthrough | None = None

        self._summary = QLabel(self)
        self._summary.setObjectName("solutionSummary")
        bold = self._summary.font()
        bold.setBold(True)
        self._summary.setFont(bold)
        self._invariant = QLabel(self)
        self._invariant.setObjectName("solutionInvariant")
        self._invariant.setWordWrap(True)
        self._invariant.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self._to_start = self._button(
            Transport.TO_START, "playerStartButton", "To the start (Home)"
        )
        self._back = self._button(Transport.BACK, "playerBackButton", "One move back (Left)")
        self._play = self._button(Transport.PLAY, "playerPlayButton", "Play or pause (Space)")
        self._forward = self._button(
            Transport.FORWARD, "playerForwardButton", "One move on (Right)"
        )
        self._to_end = self._button(Transport.TO_END, "playerEndButton", "To the goal (End)")
        self._slider = QSlider(Qt.Orientation.Horizontal, self)
        self._slider.setObjectName("playerSlider")
        self._slider.setAccessibleName("Step")
        self._slider.setToolTip("Drag to any step of the solution")
        self._speed = QComboBox(self)
        self._speed.setObjectName("playerSpeed")
        self._speed.setAccessibleName("Speed")
        self._speed.setToolTip("Moves played a second")
        for speed in SPEEDS:
            self._speed.addItem(f"{speed} move{'' if speed == 1 else 's'}/s", speed)
        self._speed.setCurrentIndex(SPEEDS.index(DEFAULT_SPEED))
        close = QPushButton("Close", self)
        self._close = close
        close.setObjectName("playerCloseButton")
        close.setToolTip(CLOSE_TIP)
        self.setToolTip(CLOSE_TIP)

        self._moves = QPlainTextEdit(self)
        self._moves.setObjectName("playerMoves")
        self._moves.setAccessibleName("Moves as letters: the way each tile travels")
        self._moves.setToolTip(
            "Each letter is the way a tile slides into the blank: U up, D down, L left, R right"
        )
        self._moves.setReadOnly(True)
        self._moves.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._moves.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.TypeWriter)
        self._moves.setFont(mono)
        self._moves.setFixedHeight(self._moves.fontMetrics().lineSpacing() * 3 + 12)
        copy = QPushButton("Copy Moves", self)
        copy.setObjectName("playerCopyButton")
        copy.setToolTip("Copy the moves as letters (UDLR), one per move")
        self._copy = copy

        # Grids, so that `set_narrow` can move the slider and Copy Moves to rows of their own.
        self._controls = QGridLayout()
        self._controls.setContentsMargins(0, 0, 0, 0)
        for column, button in enumerate(
            (self._to_start, self._back, self._play, self._forward, self._to_end)
        ):
            self._controls.addWidget(button, 0, column)
        self._controls.setColumnStretch(SLIDER_COLUMN, 1)
        heading = QHBoxLayout()
        heading.setContentsMargins(0, 0, 0, 0)
        self._summary.setWordWrap(True)
        heading.addWidget(self._summary, 1)
        heading.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)
        self._moves_grid = QGridLayout()
        self._moves_grid.setContentsMargins(0, 0, 0, 0)
        self._moves_grid.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addLayout(heading)
        layout.addLayout(self._controls)
        layout.addWidget(self._invariant)
        layout.addLayout(self._moves_grid)
        self._narrow = True
        self.set_narrow(False)

        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._to_start.clicked.connect(lambda: self.set_step(0))
        self._back.clicked.connect(self.step_back)
        self._play.clicked.connect(self.toggle_playing)
        self._forward.clicked.connect(self.step_forward)
        self._to_end.clicked.connect(lambda: self.set_step(self.length))
        self._slider.valueChanged.connect(self.set_step)
        self._speed.currentIndexChanged.connect(self._on_speed_changed)
        close.clicked.connect(self.close_requested)
        copy.clicked.connect(self.copy_moves)
        # While the player has focus; on the board the arrows move its cursor.
        for key, slot in (
            (Qt.Key.Key_Left, self.step_back),
            (Qt.Key.Key_Right, self.step_forward),
            (Qt.Key.Key_Space, self.toggle_playing),
            (Qt.Key.Key_Home, lambda: self.set_step(0)),
            (Qt.Key.Key_End, lambda: self.set_step(self.length)),
        ):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        self._on_speed_changed()

    def tab_stops(self) -> list[QWidget]:
        """The player and its widgets in their Tab order, as Qt's focus chain has them once
        made: kept here because walking that chain would pass the moves list's scroll bars,
        widgets C++ made (see gui.on_demand.WidgetOnDemand)."""
        return [
            self,
            self._summary,
            self._invariant,
            self._to_start,
            self._back,
            self._play,
            self._forward,
            self._to_end,
            self._slider,
            self._speed,
            self._close,
            self._moves,
            self._copy,
        ]

    def _button(self, icon: Transport, name: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setIcon(transport_icon(icon, self.palette()))
        self._icons[button] = icon
        button.setObjectName(name)
        button.setToolTip(tip)
        button.setAccessibleName(tip.split(" (", maxsplit=1)[0])
        button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        return button

    def set_narrow(self, narrow: bool) -> None:
        """Narrow (a column beside the board): the slider gets a row of its own, long
        enough to drag, and the speed goes under the moves beside Copy Moves. Otherwise the
        slider and the speed share the buttons' row, and Copy Moves the moves' row."""
        if narrow == self._narrow:
            return
        self._narrow = narrow
        moving: tuple[QWidget, ...] = (self._slider, self._speed, self._moves, self._copy)
        for widget in moving:
            self._controls.removeWidget(widget)
            self._moves_grid.removeWidget(widget)
        if narrow:
            self._controls.addWidget(self._slider, 1, 0, 1, SLIDER_COLUMN + 2)
            self._moves_grid.addWidget(self._moves, 0, 0, 1, 2)
            self._moves_grid.addWidget(self._speed, 1, 0, Qt.AlignmentFlag.AlignLeft)
            self._moves_grid.addWidget(self._copy, 1, 1, Qt.AlignmentFlag.AlignRight)
        else:
            self._controls.addWidget(self._slider, 0, SLIDER_COLUMN)
            self._controls.addWidget(self._speed, 0, SLIDER_COLUMN + 1)
            self._moves_grid.addWidget(self._moves, 0, 0)
            self._moves_grid.addWidget(self._copy, 0, 1, Qt.AlignmentFlag.AlignTop)

    @property
    def narrow(self) -> bool:
        return self._narrow

    def changeEvent(self, event: QEvent) -> None:
        # The dark and light appearances change the palette: redraw the icons in its colour.
        if event.type() == QEvent.Type.PaletteChange:
            for button, icon in self._icons.items():
                button.setIcon(transport_icon(icon, self.palette()))
        super().changeEvent(event)

    # -- what the window reads ----------------------------------------------------------

    @property
    def playthrough(self) -> Playthrough | None:
        """The model shown (None before the first solution)."""
        return self._playthrough

    @property
    def solution(self) -> Solution | None:
        return None if self._playthrough is None else self._playthrough.solution

    @property
    def step(self) -> int:
        return 0 if self._playthrough is None else self._playthrough.step

    @property
    def length(self) -> int:
        return 0 if self._playthrough is None else self._playthrough.length

    @property
    def board(self) -> Board | None:
        """The position after `step` moves."""
        return None if self._playthrough is None else self._playthrough.position

    @property
    def last_slide(self) -> Slide | None:
        """The slide the last single step made (None after a jump)."""
        return None if self._playthrough is None else self._playthrough.last_slide

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    @property
    def interval_ms(self) -> int:
        """Time between two moves while playing."""
        return self._timer.interval()

    @property
    def summary_text(self) -> str:
        return self._summary.text()

    @property
    def invariant_text(self) -> str:
        return self._invariant.text()

    @property
    def moves_text(self) -> str:
        """The move list as shown (broken into lines)."""
        return self._moves.toPlainText()

    # -- what the user does -------------------------------------------------------------

    def set_solution(self, solution: Solution, start_verdict: Verdict | None = None) -> None:
        """Show `solution` from its start. `start_verdict`, if given, is the verdict of its
        start (as the window holds it), so the start is not counted again."""
        self.pause()
        self._playthrough = Playthrough(solution, start_verdict)
        self._summary.setText(solution.length_text)
        self._summary.setAccessibleName(self._summary.text())
        letters = solution.directions
        per_line = letters_per_line(len(letters))
        self._moves.setPlainText(
            "\n".join(letters[at : at + per_line] for at in range(0, len(letters), per_line))
        )
        self._slider.blockSignals(True)
        self._slider.setRange(0, solution.length)
        self._slider.setValue(0)
        self._slider.setPageStep(max(1, solution.length // 20))
        self._slider.blockSignals(False)
        self._show_step()

    def set_step(self, step: int) -> None:
        """Show the position after `step` moves (clamped to the solution)."""
        playthrough = self._playthrough
        if playthrough is not None and playthrough.go_to(step):
            self._show_step()
            self.stepped.emit(playthrough.step)

    def step_forward(self) -> None:
        self.set_step(self.step + 1)

    def step_back(self) -> None:
        self.set_step(self.step - 1)

    def toggle_playing(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        if self.length == 0:
            return
        if self.step >= self.length:
            self.set_step(0)  # play again from the start
        self._timer.start()
        self._show_play_state()

    def pause(self) -> None:
        self._timer.stop()
        self._show_play_state()

    def copy_moves(self) -> None:
        solution = self.solution
        if solution is None:
            return
        QGuiApplication.clipboard().setText(solution.directions)
        self.message.emit(f"Copied {solution.length:,} moves as letters")

    # -- inside -------------------------------------------------------------------------

    def _tick(self) -> None:
        self.step_forward()
        if self.step >= self.length:
            self.pause()

    def _on_speed_changed(self) -> None:
        speed = self._speed.currentData()
        self._timer.setInterval(round(1000 / (speed if isinstance(speed, int) else DEFAULT_SPEED)))

    def _show_play_state(self) -> None:
        self._icons[self._play] = Transport.PAUSE if self.playing else Transport.PLAY
        self._play.setIcon(transport_icon(self._icons[self._play], self.palette()))
        self._play.setAccessibleName("Pause" if self.playing else "Play")

    def _show_step(self) -> None:
        playthrough = self._playthrough
        if playthrough is None:
            return
        self._slider.blockSignals(True)
        self._slider.setValue(playthrough.step)
        self._slider.blockSignals(False)
        line = playthrough.invariant_text
        self._invariant.setText(line)
        self._invariant.setAccessibleName(line)
        self._to_start.setEnabled(not playthrough.at_start)
        self._back.setEnabled(not playthrough.at_start)
        self._forward.setEnabled(not playthrough.at_end)
        self._to_end.setEnabled(not playthrough.at_end)
        self._play.setEnabled(playthrough.length > 0)
        self._mark_move()

    def _mark_move(self) -> None:
        """Select, in the move list, the letter of the move just made."""
        if self.step == 0:
            self._moves.setExtraSelections([])
            return
        index = self.step - 1
        line, column = divmod(index, letters_per_line(self.length))
        block = self._moves.document().findBlockByNumber(line)
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.Right, n=column)
        cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor, 1)
        selection = QTextEdit.ExtraSelection()
        selection.cursor = cursor
        selection.format.setBackground(self.palette().highlight())
        selection.format.setForeground(self.palette().highlightedText())
        self._moves.setExtraSelections([selection])
        cursor.clearSelection()
        self._moves.setTextCursor(cursor)
        self._moves.ensureCursorVisible()
