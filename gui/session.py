"""What one session leaves for the next: the board, its file, the window's size and the
view settings, kept in QSettings, read back with suspicion.

Any stored value may be garbage (another program's, an older version's, a hand edit): a
size where a list belongs, a board nested 100,000 deep. Each read here either gives a
value of the right type or drops the key and names what was dropped, so the window can
start anyway and say so.
"""

from __future__ import annotations

import json
from typing import NamedTuple, TypeGuard

from PySide6.QtCore import QByteArray, QSettings

from core import Board, Goal
from core.board import validate_shape
from core.draft import MAX_DIGITS, MAX_SIDE, Cell, Draft

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
LAST_BOARD_KEY = "board/last"
PATH_KEY = "board/path"
#: Whether the last board had changes not saved to its file when the window closed.
MODIFIED_KEY = "board/modified"
BADGES_KEY = "view/badges"
APPEARANCE_KEY = "view/appearance"
#: Seconds the search for a shortest solution may take (see `TIME_BUDGETS`), or "none".
TIME_BUDGET_KEY = "solve/time_budget"

#: Longest stored last board read: a 100x100 board of six-digit entries takes ~80 kB.
MAX_SAVED_BOARD_LENGTH = 1_000_000

_UNREADABLE = object()  # a stored setting whose value could not be read back


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def decode_last_board(saved: object) -> tuple[int, int, list[Cell], Goal]:
    """Width, height, cells and goal of a board saved by `Session.save_board`.

    Raises `ValueError` (or `RecursionError`, for JSON nested too deep) for anything that
    is not exactly what `save_board` writes: nothing is guessed or coerced.
    """
    if not isinstance(saved, str) or len(saved) > MAX_SAVED_BOARD_LENGTH:
        raise ValueError("not a saved board")
    data = json.loads(saved)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    width, height, cells = data.get("width"), data.get("height"), data.get("cells")
    if not (_is_int(width) and _is_int(height)):
        raise ValueError("width and height must be integers")
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ValueError(f"the window edits boards up to {MAX_SIDE}x{MAX_SIDE}")
    validate_shape(width, height)
    if not isinstance(cells, list) or len(cells) != width * height:
        raise ValueError(f"a {width}x{height} board needs {width * height} cells")
    largest = 10**MAX_DIGITS
    for cell in cells:
        if cell is not None and not (_is_int(cell) and 0 <= cell < largest):
            raise ValueError("a cell is not a number the editor could hold")
    goal = data.get("goal", "blank-last")
    if isinstance(goal, list):
        if not all(_is_int(tile) for tile in goal):
            raise ValueError("the goal's tiles must be integers")
        goal = Board(width, height, tuple(goal))  # BoardError unless a board of this shape
    elif goal not in ("blank-last", "blank-first"):
        raise ValueError("unknown goal")
    return width, height, cells, goal


class SavedBoard(NamedTuple):
    """The board the last session showed, the file it came from, and whether it had
    changes not saved to that file."""

    draft: Draft
    path: str | None
    modified: bool


class Session:
    """Reads and writes the session's settings; `dropped` names the damaged ones found."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self.dropped: list[str] = []

    # -- reading -------------------------------------------------------------------------

    def _stored(self, key: str) -> object:
        """The stored value, None when there is none, `_UNREADABLE` when reading it fails."""
        try:
            return self.settings.value(key)
        except Exception:  # a value Qt or PySide cannot convert back
            return _UNREADABLE

    def drop(self, key: str, name: str) -> None:
        """Forget a damaged setting and remember to say so."""
        self.settings.remove(key)
        self.dropped.append(name)

    def bytes_value(self, key: str, name: str) -> QByteArray | None:
        """A stored QByteArray (window geometry, toolbar state), or None."""
        value = self._stored(key)
        if value is None:
            return None
        if isinstance(value, QByteArray):
            return value
        self.drop(key, name)
        return None

    def bool_value(self, key: str, name: str) -> bool | None:
        value = self._stored(key)
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value in ("true", "false"):  # how IniFormat reads
            return value == "true"
        if value is not None:
            self.drop(key, name)
        return None

    def choice(self, key: str, name: str, choices: frozenset[str]) -> str | None:
        """A stored name from `choices`, or None."""
        value = self._stored(key)
        if isinstance(value, str) and value in choices:
            return value
        if value is not None:
            self.drop(key, name)
        return None

    def last_board(self) -> SavedBoard | None:
        """The board (even a half-typed one) the last session showed, or None."""
        saved = self._stored(LAST_BOARD_KEY)
        if saved is None:
            return None
        try:
            width, height, cells, goal = decode_last_board(saved)
        except (ValueError, RecursionError):
            self.drop(LAST_BOARD_KEY, "last board")
            return None
        path = self._stored(PATH_KEY)
        if path is not None and path != "" and not (isinstance(path, str) and "\0" not in path):
            self.drop(PATH_KEY, "board file name")
            path = None
        modified = self._stored(MODIFIED_KEY) in (True, "true")
        return SavedBoard(
            Draft(width, height, tuple(cells), goal),
            path if isinstance(path, str) and path else None,
            modified,
        )

    # -- writing -------------------------------------------------------------------------

    def save_board(self, draft: Draft, path: str | None, *, modified: bool) -> None:
        goal = draft.goal
        data = {
            "width": draft.width,
            "height": draft.height,
            "cells": list(draft.cells),
            "goal": list(goal.tiles) if isinstance(goal, Board) else goal,
        }
        self.settings.setValue(LAST_BOARD_KEY, json.dumps(data))
        self.settings.setValue(PATH_KEY, path or "")
        self.settings.setValue(MODIFIED_KEY, modified)

    def save_value(self, key: str, value: object) -> None:
        self.settings.setValue(key, value)
