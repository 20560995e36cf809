"""Making the window's actions: one call per action, named so tests and the toolbar's saved
state can find it, with its shortcut and the tip the status bar and tooltip show."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

if TYPE_CHECKING:
    from PySide6.QtCore import QObject


def make_action(
    parent: QObject,
    text: str,
    name: str,
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    tip: str = "",
) -> QAction:
    action = QAction(text, parent)
    action.setObjectName(name)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    return action
