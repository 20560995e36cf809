"""A paste or an open that failed, said right above the board until the user moves on.

The status line alone was missed: the previous board and its big verdict stayed on screen,
and the verdict read as if it were for what had been pasted. This strip says what failed
and why, and that the board below is the one from before.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QPainter, QPaintEvent, QPalette, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gui.palette import PROBLEM_PURPLE, is_dark, mix


class InputErrorBanner(QWidget):
    """'Could not paste: row 2, column 3: tile 5 appears twice' and a Dismiss button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inputErrorBanner")
        self._title = QLabel(self)
        self._title.setObjectName("inputErrorTitle")
        font = self._title.font()
        font.setBold(True)
        self._title.setFont(font)
        self._reason = QLabel(self)
        self._reason.setObjectName("inputErrorReason")
        self._reason.setWordWrap(True)
        self._reason.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._dismiss = QPushButton("&Dismiss", self)
        self._dismiss.setObjectName("dismissInputError")
        self._dismiss.clicked.connect(self.hide)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.setContext(Qt.ShortcutContext.WindowShortcut)
        escape.activated.connect(self.hide)

        words = QVBoxLayout()
        words.setContentsMargins(0, 0, 0, 0)
        words.addWidget(self._title)
        words.addWidget(self._reason)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addLayout(words, 1)
        layout.addWidget(self._dismiss, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    @property
    def title(self) -> str:
        return self._title.text()

    @property
    def reason(self) -> str:
        return self._reason.text()

    def show_error(self, title: str, reason: str) -> None:
        """Say that `title` failed because of `reason`; the board below stays as it was."""
        self._title.setText(f"{title}. The board below is unchanged.")
        self._reason.setText(reason)
        self.setAccessibleName(f"{title}: {reason}")
        self.show()

    def paintEvent(self, event: QPaintEvent) -> None:
        # The tint is worked out from the inherited palette at each paint, so a switch
        # between light and dark needs nothing more.
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Window)
        dark = is_dark(palette)
        painter = QPainter(self)
        painter.fillRect(self.rect(), mix(base, PROBLEM_PURPLE, 0.45 if dark else 0.25))
        painter.setPen(PROBLEM_PURPLE)
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.end()
