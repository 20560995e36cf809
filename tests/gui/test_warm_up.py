"""Solve's and the photo reader's modules are imported once the window is on screen, so the
first Solve and the first photo dialog import none (gui.warm_up). That the first frame
imports none of them either is tests/gui/test_startup_imports.py's."""

from __future__ import annotations

import importlib.util
import threading

import pytest

from gui.warm_up import PHOTO_STEPS, SOLVE_STEPS, solve_steps
from tests.gui.child_report import ROOT, child_report, run_child

PHOTO = ROOT / "resources" / "screenshots" / "photo-read-4x4.jpg"
#: Slidecheck's packages and the photo reader's libraries.
PACKAGES = ("core", "gui", "numpy", "PIL")

#: A fresh process: the window shown and left to wait, as for a person's first click; then a
#: first Solve up to the shown player, and a first photo up to its shown dialog. Prints the
#: modules imported while the window waited, and those each first use imported.
CHILD = """
import enum, gc, json, sys, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

app = QApplication([sys.argv[0]])
from gui.app import create_application
from gui.main_window import MainWindow

create_application([])

def wait_until(condition, what):
    deadline = time.monotonic() + 60
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        app.processEvents()
        time.sleep(0.001)

def qt_enum_classes():
    return {
        f"{kind.__module__}.{kind.__qualname__}"
        for kind in gc.get_objects()
        if isinstance(kind, enum.EnumType) and kind.__module__.startswith("PySide6")
    }

window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat), restore=False)
window.files.open(sys.argv[2])
at_start = set(sys.modules)
window.show()
wait_until(lambda: window.warm_up.done, "the warm-up")
before_solve = set(sys.modules)
enums_before_solve = qt_enum_classes()
compiled = sys.modules["core.move_automaton"].for_shape.cache_info
compiled_before_solve = compiled().misses
player_built_before_solve = window.player.made is not None
window.solving.solve()
wait_until(lambda: window.player.made is not None and window.player.made.isVisible(), "the player")
after_solve = set(sys.modules)
enums_after_solve = qt_enum_classes()
compiled_by_solve = compiled().misses - compiled_before_solve
window.photos.open(sys.argv[3])
photos = window.photos
wait_until(lambda: photos.dialog is not None and photos.dialog.isVisible(), "the dialog")
after_photo = set(sys.modules)
enums_after_photo = qt_enum_classes()
window.photos.dialog.reject()
window.undo_stack.setClean()
window.stop_workers()
window.close()
print(json.dumps({
    "warmed_up": sorted(before_solve - at_start),
    "imported_by_solve": sorted(after_solve - before_solve),
    "automata_compiled": [compiled_before_solve, compiled_by_solve],
    "player_built_before_solve": player_built_before_solve,
    "imported_by_photo": sorted(after_photo - after_solve),
    "enum_classes_made_by_solve": sorted(enums_after_solve - enums_before_solve),
    "enum_classes_made_by_photo": sorted(enums_after_photo - enums_after_solve),
}), flush=True)
"""


def test_the_first_solve_and_photo_import_nothing_the_waiting_window_did_not(tmp_path):
    board = tmp_path / "three.txt"
    board.write_text("1 2 3\n4 0 6\n7 5 8\n")
    report = child_report(CHILD, str(tmp_path / "settings.ini"), str(board), str(PHOTO))
    assert {"core.search", "gui.solution_player"} <= set(report["warmed_up"])
    assert report["imported_by_solve"] == []
    # The 3x3's move automaton was compiled as the window waited, not by the first Solve.
    assert report["automata_compiled"] == [1, 0]
    # The player was built (hidden) as the window waited, not by the first Solve.
    assert report["player_built_before_solve"]
    # The reading of the numbers, begun as the dialog opens, may have opened the network's
    # weights by now (through the standard library's resource readers): not the dialog's.
    assert {"numpy", "core.photo.reader", "gui.photo_dialog"} <= set(report["warmed_up"])
    ours = [name for name in report["imported_by_photo"] if name.split(".")[0] in PACKAGES]
    assert ours == []
    # Nor does either make a Qt class's enum classes (QPainter.fillRect made QGradient's
    # five, one of some 180 members, on the photo dialog's first paint).
    assert report["enum_classes_made_by_solve"] == []
    assert report["enum_classes_made_by_photo"] == []


