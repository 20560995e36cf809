"""The invariant line a solution player shows: the rule's own numbers, its parity kept."""

from __future__ import annotations

import random

from core import Board, apply_slide, check, legal_slides
from core.invariant import invariant_line, invariant_sum_text, invariant_total

ARTICLE_BOARD = Board.from_rows([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])


def test_even_width_adds_the_blank_row() -> None:
    verdict = check(ARTICLE_BOARD)
    assert invariant_total(verdict) == 49 + 2
    assert invariant_sum_text(verdict) == "49 inversions + blank row 2 = 51, odd"


def test_odd_width_counts_inversions_alone() -> None:
    verdict = check(Board(3, 3, (1, 2, 3, 4, 5, 6, 8, 7, 0)))
    assert invariant_sum_text(verdict) == "1 inversion, odd"


def test_every_slide_keeps_the_parity() -> None:
    rng = random.Random(7)
    board = ARTICLE_BOARD
    start = check(board)
    for _ in range(200):
        board = apply_slide(board, rng.choice(legal_slides(board)))
        assert invariant_line(check(board), start).endswith("as at the start")


def test_a_broken_replay_would_show() -> None:
    swapped = Board.from_rows([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]])
    assert invariant_line(check(swapped), check(Board.solved(4, 4))).endswith("unlike at the start")
