"""What to do on the board now, said right above it: the tile to place next, the hint's move.

In the status bar alone these were missed: the eyes are on the board while placing tiles or
playing. The line has two layers. The mode's standing instruction ('Click where tile 5
sits') shows while the mode lasts and changes with it. A passing one (the hint's 'Hint:
slide 7 left', or why there is none) is about the position on screen, so the board's next
change ends it and the standing one shows again. With neither the line is hidden.

Screen readers hear each new instruction as an announcement; the line's accessible name is
its text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QPainter, QPalette
from PySide6.QtWidgets import QLabel

from gui.palette import fill_rect, mix

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtGui import QPaintEvent
    from PySide6.QtWidgets import QWidget

#: The instruction's size against the window's text: read at a glance beside large tiles.
FONT_SCALE = 1.15


class BoardInstruction(QLabel):
    """The line above the board (objectName `boardInstruction`). `board_changed` is the
    signal that ends a passing instruction."""

    def __init__(self, board_changed: SignalInstance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardInstruction")
        self._board_changed = board_changed
        self._standing = ""
        self._passing = ""
        #: Counts passing instructions, so the end of one does not clear a newer one.
        self._serial = 0
        font = self.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * FONT_SCALE)
        self.setFont(font)
        self.setWordWrap(True)
        self.setMargin(6)
        self.setIndent(4)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.hide()

    def set_standing(self, text: str) -> None:
        """The mode's instruction ('' for none). A new one also ends a passing one: it was
        said in the mode before."""
        self._standing = text
        self._passing = ""
        self._serial += 1
        self._show()

    def show_passing(self, text: str) -> None:
        """Say `text` until the board's next change (shown after the change it is about, it
        outlives that one)."""
        self._passing = text
        self._serial += 1
        serial = self._serial
        self._board_changed.connect(
            lambda *_args: self._end(serial), Qt.ConnectionType.SingleShotConnection
        )
        self._show()

    def _end(self, serial: int) -> None:
        if serial == self._serial:
            self._passing = ""
            self._show()

    def _show(self) -> None:
        text = self._passing or self._standing
        if text == self.text() and self.isHidden() == (not text):
            return
        self.setText(text)
        self.setAccessibleName(text)
        self.setVisible(bool(text))
        if text and QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self, text))

    def paintEvent(self, event: QPaintEvent) -> None:
        # Worked out from the inherited palette at each paint: light and dark need nothing more.
        palette = self.palette()
        accent = palette.color(QPalette.ColorRole.Highlight)
        painter = QPainter(self)
        fill_rect(painter, self.rect(), mix(palette.color(QPalette.ColorRole.Window), accent, 0.14))
        fill_rect(painter, self.rect().adjusted(0, 0, -self.width() + 4, 0), accent)
        painter.end()
        super().paintEvent(event)
