"""The near-optimal search within a budget (core.budget_search) and weighted IDA*: on small
boards with small tables standing in for the 24-puzzle's (the same code at every size),
lengths and lower bounds against breadth-first distances, weighted lengths within their
weight, both twins node for node, every solution replayed, the budget and Cancel obeyed;
the move automaton a 5x5 borrows from smaller shapes; and a 5x5 whose tables are missing
answered by the beam search without building anything."""

from __future__ import annotations

import random
import time
from fractions import Fraction
from typing import TYPE_CHECKING

import pytest

from core import move_automaton, pattern_db, search
from core.board import Board
from core.budget_search import search_within_budget
from core.fast_solver import solve_fast_letters
from core.moves import random_board
from core.rule import GoalName, goal_board
from core.solution import SearchProgress, SolveCancelledError, SolveMethod, replay_end
from core.solve import default_method, solve
from tests.core.ground_truth import distances_from
from tests.core.pattern_cache import databases_of

if TYPE_CHECKING:
    from pathlib import Path

    from core.speedups import CompiledTwins
    from tests.core.conftest import Compiled

#: The compiled twin's budget in these tests (small tables, built in seconds).
TEST_MAX_ENTRIES = 6_000_000


@pytest.fixture(scope="module")
def module_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("budget-cache")


@pytest.fixture(autouse=True)
def _small_tables(module_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(module_cache))
    monkeypatch.setenv(pattern_db.MAX_ENTRIES_VARIABLE, str(TEST_MAX_ENTRIES))


def samples(width: int, height: int, goal: Board, count: int) -> list[tuple[Board, int]]:
    """`count` positions (the farthest first) with their breadth-first distances."""
    known = distances_from(width, height, goal.tiles)
    farthest = max(known.values())
    positions = sorted(known)
    chosen = [position for position in positions if known[position] == farthest][:1]
    chosen += random.Random(f"budget-{width}x{height}").sample(positions, count)
    return [(Board(width, height, tiles), known[tiles]) for tiles in chosen]


def small_databases(goal: Board) -> pattern_db.PatternDatabases:
    groups = pattern_db.partition(goal.width, goal.height, goal.blank_index, 400)
    return databases_of(goal.width, goal.height, goal.blank_index, groups)


def never_stop(_bound: int, _nodes: int) -> bool:
    return False


@pytest.mark.parametrize("weight", [Fraction(1), Fraction(6, 5), Fraction(3, 2), Fraction(3)])
def test_weighted_lengths_stay_within_their_weight_in_both_twins_node_for_node(
    compiled: Compiled, weight: Fraction
) -> None:
    goal = Board.solved(3, 3, blank_first=True)
    databases = small_databases(goal)
    for board, distance in samples(3, 3, goal, 8):
        labels = search.relabel(board, goal)
        found = search.run_weighted_search(
            labels, databases, never_stop, compiled.search, weight=weight
        )
        pure = search.run_weighted_search(labels, databases, never_stop, None, weight=weight)
        assert found == pure
        assert found is not None
        moved, _nodes = found
        assert moved is not None
        assert distance <= len(moved) <= weight * distance
        assert replay_end(board, [goal.tiles[label] for label in moved]) == goal


@pytest.mark.parametrize("weight", [Fraction(1), Fraction(5, 4)])
def test_a_length_limit_finds_only_shorter_solutions_and_proves_when_none_is(
    compiled: Compiled, weight: Fraction
) -> None:
    goal = Board.solved(3, 3, blank_first=True)
    databases = small_databases(goal)
    for board, distance in samples(3, 3, goal, 6):
        labels = search.relabel(board, goal)
        for engine in (compiled.search, None):
            none_shorter = search.run_weighted_search(
                labels, databases, never_stop, engine, weight=weight, length_limit=distance
            )
            assert none_shorter is not None
            assert none_shorter[0] is None
            shortest = search.run_weighted_search(
                labels, databases, never_stop, engine, length_limit=distance + 1
            )
            assert shortest is not None
            assert shortest[0] is not None
            assert len(shortest[0]) == distance


