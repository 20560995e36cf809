"""The Mode menu and what each mode says: the mode actions, the line that tells the user what
clicks do now, and play mode's game (its moves counted, a win said, a new game on any other
change of the board).

What the board's gestures mean in each mode is `gui.mode_controller`'s; this controller
switches it and keeps the menu, the play panel, the line above the board and the status line
in step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup

from core import goal_board
from gui.actions import make_action
from gui.mode_controller import Mode

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from gui.board_editor import BoardEditor
    from gui.board_instruction import BoardInstruction
    from gui.board_model import BoardModel
    from gui.board_view import BoardView
    from gui.mode_controller import ModeController
    from gui.on_demand import OnDemand
    from gui.play_panel import PlayPanel

MODE_HINTS = {
    Mode.EDIT: "Edit: type numbers, drag a tile onto another to swap them",
    Mode.PLACE: "Place in order: click where each tile sits, 1 first",
    Mode.PLAY: "Play: click a tile beside the blank or use the arrow keys",
}


class ModeMenu(QObject):
    """The modes of one window's board; `parent` also parents the actions."""

    #: A status line, said until the board next changes.
    message = Signal(str)
    #: A status line said until a newer one replaces it (the mode's hint).
    lasting_message = Signal(str, object)

    def __init__(
        self,
        model: BoardModel,
        editor: BoardEditor,
        modes: ModeController,
        *,
        board_view: BoardView,
        play_panel: OnDemand[PlayPanel],
        instruction: OnDemand[BoardInstruction],
        parent: QWidget,
    ) -> None:
        """`play_panel` and `instruction` are made when first shown (gui.on_demand): until
        then there is no game to follow and no line to clear."""
        super().__init__(parent)
        self._model = model
        self._editor = editor
        self._modes = modes
        self._board_view = board_view
        self._play_panel = play_panel
        self._instruction = instruction
        self.group = QActionGroup(parent)
        self.actions: dict[Mode, QAction] = {}
        for number, (mode, text) in enumerate(
            ((Mode.EDIT, "&Edit"), (Mode.PLACE, "Place in &Order"), (Mode.PLAY, "&Play")), start=1
        ):
            action = make_action(parent, text, f"mode{mode.name.title()}Action", f"Ctrl+{number}")
            action.setCheckable(True)
            action.setData(mode)
            action.setToolTip(MODE_HINTS[mode])
            self.group.addAction(action)
            self.actions[mode] = action
        self.actions[Mode.EDIT].setChecked(True)
        self.group.triggered.connect(lambda action: self.set_mode(action.data()))
        play_panel.when_made(lambda panel: panel.shuffle_requested.connect(self.shuffle))

    def set_mode(self, mode: Mode) -> None:
        self.actions[mode].setChecked(True)
        if mode is self._modes.mode:
            return
        self._modes.set_mode(mode)
        # A hint's outline names a move of play mode's game.
        self._board_view.set_hint_cell(None)
        panel = self._play_panel.get() if mode is Mode.PLAY else self._play_panel.made
        if panel is not None:
            panel.setVisible(mode is Mode.PLAY)
            panel.restart()
        self.show_hint()

    def on_board_changed(self) -> None:
        """Follow play mode's game, and say which tile to place next in place mode."""
        self._follow_game()
        if self._modes.mode is Mode.PLACE:
            self.show_hint()

    def _follow_game(self) -> None:
        """Play mode: a slide counts as a move, the one that reaches the goal wins; any other
        change (a preset, paste, open, photo, undo past the start, the solution player) puts
        a new board up, so a new game starts. Slides taken back outside play mode count
        for no game: entering play mode starts one."""
        model = self._model
        if not model.changed_by_slide or self._modes.mode is not Mode.PLAY:
            if (panel := self._play_panel.made) is not None:
                panel.restart()
            return
        board = model.board
        solved = board is not None and board == goal_board(model.goal, board.width, board.height)
        panel = self._play_panel.get()
        panel.count_move(solved=solved)
        if solved:
            self.message.emit(panel.text)

    def shuffle(self) -> None:
        """A solvable board of the play panel's difficulty to play, and a new game."""
        panel = self._play_panel.get()
        most = self._editor.shuffle(panel.difficulty)
        if most is None:
            return
        panel.restart()
        plural = "" if most == 1 else "s"
        self.message.emit(
            f"Shuffled: at most {most} move{plural} from the goal"
            if most
            else "Shuffled: a board drawn at random"
        )

    def show_hint(self) -> None:
        """Say what clicks do in the mode (in place mode, which tile to click next): above
        the board in the modes that are not editing, and in the status line."""
        mode = self._modes.mode
        hint = MODE_HINTS[mode]
        if mode is Mode.PLACE:
            tile = self._editor.next_tile_to_place()
            hint = f"Click where tile {tile} sits" if tile else "All tiles placed"
        standing = hint if mode is not Mode.EDIT else ""
        if standing or self._instruction.made is not None:
            self._instruction.get().set_standing(standing)
        self.lasting_message.emit(hint, None)
