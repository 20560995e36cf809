"""The question Solve asks before the near-optimal search's tables are first built: they
take minutes and hundreds of megabytes once, so the person chooses."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


class TablesChoice(Enum):
    """What a person chose when asked to build the search tables."""

    BUILD = "build the tables, then search"
    WITHOUT = "a short solution now, without the tables"
    CANCEL = "no search"


def ask_to_build_tables(parent: QWidget | None, width: int, height: int) -> TablesChoice:
    """Ask, in a modal message box, whether to build the tables for near-shortest
    solutions of `width` x `height` boards."""
    box = QMessageBox(parent)
    box.setObjectName("buildTablesPrompt")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Build Search Tables?")
    box.setText(
        f"Near-shortest solutions of {width}\u00d7{height} boards need search tables, "
        "built once and kept for every later solve."
    )
    box.setInformativeText(
        "Building them takes several minutes, once (a 5\u00d75's keep about 130 MB on "
        "disk). The progress shows below the board, and Stop cancels it.\n\n"
        "Without them, a short solution (not the shortest) comes at once."
    )
    build = box.addButton("&Build Tables and Solve", QMessageBox.ButtonRole.AcceptRole)
    without = box.addButton("&Solve Without", QMessageBox.ButtonRole.RejectRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(without)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is build:
        return TablesChoice.BUILD
    if clicked is without:
        return TablesChoice.WITHOUT
    return TablesChoice.CANCEL