@pytest.mark.parametrize(("width", "height"), [(3, 3), (2, 4), (4, 2)])
def test_with_time_to_spare_the_lower_bound_meets_the_breadth_first_distance(
    twin: CompiledTwins, width: int, height: int
) -> None:
    for goal_name in (GoalName.BLANK_FIRST, GoalName.BLANK_LAST):
        goal = goal_board(goal_name, width, height)
        for board, distance in samples(width, height, goal, 8):
            known = solve_fast_letters(board, goal)
            outcome = search_within_budget(board, goal, len(known), deadline=time.monotonic() + 600)
            assert outcome.lower_bound == distance
            if outcome.moves is None:
                assert len(known) == distance
            else:
                assert len(outcome.moves) == distance
                assert replay_end(board, outcome.moves) == goal


def test_weighted_passes_alone_give_valid_solutions_and_a_bound_never_too_high(
    twin: CompiledTwins,
) -> None:
    goal = goal_board(GoalName.BLANK_LAST, 3, 3)
    for board, distance in samples(3, 3, goal, 10):
        known = solve_fast_letters(board, goal)
        # No share for plain IDA*: what the weighted passes found and proved stands alone.
        outcome = search_within_budget(
            board, goal, len(known), deadline=time.monotonic() + 600, weighted_share=1.0
        )
        assert outcome.lower_bound <= distance
        assert (outcome.lower_bound - distance) % 2 == 0
        if outcome.moves is not None:
            assert distance <= len(outcome.moves) < len(known)
            assert replay_end(board, outcome.moves) == goal


def test_a_spent_budget_still_answers_with_a_true_lower_bound(twin: CompiledTwins) -> None:
    goal = goal_board(GoalName.BLANK_FIRST, 3, 3)
    search.prepare_databases(goal)
    for board, distance in samples(3, 3, goal, 10):
        known = solve_fast_letters(board, goal)
        outcome = search_within_budget(board, goal, len(known), deadline=time.monotonic())
        assert outcome.moves is None
        assert outcome.lower_bound <= distance


def test_cancel_stops_the_search(twin: CompiledTwins) -> None:
    goal = goal_board(GoalName.BLANK_FIRST, 3, 3)
    board, _distance = samples(3, 3, goal, 1)[0]
    known = solve_fast_letters(board, goal)
    with pytest.raises(SolveCancelledError):
        search_within_budget(
            board, goal, len(known), deadline=time.monotonic() + 600, cancelled=lambda: True
        )


def test_sequences_of_smaller_shapes_are_redundant_on_a_larger_one() -> None:
    """What a 5x5 borrows (`borrowed_sequences`), checked where the larger shape's own
    sequences are known: each smaller shape's sequence inside a 3x5 or 4x4 is refused by
    that shape's own automaton (it is, or holds, a redundant sequence there)."""
    for width, height in [(3, 5), (4, 4), (4, 3)]:
        own = move_automaton.for_shape(width, height)
        for shape_width, shape_height in move_automaton.shapes():
            if (shape_width, shape_height) == (width, height):
                continue
            if shape_width <= width and shape_height <= height:
                for sequence in move_automaton.stored_sequences(shape_width, shape_height):
                    assert not own.accepts(sequence), (shape_width, shape_height, sequence)


def test_a_five_by_five_borrows_every_smaller_shapes_sequences() -> None:
    borrowed = set(move_automaton.borrowed_sequences(5, 5))
    assert set(move_automaton.stored_sequences(4, 4)) <= borrowed
    assert set(move_automaton.stored_sequences(3, 5)) <= borrowed
    automaton = move_automaton.for_shape(5, 5)
    assert not any(automaton.accepts(sequence) for sequence in borrowed)


def test_a_five_by_five_without_tables_gets_the_beam_search_and_builds_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    monkeypatch.delenv(pattern_db.MAX_ENTRIES_VARIABLE)
    pattern_db.forget_loaded()
    goal = goal_board(GoalName.BLANK_LAST, 5, 5)
    board = random_board(5, 5, solvable=True, rng=random.Random(5))
    assert default_method(board) is SolveMethod.BEAM
    solution = solve(board, GoalName.BLANK_LAST)
    assert solution.method is SolveMethod.BEAM
    assert replay_end(board, solution.moves) == goal
    # Asked for by name, the near-optimal search finds no tables and builds none either.
    asked = solve(board, GoalName.BLANK_LAST, method=SolveMethod.NEAR_OPTIMAL)
    assert asked.method is SolveMethod.BEAM
    assert asked.lower_bound is not None
    assert asked.lower_bound <= asked.length
    assert not any(tmp_path.iterdir())


