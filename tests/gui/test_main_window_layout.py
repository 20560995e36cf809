"""Layout of the main window: the explanation's conclusion and the strip without waste."""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

import pytest
from PySide6.QtWidgets import QWidget

from core import Board, random_board
from gui.app import SCREENSHOT_SIZE, settle_layout
from gui.main_window import MainWindow
from tests.gui.conftest import ARTICLE_BOARD

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot


def shown(qtbot: QtBot, window: MainWindow, board: Board) -> None:
    window.resize(*SCREENSHOT_SIZE)
    window.editor.load(board)
    window.show()
    qtbot.waitExposed(window)
    explanation = window.explanation_view
    # Settled once the explanation has the height its text asks for at its width.
    qtbot.waitUntil(lambda: explanation.height() == explanation.heightForWidth(explanation.width()))


@pytest.mark.parametrize(
    "board",
    [Board.solved(3, 3), ARTICLE_BOARD, random_board(32, 32, solvable=True, rng=Random(32))],
    ids=["3x3", "4x4", "32x32"],  # 32x32: long numbers wrap into more lines
)
def test_the_conclusion_shows_without_scrolling(qtbot: QtBot, window, board: Board) -> None:
    shown(qtbot, window, board)
    explanation = window.explanation_view
    assert not explanation.verticalScrollBar().isVisible()
    assert explanation.document().size().height() <= explanation.viewport().height()
    # The list of pairs takes the rest of the side panel, not the explanation.
    assert explanation.height() == explanation.heightForWidth(explanation.width())
    assert window.inversion_panel.height() > window.inversion_panel.minimumHeight()


def test_the_strip_is_as_tall_as_its_arcs_and_boxes(qtbot: QtBot, window) -> None:
    shown(qtbot, window, ARTICLE_BOARD)
    strip = window.sequence_strip
    boxes_bottom = strip.box_rect(0).bottom()
    assert not strip.horizontalScrollBar().isVisible()
    assert strip.height() - boxes_bottom <= 8  # a margin under the boxes, no empty band


def test_the_conclusion_shows_when_the_window_opens_on_a_large_board(qtbot: QtBot, settings):
    """As `--screenshot` and a start with a restored board do it: size, board, then show.
    A scroll bar shown for a moment during that first layout used to narrow the text,
    which then needed more lines and kept the scroll bar, hiding the conclusion."""
    window = MainWindow(settings, restore=False)
    qtbot.addWidget(window)
    window.resize(*SCREENSHOT_SIZE)
    window.editor.load(random_board(32, 32, solvable=True, rng=Random(32)))
    window.undo_stack.setClean()
    window.show()
    qtbot.waitExposed(window)
    settle_layout()
    explanation = window.explanation_view
    assert not explanation.verticalScrollBar().isVisible()
    assert explanation.document().size().height() <= explanation.viewport().height()


def test_at_800x600_the_conclusion_stays_in_view(qtbot: QtBot, window) -> None:
    window.editor.load(ARTICLE_BOARD)
    window.resize(800, 600)
    window.show()
    qtbot.waitExposed(window)
    settle_layout()
    explanation = window.explanation_view
    document = explanation.document()
    last = document.lastBlock()
    bottom = document.documentLayout().blockBoundingRect(last).bottom()
    shown_from = explanation.verticalScrollBar().value()
    assert "so it is solvable" in last.text()
    # The conclusion's last line is inside the visible part of the text.
    assert bottom - shown_from <= explanation.viewport().height() + 1


def test_the_board_grows_with_the_window(qtbot: QtBot, window) -> None:
    window.editor.load(ARTICLE_BOARD)
    window.resize(1180, 780)
    window.show()
    qtbot.waitExposed(window)
    settle_layout()
    small = window.board_view.board_geometry.cell
    window.resize(2200, 1400)
    qtbot.waitUntil(lambda: window.board_view.board_geometry.cell > small)
    settle_layout()
    big = window.board_view.board_geometry.cell
    assert big > 96  # the old cap
    # The side panel keeps a readable width and no more; the board takes the rest.
    side = window.findChild(QWidget, "sidePanel")
    assert side.width() <= 560


def test_with_a_taller_font_the_list_does_not_squeeze_the_explanation(qtbot: QtBot, window) -> None:
    """Fonts with taller lines (Noto Sans, a larger system font) wrap the side panel's
    lines; the list of pairs then once asked for its full hint and cut the explanation."""
    font = window.font()
    font.setPointSizeF(font.pointSizeF() * 1.1)
    window.setFont(font)
    shown(qtbot, window, ARTICLE_BOARD)
    explanation = window.explanation_view
    assert not explanation.verticalScrollBar().isVisible()
    assert window.inversion_panel.height() >= window.inversion_panel.minimumHeight()
