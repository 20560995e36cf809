"""The mode decides what the board's gestures mean; the view only reports them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from core import Board, Direction
from core.draft import Draft
from gui.mode_controller import INTERACTIONS, Mode

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot


@pytest.fixture
def eight(window):
    window.editor.load_draft(Draft.of(Board.from_rows([[1, 2, 3], [4, 5, 6], [7, 0, 8]])))
    return window


def test_the_view_is_told_which_gestures_each_mode_takes(window) -> None:
    for mode in (Mode.PLAY, Mode.PLACE, Mode.EDIT):
        window.mode_menu.set_mode(mode)
        assert window.modes.mode is mode
        assert window.board_view.interaction == INTERACTIONS[mode]
    assert INTERACTIONS[Mode.EDIT].typing
    assert not INTERACTIONS[Mode.PLAY].typing
    assert INTERACTIONS[Mode.PLAY].arrows_slide


def test_a_drag_swaps_only_in_edit_mode(eight) -> None:
    view = eight.board_view
    view.cells_dragged.emit(0, 1)
    assert eight.model.cells()[:2] == [2, 1]
    eight.mode_menu.set_mode(Mode.PLAY)
    view.cells_dragged.emit(0, 1)
    assert eight.model.cells()[:2] == [2, 1]


def test_an_activated_cell_slides_in_play_and_places_in_place_mode(eight, qtbot: QtBot) -> None:
    view = eight.board_view
    view.cell_activated.emit(8)  # edit mode: a click only moves the cursor
    assert eight.model.cells()[7:] == [0, 8]
    eight.mode_menu.set_mode(Mode.PLAY)
    with qtbot.waitSignal(eight.modes.slide_attempted, check_params_cb=lambda slid: slid):
        view.cell_activated.emit(8)  # tile 8 slides left into the blank
    assert eight.model.cells()[7:] == [8, 0]
    with qtbot.waitSignal(eight.modes.slide_attempted, check_params_cb=lambda slid: not slid):
        view.cell_activated.emit(0)  # tile 1 is not beside the blank
    eight.mode_menu.set_mode(Mode.PLACE)
    view.cell_activated.emit(4)
    assert eight.model.cell(4) == 1  # tile 1 sits where the user clicked


def test_arrows_slide_only_in_play_mode(eight, qtbot: QtBot) -> None:
    eight.board_view.direction_pressed.emit(Direction.LEFT)
    assert eight.model.cells()[7:] == [0, 8]
    eight.mode_menu.set_mode(Mode.PLAY)
    with qtbot.waitSignal(eight.modes.slide_attempted):
        eight.board_view.direction_pressed.emit(Direction.LEFT)
    assert eight.model.cells()[7:] == [8, 0]
