"""Shuffles by difficulty: a board a given number of slides from the goal at most, checked
against breadth-first distances on the 3x3 (every position's true distance)."""

from __future__ import annotations

import random

import pytest

from core import Board, check
from core.moves import Difficulty, shuffle_slides, shuffled
from core.rule import GoalName, goal_board
from tests.core.ground_truth import distances_from

GOAL_3X3 = Board.solved(3, 3)


@pytest.fixture(scope="module")
def distances() -> dict[tuple[int, ...], int]:
    return distances_from(3, 3, GOAL_3X3.tiles)


@pytest.mark.parametrize("difficulty", [Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD])
def test_a_shuffle_is_at_most_its_slides_from_the_goal_and_near_them(
    distances: dict[tuple[int, ...], int], difficulty: Difficulty
) -> None:
    rng = random.Random(7)
    slides = shuffle_slides(3, 3, difficulty)
    found = [
        distances[shuffled(3, 3, GoalName.BLANK_LAST, difficulty, rng).tiles] for _ in range(40)
    ]
    assert max(found) <= slides
    # A walk that never comes back to a position it left ends far out, not near home.
    assert sum(found) / len(found) >= 0.6 * min(slides, 31)


def test_harder_shuffles_end_farther_from_the_goal(distances: dict[tuple[int, ...], int]) -> None:
    rng = random.Random(3)

    def mean(difficulty: Difficulty) -> float:
        boards = [shuffled(3, 3, GoalName.BLANK_LAST, difficulty, rng) for _ in range(40)]
        return sum(distances[board.tiles] for board in boards) / len(boards)

    assert mean(Difficulty.EASY) < mean(Difficulty.MEDIUM) < mean(Difficulty.HARD)


def test_the_fifteen_puzzles_difficulties_are_the_issues_lengths() -> None:
    assert shuffle_slides(4, 4, Difficulty.EASY) == 20
    assert shuffle_slides(4, 4, Difficulty.MEDIUM) == 35


@pytest.mark.parametrize("difficulty", list(Difficulty))
@pytest.mark.parametrize(
    ("width", "height", "goal"),
    [(4, 4, GoalName.BLANK_LAST), (5, 3, GoalName.BLANK_FIRST), (2, 2, GoalName.BLANK_LAST)],
)
def test_every_shuffle_is_solvable_for_its_goal(
    width: int, height: int, goal: GoalName, difficulty: Difficulty
) -> None:
    rng = random.Random(11)
    for _ in range(5):
        board = shuffled(width, height, goal, difficulty, rng)
        assert check(board, goal).solvable
        assert board != goal_board(goal, width, height)  # never no game at all
