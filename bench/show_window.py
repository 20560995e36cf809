"""Child process of `gui_startup.py`: start a window, say when it is on screen, quit.

    python bench/show_window.py slidecheck SETTINGS_DIR   # the real start-up, gui.launcher.main
    python bench/show_window.py bare SETTINGS_DIR         # a bare PySide6 QWidget
    python bench/show_window.py minimal SETTINGS_DIR      # the least a window like ours costs

All make the QApplication the same way first, then either run Slidecheck's own
`gui.launcher.main` (which reuses that application), show an empty QWidget of the same size, or
show `minimal_main_window()`: the same kinds of Qt parts as Slidecheck's window (menus with
standard shortcuts, a toolbar with spin boxes and a combo box, a painted 4x4 board in a
scroll area, a bold label, a text browser, a table view, a status bar) with none of its
logic. It is a reference point, not a target: what PySide6 itself charges for such a window.
When the top-level window has painted its first frame, the child prints
`time.perf_counter()` (a monotonic clock shared by all processes on Linux, macOS and
Windows) and quits; as the event loop ends it prints the CPU time the process has used so
far (`time.process_time()`, seconds). Settings go to SETTINGS_DIR, never to the user's own.
With $SHOW_WINDOW_EXIT_AT_FIRST_FRAME=1 it leaves there at once (`os._exit`), so that a tool
counting the whole process (bench/startup_instructions.py) counts no more than the start.

Every kind watches its window's own events for the first paint with one watcher,
`gui.first_frame` (which imports Qt's core module alone): Slidecheck's start through
`$SLIDECHECK_QUIT_AFTER_FIRST_FRAME`, as the bundle is timed, the other two directly. An
application-wide event filter would not do: it receives objects that C++ made, and the
first of those to reach Python has PySide6 build the enum classes of every QObject
subclass it knows, work that none of the three does when it is not watched
(bench/README.md, "Start-up, fifth round").

Kept apart from the benchmark driver so the two children import nothing else.
"""

import os
import sys
import time

from PySide6.QtCore import QEvent, QSettings
from PySide6.QtWidgets import QApplication, QWidget

from gui.first_frame import quit_after_first_paint

#: Set to 1: leave the process right after the first frame is reported (see the module).
EXIT_AT_FIRST_FRAME = "SHOW_WINDOW_EXIT_AT_FIRST_FRAME"
#: gui.app.FIRST_FRAME_VARIABLE, written out: importing gui.app here would load it (and core)
#: before the start being timed.
SLIDECHECK_FIRST_FRAME = "SLIDECHECK_QUIT_AFTER_FIRST_FRAME"


def report_cpu_time() -> None:
    """As the event loop ends, right after the first frame's report: the CPU time used."""
    print(f"{time.process_time():.6f}", flush=True)
    if os.environ.get(EXIT_AT_FIRST_FRAME) == "1":
        os._exit(0)  # no closing or saving: the start only


def minimal_main_window() -> QWidget:
    """A main window built from the Qt parts Slidecheck's window uses, and nothing else."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPainter, QPen
    from PySide6.QtWidgets import (
        QAbstractScrollArea,
        QComboBox,
        QLabel,
        QMainWindow,
        QSpinBox,
        QSplitter,
        QTableView,
        QTextBrowser,
        QToolBar,
        QVBoxLayout,
    )

    class PaintedBoard(QAbstractScrollArea):
        def paintEvent(self, event: QEvent) -> None:
            painter = QPainter(self.viewport())
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(QColor("#2a4d69"), 1.0))
            painter.setBrush(QColor("#cde3f5"))
            for cell in range(16):
                tile = QRectF(40 + cell % 4 * 60, 40 + cell // 4 * 60, 56, 56)
                painter.drawRoundedRect(tile, 6, 6)
                painter.drawText(tile, Qt.AlignmentFlag.AlignCenter, str(cell))
            painter.end()

    window = QMainWindow()
    side = QWidget()
    layout = QVBoxLayout(side)
    verdict = QLabel("Solvable")
    bold = QFont(verdict.font())
    bold.setBold(True)
    verdict.setFont(bold)
    layout.addWidget(verdict)
    explanation = QTextBrowser()
    explanation.setHtml("<p>Width 4 is even.</p><p><b>49 + 2 = 51 is odd.</b></p>")
    layout.addWidget(explanation)
    layout.addWidget(QTableView())
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(PaintedBoard())
    splitter.addWidget(side)
    window.setCentralWidget(splitter)
    keys = QKeySequence.StandardKey
    menu = window.menuBar().addMenu("&File")
    for key in (keys.New, keys.Open, keys.Save, keys.Quit, keys.Undo, keys.Redo, keys.Copy):
        action = QAction("Action", window)
        action.setShortcut(QKeySequence(key))
        menu.addAction(action)
    toolbar = QToolBar("Board")
    toolbar.addWidget(QSpinBox())
    toolbar.addWidget(QSpinBox())
    goals = QComboBox()
    goals.addItems(["blank last", "blank first"])
    toolbar.addWidget(goals)
    window.addToolBar(toolbar)
    window.statusBar().showMessage("Ready")
    return window


def main() -> int:
    kind, settings_dir = sys.argv[1], sys.argv[2]
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, settings_dir)
    app = QApplication([sys.argv[0]])
    app.aboutToQuit.connect(report_cpu_time)
    if kind in ("bare", "minimal"):
        window = QWidget() if kind == "bare" else minimal_main_window()
        quit_after_first_paint(window)
        window.resize(1180, 780)
        window.show()
        return app.exec()
    # The `slidecheck` executable's entry point: the environment check, then gui.app.main,
    # which watches its window's first frame itself when asked to.
    os.environ[SLIDECHECK_FIRST_FRAME] = "1"
    from gui.launcher import main as slidecheck_main

    return slidecheck_main([])


if __name__ == "__main__":
    sys.exit(main())
