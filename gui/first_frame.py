"""The moment a window has painted its first frame: how a start is timed, for Slidecheck's
window (`gui.app`, $SLIDECHECK_QUIT_AFTER_FIRST_FRAME) and for bench/show_window.py's
reference windows alike. It imports PySide6's core module alone, so a reference window
timed with it loads nothing of Slidecheck's.

The watcher filters the window's own events, not the application's: an application-wide
filter in Python receives objects that C++ made (a scroll area's private viewport
filter...), and the first of those to reach Python has PySide6 build the enum classes of
every QObject subclass it knows, work that a start without the watcher never does.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QWidget


class _FirstFrame(QObject):
    """Calls `then` once the window it watches has painted."""

    def __init__(self, window: QWidget, then: Callable[[], object]) -> None:
        super().__init__(window)
        self._window = window
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self._window.removeEventFilter(self)
            # The children paint in the same pass; a zero timer runs once it is done (and
            # not at all if the window is gone by then: the watcher is the window's child).
            QTimer.singleShot(0, self, self._then)
        return False


def _report_and_quit() -> None:
    print(f"{time.perf_counter():.6f}", flush=True)
    QCoreApplication.quit()


def after_first_paint(window: QWidget, then: Callable[[], object]) -> None:
    """Call `then` once `window` has painted its first frame (its children included).

    Of two calls for the same window, the one made last is called first: Qt asks the event
    filter installed last first."""
    window.installEventFilter(_FirstFrame(window, then))


def quit_after_first_paint(window: QWidget) -> None:
    """Print the moment `window` has painted its first frame (its children included),
    `time.perf_counter()` (a clock every process on the machine shares), and quit."""
    after_first_paint(window, _report_and_quit)
