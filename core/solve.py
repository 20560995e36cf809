"""`solve`: one call for a solution of any board, shortest where that can be proven.

Boards of up to `MAX_OPTIMAL_CELLS` cells get a shortest solution (iterative-deepening A*
in `core.search`); larger ones the hand method of `core.fast_solver`. An unsolvable board
never starts a search: the verdict and its one-swap fix come back at once instead.
"""

from __future__ import annotations

import time

from core.board import Board, BoardError
from core.fast_solver import CancelledCallback, ProgressCallback, solve_fast_letters
from core.fix import suggest_fix
from core.rule import Goal, GoalName, check, goal_board, is_solvable
from core.solution import (
    MAX_OPTIMAL_CELLS,
    SearchProgress,
    Solution,
    SolveMethod,
    UnsolvableError,
    distance_bound,
)


def solve(
    board: Board,
    goal: Goal = GoalName.BLANK_LAST,
    *,
    method: SolveMethod | None = None,
    progress: ProgressCallback | None = None,
    cancelled: CancelledCallback | None = None,
    time_budget: float | None = None,
) -> Solution:
    """A solution taking `board` to `goal`, replayable move by move.

    `method` None picks `SolveMethod.OPTIMAL` for boards of up to `MAX_OPTIMAL_CELLS`
    cells and `SolveMethod.FAST` above. `progress` hears how the search goes; when
    `cancelled` returns True it stops with `SolveCancelledError`. When `time_budget`
    seconds pass before a shortest solution is proven, the fast solution comes back
    instead, with `optimal` False.

    Raises `UnsolvableError` (a `BoardError` carrying the verdict and the fix) for a board
    that cannot reach its goal, and `BoardError` for a goal of another shape or an
    optimal solution asked of a board over `MAX_OPTIMAL_CELLS` cells.
    """
    target = goal_board(goal, board.width, board.height)
    if method is SolveMethod.OPTIMAL and board.size > MAX_OPTIMAL_CELLS:
        raise BoardError(
            f"an optimal solution is searched for boards of up to {MAX_OPTIMAL_CELLS} cells; "
            f"this {board.width}x{board.height} board has {board.size}: use the fast method"
        )
    if not is_solvable(board, target):
        raise UnsolvableError(check(board, goal), suggest_fix(board, goal))
    if method is None:
        method = SolveMethod.OPTIMAL if board.size <= MAX_OPTIMAL_CELLS else SolveMethod.FAST
    if method is SolveMethod.FAST:
        if time_budget is not None:
            # With a budget the answer says how far from shortest it may be; without one
            # the hand method proves nothing and costs nothing more.
            bound = distance_bound(board, target)
            return _hand_solution(board, target, 0, bound, progress=progress, cancelled=cancelled)
        letters = solve_fast_letters(board, target, progress=progress, cancelled=cancelled)
        return Solution(board, target, None, SolveMethod.FAST, optimal=False, letters=letters)
    if board.width == 1 or board.height == 1:
        # Tiles in a line cannot pass each other: the blank's direct walk is the only
        # shortest solution, and the hand method takes it.
        letters = solve_fast_letters(board, target)
        return Solution(board, target, None, SolveMethod.OPTIMAL, optimal=True, letters=letters)
    from core.search import databases_ready, prepare_databases, search_optimal, tables_serve

    # The budget covers building the tables too: a build it stops keeps each table built
    # whole, so the next budgeted solve carries on from there.
    deadline = None if time_budget is None else time.monotonic() + time_budget
    if progress is not None and not databases_ready(target):
        # The first search of a shape and goal blank builds its tables (minutes on a 4x4):
        # say so, with which goals they serve and how far it has got, rather than a search
        # that seems stuck at depth 0.
        started = time.monotonic()
        report = progress
        serves = tables_serve(target)

        def building(fraction: float) -> None:
            elapsed = time.monotonic() - started
            report(SearchProgress(0, 0, elapsed, building_tables=fraction, tables_serve=serves))

        if not prepare_databases(target, progress=building, cancelled=cancelled, deadline=deadline):
            return _hand_solution(
                board,
                target,
                0,
                distance_bound(board, target),
                progress=progress,
                cancelled=cancelled,
            )
    outcome = search_optimal(
        board, target, progress=progress, cancelled=cancelled, deadline=deadline
    )
    if outcome.moves is None:
        return _hand_solution(
            board,
            target,
            outcome.nodes,
            outcome.lower_bound,
            progress=progress,
            cancelled=cancelled,
        )
    return Solution(
        board, target, outcome.moves, SolveMethod.OPTIMAL, optimal=True, nodes=outcome.nodes
    )


def _hand_solution(
    board: Board,
    target: Board,
    nodes: int,
    lower_bound: int,
    *,
    progress: ProgressCallback | None,
    cancelled: CancelledCallback | None,
) -> Solution:
    """The hand method's solution under a budget, with what is proven: no solution is
    shorter than `lower_bound`. Proven shortest after all when it is that short."""
    letters = solve_fast_letters(board, target, progress=progress, cancelled=cancelled)
    if len(letters) == lower_bound:
        return Solution(board, target, None, SolveMethod.FAST, True, nodes=nodes, letters=letters)
    return Solution(
        board,
        target,
        None,
        SolveMethod.FAST,
        False,
        nodes=nodes,
        letters=letters,
        lower_bound=lower_bound,
    )
