"""Play mode's score line: moves and time since the first slide, Hint and Shuffle buttons,
and the moment the puzzle is solved."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from core.moves import Difficulty

if TYPE_CHECKING:
    from collections.abc import Callable


def clock_text(seconds: float) -> str:
    """0:07, 1:02:05: minutes and seconds, hours only when needed."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class PlayPanel(QWidget):
    """'Moves 12 · 0:34', Hint and Shuffle; 'Solved in 40 moves, 1:02!' at the goal."""

    #: The user asked for a new random solvable board to play.
    shuffle_requested = Signal()
    #: The user asked which tile to slide next.
    hint_requested = Signal()

    def __init__(
        self, parent: QWidget | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__(parent)
        self.setObjectName("playPanel")
        self._clock = clock
        self._moves = 0
        self._started: float | None = None
        self._finished: float | None = None
        self._score = QLabel(self)
        self._score.setObjectName("playScore")
        font = self._score.font()
        font.setBold(True)
        self._score.setFont(font)
        shuffle = QPushButton("S&huffle", self)
        shuffle.setObjectName("shuffleButton")
        shuffle.setToolTip("A new random board that can be solved, to play from the start")
        shuffle.clicked.connect(self.shuffle_requested)
        self._difficulty = QComboBox(self)
        self._difficulty.setObjectName("shuffleDifficulty")
        self._difficulty.setAccessibleName("Shuffle difficulty")
        self._difficulty.setToolTip(
            "How far from the goal Shuffle deals the board: on a 4x4, Easy is at most 20 "
            "moves out, Medium 35, Hard 64 (in proportion on other sizes); Any is a "
            "board drawn at random"
        )
        for difficulty in Difficulty:
            # The value, not the enum: Qt hands a str subclass back as a plain str.
            self._difficulty.addItem(difficulty.value.title(), difficulty.value)
        hint = QPushButton("Hint", self)
        hint.setObjectName("hintButton")
        hint.setShortcut(QKeySequence("H"))
        hint.setToolTip(
            "Outline the tile to slide next: the first move of a shortest solution on boards "
            "of up to 16 tiles, of a quick one on larger boards (H)"
        )
        hint.clicked.connect(self.hint_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self._score, 1)
        layout.addWidget(hint)
        layout.addWidget(self._difficulty)
        layout.addWidget(shuffle)
        # The time shown ticks once a second while a game is under way.
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self._show)
        self._show()

    @property
    def moves(self) -> int:
        return self._moves

    @property
    def difficulty(self) -> Difficulty:
        """The difficulty the next shuffle deals (Easy at first: a game a newcomer finishes)."""
        return Difficulty(self._difficulty.currentData())

    @property
    def solved(self) -> bool:
        return self._finished is not None

    @property
    def text(self) -> str:
        return self._score.text()

    def restart(self) -> None:
        """A new game: no moves, no time (entering play mode, a shuffle, an edit)."""
        self._moves = 0
        self._started = self._finished = None
        self._ticker.stop()
        self._show()

    def count_move(self, *, solved: bool) -> None:
        """One slide made; `solved` when it put the board in its goal position."""
        now = self._clock()
        if self._started is None or self._finished is not None:
            # The first slide starts the clock; sliding on after a win starts a new game.
            self.restart()
            self._started = now
            self._ticker.start()
        self._moves += 1
        if solved:
            self._finished = now
            self._ticker.stop()
        self._show()

    def elapsed(self) -> float:
        if self._started is None:
            return 0.0
        end = self._finished if self._finished is not None else self._clock()
        return end - self._started

    def _show(self) -> None:
        moves = self._moves
        plural = "" if moves == 1 else "s"
        if self._finished is not None:
            text = f"Solved in {moves} move{plural}, {clock_text(self.elapsed())}!"
        else:
            text = f"Moves {moves} \u00b7 {clock_text(self.elapsed())}"
        self._score.setText(text)
        self._score.setAccessibleName(text)
