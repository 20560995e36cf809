"""`solve`: one call for a solution of any board, shortest where that can be proven.

Boards of up to `MAX_OPTIMAL_CELLS` cells get a shortest solution (iterative-deepening A*
in `core.search`); larger ones up to `AUTO_BEAM_CELLS` a short one by the beam search of
`core.beam_solver`, and larger still the hand method of `core.fast_solver`. With a time
budget, a board over `MAX_OPTIMAL_CELLS` cells starts from the hand method's solution and
the beam search improves on it, wider each pass, while the budget lasts (up to
`MAX_BEAM_CELLS` cells). An unsolvable board never starts a search: the verdict and its
one-swap fix come back at once instead.

Boards of 3x3 over `MAX_OPTIMAL_CELLS` and up to `MAX_NEAR_OPTIMAL_CELLS` cells (the
24-puzzle) get the near-optimal search of `core.budget_search` once its tables are built:
the beam search's solution, improved by pattern-database search within the budget
(`DEFAULT_NEAR_OPTIMAL_BUDGET` when none is given), with the length no solution is shorter
than. Its tables (128 MB, minutes to build on a 5x5) are built only when an optimal
solution is asked for; until then such a board gets the beam search, which answers in a
tenth of a second, rather than a wait of minutes nobody asked for.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from core.board import Board, BoardError
from core.fast_solver import CancelledCallback, ProgressCallback, solve_fast_letters
from core.fix import unsolvable_fix
from core.rule import Goal, GoalName, check, goal_board, is_solvable
from core.solution import (
    AUTO_BEAM_CELLS,
    DEFAULT_NEAR_OPTIMAL_BUDGET,
    MAX_BEAM_CELLS,
    MAX_NEAR_OPTIMAL_CELLS,
    MAX_OPTIMAL_CELLS,
    SearchProgress,
    Solution,
    SolveMethod,
    UnsolvableError,
    distance_bound,
)

if TYPE_CHECKING:
    from collections.abc import Callable


def solve(
    board: Board,
    goal: Goal = GoalName.BLANK_LAST,
    *,
    method: SolveMethod | None = None,
    progress: ProgressCallback | None = None,
    cancelled: CancelledCallback | None = None,
    time_budget: float | None = None,
    build_tables: bool = False,
) -> Solution:
    """A solution taking `board` to `goal`, replayable move by move.

    `method` None picks `default_method`. `SolveMethod.BEAM` asked for takes boards of
    3x3 and up. `progress` hears how the search goes; when `cancelled` returns True it
    stops with `SolveCancelledError`. When `time_budget` seconds pass before a shortest
    solution is proven, the fast solution comes back instead, with `optimal` False. Above
    `MAX_OPTIMAL_CELLS` cells a budget is spent improving on the hand method's solution by
    the beam search, and the shortest found comes back.

    On a board the near-optimal search takes (`near_optimal_takes`), `SolveMethod.OPTIMAL`
    builds its tables if they are missing (within the budget, if one is given; a build it
    stops keeps each table built whole), then searches: within the budget, or without
    one until a shortest solution is proven (hours on some 5x5 boards). The solution comes
    back with `lower_bound`, and `optimal` when the two meet. `SolveMethod.NEAR_OPTIMAL`
    with `build_tables` builds the missing tables first, whatever the budget (with
    progress; `cancelled` stops the build, keeping each table built whole), then searches
    within the budget (`DEFAULT_NEAR_OPTIMAL_BUDGET` when none is given): what a person
    asks for who will wait once for the tables and not again for every board.

    Raises `UnsolvableError` (a `BoardError` carrying the verdict and the fix) for a board
    that cannot reach its goal, and `BoardError` for a goal of another shape, an optimal
    solution asked of a board over `MAX_OPTIMAL_CELLS` cells the near-optimal search does
    not take, or a beam one of a board under 3x3 or over `MAX_BEAM_CELLS` cells.
    """
    target = goal_board(goal, board.width, board.height)
    near_optimal = near_optimal_takes(board)
    if method is SolveMethod.OPTIMAL and board.size > MAX_OPTIMAL_CELLS and not near_optimal:
        raise BoardError(
            f"an optimal solution is searched for boards of up to {MAX_OPTIMAL_CELLS} cells, "
            f"and of 3x3 up to {MAX_NEAR_OPTIMAL_CELLS}; this {board.width}x{board.height} "
            f"board has {board.size}: use the fast method"
        )
    if method is SolveMethod.NEAR_OPTIMAL and not near_optimal:
        raise BoardError(
            f"the near-optimal search takes boards of 3x3 and up, of {MAX_OPTIMAL_CELLS + 1} "
            f"to {MAX_NEAR_OPTIMAL_CELLS} cells; this one is {board.width}x{board.height}"
        )
    if method is SolveMethod.BEAM and not _beam_takes(board, MAX_BEAM_CELLS):
        raise BoardError(
            f"the beam search takes boards of 3x3 and up, of up to {MAX_BEAM_CELLS} cells; "
            f"this one is {board.width}x{board.height}: use the fast method"
        )
    if not is_solvable(board, target):
        raise UnsolvableError(check(board, goal), unsolvable_fix(board, goal))
    if method is None:
        method = default_method(board, time_budget, target)
    if near_optimal and method in {SolveMethod.OPTIMAL, SolveMethod.NEAR_OPTIMAL}:
        if build_tables and method is SolveMethod.NEAR_OPTIMAL:
            _build_tables_first(target, progress=progress, cancelled=cancelled)
        return _near_optimal_solution(
            board,
            target,
            build=method is SolveMethod.OPTIMAL,
            time_budget=time_budget,
            progress=progress,
            cancelled=cancelled,
        )
    if method is SolveMethod.BEAM:
        return _beam_solution(
            board, target, time_budget=time_budget, progress=progress, cancelled=cancelled
        )
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
        building = _building_report(progress, tables_serve(target))
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


def _build_tables_first(
    target: Board, *, progress: ProgressCallback | None, cancelled: CancelledCallback | None
) -> None:
    """Build the tables that serve `target`, with no deadline, reporting the fraction
    built. Raises `SolveCancelledError` when `cancelled()`."""
    from core.search import databases_ready, prepare_databases, tables_serve

    if databases_ready(target):
        return
    building = None if progress is None else _building_report(progress, tables_serve(target))
    prepare_databases(target, progress=building, cancelled=cancelled)


def _building_report(progress: ProgressCallback, serves: str) -> Callable[[float], None]:
    """A `prepare_databases` progress callback that reports the fraction built as a
    `SearchProgress`, with which goals the tables serve."""
    started = time.monotonic()

    def building(fraction: float) -> None:
        elapsed = time.monotonic() - started
        progress(SearchProgress(0, 0, elapsed, building_tables=fraction, tables_serve=serves))

    return building


def default_method(
    board: Board, time_budget: float | None = None, goal: Goal = GoalName.BLANK_LAST
) -> SolveMethod:
    """The method `solve` picks for `board` when none is asked for: `SolveMethod.OPTIMAL`
    up to `MAX_OPTIMAL_CELLS` cells; `SolveMethod.NEAR_OPTIMAL` where it takes the board
    and the tables that serve `goal` are built (a quick look at the cache, fit for the GUI
    thread); else `SolveMethod.BEAM` up to `AUTO_BEAM_CELLS` (`MAX_BEAM_CELLS` with a time
    budget), and `SolveMethod.FAST` above."""
    if board.size <= MAX_OPTIMAL_CELLS:
        return SolveMethod.OPTIMAL
    if near_optimal_takes(board):
        from core.search import databases_stored

        if databases_stored(goal_board(goal, board.width, board.height)):
            return SolveMethod.NEAR_OPTIMAL
    if _beam_takes(board, AUTO_BEAM_CELLS if time_budget is None else MAX_BEAM_CELLS):
        return SolveMethod.BEAM
    return SolveMethod.FAST


def near_optimal_takes(board: Board) -> bool:
    """Whether the near-optimal search is for `board`: 3x3 and up, over `MAX_OPTIMAL_CELLS`
    cells (smaller boards get a shortest solution) and up to `MAX_NEAR_OPTIMAL_CELLS`."""
    return MAX_OPTIMAL_CELLS < board.size <= MAX_NEAR_OPTIMAL_CELLS and _beam_takes(
        board, MAX_NEAR_OPTIMAL_CELLS
    )


def _near_optimal_solution(
    board: Board,
    target: Board,
    *,
    build: bool,
    time_budget: float | None,
    progress: ProgressCallback | None,
    cancelled: CancelledCallback | None,
) -> Solution:
    """The beam search's solution, improved on by `core.budget_search` within the budget
    (`DEFAULT_NEAR_OPTIMAL_BUDGET` when none is given and the tables were not asked to be
    built; no limit when they were: the search runs until a shortest solution is proven).
    Builds the tables first when `build`; without it, or when the budget stops the build,
    the beam search's solution comes back with the distance bound."""
    from core.beam_solver import solve_beam_letters
    from core.budget_search import search_within_budget
    from core.search import (
        databases_ready,
        databases_stored,
        prepare_databases,
        tables_serve,
    )

    started = time.monotonic()
    if time_budget is None and not build:
        time_budget = DEFAULT_NEAR_OPTIMAL_BUDGET
    deadline = None if time_budget is None else started + time_budget
    letters = solve_beam_letters(board, target, cancelled=cancelled)
    assert letters is not None  # no deadline
    bound = distance_bound(board, target)
    if len(letters) == bound:
        # Proven shortest already: no tables to build or read.
        return _budgeted_solution(
            board, target, letters, SolveMethod.BEAM, nodes=0, lower_bound=bound
        )
    building = None
    if build and progress is not None and not databases_ready(target):
        building = _building_report(progress, tables_serve(target))
    # Without `build`, a table found missing or damaged on loading stops the build at once.
    ready = (build or databases_stored(target)) and prepare_databases(
        target,
        progress=building,
        cancelled=cancelled,
        deadline=deadline if build else started,
    )
    if not ready:
        return _budgeted_solution(
            board, target, letters, SolveMethod.BEAM, nodes=0, lower_bound=bound
        )
    outcome = search_within_budget(
        board, target, len(letters), deadline=deadline, progress=progress, cancelled=cancelled
    )
    if outcome.moves is None:
        return _budgeted_solution(
            board,
            target,
            letters,
            SolveMethod.BEAM,
            nodes=outcome.nodes,
            lower_bound=outcome.lower_bound,
        )
    proven = len(outcome.moves) == outcome.lower_bound
    return Solution(
        board,
        target,
        outcome.moves,
        SolveMethod.NEAR_OPTIMAL,
        proven,
        nodes=outcome.nodes,
        lower_bound=outcome.lower_bound,
    )


