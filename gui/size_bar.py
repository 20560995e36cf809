"""Width and height spin boxes with 3x3, 4x4 and 5x5 presets.

Each preset is an action, so a menu can offer it too: a small window's toolbar hides the
preset buttons (`show_presets`) and keeps the spin boxes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QToolButton, QWidget

from core.draft import MAX_SIDE

if TYPE_CHECKING:
    from gui.board_model import BoardModel

PRESETS = ((3, 3), (4, 4), (5, 5))


class SizeBar(QWidget):
    """Shows the model's size and asks for another one; the editor decides what happens."""

    size_requested = Signal(int, int)
    #: A preset was chosen: a fresh puzzle of that size, not the current board cut or padded.
    preset_requested = Signal(int, int)

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sizeBar")
        self._model = model
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        self.width_box = self._spin_box("boardWidth", "Board width")
        self.height_box = self._spin_box("boardHeight", "Board height")
        width_label = QLabel("&Width", self)
        width_label.setBuddy(self.width_box)
        height_label = QLabel("&Height", self)
        height_label.setBuddy(self.height_box)
        for widget in (width_label, self.width_box, height_label, self.height_box):
            layout.addWidget(widget)
        self.preset_buttons: list[QToolButton] = []
        #: The presets as actions, for a menu (the buttons trigger them too).
        self.preset_actions: list[QAction] = []
        for columns, rows in PRESETS:
            action = QAction(self)  # then its text: see gui.actions.make_action
            action.setText(f"&{columns}\u00d7{rows}")
            action.setObjectName(f"preset{columns}x{rows}Action")
            tip = f"Start a new {columns}\u00d7{rows} puzzle (Undo brings back this one)"
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.triggered.connect(
                lambda _=False, c=columns, r=rows: self.preset_requested.emit(c, r)
            )
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setObjectName(f"preset{columns}x{rows}")
            button.setAccessibleName(f"{columns} by {rows} board")
            layout.addWidget(button)
            self.preset_buttons.append(button)
            self.preset_actions.append(action)
        # Keyboard tracking off: typing "12" must not resize to 1 first.
        self.width_box.valueChanged.connect(self._on_spin_changed)
        self.height_box.valueChanged.connect(self._on_spin_changed)
        model.changed.connect(self._show_model_size)
        self._show_model_size()

    def show_presets(self, shown: bool) -> None:
        """Show or hide the preset buttons (their actions stay, for the menu)."""
        for button in self.preset_buttons:
            button.setVisible(shown)

    def _spin_box(self, name: str, accessible: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setObjectName(name)
        box.setAccessibleName(accessible)
        box.setRange(1, MAX_SIDE)
        box.setKeyboardTracking(False)
        return box

    def _on_spin_changed(self) -> None:
        self.size_requested.emit(self.width_box.value(), self.height_box.value())
        self._show_model_size()  # a refused resize puts the boxes back

    def _show_model_size(self) -> None:
        # The model is the truth: a refused or undone resize puts the boxes back.
        for box, value in (
            (self.width_box, self._model.width),
            (self.height_box, self._model.height),
        ):
            if box.value() != value:
                box.blockSignals(True)
                box.setValue(value)
                box.blockSignals(False)
