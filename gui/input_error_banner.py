"""A paste or an open that failed, said right above the board until the user moves on.

The status line alone was missed: the previous board and its big verdict stayed on screen,
and the verdict read as if it were for what had been pasted. This strip says what failed
and why, and that the board below is the one from before.

The same strip also carries a notice that is not a failure (`show_notice`): a board read
from a photo with cells the reader was unsure of and the user did not correct. A notice is
tinted grey, not in a verdict's or a failure's colour, and says nothing failed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QPainter, QPaintEvent, QPalette, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gui.palette import PROBLEM_PURPLE, fill_rect, is_dark, mix


class InputErrorBanner(QWidget):
    """'Could not paste: row 2, column 3: tile 5 appears twice' and a Dismiss button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inputErrorBanner")
        #: Whether the strip shows a notice (show_notice) rather than a failure.
        self.is_notice = False
        self._title = QLabel(self)
        self._title.setObjectName("inputErrorTitle")
        font = self._title.font()
        font.setBold(True)
        self._title.setFont(font)
        # Wrapped, not one long line: its width would be the board column's narrowest.
        self._title.setWordWrap(True)
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
        self.is_notice = False
        self._title.setText(f"{title}. The board below is unchanged.")
        self._reason.setText(reason)
        self.setAccessibleName(f"{title}: {reason}")
        self.update()
        self.show()

    def show_notice(self, title: str, text: str) -> None:
        """Say `title` and `text` about the board below, which is the new one: nothing
        failed (a board read from a photo, with cells to check)."""
        self.is_notice = True
        self._title.setText(title)
        self._reason.setText(text)
        self.setAccessibleName(f"{title}: {text}")
        self.update()
        self.show()

    def paintEvent(self, event: QPaintEvent) -> None:
        # The tint is worked out from the inherited palette at each paint, so a switch
        # between light and dark needs nothing more.
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Window)
        dark = is_dark(palette)
        painter = QPainter(self)
        if self.is_notice:
            tint = palette.color(QPalette.ColorRole.WindowText)
            fill_rect(painter, self.rect(), mix(base, tint, 0.12))
            painter.setPen(palette.color(QPalette.ColorRole.Mid))
        else:
            fill_rect(painter, self.rect(), mix(base, PROBLEM_PURPLE, 0.45 if dark else 0.25))
            painter.setPen(PROBLEM_PURPLE)
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.end()
