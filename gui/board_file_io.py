"""Reading and writing board files, atomically, and the recent-files list."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from core.draft import MAX_SIDE, parse_draft
from core.rule import GoalName
from core.textio import quote_name, read_text_file

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from core.board import Board
    from core.draft import Draft
    from core.formats import BoardFormat, ParsedBoard
    from core.rule import Goal

#: File dialog filter; the extension picks the written format.
FILE_FILTER = (
    "Board text (*.txt *.board);;JSON (*.json);;n-puzzle (*.puzzle *.npuzzle);;All files (*)"
)
MAX_RECENT = 8
#: Most cells of a board the window edits (core's MAX_SIDE a side, the spin boxes' range).
MAX_WINDOW_CELLS = MAX_SIDE * MAX_SIDE
RECENT_KEY = "recentFiles"
#: Longest path kept in the recent list (Linux's PATH_MAX; Windows allows a few more).
MAX_PATH_LENGTH = 4096


def format_for(path: str) -> BoardFormat:
    """The form a file is written in, by its name's ending (a grid unless it says)."""
    from core.formats import BoardFormat  # with the first file read or written

    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        return BoardFormat.JSON
    if suffix in (".puzzle", ".npuzzle"):
        return BoardFormat.NPUZZLE
    return BoardFormat.GRID


def read_board_file(path: str) -> ParsedBoard:
    """Parse a board file.

    The file is read through `core.textio`, the window's way: anything that is not a
    regular file (a FIFO, /dev/zero, a socket) is refused without blocking, and a file
    over the size limit before any of it is read. Raises `core.textio.InputError` (cannot
    be read as text) or `BoardError` (text, but not a board, or more cells than the window
    edits, found before the text is split); both are `ValueError`s.
    """
    from core.formats import parse_document

    return parse_document(read_text_file(path, regular_only=True), max_cells=MAX_WINDOW_CELLS)


def read_draft_file(path: str) -> Draft:
    """Read a board file for editing, as `read_board_file` does, except that a board of a
    good shape whose tiles are wrong (a typo: a duplicate, a tile out of range) comes back
    as a draft with its problems named, so it can be fixed on screen. Raises what
    `read_board_file` raises for anything else."""
    return parse_draft(read_text_file(path, regular_only=True), max_cells=MAX_WINDOW_CELLS)


def drops_goal(path: str, goal: Goal) -> bool:
    """Whether a file at `path` loses `goal`: only JSON holds one, and a file without one
    opens with blank-last, so any other goal would come back changed."""
    from core.formats import BoardFormat

    return format_for(path) is not BoardFormat.JSON and goal != GoalName.BLANK_LAST


def write_board_file(path: str, board: Board, goal: Goal) -> None:
    """Write `board` in the format its extension asks for, all or nothing.

    QSaveFile writes to a temporary file and renames it over the target only once every
    byte is written, so a crash or a full disk never leaves a half-written board.
    Raises `OSError` when the file cannot be written.
    """
    from PySide6.QtCore import QIODevice, QSaveFile  # only a save needs them, not start-up

    from core.formats import BoardFormat, format_board

    form = format_for(path)
    # Blank-last is what a file without a goal means, so it is never written.
    keep_goal = form is BoardFormat.JSON and goal != GoalName.BLANK_LAST
    text = format_board(board, form, goal if keep_goal else None)
    data = text.encode("utf-8")
    save = QSaveFile(path)
    if not save.open(QIODevice.OpenModeFlag.WriteOnly):
        raise OSError(f"cannot write {quote_name(path)}: {save.errorString()}")
    written = save.write(data)
    if written != len(data):
        # -1 or a short count: nothing may be committed. A commit after cancelWriting
        # returns False and removes the temporary file at once.
        reason = save.errorString() if written < 0 else f"{written:,} of {len(data):,} bytes"
        save.cancelWriting()
        save.commit()
        raise OSError(f"cannot write {quote_name(path)}: {reason or 'write failed'}")
    if not save.commit():
        raise OSError(f"cannot write {quote_name(path)}: {save.errorString()}")


def canonical_path(path: str) -> str:
    """`path` absolute with its links resolved, as the recent list keeps it; a path whose
    links loop (Path.resolve raises RuntimeError for those on Python 3.11) is kept as an
    absolute path instead."""
    try:
        return str(Path(path).resolve())
    except (OSError, RuntimeError):
        return os.path.abspath(path)


def _is_stored_path(item: object) -> bool:
    # What `add` stores: an absolute path, of a length a file system allows.
    return (
        isinstance(item, str)
        and 0 < len(item) <= MAX_PATH_LENGTH
        and "\0" not in item
        and os.path.isabs(item)
    )


class RecentFiles:
    """The most recently opened or saved files, newest first, kept in QSettings."""

    def __init__(self, settings: QSettings) -> None:
        self._settings = settings

    def paths(self) -> list[str]:
        return self._read()[0]

    def repair(self) -> bool:
        """Rewrite the stored list without entries that are not usable paths (settings may
        hold anything: a size, a rectangle, a number). True if anything was dropped."""
        paths, damaged = self._read()
        if damaged:
            self._settings.setValue(RECENT_KEY, paths)
        return damaged

    def _read(self) -> tuple[list[str], bool]:
        """The usable paths, and whether the stored value held anything else."""
        try:
            value = self._settings.value(RECENT_KEY, [])
        except Exception:  # a value Qt or PySide cannot convert back: garbage too
            return [], True
        if value is None:  # an empty list is stored as an invalid value
            return [], False
        if isinstance(value, str):  # QSettings returns a lone entry as a string
            value = [value]
        if not isinstance(value, list):
            return [], True
        paths: list[str] = []
        damaged = False
        for item in value:
            if not _is_stored_path(item):
                damaged = True
            elif item not in paths and len(paths) < MAX_RECENT:
                paths.append(item)
        return paths, damaged

    def add(self, path: str) -> None:
        path = canonical_path(path)
        paths = [path, *(p for p in self.paths() if p != path)][:MAX_RECENT]
        self._settings.setValue(RECENT_KEY, paths)

    def remove(self, path: str) -> None:
        """Forget `path`, given as listed or as the user named it."""
        forgotten = {path, canonical_path(path)}
        self._settings.setValue(RECENT_KEY, [p for p in self.paths() if p not in forgotten])
