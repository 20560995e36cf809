"""The solution player on its own: summary, steps, slider, keys, the invariant line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSlider

from core import Board
from core.playthrough import Slide
from core.solution import Solution, SolveMethod
from gui.solution_player import LETTERS_PER_LINE, SolutionPlayer
from tests.core.strategies import walked_solution

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

ARTICLE_BOARD = Board.from_rows([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])


def make_player(qtbot: QtBot, solution: Solution) -> SolutionPlayer:
    player = SolutionPlayer()
    qtbot.addWidget(player)
    player.set_solution(solution)
    player.show()
    qtbot.waitExposed(player)
    return player


def test_the_summary_is_the_solutions_length_text(qtbot: QtBot) -> None:
    solution = walked_solution(Board.solved(4, 4), 1234, 1)
    player = make_player(qtbot, solution)
    assert player.summary_text == f"{solution.length:,} moves, not the shortest"
    player.set_solution(Solution(ARTICLE_BOARD, ARTICLE_BOARD, (), SolveMethod.OPTIMAL, True))
    assert player.summary_text == "0 moves: the board is already at its goal"


def test_every_step_shows_its_position_and_the_invariant(qtbot: QtBot) -> None:
    solution = walked_solution(Board.solved(4, 4), 40, 2)
    player = make_player(qtbot, solution)
    positions = list(solution.positions())
    assert player.invariant_text.startswith("Start: ")
    for step in range(1, solution.length + 1):
        with qtbot.waitSignal(player.stepped) as blocker:
            player.step_forward()
        assert blocker.args == [step]
        assert player.board == positions[step]
        assert player.invariant_text.startswith(f"Step {step} of {solution.length}: ")
        assert "as at the start" in player.invariant_text
    assert player.board == solution.goal


def test_the_invariant_line_at_a_step(qtbot: QtBot) -> None:
    # Not a whole solution: tile 11 slides down into the blank and back, numbers counted
    # against the classic goal (blank last), as the articles count them.
    solution = Solution(
        ARTICLE_BOARD, Board.solved(4, 4), (11, 11), SolveMethod.FAST, optimal=False
    )
    player = make_player(qtbot, solution)
    # At the start there is nothing to compare with: it says what every slide keeps.
    assert player.invariant_text == (
        "Start: 49 inversions + blank row 2 = 51, odd, which every slide keeps"
    )
    player.step_forward()
    assert player.invariant_text == (
        "Step 1 of 2: 48 inversions + blank row 3 = 51, odd, as at the start"
    )


def test_slider_and_keys(qtbot: QtBot) -> None:
    solution = walked_solution(Board.solved(5, 5), 30, 3)
    player = make_player(qtbot, solution)
    positions = list(solution.positions())
    slider = player.findChild(QSlider, "playerSlider")
    assert slider is not None
    assert slider.maximum() == solution.length
    slider.setValue(17)
    assert player.step == 17
    assert player.board == positions[17]
    assert player.last_slide is None  # a jump, nothing to animate
    player.activateWindow()
    player.setFocus()
    qtbot.waitUntil(player.hasFocus)
    qtbot.keyClick(player, Qt.Key.Key_Right)
    assert player.step == 18
    assert slider.value() == 18
    assert player.last_slide == Slide(
        solution.moves[17],
        from_cell=positions[17].index_of(solution.moves[17]),
        to_cell=positions[17].blank_index,
    )
    qtbot.keyClick(player, Qt.Key.Key_Left)
    assert player.step == 17
    qtbot.keyClick(player, Qt.Key.Key_End)
    assert player.board == solution.goal
    qtbot.keyClick(player, Qt.Key.Key_Home)
    assert player.step == 0
    qtbot.keyClick(player, Qt.Key.Key_Space)
    assert player.playing
    qtbot.keyClick(player, Qt.Key.Key_Space)
    assert not player.playing


def test_the_move_list_is_the_letters(qtbot: QtBot) -> None:
    solution = walked_solution(Board.solved(4, 4), 2 * LETTERS_PER_LINE + 7, 4)
    player = make_player(qtbot, solution)
    assert player.moves_text.replace("\n", "") == solution.directions
    assert player.moves_text.count("\n") == 2
