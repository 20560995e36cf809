"""Stepping through a solution: the position at any step, the slide just made, the step's
bounds, the invariant said at each step, and jumps that never replay from the start."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import Board, BoardError, Rule, check, parse_board
from core import playthrough as playthrough_module
from core.invariant import Invariant
from core.playthrough import (
    MIN_SNAPSHOT_EVERY,
    SNAPSHOT_BYTES,
    Playthrough,
    Slide,
    moves_between_snapshots,
)
from core.solution import Solution, SolveMethod, replay_end
from tests.core.strategies import walked_solution, walks

ARTICLE_BOARD = Board.from_rows([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])


def truth(solution: Solution, step: int) -> tuple[Board, Invariant]:
    """The position after `step` moves replayed from the start, and its invariant counted by
    the rule itself."""
    position = replay_end(solution.start, solution.moves[:step])
    return position, Invariant.of(check(position, solution.goal))


# -- the model's promises, for any solution -------------------------------------------------


@given(walks(), st.data())
def test_n_steps_forward_then_n_back_return_to_where_it_was(
    solution: Solution, data: st.DataObject
) -> None:
    playthrough = Playthrough(solution)
    first = data.draw(st.integers(0, solution.length), label="first")
    playthrough.go_to(first)
    where, invariant = playthrough.position, playthrough.invariant
    steps = data.draw(st.integers(0, solution.length - first), label="steps")
    for _ in range(steps):
        assert playthrough.forward()
    for _ in range(steps):
        assert playthrough.back()
    assert playthrough.step == first
    assert playthrough.position == where
    assert playthrough.invariant == invariant


@given(walks(), st.integers(1, 5), st.lists(st.integers(-3, 45), max_size=12))
def test_the_position_at_step_k_is_the_first_k_moves_made(
    solution: Solution, every: int, targets: list[int]
) -> None:
    # Snapshots every few moves here, so jumps start from them as on a long solution.
    playthrough = Playthrough(solution, snapshot_every=every)
    for target in targets:
        playthrough.go_to(target)
        step = max(0, min(solution.length, target))
        assert playthrough.step == step
        position, invariant = truth(solution, step)
        assert playthrough.position == position
        assert playthrough.invariant == invariant


@given(walks(), st.data())
def test_single_steps_count_the_invariant_as_the_rule_does(
    solution: Solution, data: st.DataObject
) -> None:
    playthrough = Playthrough(solution)
    for forward in data.draw(st.lists(st.booleans(), max_size=30)):
        before = playthrough.step
        can_move = before < solution.length if forward else before > 0
        moved = playthrough.forward() if forward else playthrough.back()
        assert moved == can_move
        assert playthrough.step == before + (0 if not moved else 1 if forward else -1)
        position, invariant = truth(solution, playthrough.step)
        assert playthrough.position == position
        assert playthrough.invariant == invariant
        assert invariant.keeps_parity_of(playthrough.start_invariant)


@given(walks())
def test_the_step_stays_within_the_solution(solution: Solution) -> None:
    playthrough = Playthrough(solution)
    assert playthrough.at_start
    assert not playthrough.back()
    assert not playthrough.go_to(-1)
    assert playthrough.step == 0
    assert playthrough.go_to(solution.length + 5) == (solution.length > 0)
    assert playthrough.step == solution.length
    assert playthrough.at_end
    assert not playthrough.forward()
    assert playthrough.step == solution.length
    assert playthrough.position == replay_end(solution.start, solution.moves)


# -- the last slide -------------------------------------------------------------------------


def test_a_single_step_says_which_tile_slid_from_where_to_where() -> None:
    solution = walked_solution(Board.solved(5, 5), 30, 3)
    positions = list(solution.positions())
    playthrough = Playthrough(solution)
    assert playthrough.last_slide is None
    playthrough.go_to(17)
    assert playthrough.last_slide is None  # a jump: no one slide to show
    playthrough.forward()
    tile = solution.moves[17]
    assert playthrough.last_slide == Slide(
        tile, from_cell=positions[17].index_of(tile), to_cell=positions[17].blank_index
    )
    playthrough.back()  # the same tile, back the way it came
    assert playthrough.last_slide == Slide(
        tile, from_cell=positions[18].index_of(tile), to_cell=positions[18].blank_index
    )
    assert not playthrough.go_to(17)  # already there: nothing changes
    assert playthrough.last_slide is not None
    playthrough.go_to(19)
    assert playthrough.last_slide is None


# -- what the player says at a step ---------------------------------------------------------


def test_the_invariant_line_on_the_articles_board() -> None:
    # Tile 11 slides down into the blank and back, numbers counted against the classic
    # goal (blank last), as the articles count them.
    solution = Solution(ARTICLE_BOARD, Board.solved(4, 4), (11, 11), SolveMethod.FAST, False)
    playthrough = Playthrough(solution)
    # At the start there is nothing to compare with: it says what every slide keeps.
    assert playthrough.invariant_text == (
        "Start: 49 inversions + blank row 2 = 51, odd, which every slide keeps"
    )
    playthrough.forward()
    assert playthrough.invariant == Invariant(Rule.EVEN_WIDTH, 48, 3)
    assert playthrough.invariant_text == (
        "Step 1 of 2: 48 inversions + blank row 3 = 51, odd, as at the start"
    )


def test_the_last_step_says_it_is_the_goal() -> None:
    solution = Solution(
        parse_board("1 2 3/4 5 6/0 7 8"), Board.solved(3, 3), (7, 8), SolveMethod.OPTIMAL, True
    )
    playthrough = Playthrough(solution)
    playthrough.go_to(2)
    assert (
        playthrough.invariant_text == "Step 2 of 2: 0 inversions, even, as at the start. The goal."
    )
    playthrough.go_to(0)
    assert playthrough.invariant_text == "Start: 0 inversions, even, which every slide keeps"


def test_a_solution_of_no_moves_is_at_its_start_and_its_end() -> None:
    goal = Board.solved(4, 4)
    playthrough = Playthrough(Solution(goal, goal, (), SolveMethod.OPTIMAL, True))
    assert playthrough.at_start
    assert playthrough.at_end
    assert not playthrough.forward()
    assert playthrough.invariant_text == (
        "Start: 0 inversions + blank row 1 = 1, odd, which every slide keeps"
    )


def test_the_start_verdict_given_is_not_counted_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # The window holds the verdict of the board on screen, which is the solution's start.
    solution = walked_solution(Board.solved(4, 4), 12, 5)
    verdict = check(solution.start, solution.goal)

    def no_count(_ranks: object) -> int:
        raise AssertionError("counted again")

    monkeypatch.setattr(playthrough_module, "count_inversions", no_count)
    playthrough = Playthrough(solution, start_verdict=verdict)
    assert playthrough.start_invariant == Invariant.of(verdict)
    for _ in range(solution.length):
        playthrough.forward()  # one slide at a time is never a recount either
    assert playthrough.invariant == Invariant.of(check(solution.goal, solution.goal))


def test_a_start_verdict_of_another_shape_is_refused() -> None:
    solution = walked_solution(Board.solved(4, 4), 4, 6)
    with pytest.raises(ValueError, match="a 3x3 board's verdict, not the 4x4 start's"):
        Playthrough(solution, start_verdict=check(Board.solved(3, 3)))


# -- long solutions -------------------------------------------------------------------------


@pytest.fixture
def walked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of moves each walk makes (forward or back), as the model asks for them."""
    lengths: list[int] = []
    walker = playthrough_module._Walker
    forward, back = walker.forward, walker.back

    def counted_forward(self, tiles, blank, start, stop):  # type: ignore[no-untyped-def]
        lengths.append(stop - start)
        return forward(self, tiles, blank, start, stop)

    def counted_back(self, tiles, blank, start, stop):  # type: ignore[no-untyped-def]
        lengths.append(start - stop)
        return back(self, tiles, blank, start, stop)

    monkeypatch.setattr(walker, "forward", counted_forward)
    monkeypatch.setattr(walker, "back", counted_back)
    return lengths


