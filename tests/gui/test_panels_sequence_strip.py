"""The reading-order strip: hovering and keys highlight tiles; big boards paint fine."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from core import Board
from gui.board_model import BoardModel
from gui.sequence_strip import SequenceStrip
from tests.gui.panel_boards import SEED_000, reversed_board

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

READING_ORDER = [12, 1, 10, 2, 7, 11, 4, 14, 5, 9, 15, 8, 13, 6, 3]


def shown_strip(qtbot, board: Board) -> tuple[BoardModel, SequenceStrip]:
    model = BoardModel(board)
    strip = SequenceStrip(model)
    qtbot.addWidget(strip)
    strip.resize(700, strip.sizeHint().height())
    strip.show()
    qtbot.waitExposed(strip)
    return model, strip


def test_hovering_a_box_highlights_its_tile_and_leaving_clears_it(qtbot) -> None:
    model, strip = shown_strip(qtbot, SEED_000)
    for position in (0, 4, 14):
        centre = strip.box_rect(position).center().toPoint()
        qtbot.mouseMove(strip.viewport(), centre)
        qtbot.waitUntil(lambda p=position: model.highlighted_tile == READING_ORDER[p])
    QApplication.sendEvent(strip, QEvent(QEvent.Type.Leave))
    assert model.highlighted_tile is None


def test_position_at_finds_boxes_and_not_gaps(qtbot) -> None:
    _model, strip = shown_strip(qtbot, SEED_000)
    box = strip.box_rect(3)
    assert strip.position_at(box.center().x(), box.center().y()) == 3
    assert strip.position_at(box.right() + 2, box.center().y()) is None
    assert strip.position_at(box.center().x(), box.top() - 10) is None


def test_arrow_keys_walk_the_sequence(qtbot) -> None:
    model, strip = shown_strip(qtbot, SEED_000)
    strip.setFocus()
    qtbot.keyClick(strip, Qt.Key.Key_Right)
    assert model.highlighted_tile == READING_ORDER[0]
    qtbot.keyClick(strip, Qt.Key.Key_Right)
    assert model.highlighted_tile == READING_ORDER[1]
    qtbot.keyClick(strip, Qt.Key.Key_End)
    assert model.highlighted_tile == READING_ORDER[-1]
    qtbot.keyClick(strip, Qt.Key.Key_Escape)
    assert model.highlighted_tile is None


def test_a_tile_highlighted_elsewhere_is_scrolled_into_view(qtbot) -> None:
    model, strip = shown_strip(qtbot, reversed_board(20, 20))
    tile = 3  # near the far end of a descending sequence
    model.set_highlighted_tile(tile)
    position = 399 - tile
    box = strip.box_rect(position)
    assert box.left() >= 0
    assert box.right() <= strip.viewport().width()


@pytest.mark.parametrize(
    "board", [SEED_000, Board.solved(3, 3), reversed_board(100, 100)], ids=["4x4", "3x3", "100"]
)
def test_strip_paints_with_highlights(qtbot, board: Board) -> None:
    model, strip = shown_strip(qtbot, board)
    model.set_highlighted_tile(board.tiles[0])
    model.set_highlighted_pair((board.tiles[0], board.tiles[1]))
    assert not strip.grab().isNull()


def test_strip_describes_itself_for_screen_readers(qtbot) -> None:
    model, strip = shown_strip(qtbot, SEED_000)
    assert strip.accessibleName() == "Tiles in reading order"
    assert strip.accessibleDescription().startswith("15 tiles, 49 inversions: 12 1 10 2")
    model.set_cells(3, 3, [None] * 9)
    assert strip.accessibleDescription() == "The board is not complete."
    assert not strip.grab().isNull()


@pytest.mark.parametrize("board", [SEED_000, reversed_board(20, 20)], ids=["all arcs", "scrolled"])
def test_an_invalid_board_keeps_the_strip_height_and_scroll_position(qtbot, board) -> None:
    model, strip = shown_strip(qtbot, board)
    bar = strip.horizontalScrollBar()
    bar.setValue(bar.maximum() // 2)
    scrolled, hint = bar.value(), strip.sizeHint()
    cells = list(board.tiles)
    cells[0] = cells[1]  # a digit typed twice: a step of an edit
    model.set_cells(board.width, board.height, cells)
    assert model.inversion_index is None
    assert strip.sizeHint() == hint  # the board above does not jump
    assert bar.value() == scrolled
    assert not strip.grab().isNull()  # the placeholder text instead of the boxes
    model.set_board(board)  # the slip undone
    assert strip.sizeHint() == hint
    assert bar.value() == scrolled


def test_a_font_change_while_invalid_keeps_the_height_until_boxes_return(qtbot) -> None:
    model, strip = shown_strip(qtbot, SEED_000)
    hint = strip.sizeHint()
    cells = list(SEED_000.tiles)
    cells[0] = cells[1]
    model.set_cells(SEED_000.width, SEED_000.height, cells)
    bigger = strip.font()
    bigger.setPointSizeF(bigger.pointSizeF() * 2)
    strip.setFont(bigger)
    assert strip.sizeHint() == hint  # no boxes to measure: the board above stays put
    model.set_board(SEED_000)
    assert strip.sizeHint().height() > hint.height()  # measured again, with the new font


@pytest.mark.parametrize("board", [SEED_000, reversed_board(20, 20)], ids=["4x4", "20x20"])
def test_the_strip_lights_only_the_pairs_the_walk_counts_on_a_tile(qtbot, board) -> None:
    model, strip = shown_strip(qtbot, board)
    index = model.inversion_index
    tile = next(t for t in board.tiles if t and len(model.draft.analysis.partners(t)) > 2)
    everyone = model.draft.analysis.partners(tile)
    later = frozenset(sorted(everyone)[:2])
    model.set_highlighted_tile(tile)  # a hover: every partner
    assert strip._arc_paths(index)[2] == len(everyone)
    model.set_highlighted_tile(tile, partners=later)  # the walk: the pairs it counts
    assert strip._arc_paths(index)[2] == len(later)


def test_the_strip_says_what_it_shows_on_hover(qtbot) -> None:
    # It has no label beside it: the tooltip is where a person learns what the boxes are.
    _model, strip = shown_strip(qtbot, SEED_000)
    assert "reads them" in strip.toolTip()
    assert "inversion pair" in strip.toolTip()
