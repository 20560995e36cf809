"""Start-up imports only what the first frame needs (issue 21).

The real start-up (`gui.launcher.main`, the entry point of the `slidecheck` executable and
of the bundle: the environment check, then `gui.app.main`) runs in a child process on the
offscreen platform; at the end of the window's first painted frame the child lists the
modules imported so far and quits. The solvers, the photo reader, the walk-through and the
other features that load on first use must not be among them; nor may PySide6 have read the
window's modules' source (gui.app.stop_pyside_feature_scan), nor may the cyclic garbage
collector have run while the window's modules were imported and the window built (the
launcher pauses it until the window is shown). Times are bench/gui_startup.py's, not a test's.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

import pytest

from core import format_board
from tests.gui.child_report import child_report
from tests.gui.conftest import LOYD_BOARD

if TYPE_CHECKING:
    from pathlib import Path

#: Loaded on first use, never before the first frame.
NOT_AT_START = (
    # The searches and their tables, the walk-through and the solution's playthrough. The
    # launcher's environment check reads the tables' settings without loading them.
    "core.solve",
    "core.fast_solver",
    "core.search",
    "core.pattern_db",
    "core.symmetry",
    "platformdirs",
    "concurrent.futures",
    "core.solution",
    "core.playthrough",
    "core.walkthrough",
    # The photo reader and what it stands on.
    "core.photo",
    "numpy",
    "PIL",
    # The command line.
    "core.cli",
    # The controllers behind the menus' actions (gui.actions makes the actions at start),
    # made on the first trigger.
    "gui.edit_controller",
    "gui.photo_import",
    "gui.clipboard_export",
    "gui.solve_controller",
    "gui.playback",
    "gui.help_menu",
    # The strips over the board, hidden at start: made when first shown.
    "gui.input_error_banner",
    "gui.play_panel",
    "gui.board_instruction",
    "gui.solve_progress",
    # The features' widgets, threads and dialogs.
    "gui.solution_player",
    "gui.transport_icons",
    "gui.solve_worker",
    "gui.photo_read_runner",
    "gui.photo_dialog",
    "gui.photo_view",
    "gui.walkthrough_dialog",
    "gui.why_dialog",
    "core.slide_effect",
    "gui.goal_dialog",
    "gui.export",
    "gui.self_test",
)

#: The child: the real start-up, reporting sys.modules once the first frame is painted, the
#: modules PySide6's import looked at (its `__feature__` table), the text formats' regular
#: expressions compiled so far (core.formats compiles each on first use), the collector's
#: passes that began once the window's modules were being imported (gui.appearance, the first
#: of them after the launcher paused the collector) and before the first frame, whether the
#: collector is on after it, and the classes of QtCore, QtGui and QtWidgets PySide6 has made.
CHILD = """
import gc, json, os, sys
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication

import gui.app

class FirstFrame(QObject):
    seen = False
    def eventFilter(self, watched, event):
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, self.report)  # once the children have painted too
        return False
    def report(self):
        feature = sys.modules.get("PySide6.support.feature")
        looked_at = sorted(getattr(feature, "pyside_feature_dict", {}))
        formats = sys.modules.get("core.formats")
        qt_classes = [
            vars(sys.modules[f"PySide6.{module}"]) for module in ("QtCore", "QtGui", "QtWidgets")
        ]
        report = {
            "modules": sorted(sys.modules),
            "looked_at": looked_at,
            "patterns_compiled": sorted(vars(formats._PATTERNS)) if formats else [],
            "passes_in_start_up": passes_in_start_up,
            "collector_on": gc.isenabled(),
            "qt_classes_made": sorted(name for names in qt_classes for name in names),
        }
        print(json.dumps(report), flush=True)
        for window in QApplication.topLevelWidgets():
            undo = getattr(window, "undo_stack", None)
            if undo is not None:
                undo.setClean()  # nothing to ask about on the way out
        QCoreApplication.quit()

QSettings.setDefaultFormat(QSettings.Format.IniFormat)
QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
app = QApplication([sys.argv[0]])
watcher = FirstFrame()
passes_in_start_up = []

# Watched where the bundle's timing watches it (gui.app.quit_after_first_frame): on the
# window itself, since an application-wide filter would itself make PySide6 build classes.
def watch_the_window(window):
    window.installEventFilter(watcher)

gui.app.quit_after_first_frame = watch_the_window
os.environ[gui.app.FIRST_FRAME_VARIABLE] = "1"

def count_pass(phase, info):
    if phase == "start" and "gui.appearance" in sys.modules and not watcher.seen:
        passes_in_start_up.append(info["generation"])

