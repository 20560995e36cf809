"""Searches run off the GUI thread: one `SolveRunner` per kind of search (Solve, Hint).

The search itself is core's `solve`; the runner starts it in a QThread, passes its progress
back as signals (at most a few a second, so a fast search cannot flood the event queue),
and stops it through the `cancelled` callback core polls, read from a `threading.Event`.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QThread, Signal, SignalInstance

from core.solution import (
    SearchProgress,
    Solution,
    SolveCancelledError,
    SolveMethod,
    UnsolvableError,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from core import Board, Goal

#: Least time between two progress signals; core may report far more often.
PROGRESS_INTERVAL = 0.1


class Solver(Protocol):
    """core.solve.solve's shape (tests pass their own)."""

    def __call__(
        self,
        board: Board,
        goal: Goal,
        *,
        method: SolveMethod | None,
        progress: Callable[[SearchProgress], None] | None,
        cancelled: Callable[[], bool] | None,
        time_budget: float | None,
        build_tables: bool,
    ) -> Solution: ...


def core_solver(
    board: Board,
    goal: Goal,
    *,
    method: SolveMethod | None,
    progress: Callable[[SearchProgress], None] | None,
    cancelled: Callable[[], bool] | None,
    time_budget: float | None,
    build_tables: bool,
) -> Solution:
    # Imported on first use: the search and its pattern databases are not needed to start.
    from core.solve import solve

    return solve(
        board,
        goal,
        method=method,
        progress=progress,
        cancelled=cancelled,
        time_budget=time_budget,
        build_tables=build_tables,
    )


class _SearchThread(QThread):
    """Runs one search; its signals reach the runner in the GUI thread (queued)."""

    progressed = Signal(object)  # SearchProgress
    solved = Signal(object)  # Solution
    failed = Signal(str)
    stopped = Signal()

    def __init__(
        self,
        solver: Solver,
        board: Board,
        goal: Goal,
        method: SolveMethod | None,
        *,
        time_budget: float | None,
        build_tables: bool,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._solver = solver
        self._board = board
        self._goal = goal
        self._method = method
        self._time_budget = time_budget
        self._build_tables = build_tables
        self.cancel_event = threading.Event()
        self._last_report = 0.0

    def _report(self, progress: SearchProgress) -> None:
        now = time.monotonic()
        if now - self._last_report >= PROGRESS_INTERVAL:
            self._last_report = now
            self.progressed.emit(progress)

    def run(self) -> None:
        try:
            solution = self._solver(
                self._board,
                self._goal,
                method=self._method,
                progress=self._report,
                cancelled=self.cancel_event.is_set,
                time_budget=self._time_budget,
                build_tables=self._build_tables,
            )
        except SolveCancelledError:
            self.stopped.emit()
        except UnsolvableError as error:
            self.failed.emit(str(error))
        except (ValueError, MemoryError) as error:
            # A board core refuses (BoardError is a ValueError) or one too big to search:
            # said in the window, never a traceback on a worker thread.
            self.failed.emit(str(error) or type(error).__name__)
        else:
            if self.cancel_event.is_set():
                self.stopped.emit()
            else:
                self.solved.emit(solution)


class SolveRunner(QObject):
    """Starts one search at a time and reports on it; `cancel` stops it."""

    #: The search started (True) or ended, however it ended (False).
    running_changed = Signal(bool)
    progressed = Signal(object)  # SearchProgress
    solved = Signal(object)  # Solution
    #: Core refused the board (the message says why).
    failed = Signal(str)
    #: The search was cancelled before it finished.
    stopped = Signal()

    def __init__(self, solver: Solver = core_solver, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.solver = solver
        self._thread: _SearchThread | None = None
        #: What the running search was asked: the board and goal it solves.
        self.board: Board | None = None
        self.goal: Goal | None = None

    @property
    def is_running(self) -> bool:
        return self._thread is not None

    def start(
        self,
        board: Board,
        goal: Goal,
        method: SolveMethod | None = None,
        time_budget: float | None = None,
        *,
        build_tables: bool = False,
    ) -> None:
        """Search for a solution of `board` (a running search is cancelled first); after
        `time_budget` seconds, core's answer is the hand method's with its proven bound.
        `build_tables`: build the near-optimal search's tables first (core.solve.solve)."""
        self.shutdown()
        self.board, self.goal = board, goal
        thread = _SearchThread(
            self.solver,
            board,
            goal,
            method,
            time_budget=time_budget,
            build_tables=build_tables,
            parent=self,
        )
        # Only the thread still current speaks: a cancelled one may finish late.
        thread.progressed.connect(lambda p, t=thread: self._relay(t, self.progressed, p))
        thread.solved.connect(lambda s, t=thread: self._finish(t, self.solved, s))
        thread.failed.connect(lambda m, t=thread: self._finish(t, self.failed, m))
        thread.stopped.connect(lambda t=thread: self._finish(t, self.stopped))
        self._thread = thread
        thread.start()
        self.running_changed.emit(True)

    def cancel(self) -> None:
        """Ask the search to stop; `stopped` follows once core has noticed."""
        if self._thread is not None:
            self._thread.cancel_event.set()

    def shutdown(self) -> None:
        """Stop the search and wait for its thread (closing the window, a new search)."""
        thread = self._thread
        if thread is None:
            return
        thread.cancel_event.set()
        thread.wait()
        self._thread = None
        thread.deleteLater()
        self.running_changed.emit(False)

    def _relay(self, thread: _SearchThread, signal: SignalInstance, value: object) -> None:
        if thread is self._thread:
            signal.emit(value)

    def _finish(self, thread: _SearchThread, signal: SignalInstance, *value: object) -> None:
        if thread is not self._thread:
            return
        thread.wait()
        self._thread = None
        thread.deleteLater()
        self.running_changed.emit(False)
        signal.emit(*value)
