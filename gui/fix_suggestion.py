"""For an unsolvable board, the one swap of two tiles that makes it solvable, with a button.

A physical puzzle that was taken apart and put back together wrongly is off by one swap;
core's `suggest_fix` picks the most natural one. The button only asks: the window turns
`apply_requested` into an undoable swap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

if TYPE_CHECKING:
    from gui.board_model import BoardModel


class FixSuggestion(QWidget):
    """'Swap 14 and 15 to make it solvable.' and an Apply button; hidden otherwise."""

    #: The user asked to swap these two tiles (tile values, smaller first).
    apply_requested = Signal(int, int)

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self.setObjectName("fixSuggestion")
        self._label = QLabel(self)
        self._label.setObjectName("fixLabel")
        self._label.setWordWrap(True)
        self._button = QPushButton(self)  # then its text: see gui.actions.make_action
        self._button.setText("&Apply swap")
        self._button.setObjectName("applyFixButton")
        self._button.clicked.connect(self._on_apply)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._label, 1)
        layout.addWidget(self._button)
        # Hidden, it keeps its place: otherwise every edit that flips the verdict between
        # solvable and not moved the explanation and the list of pairs up or down, and
        # the whole side panel was laid out and repainted twice (hide, then show after
        # the deferred swap is found).
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        # Finding the most natural swap costs more than the verdict on a large board (about
        # 10 ms at 100x100), so it runs just after the edit has repainted the board and its
        # verdict; several edits in one go still compute it once.
        self._pending_refresh = QTimer(self)
        self._pending_refresh.setSingleShot(True)
        self._pending_refresh.setInterval(0)
        self._pending_refresh.timeout.connect(self._refresh)
        model.changed.connect(self._on_model_changed)
        self._refresh()

    @property
    def text(self) -> str:
        return self._label.text()

    @property
    def apply_button(self) -> QPushButton:
        return self._button

    def _on_model_changed(self) -> None:
        verdict = self._model.verdict
        if verdict is None or verdict.solvable:
            self._pending_refresh.stop()
            self._show_no_fix()
        else:
            self._pending_refresh.start()

    def _show_no_fix(self) -> None:
        self._label.clear()
        self._button.setAccessibleName("")
        self.setHidden(True)

    def _refresh(self) -> None:
        fix = self._model.fix
        if fix is None:
            self._show_no_fix()
            return
        first, second = fix
        self._label.setText(f"Swap {first} and {second} to make it solvable.")
        self._button.setAccessibleName(f"Swap tiles {first} and {second}")
        self._button.setToolTip(f"Swap tiles {first} and {second} (undoable)")
        # Only un-hide inside a window: a parentless widget would pop up as its own window.
        if self.parentWidget() is not None:
            self.setHidden(False)

    def _on_apply(self) -> None:
        fix = self._model.fix
        if fix is not None:
            self.apply_requested.emit(*fix)
