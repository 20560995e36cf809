"""The solution player on its own: summary, steps, buttons, slider, keys, speed, the move
list and the invariant line, all through the real widget over its core model."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPlainTextEdit, QSlider, QToolButton, QWidget

from core import Board, check
from core import playthrough as playthrough_module
from core.playthrough import Slide
from core.solution import Solution, SolveMethod
from gui.solution_player import LETTERS_PER_LINE, SPEEDS, SolutionPlayer
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


def slider(player: SolutionPlayer) -> QSlider:
    found = player.findChild(QSlider, "playerSlider")
    assert found is not None
    return found


def button(player: SolutionPlayer, name: str) -> QToolButton:
    found = player.findChild(QToolButton, name)
    assert found is not None
    return found


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
    scrubber = slider(player)
    assert scrubber.maximum() == solution.length
    scrubber.setValue(17)
    assert player.step == 17
    assert player.board == positions[17]
    assert player.last_slide is None  # a jump, nothing to animate
    player.activateWindow()
    player.setFocus()
    qtbot.waitUntil(player.hasFocus)
    qtbot.keyClick(player, Qt.Key.Key_Right)
    assert player.step == 18
    assert scrubber.value() == 18
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


def test_the_buttons_step_and_stop_at_either_end(qtbot: QtBot) -> None:
    solution = walked_solution(Board.solved(3, 3), 12, 5)
    player = make_player(qtbot, solution)
    positions = list(solution.positions())
    to_start, back = button(player, "playerStartButton"), button(player, "playerBackButton")
    forward, to_end = button(player, "playerForwardButton"), button(player, "playerEndButton")
    assert not to_start.isEnabled()
    assert not back.isEnabled()
    with qtbot.waitSignal(player.stepped) as blocker:
        qtbot.mouseClick(forward, Qt.MouseButton.LeftButton)
    assert blocker.args == [1]
    assert player.board == positions[1]
    assert back.isEnabled()
    qtbot.mouseClick(to_end, Qt.MouseButton.LeftButton)
    assert player.step == solution.length
    assert player.board == solution.goal
    assert not forward.isEnabled()
    assert not to_end.isEnabled()
    assert player.invariant_text.endswith("as at the start. The goal.")
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert player.board == positions[-2]
    qtbot.mouseClick(to_start, Qt.MouseButton.LeftButton)
    assert player.board == solution.start
    assert player.invariant_text.startswith("Start: ")


def test_play_runs_to_the_goal_and_plays_again_from_the_start(qtbot: QtBot) -> None:
    solution = walked_solution(Board.solved(3, 3), 6, 6)
    player = make_player(qtbot, solution)
    speed = player.findChild(QComboBox, "playerSpeed")
    assert speed is not None
    speed.setCurrentIndex(len(SPEEDS) - 1)
    assert player.interval_ms == round(1000 / SPEEDS[-1])
    play = button(player, "playerPlayButton")
    qtbot.mouseClick(play, Qt.MouseButton.LeftButton)
    assert player.playing
    assert play.accessibleName() == "Pause"
    qtbot.waitUntil(lambda: not player.playing, timeout=5000)
    assert player.step == solution.length
    assert player.board == solution.goal
    assert play.accessibleName() == "Play"
    with qtbot.waitSignal(player.stepped) as blocker:
        qtbot.mouseClick(play, Qt.MouseButton.LeftButton)  # at the goal: from the start again
    assert blocker.args == [0]
    assert player.playing
    player.pause()


def test_the_letter_of_the_move_just_made_is_marked(qtbot: QtBot) -> None:
    solution = walked_solution(Board.solved(4, 4), LETTERS_PER_LINE + 10, 7)
    player = make_player(qtbot, solution)
    moves = player.findChild(QPlainTextEdit, "playerMoves")
    assert moves is not None
    assert moves.extraSelections() == []
    player.set_step(LETTERS_PER_LINE + 3)  # on the second line of letters
    (marked,) = moves.extraSelections()
    assert marked.cursor.selectedText() == solution.directions[LETTERS_PER_LINE + 2]
    assert marked.cursor.blockNumber() == 1
    player.set_step(0)
    assert moves.extraSelections() == []


def test_the_start_verdict_the_window_holds_is_not_counted_again(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    solution = walked_solution(Board.solved(4, 4), 20, 8)
    verdict = check(solution.start, solution.goal)

    def no_count(_ranks: object) -> int:
        raise AssertionError("the start was counted again")

    monkeypatch.setattr(playthrough_module, "count_inversions", no_count)
    player = SolutionPlayer()
    qtbot.addWidget(player)
    player.set_solution(solution, verdict)
    assert player.invariant_text.startswith(f"Start: {verdict.inversions} inversions")
    player.step_forward()
    assert player.invariant_text.startswith("Step 1 of 20: ")


def test_the_slider_scrubs_a_long_solution(qtbot: QtBot) -> None:
    # Far more moves than one replay a jump may make: the model walks from its snapshots.
    solution = walked_solution(Board.solved(6, 6), 3000, 9)
    player = make_player(qtbot, solution)
    positions = list(solution.positions())
    for value in (2900, 150, 1777, 1776, 3000, 0, 2001):
        slider(player).setValue(value)
        assert player.step == value
        assert player.board == positions[value]
        assert player.invariant_text.endswith(
            ("which every slide keeps", "as at the start", "as at the start. The goal.")
        )


@pytest.mark.parametrize("length", [LETTERS_PER_LINE + 1, 2 * LETTERS_PER_LINE + 1, 37])
def test_the_move_list_leaves_no_letter_alone_on_its_last_line(qtbot: QtBot, length: int) -> None:
    solution = walked_solution(Board.solved(4, 4), length, 3)
    player = make_player(qtbot, solution)
    lines = player.moves_text.split("\n")
    assert "".join(lines) == solution.directions
    assert max(map(len, lines)) <= LETTERS_PER_LINE
    assert max(map(len, lines)) - min(map(len, lines)) <= 1  # shared evenly
    player.set_step(length)  # the last letter is the one marked
    moves = player.findChild(QPlainTextEdit, "playerMoves")
    (marked,) = moves.extraSelections()
    assert marked.cursor.selectedText() == solution.directions[-1]
    assert marked.cursor.blockNumber() == len(lines) - 1


def test_the_tab_stops_it_keeps_are_qt_s_focus_chain(qtbot: QtBot) -> None:
    """The player lists its own Tab order (gui.on_demand places it by that list, without
    walking the chain): the list is the chain's, widget for widget, for those taking focus."""
    player = SolutionPlayer()
    qtbot.addWidget(player)
    chain = [player]
    following = player.nextInFocusChain()
    while following is not player and player.isAncestorOf(following):
        chain.append(following)
        following = following.nextInFocusChain()

    def taking_focus(widgets: list[QWidget]) -> list[str]:
        return [w.objectName() for w in widgets if w.focusPolicy() != Qt.FocusPolicy.NoFocus]

    assert taking_focus(player.tab_stops()) == taking_focus(chain)
    assert len(taking_focus(chain)) == 12  # the player, its invariant line and ten controls
