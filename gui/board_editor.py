"""What a user can do to the board, each action turned into an undoable command.

The views and the main window call these methods (through signals wired in the main
window); puzzle decisions (what a slide does, what a paste means, a random board) come from
core, and every change goes through the undo stack so it can be taken back.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from core import (
    Board,
    BoardError,
    Direction,
    Goal,
    apply_slide,
    format_board,
    parse_document,
    random_board,
    slide_in_direction,
)
from core.formats import MAX_TEXT_LENGTH
from gui.board_model import BoardModel, Cell
from gui.commands import BoardState, BoardStateCommand, TypeIntoCellCommand

#: The window edits boards up to this many cells a side (the spin boxes' range).
MAX_SIDE = 100
#: A cell holds at most this many digits: enough for any tile of a 100x100 board and for
#: an out-of-range entry the user is told about, never an unbounded number.
MAX_DIGITS = 6


class BoardEditor(QObject):
    """Turns user intents into commands on `undo_stack` that change `model`."""

    #: A short sentence for the status bar (why a paste failed, what a mode expects, ...).
    message = Signal(str)

    def __init__(self, model: BoardModel, undo_stack: QUndoStack, parent: QObject | None = None):
        super().__init__(parent)
        self.model = model
        self.undo_stack = undo_stack
        #: Asked before an edit drops tiles; the main window shows a dialog. Tests replace it.
        self.confirm_drop: Callable[[str], bool] = lambda _question: True
        self.rng = random.Random()

    # -- plumbing ---------------------------------------------------------------------

    def _push(self, command: BoardStateCommand) -> bool:
        if command.is_noop:
            return False
        self.undo_stack.push(command)
        return True

    def _replace(
        self,
        text: str,
        cells: list[Cell],
        width: int | None = None,
        height: int | None = None,
        goal: Goal | None = None,
    ) -> bool:
        model = self.model
        state = BoardState(
            model.width if width is None else width,
            model.height if height is None else height,
            tuple(cells),
            model.goal if goal is None else goal,
        )
        return self._push(BoardStateCommand(model, state, text))

    # -- typing -----------------------------------------------------------------------

    def type_digit(self, cell: int, digit: int, *, continues: bool) -> None:
        """A digit typed into `cell`; `continues` appends it to the number being typed."""
        current = self.model.cell(cell)
        if continues and current:
            if len(str(current)) >= MAX_DIGITS:
                self.message.emit(f"a cell holds at most {MAX_DIGITS} digits")
                return
            value: Cell = current * 10 + digit
        else:
            value = digit  # a lone 0 is the blank
        self._push(TypeIntoCellCommand(self.model, cell, value, continues=continues))

    def make_blank(self, cell: int) -> None:
        self._push(TypeIntoCellCommand(self.model, cell, 0, continues=False))

    # -- tiles ------------------------------------------------------------------------

    def swap_cells(self, first: int, second: int) -> None:
        cells = self.model.cells()
        if first == second:
            return
        cells[first], cells[second] = cells[second], cells[first]
        self._replace("Swap two cells", cells)

    def swap_tiles(self, first_tile: int, second_tile: int) -> None:
        """Exchange two tiles (the fix suggestion's button)."""
        first = self.model.index_of_tile(first_tile)
        second = self.model.index_of_tile(second_tile)
        if first is None or second is None:
            return
        cells = self.model.cells()
        cells[first], cells[second] = cells[second], cells[first]
        self._replace(f"Swap tiles {first_tile} and {second_tile}", cells)

    def slide_tile(self, tile: int) -> bool:
        """Play mode: slide `tile` into the blank if it is beside it."""
        board = self.model.board
        if board is None:
            self.message.emit("play needs a complete, valid board")
            return False
        try:
            after = apply_slide(board, tile)
        except BoardError as error:
            self.message.emit(str(error))
            return False
        return self._replace(f"Slide {tile}", list(after.tiles))

    def slide(self, direction: Direction) -> bool:
        """Play mode: the arrow keys slide the tile that can move that way."""
        board = self.model.board
        if board is None:
            self.message.emit("play needs a complete, valid board")
            return False
        after = slide_in_direction(board, direction)
        if after is None:
            return False
        return self._replace(f"Slide {direction.name.lower()}", list(after.tiles))

    # -- place in order ---------------------------------------------------------------

    def next_tile_to_place(self) -> int | None:
        """The smallest tile not on the board yet (None when every tile is placed)."""
        present = {cell for cell in self.model.cells() if cell}
        for tile in range(1, self.model.cell_count):
            if tile not in present:
                return tile
        return None

    def start_placing(self) -> None:
        """Empty every cell so tiles can be placed 1, 2, 3, ... by clicking."""
        self._replace("Clear the board to place tiles", [None] * self.model.cell_count)
        self.message.emit("Click where tile 1 sits")

    def place_next(self, cell: int) -> None:
        cells = self.model.cells()
        if cells[cell] is not None:
            self.message.emit("that cell already holds a tile; click an empty one")
            return
        tile = self.next_tile_to_place()
        if tile is None:
            return
        cells[cell] = tile
        empty = [index for index, value in enumerate(cells) if value is None]
        if len(empty) == 1 and self.next_tile_to_place_in(cells) is None:
            cells[empty[0]] = 0  # the last empty cell is where the blank sits
        self._replace(f"Place tile {tile}", cells)
        following = self.next_tile_to_place()
        self.message.emit(f"Click where tile {following} sits" if following else "All tiles placed")

    def next_tile_to_place_in(self, cells: list[Cell]) -> int | None:
        present = {cell for cell in cells if cell}
        return next((t for t in range(1, self.model.cell_count) if t not in present), None)

    # -- whole boards -----------------------------------------------------------------

    def load(self, board: Board, goal: Goal | None = None, text: str = "Load board") -> None:
        goal = self.model.goal if goal is None else goal
        if isinstance(goal, Board) and (goal.width, goal.height) != (board.width, board.height):
            goal = "blank-last"
        self._replace(text, list(board.tiles), board.width, board.height, goal)

    def paste_text(self, text: str) -> bool:
        """Read a board in any format core knows; on failure say why and change nothing.

        Text longer than core reads is refused before any parsing. Any text at all gives a
        board or a message: a reader's ValueError (BoardError included) or a structure
        nested too deep for Python is a refusal, never an exception out of a paste.
        """
        if len(text) > MAX_TEXT_LENGTH:
            self.message.emit(
                f"Cannot paste: the clipboard holds {len(text):,} characters, "
                f"the limit is {MAX_TEXT_LENGTH:,}"
            )
            return False
        try:
            parsed = parse_document(text, max_cells=MAX_SIDE * MAX_SIDE)
        except (ValueError, RecursionError) as error:
            self.message.emit(f"Cannot paste: {error or type(error).__name__}")
            return False
        if parsed.board.width > MAX_SIDE or parsed.board.height > MAX_SIDE:
            self.message.emit(f"Cannot paste: the window edits boards up to {MAX_SIDE}x{MAX_SIDE}")
            return False
        self.load(parsed.board, parsed.goal, "Paste board")
        return True

    def copy_text(self) -> str:
        """The board as grid text; an unfinished board keeps its gaps as `_`."""
        board = self.model.board
        if board is not None:
            return format_board(board)
        width = self.model.width
        cells = ["_" if cell is None else str(cell) for cell in self.model.cells()]
        column = max(len(cell) for cell in cells)
        rows = [
            " ".join(cell.rjust(column) for cell in cells[start : start + width])
            for start in range(0, len(cells), width)
        ]
        return "\n".join(rows) + "\n"

    def new_board(self, width: int | None = None, height: int | None = None) -> None:
        width = self.model.width if width is None else width
        height = self.model.height if height is None else height
        goal = self.model.goal
        blank_first = goal == "blank-first"
        board = Board.solved(width, height, blank_first=blank_first)
        if isinstance(goal, Board) and (goal.width, goal.height) == (width, height):
            board = goal
        self.load(board, text="New board")

    def random(self, *, solvable: bool) -> bool:
        model = self.model
        goal = model.goal
        if isinstance(goal, Board) and (goal.width, goal.height) != (model.width, model.height):
            goal = "blank-last"
        try:
            board = random_board(
                model.width, model.height, solvable=solvable, goal=goal, rng=self.rng
            )
        except BoardError as error:
            self.message.emit(str(error))
            return False
        self.load(board, text="Random solvable board" if solvable else "Random unsolvable board")
        return True

    def resize(self, width: int, height: int) -> bool:
        """Change the size, keeping every cell that still fits at its row and column.

        Asks first when cells holding tiles would fall off the board. A custom goal of the
        old size cannot describe the new board, so the goal falls back to blank-last.
        """
        model = self.model
        width = max(1, min(MAX_SIDE, width))
        height = max(1, min(MAX_SIDE, height))
        if width * height < 2 or (width, height) == (model.width, model.height):
            return False
        old_width, old_height = model.width, model.height
        cells = model.cells()
        dropped = [
            value
            for index, value in enumerate(cells)
            if value and (index % old_width >= width or index // old_width >= height)
        ]
        if dropped and not self.confirm_drop(
            f"Resizing to {width}x{height} drops {len(dropped)} "
            f"tile{'s' if len(dropped) != 1 else ''}. Resize anyway?"
        ):
            return False
        new_cells: list[Cell] = [None] * (width * height)
        for row in range(min(height, model.height)):
            for column in range(min(width, old_width)):
                new_cells[row * width + column] = cells[row * old_width + column]
        goal = model.goal
        custom_goal_dropped = isinstance(goal, Board)
        if custom_goal_dropped:
            goal = "blank-last"
        resized = self._replace(f"Resize to {width}x{height}", new_cells, width, height, goal)
        if resized and custom_goal_dropped:
            # Say so: the verdict now answers a different question than before the resize.
            self.message.emit(
                f"Goal set back to blank last: the custom goal was {old_width}x{old_height}, "
                f"the board is now {width}x{height} (Undo brings both back)"
            )
        return resized

    def set_goal(self, goal: Goal) -> bool:
        text = "Use this board as the goal" if isinstance(goal, Board) else f"Goal: {goal}"
        return self._replace(text, self.model.cells(), goal=goal)

    def use_current_as_goal(self) -> bool:
        board = self.model.board
        if board is None:
            self.message.emit("only a complete, valid board can be the goal")
            return False
        return self.set_goal(board)
