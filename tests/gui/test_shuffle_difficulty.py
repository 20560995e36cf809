"""Shuffle in play mode deals a board as far from the goal as the difficulty chosen."""

from __future__ import annotations

import tracemalloc
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton

from core import Board, check
from core.moves import Difficulty, shuffle_slides
from core.rule import goal_board
from gui.mode_controller import Mode
from tests.core.ground_truth import distances_from

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow


@pytest.fixture(scope="module")
def distances() -> dict[tuple[int, ...], int]:
    return distances_from(3, 3, Board.solved(3, 3).tiles)


def playing_a_3x3(window: MainWindow) -> tuple[QComboBox, QPushButton]:
    """Play mode on a 3x3; the difficulty box and the Shuffle button."""
    window.editor.load(Board.solved(3, 3))
    window.mode_menu.set_mode(Mode.PLAY)
    box = window.findChild(QComboBox, "shuffleDifficulty")
    shuffle = window.findChild(QPushButton, "shuffleButton")
    assert box is not None
    assert shuffle is not None
    return box, shuffle


def test_easy_shuffles_deal_3x3_boards_within_their_moves(
    qtbot: QtBot, window: MainWindow, distances: dict[tuple[int, ...], int]
) -> None:
    box, shuffle = playing_a_3x3(window)
    assert box.currentText() == "Easy"  # a game a newcomer finishes, first
    most = shuffle_slides(3, 3, Difficulty.EASY)
    for _ in range(10):
        qtbot.mouseClick(shuffle, Qt.MouseButton.LeftButton)
        board = window.model.board
        assert board is not None
        assert check(board).solvable
        assert 0 < distances[board.tiles] <= most
    assert window.status_message.text() == f"Shuffled: at most {most} moves from the goal"


def test_the_difficulty_chosen_is_the_one_dealt(
    qtbot: QtBot, window: MainWindow, distances: dict[tuple[int, ...], int]
) -> None:
    box, shuffle = playing_a_3x3(window)
    found: dict[str, float] = {}
    for name in ("Easy", "Hard"):
        box.setCurrentText(name)
        total = 0
        for _ in range(12):
            qtbot.mouseClick(shuffle, Qt.MouseButton.LeftButton)
            total += distances[window.model.board.tiles]
        found[name] = total / 12
    assert found["Easy"] < found["Hard"]
    box.setCurrentText("Any")
    qtbot.mouseClick(shuffle, Qt.MouseButton.LeftButton)
    assert window.status_message.text() == "Shuffled: a board drawn at random"
    assert window.play_panel.moves == 0  # a new game


def test_a_hard_shuffle_of_a_large_board_stays_small(qtbot: QtBot, window: MainWindow) -> None:
    """The walk used to copy the whole board at every slide and keep every position it
    passed, so Shuffle on 100x100 froze the window for minutes and took gigabytes: a
    walk of S slides on N cells cost S x N. Here 6,400 slides on 1,600 cells would keep
    about 80 MB of positions; the walk needs its board and one number per position."""
    side = 40
    window.editor.load(Board.solved(side, side))
    window.mode_menu.set_mode(Mode.PLAY)
    box = window.findChild(QComboBox, "shuffleDifficulty")
    shuffle = window.findChild(QPushButton, "shuffleButton")
    assert box is not None
    assert shuffle is not None
    box.setCurrentText("Hard")
    tracemalloc.start()
    try:
        qtbot.mouseClick(shuffle, Qt.MouseButton.LeftButton)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024
    board = window.model.board
    assert board is not None
    assert check(board).solvable
    goal = goal_board(window.model.goal, side, side)
    assert board != goal
    # Each slide moves one tile one cell, so the tiles' distances from home, summed, are
    # at most the slides made.
    home = {tile: cell for cell, tile in enumerate(goal.tiles)}
    moved = sum(
        abs(cell // side - home[tile] // side) + abs(cell % side - home[tile] % side)
        for cell, tile in enumerate(board.tiles)
        if tile != 0
    )
    assert 0 < moved <= shuffle_slides(side, side, Difficulty.HARD)
