"""Stopping the first build of the search's tables: Ctrl+C and Cancel are heard at once, every
table that finished whole is kept, and no part of another is left behind."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from core import goal_board, parse_board, pattern_db, speedups
from core.solution import SearchProgress, SolveCancelledError
from core.solve import solve

ROOT = Path(__file__).resolve().parents[2]
#: The app's own 7-8 tables for the 15-puzzle: the 7-tile table takes seconds, the 8-tile one
#: minutes, so an interruption once the short one is kept lands in the middle of the long one.
FIFTEEN = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"
#: Far more than a prompt answer needs, far less than the rest of the build.
HEARD_WITHIN_SECONDS = 5.0
#: Far more than the 7-tile table takes beside the 8-tile one on a busy machine.
SHORT_TABLE_SECONDS = 180.0

# The compiled twin's builds: long enough to interrupt, on worker threads side by side.
pytestmark = pytest.mark.usefixtures("compiled")


#: The goal blank cell FIFTEEN's goal (blank last) gets its tables built for: blank first's,
#: which serve both (core.symmetry).
TABLE_CELL = 0


def app_groups(monkeypatch: pytest.MonkeyPatch, cache: Path) -> tuple[tuple[int, ...], ...]:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(cache))
    monkeypatch.delenv(pattern_db.MAX_ENTRIES_VARIABLE, raising=False)
    engine = speedups.compiled_twins.search
    return pattern_db.partition(4, 4, TABLE_CELL, pattern_db.max_entries(engine))


def read_until(descriptor: int, wanted: bytes, timeout: float) -> bytes:
    """What `descriptor` gives until `wanted` appears (fails after `timeout` seconds)."""
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"{wanted!r} never came; got {seen!r}")
        readable, _, _ = select.select([descriptor], [], [], left)
        if readable:
            seen += os.read(descriptor, 4096)
    return seen


def drain(descriptor: int) -> None:
    """Read `descriptor` until it ends or is closed."""
    try:
        while os.read(descriptor, 4096):
            pass
    except OSError:
        pass


def wait_for(condition: object, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail("the condition never held")
        time.sleep(0.02)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT and a terminal are POSIX")
def test_ctrl_c_during_the_first_build_stops_at_once_keeping_whole_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    groups = app_groups(monkeypatch, tmp_path)
    small = min(groups, key=len)
    small_path = pattern_db.cache_path(4, 4, TABLE_CELL, small)
    environment = {
        key: value for key, value in os.environ.items() if key != pattern_db.MAX_ENTRIES_VARIABLE
    }
    environment[pattern_db.CACHE_DIR_VARIABLE] = str(tmp_path)
    # Standard error on a terminal: the command then says when the build starts.
    terminal, terminal_side = os.openpty()
    # The child hears Ctrl+C as a command typed at a shell's prompt does, however this run
    # was started: a run started in the background ignores SIGINT, and an ignored signal
    # stays ignored across exec, while a handled one is reset to the default.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "gui.launcher", "solve", "-"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=terminal_side,
            cwd=ROOT,
            env=environment,
        )
    finally:
        signal.signal(signal.SIGINT, previous)
    os.close(terminal_side)
    try:
        assert child.stdin is not None
        child.stdin.write(FIFTEEN.encode())
        child.stdin.close()
        read_until(terminal, b"building the search's tables", timeout=60)
        # The terminal is read all along, as a terminal's window does: one left unread
        # fills, and the build's thread blocks writing its progress.
        threading.Thread(target=drain, args=(terminal,), daemon=True).start()
        wait_for(small_path.exists, timeout=SHORT_TABLE_SECONDS)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        status = child.wait(timeout=120)
        heard_after = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(terminal)
        if child.stdout is not None:
            child.stdout.close()
    assert status == 130
    assert heard_after < HEARD_WITHIN_SECONDS
    left = sorted(path.name for path in tmp_path.iterdir())
    assert left == [small_path.name]  # no temporary file, no part of a long table
    header_size = pattern_db._HEADER.size
    assert small_path.stat().st_size == header_size + pattern_db.packed_size(
        pattern_db.placements(16, len(small))
    )


#: A cancel during a build is heard within this, where the table it stops takes a minute:
#: half a second failed once (0.508 s) on a machine whose two cores were busy with other
#: work too.
CANCEL_HEARD_WITHIN_SECONDS = 2.0


def test_cancel_during_the_first_build_is_heard_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app_groups(monkeypatch, tmp_path)
    pattern_db.forget_loaded()
    board = parse_board(FIFTEEN)
    cancel = threading.Event()
    cancelled_at: list[float] = []

    def progress(report: SearchProgress) -> None:
        # Cancel right after a report, once the long tables are under way: the build must
        # notice before its next report is long in coming.
        if report.building_tables and report.building_tables > 0.01 and not cancel.is_set():
            cancelled_at.append(time.monotonic())
            cancel.set()

    with pytest.raises(SolveCancelledError):
        solve(board, goal_board("blank-last", 4, 4), progress=progress, cancelled=cancel.is_set)
    assert time.monotonic() - cancelled_at[0] < CANCEL_HEARD_WITHIN_SECONDS
    assert not list(tmp_path.glob("*.tmp"))
