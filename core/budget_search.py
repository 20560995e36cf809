"""Near-shortest solutions within a time budget, with what the search proved (the 24-puzzle).

A shortest solution of a 5x5 board can take IDA* hours, so a search with a budget runs in
two phases over the same pattern databases and move automaton as `core.search`:

1. Weighted IDA* (a node costs its depth plus `weight` times its estimate) dives to a
   solution at most `weight` times a shortest one's length, far sooner than plain IDA*.
   The weights of `WEIGHT_SCHEDULE` are tried in turn, heaviest first, each only for
   solutions shorter than the best found so far (a node whose depth and estimate reach
   that length is not searched), so each later, lighter pass searches a smaller tree for
   a shorter solution. A pass that searches every node under that length proves the best
   found shortest.
2. Plain IDA* with whatever budget is left: each bound it searches in full proves that no
   solution is shorter than the next, and its first solution is a shortest one.

The outcome is the best solution found with its proven lower bound ("94 moves; no solution
shorter than 88"), shortest when the two meet. The search starts from a solution the
caller already has (the beam search's, in a tenth of a second), so it always has one to
give back.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from core import pattern_db, speedups, symmetry
from core.search import (
    UNWEIGHTED,
    relabel,
    run_weighted_search,
)
from core.solution import SearchProgress, SolveCancelledError, distance_bound

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from core.board import Board

#: The weights of the first phase, heaviest first (bench/README.md, "5x5: near-shortest
#: within a budget", has the lengths and times each reached).
WEIGHT_SCHEDULE = (
    Fraction(3, 2),
    Fraction(4, 3),
    Fraction(5, 4),
    Fraction(6, 5),
    Fraction(8, 7),
    Fraction(10, 9),
)
#: The share of the budget the weighted passes may take; plain IDA* gets the rest, and
#: all of it once the passes are done.
WEIGHTED_SHARE = 0.6
#: Shortest gap between two progress reports within one pass.
_PROGRESS_GAP_SECONDS = 0.1


@dataclass(frozen=True)
class BudgetOutcome:
    """What a budgeted search found and proved."""

    #: The tiles slid on the shortest solution found; None when none was shorter than the
    #: one the search started from.
    moves: tuple[int, ...] | None
    #: No solution is shorter (at most the length of the best solution known).
    lower_bound: int
    #: Positions generated over every pass.
    nodes: int


def search_within_budget(
    board: Board,
    goal: Board,
    known_length: int,
    *,
    deadline: float | None,
    progress: Callable[[SearchProgress], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    weights: Sequence[Fraction] = WEIGHT_SCHEDULE,
    weighted_share: float = WEIGHTED_SHARE,
) -> BudgetOutcome:
    """Search for solutions of `board` towards `goal` shorter than `known_length` (the length
    of a solution the caller holds) until `time.monotonic()` passes `deadline`. With no
    deadline only plain IDA* runs, until a shortest solution is proven.

    The databases that serve `goal` must be built (`core.search.prepare_databases`): this
    never builds them. Raises `SolveCancelledError` when `cancelled()` returns True.
    `progress` hears each pass's bound and nodes, the best length so far and the lower
    bound proven so far."""
    engine = speedups.compiled_twins.search
    started = time.monotonic()
    table_cell = pattern_db.serving_cell(goal.width, goal.height, goal.blank_index)
    databases = pattern_db.load(goal.width, goal.height, table_cell, engine=engine)
    turn = symmetry.carrying(goal.width, goal.height, goal.blank_index, table_cell)
    labels = relabel(board, goal, turn)
    positions = [0] * len(labels)
    for cell, label in enumerate(labels):
        if label >= 0:
            positions[label] = cell
    parity_bound = distance_bound(board, goal)
    lower_bound = _with_parity(max(databases.heuristic(positions), parity_bound), parity_bound)
    best_labels: list[int] | None = None
    best_length = known_length
    nodes = 0
    if deadline is None:
        # Each weighted pass ends only when it finds a solution or proves there is none
        # shorter: with no deadline to end them, the lighter ones could outlast the proof.
        weights = ()
        weighted_deadline = None
    else:
        weighted_deadline = started + (deadline - started) * weighted_share

    def report(pass_bound: int | None, pass_nodes: int) -> None:
        # A weighted pass's bound is a weighted cost, no length: the proven bound stands in.
        if progress is not None:
            progress(
                SearchProgress(
                    lower_bound if pass_bound is None else pass_bound,
                    nodes + pass_nodes,
                    time.monotonic() - started,
                    best_length=best_length,
                    lower_bound=lower_bound,
                )
            )

    for weight in weights:
        if lower_bound >= best_length:
            break
        poll = _BudgetPoll(weighted_deadline, report, cancelled, lengths=False)
        found = run_weighted_search(
            labels, databases, poll, engine, weight=weight, length_limit=best_length
        )
        if found is None:
            nodes += poll.nodes
            break  # this phase's share is spent
        moved, pass_nodes = found
        nodes += pass_nodes
        if moved is None:
            lower_bound = best_length  # every node under the best length searched
            break
        best_labels, best_length = moved, len(moved)
    if lower_bound < best_length:
        poll = _BudgetPoll(deadline, report, cancelled, lengths=True)
        found = run_weighted_search(
            labels, databases, poll, engine, weight=UNWEIGHTED, length_limit=best_length
        )
        if found is None:
            nodes += poll.nodes
            # Every bound below the one in progress was searched in full.
            lower_bound = max(lower_bound, _with_parity(poll.bound, parity_bound))
        else:
            moved, pass_nodes = found
            nodes += pass_nodes
            if moved is not None:
                best_labels, best_length = moved, len(moved)
            lower_bound = best_length
    moves = None
    if best_labels is not None:
        back = turn.inverse.cells
        moves = tuple(goal.tiles[back[label]] for label in best_labels)
    return BudgetOutcome(moves, min(lower_bound, best_length), nodes)


def _with_parity(bound: int, parity_bound: int) -> int:
    """`bound` raised to the parity every solution's length has (that of `parity_bound`)."""
    return bound + (bound - parity_bound) % 2


class _BudgetPoll:
    """The poll of one pass: the deadline, cancellation and progress. Remembers the bound in
    progress (for plain IDA*: every smaller one was searched in full) and the nodes."""

    def __init__(
        self,
        deadline: float | None,
        report: Callable[[int | None, int], None],
        cancelled: Callable[[], bool] | None,
        *,
        lengths: bool,
    ) -> None:
        #: Whether the pass's bounds are lengths (plain IDA*), not weighted costs.
        self._lengths = lengths
        self._deadline = deadline
        self._report = report
        self._cancelled = cancelled
        self._last_report = 0.0
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
        if now - self._last_report >= _PROGRESS_GAP_SECONDS:
            self._last_report = now
            self._report(bound if self._lengths else None, nodes)
        return False