def test_the_search_is_made_ready_on_the_thread_once_its_modules_are_in(monkeypatch):
    from gui import warm_up

    taken: list[str] = []
    monkeypatch.setattr(warm_up, "_import", taken.append)
    steps = solve_steps(lambda: taken.append("search made ready"), lambda: None)
    assert steps[1:-1] == SOLVE_STEPS[1:]
    warm_up._take_each(steps[0], threading.Event())
    assert taken == [*SOLVE_STEPS[0], "search made ready"]


def test_the_player_is_built_once_its_modules_are_in(qtbot, window):
    """On the GUI thread, after the last of Solve's modules and before the photo reader's;
    hidden, so the window looks as it did."""
    steps = solve_steps(lambda: None, window.player.get)
    assert steps[-2] == SOLVE_STEPS[-1]
    qtbot.waitUntil(lambda: window.warm_up.done, timeout=30_000)
    player = window.player.made
    assert player is not None
    assert player.isHidden()
    assert player.parentWidget() is not None


def test_every_step_names_a_module():
    """A module renamed or removed must leave the steps too: the warm-up passes over a name
    it cannot import (an extra not installed), so a stale one would go unnoticed."""
    for step in (*SOLVE_STEPS, *PHOTO_STEPS):
        for name in (step,) if isinstance(step, str) else step:
            assert importlib.util.find_spec(name) is not None, name


#: The real start-up, quitting as soon as the warm-up's thread has begun its imports.
QUIT_DURING_THE_THREAD = """
import sys, threading
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

start = threading.Thread.start

def start_and_quit(thread):
    start(thread)
    if thread.name == "warm-up":
        QTimer.singleShot(0, QApplication.quit)

threading.Thread.start = start_and_quit
from gui.launcher import main
sys.exit(main([]))
"""


def test_quitting_while_the_thread_imports_ends_cleanly(tmp_path):
    """The thread ends before the interpreter shuts down: a module it imported after that
    (concurrent.futures.thread, with the searches) failed with a traceback."""
    result = run_child(QUIT_DURING_THE_THREAD, XDG_CONFIG_HOME=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr


def test_a_stopped_warm_up_takes_no_step(qtbot, window, monkeypatch):
    """What the application's quitting and tests/gui/conftest.py's teardown rely on: once
    stopped, the warm-up imports nothing, however long the window then waits."""
    from gui import warm_up

    taken: list[str] = []
    monkeypatch.setattr(warm_up, "_import", taken.append)
    window.warm_up.stop()
    qtbot.wait(3 * warm_up.SETTLE_MS)
    assert taken == []
    assert window.warm_up.done
    assert not [thread for thread in threading.enumerate() if thread.name == "warm-up"]


#: A render or the self-test whose layout takes longer than the warm-up's settling time: its
#: timer fires before the window is closed and starts the thread, and the process then ends
#: without the application's event loop (no aboutToQuit).
SETTLED_AT_ONCE = """
import sys
import gui.warm_up
gui.warm_up.SETTLE_MS = 0
from gui.launcher import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("arguments", [("--screenshot", "OUT"), ("--self-test",)])
def test_a_render_or_self_test_ends_the_warm_up_before_it_exits(tmp_path, arguments):
    """It printed "can't register atexit after shutdown" (concurrent.futures, imported by the
    thread as the interpreter shut down) under load, 3 renders in 6."""
    arguments = tuple(str(tmp_path / "out.png") if part == "OUT" else part for part in arguments)
    result = run_child(
        SETTLED_AT_ONCE,
        *arguments,
        XDG_CONFIG_HOME=str(tmp_path),
        SLIDECHECK_SELF_TEST_LOG=str(tmp_path / "self-test.log"),
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