def test_an_optimal_solve_of_a_board_over_sixteen_cells_builds_and_proves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 5x5's path on a 3x6 with small tables: `--optimal` builds them, then the
    search runs until the solution is proven shortest; afterwards a plain solve of such a
    board takes the near-optimal search, within its budget, with a true lower bound."""
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    goal = goal_board(GoalName.BLANK_LAST, 3, 6)
    rng = random.Random(36)
    board = goal
    for _ in range(14):
        board = _slide_away(board, rng)
    assert default_method(board, None, GoalName.BLANK_LAST) is SolveMethod.BEAM
    proven = solve(board, GoalName.BLANK_LAST, method=SolveMethod.OPTIMAL)
    assert proven.optimal
    assert proven.length <= 14
    assert replay_end(board, proven.moves) == goal
    assert default_method(board, None, GoalName.BLANK_LAST) is SolveMethod.NEAR_OPTIMAL
    budgeted = solve(board, GoalName.BLANK_LAST, time_budget=5.0)
    assert budgeted.lower_bound is not None
    assert budgeted.lower_bound <= proven.length <= budgeted.length
    assert replay_end(board, budgeted.moves) == goal


def test_the_near_optimal_search_asked_to_build_builds_then_keeps_to_its_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the window asks for when a person chooses to build the tables: built first,
    however short the budget (a budget that stops the build would leave them unbuilt for
    ever), then searched within it, with a true lower bound."""
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    pattern_db.forget_loaded()
    goal = goal_board(GoalName.BLANK_LAST, 3, 6)
    rng = random.Random(63)
    board = goal
    for _ in range(12):
        board = _slide_away(board, rng)
    assert default_method(board, None, GoalName.BLANK_LAST) is SolveMethod.BEAM
    reports: list[SearchProgress] = []
    solution = solve(
        board,
        GoalName.BLANK_LAST,
        method=SolveMethod.NEAR_OPTIMAL,
        time_budget=0.001,
        build_tables=True,
        progress=reports.append,
    )
    built = [report.building_tables for report in reports if report.building_tables is not None]
    assert built
    assert built[-1] == 1.0
    assert replay_end(board, solution.moves) == goal
    assert solution.lower_bound is not None
    assert solution.lower_bound <= solution.length
    assert default_method(board, None, GoalName.BLANK_LAST) is SolveMethod.NEAR_OPTIMAL
    # Built once: asked again, nothing is built.
    reports.clear()
    solve(
        board,
        GoalName.BLANK_LAST,
        method=SolveMethod.NEAR_OPTIMAL,
        build_tables=True,
        progress=reports.append,
    )
    assert all(report.building_tables is None for report in reports)


def test_cancel_stops_a_build_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    pattern_db.forget_loaded()
    board = random_board(3, 6, solvable=True, rng=random.Random(8))
    with pytest.raises(SolveCancelledError):
        solve(
            board,
            GoalName.BLANK_LAST,
            method=SolveMethod.NEAR_OPTIMAL,
            build_tables=True,
            cancelled=lambda: True,
        )


def _slide_away(board: Board, rng: random.Random) -> Board:
    from core.moves import legal_slides

    return replay_end(board, [rng.choice(legal_slides(board))])


def test_the_command_line_prints_the_lower_bound_and_whether_it_is_proven(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`solve --optimal --time-budget --json` on a 3x6 with small tables: the JSON carries
    the length, the lower bound and whether the length is proven shortest."""
    import io
    import json

    from core.cli.solve import main

    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    goal = goal_board(GoalName.BLANK_LAST, 3, 6)
    board = random_board(3, 6, solvable=True, rng=random.Random(18))
    out = io.StringIO()
    text = "\n".join(
        " ".join(str(tile) for tile in board.tiles[row * 3 : row * 3 + 3]) for row in range(6)
    )
    argv = ["--optimal", "--time-budget", "3", "--json", "--width", "3"]
    assert main(argv, stdin=io.StringIO(text), stdout=out) == 0
    result = json.loads(out.getvalue())
    assert result["lower_bound"] <= result["length"]
    assert result["optimal"] == (result["lower_bound"] == result["length"])
    assert replay_end(board, result["moves"]) == goal