gc.callbacks.append(count_pass)
from gui.launcher import main
sys.exit(main(sys.argv[2:]))
"""


def modules_at_first_frame(settings_dir: Path, *arguments: str) -> dict[str, Any]:
    """The modules imported by the end of the first frame ("modules"), those PySide6 looked
    at ("looked_at"), the text formats' patterns compiled ("patterns_compiled"), the garbage
    collector's passes in the window's start-up, by generation ("passes_in_start_up"),
    whether it is on after the first frame ("collector_on"), and the names of the QtCore,
    QtGui and QtWidgets classes PySide6 has made by then ("qt_classes_made")."""
    report: dict[str, Any] = child_report(CHILD, str(settings_dir), *arguments)
    return report


def test_the_names_listed_are_modules():
    """A module renamed or removed must leave this list too, or the test checks nothing."""
    for name in NOT_AT_START:
        if name not in ("numpy", "PIL"):  # optional: the photo extra
            assert importlib.util.find_spec(name) is not None, name


@pytest.mark.parametrize("opens_a_board", [False, True], ids=["new", "board file"])
def test_the_first_frame_imports_no_feature_loaded_on_first_use(tmp_path, opens_a_board):
    arguments = []
    if opens_a_board:
        board = tmp_path / "loyd.txt"
        board.write_text(format_board(LOYD_BOARD))
        arguments.append(str(board))
    settings_dir = tmp_path / "settings"
    first = set(modules_at_first_frame(settings_dir, *arguments)["modules"])
    assert "gui.main_window" in first  # the child did show the window
    assert sorted(first.intersection(NOT_AT_START)) == []
    # A second start, with the settings the first one saved (its last board, the window's
    # size), loads no more.
    second = set(modules_at_first_frame(settings_dir, *arguments)["modules"])
    assert sorted(second.intersection(NOT_AT_START)) == []


def test_pyside_reads_the_source_of_none_of_the_windows_modules(tmp_path):
    report = modules_at_first_frame(tmp_path / "settings")
    assert "gui.main_window" in report["modules"]
    assert "PySide6.QtWidgets" in report["looked_at"]  # the table is the one PySide6 keeps
    window_modules = [name for name in report["looked_at"] if name.startswith("gui.")]
    # gui.app and what it imports first are imported before it can give the import back;
    # the launcher and the enum shortcut too, here only: this child has imported Qt before
    # them, the executable not.
    assert window_modules == ["gui.app", "gui.app_info", "gui.fast_enums", "gui.launcher"]


def test_the_garbage_collector_waits_for_the_shown_window(tmp_path):
    """No pass while the window's modules load and the window is built; on once it shows."""
    report = modules_at_first_frame(tmp_path / "settings")
    assert "gui.main_window" in report["modules"]
    assert report["passes_in_start_up"] == []
    assert report["collector_on"] is True


def test_a_start_without_a_file_loads_none_of_the_text_formats(tmp_path):
    """The last board comes back from the settings, not parsed from text: core.formats (its
    dataclasses, its regular expressions) waits for the first text read or written. So on
    a first start, and on the next one, whose board the first one saved."""
    for start in ("first", "second"):
        modules = modules_at_first_frame(tmp_path / "settings")["modules"]
        assert "core.draft" in modules, start
        assert "core.formats" not in modules, start


def test_the_first_frame_makes_pyside_sweep_no_class_hierarchy(tmp_path):
    """PySide6 makes a Qt class (and its enum classes) the first time Python needs it. The
    first QWidget or QObject made by C++ to reach Python has it make every subclass it knows
    on the way to the object's own: a scroll area's own viewport (so the board and the
    strip get one made in Python, gui.scroll_viewport), a walk along the Tab order, an
    event filter on a C++ part. None of that happens before the first frame."""
    made = set(modules_at_first_frame(tmp_path / "settings")["qt_classes_made"])
    assert {"QAbstractScrollArea", "QTableView", "QObject"} <= made  # the window's own
    # Classes the window never uses, each made by one of the sweeps: QWidget's subclasses,
    # QObject's in QtCore.
    assert sorted(made.intersection({"QWizard", "QMdiArea", "QCalendarWidget"})) == []
    assert sorted(made.intersection({"QProcess", "QFileSystemWatcher", "QSharedMemory"})) == []


#: Qt classes (each with its enum classes) made on first use: the board's slide animation
#: with the first slide, the compact arrangement's tabs when the window first goes compact,
#: the application's icon once the first frame is painted (gui.app.set_application_icon; an
#: action, button or menu made with its text at once would make it too, see
#: gui.actions.make_action).
QT_CLASSES_NOT_AT_START = (
    "QVariantAnimation",
    "QAbstractAnimation",
    "QEasingCurve",
    "QTabWidget",
    "QIcon",
)


def test_the_first_frame_makes_no_qt_class_it_leaves_to_first_use(tmp_path):
    made = set(modules_at_first_frame(tmp_path / "settings")["qt_classes_made"])
    assert "QAbstractScrollArea" in made  # the board view was made
    assert sorted(made.intersection(QT_CLASSES_NOT_AT_START)) == []


#: A first Solve in a fresh process, up to the shown player; prints the QtWidgets classes
#: PySide6 has made by then.
FIRST_SOLVE_CHILD = """
import json, sys, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

app = QApplication([sys.argv[0]])
from gui.app import create_application
from gui.main_window import MainWindow

create_application([])
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat), restore=False)
window.show()
for _ in range(5):
    app.processEvents()
window.files.open(sys.argv[2])
window.solving.solve()
deadline = time.monotonic() + 60
while window.player.made is None or not window.player.made.isVisible():
    if time.monotonic() > deadline:
        raise SystemExit("no player")
    app.processEvents()
    time.sleep(0.001)
made = sorted(vars(sys.modules["PySide6.QtWidgets"]))
window.undo_stack.setClean()
window.stop_workers()
window.close()
print(json.dumps(made), flush=True)
"""


def test_the_first_solve_makes_pyside_sweep_no_class_hierarchy(tmp_path):
    """The player made by the first Solve takes its place in the Tab order without a walk
    that meets a widget C++ made (the window's or the moves list's scroll bars): PySide6
    makes no class the window does not use on the way."""
    board = tmp_path / "three.txt"
    board.write_text("1 2 3\n4 0 6\n7 5 8\n")
    made = set(child_report(FIRST_SOLVE_CHILD, str(tmp_path / "settings.ini"), str(board)))
    assert {"QPlainTextEdit", "QSlider"} <= made  # the player was made
    assert sorted(made.intersection({"QWizard", "QMdiArea", "QCalendarWidget"})) == []
