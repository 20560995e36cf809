"""Child process of `gui_startup.py`: start a window, say when it is on screen, quit.

    python bench/show_window.py slidecheck SETTINGS_DIR   # the real start-up, gui.app.main
    python bench/show_window.py bare SETTINGS_DIR         # a bare PySide6 QWidget

Both make the QApplication the same way first, then either run Slidecheck's own
`gui.app.main` (which reuses that application) or show an empty QWidget of the same size.
When the top-level window has painted its first frame, the child prints
`time.perf_counter()` (a monotonic clock shared by all processes on Linux, macOS and
Windows) and quits. Settings go to SETTINGS_DIR, never to the user's own.

Kept apart from the benchmark driver so the two children import nothing else.
"""

import sys
import time

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QWidget


class FirstFrameWatcher(QObject):
    """Reports once, right after the first paint of a top-level window has finished."""

    def __init__(self) -> None:
        super().__init__()
        self.reported = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            not self.reported
            and event.type() == QEvent.Type.Paint
            and isinstance(watched, QWidget)
            and watched.isWindow()
        ):
            self.reported = True
            # The children paint in the same pass; a zero timer runs once it is done.
            QTimer.singleShot(0, self.report)
        return False

    def report(self) -> None:
        print(f"{time.perf_counter():.6f}", flush=True)
        QCoreApplication.quit()


def main() -> int:
    kind, settings_dir = sys.argv[1], sys.argv[2]
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, settings_dir)
    app = QApplication([sys.argv[0]])
    watcher = FirstFrameWatcher()
    app.installEventFilter(watcher)
    if kind == "bare":
        window = QWidget()
        window.resize(1180, 780)
        window.show()
        return app.exec()
    from gui.app import main as slidecheck_main

    return slidecheck_main([])


if __name__ == "__main__":
    sys.exit(main())
