"""A small window (640x480, 800x600, a netbook, a window put beside another): the board keeps
priority. The reasons beside it fold into tabs, the strip and the player go into them, and
the toolbar keeps every control in view; at usual sizes the window is laid out as before."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest
from PySide6.QtWidgets import QTabWidget, QToolBar, QToolButton, QWidget

from core import Board, random_board, scramble
from core.solution import SearchProgress
from gui.app import settle_layout
from tests.gui.conftest import ARTICLE_BOARD

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow

START_3X3 = scramble(Board.solved(3, 3), 60, random.Random(5))
#: A cell this many pixels wide is easy to read and to hit with the mouse.
USABLE_CELL = 56


def sized(window: MainWindow, width: int, height: int, board: Board = ARTICLE_BOARD) -> None:
    window.editor.load(board)
    window.resize(width, height)
    settle_layout()


def board_fully_shown(window: MainWindow) -> bool:
    """The whole board is in the view's visible area: nothing to scroll to."""
    view = window.board_view
    geometry = view.board_geometry
    viewport = view.viewport()
    return (
        view.isVisible()
        and geometry.content_width <= viewport.width()
        and geometry.content_height <= viewport.height()
    )


def side_tabs(window: MainWindow) -> QTabWidget:
    tabs = window.findChild(QTabWidget, "sideTabs")
    assert tabs is not None
    return tabs


def test_the_window_fits_a_640x480_screen(window: MainWindow) -> None:
    sized(window, 640, 480)
    assert window.minimumSizeHint().height() <= 480
    assert window.height() <= 480
    assert window.width() <= 640


def test_at_640x480_a_10x10_board_shows_whole(window: MainWindow) -> None:
    from gui.board_painter import MIN_CELL

    sized(window, 640, 480, random_board(10, 10, solvable=True, rng=random.Random(10)))
    assert board_fully_shown(window)
    assert window.board_view.board_geometry.cell >= MIN_CELL
    view = window.board_view
    assert not view.horizontalScrollBar().isVisible()
    assert not view.verticalScrollBar().isVisible()


@pytest.mark.parametrize("size", [(640, 480), (800, 600)])
def test_when_small_the_whole_4x4_board_shows_at_a_usable_size(window, size) -> None:
    sized(window, *size)
    assert board_fully_shown(window)
    assert window.board_view.board_geometry.cell >= USABLE_CELL + 10
    # The board, not the reasons beside it, has most of the window.
    side = window.findChild(QWidget, "sidePanel")
    assert window.board_view.width() > side.width()


def test_at_640x480_the_reasons_are_tabs_beside_the_board(window: MainWindow) -> None:
    sized(window, 640, 480)
    tabs = side_tabs(window)
    assert tabs.isVisible()
    titles = [tabs.tabText(index) for index in range(tabs.count())]
    assert titles == ["Why", "Pairs"]
    # The verdict stays in view above the tabs, whichever tab is open.
    assert window.verdict_banner.isVisible()
    tabs.setCurrentIndex(titles.index("Pairs"))
    assert window.sequence_strip.isVisible()
    assert window.inversion_panel.isVisible()
    assert window.verdict_banner.isVisible()
    tabs.setCurrentIndex(titles.index("Why"))
    assert window.explanation_view.isVisible()
    assert window.goal_preview.isVisible()
    assert not window.sequence_strip.isVisible()


def test_at_640x480_the_toolbar_keeps_every_control_in_view(window: MainWindow) -> None:
    sized(window, 640, 480)
    toolbar = window.findChild(QToolBar, "boardToolBar")
    extension = toolbar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert extension is None or not extension.isVisible()
    for action in toolbar.actions():
        if action.isSeparator():
            continue
        widget = toolbar.widgetForAction(action)
        assert widget is not None
        assert widget.isVisible(), action.text()


def test_at_640x480_the_player_leaves_the_board_its_height(qtbot: QtBot, window) -> None:
    sized(window, 640, 480, START_3X3)
    cell_before = window.board_view.board_geometry.cell
    with qtbot.waitSignal(window.solving.solve_runner.solved, timeout=20_000):
        window.solving.solve()
    settle_layout()
    player = window.solution_player
    assert player.isVisible()
    assert board_fully_shown(window)
    assert window.board_view.board_geometry.cell == cell_before
    # The slider is long enough to drag to a step.
    slider = player.findChild(QWidget, "playerSlider")
    assert slider.width() >= 180
    # The player has a tab of its own, open while it is; closing it takes the tab away.
    tabs = side_tabs(window)
    assert tabs.tabText(tabs.currentIndex()) == "Solution"
    window.solving.close_player()
    assert "Solution" not in [tabs.tabText(index) for index in range(tabs.count())]


def test_a_long_progress_line_does_not_widen_a_small_window(qtbot: QtBot, window) -> None:
    sized(window, 640, 480)
    window.solve_progress.start("Searching for a shortest solution for at most 30 s")
    from core.search import tables_serve

    # The longest words the tables' goals get: a cell named, with its orbit's size.
    goal = Board(5, 3, (1, 0, *range(2, 15)))
    serves = tables_serve(goal)
    assert "turn or flip" in serves
    building = SearchProgress(0, 0, 5.0, building_tables=0.63, tables_serve=serves)
    window.solve_progress.show_progress(building)
    settle_layout()
    assert window.width() <= 640
    assert board_fully_shown(window)


