"""The window's own screenshot, read by the photo reader: a puzzle app's screenshot that our
photo generator did not draw (labels beside the board, badges on the tiles, the side panel's
text and mini boards around it), in both palettes."""

from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING

import pytest

from core import Board, format_board
from core.photo.reader import read_photo
from tests.launcher import run_launcher

if TYPE_CHECKING:
    from pathlib import Path


@pytest.mark.parametrize(("side", "style"), [(4, "light"), (5, "dark"), (3, "dark")])
def test_the_windows_screenshot_reads_back_as_its_board(
    tmp_path: Path, side: int, style: str
) -> None:
    tiles = list(range(side * side))
    random.Random(side).shuffle(tiles)
    board = Board(side, side, tuple(tiles))
    board_file = tmp_path / "board.txt"
    board_file.write_text(format_board(board))
    shot = tmp_path / "shot.png"
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = run_launcher(
        ["--board", str(board_file), "--screenshot", str(shot), "--style", style], environment
    )
    assert result.returncode == 0, result.stderr

    reading = read_photo(shot)

    assert reading.board == board
    assert reading.unsure == ()
