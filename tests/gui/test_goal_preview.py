"""The goal beside the verdict, and the pair list saying what tiles are compared by."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtWidgets import QLabel

from core import Board
from gui.board_model import BoardModel
from gui.goal_preview import GoalPreview, goal_caption
from gui.inversion_panel import InversionPanel

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

CUSTOM = Board(3, 3, (8, 7, 6, 5, 4, 3, 2, 1, 0))


def make_preview(qtbot: QtBot, model: BoardModel) -> GoalPreview:
    preview = GoalPreview(model)
    qtbot.addWidget(preview)
    preview.resize(preview.sizeHint())
    return preview


@pytest.mark.parametrize(
    ("goal", "expected", "caption"),
    [
        ("blank-last", Board.solved(3, 3), "blank last"),
        ("blank-first", Board.solved(3, 3, blank_first=True), "blank first"),
        (CUSTOM, CUSTOM, "custom"),
    ],
)
def test_the_preview_shows_the_goal_of_the_boards_size(qtbot: QtBot, goal, expected, caption):
    model = BoardModel(Board.solved(3, 3))
    preview = make_preview(qtbot, model)
    model.set_goal(goal)
    assert preview.goal == expected
    assert preview.accessibleName() == f"Goal: {caption}"
    assert goal_caption(goal) == caption


def test_a_goal_of_another_size_is_said_not_to_fit(qtbot: QtBot) -> None:
    model = BoardModel(Board.solved(3, 3))
    preview = make_preview(qtbot, model)
    model.set_goal(Board.solved(2, 2))
    assert preview.goal is None


def test_the_drawing_changes_with_the_goal(qtbot: QtBot) -> None:
    model = BoardModel(Board.solved(3, 3))
    preview = make_preview(qtbot, model)
    before = preview.grab().toImage()
    model.set_goal("blank-first")
    after = preview.grab().toImage()
    assert before != after
    model.set_goal("blank-last")
    assert preview.grab().toImage() == before


def test_the_pair_list_says_tiles_are_compared_by_their_places_in_the_goal(qtbot) -> None:
    model = BoardModel(Board(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0)))
    panel = InversionPanel(model)
    qtbot.addWidget(panel)
    header = panel.findChild(QLabel, "inversionHeader")
    assert header.text() == "1 inversion pair, by place in the goal"
    assert header.toolTip().endswith("their places in the goal (blank last).")
    model.set_goal("blank-first")
    assert header.toolTip().endswith("their places in the goal (blank first).")


@pytest.mark.parametrize(("side", "drawn"), [(2, True), (3, True), (4, True), (5, False)])
def test_a_drawn_goals_numbers_are_big_enough_to_read(qtbot: QtBot, side: int, drawn: bool):
    model = BoardModel(Board.solved(side, side))
    preview = make_preview(qtbot, model)
    cell = preview.sizeHint().width() / side
    if drawn:
        assert cell >= 20  # its numbers at least 11 pixels high
    else:
        assert preview.sizeHint().width() <= 64  # named, not drawn


def test_the_preview_grows_and_shrinks_with_the_boards_size(qtbot: QtBot) -> None:
    model = BoardModel(Board.solved(3, 3))
    preview = make_preview(qtbot, model)
    small = preview.sizeHint()
    model.set_draft(BoardModel(Board.solved(4, 4)).draft)
    assert preview.sizeHint().width() > small.width()
