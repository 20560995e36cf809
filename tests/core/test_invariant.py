"""The invariant a solution player shows: the rule's own numbers, its parity kept, and what
one slide does to the inversion count."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from core import Board, Rule, apply_slide, check, goal_board, legal_slides
from core.invariant import Invariant, slide_inversion_change
from core.rule import goal_rank_of_tile
from tests.core.strategies import boards_with_goals

ARTICLE_BOARD = Board.from_rows([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])


def test_even_width_adds_the_blank_row() -> None:
    invariant = Invariant.of(check(ARTICLE_BOARD))
    assert invariant == Invariant(Rule.EVEN_WIDTH, inversions=49, blank_row_from_bottom=2)
    assert invariant.total == 49 + 2
    assert invariant.sum_text == "49 inversions + blank row 2 = 51, odd"


def test_odd_width_counts_inversions_alone() -> None:
    invariant = Invariant.of(check(Board(3, 3, (1, 2, 3, 4, 5, 6, 8, 7, 0))))
    assert invariant.total == 1
    assert invariant.sum_text == "1 inversion, odd"


def test_a_line_board_counts_inversions_alone() -> None:
    invariant = Invariant.of(check(Board(4, 1, (2, 1, 0, 3))))
    assert invariant.rule is Rule.LINE
    assert invariant.sum_text == "1 inversion, odd"


def test_thousands_are_grouped() -> None:
    invariant = Invariant(Rule.EVEN_WIDTH, inversions=20_108, blank_row_from_bottom=17)
    assert invariant.sum_text == "20,108 inversions + blank row 17 = 20,125, odd"


def test_every_slide_keeps_the_parity() -> None:
    rng = random.Random(7)
    board = ARTICLE_BOARD
    start = Invariant.of(check(board))
    for _ in range(200):
        board = apply_slide(board, rng.choice(legal_slides(board)))
        invariant = Invariant.of(check(board))
        assert invariant.keeps_parity_of(start)
        assert invariant.compared_with(start).endswith(", as at the start")


def test_a_broken_replay_would_show() -> None:
    swapped = Board.from_rows([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]])
    invariant = Invariant.of(check(swapped))
    start = Invariant.of(check(Board.solved(4, 4)))
    assert not invariant.keeps_parity_of(start)
    assert invariant.compared_with(start) == (
        "1 inversion + blank row 1 = 2, even, unlike at the start"
    )


def test_the_articles_slide_of_tile_11_takes_one_inversion_away() -> None:
    # Seed 000: tile 11 slides down past 4, 14 and 5; it loses two inversions (with 4 and
    # 5) and 14 gains one: 49 becomes 48.
    tiles = ARTICLE_BOARD.tiles
    rank_of_tile = goal_rank_of_tile(Board.solved(4, 4))
    from_cell, to_cell = ARTICLE_BOARD.index_of(11), ARTICLE_BOARD.blank_index
    assert slide_inversion_change(tiles, rank_of_tile, 11, from_cell, to_cell) == -1


@given(boards_with_goals(min_side=1, max_side=5), st.data())
def test_a_slides_change_is_the_difference_of_the_counts(
    board_and_goal: tuple[Board, str | Board], data: st.DataObject
) -> None:
    board, goal = board_and_goal
    tile = data.draw(st.sampled_from(legal_slides(board)))
    after = apply_slide(board, tile)
    rank_of_tile = goal_rank_of_tile(goal_board(goal, board.width, board.height))
    from_cell, to_cell = board.index_of(tile), board.blank_index
    expected = check(after, goal).inversions - check(board, goal).inversions
    # The cells between the two are the same before and after: either position will do.
    for position in (board, after):
        change = slide_inversion_change(position.tiles, rank_of_tile, tile, from_cell, to_cell)
        assert change == expected
