"""A solution played on the board: its positions shown by the model, one undo step in all.

Stepping through a solution must not push a command per step (a 2.6-million-move solution
would flood the history), yet the model may only change through the undo stack. So the
first step away from the start pushes one `PlaybackCommand`, and every later step retargets
it: its redo shows the position on screen, its undo the start board. The stack stays true
at every moment; any other change to it (an edit, a paste, an open, Undo) ends playback,
and what was shown stays as that one step, so Undo returns to the start board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

if TYPE_CHECKING:
    from core import Board
    from core.draft import Draft
    from gui.board_model import BoardModel


class PlaybackCommand(QUndoCommand):
    """From the start board to the position the player shows (which may change until
    playback ends)."""

    def __init__(self, model: BoardModel, before: Draft) -> None:
        super().__init__("Play solution")
        self._model = model
        self._before = before
        self._after = before

    @property
    def changes_nothing(self) -> bool:
        return self._after == self._before

    def show(self, draft: Draft, text: str) -> None:
        self._after = draft
        self.setText(text)
        self._model.set_draft(draft)

    def redo(self) -> None:
        self._model.set_draft(self._after)

    def undo(self) -> None:
        self._model.set_draft(self._before)


class Playback(QObject):
    """Shows a solution's positions on `model` through `undo_stack` (see the module)."""

    #: Playback ended: something else changed the board or the history, or `end` was called.
    ended = Signal()

    def __init__(self, model: BoardModel, undo_stack: QUndoStack, parent: QObject | None = None):
        super().__init__(parent)
        self._model = model
        self._stack = undo_stack
        self._start: Draft | None = None
        self._command: PlaybackCommand | None = None
        self._pushing = False
        undo_stack.indexChanged.connect(self._on_index_changed)

    @property
    def active(self) -> bool:
        return self._start is not None

    def begin(self) -> None:
        """Play from the board on screen (ending any playback before)."""
        self.end()
        self._start = self._model.draft

    def show(self, board: Board, text: str) -> None:
        """Put `board` on screen; `text` names the step in the Undo menu."""
        start = self._start
        if start is None:
            return
        if self._command is None:
            if board == start.analysis.board:
                return  # nothing to show yet, no step to push
            self._command = PlaybackCommand(self._model, start)
            self._pushing = True
            try:
                self._stack.push(self._command)
            finally:
                self._pushing = False
        self._command.show(start.with_board(board), text)

    def end(self) -> None:
        """Stop playing; the position shown stays (as the one undo step), unless it is the
        start board, when the step that changes nothing is dropped."""
        if self._start is None:
            return
        command = self._command
        self._start = None
        self._command = None
        if command is not None and command.changes_nothing and self._is_top(command):
            # An obsolete command is deleted by the undo that takes it back.
            command.setObsolete(True)
            self._pushing = True
            try:
                self._stack.undo()
            finally:
                self._pushing = False
        self.ended.emit()

    def _is_top(self, command: PlaybackCommand) -> bool:
        index = self._stack.index()
        return index > 0 and self._stack.command(index - 1) is command

    def _on_index_changed(self, _index: int) -> None:
        if self._pushing or self._start is None:
            return
        # Someone else moved the history: the board is no longer the player's to show.
        self._start = None
        self._command = None
        self.ended.emit()
