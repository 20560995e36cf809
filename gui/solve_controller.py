"""Solve, the hint and the solution player: searches off the GUI thread for the board on
screen, the player stepping through the solution found, and play mode's next-move hint.

The controller owns both searches and the playback's undo step; the window makes the Solve
action and the time budgets (gui.actions), places the widgets the controller drives (the
progress strip, the player, the board view) and shows what it says through its signals. The
window builds it on the first Solve or hint, and the searches' threads (and the solvers)
load then too, not at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from core import Board, Goal, goal_board
from gui.playback import Playback

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QWidget

    from core.solution import SearchProgress, Solution
    from gui.board_model import BoardModel
    from gui.board_view import BoardView
    from gui.on_demand import OnDemand
    from gui.solution_player import SolutionPlayer
    from gui.solve_progress import SolveProgress
    from gui.solve_worker import SolveRunner
    from gui.tables_prompt import TablesChoice

#: The words for the letters of a move (the way the tile travels).
TRAVEL_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}
#: Longest slide animation, and the shortest worth showing (faster play just jumps).
SLIDE_ANIMATION_MS = 180
MIN_SLIDE_ANIMATION_MS = 40
#: Past this many cells the tiles are too small for a slide to be seen: no animation.
MAX_ANIMATED_CELLS = 2500
#: How long a search runs before the progress strip shows: one that answers sooner (a
#: small board's) answers within the tenth of a second a person takes for at once, and
#: its strip would only flash above the board and push it down and back up.
PROGRESS_STRIP_DELAY_MS = 100


class SolveController(QObject):
    """Solve and hint for one window's board. A search may take `time_budget()` seconds
    (None: no limit); `progress` is the strip that shows a search that runs for more than
    `PROGRESS_STRIP_DELAY_MS`, and `player` the solution player, each made (hidden) when
    first needed, which the window places (gui.window_layout)."""

    #: A status line, said until the board next changes.
    message = Signal(str)
    #: A status line and the signal that ends it (None: until a newer line replaces it).
    lasting_message = Signal(str, object)
    #: What the hint says (the move, the search for it, or why there is none), for the line
    #: above the board; also said in `message`. Both are about the position on screen.
    hint_message = Signal(str)

    def __init__(
        self,
        model: BoardModel,
        undo_stack: QUndoStack,
        *,
        board_view: BoardView,
        progress: OnDemand[SolveProgress],
        player: OnDemand[SolutionPlayer],
        time_budget: Callable[[], float | None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._model = model
        self._board_view = board_view
        self._progress = progress
        #: What the running Solve's search does ('Searching for ...'), and its latest
        #: progress, for the strip once it shows.
        self._progress_what = ""
        self._latest_progress: SearchProgress | None = None
        self._progress_delay = QTimer(self)
        self._progress_delay.setSingleShot(True)
        self._progress_delay.setInterval(PROGRESS_STRIP_DELAY_MS)
        self._progress_delay.timeout.connect(self._show_progress_strip)
        self._time_budget = time_budget
        self.player = player
        #: Solve's search and the hint's, each on its own thread (made on first use).
        self._solve_runner: SolveRunner | None = None
        self._hint_runner: SolveRunner | None = None
        #: Whether Solve may still ask to build the near-optimal search's tables (not
        #: after a person chose to solve without them).
        self._may_ask_for_tables = True
        self.playback = Playback(model, undo_stack, self)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self._progress.when_made(lambda strip: strip.cancel_requested.connect(self._cancel_solve))
        self.player.when_made(self._connect_player)
        self.playback.ended.connect(self._on_playback_ended)

    @property
    def solve_runner(self) -> SolveRunner:
        """Solve's search, on its own thread."""
        if self._solve_runner is None:
            from gui.solve_worker import SolveRunner

            runner = self._solve_runner = SolveRunner(parent=self)
            runner.progressed.connect(self._show_progress)
            runner.running_changed.connect(
                lambda running: None if running else self._hide_progress_strip()
            )
            runner.solved.connect(self._play_solution)
            runner.stopped.connect(lambda: self.message.emit("Search cancelled"))
            runner.failed.connect(lambda text: self.message.emit(f"Cannot solve: {text}"))
        return self._solve_runner

    @property
    def hint_runner(self) -> SolveRunner:
        """The hint's search, on its own thread."""
        if self._hint_runner is None:
            from gui.solve_worker import SolveRunner

            runner = self._hint_runner = SolveRunner(parent=self)
            runner.progressed.connect(self._show_hint_progress)
            runner.solved.connect(self._show_hint)
            runner.failed.connect(lambda text: self._say_hint(f"No hint: {text}"))
        return self._hint_runner

    def _cancel_solve(self) -> None:
        if self._solve_runner is not None:
            self._solve_runner.cancel()

    def _runners(self) -> list[SolveRunner]:
        """The searches made so far."""
        return [r for r in (self._solve_runner, self._hint_runner) if r is not None]

    def _connect_player(self, player: SolutionPlayer) -> None:
        player.stepped.connect(self._show_solution_step)
        player.close_requested.connect(self.close_player)
        player.message.connect(self.message)

    def stop_searches_off_screen(self) -> None:
        """Stop a search whose board is no longer on screen (call on every change of the
        board; the window does, after its own answer to the change, so this line is the
        last said)."""
        for runner in self._runners():
            # A search answers for the board it was given; this one is no longer on screen.
            if runner.is_running and not self._on_screen(runner.board, runner.goal):
                runner.shutdown()
                if runner is self._solve_runner:
                    self.message.emit("Search stopped: the board changed")

    def _on_screen(self, board: Board | None, goal: Goal | None) -> bool:
        """Whether `board` with `goal` (a name or a goal board) is what the window shows."""
        model = self._model
        if board is None or goal is None or board != model.board:
            return False
        return goal_board(goal, board.width, board.height) == goal_board(
            model.goal, board.width, board.height
        )

    def _refusal(self) -> str | None:
        """Why the board on screen cannot be solved, or None when it can be."""
        if self._model.board is None:
            problems = self._model.problems
            first = f": {problems[0].message}" if problems else ""
            return f"a complete, valid board is needed{first}"
        verdict = self._model.verdict
        if verdict is not None and not verdict.solvable:
            fix = self._model.fix
            swap = f" Swapping tiles {fix[0]} and {fix[1]} would make it solvable." if fix else ""
            return f"not solvable, so no search was started. {verdict.steps[-1]}{swap}"
        return None

    def solve(self) -> bool:
        """Search for a solution of the board on screen off the GUI thread; the player
        opens with it. False (and the reason in `message`) when no search starts."""
        refusal = self._refusal()
        if refusal is not None:
            self.message.emit(f"Cannot solve: {refusal}")
            return False
        from core.solution import SolveMethod
        from core.solve import default_method, near_optimal_takes

        board = self._model.board
        assert board is not None  # no refusal
        budget = self._time_budget()
        method = default_method(board, budget, self._model.goal)
        build_tables = False
        if method is SolveMethod.BEAM and self._may_ask_for_tables and near_optimal_takes(board):
            # The near-optimal search takes the board but its tables are not built.
            from gui.tables_prompt import TablesChoice

            choice = self.ask_to_build_tables(board.width, board.height)
            if choice is TablesChoice.CANCEL:
                self.message.emit("Solve cancelled")
                return False
            build_tables = choice is TablesChoice.BUILD
            if build_tables:
                method = SolveMethod.NEAR_OPTIMAL
            else:
                # Asked once a session: a person solving board after board said no.
                self._may_ask_for_tables = False
        self.close_player()
        if build_tables:
            from core.solution import DEFAULT_NEAR_OPTIMAL_BUDGET

            seconds = DEFAULT_NEAR_OPTIMAL_BUDGET if budget is None else budget
            what = f"Building the search tables, then searching for {seconds:g} s"
        elif method is SolveMethod.NEAR_OPTIMAL:
            from core.solution import DEFAULT_NEAR_OPTIMAL_BUDGET

            seconds = DEFAULT_NEAR_OPTIMAL_BUDGET if budget is None else budget
            what = f"Searching for a near-shortest solution for {seconds:g} s"
        elif method is SolveMethod.FAST:
            what = "Working out a solution by the hand method (not the shortest)"
        elif method is SolveMethod.BEAM:
            what = "Searching for a short solution (not the shortest)"
            if budget is not None:
                what += f" for {budget:g} s"
        elif budget is None:
            what = "Searching for a shortest solution"
        else:
            what = f"Searching for a shortest solution for at most {budget:g} s"
        self._progress_what, self._latest_progress = what, None
        self.solve_runner.start(
            board,
            self._model.goal,
            SolveMethod.NEAR_OPTIMAL if build_tables else None,
            time_budget=budget,
            build_tables=build_tables,
        )
        self._progress_delay.start()
        return True

    def _show_progress(self, progress: SearchProgress) -> None:
        self._latest_progress = progress
        strip = self._progress.made
        if strip is not None and not strip.isHidden():
            strip.show_progress(progress)

    def _show_progress_strip(self) -> None:
        """The strip, for a search still running after `PROGRESS_STRIP_DELAY_MS`."""
        if not self.solve_runner.is_running:
            return
        strip = self._progress.get()
        strip.start(self._progress_what)
        if self._latest_progress is not None:
            strip.show_progress(self._latest_progress)

    def _hide_progress_strip(self) -> None:
        self._progress_delay.stop()
        if (strip := self._progress.made) is not None:
            strip.hide()

    def ask_to_build_tables(self, width: int, height: int) -> TablesChoice:
        """Whether to build the near-optimal search's tables for `width` x `height`
        boards, asked in a message box over the window."""
        from gui.tables_prompt import ask_to_build_tables

        return ask_to_build_tables(self._board_view.window(), width, height)

    def _play_solution(self, solution: Solution) -> None:
        if not self._on_screen(solution.start, solution.goal):
            return
        self.playback.begin()
        # The verdict on screen is the start's (`_on_screen`): the player need not count it.
        player = self.player.get()
        player.set_solution(solution, self._model.verdict)
        player.show()
        player.setFocus()
        # Said while the player shows the solution, whose slides change the board.
        self.lasting_message.emit(f"Solved: {solution.length_text}", self.playback.ended)

    def _show_solution_step(self, step: int) -> None:
        player = self.player.made
        playthrough = player.playthrough if player is not None else None
        if player is None or playthrough is None:
            return
        board = playthrough.position
        self.playback.show(board, f"Play solution to step {step:,} of {playthrough.length:,}")
        slide = playthrough.last_slide
        milliseconds = min(SLIDE_ANIMATION_MS, int(player.interval_ms * 0.7))
        if (
            slide is not None
            and milliseconds >= MIN_SLIDE_ANIMATION_MS
            and board.size <= MAX_ANIMATED_CELLS
        ):
            self._board_view.animate_slide(slide.from_cell, slide.to_cell, milliseconds)

    def close_player(self) -> None:
        """Close the player; the position it shows stays, as one undoable step."""
        if self.playback.active:
            self.playback.end()
        else:
            self._on_playback_ended()

    def _on_playback_ended(self) -> None:
        player = self.player.made
        if player is None or player.isHidden():
            return
        focus = QApplication.focusWidget()
        had_focus = focus is not None and player.isAncestorOf(focus)
        player.pause()
        player.hide()
        if had_focus:
            self._board_view.setFocus()

    def hint(self) -> bool:
        """Look, off the GUI thread, for the next move from the position on screen; the
        tile is outlined and the move said in `message` and `hint_message`. False when none
        is sought."""
        refusal = self._refusal()
        board = self._model.board
        if (
            refusal is None
            and board is not None
            and board == goal_board(self._model.goal, board.width, board.height)
        ):
            refusal = "the board is already at its goal"
        if refusal is not None:
            self._say_hint(f"No hint: {refusal}")
            return False
        assert board is not None  # no refusal
        self.hint_runner.start(board, self._model.goal)
        self._say_hint("Looking for the next move\u2026")
        return True

    def _say_hint(self, text: str) -> None:
        self.message.emit(text)
        self.hint_message.emit(text)

    def _show_hint_progress(self, progress: SearchProgress) -> None:
        from gui.solve_progress import progress_text

        self._say_hint(f"Looking for the next move: {progress_text(progress)}")

    def _show_hint(self, solution: Solution) -> None:
        if not self._on_screen(solution.start, solution.goal) or not solution.length:
            return
        tile = solution.tile_slid(solution.start, 0)
        word = TRAVEL_WORDS[solution.directions[0]]
        self._board_view.set_hint_cell(self._model.index_of_tile(tile))
        caveat = (
            "" if solution.optimal else " (from a quick solution, not necessarily the shortest)"
        )
        self._say_hint(f"Hint: slide {tile} {word}{caveat}")

    def shutdown(self) -> None:
        """Stop both searches and wait for their threads to end."""
        for runner in self._runners():
            runner.shutdown()
