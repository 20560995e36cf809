"""Layout of the main window: the explanation's conclusion and the strip without waste."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from core import Board
from gui.app import SCREENSHOT_SIZE
from gui.main_window import MainWindow
from tests.gui.conftest import ARTICLE_BOARD


def shown(qtbot: QtBot, window: MainWindow, board: Board) -> None:
    window.resize(*SCREENSHOT_SIZE)
    window.editor.load(board)
    window.show()
    qtbot.waitExposed(window)
    explanation = window.explanation_view
    # Settled once the explanation has the height its text asks for at its width.
    qtbot.waitUntil(lambda: explanation.height() == explanation.heightForWidth(explanation.width()))


@pytest.mark.parametrize("board", [Board.solved(3, 3), ARTICLE_BOARD], ids=["3x3", "4x4"])
def test_the_conclusion_shows_without_scrolling(qtbot: QtBot, window, board: Board) -> None:
    shown(qtbot, window, board)
    explanation = window.explanation_view
    assert not explanation.verticalScrollBar().isVisible()
    assert explanation.document().size().height() <= explanation.viewport().height()
    # The list of pairs takes the rest of the side panel, not the explanation.
    assert window.inversion_panel.height() > explanation.height()


def test_the_strip_is_as_tall_as_its_arcs_and_boxes(qtbot: QtBot, window) -> None:
    shown(qtbot, window, ARTICLE_BOARD)
    strip = window.sequence_strip
    boxes_bottom = strip.box_rect(0).bottom()
    assert not strip.horizontalScrollBar().isVisible()
    assert strip.height() - boxes_bottom <= 8  # a margin under the boxes, no empty band
