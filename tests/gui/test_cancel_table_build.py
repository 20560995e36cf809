"""Cancel in the window while the first Solve builds the pattern tables: the real solver,
the real tables (in a scratch cache), the real Cancel button."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from core import parse_board, pattern_db
from tests.core.test_build_interrupt import FIFTEEN, HEARD_WITHIN_SECONDS, app_groups

if TYPE_CHECKING:
    from pathlib import Path

    import pytest
    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow


def test_cancel_while_the_tables_are_built_stops_and_leaves_no_part_of_a_table(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    groups = app_groups(monkeypatch, tmp_path)
    pattern_db.forget_loaded()
    window.editor.load(parse_board(FIFTEEN))
    runner = window.solving.solve_runner

    window.solve_actions.solve_action.trigger()
    assert runner.is_running
    # Building, not searching: the progress line says so once a table is under way.
    qtbot.waitUntil(lambda: "table" in window.solve_progress.text.lower(), timeout=60_000)
    cancel = window.solve_progress.findChild(QPushButton, "solveCancelButton")
    assert cancel is not None
    assert cancel.isVisible()
    with qtbot.waitSignal(runner.stopped, timeout=int(HEARD_WITHIN_SECONDS * 1000)):
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)

    assert not runner.is_running
    assert not window.solve_progress.isVisible()
    assert window.status_message.text() == "Search cancelled"
    assert window.model.board == parse_board(FIFTEEN)
    # Whatever finished is whole; nothing half-written is left behind.
    assert not list(tmp_path.glob("*.tmp"))
    whole_sizes = {
        pattern_db._HEADER.size + pattern_db.packed_size(pattern_db.placements(16, len(g)))
        for g in groups
    }
    assert all(table.stat().st_size in whole_sizes for table in tmp_path.iterdir())