def test_a_long_failure_above_the_board_wraps_in_a_small_window(window) -> None:
    from gui.window_layout import COMPACT_SIDE_MINIMUM

    sized(window, 640, 480)
    window.show_failure("Could not open photo", "the file is 200 MB; the limit is 64 MB")
    settle_layout()
    side = window.findChild(QWidget, "sidePanel")
    assert side.width() >= COMPACT_SIDE_MINIMUM
    assert window.width() <= 640
    banner = window.input_error_banner
    assert banner.isVisible()
    assert banner.minimumSizeHint().width() <= banner.width()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)])
def test_at_usual_sizes_the_reasons_stay_beside_the_board(window, size) -> None:
    sized(window, *size)
    # Built the first time the window goes compact: until then there are none.
    tabs = window.findChild(QTabWidget, "sideTabs")
    assert tabs is None or not tabs.isVisible()
    for widget in (
        window.verdict_banner,
        window.explanation_view,
        window.inversion_panel,
        window.sequence_strip,
    ):
        assert widget.isVisible()
    assert board_fully_shown(window)
    # The strip runs under the board and the side panel, as wide as the window.
    assert window.sequence_strip.width() >= window.width() - 20
    for button in window.size_bar.preset_buttons:
        assert button.isVisible()


def test_the_layout_comes_back_when_the_window_grows(qtbot: QtBot, window) -> None:
    sized(window, 1280, 800)
    wide_cell = window.board_view.board_geometry.cell
    window.resize(640, 480)
    settle_layout()
    assert side_tabs(window).isVisible()
    window.resize(1280, 800)
    settle_layout()
    assert not side_tabs(window).isVisible()
    assert window.sequence_strip.isVisible()
    assert window.explanation_view.isVisible()
    assert window.board_view.board_geometry.cell == wide_cell


def test_the_compact_arrangement_fits_the_smallest_window(window: MainWindow) -> None:
    """The window's central area may shrink to `CENTRAL_MINIMUM`, a size set rather than
    asked of the layout: the compact arrangement's own minimum must fit in it."""
    from gui.window_layout import CENTRAL_MINIMUM

    sized(window, 640, 480)
    central = window.centralWidget()
    layout_minimum = central.minimumSizeHint()
    assert layout_minimum.width() <= CENTRAL_MINIMUM.width()
    assert layout_minimum.height() <= CENTRAL_MINIMUM.height()


def test_a_window_closed_at_640x480_opens_compact_at_that_size(qtbot: QtBot, make_window):
    first = make_window()
    first.resize(640, 480)
    qtbot.waitUntil(lambda: (first.width(), first.height()) == (640, 480))
    assert first.close()
    second = make_window(restore=True)
    settle_layout()
    assert (second.width(), second.height()) == (640, 480)
    assert side_tabs(second).isVisible()
    assert board_fully_shown(second)


@pytest.mark.parametrize("size", [(640, 480), (800, 600)])
def test_in_a_small_window_the_verdict_is_not_cut(window, size) -> None:
    from PySide6.QtWidgets import QLabel

    sized(window, *size, Board.solved(3, 3))
    window.editor.start_placing()  # an empty board: the longest verdict, long details
    settle_layout()
    label = window.findChild(QLabel, "verdictLabel")
    assert label.text() == "Incomplete board"
    metrics = label.fontMetrics()
    assert max(metrics.horizontalAdvance(word) for word in label.text().split()) <= label.width()
    assert label.heightForWidth(label.width()) <= label.height()
    detail = window.findChild(QLabel, "verdictDetail")
    assert detail.heightForWidth(detail.width()) <= detail.height()


def test_the_keyboard_stays_with_a_widget_that_moves(qtbot: QtBot, window) -> None:
    """The player (or the explanation, the list) moves between the arrangements as the
    window changes size; the keyboard stays where it was, not on the first widget."""
    from PySide6.QtWidgets import QApplication

    sized(window, 1280, 800, START_3X3)
    with qtbot.waitSignal(window.solving.solve_runner.solved, timeout=20_000):
        window.solving.solve()
    settle_layout()
    player = window.solution_player

    def player_has_focus() -> bool:
        focus = QApplication.focusWidget()
        return focus is not None and (focus is player or player.isAncestorOf(focus))

    window.activateWindow()
    player.setFocus()
    qtbot.waitUntil(player_has_focus)
    for size in ((640, 480), (1280, 800)):
        window.resize(*size)
        settle_layout()
        assert player_has_focus(), size
    from PySide6.QtWidgets import QAbstractItemView

    pairs = window.inversion_panel.findChild(QAbstractItemView)
    pairs.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is pairs)
    window.resize(640, 480)
    settle_layout()
    tabs = side_tabs(window)
    assert tabs.tabText(tabs.currentIndex()) == "Pairs"
    assert QApplication.focusWidget() is pairs
