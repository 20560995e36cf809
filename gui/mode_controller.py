"""The window's mode (edit, place in order, play) and what the board's gestures mean in it.

The board view reports gestures without knowing the mode: a digit typed, a cell activated
(clicked, or Space on the cursor's cell), one cell dragged onto another, an arrow key. The
controller holds the mode, tells the view which gestures it takes (`Interaction`), and
turns each gesture into the editor's undoable edit for the mode in force.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from gui.board_view import Interaction

if TYPE_CHECKING:
    from core import Direction
    from gui.board_editor import BoardEditor
    from gui.board_model import BoardModel
    from gui.board_view import BoardView


class Mode(Enum):
    """What clicks and keys on the board do."""

    #: Type numbers into cells; drag a tile onto another to swap them.
    EDIT = "edit"
    #: Click where tile 1, 2, 3, ... sit on a physical puzzle.
    PLACE = "place"
    #: Slide tiles into the blank, as on the puzzle itself.
    PLAY = "play"


#: Which gestures the board view takes in each mode.
INTERACTIONS = {
    Mode.EDIT: Interaction(typing=True, drag_swaps=True, arrows_slide=False),
    Mode.PLACE: Interaction(typing=False, drag_swaps=False, arrows_slide=False),
    Mode.PLAY: Interaction(typing=False, drag_swaps=False, arrows_slide=True),
}


class ModeController(QObject):
    """Holds the mode; routes the board view's gestures to the editor."""

    mode_changed = Signal(object)  # Mode
    #: Play mode: a gesture tried to slide a tile; True when a tile slid.
    slide_attempted = Signal(bool)

    def __init__(self, model: BoardModel, editor: BoardEditor, view: BoardView) -> None:
        super().__init__(view)
        self._model = model
        self._editor = editor
        self._view = view
        self._mode = Mode.EDIT
        view.set_interaction(INTERACTIONS[self._mode])
        view.cell_activated.connect(self._on_cell_activated)
        view.cells_dragged.connect(self._on_cells_dragged)
        view.direction_pressed.connect(self._on_direction_pressed)

    @property
    def mode(self) -> Mode:
        return self._mode

    def set_mode(self, mode: Mode) -> None:
        if mode is self._mode:
            return
        self._mode = mode
        self._view.set_interaction(INTERACTIONS[mode])
        if mode is Mode.PLACE:
            self._editor.start_placing()
        self.mode_changed.emit(mode)

    def _on_cell_activated(self, cell: int) -> None:
        if self._mode is Mode.PLACE:
            self._editor.place_next(cell)
        elif self._mode is Mode.PLAY:
            tile = self._model.cell(cell)
            if tile:
                self.slide_attempted.emit(self._editor.slide_tile(tile))

    def _on_cells_dragged(self, source: int, target: int) -> None:
        if self._mode is Mode.EDIT:
            self._editor.swap_cells(source, target)

    def _on_direction_pressed(self, direction: Direction) -> None:
        if self._mode is Mode.PLAY:
            self.slide_attempted.emit(self._editor.slide(direction))
