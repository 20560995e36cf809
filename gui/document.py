"""Reading and writing board files, atomically, and the recent-files list."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from core import Board, BoardError, Goal, ParsedBoard, format_board, parse_document

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

#: File dialog filter; the extension picks the written format.
FILE_FILTER = (
    "Board text (*.txt *.board);;JSON (*.json);;n-puzzle (*.puzzle *.npuzzle);;All files (*)"
)
MAX_RECENT = 8
RECENT_KEY = "recentFiles"


def format_for(path: str) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix in (".puzzle", ".npuzzle"):
        return "npuzzle"
    return "grid"


def read_board_file(path: str) -> ParsedBoard:
    """Parse a board file; raises `OSError` (unreadable) or `BoardError` (not a board)."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BoardError(f"{Path(path).name} is not a text file") from error
    return parse_document(text)


def write_board_file(path: str, board: Board, goal: Goal) -> None:
    """Write `board` in the format its extension asks for, all or nothing.

    QSaveFile writes to a temporary file and renames it over the target only once every
    byte is written, so a crash or a full disk never leaves a half-written board.
    Raises `OSError` when the file cannot be written.
    """
    from PySide6.QtCore import QIODevice, QSaveFile  # only a save needs them, not start-up

    form = format_for(path)
    text = format_board(board, form, goal if form == "json" and goal != "blank-last" else None)
    save = QSaveFile(path)
    if not save.open(QIODevice.OpenModeFlag.WriteOnly):
        raise OSError(f"cannot write {path}: {save.errorString()}")
    save.write(text.encode("utf-8"))
    if not save.commit():
        raise OSError(f"cannot write {path}: {save.errorString()}")


class RecentFiles:
    """The most recently opened or saved files, newest first, kept in QSettings."""

    def __init__(self, settings: QSettings) -> None:
        self._settings = settings

    def paths(self) -> list[str]:
        value = self._settings.value(RECENT_KEY, [])
        if isinstance(value, str):  # QSettings returns a lone entry as a string
            value = [value]
        return [str(path) for path in (value or [])][:MAX_RECENT]

    def add(self, path: str) -> None:
        path = str(Path(path).resolve())
        paths = [path, *(p for p in self.paths() if p != path)][:MAX_RECENT]
        self._settings.setValue(RECENT_KEY, paths)

    def remove(self, path: str) -> None:
        self._settings.setValue(RECENT_KEY, [p for p in self.paths() if p != path])
