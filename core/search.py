"""Optimal solutions: iterative-deepening A* over additive pattern databases.

Every tile is relabelled by its goal cell, so any goal (blank anywhere, tiles in any order)
is searched as "label L belongs in cell L", and the databases (`core.pattern_db`) built for
the goal's blank cell serve it. One set serves every cell of the blank's orbit
(`core.symmetry`): the board is searched turned or flipped so that the goal's blank lands
in the cell the tables were built for (`pattern_db.serving_cell`), each cell and each goal
cell carried the same way, and the tiles slid are read back through the inverse.

The tables are compact (2 bits an entry, `pattern_db.compact_pure`): each group's exact
entry is found once at the root, and a child's follows from its parent's and the 2 bits
stored for it. The search deepens a bound on the solution length, trying the blank's
neighbours up, down, left, right; the first solution within a bound is a shortest one
because the heuristic never overestimates. A step that would complete a redundant sequence
of steps (one that leaves what a smaller sequence leaves: undoing the last step is the
shortest) is not taken, by the shape's automaton in `core.move_automaton`: the smallest
path to every position survives, so no shortest solution is lost.

The compiled twin (`core._search.search`) runs the same search, node for node, with the GIL
released, calling back into Python between chunks of nodes for cancellation, the deadline
and progress. The pure-Python search here is the reference.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from core import move_automaton, pattern_db, speedups, symmetry
from core.board import BLANK, Board
from core.pattern_db import (
    STEP_OF_REMAINDERS,
    PatternDatabases,
    cell_distance,
    exact_entry,
    packed_entry,
    rank,
)
from core.solution import MAX_OPTIMAL_CELLS, SearchProgress, SolveCancelledError, distance_bound

if TYPE_CHECKING:
    from core.speedups import CompiledSearch
    from core.symmetry import Symmetry

#: Called by a search with (current bound, nodes generated); returns True to stop it.
SearchPoll = Callable[[int, int], bool]

#: Nodes between two polls: often enough that Cancel answers at once, rarely enough that the
#: call back into Python costs nothing measurable.
PURE_POLL_INTERVAL = 4_096
COMPILED_POLL_INTERVAL = 1 << 18
#: Shortest gap between two progress reports within one bound (a new bound always reports).
_PROGRESS_GAP_SECONDS = 0.1
#: The blank's entry in a relabelled board.
NO_LABEL = -1


@dataclass(frozen=True)
class SearchOutcome:
    """How an optimal search ended: a shortest solution, or the deadline and what it proved."""

    #: The tiles slid on a shortest way to the goal; None when the deadline came first.
    moves: tuple[int, ...] | None
    #: Positions generated, over every iteration.
    nodes: int
    #: No solution is shorter: the length of `moves` when found; else the bound of the
    #: iteration the deadline stopped (every shallower bound was searched in full and held
    #: no solution), at least the start's heuristic (`distance_bound` if the tables were
    #: not ready), raised to the parity every solution's length has.
    lower_bound: int


def solve_optimal(
    board: Board,
    goal: Board,
    *,
    progress: Callable[[SearchProgress], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    deadline: float | None = None,
) -> tuple[tuple[int, ...], int] | None:
    """A shortest solution of `board` towards `goal`: (tiles slid, in order; nodes generated),
    or None when the deadline passed first. `search_optimal`, without the lower bound."""
    outcome = search_optimal(board, goal, progress=progress, cancelled=cancelled, deadline=deadline)
    return None if outcome.moves is None else (outcome.moves, outcome.nodes)


def search_optimal(
    board: Board,
    goal: Board,
    *,
    progress: Callable[[SearchProgress], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    deadline: float | None = None,
) -> SearchOutcome:
    """Search for a shortest solution of `board` towards `goal`.

    The board must be solvable towards `goal`, of its shape and of at most 16 cells (the
    caller checks). Builds the databases on first use (see `prepare_databases` to build them
    ahead with a progress bar). When `time.monotonic()` passes `deadline` before a solution
    is proven shortest, the outcome has no moves, only its proven lower bound. Raises
    `SolveCancelledError` when `cancelled()` returns True (asked every few thousand nodes).
    `progress` hears the bound and the nodes so far.
    """
    engine = speedups.compiled_twins.search
    started = time.monotonic()
    poll = _SearchPoll(started, progress, cancelled, deadline)
    heuristic = distance_bound(board, goal)
    table_cell = _table_cell(goal)
    try:
        databases = pattern_db.load(
            goal.width,
            goal.height,
            table_cell,
            engine=engine,
            poll=lambda _reached, _to_reach: poll(0, 0),
        )
    except pattern_db.BuildStoppedError:
        return SearchOutcome(None, 0, heuristic)
    turn = symmetry.carrying(goal.width, goal.height, goal.blank_index, table_cell)
    found = run_search(relabel(board, goal, turn), databases, poll, engine)
    if found is None:
        bound = max(poll.bound, heuristic)
        # Every solution's length has the parity of the distance bound.
        bound += (bound - heuristic) % 2
        return SearchOutcome(None, poll.nodes, bound)
    labels, nodes = found
    back = turn.inverse.cells
    return SearchOutcome(tuple(goal.tiles[back[label]] for label in labels), nodes, len(labels))


def prepare_shape(width: int, height: int) -> None:
    """Do now what the first optimal search of a `width`x`height` board does before its
    first node, where the search takes the shape: compile its move automaton, once per
    process (about 10 ms for 3x3, 110 ms for 4x4). The window's warm-up calls it on its
    thread, so that the first Solve or Hint waits for none of it (bench/README.md,
    "Start-up, ninth round")."""
    if 2 <= width * height <= MAX_OPTIMAL_CELLS:
        move_automaton.for_shape(width, height)


def next_move(board: Board, goal: Board) -> int | None:
    """The first tile to slide on a shortest way to `goal` (None when already there), for a
    Hint. Same conditions as `solve_optimal`."""
    found = solve_optimal(board, goal)
    assert found is not None  # no deadline, so the search runs to the end
    moves, _nodes = found
    return moves[0] if moves else None


def databases_ready(goal: Board) -> bool:
    """Whether solving towards `goal` starts at once: the databases that serve it (those of
    the first cell of its blank's orbit) are in memory or soundly cached."""
    engine = speedups.compiled_twins.search
    return pattern_db.is_cached(goal.width, goal.height, _table_cell(goal), engine=engine)


def databases_stored(goal: Board) -> bool:
    """`databases_ready` at a glance: every table in memory or in a cache file of the right
    size and header (`pattern_db.is_stored`), without reading hundreds of megabytes."""
    engine = speedups.compiled_twins.search
    return pattern_db.is_stored(goal.width, goal.height, _table_cell(goal), engine=engine)


def tables_serve(goal: Board) -> str:
    """Which goals the databases that serve `goal` serve, in words: 'every 4x4 goal with the
    blank in a corner' (for a progress report while they are built)."""
    where = symmetry.orbit_words(goal.width, goal.height, goal.blank_index)
    return f"every {goal.width}x{goal.height} goal with the blank {where}"


def _table_cell(goal: Board) -> int:
    """The goal blank cell of the databases that serve `goal` (`pattern_db.serving_cell`)."""
    return pattern_db.serving_cell(goal.width, goal.height, goal.blank_index)


def prepare_databases(
    goal: Board,
    *,
    progress: Callable[[float], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    deadline: float | None = None,
) -> bool:
    """Build (or load) the databases that serve `goal` ahead of a search;
    `progress` hears the fraction done. False when `time.monotonic()` passed `deadline`
    first (the tables built whole by then are kept). Raises `SolveCancelledError` when
    `cancelled()`."""
    engine = speedups.compiled_twins.search

    def poll(reached: int, to_reach: int) -> bool:
        if cancelled is not None and cancelled():
            raise SolveCancelledError
        if deadline is not None and time.monotonic() >= deadline:
            return True
        if progress is not None:
            progress(reached / to_reach if to_reach else 1.0)
        return False

    try:
        pattern_db.load(goal.width, goal.height, _table_cell(goal), engine=engine, poll=poll)
    except pattern_db.BuildStoppedError:
        return False
    return True


def relabel(board: Board, goal: Board, turn: Symmetry | None = None) -> list[int]:
    """The board with each tile replaced by its goal cell (the blank by `NO_LABEL`); with
    `turn`, the board turned or flipped by it: each cell, and each goal cell, carried there."""
    goal_cell = {tile: cell for cell, tile in enumerate(goal.tiles)}
    labels = [NO_LABEL if tile == BLANK else goal_cell[tile] for tile in board.tiles]
    if turn is None:
        return labels
    turned = [NO_LABEL] * len(labels)
    for cell, label in enumerate(labels):
        turned[turn.cells[cell]] = NO_LABEL if label == NO_LABEL else turn.cells[label]
    return turned


def run_search(
    labels: Sequence[int],
    databases: PatternDatabases,
    poll: SearchPoll,
    engine: CompiledSearch | None,
    automaton: move_automaton.MoveAutomaton | None = None,
) -> tuple[list[int], int] | None:
    """IDA* on a relabelled board with either twin (`engine`, the compiled one, or None for
    `search_pure`): (labels moved, nodes) or None.
    `automaton` is the shape's own unless another is given (the tests give one that only
    refuses undoing a step, the search as it was before)."""
    found = run_weighted_search(labels, databases, poll, engine, automaton)
    if found is None:
        return None
    moved, nodes = found
    assert moved is not None  # no length limit: only an unreachable goal has no solution
    return moved, nodes


#: Plain IDA*: its first solution is a shortest one.
UNWEIGHTED = Fraction(1)


def run_weighted_search(
    labels: Sequence[int],
    databases: PatternDatabases,
    poll: SearchPoll,
    engine: CompiledSearch | None,
    automaton: move_automaton.MoveAutomaton | None = None,
    *,
    weight: Fraction = UNWEIGHTED,
    length_limit: int | None = None,
) -> tuple[list[int] | None, int] | None:
    """`run_search` weighted: a node costs its depth plus `weight` times its estimate, so a
    weight over 1 dives to a solution sooner, at most `weight` times a shortest one's
    length. Only solutions shorter than `length_limit` are searched for: (None, nodes) when
    the search proved there is none; None when `poll` stopped it."""
    if automaton is None:
        automaton = move_automaton.for_shape(databases.width, databases.height)
    if engine is None:
        return search_pure(
            databases.width,
            databases.height,
            labels,
            groups=databases.groups,
            tables=databases.tables,
            mirrored=databases.mirrored,
            automaton=automaton,
            poll=poll,
            poll_interval=PURE_POLL_INTERVAL,
            weight=weight,
            length_limit=length_limit,
        )
    found = engine.search(
        databases.width,
        databases.height,
        tuple(labels),
        databases.groups,
        databases.tables,
        databases.mirrored,
        automaton.packed,
        poll,
        COMPILED_POLL_INTERVAL,
        weight.numerator,
        weight.denominator,
        _UNBOUNDED if length_limit is None else length_limit,
    )
    if found is None:
        return None
    moved, nodes = found
    return (None if moved is None else list(moved)), nodes


class _SearchPoll:
    """The poll both twins call: cancellation, the deadline and progress. Remembers the
    largest bound it heard (the iteration in progress) and the nodes so far."""

    def __init__(
        self,
        started: float,
        progress: Callable[[SearchProgress], None] | None,
        cancelled: Callable[[], bool] | None,
        deadline: float | None,
    ) -> None:
        self._progress = progress
        self._cancelled = cancelled
        self._deadline = deadline
        self._started = started
        self._last_report = started
        self._last_bound = -1
        #: The bound of the iteration in progress: every smaller one held no solution.
        self.bound = 0
        self.nodes = 0

    def __call__(self, bound: int, nodes: int) -> bool:
        self.bound = max(self.bound, bound)
        self.nodes = max(self.nodes, nodes)
        if self._cancelled is not None and self._cancelled():
            raise SolveCancelledError
        now = time.monotonic()
        if self._deadline is not None and now >= self._deadline:
            return True
        if self._progress is not None and (
            bound != self._last_bound or now - self._last_report >= _PROGRESS_GAP_SECONDS
        ):
            self._last_bound, self._last_report = bound, now
            self._progress(SearchProgress(bound, nodes, now - self._started))
        return False


class _StoppedError(Exception):
    """The poll asked the pure search to stop."""


def search_pure(
    width: int,
    height: int,
    labels: Sequence[int],
    *,
    groups: Sequence[Sequence[int]],
    tables: Sequence[bytes],
    mirrored: bool,
    automaton: move_automaton.MoveAutomaton,
    poll: SearchPoll,
    poll_interval: int,
    weight: Fraction = UNWEIGHTED,
    length_limit: int | None = None,
) -> tuple[list[int] | None, int] | None:
    """IDA* in pure Python: the labels moved on a shortest way home and the nodes generated,
    or None when `poll` returned True. `labels[cell]` is the goal cell of the tile there
    (`NO_LABEL` for the blank); `automaton` says which steps of the blank are taken (one
    built for this shape: `move_automaton.for_shape`); `poll(bound, nodes)` runs at every
    new bound and every `poll_interval` nodes (exceptions it raises propagate).
    `weight` and `length_limit` as in `run_weighted_search`: (None, nodes) when no solution
    is shorter than the limit. `tables` are compact (`pattern_db.compact_pure`)."""
    weight_num, weight_den = weight.numerator, weight.denominator
    if weight_den < 1 or weight < 1 or weight_num > MAX_WEIGHT_PART:
        raise ValueError(f"a weight of {weight}: at least 1, parts up to {MAX_WEIGHT_PART}")
    limit = _UNBOUNDED if length_limit is None else length_limit
    cell_count = width * height
    mirrored = mirrored and width == height
    neighbours = move_automaton.neighbour_steps(width, height)
    step_of = STEP_OF_REMAINDERS
    transitions = automaton.transitions
    step_count = len(move_automaton.STEPS)
    board = list(labels)
    blank = board.index(NO_LABEL)
    cell_of = [0] * cell_count
    for cell, label in enumerate(board):
        if label != NO_LABEL:
            cell_of[label] = cell
    group_of = [0] * cell_count
    for number, group in enumerate(groups):
        for label in group:
            group_of[label] = number
    # Only a square board has a transpose; elsewhere the mirror stays an unused copy.
    transpose = [
        (cell % width) * width + cell // width if mirrored else cell for cell in range(cell_count)
    ]
    mirror_cell_of = [0] * cell_count
    for label in range(cell_count):
        mirror_cell_of[transpose[label]] = transpose[cell_of[label]]

    # Each group's excess over its tiles' taxicab distance (`pattern_db.compact_pure`) is
    # tracked exactly, in the position and in its transpose: a child's follows from the
    # parent's and the child's stored remainder.
    distance = [
        [cell_distance(width, cell, label) for cell in range(cell_count)]
        for label in range(cell_count)
    ]

    def stored(number: int, where: list[int]) -> int:
        return packed_entry(
            tables[number], rank([where[label] for label in groups[number]], cell_count)
        )

    def root_entry(number: int, where: list[int]) -> tuple[int, int]:
        """The exact entry of group `number` in the position `where` and its excess."""
        positions = [where[label] for label in groups[number]]
        entry = exact_entry(width, height, groups[number], tables[number], positions)
        return entry, (entry - sum(distance[label][where[label]] for label in groups[number])) // 2

    direct = [root_entry(number, cell_of) for number in range(len(groups))]
    mirror = (
        [root_entry(number, mirror_cell_of) for number in range(len(groups))] if mirrored else []
    )
    group_excess = [excess for _entry, excess in direct]
    mirror_excess = [excess for _entry, excess in mirror] or [0] * len(groups)
    direct_sum = sum(entry for entry, _excess in direct)
    mirror_sum = sum(entry for entry, _excess in mirror)
    path: list[int] = []
    nodes = 0
    next_poll = poll_interval
    start_estimate = max(direct_sum, mirror_sum)
    bound = start_estimate * weight_num
    next_bound = 0

    def deepen(depth: int, state: int) -> bool:
        nonlocal blank, nodes, next_poll, next_bound, direct_sum, mirror_sum
        here = blank
        for cell, step in neighbours[here]:
            following = transitions[state * step_count + step]
            if following == move_automaton.REFUSED:
                continue
            nodes += 1
            label = board[cell]
            board[here], board[cell] = label, NO_LABEL
            cell_of[label] = here
            blank = cell
            number = group_of[label]
            old_excess = group_excess[number]
            new_excess = old_excess + step_of[old_excess % 3][stored(number, cell_of)]
            group_excess[number] = new_excess
            change = distance[label][here] - distance[label][cell] + 2 * (new_excess - old_excess)
            direct_sum += change
            estimate = direct_sum
            if mirrored:
                mirror_label = transpose[label]
                mirror_number = group_of[mirror_label]
                old_mirror = mirror_excess[mirror_number]
                mirror_cell_of[mirror_label] = transpose[here]
                new_mirror = (
                    old_mirror + step_of[old_mirror % 3][stored(mirror_number, mirror_cell_of)]
                )
                mirror_excess[mirror_number] = new_mirror
                mirror_change = (
                    distance[mirror_label][transpose[here]]
                    - distance[mirror_label][transpose[cell]]
                    + 2 * (new_mirror - old_mirror)
                )
                mirror_sum += mirror_change
                estimate = max(estimate, mirror_sum)
            cost = (depth + 1) * weight_den + estimate * weight_num
            found = False
            if depth + 1 + estimate >= limit:
                pass  # no solution shorter than the limit below this node
            elif cost <= bound:
                path.append(label)
                found = estimate == 0 or deepen(depth + 1, following)
                if not found:
                    path.pop()
            elif cost < next_bound:
                next_bound = cost
            board[here], board[cell] = NO_LABEL, label
            cell_of[label] = cell
            blank = here
            group_excess[number] = old_excess
            direct_sum -= change
            if mirrored:
                mirror_cell_of[mirror_label] = transpose[cell]
                mirror_excess[mirror_number] = old_mirror
                mirror_sum -= mirror_change
            if found:
                return True
            if nodes >= next_poll:
                next_poll = nodes + poll_interval
                if poll(bound, nodes):
                    raise _StoppedError
        return False

    try:
        while True:
            if poll(bound, nodes):
                return None
            if start_estimate >= limit:
                return None, nodes
            if start_estimate == 0:
                return path, nodes
            next_bound = _UNBOUNDED
            if deepen(0, 0):
                return path, nodes
            if next_bound == _UNBOUNDED and length_limit is not None:
                return None, nodes  # every node under the limit searched
            if next_bound == _UNBOUNDED:
                raise ValueError("the board cannot reach its goal")
            bound = next_bound
    except _StoppedError:
        return None


_UNBOUNDED = 1 << 30
#: The largest numerator or denominator of a weight (the compiled twin's too).
MAX_WEIGHT_PART = 64
