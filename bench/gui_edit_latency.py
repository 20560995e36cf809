"""Edit to repainted verdict, per board size, against a bare window repainted as often.

One edit is what a click does: an undoable swap of two cells pushed on the window's undo
stack. The clock runs from the push through `QApplication.processEvents()` (which runs
the layout and paints every widget the edit made dirty): the "median" and "p90" columns,
what a user waits for. A paint-event filter checks on every edit that each panel really
painted by then: board view, verdict banner, explanation, inversion list, reading-order
strip (if one had not, that edit counts up to the next point instead). The "full" columns
go on through a synchronous `window.repaint()` of the whole top level, toolbar and scroll
bars included, which the edit did not dirty: a stricter bound.

The baseline in the same run is a bare QWidget of the window's size, repainted the same
number of times in the same way: what the platform charges for a repaint with nothing
in it, so a figure can be judged on a busy machine.

Targets (issue 3): median under 16 ms at 4x4 and 32x32, under 50 ms at 100x100.
Offscreen unless QT_QPA_PLATFORM says otherwise. Prints figures; asserts no timings.

    .venv/bin/python bench/gui_edit_latency.py [--edits 80] [--sides 4 32 100] [--profile N]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import (
    QEvent,
    QMessageLogContext,
    QObject,
    QSettings,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QApplication, QWidget

from core import random_board
from gui.app import create_application
from gui.commands import BoardState, BoardStateCommand
from gui.main_window import MainWindow

SEED = 3_2026
TARGET_MS = {4: 16.0, 32: 16.0, 100: 50.0}
WARM_UP_EDITS = 5


def _quiet_offscreen(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    # The offscreen plugin notes that it cannot apply size hints; nothing else is expected.
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


class PaintCounter(QObject):
    """Records which watched widgets received a paint event since the last `reset`."""

    def __init__(self, widgets: dict[str, QWidget]) -> None:
        super().__init__()
        self._names = {widget: name for name, widget in widgets.items()}
        self.painted: set[str] = set()
        for widget in widgets.values():
            widget.installEventFilter(self)

    def reset(self) -> None:
        self.painted = set()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            name = self._names.get(watched)  # type: ignore[call-overload]
            if name is not None:
                self.painted.add(name)
        return False


def visible_panels(window: MainWindow) -> dict[str, QWidget]:
    """The widgets an edit must repaint (painting happens on viewports of scroll areas)."""
    panels: dict[str, QWidget] = {
        "board view": window.board_view.viewport(),
        "verdict banner": window.verdict_banner,
        "explanation": window.explanation_view.viewport(),
        "inversion list": window.inversion_panel.pair_list.viewport(),
        "reading strip": window.sequence_strip.viewport(),
    }
    return {name: widget for name, widget in panels.items() if widget.isVisible()}


def swap_command(window: MainWindow, rng: random.Random) -> BoardStateCommand:
    model = window.model
    first, second = rng.sample(range(model.cell_count), 2)
    cells = model.cells()
    cells[first], cells[second] = cells[second], cells[first]
    after = BoardState(model.width, model.height, tuple(cells), model.goal)
    return BoardStateCommand(model, after, "Swap two cells")


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def time_edits(window: MainWindow, side: int, edits: int) -> tuple[list[float], list[float]]:
    """Milliseconds from each push to (a) the event loop having painted what the edit made
    dirty, which is what a user waits for, and (b) the end of a further synchronous repaint
    of the whole window (toolbar and scroll bars included), a stricter bound."""
    rng = random.Random(SEED + side)
    window.editor.load(random_board(side, side, solvable=True, rng=rng))
    settle()
    window.repaint()
    panels = visible_panels(window)
    counter = PaintCounter(panels)
    expected = set(panels)
    event_loop: list[float] = []
    full: list[float] = []
    for number in range(WARM_UP_EDITS + edits):
        command = swap_command(window, rng)
        settle()
        counter.reset()
        started = time.perf_counter()
        window.undo_stack.push(command)
        QApplication.processEvents()
        painted_by_events = time.perf_counter()
        missing_after_events = expected - counter.painted
        window.repaint()
        finished = time.perf_counter()
        missing = expected - counter.painted
        if missing:
            raise RuntimeError(f"{', '.join(sorted(missing))} did not repaint after an edit")
        if missing_after_events:
            # The event loop alone did not paint every panel: its time would understate.
            painted_by_events = finished
        if number >= WARM_UP_EDITS:
            event_loop.append((painted_by_events - started) * 1000.0)
            full.append((finished - started) * 1000.0)
    return event_loop, full


def time_bare_repaints(size: tuple[int, int], count: int) -> list[float]:
    """The same number of top-level repaints of an empty window of the same size."""
    bare = QWidget()
    bare.resize(*size)
    bare.show()
    settle()
    timings: list[float] = []
    for _ in range(count):
        settle()
        started = time.perf_counter()
        QApplication.processEvents()
        bare.repaint()
        timings.append((time.perf_counter() - started) * 1000.0)
    bare.close()
    return timings


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=list(TARGET_MS))
    parser.add_argument("--edits", type=int, default=80, help="timed edits per size (>= 50)")
    parser.add_argument(
        "--profile", type=int, metavar="N", default=0, help="print the top N cProfile entries"
    )
    parser.add_argument("--sort", default="cumulative", help="profile order (e.g. tottime)")
    args = parser.parse_args(argv)

    qInstallMessageHandler(_quiet_offscreen)
    create_application([], "light")
    profiler = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory(prefix="slidecheck-latency-") as temporary:
        # Fresh settings: no board or geometry restored from whoever runs this.
        settings = QSettings(str(Path(temporary) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, restore=False)
        window.show()
        settle()
        print(
            f"Edit (undoable swap) to repainted window, {args.edits} edits per size, "
            f"seed {SEED}, QT_QPA_PLATFORM={os.environ.get('QT_QPA_PLATFORM', '')}, "
            f"window {window.width()}x{window.height()}"
        )
        print(
            f"{'board':>8} {'median':>8} {'p90':>8} {'full med':>9} {'full p90':>9} "
            f"{'bare med':>9} {'bare p90':>9}  target (on the median)"
        )
        for side in args.sides:
            if profiler is not None:
                profiler.enable()
            timings, full_timings = time_edits(window, side, args.edits)
            if profiler is not None:
                profiler.disable()
            bare = time_bare_repaints((window.width(), window.height()), len(timings))
            median = statistics.median(timings)
            target = TARGET_MS.get(side)
            verdict = (
                ""
                if target is None
                else f"< {target:g} ms: " + ("met" if median < target else "MISSED")
            )
            print(
                f"{side:>4}x{side:<3} {median:8.1f} {percentile(timings, 0.9):8.1f} "
                f"{statistics.median(full_timings):9.1f} {percentile(full_timings, 0.9):9.1f} "
                f"{statistics.median(bare):9.1f} {percentile(bare, 0.9):9.1f}  {verdict}"
            )
        window.undo_stack.setClean()  # nothing to ask about on close
        window.close()
    if profiler is not None:
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
