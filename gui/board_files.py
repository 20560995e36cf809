"""The window's file handling: open, save, save as, Open Recent, and unsaved changes.

It owns the File menu's Open, Save and Save As actions and the Open Recent menu, knows which
file the board on screen belongs to and whether the undo stack has moved since it was saved;
the window places the actions and shows what it says (the title, the status line, the
failure strip) through its signals, wired in the window's `_connect_signals`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu

from core.draft import MAX_SIDE, Draft
from core.textio import quote_name
from gui.actions import make_action
from gui.board_file_io import (
    FILE_FILTER,
    RecentFiles,
    drops_goal,
    read_draft_file,
    write_board_file,
)
from gui.goal_preview import goal_caption

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QMessageBox, QWidget

    from gui.board_editor import BoardEditor
    from gui.board_model import BoardModel
    from gui.session import SavedBoard


def refusal_reason(error: Exception, path: str) -> str:
    """What went wrong, without the file name core's readers put in front (the window names
    the file itself) and without a second "cannot open"."""
    reason = str(error) or type(error).__name__
    prefix = quote_name(path) + ": "
    if reason.startswith(prefix):
        reason = reason[len(prefix) :]
    if reason.startswith("cannot open (") and reason.endswith(")"):
        reason = reason[len("cannot open (") : -1]
    return reason


class BoardFiles(QObject):
    """Files for one window's board. `dialog_parent` parents the file and save dialogs, the
    actions and the recent menu."""

    #: The file the board belongs to changed (the window's title names it).
    path_changed = Signal()
    #: A line for the status bar.
    message = Signal(str)
    #: An open failed: a title ("Could not open 'x.txt'") and the reason, for the strip
    #: above the board.
    open_refused = Signal(str, str)

    def __init__(
        self,
        model: BoardModel,
        editor: BoardEditor,
        undo_stack: QUndoStack,
        settings: QSettings,
        *,
        dialog_parent: QWidget,
    ) -> None:
        super().__init__(dialog_parent)
        self._model = model
        self._editor = editor
        self._undo_stack = undo_stack
        self._dialog_parent = dialog_parent
        self.recent_files = RecentFiles(settings)
        self.recent_menu = QMenu("Open &Recent", dialog_parent)
        self.recent_menu.setObjectName("recentMenu")
        #: The file the board on screen was opened from or saved to, if any.
        self.path: str | None = None
        self.rebuild_recent_menu()
        key = QKeySequence.StandardKey
        self.open_action = make_action(
            dialog_parent, "&Open\u2026", "openAction", key.Open, "Open a board file"
        )
        self.save_action = make_action(
            dialog_parent, "&Save", "saveAction", key.Save, "Save the board"
        )
        self.save_as_action = make_action(
            dialog_parent, "Save &As\u2026", "saveAsAction", key.SaveAs
        )
        self.open_action.triggered.connect(self.open_dialog)
        self.save_action.triggered.connect(self.save)
        self.save_as_action.triggered.connect(self.save_as)

    # -- questions (tests answer in their place) ----------------------------------------

    def ask_to_save(self) -> QMessageBox.StandardButton:
        """Save, Discard or Cancel for unsaved changes."""
        from PySide6.QtWidgets import QMessageBox

        from gui.app_info import APP_NAME

        return QMessageBox.warning(
            self._dialog_parent,
            APP_NAME,
            "The board has unsaved changes. Save them?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )

    def may_discard_changes(self) -> bool:
        """True when the board may be replaced or the window closed: nothing unsaved, or the
        user saved or discarded it."""
        if self._undo_stack.isClean():
            return True
        from PySide6.QtWidgets import QMessageBox

        answer = self.ask_to_save()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def drop_discarded_changes(self) -> None:
        """At quit, once the user chose Discard: an untitled board goes back to where it was
        last unchanged, so the next session does not bring back what was thrown away. (A
        file's board is read back from its file at the next start instead; see
        `restore`.)"""
        stack = self._undo_stack
        if self.path is None and not stack.isClean() and stack.cleanIndex() >= 0:
            stack.setIndex(stack.cleanIndex())

    # -- opening ----------------------------------------------------------------------

    def open_dialog(self) -> None:
        if not self.may_discard_changes():
            return
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self._dialog_parent, "Open Board", self.dialog_folder(), FILE_FILTER
        )
        if path:
            self.open(path)

    def open(self, path: str) -> bool:
        """Load a board file. A board whose tiles have a typo opens with its problems
        marked, to be fixed on screen; a file that holds no board leaves the board alone
        and says why (`open_refused`)."""
        name = quote_name(Path(path).name)
        try:
            draft = read_draft_file(path)
        except (OSError, ValueError) as error:
            # InputError (not a readable text file) and BoardError (not a board) are both
            # ValueErrors; any other ValueError from a reader is still a file we cannot use.
            self._refuse(name, refusal_reason(error, path))
            self.recent_files.remove(path)
            self.rebuild_recent_menu()
            return False
        if draft.width > MAX_SIDE or draft.height > MAX_SIDE:
            self._refuse(
                name,
                f"the window edits boards up to {MAX_SIDE}x{MAX_SIDE}; "
                "use `slidecheck check` for larger ones",
            )
            return False
        self._editor.load_draft(draft, f"Open {Path(path).name}")
        self._undo_stack.setClean()
        self._remember(path)
        problems = draft.analysis.problems
        if draft.board is None and problems:
            count = len(problems)
            self.message.emit(
                f"Opened {name} with {count} problem{'s' if count != 1 else ''} to fix: "
                f"{problems[0].message}"
            )
        else:
            self.message.emit(f"Opened {name}")
        return True

    def _refuse(self, name: str, reason: str) -> None:
        self.message.emit(f"Cannot open {name}: {reason}")
        self.open_refused.emit(f"Could not open {name}", reason)

    def open_recent(self, path: str) -> None:
        if self.may_discard_changes():
            self.open(path)

    def rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent_files.paths()
        for number, path in enumerate(paths, start=1):
            action = self.recent_menu.addAction(f"&{number} {Path(path).name}")
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_recent(p))
        self.recent_menu.setEnabled(bool(paths))

    def repair_recent_files(self) -> bool:
        """Drop unusable entries from the stored recent list; True if any were dropped."""
        if not self.recent_files.repair():
            return False
        self.rebuild_recent_menu()
        return True

    # -- saving -----------------------------------------------------------------------

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self._dialog_parent, "Save Board", self.dialog_folder("board.txt"), FILE_FILTER
        )
        return bool(path) and self.save_to(path)

    def save_to(self, path: str) -> bool:
        """Write the board to `path` (its ending picks the format). An invalid board, or a
        write that fails, saves nothing and says why."""
        board = self._model.board
        if board is None:
            problems = self._model.problems
            reason = problems[0].message if problems else "the board is incomplete"
            self.message.emit(f"Cannot save an invalid board: {reason}")
            return False
        try:
            write_board_file(path, board, self._model.goal)
        except OSError as error:
            self.message.emit(str(error))
            return False
        self._undo_stack.setClean()
        self._remember(path)
        if drops_goal(path, self._model.goal):
            # Said at once: opened again, the board would be judged against blank-last.
            self.message.emit(
                f"Saved {path} without its goal ({goal_caption(self._model.goal)}): "
                "this kind of file holds the board only; save as .json to keep the goal"
            )
        else:
            self.message.emit(f"Saved {path}")
        return True

    def _remember(self, path: str) -> None:
        self.path = str(path)
        self.recent_files.add(path)
        self.rebuild_recent_menu()
        self.path_changed.emit()

    def dialog_folder(self, name: str = "") -> str:
        """Where a file dialog starts: beside the board's file, else the home folder."""
        folder = str(Path(self.path).parent) if self.path else str(Path.home())
        return str(Path(folder) / name) if name else folder

    # -- the last session -------------------------------------------------------------

    def restore(self, saved: SavedBoard) -> None:
        """Show the board the last session showed, under its file's name only when it is
        what that file holds: changes discarded at quit give way to the file as saved, and
        a board that cannot be read back is shown as changed."""
        draft, path, modified = saved.draft, saved.path, saved.modified
        if path is not None and not Path(path).is_file():
            path = None  # a file since moved or deleted is forgotten quietly
        if modified and path is not None:
            in_file = self._board_in_file(path)
            if in_file is not None:
                draft, modified = in_file, False
        self._model.set_draft(draft)
        self.path = path
        if modified and path is not None:
            self._undo_stack.resetClean()
        self.path_changed.emit()

    def _board_in_file(self, path: str) -> Draft | None:
        """The board a file holds as a draft, or None when it cannot be read or shown."""
        try:
            draft = read_draft_file(path)
        except (OSError, ValueError):
            return None
        if draft.width > MAX_SIDE or draft.height > MAX_SIDE:
            return None
        return draft
