"""Solve in the window: the search runs off the GUI thread with progress and Cancel, an
unsolvable board is refused before any search, the player's positions are the model's as
one undo step, edits end playback, and play mode's hint is a first move of a shortest
solution."""

from __future__ import annotations

import random
import threading
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication

from core import Board, Goal, apply_slide, scramble
from core import playthrough as playthrough_module
from core.solution import SearchProgress, Solution, SolveCancelledError, SolveMethod
from gui.mode_controller import Mode
from tests.core.ground_truth import distances_from
from tests.gui.conftest import LOYD_BOARD, click_cell

if TYPE_CHECKING:
    from collections.abc import Callable

    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow

GOAL_3X3 = Board.solved(3, 3)
START_3X3 = scramble(GOAL_3X3, 60, random.Random(5))


@pytest.fixture(scope="module")
def distances() -> dict[tuple[int, ...], int]:
    """Every position's distance to the 3x3 goal (the ground-truth oracle, 181,440)."""
    return distances_from(3, 3, GOAL_3X3.tiles)


class EndlessSearch:
    """A solver that reports progress until it is cancelled (a search too long to wait for)."""

    def __init__(self) -> None:
        self.started = threading.Event()

    def __call__(
        self,
        board: Board,
        goal: Goal,
        *,
        method: SolveMethod | None,
        progress: Callable[[SearchProgress], None] | None,
        cancelled: Callable[[], bool] | None,
        time_budget: float | None,
        build_tables: bool,
    ) -> Solution:
        self.time_budget = time_budget
        self.method = method
        self.build_tables = build_tables
        self.started.set()
        depth = 0
        assert cancelled is not None
        assert progress is not None
        while not cancelled():
            depth += 1
            progress(SearchProgress(depth, depth * 1000, 0.0))
            threading.Event().wait(0.001)  # the search thread's pace, not the test's
        raise SolveCancelledError


def solve_and_wait(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.solving.solve_runner.solved, timeout=20000):
        assert window.solving.solve()
    qtbot.waitUntil(window.solution_player.isVisible)