def test_jumps_on_a_long_solution_start_from_the_nearest_snapshot(walked: list[int]) -> None:
    # A whole number of snapshots long: the end is one too.
    solution = walked_solution(Board.solved(3, 3), 80 * MIN_SNAPSHOT_EVERY, 7)
    playthrough = Playthrough(solution)
    every = moves_between_snapshots(solution.length, 9)
    assert every == MIN_SNAPSHOT_EVERY
    playthrough.go_to(solution.length)  # the first pass leaves snapshots along the way
    assert playthrough.position == solution.goal
    walked.clear()
    rng = random.Random(8)
    for target in rng.sample(range(solution.length + 1), 40):
        playthrough.go_to(target)
        assert playthrough.position == replay_end(solution.start, solution.moves[:target])
    # From the nearest snapshot or the step it was at, whichever is nearer: never more
    # than half the distance between two snapshots.
    assert walked
    assert max(walked) <= every // 2


def test_stepping_along_leaves_snapshots_a_jump_can_use(walked: list[int]) -> None:
    solution = walked_solution(Board.solved(4, 4), 3 * MIN_SNAPSHOT_EVERY, 9)
    playthrough = Playthrough(solution)
    for _ in range(2 * MIN_SNAPSHOT_EVERY + 3):
        playthrough.forward()
    walked.clear()
    playthrough.go_to(MIN_SNAPSHOT_EVERY + 1)
    assert walked == [1]
    assert playthrough.position == replay_end(
        solution.start, solution.moves[: MIN_SNAPSHOT_EVERY + 1]
    )


@pytest.mark.parametrize(
    ("moves", "cells"), [(10_000_000, 90_000), (50, 9), (3_000_000, 4_000_000)]
)
def test_snapshots_fit_their_memory_whatever_the_solution(moves: int, cells: int) -> None:
    every = moves_between_snapshots(moves, cells)
    assert every >= MIN_SNAPSHOT_EVERY
    snapshots = moves // every  # beside the start, which the solution holds anyway
    assert snapshots * cells * 4 <= SNAPSHOT_BYTES


# -- a solution whose letters cannot all be made --------------------------------------------


def test_a_letter_that_cannot_be_made_stops_at_the_move_before_it() -> None:
    start = Board.solved(3, 3)  # the blank in the bottom right corner: nothing below it
    solution = Solution(start, start, None, SolveMethod.FAST, False, letters=b"RRUX")
    playthrough = Playthrough(solution)
    playthrough.go_to(2)
    with pytest.raises(BoardError, match="move 3: no tile can slide U into the blank"):
        playthrough.forward()
    assert playthrough.step == 2
    assert playthrough.position == parse_board("1 2 3/4 5 6/0 7 8")
    playthrough.go_to(0)
    with pytest.raises(BoardError, match="move 3: no tile can slide U into the blank"):
        playthrough.go_to(4)
    assert playthrough.step == 2  # as far as the letters go
    assert playthrough.position == parse_board("1 2 3/4 5 6/0 7 8")
    assert playthrough.invariant == Invariant.of(check(playthrough.position))


def test_a_letter_that_is_no_direction_is_named() -> None:
    start = Board.solved(3, 3)
    solution = Solution(start, start, None, SolveMethod.FAST, False, letters=b"RX")
    playthrough = Playthrough(solution)
    with pytest.raises(BoardError, match="move 2: 'X' is not one of U, D, L, R"):
        playthrough.go_to(2)
    assert playthrough.step == 1
