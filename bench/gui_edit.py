"""Edit to repainted verdict: how long the window takes to show the consequence of an edit.

The real `MainWindow` is opened (offscreen unless QT_QPA_PLATFORM says otherwise) on a
random solvable board of each size. Each timed edit goes through the editor, as a click or
a key press does: the editor pushes an undoable command, the model recomputes board,
verdict and problems, and every view schedules a repaint. Two clocks stop:

- repainted: the events the edit posted (layout requests and the window's update request,
  which paints every changed widget and flushes the frame) have been delivered and both
  the board view and the verdict banner have painted; that is when a person sees the new
  verdict. This is the figure the targets apply to.
- idle: the event loop has also run what the window deliberately leaves until after that
  repaint (the one-swap fix of an unsolvable board, gui/fix_suggestion.py) and repainted
  again; nothing is left to do.

Edits timed:

- swap: two random cells exchanged (the verdict usually flips, inversions change);
- type: a digit typed into a cell (the board turns invalid; problems are marked);
- undo: the last edit undone (a board the model has seen before).

Targets: median under 16 ms at 4x4 and 32x32, under 50 ms at 100x100. Prints a table.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QMessageLogContext,
    QObject,
    QSettings,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QApplication, QWidget

from bench.common import load_average, markdown_table
from core import random_board
from gui.app import create_application
from gui.main_window import MainWindow

if TYPE_CHECKING:
    from collections.abc import Callable

SEED = 20261122
TARGET_MS = {4: 16.0, 32: 16.0, 100: 50.0}
#: Timed rounds per size; each round is a swap, its undo, a typed digit and its undo.
ROUNDS = {4: 60, 32: 40, 100: 25}
#: Give up on a repaint after this many passes of the event loop (it takes one normally).
MAX_EVENT_PASSES = 100


def quiet_offscreen_warnings(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    """Drop the offscreen plugin's note that it cannot resize windows to their hints."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


class PaintWatcher(QObject):
    """Notes which of the watched widgets have received a paint event since `reset`."""

    def __init__(self, widgets: dict[str, QWidget]) -> None:
        super().__init__()
        self._names = {widget: name for name, widget in widgets.items()}
        self.painted: set[str] = set()
        for widget in widgets.values():
            widget.installEventFilter(self)

    def reset(self) -> None:
        self.painted.clear()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched in self._names:
            self.painted.add(self._names[watched])
        return False


class EditTimer:
    """Times edits on one window from the call to the finished repaint."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.watcher = PaintWatcher(
            {"board": window.board_view.viewport(), "verdict": window.verdict_banner}
        )

    def settle(self) -> None:
        """Let every pending event and repaint run, so the next edit starts from rest."""
        for _ in range(3):
            QApplication.processEvents()

    def time_edit(self, edit: Callable[[], object]) -> tuple[float, float, float]:
        """ms until repainted, ms until idle, ms spent in the edit itself before painting."""
        self.settle()
        self.watcher.reset()
        started = time.perf_counter()
        edit()
        edited = time.perf_counter()
        passes = 0
        while self.watcher.painted != {"board", "verdict"}:
            # Posted events only: layout and the update request that paints and flushes the
            # window. Timers (the deferred fix) wait, as the event loop runs them after it.
            QApplication.sendPostedEvents()
            passes += 1
            if passes > MAX_EVENT_PASSES:
                missing = {"board", "verdict"} - self.watcher.painted
                raise RuntimeError(f"no repaint of {', '.join(sorted(missing))} after an edit")
        repainted = time.perf_counter()
        self.settle()
        idle = time.perf_counter()
        return (
            (repainted - started) * 1000.0,
            (idle - started) * 1000.0,
            (edited - started) * 1000.0,
        )


def measure_size(
    window: MainWindow, side: int, rounds: int
) -> dict[str, list[tuple[float, float, float]]]:
    rng = random.Random(SEED + side)
    window.editor.load(random_board(side, side, solvable=True, rng=rng))
    timer = EditTimer(window)
    editor = window.editor
    undo_stack = window.undo_stack
    cell_count = side * side
    results: dict[str, list[tuple[float, float, float]]] = {"swap": [], "type": [], "undo": []}

    def one_round(record: bool) -> None:
        first, second = rng.sample(range(cell_count), 2)
        timings = [
            ("swap", timer.time_edit(lambda: editor.swap_cells(first, second))),
            ("undo", timer.time_edit(undo_stack.undo)),
        ]
        cell = rng.randrange(cell_count)
        # A digit the cell does not hold already: typing the same value is no edit at all.
        digit = rng.choice([d for d in range(1, 10) if d != window.model.cell(cell)])
        timings += [
            ("type", timer.time_edit(lambda: editor.type_digit(cell, digit, continues=False))),
            ("undo", timer.time_edit(undo_stack.undo)),
        ]
        if record:
            for kind, timing in timings:
                results[kind].append(timing)

    for _ in range(3):  # warm-up: first paints load fonts and fill caches
        one_round(record=False)
    for _ in range(rounds):
        one_round(record=True)
    return results


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=list(TARGET_MS))
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the rounds")
    args = parser.parse_args(argv)

    qInstallMessageHandler(quiet_offscreen_warnings)
    create_application([], "light")
    with tempfile.TemporaryDirectory(prefix="slidecheck-bench-") as temporary:
        # Fresh settings: no restored board or geometry from whoever runs the benchmark.
        settings = QSettings(str(Path(temporary) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, restore=False)
        window.show()
        QApplication.processEvents()
        load_before = load_average()
        rows = []
        for side in args.sides:
            rounds = max(3, round(ROUNDS.get(side, 20) * args.scale))
            results = measure_size(window, side, rounds)
            target = TARGET_MS.get(side)
            for kind, timings in results.items():
                totals = [repainted for repainted, _, _ in timings]
                idle = [until_idle for _, until_idle, _ in timings]
                model_parts = [model for _, _, model in timings]
                median = statistics.median(totals)
                verdict = "-"
                if target is not None:
                    verdict = f"< {target:g} ms: {'met' if median < target else 'MISSED'}"
                rows.append(
                    [
                        f"{side}x{side}",
                        kind,
                        str(len(totals)),
                        f"{median:.1f}",
                        f"{percentile(totals, 0.9):.1f}",
                        f"{max(totals):.1f}",
                        f"{statistics.median(idle):.1f}",
                        f"{statistics.median(model_parts):.1f}",
                        verdict,
                    ]
                )
            print(f"  {side}x{side} done (load {load_average()})", file=sys.stderr)
        window.undo_stack.setClean()  # nothing to ask about on close
        window.close()
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    print(
        "### Edit to repainted verdict (main window, "
        f"QT_QPA_PLATFORM={platform})\n\n"
        "ms from the editor call to the end of the window repaint that shows the new board "
        "and verdict (median, p90, max); 'idle' is the median time until the event loop has "
        "nothing left to do, the one-swap fix that follows the repaint included; 'in edit' is "
        "the part spent before painting (command, model, core). "
        f"Load average before/after: {load_before}/{load_average()}.\n"
    )
    print(
        markdown_table(
            [
                "board",
                "edit",
                "edits",
                "median ms",
                "p90 ms",
                "max ms",
                "idle ms",
                "in edit ms",
                "target",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