def _beam_takes(board: Board, most_cells: int) -> bool:
    """Whether the beam search is for `board`: 3x3 and up (a narrower strip leaves no room
    to gain on the hand method), of at most `most_cells` cells."""
    return board.width >= 3 and board.height >= 3 and board.size <= most_cells


#: The first pass's width under a time budget, and the widest pass (the move tree a pass
#: keeps grows with its width).
_FIRST_BUDGET_WIDTH = 8
_LAST_BUDGET_WIDTH = 1024


def _beam_solution(
    board: Board,
    target: Board,
    *,
    time_budget: float | None,
    progress: ProgressCallback | None,
    cancelled: CancelledCallback | None,
) -> Solution:
    """The beam search's solution. Without a budget, one pass at the default width. With
    one, the hand method's solution at once, then passes of the beam search while the
    budget lasts, the first narrow, each later one as wide as the time left allows by the
    last one's pace (at least twice as wide; one the deadline stops is dropped; none once a
    solution is as short as the distance bound): the shortest comes back, with that bound."""
    from core.beam_solver import DEFAULT_WIDTH, solve_beam_letters

    if time_budget is None:
        letters = solve_beam_letters(board, target, progress=progress, cancelled=cancelled)
        assert letters is not None  # no deadline
        return Solution(board, target, None, SolveMethod.BEAM, optimal=False, letters=letters)
    deadline = time.monotonic() + time_budget
    bound = distance_bound(board, target)
    best = solve_fast_letters(board, target, cancelled=cancelled)
    method = SolveMethod.FAST
    width = _FIRST_BUDGET_WIDTH
    while width <= _LAST_BUDGET_WIDTH and len(best) > bound:
        started = time.monotonic()
        if started >= deadline:
            break
        letters = solve_beam_letters(
            board, target, width=width, deadline=deadline, progress=progress, cancelled=cancelled
        )
        if letters is None:
            break
        if len(letters) < len(best):
            best, method = letters, SolveMethod.BEAM
        # A pass's time grows about as its width (its tables, the same at any width, make
        # that an overestimate): the next pass is the widest, of twice this one's width or
        # more, that should still end within the budget.
        spent, left = time.monotonic() - started, deadline - time.monotonic()
        scale = 2
        if spent * scale > left:
            break
        while width * scale * 2 <= _LAST_BUDGET_WIDTH and spent * scale * 2 <= left:
            scale *= 2
        # A wider beam is not always shorter: the default width gets its pass on the way,
        # so a budget that has room for it never does worse than no budget.
        width = min(width * scale, DEFAULT_WIDTH) if width < DEFAULT_WIDTH else width * scale
    return _budgeted_solution(board, target, best, method, nodes=0, lower_bound=bound)


def _budgeted_solution(
    board: Board,
    target: Board,
    letters: bytes,
    method: SolveMethod,
    *,
    nodes: int,
    lower_bound: int,
) -> Solution:
    """A solution found under a budget, with what is proven: no solution is shorter than
    `lower_bound`. Proven shortest after all when it is that short."""
    if len(letters) == lower_bound:
        return Solution(board, target, None, method, True, nodes=nodes, letters=letters)
    return Solution(
        board, target, None, method, False, nodes=nodes, letters=letters, lower_bound=lower_bound
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
    return _budgeted_solution(
        board, target, letters, SolveMethod.FAST, nodes=nodes, lower_bound=lower_bound
    )
