"""A seeded random walk of user actions never raises and never lets the model drift
from what core says of the cells on screen."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QLabel

from core import Board, check, find_problems
from gui.mode_controller import Mode

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

ACTIONS = 2_000
PASTES = [
    "",
    "hello",
    "1 2 3/4 5 6/7 8 0",
    "1 2 3/4 5 6/7 0 8",
    "1 1 1 1",
    "{1, 2}, {3, 0}",
    "99999999999999999999",
    "2 1\n3 _",
    '{"width": 2, "height": 3, "tiles": [1, 2, 3, 4, 5, 0]}',
    "\u2502 1 \u2502 2 \u2502\n\u2502 3 \u2502 . \u2502",
    "x x x x",
    "5\n1 2 3 4 5",
]
KEYS = [
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Tab,
    Qt.Key.Key_Backtab,
    Qt.Key.Key_Return,
    Qt.Key.Key_Backspace,
    Qt.Key.Key_Delete,
    Qt.Key.Key_Space,
]


def assert_model_matches_core(window) -> None:
    model = window.model
    cells = model.cells()
    assert len(cells) == model.width * model.height
    problems = find_problems(model.width, model.height, cells)
    goal = model.goal
    if isinstance(goal, Board) and (goal.width, goal.height) != (model.width, model.height):
        assert model.board is None
        return
    if problems:
        assert model.board is None
        assert model.verdict is None
        assert [(p.kind, p.message) for p in model.problems] == [
            (p.kind, p.message) for p in problems
        ]
        # Cells still empty are not marked as errors; every other named cell is.
        marked = {cell for p in problems if p.kind != "empty" for cell in p.cells}
        assert model.problem_cells == frozenset(marked)
        return
    board = Board(model.width, model.height, tuple(cell or 0 for cell in cells))
    assert model.board == board
    assert model.verdict == check(board, goal)
    label = window.findChild(QLabel, "verdictLabel").text()
    assert label == ("Solvable" if model.verdict.solvable else "Not solvable")
    assert window.inversion_panel.pair_model.rowCount() == model.verdict.inversions


def test_random_walk_of_user_actions(qtbot: QtBot, window):
    rng = random.Random(20261122)
    view = window.board_view
    viewport = view.viewport()
    window.editor.rng = random.Random(7)

    def random_cell() -> int:
        return rng.randrange(window.model.width * window.model.height)

    def visible_point(cell: int):
        view.set_cursor_cell(cell)  # scrolls it into view
        return view.cell_center(cell)

    def type_digits() -> None:
        qtbot.keyClicks(view, str(rng.randrange(0, 40)))

    def press_key() -> None:
        qtbot.keyClick(view, rng.choice(KEYS))

    def click() -> None:
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=visible_point(random_cell()))

    def drag() -> None:
        source, target = random_cell(), random_cell()
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=visible_point(source))
        end = view.cell_center(target)
        qtbot.mouseMove(viewport, end)
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)

    def hover() -> None:
        qtbot.mouseMove(viewport, visible_point(random_cell()))

    def paste() -> None:
        QGuiApplication.clipboard().setText(rng.choice(PASTES))
        qtbot.keyClick(view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)

    def undo() -> None:
        window.undo_action.trigger()

    def redo() -> None:
        window.redo_action.trigger()

    def resize() -> None:
        box = rng.choice([window.size_bar.width_box, window.size_bar.height_box])
        box.setValue(rng.randint(1, 6))

    def change_mode() -> None:
        window.mode_menu.actions[rng.choice(list(Mode))].trigger()

    def change_goal() -> None:
        row = rng.randrange(3)
        window.goal_picker.activated.emit(row)

    def random_board() -> None:
        rng.choice(
            [
                window.edit_actions.random_solvable_action,
                window.edit_actions.random_unsolvable_action,
            ]
        ).trigger()

    def apply_fix() -> None:
        fix = window.model.fix
        if fix is not None:
            window.fix_suggestion.apply_requested.emit(*fix)
            assert window.model.verdict.solvable

    def slide_keeps_verdict() -> None:
        window.mode_menu.actions[Mode.PLAY].trigger()
        before = window.model.verdict
        qtbot.keyClick(view, rng.choice(KEYS[:4]))
        if before is not None:
            assert window.model.verdict.solvable == before.solvable

    weighted = [
        (type_digits, 14),
        (press_key, 14),
        (click, 10),
        (drag, 6),
        (hover, 4),
        (paste, 5),
        (undo, 8),
        (redo, 5),
        (resize, 4),
        (change_mode, 4),
        (change_goal, 3),
        (random_board, 3),
        (apply_fix, 2),
        (slide_keeps_verdict, 4),
    ]
    actions = [action for action, weight in weighted for _ in range(weight)]
    view.setFocus()
    for step in range(ACTIONS):
        action = rng.choice(actions)
        action()
        assert_model_matches_core(window)
        if step % 100 == 0:
            QApplication.processEvents()  # paint every view now and then
    assert window.undo_stack.count() > 0
