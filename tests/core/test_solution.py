"""The solution value: replay, letters and their inverse, on hand-checked boards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import Board, BoardError, parse_board
from core.moves import legal_slides
from core.solution import (
    Solution,
    SolveMethod,
    directions_of,
    distance_bound,
    moves_from_directions,
    replay,
    replay_end,
)

if TYPE_CHECKING:
    import random

ONE_AWAY = parse_board("1 2 3\n4 5 6\n7 0 8")  # tile 8 slides left into the blank


def test_one_move_replays_to_the_goal_and_is_named_by_its_travel() -> None:
    solution = Solution(ONE_AWAY, Board.solved(3, 3), (8,), SolveMethod.OPTIMAL, optimal=True)
    assert solution.length == 1
    assert solution.directions == "L"
    assert list(solution.positions()) == [ONE_AWAY, Board.solved(3, 3)]
    assert solution.to_dict() == {
        "solvable": True,
        "optimal": True,
        "lower_bound": 1,
        "length": 1,
        "moves": [8],
        "directions": "L",
    }


def test_each_letter_names_the_way_the_tile_travels() -> None:
    centre = parse_board("1 2 3\n4 0 5\n6 7 8")
    assert directions_of(centre, [2]) == "D"  # 2 above the blank slides down
    assert directions_of(centre, [7]) == "U"
    assert directions_of(centre, [4]) == "R"
    assert directions_of(centre, [5]) == "L"


def test_a_move_that_is_not_beside_the_blank_is_named() -> None:
    with pytest.raises(BoardError, match="move 2: tile 1 is not beside the blank"):
        list(replay(ONE_AWAY, [8, 1]))
    with pytest.raises(BoardError, match="move 1: there is no tile 9"):
        replay_end(ONE_AWAY, [9])
    # A tile at the end of one row is not beside the start of the next.
    wrap = parse_board("1 2 3\n0 4 5\n6 7 8")
    with pytest.raises(BoardError, match="not beside"):
        directions_of(wrap, [3])


def test_letters_that_leave_the_board_are_refused() -> None:
    corner = Board.solved(3, 3)
    with pytest.raises(BoardError, match="move 1: no tile can slide U"):
        moves_from_directions(corner, "U")
    with pytest.raises(BoardError, match="'x' is not one of"):
        moves_from_directions(corner, "x")


@given(st.integers(2, 5), st.integers(2, 5), st.integers(0, 60), st.randoms())
def test_letters_and_moves_are_inverse_and_replays_agree(
    width: int, height: int, length: int, rng: random.Random
) -> None:
    board = Board.solved(width, height)
    moves = []
    for _ in range(length):
        tile = rng.choice(legal_slides(board))
        moves.append(tile)
        board = board.with_swapped(board.index_of(tile), board.blank_index)
    start = Board.solved(width, height)
    letters = directions_of(start, moves)
    assert len(letters) == length
    assert moves_from_directions(start, letters) == tuple(moves)
    positions = list(replay(start, moves))
    assert len(positions) == length + 1
    assert positions[-1] == board == replay_end(start, moves)


def test_a_solution_from_letters_names_its_tiles_without_its_tile_list() -> None:
    start = parse_board("1 2 3\n4 5 6\n0 7 8")
    solution = Solution(
        start, Board.solved(3, 3), None, SolveMethod.FAST, optimal=False, letters=b"LL"
    )
    assert solution == Solution(start, Board.solved(3, 3), (7, 8), SolveMethod.FAST, False)
    assert "moves" not in vars(solution)  # the tile numbers are not built until asked for
    assert solution.tile_slid(start, 0) == 7
    assert solution.tile_slid(parse_board("1 2 3\n4 5 6\n7 0 8"), 1) == 8
    assert solution.moves == (7, 8)


def test_the_length_text_says_how_short_it_is_known_to_be() -> None:
    start = parse_board("1 2 3\n4 5 6\n0 7 8")
    goal = Board.solved(3, 3)
    assert Solution(start, goal, (7, 8), SolveMethod.OPTIMAL, True).length_text == (
        "2 moves, shortest possible"
    )
    assert Solution(goal, goal, (), SolveMethod.OPTIMAL, True).length_text == (
        "0 moves: the board is already at its goal"
    )
    one = Solution(parse_board("1 2 3\n4 5 6\n7 0 8"), goal, (8,), SolveMethod.FAST, False)
    assert one.length_text == "1 move, not the shortest"
    long = Solution(start, goal, None, SolveMethod.FAST, False, letters=b"LR" * 617 + b"LL")
    assert long.length_text == "1,236 moves, not the shortest"
    bounded = Solution(
        start, goal, None, SolveMethod.FAST, False, letters=long.letters, lower_bound=1000
    )
    assert bounded.length_text == (
        "1,236 moves, maybe not the shortest: none is shorter than 1,000"
    )


def test_the_lower_bound_of_an_optimal_solution_is_its_length() -> None:
    start = parse_board("1 2 3\n4 5 6\n0 7 8")
    goal = Board.solved(3, 3)
    assert Solution(start, goal, (7, 8), SolveMethod.OPTIMAL, True).lower_bound == 2
    assert Solution(start, goal, (7, 8), SolveMethod.OPTIMAL, True, lower_bound=2).lower_bound == 2
    # The hand method proves nothing unless told what a search proved.
    assert Solution(start, goal, (7, 8), SolveMethod.FAST, False).lower_bound is None
    bounded = Solution(start, goal, (7, 8), SolveMethod.FAST, False, lower_bound=0)
    assert bounded.lower_bound == 0
    assert bounded.to_dict()["lower_bound"] == 0
    assert bounded != Solution(start, goal, (7, 8), SolveMethod.FAST, False)


@pytest.mark.parametrize(("optimal", "lower_bound"), [(True, 1), (False, 3), (False, -1)])
def test_a_lower_bound_that_cannot_hold_is_refused(optimal: bool, lower_bound: int) -> None:
    start = parse_board("1 2 3\n4 5 6\n0 7 8")
    with pytest.raises(ValueError, match=f"lower bound of {lower_bound} does not fit"):
        Solution(
            start, Board.solved(3, 3), (7, 8), SolveMethod.FAST, optimal, lower_bound=lower_bound
        )


def test_the_distance_bound_on_hand_checked_boards() -> None:
    assert distance_bound(ONE_AWAY, Board.solved(3, 3)) == 1
    # 8 6 7 / 2 5 4 / 3 _ 1, 31 moves from the goal: 21 by distances alone.
    assert distance_bound(parse_board("8 6 7/2 5 4/3 0 1"), Board.solved(3, 3)) == 21
    # Every tile one cell along in reading order: 1 each, 4 for the two that change rows.
    assert distance_bound(Board.solved(4, 3), Board.solved(4, 3, blank_first=True)) == 17


@given(st.integers(2, 4), st.integers(2, 4), st.integers(0, 40), st.randoms())
def test_the_distance_bound_never_exceeds_a_walk_and_shares_its_parity(
    width: int, height: int, length: int, rng: random.Random
) -> None:
    goal = Board.solved(width, height)
    board = goal
    for _ in range(length):
        tile = rng.choice(legal_slides(board))
        board = board.with_swapped(board.index_of(tile), board.blank_index)
    bound = distance_bound(board, goal)
    assert bound <= length
    assert bound % 2 == length % 2


@given(
    side=st.integers(2, 9),
    piece=st.integers(1, 40),
    seed=st.integers(0, 2**16),
    lower_bound=st.booleans(),
)
def test_json_in_pieces_is_exactly_the_json_of_the_whole(
    side: int, piece: int, seed: int, lower_bound: bool
) -> None:
    import json
    import random

    from core import random_board
    from core.fast_solver import solve_fast_letters

    start = random_board(side, side + 1, solvable=True, rng=random.Random(seed))
    goal = Board.solved(side, side + 1)
    letters = solve_fast_letters(start, goal)
    solution = Solution(
        start,
        goal,
        None,
        SolveMethod.FAST,
        optimal=False,
        letters=letters,
        lower_bound=distance_bound(start, goal) if lower_bound else None,
    )
    pieces = list(solution.json_pieces(moves_per_piece=piece))
    assert "".join(pieces) == json.dumps(solution.to_dict())
    if solution.length > piece:
        assert len(pieces) > 2  # written as it goes, not as one string
