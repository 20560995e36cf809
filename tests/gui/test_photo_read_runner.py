"""Photos in the window, where they can hurt it: closing while a photo decodes, files that
are not files (a FIFO with no writer, a device), and what the reader's threads leave behind."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import gui.photo_read_runner
from core.photo.training.synthetic import StyleSet, generate_photo
from gui.photo_read_runner import PhotoReadRunner, ReadOutcome, ReadRequest
from tests.gui.conftest import fifo_watchdog

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow

READ_TIMEOUT_MS = 20_000


class SlowReads:
    """Holds each read in the worker thread for a while before the real decode and read
    run, so a test can act while a read is in flight. A read held is never held for ever:
    the window's close waits for it, and the test must not hang if the close does."""

    HOLD_SECONDS = 1.0

    def __init__(self) -> None:
        self.started = threading.Event()
        self.finished = threading.Event()
        self._real = gui.photo_read_runner.run_request

    def __call__(self, request: ReadRequest) -> ReadOutcome:
        self.started.set()
        threading.Event().wait(self.HOLD_SECONDS)
        try:
            return self._real(request)
        finally:
            self.finished.set()


@pytest.fixture
def slow_reads(monkeypatch: pytest.MonkeyPatch) -> SlowReads:
    hook = SlowReads()
    monkeypatch.setattr(gui.photo_read_runner, "run_request", hook)
    return hook


def running_threads(reader: PhotoReadRunner) -> list[object]:
    from PySide6.QtCore import QThread

    return [thread for thread in reader.findChildren(QThread) if thread.isRunning()]


@pytest.fixture
def photo_path(tmp_path: Path) -> Path:
    path = tmp_path / "puzzle.jpg"
    path.write_bytes(generate_photo(5, StyleSet.TEST).jpeg)
    return path


def test_closing_the_window_while_a_photo_decodes_waits_for_the_decode(
    qtbot: QtBot, window: MainWindow, photo_path: Path, slow_reads: SlowReads
) -> None:
    window.photos.open(str(photo_path))
    assert slow_reads.started.wait(5)
    loader = window.photos.read_runner
    try:
        assert window.close()
        # A QThread destroyed while it runs aborts the process (the window is deleted as
        # the application quits): the close must have waited for the decode to end.
        assert slow_reads.finished.is_set()
        assert running_threads(loader) == []
        assert not loader.busy
    finally:
        loader.shutdown()  # on a failure, do not leave a running thread to abort pytest


def test_closing_the_window_stops_the_photo_dialogs_reading_too(
    qtbot: QtBot, window: MainWindow, photo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with qtbot.waitSignal(window.photos.read_runner.finished, timeout=READ_TIMEOUT_MS):
        window.photos.open(str(photo_path))
    qtbot.waitUntil(lambda: window.photos.dialog is not None, timeout=READ_TIMEOUT_MS)
    dialog = window.photos.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: not dialog.read_runner.busy, timeout=READ_TIMEOUT_MS)
    hook = SlowReads()
    monkeypatch.setattr(gui.photo_read_runner, "run_request", hook)
    dialog.read_runner.request(ReadRequest(dialog.photo, size=(4, 4)))
    assert hook.started.wait(5)
    reader = dialog.read_runner
    try:
        assert window.close()
        assert hook.finished.is_set()
        assert running_threads(reader) == []
        assert not dialog.isVisible()
    finally:
        reader.shutdown()


#: The app's own exit, in a child process: the window closes while a read is in flight and
#: the interpreter then tears down every Qt object, as `slidecheck` does when its window
#: closes. The read is held in its thread as in the tests above.
CLOSE_WHILE_READING = """
import sys, threading
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
import gui.photo_read_runner
from gui.main_window import MainWindow

real = gui.photo_read_runner.run_request
started = threading.Event()

def held(request):
    started.set()
    threading.Event().wait(1.0)
    return real(request)

gui.photo_read_runner.run_request = held
app = QApplication([])
window = MainWindow(QSettings(sys.argv[2], QSettings.Format.IniFormat))
window.show()
window.photos.open(sys.argv[1])
assert started.wait(5)
window.close()
del window
print("closed")
"""


def test_the_app_exits_cleanly_when_closed_while_a_photo_decodes(
    photo_path: Path, tmp_path: Path
) -> None:
    result = subprocess.run(
        [sys.executable, "-c", CLOSE_WHILE_READING, str(photo_path), str(tmp_path / "s.ini")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert "QThread: Destroyed" not in result.stderr
    assert result.returncode == 0, result.stderr
    assert result.stdout == "closed\n"


def assert_photo_refused(window: MainWindow, name: str, reason: str) -> None:
    """The photo was refused in one line naming the file, and no read was started."""
    banner = window.input_error_banner
    assert banner.isVisible()
    assert banner.title.startswith(f'Could not read "{name}"')
    assert banner.reason == reason
    assert "\n" not in window.status_message.text()
    assert not window.photos.read_runner.busy
    assert window.photos.dialog is None


def test_open_photo_on_a_fifo_with_no_writer_is_refused_at_once(
    window: MainWindow, tmp_path: Path
) -> None:
    fifo = tmp_path / "camera.jpg"
    os.mkfifo(fifo)
    with fifo_watchdog(fifo) as rescued:
        window.photos.open(str(fifo))
    assert not rescued, "Open Photo blocked on a FIFO with no writer"
    assert_photo_refused(window, "camera.jpg", "not a regular file (a pipe)")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_open_photo_on_dev_zero_is_refused_without_reading(window: MainWindow) -> None:
    import tracemalloc

    tracemalloc.start()
    try:
        window.photos.open("/dev/zero")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024
    assert_photo_refused(window, "zero", "not a regular file (a device)")


def test_open_photo_on_an_oversize_file_states_both_sizes_in_mib(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "huge.jpg"
    with open(path, "wb") as handle:
        handle.truncate(200 * 1000 * 1000)  # sparse: costs no disk
    window.photos.open(str(path))
    assert_photo_refused(
        window, "huge.jpg", "the file is too large for a photo (190.7 MiB; the limit is 64 MiB)"
    )


def test_the_photo_file_is_read_off_the_gui_thread(
    qtbot: QtBot, window: MainWindow, photo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    readers: list[threading.Thread] = []
    real = gui.photo_read_runner.read_photo_file

    def read(path: str | Path) -> bytes:
        readers.append(threading.current_thread())
        return real(path)

    monkeypatch.setattr(gui.photo_read_runner, "read_photo_file", read)
    with qtbot.waitSignal(window.photos.read_runner.finished, timeout=READ_TIMEOUT_MS):
        window.photos.open(str(photo_path))
    assert readers
    assert threading.main_thread() not in readers


def test_a_second_photo_opened_while_the_first_decodes_is_the_one_shown(
    qtbot: QtBot, window: MainWindow, photo_path: Path, tmp_path: Path, slow_reads: SlowReads
) -> None:
    second = tmp_path / "second.jpg"
    second_photo = generate_photo(11, StyleSet.TEST)
    second.write_bytes(second_photo.jpeg)
    window.photos.open(str(photo_path))
    assert slow_reads.started.wait(5)
    window.photos.open(str(second))  # waits for the first read, then replaces its answer
    qtbot.waitUntil(lambda: window.photos.dialog is not None, timeout=READ_TIMEOUT_MS)
    dialog = window.photos.dialog
    assert dialog is not None
    assert "second.jpg" in dialog.windowTitle()
    qtbot.waitUntil(lambda: dialog.reading is not None, timeout=READ_TIMEOUT_MS)
    assert dialog.reading is not None
    assert dialog.reading.board == second_photo.board
    dialog.reject()
