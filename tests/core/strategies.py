"""Hypothesis strategies for boards, goals and walks of slides, shared by the property
tests, and the genuine solutions the player's tests step through."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from core import Board, apply_slide, goal_board, legal_slides
from core.solution import Solution, SolveMethod, replay_end


@st.composite
def boards(
    draw: st.DrawFn,
    min_side: int = 1,
    max_side: int = 6,
    max_cells: int = 36,
) -> Board:
    """Any valid board with sides in [min_side, max_side] and at most max_cells cells."""
    width = draw(st.integers(min_side, max_side))
    lowest_height = max(min_side, 2 if width == 1 else 1)
    highest_height = max(lowest_height, min(max_side, max_cells // width))
    height = draw(st.integers(lowest_height, highest_height))
    cells = draw(st.permutations(range(width * height)))
    return Board(width, height, tuple(cells))


@st.composite
def boards_with_goals(
    draw: st.DrawFn, min_side: int = 1, max_side: int = 6
) -> tuple[Board, str | Board]:
    """A board and a goal for it: one of the named goals or a board of the same shape."""
    board = draw(boards(min_side=min_side, max_side=max_side))
    named = st.sampled_from(["blank-last", "blank-first"])
    custom = st.permutations(range(board.size)).map(
        lambda cells: Board(board.width, board.height, tuple(cells))
    )
    goal = draw(st.one_of(named, custom))
    return board, goal


def brute_force_inversions(board: Board, goal: str | Board) -> list[tuple[int, int]]:
    """Every inversion pair (a, b) by checking all pairs: a read first, b first in the goal."""
    if isinstance(goal, Board):
        goal_order = [tile for tile in goal.tiles if tile != 0]
    else:
        goal_order = list(range(1, board.size))
    rank = {tile: place for place, tile in enumerate(goal_order)}
    tiles = [tile for tile in board.tiles if tile != 0]
    return [
        (tiles[i], tiles[j])
        for i in range(len(tiles))
        for j in range(i + 1, len(tiles))
        if rank[tiles[i]] > rank[tiles[j]]
    ]


def random_walk(start: Board, length: int, rng: random.Random) -> tuple[int, ...]:
    """`length` legal slides from `start`, never straight back where another move exists."""
    board, slid = start, []
    for _ in range(length):
        choices = [tile for tile in legal_slides(board) if not slid or tile != slid[-1]]
        tile = rng.choice(choices or legal_slides(board))
        board = apply_slide(board, tile)
        slid.append(tile)
    return tuple(slid)


def walked_solution(goal: Board, length: int, seed: int) -> Solution:
    """A genuine solution: random slides away from the goal, taken back in reverse."""
    away = random_walk(goal, length, random.Random(seed))
    start = replay_end(goal, away)
    return Solution(start, goal, tuple(reversed(away)), SolveMethod.FAST, optimal=False)


@st.composite
def walks(draw: st.DrawFn, max_length: int = 40) -> Solution:
    """Any board and goal, and legal slides from the board (a solution's shape, though the
    slides need not reach the goal)."""
    board, goal = draw(boards_with_goals(min_side=1, max_side=4))
    moves = random_walk(board, draw(st.integers(0, max_length)), draw(st.randoms()))
    target = goal_board(goal, board.width, board.height)
    return Solution(board, target, moves, SolveMethod.FAST, optimal=False)
