"""Verdict banner, explanation and the one-swap fix."""

from __future__ import annotations

import html

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from core import Board, check
from gui.board_model import BoardModel
from gui.explanation_view import ExplanationView, escape
from gui.fix_suggestion import FixSuggestion
from gui.verdict_banner import VerdictBanner
from tests.gui.panel_boards import SEED_000, swapped_goal

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def verdict_label(banner: VerdictBanner) -> QLabel:
    label = banner.findChild(QLabel, "verdictLabel")
    assert label is not None
    return label


def test_banner_says_solvable_with_the_blank_row(qtbot) -> None:
    banner = VerdictBanner(BoardModel(SEED_000))
    qtbot.addWidget(banner)
    assert verdict_label(banner).text() == "Solvable"
    assert banner.detail_text == "49 inversions, blank on row 2 from the bottom."
    assert banner.accessibleName() == "Verdict: Solvable"
    assert not banner.findChild(QLabel, "verdictIcon").pixmap().isNull()


def test_banner_says_not_solvable(qtbot) -> None:
    model = BoardModel(SEED_000)
    banner = VerdictBanner(model)
    qtbot.addWidget(banner)
    model.set_board(swapped_goal(4, 4))
    assert verdict_label(banner).text() == "Not solvable"
    assert banner.detail_text == "1 inversion, blank on row 1 from the bottom."


def test_banner_names_the_problem_of_an_invalid_board(qtbot) -> None:
    model = BoardModel(Board.solved(3, 3))
    banner = VerdictBanner(model)
    qtbot.addWidget(banner)
    model.set_cells(3, 3, [1, 2, 3, 4, 4, 6, 7, 8, 0])
    assert verdict_label(banner).text() == "Invalid board"
    assert "tile 4 appears twice" in banner.detail_text
    assert banner.detail_text[0].isupper()


def test_banner_calls_an_unfinished_board_incomplete(qtbot) -> None:
    model = BoardModel(Board.solved(3, 3))
    banner = VerdictBanner(model)
    qtbot.addWidget(banner)
    model.set_cells(3, 3, [1, 2, 3, 4, None, 6, 7, 8, None])
    assert verdict_label(banner).text() == "Incomplete board"
    assert "still empty" in banner.detail_text
    model.set_cells(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0])
    assert verdict_label(banner).text() == "Solvable"


def test_explanation_shows_every_step_of_the_verdict(qtbot) -> None:
    model = BoardModel(SEED_000)
    view = ExplanationView(model)
    qtbot.addWidget(view)
    assert view.objectName() == "explanationView"
    text = view.toPlainText()
    for step in check(SEED_000).steps:
        assert step in text
    model.set_board(swapped_goal(3, 3))
    text = view.toPlainText()
    assert "Width 3 is odd" in text
    assert "so it is not solvable." in text


def test_explanation_of_an_invalid_board_lists_its_problems(qtbot) -> None:
    model = BoardModel(Board.solved(3, 3))
    view = ExplanationView(model)
    qtbot.addWidget(view)
    model.set_cells(3, 3, [1, 2, 3, 4, 4, 6, 7, 8, 0])
    assert (
        "Row 2 from the bottom, column 2: tile 4 appears twice "
        "(also at row 2 from the bottom, column 1)" in view.toPlainText()
    )


def test_fix_suggests_a_swap_and_the_button_asks_for_it(qtbot) -> None:
    model = BoardModel(swapped_goal(4, 4))
    window = QWidget()
    qtbot.addWidget(window)
    fix = FixSuggestion(model, window)
    assert not fix.isHidden()
    assert fix.text == "Swap 14 and 15 to make it solvable."
    with qtbot.waitSignal(fix.apply_requested) as blocker:
        fix.apply_button.click()
    assert blocker.args == [14, 15]


def test_fix_hides_when_solvable_or_invalid(qtbot) -> None:
    model = BoardModel(swapped_goal(4, 4))
    window = QWidget()
    qtbot.addWidget(window)
    fix = FixSuggestion(model, window)
    model.set_board(SEED_000)
    assert fix.isHidden()
    model.set_board(swapped_goal(4, 4))
    # The swap is worked out just after the edit's repaint, not inside the edit.
    assert fix.isHidden()
    qtbot.waitUntil(lambda: not fix.isHidden())
    assert fix.text == "Swap 14 and 15 to make it solvable."
    model.set_cells(4, 4, [None] * 16)
    assert fix.isHidden()


def test_the_fix_keeps_its_place_so_the_panels_below_do_not_jump(qtbot) -> None:
    model = BoardModel(swapped_goal(4, 4))
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    fix = FixSuggestion(model, window)
    below = QLabel("the explanation", window)
    layout.addWidget(fix)
    layout.addWidget(below)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not fix.isHidden())
    top = below.y()
    model.set_board(SEED_000)  # solvable: nothing to suggest
    assert fix.isHidden()
    QApplication.sendPostedEvents()  # the layout runs, were it asked to
    assert below.y() == top
    model.set_board(swapped_goal(4, 4))
    qtbot.waitUntil(lambda: not fix.isHidden())
    assert below.y() == top


def test_the_banner_icon_names_the_verdict_even_when_the_picture_stays(qtbot) -> None:
    model = BoardModel(Board.solved(3, 3))
    banner = VerdictBanner(model)
    qtbot.addWidget(banner)
    icon = banner.findChild(QLabel, "verdictIcon")
    model.set_cells(3, 3, [1, 2, 3, 4, None, 6, 7, 8, None])
    assert icon.accessibleName() == "Incomplete board"
    picture = icon.pixmap().cacheKey()
    model.set_cells(3, 3, [1, 2, 3, 4, 4, 6, 7, 8, 0])
    assert icon.accessibleName() == "Invalid board"
    assert icon.pixmap().cacheKey() == picture  # the same warning sign, not drawn again
    model.set_board(Board.solved(3, 3))
    assert icon.accessibleName() == "Solvable"
    assert icon.pixmap().cacheKey() != picture


@given(st.text(alphabet=st.sampled_from("&<>\"'a ;#x")))
def test_the_explanation_escapes_text_as_the_html_module_does(text: str) -> None:
    assert escape(text) == html.escape(text)
