"""The strip above the board while a search runs: what it has done so far, and Cancel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

if TYPE_CHECKING:
    from core.solution import SearchProgress


def progress_text(progress: SearchProgress | None) -> str:
    """'depth 42 · 1,234,567 positions · 3 s', or a plain 'starting' before the first report."""
    if progress is None:
        return "starting\u2026"
    if progress.building_tables is not None:
        # Once for every goal they serve: the tables the search looks distances up in.
        serves = "" if progress.tables_serve is None else f", once for {progress.tables_serve}"
        return f"building its tables{serves}: {progress.building_tables:.0%}"
    if progress.best_length is not None and progress.lower_bound is not None:
        # A search within a budget: what it has found and what it has proven so far.
        return (
            f"best {progress.best_length:,} moves, none shorter than {progress.lower_bound:,} "
            f"\u00b7 {progress.nodes:,} positions \u00b7 {progress.elapsed_seconds:.0f} s"
        )
    return (
        f"depth {progress.depth:,} \u00b7 {progress.nodes:,} positions \u00b7 "
        f"{progress.elapsed_seconds:.0f} s"
    )


class SolveProgress(QWidget):
    """'Searching for a shortest solution: depth 42 · 1,234,567 positions · 3 s  [Cancel]'."""

    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solveProgress")
        self._what = "Searching"
        self._label = QLabel(self)
        self._label.setObjectName("solveProgressText")
        # Wrapped, not one long line: its width would be the window's narrowest.
        self._label.setWordWrap(True)
        # A search's end cannot be foretold (IDA* deepens until it finds one): a busy bar.
        self._bar = QProgressBar(self)
        self._bar.setRange(0, 0)
        self._bar.setMaximumWidth(120)
        self._bar.setTextVisible(False)
        self._cancel = QPushButton("Cancel", self)
        self._cancel.setObjectName("solveCancelButton")
        self._cancel.setToolTip("Stop the search (Esc)")
        self._cancel.setShortcut("Esc")
        self._cancel.clicked.connect(self.cancel_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self._label, 1)
        layout.addWidget(self._bar)
        layout.addWidget(self._cancel)

    @property
    def text(self) -> str:
        return self._label.text()

    def start(self, what: str) -> None:
        """Show the strip for a new search described by `what` ('Searching for ...')."""
        self._what = what
        self.show_progress(None)
        self.show()

    def show_progress(self, progress: SearchProgress | None) -> None:
        text = f"{self._what}: {progress_text(progress)}"
        self._label.setText(text)
        self._label.setAccessibleName(text)
        if progress is not None and progress.building_tables is not None:
            # Building the tables has a known end: the bar fills.
            self._bar.setRange(0, 100)
            self._bar.setValue(round(progress.building_tables * 100))
        else:
            self._bar.setRange(0, 0)

    @property
    def bar_range(self) -> tuple[int, int]:
        """The bar's range: (0, 0) while it only shows that something runs."""
        return self._bar.minimum(), self._bar.maximum()

    @property
    def bar_value(self) -> int:
        return self._bar.value()
