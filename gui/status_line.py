"""The status bar's line: one message at a time, each ended by what it describes.

A message says what is true now, so it goes when that stops being true: by default at the
board's next change, or when a given signal fires (a dialog closing), or, with None, only
when a newer message replaces it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QWidget

#: Longest message shown: a file name or a token from a bad file cannot take over the window.
MAX_MESSAGE_LENGTH = 300


def one_line(text: str, limit: int = MAX_MESSAGE_LENGTH) -> str:
    """`text` with its line breaks and runs of spaces as single spaces, cut to `limit`."""
    line = " ".join(text.split())
    if len(line) > limit:
        line = line[: limit - 1] + "\u2026"
    return line


class StatusLine(QLabel):
    """The message in the status bar. `board_changed` is the signal that ends a message
    shown with the default `until`."""

    def __init__(self, board_changed: SignalInstance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statusMessage")
        self._board_changed = board_changed
        #: Counts messages shown, so a message's end does not clear a newer one.
        self._serial = 0

    def show_message(
        self, text: str, *, until: SignalInstance | Literal["board"] | None = "board"
    ) -> None:
        """Show `text` on one line until the board changes next (a hint, "Board pasted":
        shown after the change it describes, it outlives that one), or until `until` fires,
        or, with None, until replaced."""
        self.setText(one_line(text))
        self._serial += 1
        if until is not None:
            end = self._board_changed if until == "board" else until
            serial = self._serial
            # One shot: the connection goes once it has fired, whether or not the message
            # was still up (a newer one has its own serial).
            end.connect(
                lambda *_args: self._end(serial),
                Qt.ConnectionType.SingleShotConnection,
            )

    def show_until(self, text: str, until: SignalInstance | None) -> None:
        """`show_message` for a controller's `lasting_message(text, until)` signal."""
        self.show_message(text, until=until)

    def _end(self, serial: int) -> None:
        if serial == self._serial:
            self.clear()