def test_solve_runs_in_the_background_and_reports_progress(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.editor.load(START_3X3)
    search = EndlessSearch()
    window.solving.solve_runner.solver = search
    window.solve_actions.solve_action.trigger()
    assert window.solving.solve_runner.is_running
    # The strip shows once the search has run a moment (not for one that answers at once).
    qtbot.waitUntil(window.solve_progress.isVisible)
    # The GUI thread goes on handling events (a timer fires, progress arrives) meanwhile.
    timer = QTimer(window)
    timer.setSingleShot(True)
    with qtbot.waitSignal(timer.timeout, timeout=5000):
        timer.start(1)
    with qtbot.waitSignal(window.solving.solve_runner.progressed, timeout=5000):
        pass
    qtbot.waitUntil(lambda: "positions" in window.solve_progress.text)
    assert "Searching for a shortest solution: depth" in window.solve_progress.text
    with qtbot.waitSignal(window.solving.solve_runner.stopped, timeout=5000):
        window.solve_progress.cancel_requested.emit()
    assert not window.solving.solve_runner.is_running
    assert not window.solve_progress.isVisible()
    assert window.status_message.text() == "Search cancelled"
    assert window.model.board == START_3X3


def test_a_search_that_answers_at_once_shows_no_progress_strip(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A 3x3 board is solved in milliseconds: the strip would flash above the board and push
    it down and back up, and making and painting it was most of a first Solve's price."""
    from PySide6.QtWidgets import QWidget

    # The strip's delay made long: on a machine busy with other work the first Solve of a
    # 3x3 can take longer than PROGRESS_STRIP_DELAY_MS, and what is tested is what happens
    # to a search that answers before the delay, not how fast this machine is.
    delay = window.solving._progress_delay
    delay.setInterval(60_000)
    window.editor.load(Board.from_rows([[1, 2, 3], [4, 0, 6], [7, 5, 8]]))
    solve_and_wait(qtbot, window)
    assert not delay.isActive()
    delay.timeout.emit()  # a delay that ran out all the same shows no strip either
    assert window.findChild(QWidget, "solveProgress") is None
    assert window.status_message.text() == f"Solved: {window.solution_player.summary_text}"


@pytest.mark.parametrize(
    ("shape", "what"),
    [
        ((6, 5), "Searching for a short solution (not the shortest)"),
        ((13, 12), "Working out a solution by the hand method (not the shortest)"),
    ],
)
def test_the_progress_names_the_search_a_large_board_gets(
    qtbot: QtBot, window: MainWindow, shape: tuple[int, int], what: str
) -> None:
    window.editor.load(Board.solved(*shape))
    window.solving.solve_runner.solver = EndlessSearch()
    window.solve_actions.solve_action.trigger()
    qtbot.waitUntil(lambda: "positions" in window.solve_progress.text)
    assert window.solve_progress.text.startswith(f"{what}: depth")
    with qtbot.waitSignal(window.solving.solve_runner.stopped, timeout=5000):
        window.solve_progress.cancel_requested.emit()


def press_in_tables_prompt(qtbot: QtBot, label: str) -> list[str]:
    """Press the button whose text holds `label` in the build-tables question once the
    window has really opened it (modal, in its own event loop); the list gets its text.
    Gives up looking after two seconds, so a question never asked leaves no timer."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    seen: list[str] = []
    tries = [200]

    def look() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == "buildTablesPrompt":
            seen.append(box.text())
            button = next(b for b in box.buttons() if label in b.text().replace("&", ""))
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        elif tries[0] > 0:
            tries[0] -= 1
            QTimer.singleShot(10, look)

    QTimer.singleShot(0, look)
    return seen


FIVE_BY_FIVE = scramble(Board.solved(5, 5), 80, random.Random(25))


def solve_answering(
    qtbot: QtBot, window: MainWindow, label: str
) -> tuple[EndlessSearch, list[str]]:
    """Solve the 5x5 by the menu with a search that runs until stopped, pressing `label`
    if the build-tables question opens: the search, and the question's text if asked."""
    if window.model.board != FIVE_BY_FIVE:
        window.editor.load(FIVE_BY_FIVE)
    search = EndlessSearch()
    window.solving.solve_runner.solver = search
    seen = press_in_tables_prompt(qtbot, label)
    window.solve_actions.solve_action.trigger()
    return search, seen


def test_a_5x5_without_tables_asks_and_solves_without_them(
    qtbot: QtBot, window: MainWindow
) -> None:
    search, seen = solve_answering(qtbot, window, "Solve Without")
    assert seen == [
        "Near-shortest solutions of 5\u00d75 boards need search tables, built "
        "once and kept for every later solve."
    ]
    qtbot.waitUntil(search.started.is_set)
    assert search.method is None
    assert not search.build_tables
    qtbot.waitUntil(window.solve_progress.isVisible)
    assert window.solve_progress.text.startswith("Searching for a short solution (not the")
    with qtbot.waitSignal(window.solving.solve_runner.stopped, timeout=5000):
        window.solve_progress.cancel_requested.emit()
    # Asked once a session: the next Solve searches at once.
    search, asked_again = solve_answering(qtbot, window, "Cancel")
    qtbot.waitUntil(search.started.is_set)
    assert not asked_again
    with qtbot.waitSignal(window.solving.solve_runner.stopped, timeout=5000):
        window.solve_progress.cancel_requested.emit()


def test_a_5x5_without_tables_builds_them_when_asked(qtbot: QtBot, window: MainWindow) -> None:
    search, _ = solve_answering(qtbot, window, "Build Tables and Solve")
    qtbot.waitUntil(search.started.is_set)
    assert search.method is SolveMethod.NEAR_OPTIMAL
    assert search.build_tables
    qtbot.waitUntil(window.solve_progress.isVisible)
    assert window.solve_progress.text.startswith("Building the search tables, then searching")
    with qtbot.waitSignal(window.solving.solve_runner.stopped, timeout=5000):
        window.solve_progress.cancel_requested.emit()


def test_cancel_in_the_tables_question_starts_no_search(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(FIVE_BY_FIVE)
    search = EndlessSearch()
    window.solving.solve_runner.solver = search
    seen = press_in_tables_prompt(qtbot, "Cancel")
    assert not window.solving.solve()
    assert seen
    assert not window.solving.solve_runner.is_running
    assert not search.started.is_set()
    assert window.status_message.text() == "Solve cancelled"
    assert window.model.board == FIVE_BY_FIVE


def test_an_edit_during_the_search_stops_it(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(START_3X3)
    window.solving.solve_runner.solver = EndlessSearch()
    window.solving.solve()
    window.editor.new_board()
    assert not window.solving.solve_runner.is_running
    assert window.status_message.text() == "Search stopped: the board changed"


def test_an_unsolvable_board_starts_no_search(window: MainWindow) -> None:
    window.editor.load(LOYD_BOARD)
    search = EndlessSearch()
    window.solving.solve_runner.solver = search
    assert not window.solving.solve()
    assert not window.solving.solve_runner.is_running
    assert not search.started.is_set()
    message = window.status_message.text()
    assert message.startswith("Cannot solve: not solvable, so no search was started.")
    assert "Swapping tiles" in message


def test_ctrl_l_on_an_incomplete_board_says_why_it_cannot_solve(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.editor.type_digit(0, 0, continues=False)  # two blanks now
    assert window.model.board is None
    window.activateWindow()
    qtbot.waitActive(window)
    # The shortcut a person presses, not a call: a disabled action would swallow it.
    qtbot.keyClick(window.board_view, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    message = window.status_message.text()
    assert message.startswith("Cannot solve: a complete, valid board is needed: "), message
    assert not window.solving.solve_runner.is_running


def test_the_player_plays_a_real_solution_to_the_goal(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(START_3X3)
    solve_and_wait(qtbot, window)
    player = window.solution_player
    solution = player.solution
    assert solution is not None
    assert solution.optimal
    assert player.summary_text == f"{solution.length} moves, shortest possible"
    positions = list(solution.positions())
    player.step_forward()
    assert window.model.board == positions[1]
    player.set_step(5)  # the slider's jump
    assert window.model.board == positions[5]
    player.step_back()
    assert window.model.board == positions[4]
    player.play()
    qtbot.waitUntil(lambda: player.step == solution.length, timeout=20000)
    assert not player.playing
    assert window.model.board == GOAL_3X3
    assert player.invariant_text.endswith("as at the start. The goal.")


def test_a_single_step_glides_its_tile_and_a_jump_does_not(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.editor.load(START_3X3)
    solve_and_wait(qtbot, window)
    solution = window.solution_player.solution
    assert solution is not None
    tile = solution.tile_slid(START_3X3, 0)
    window.solution_player.step_forward()
    slide = window.board_view.state.slide
    assert slide is not None
    assert (slide.from_cell, slide.to_cell) == (
        START_3X3.index_of(tile),
        START_3X3.blank_index,
    )
    qtbot.waitUntil(lambda: not window.board_view.sliding, timeout=5000)
    window.solution_player.set_step(5)
    assert not window.board_view.sliding


def test_the_player_takes_the_start_verdict_the_window_holds(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.editor.load(START_3X3)

    def no_count(_ranks: object) -> int:
        raise AssertionError("the player counted the start again")

    # Only the player's model is barred from counting; the window's analysis still counts.
    monkeypatch.setattr(playthrough_module, "count_inversions", no_count)
    solve_and_wait(qtbot, window)
    verdict = window.model.verdict
    assert verdict is not None
    assert window.solution_player.invariant_text.startswith(
        f"Start: {verdict.inversions} inversions"
    )


def test_undo_after_playback_returns_to_the_start(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(START_3X3)
    depth = window.undo_stack.index()
    solve_and_wait(qtbot, window)
    player = window.solution_player
    for _ in range(3):
        player.step_forward()
    player.set_step(7)
    assert window.undo_stack.index() == depth + 1  # one step for the whole playback
    window.solving.close_player()
    assert not player.isVisible()
    shown = window.model.board
    window.undo_stack.undo()
    assert window.model.board == START_3X3
    window.undo_stack.redo()
    assert window.model.board == shown


def test_an_edit_ends_playback_and_undo_walks_back(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(START_3X3)
    solve_and_wait(qtbot, window)
    player = window.solution_player
    player.set_step(4)
    at_step = window.model.board
    click_cell(qtbot, window.board_view, 0)
    window.editor.swap_cells(0, 1)  # an edit while playing
    assert not player.isVisible()
    player.step_forward()  # a hidden player no longer moves the board
    assert window.model.draft.cells[:2] == (at_step.tiles[1], at_step.tiles[0])
    window.undo_stack.undo()
    assert window.model.board == at_step
    window.undo_stack.undo()
    assert window.model.board == START_3X3


def test_undo_during_playback_ends_it_at_the_start(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(START_3X3)
    solve_and_wait(qtbot, window)
    window.solution_player.set_step(3)
    window.undo_action.trigger()
    assert not window.solution_player.isVisible()
    assert window.model.board == START_3X3


def test_closing_at_the_start_leaves_no_undo_step(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(START_3X3)
    depth = window.undo_stack.index()
    solve_and_wait(qtbot, window)
    window.solution_player.set_step(2)
    window.solution_player.set_step(0)
    window.solving.close_player()
    assert window.undo_stack.index() == depth
    assert window.undo_stack.count() == depth
    assert window.model.board == START_3X3


def test_copy_moves(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(START_3X3)
    solve_and_wait(qtbot, window)
    solution = window.solution_player.solution
    assert solution is not None
    window.solution_player.copy_moves()
    assert QGuiApplication.clipboard().text() == solution.directions
    assert window.status_message.text() == f"Copied {solution.length} moves as letters"


def test_hint_is_one_closer_to_the_goal(
    qtbot: QtBot, window: MainWindow, distances: dict[tuple[int, ...], int]
) -> None:
    window.editor.load(START_3X3)
    window.mode_menu.set_mode(Mode.PLAY)
    with qtbot.waitSignal(window.solving.hint_runner.solved, timeout=20000):
        assert window.solving.hint()
    message = window.status_message.text()
    assert message.startswith("Hint: slide ")
    tile = int(message.split()[2])
    cell = window.model.index_of_tile(tile)
    assert window.board_view.state.hint_cell == cell
    after = apply_slide(START_3X3, tile)
    assert distances[after.tiles] == distances[START_3X3.tiles] - 1
    # The move the hint names is the one made by clicking the outlined tile.
    assert cell is not None
    click_cell(qtbot, window.board_view, cell)
    assert window.model.board == after
    assert window.board_view.state.hint_cell is None


def test_hint_refuses_an_unsolvable_board(window: MainWindow) -> None:
    window.editor.load(LOYD_BOARD)
    window.mode_menu.set_mode(Mode.PLAY)
    assert not window.solving.hint()
    assert window.status_message.text().startswith("No hint: not solvable")


def test_the_strip_says_when_the_tables_are_being_built() -> None:
    from gui.solve_progress import progress_text

    corner = "every 4x4 goal with the blank in a corner"
    building = SearchProgress(0, 0, 2.0, building_tables=0.4, tables_serve=corner)
    assert progress_text(building) == (
        "building its tables, once for every 4x4 goal with the blank in a corner: 40%"
    )
    searching = SearchProgress(42, 1_234_567, 3.2)
    assert progress_text(searching) == "depth 42 \u00b7 1,234,567 positions \u00b7 3 s"
    # Within a budget (a 5x5): the best found and the bound proven so far.
    budgeted = SearchProgress(88, 1_234_567, 3.2, best_length=94, lower_bound=88)
    assert progress_text(budgeted) == (
        "best 94 moves, none shorter than 88 \u00b7 1,234,567 positions \u00b7 3 s"
    )


def test_the_strip_fills_its_bar_while_the_tables_are_built(qtbot: QtBot) -> None:
    from gui.solve_progress import SolveProgress

    strip = SolveProgress()
    qtbot.addWidget(strip)
    strip.start("Searching for a shortest solution")
    assert strip.bar_range == (0, 0)
    strip.show_progress(SearchProgress(0, 0, 1.0, building_tables=0.25))
    assert strip.bar_range == (0, 100)
    assert strip.bar_value == 25
    strip.show_progress(SearchProgress(30, 1000, 2.0))
    assert strip.bar_range == (0, 0)


def test_the_hint_says_when_the_tables_are_being_built(window: MainWindow) -> None:
    # As the hint's search reports from its thread.
    middle = "every 4x4 goal with the blank in a middle cell"
    building = SearchProgress(0, 0, 5.0, building_tables=0.5, tables_serve=middle)
    window.solving.hint_runner.progressed.emit(building)
    assert window.status_message.text() == (
        "Looking for the next move: building its tables, once for every 4x4 goal with the "
        "blank in a middle cell: 50%"
    )


def test_the_chosen_time_budget_reaches_the_search(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(START_3X3)
    search = EndlessSearch()
    window.solving.solve_runner.solver = search
    assert window.solve_actions.time_budget is None  # no limit unless one is chosen
    window.solve_actions.time_budget_actions["5"].trigger()
    assert window.solve_actions.time_budget == 5.0
    assert window.solving.solve()
    assert search.started.wait(5)
    assert search.time_budget == 5.0
    qtbot.waitUntil(window.solve_progress.isVisible)
    assert "for at most 5 s" in window.solve_progress.text
    with qtbot.waitSignal(window.solving.solve_runner.stopped, timeout=5000):
        window.solving.solve_runner.cancel()
    window.solve_actions.time_budget_actions["none"].trigger()
    assert window.solve_actions.time_budget is None


def test_the_time_budget_is_a_keyboard_reachable_choice_in_the_solve_menu(
    window: MainWindow,
) -> None:
    from PySide6.QtWidgets import QMenu

    menu = window.findChild(QMenu, "timeBudgetMenu")
    assert menu is not None
    assert menu.title() == "Time &Budget"
    assert menu.actions() == list(window.solve_actions.time_budget_actions.values())
    # Each choice has its own mnemonic, and only one is checked at a time.
    mnemonics = [action.text()[action.text().index("&") + 1] for action in menu.actions()]
    assert len(set(mnemonics)) == len(mnemonics)
    window.solve_actions.time_budget_actions["1"].trigger()
    assert [action.isChecked() for action in menu.actions()] == [False, True, False, False]


def test_the_time_budget_is_kept_for_the_next_start(make_window) -> None:
    from gui.session import TIME_BUDGET_KEY

    window = make_window()
    window.solve_actions.time_budget_actions["30"].trigger()
    assert window.settings.value(TIME_BUDGET_KEY) == "30"
    again = make_window(restore=True)
    assert again.solve_actions.time_budget == 30.0
    # A stored value no choice has is dropped, and said so; no limit stands.
    again.settings.setValue(TIME_BUDGET_KEY, "forever")
    third = make_window(restore=True)
    assert third.solve_actions.time_budget is None
    assert "time budget" in third.dropped_settings


def test_a_budgeted_solve_in_the_window_says_what_was_proven(
    qtbot: QtBot, window: MainWindow
) -> None:
    def spent(board: Board, goal: Goal, **_options: object) -> Solution:
        # What core answers when the budget runs out: the hand method's moves, the bound.
        from core import solve

        solution = solve(board, goal, method=SolveMethod.FAST)
        return Solution(
            board,
            solution.goal,
            None,
            SolveMethod.FAST,
            False,
            letters=solution.letters,
            lower_bound=2,
        )

    window.editor.load(START_3X3)
    window.solving.solve_runner.solver = spent
    window.solve_actions.time_budget_actions["1"].trigger()
    solve_and_wait(qtbot, window)
    assert window.status_message.text().endswith("maybe not the shortest: none is shorter than 2")
