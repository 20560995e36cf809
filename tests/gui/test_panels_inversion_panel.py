"""The inversion panel: header, list, highlighting both ways, badge toggle."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QCheckBox, QLabel

from core import inversion_partners
from gui.app import settle_layout
from gui.board_model import BoardModel
from gui.inversion_list_model import PAIR_ROLE
from gui.inversion_panel import InversionPanel
from tests.gui.panel_boards import SEED_000, reversed_board, swapped_goal

# The offscreen platform says this whenever a top-level window is shown; it is not ours.
pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def make_panel(qtbot, board=SEED_000) -> tuple[BoardModel, InversionPanel]:
    model = BoardModel(board)
    panel = InversionPanel(model)
    qtbot.addWidget(panel)
    return model, panel


def header(panel: InversionPanel) -> str:
    return panel.findChild(QLabel, "inversionHeader").text()


def test_header_counts_the_pairs_and_the_list_holds_them(qtbot) -> None:
    _model, panel = make_panel(qtbot)
    assert header(panel) == "49 inversion pairs, by place in the goal"
    view = panel.findChild(QAbstractItemView, "inversionList")
    assert view is panel.pair_list
    assert view.model().rowCount() == 49
    assert view.accessibleName() == "Inversion pairs"


def test_header_follows_the_board(qtbot) -> None:
    model, panel = make_panel(qtbot)
    model.set_board(swapped_goal(4, 4))
    assert header(panel) == "1 inversion pair, by place in the goal"
    model.set_cells(3, 3, [1, 2, 3, 4, 5, 6, 7, None, None])
    assert "complete" in header(panel)
    assert panel.pair_list.model().rowCount() == 0


def test_selecting_a_pair_highlights_it(qtbot) -> None:
    model, panel = make_panel(qtbot)
    expected = panel.pair_model.index(5).data(PAIR_ROLE)
    with qtbot.waitSignal(model.highlight_changed):
        panel.pair_list.selectRow(5)
    assert model.highlighted_pair == expected
    panel.pair_list.clearSelection()
    assert model.highlighted_pair is None


def test_clicking_a_pair_highlights_it(qtbot) -> None:
    model, panel = make_panel(qtbot)
    panel.resize(300, 400)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.pair_list
    where = view.visualRect(panel.pair_model.index(2)).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert model.highlighted_pair == panel.pair_model.index(2).data(PAIR_ROLE)


def test_hovering_a_pair_highlights_it_and_leaving_restores_the_selection(qtbot) -> None:
    model, panel = make_panel(qtbot)
    panel.resize(300, 400)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.pair_list
    panel.pair_list.selectRow(0)
    hovered = panel.pair_model.index(3)
    qtbot.mouseMove(view.viewport(), view.visualRect(hovered).center())
    qtbot.waitUntil(lambda: model.highlighted_pair == hovered.data(PAIR_ROLE))
    QApplication.sendEvent(view.viewport(), QEvent(QEvent.Type.Leave))
    qtbot.waitUntil(lambda: model.highlighted_pair == panel.pair_model.pair(0))


def test_a_highlighted_tile_shows_its_count_and_partners(qtbot) -> None:
    model, panel = make_panel(qtbot)
    line = panel.findChild(QLabel, "tileInversionLabel")
    model.set_highlighted_tile(7)
    partners = inversion_partners(SEED_000, 7)
    assert line.text().startswith(f"Tile 7: {len(partners)} inversions")
    for partner in partners:
        assert str(partner) in line.text()
    model.set_highlighted_tile(None)
    assert "Tile" not in line.text()


def test_a_highlighted_tile_scrolls_its_first_pair_into_view(qtbot) -> None:
    model, panel = make_panel(qtbot, reversed_board(10, 10))
    panel.resize(300, 300)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.pair_list
    model.set_highlighted_tile(50)
    row = panel.pair_model.row_of_first_pair_with(50)
    assert row is not None
    assert view.indexAt(QPoint(4, 4)).row() == row


def test_huge_tile_counts_name_only_some_partners(qtbot) -> None:
    model, panel = make_panel(qtbot, reversed_board(100, 100))
    model.set_highlighted_tile(5000)
    text = panel.findChild(QLabel, "tileInversionLabel").text()
    assert text.startswith("Tile 5000: 9,998 inversions")
    assert "more" in text


def test_badge_box_reports_its_state(qtbot) -> None:
    _model, panel = make_panel(qtbot)
    with qtbot.waitSignal(panel.badges_toggled) as blocker:
        panel.findChild(QCheckBox, "inversionBadgesCheck").click()
    assert blocker.args == [True]


def test_an_edit_takes_down_the_pair_the_list_highlighted(qtbot) -> None:
    model, panel = make_panel(qtbot, swapped_goal(4, 4))
    panel.pair_list.selectRow(0)
    assert model.highlighted_pair == (15, 14)
    # Applying the fix solves the board: (15, 14) is no longer an inversion.
    model.set_board(swapped_goal(4, 4).with_swapped(13, 14))
    assert model.highlighted_pair is None
    assert panel.pair_model.rowCount() == 0


def test_an_edit_keeps_a_pair_highlighted_elsewhere(qtbot) -> None:
    model, _panel = make_panel(qtbot, SEED_000)
    model.set_highlighted_pair((12, 1))
    model.set_board(SEED_000.with_swapped(0, 1))
    assert model.highlighted_pair == (12, 1)


class PaintCounter(QObject):
    def __init__(self, widget) -> None:
        super().__init__()
        self.paints = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def shown_panel(qtbot, board) -> tuple[BoardModel, InversionPanel]:
    model, panel = make_panel(qtbot, board)
    panel.resize(300, 400)
    panel.show()
    qtbot.waitExposed(panel)
    return model, panel


def test_an_edit_sets_the_list_scroll_range_before_the_repaint(qtbot) -> None:
    model, panel = shown_panel(qtbot, SEED_000)
    bar = panel.pair_list.verticalScrollBar()
    model.set_board(reversed_board(10, 10))
    # No event loop pass: the range is right in the repaint that shows the edit.
    assert bar.maximum() == 99 * 98 // 2 - panel.pair_list.viewport().height() // (
        panel.pair_list.verticalHeader().defaultSectionSize()
    )


def test_the_list_scroll_bar_repaints_only_when_it_looks_different(qtbot) -> None:
    model, panel = shown_panel(qtbot, reversed_board(10, 10))
    bar = panel.pair_list.verticalScrollBar()
    settle_layout()
    counter = PaintCounter(bar)
    many_pairs = reversed_board(10, 10).with_swapped(1, 2)  # one pair fewer
    model.set_board(many_pairs)
    settle_layout()  # every layout and repaint the edit asked for has run
    assert counter.paints == 0  # handle as small as it gets, still at the top
    model.set_board(SEED_000)  # 49 pairs: a much longer handle
    qtbot.waitUntil(lambda: counter.paints > 0)


def test_the_badge_toggle_says_each_pair_counts_once(qtbot) -> None:
    model, panel = make_panel(qtbot)
    tip = panel.findChild(QCheckBox, "inversionBadgesCheck").toolTip()
    assert "counted once" in tip
    assert "add up to the inversions" in tip
    counts = [count for count in model.cell_inversion_counts() if count is not None]
    assert sum(counts) == model.verdict.inversions == 49
