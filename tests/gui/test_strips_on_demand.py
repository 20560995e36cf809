"""The strips over the board and the solution player below it start hidden and are made when
first shown (gui.on_demand, bench/README.md "Start-up, fourth round"). Whichever order they
are made in, each takes the place in the Tab order and above the board that it had when the
window made them all at start."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from collections.abc import Callable

    from gui.main_window import MainWindow

#: The window's parts made on demand, top down, by the names the window gives them.
PARTS = (
    "input_error_banner",
    "play_panel",
    "board_instruction",
    "solve_progress",
    "solution_player",
)

#: The widgets that take focus between the board and the verdict, in Tab order, by the part
#: they are in, as they were when the window made the strips at start (read from the window
#: before it made them on demand).
BETWEEN_BOARD_AND_VERDICT = (
    ("input_error_banner", ("inputErrorReason", "dismissInputError")),
    ("play_panel", ("shuffleButton", "shuffleDifficulty", "hintButton")),
    ("solve_progress", ("solveCancelButton",)),
    (
        "solution_player",
        (
            "solutionPlayer",
            "solutionInvariant",
            "playerStartButton",
            "playerBackButton",
            "playerPlayButton",
            "playerForwardButton",
            "playerEndButton",
            "playerSlider",
            "playerSpeed",
            "playerCloseButton",
            "playerMoves",
            "playerCopyButton",
        ),
    ),
)

#: The board column, top down: each part and its object name.
BOARD_COLUMN = (
    ("input_error_banner", "inputErrorBanner"),
    ("play_panel", "playPanel"),
    ("board_instruction", "boardInstruction"),
    ("solve_progress", "solveProgress"),
    ("board", "boardView"),
    ("solution_player", "solutionPlayer"),
)


def tab_order(window: MainWindow) -> list[str]:
    """The object names of the widgets that take focus, in the window's Tab order."""
    names = []
    widget = window.nextInFocusChain()
    while widget is not window:
        if widget.focusPolicy().value and widget.isEnabled():
            names.append(widget.objectName())
        widget = widget.nextInFocusChain()
    return names


@pytest.mark.parametrize(
    "order",
    [
        PARTS,
        tuple(reversed(PARTS)),
        ("play_panel", "solution_player", "input_error_banner", "solve_progress"),
        ("solve_progress", "board_instruction", "input_error_banner"),
    ],
    ids=["top down", "bottom up", "mixed", "some"],
)
def test_each_part_takes_its_place_whichever_is_made_first(
    make_window: Callable[..., MainWindow], order: tuple[str, ...]
) -> None:
    window = make_window()
    for name in order:
        getattr(window, name)
    made = {*order, "board"}
    chain = tab_order(window)
    between = chain[chain.index("boardView") + 1 : chain.index("verdictLabel")]
    assert between == [
        name for part, names in BETWEEN_BOARD_AND_VERDICT if part in made for name in names
    ]
    column = window.board_view.parentWidget().layout()
    shown = [column.itemAt(index).widget().objectName() for index in range(column.count())]
    assert shown == [name for part, name in BOARD_COLUMN if part in made]
