"""What a user can do to the board, each action turned into an undoable command.

The views and the main window call these methods (through signals wired in the main
window); puzzle decisions (what a slide does, what a paste means, a random board) come from
core, and every change goes through the undo stack so it can be taken back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from core import (
    Board,
    BoardError,
    Direction,
    Goal,
    GoalName,
    apply_slide,
    random_board,
    slide_in_direction,
)
from core.draft import MAX_DIGITS, MAX_SIDE, Cell, Draft
from core.moves import Difficulty, shuffle_slides, shuffled
from gui.goal_preview import goal_caption

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtGui import QUndoStack

    from core.formats import ShapeChoice, ShapeQuestion
    from gui.board_model import BoardModel
    from gui.commands import DraftCommand

#: Most undo steps kept (the window sets it on its stack). With the largest step
#: (gui.commands: a whole 100x100 board replaced, 80 kB) the history stays under 80 MB;
#: with swaps and typing, under a megabyte.
UNDO_LIMIT = 1000
#: Sent by the board view as the digit when Backspace takes back the last digit typed.
ERASE_LAST_DIGIT = -1


class BoardEditor(QObject):
    """Turns user intents into commands on `undo_stack` that change `model`. (The commands'
    module, gui.commands, is imported by the first edit, not at start-up.)"""

    #: A short sentence for the status bar (why a paste failed, what a mode expects, ...).
    message = Signal(str)
    #: Why a paste changed nothing (said in `message` too, after "Cannot paste: ").
    paste_refused = Signal(str)

    def __init__(self, model: BoardModel, undo_stack: QUndoStack, parent: QObject | None = None):
        super().__init__(parent)
        self.model = model
        self.undo_stack = undo_stack
        #: Asked before an edit drops tiles; the main window shows a dialog. Tests replace it.
        self.confirm_drop: Callable[[str], bool] = lambda _question: True
        #: Asked which shape pasted numbers are when the text does not say (one line whose
        #: count is not a square, the tiles of a board with the blank left out); None
        #: cancels. The main window shows a list to pick from. Tests replace it.
        self.choose_shape: Callable[[ShapeQuestion], ShapeChoice | None] = lambda _q: None
        self.rng = random.Random()
        #: The cell and undo index of the step a number being typed is merged into.
        self._typing_step: tuple[int, int] | None = None

    # -- plumbing ---------------------------------------------------------------------

    def _push(self, command: DraftCommand) -> bool:
        if command.is_noop:
            return False
        self.undo_stack.push(command)
        return True

    def _show(self, draft: Draft, text: str) -> bool:
        """Put `draft` on screen as one undoable step named `text`."""
        from gui.commands import DraftCommand

        return self._push(DraftCommand(self.model, draft, text))

    # -- typing -----------------------------------------------------------------------

    def type_digit(self, cell: int, digit: int, *, continues: bool) -> None:
        """A key typed into `cell`: a digit, or `ERASE_LAST_DIGIT` (Backspace).

        `continues` appends the digit to the number being typed in the cell (or takes its
        last digit back); otherwise the digit replaces what the cell held. The digits of
        one number, Backspace included, are one undo step.
        """
        current = self.model.cell(cell)
        self.model.confirm_cell(cell)  # typed over, even with the number it held
        if digit == ERASE_LAST_DIGIT:
            value: Cell = (current or 0) // 10 if continues else 0  # 1 erased is the blank
        elif continues and current:
            if len(str(current)) >= MAX_DIGITS:
                self.message.emit(f"a cell holds at most {MAX_DIGITS} digits")
                return
            value = current * 10 + digit
        else:
            value = digit  # a lone 0 is the blank
        self._push_typing(cell, value, continues=continues)

    def make_blank(self, cell: int) -> None:
        self._push_typing(cell, 0, continues=False)

    def _push_typing(self, cell: int, value: Cell, *, continues: bool) -> None:
        # A number merges into the step its first key made, and only into that one: when
        # the first key changed nothing (typing 1 over a 1) there is no step to merge into,
        # and the next digit starts a new one rather than joining an older edit of the cell.
        from gui.commands import TypeIntoCellCommand

        merges = continues and self._typing_step == (cell, self.undo_stack.index())
        if self._push(TypeIntoCellCommand(self.model, cell, value, continues=merges)):
            self._typing_step = (cell, self.undo_stack.index())
        elif not continues:
            self._typing_step = None

    # -- tiles ------------------------------------------------------------------------

    def swap_cells(self, first: int, second: int) -> None:
        if first != second:
            self._show(self.model.draft.with_cells_swapped(first, second), "Swap two cells")

    def swap_tiles(self, first_tile: int, second_tile: int) -> None:
        """Exchange two tiles (the fix suggestion's button)."""
        swapped = self.model.draft.tile_swapped(first_tile, second_tile)
        if swapped is not None:
            self._show(swapped, f"Swap tiles {first_tile} and {second_tile}")

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
        from gui.commands import SlideCommand

        return self._push(
            SlideCommand(self.model, self.model.draft.with_board(after), f"Slide {tile}")
        )

    def slide(self, direction: Direction) -> bool:
        """Play mode: the arrow keys slide the tile that can move that way."""
        board = self.model.board
        if board is None:
            self.message.emit("play needs a complete, valid board")
            return False
        after = slide_in_direction(board, direction)
        if after is None:
            return False
        from gui.commands import SlideCommand

        return self._push(
            SlideCommand(
                self.model, self.model.draft.with_board(after), f"Slide {direction.name.lower()}"
            )
        )

    # -- place in order ---------------------------------------------------------------

    def next_tile_to_place(self) -> int | None:
        """The smallest tile not on the board yet (None when every tile is placed)."""
        return self.model.draft.next_tile_to_place()

    def start_placing(self) -> None:
        """Empty every cell so tiles can be placed 1, 2, 3, ... by clicking."""
        self._show(self.model.draft.cleared(), "Clear the board to place tiles")
        self.message.emit("Click where tile 1 sits")

    def place_next(self, cell: int) -> None:
        draft = self.model.draft
        tile = draft.next_tile_to_place()
        try:
            placed = draft.placed(cell)
        except BoardError as error:
            self.message.emit(str(error))
            return
        self._show(placed, f"Place tile {tile}")
        following = placed.next_tile_to_place()
        self.message.emit(f"Click where tile {following} sits" if following else "All tiles placed")

    # -- whole boards -----------------------------------------------------------------

    def load(self, board: Board, goal: Goal | None = None, text: str = "Load board") -> None:
        """Show `board` with `goal` (by default the goal on screen, if it fits the board)."""
        self._show(Draft.of(board, self.model.goal if goal is None else goal), text)

    def load_draft(self, draft: Draft, text: str = "Load board") -> None:
        """Show `draft` as it is, problems and all (a file with a typo, to fix on screen)."""
        self._show(draft, text)

    def paste_text(self, text: str) -> bool:
        """Read a board in any format core knows; on failure say why and change nothing.

        Text longer than core reads is refused before any parsing. Any text at all gives a
        board or a message: a reader's ValueError (BoardError included) or a structure
        nested too deep for Python is a refusal, never an exception out of a paste.
        """
        # The text formats load with the first paste, not at start-up (bench/README.md,
        # "Start-up, sixth round").
        from core.formats import (
            MAX_TEXT_LENGTH,
            WidthNeededError,
            parse_document,
            read_in_shape,
            shape_question,
        )

        if len(text) > MAX_TEXT_LENGTH:
            self._refuse_paste(
                f"the clipboard holds {len(text):,} characters, the limit is {MAX_TEXT_LENGTH:,}"
            )
            return False
        try:
            parsed = parse_document(text, max_cells=MAX_SIDE * MAX_SIDE)
        except (ValueError, RecursionError) as error:
            # The text may be a board whose shape it does not say: ask which, if core
            # sees shapes it could be.
            question = shape_question(text, max_side=MAX_SIDE)
            choice = None if question is None else self.choose_shape(question)
            if choice is None and isinstance(error, WidthNeededError):
                self._refuse_paste(
                    f"one line of {error.cell_count} numbers is not a square board; "
                    "choose its width to read it"
                )
                return False
            if choice is None:
                self._refuse_paste(str(error) or type(error).__name__)
                return False
            try:
                parsed = read_in_shape(text, choice, max_cells=MAX_SIDE * MAX_SIDE)
            except ValueError as shaped_error:
                self._refuse_paste(str(shaped_error))
                return False
        else:
            if parsed.board.width == 1:
                # One number per line reads as a board one tile wide, which no one means:
                # core offers the shapes a list of that many numbers could be.
                question = shape_question(text, max_side=MAX_SIDE)
                choice = None if question is None else self.choose_shape(question)
                if question is not None and choice is None:
                    return False  # the user cancelled: nothing changes
                if choice is not None:
                    try:
                        parsed = read_in_shape(text, choice, max_cells=MAX_SIDE * MAX_SIDE)
                    except ValueError as shaped_error:
                        self._refuse_paste(str(shaped_error))
                        return False
        if parsed.board.width > MAX_SIDE or parsed.board.height > MAX_SIDE:
            self._refuse_paste(f"the window edits boards up to {MAX_SIDE}x{MAX_SIDE}")
            return False
        self.load(parsed.board, parsed.goal, "Paste board")
        return True

    def _refuse_paste(self, reason: str) -> None:
        self.message.emit(f"Cannot paste: {reason}")
        self.paste_refused.emit(reason)

    def copy_text(self) -> str:
        """The board as grid text; an unfinished board keeps its gaps as `_`."""
        return self.model.draft.text()

    def new_board(self, width: int | None = None, height: int | None = None) -> None:
        """A fresh puzzle, in its goal position (New, and the size presets)."""
        width = self.model.width if width is None else width
        height = self.model.height if height is None else height
        self._show(Draft.fresh(width, height, self.model.goal), "New board")

    def _goal_to_deal_for(self) -> Goal:
        """The goal on screen, or blank last when it is a custom goal of another size: the
        goal a new board is dealt for."""
        model = self.model
        goal = model.goal
        if isinstance(goal, Board) and (goal.width, goal.height) != (model.width, model.height):
            return GoalName.BLANK_LAST
        return goal

    def random(self, *, solvable: bool) -> bool:
        model = self.model
        goal = self._goal_to_deal_for()
        try:
            board = random_board(
                model.width, model.height, solvable=solvable, goal=goal, rng=self.rng
            )
        except BoardError as error:
            self.message.emit(str(error))
            return False
        self.load(board, text="Random solvable board" if solvable else "Random unsolvable board")
        return True

    def shuffle(self, difficulty: Difficulty) -> int | None:
        """A solvable board `difficulty` far from the goal on screen (core.moves.shuffled):
        the most moves it can be from the goal, 0 for a board drawn at random, or None
        when no board was dealt (the reason said as a message)."""
        model = self.model
        goal = self._goal_to_deal_for()
        try:
            board = shuffled(model.width, model.height, goal, difficulty, self.rng)
        except BoardError as error:
            self.message.emit(str(error))
            return None
        self.load(board, goal, text=f"Shuffle ({difficulty.value})")
        if difficulty is Difficulty.ANY:
            return 0
        return shuffle_slides(model.width, model.height, difficulty)

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
        draft = model.draft
        dropped = draft.tiles_dropped_by_resize(width, height)
        if dropped and not self.confirm_drop(
            f"Resizing to {width}x{height} drops {len(dropped)} "
            f"tile{'s' if len(dropped) != 1 else ''}. Resize anyway?"
        ):
            return False
        resized = draft.resized(width, height)
        shown = self._show(resized, f"Resize to {width}x{height}")
        if shown and isinstance(draft.goal, Board) and not isinstance(resized.goal, Board):
            # Say so: the verdict now answers a different question than before the resize.
            self.message.emit(
                f"Goal set back to blank last: the custom goal was {draft.width}x{draft.height}, "
                f"the board is now {width}x{height} (Undo brings both back)"
            )
        return shown

    def set_goal(self, goal: Goal) -> bool:
        text = (
            "Use this board as the goal"
            if isinstance(goal, Board)
            else f"Goal: {goal_caption(goal)}"
        )
        return self._show(self.model.draft.with_goal(goal), text)

    def use_current_as_goal(self) -> bool:
        board = self.model.board
        if board is None:
            self.message.emit("only a complete, valid board can be the goal")
            return False
        return self.set_goal(board)
