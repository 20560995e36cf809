"""The main window: the board in the middle, the verdict and its reasons beside it.

A shell: it owns the one board model, the undo stack and the editor that turns user intents
into commands, places the views and panels, builds the menus and the toolbar, and wires
every signal in `_connect_signals`. The flows live in the controllers (files, photo import,
clipboard and export, solve, modes, edits, help, appearance); puzzle logic lives in core.
The controllers that the first frame does not need (edits, photo import, clipboard and
export, solve, help) are imported and built on first use: their actions are made with the
window (gui.actions) and each builds its controller when first triggered.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QMainWindow,
    QMenu,
    QToolBar,
    QWidget,
)

from gui.actions import (
    ClipboardActions,
    EditActions,
    HelpActions,
    PhotoActions,
    SolveActions,
    make_action,
)
from gui.app_info import APP_NAME
from gui.appearance import AppearanceController
from gui.board_editor import UNDO_LIMIT, BoardEditor
from gui.board_files import BoardFiles
from gui.board_model import BoardModel
from gui.board_view import BoardView
from gui.explanation_view import ExplanationView
from gui.fix_suggestion import FixSuggestion
from gui.goal_picker import GoalPicker
from gui.goal_preview import GoalPreview
from gui.inversion_panel import InversionPanel
from gui.mode_controller import ModeController
from gui.mode_menu import ModeMenu
from gui.on_demand import OnDemand, widget_on_demand
from gui.sequence_strip import SequenceStrip
from gui.session import BADGES_KEY, GEOMETRY_KEY, STATE_KEY, Session
from gui.size_bar import SizeBar
from gui.status_line import StatusLine
from gui.verdict_banner import VerdictBanner
from gui.warm_up import PHOTO_STEPS, WarmUp, solve_steps
from gui.window_layout import LayoutParts, WindowLayout

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent

    from gui.board_instruction import BoardInstruction
    from gui.clipboard_export import ClipboardExport
    from gui.edit_controller import EditController
    from gui.help_menu import HelpMenu
    from gui.input_error_banner import InputErrorBanner
    from gui.photo_import import PhotoImport
    from gui.play_panel import PlayPanel
    from gui.solution_player import SolutionPlayer
    from gui.solve_controller import SolveController
    from gui.solve_progress import SolveProgress

#: A menu's entries: an action, a submenu, or None for a separator.
MenuEntry = QAction | QMenu | None


def _make_player(parent: QWidget) -> SolutionPlayer:
    from gui.solution_player import SolutionPlayer

    return SolutionPlayer(parent)


def _make_input_error_banner(parent: QWidget) -> InputErrorBanner:
    from gui.input_error_banner import InputErrorBanner

    return InputErrorBanner(parent)


def _make_play_panel(parent: QWidget) -> PlayPanel:
    from gui.play_panel import PlayPanel

    return PlayPanel(parent)


def _make_solve_progress(parent: QWidget) -> SolveProgress:
    from gui.solve_progress import SolveProgress

    return SolveProgress(parent)


class MainWindow(QMainWindow):
    """Slidecheck's window. `settings` defaults to the application's QSettings."""

    def __init__(
        self,
        settings: QSettings | None = None,
        *,
        restore: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.settings = settings if settings is not None else QSettings()
        self.session = Session(self.settings)
        self.appearance = AppearanceController(self.session, window=self)

        self.model = BoardModel(parent=self)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(UNDO_LIMIT)  # only possible while the stack is empty
        self.editor = BoardEditor(self.model, self.undo_stack, self)
        # The editor's questions, asked in dialogs (gui.edit_controller, made on the first).
        self.editor.confirm_drop = lambda question: self.edits.confirm(question)
        self.editor.choose_shape = lambda question: self.edits.ask_shape(question)

        self.board_view = BoardView(self.model, self)
        self.modes = ModeController(self.model, self.editor, self.board_view)
        # The strips over the board, top down, and the solution player below it start
        # hidden: each is made when first shown (the player by the warm-up once the window
        # is on screen, if no Solve came first), in this order in the Tab order after the
        # board whichever is made first (gui.on_demand), and placed by gui.window_layout.
        board = self.board_view
        self._input_error_banner = widget_on_demand(self, _make_input_error_banner, follows=board)
        self._play_panel = widget_on_demand(
            self, _make_play_panel, follows=board, after=self._input_error_banner
        )
        self._board_instruction = widget_on_demand(
            self, self._make_board_instruction, follows=board, after=self._play_panel
        )
        self.mode_menu = ModeMenu(
            self.model,
            self.editor,
            self.modes,
            board_view=self.board_view,
            play_panel=self._play_panel,
            instruction=self._board_instruction,
            parent=self,
        )
        self._solve_progress = widget_on_demand(
            self, _make_solve_progress, follows=board, after=self._board_instruction
        )
        self.player = widget_on_demand(
            self, _make_player, follows=board, after=self._solve_progress
        )
        self.verdict_banner = VerdictBanner(self.model, self)
        self.goal_preview = GoalPreview(self.model, self)
        self.fix_suggestion = FixSuggestion(self.model, self)
        self.explanation_view = ExplanationView(self.model, self)
        self.inversion_panel = InversionPanel(self.model, self)
        self.sequence_strip = SequenceStrip(self.model, self)
        self.size_bar = SizeBar(self.model, self)
        self.goal_picker = GoalPicker(self.model, self)
        self.setAcceptDrops(True)
        self.status_message = StatusLine(self.model.changed, self)

        self.files = BoardFiles(
            self.model, self.editor, self.undo_stack, self.settings, dialog_parent=self
        )
        # The controllers made on first use (see the properties that make them).
        self._edits = OnDemand(self._make_edits)
        self._photos = OnDemand(self._make_photos)
        self._clipboard = OnDemand(self._make_clipboard)
        self._solving = OnDemand(self._make_solving)
        self._help = OnDemand(self._make_help)
        self._build_actions()
        self._build_layout()
        self._build_menus_and_toolbar()
        self._connect_signals()
        #: Names of the stored settings found damaged and dropped at start-up.
        self.dropped_settings = self._restore_settings() if restore else []
        self._update_title()
        self.mode_menu.show_hint()
        if self.dropped_settings:
            self.show_message(
                "Settings dropped as damaged, defaults used: " + ", ".join(self.dropped_settings),
                until=None,
            )
        self.board_view.setFocus()
        #: Solve's and the photo reader's modules, imported once the window is on screen, the
        #: search of the shown board's shape made ready and the solution player built.
        self.warm_up = WarmUp(
            self, solve_steps(self._prepare_search, self.player.get) + PHOTO_STEPS
        )

    # -- construction -----------------------------------------------------------------

    def _build_layout(self) -> None:
        # Wide, or compact on a small window; gui.window_layout places and moves them.
        parts = LayoutParts(
            above_board=(
                self._input_error_banner,
                self._play_panel,
                self._board_instruction,
                self._solve_progress,
            ),
            board=self.board_view,
            player=self.player,
            verdict=self.verdict_banner,
            goal_preview=self.goal_preview,
            fix=self.fix_suggestion,
            explanation=self.explanation_view,
            pairs=self.inversion_panel,
            strip=self.sequence_strip,
        )
        self.arrangement = WindowLayout(self, parts)
        self.statusBar().addWidget(self.status_message, 1)
        self.resize(1180, 780)

    @property
    def solution_player(self) -> SolutionPlayer:
        """The solution player (made now if no solution was shown yet)."""
        return self.player.get()

    # -- the strips over the board, made when first shown -----------------------------

    @property
    def input_error_banner(self) -> InputErrorBanner:
        """What failed (a paste, an open), or a notice about the board below."""
        return self._input_error_banner.get()

    @property
    def play_panel(self) -> PlayPanel:
        """Play mode's moves, time, Hint and Shuffle."""
        return self._play_panel.get()

    @property
    def board_instruction(self) -> BoardInstruction:
        """The mode's instruction or the hint, right above the board."""
        return self._board_instruction.get()

    def _make_board_instruction(self, parent: QWidget) -> BoardInstruction:
        from gui.board_instruction import BoardInstruction

        return BoardInstruction(self.model.changed, parent)

    @property
    def solve_progress(self) -> SolveProgress:
        """What a running search has done so far, and Cancel."""
        return self._solve_progress.get()

    def _hide_input_error(self) -> None:
        if (banner := self._input_error_banner.made) is not None:
            banner.hide()

    # -- the controllers made on first use ----------------------------------------------

    @property
    def edits(self) -> EditController:
        """The editor's questions and Edit Goal."""
        return self._edits.get()

    def _make_edits(self) -> EditController:
        from gui.edit_controller import EditController

        return EditController(self.model, self.editor, dialog_parent=self)

    @property
    def photos(self) -> PhotoImport:
        """Boards read from photos: opened, pasted or dropped."""
        return self._photos.get()

    def _make_photos(self) -> PhotoImport:
        from gui.photo_import import PhotoImport

        photos = PhotoImport(
            self.model, self.editor, dialog_parent=self, dialog_folder=self.files.dialog_folder
        )
        photos.message.connect(self.show_message)
        photos.lasting_message.connect(self.status_message.show_until)
        photos.failed.connect(self.show_failure)
        photos.unsure_cells.connect(
            lambda title, text: self.input_error_banner.show_notice(title, text)
        )
        photos.board_read.connect(self.board_view.setFocus)
        photos.board_file_dropped.connect(self.files.open_recent)
        return photos

    @property
    def clipboard(self) -> ClipboardExport:
        """Copy and paste, the result as a picture, export."""
        return self._clipboard.get()

    def _make_clipboard(self) -> ClipboardExport:
        from gui.clipboard_export import ClipboardExport

        clipboard = ClipboardExport(
            self.model,
            self.editor,
            paste_photo=lambda: self.photos.paste(),
            board_view=self.board_view,
            show_badges=self.badges_action.isChecked,
            dialog_folder=self.files.dialog_folder,
            dialog_parent=self,
        )
        clipboard.message.connect(self.show_message)
        clipboard.paste_refused.connect(self.show_input_error)
        return clipboard

    @property
    def solving(self) -> SolveController:
        """Solve, the hint and the solution player's undo step."""
        return self._solving.get()

    def _make_solving(self) -> SolveController:
        from gui.solve_controller import SolveController

        solving = SolveController(
            self.model,
            self.undo_stack,
            board_view=self.board_view,
            progress=self._solve_progress,
            player=self.player,
            time_budget=lambda: self.solve_actions.time_budget,
            parent=self,
        )
        solving.message.connect(self.show_message)
        solving.lasting_message.connect(self.status_message.show_until)
        solving.hint_message.connect(lambda text: self.board_instruction.show_passing(text))
        return solving

    def _prepare_search(self) -> None:
        """On the warm-up's thread: the search of the shown board's shape made ready. The
        model's draft is a frozen value replaced whole at each edit, so one read of it
        gives a shape that was shown, from any thread."""
        from core.search import prepare_shape

        draft = self.model.draft
        prepare_shape(draft.width, draft.height)

    @property
    def help(self) -> HelpMenu:
        """What the Help menu opens."""
        return self._help.get()

    def _make_help(self) -> HelpMenu:
        from gui.help_menu import HelpMenu

        return HelpMenu(self.model, dialog_parent=self, board=self.board_view)

    # -- menus and toolbar ----------------------------------------------------------------

    def _build_actions(self) -> None:
        """The window's own actions, and those of the controllers made on first use."""
        self.edit_actions = EditActions(self)
        self.photo_actions = PhotoActions(self)
        self.clipboard_actions = ClipboardActions(self)
        self.solve_actions = SolveActions(self, self.session)
        self.help_actions = HelpActions(self)
        key = QKeySequence.StandardKey
        self.quit_action = make_action(self, "&Quit", "quitAction", key.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setObjectName("undoAction")
        self.undo_action.setShortcut(QKeySequence(key.Undo))
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setObjectName("redoAction")
        self.redo_action.setShortcut(QKeySequence(key.Redo))
        self.badges_action = make_action(
            self, "Inversion &Badges on Tiles", "badgesAction", "Ctrl+B"
        )
        self.badges_action.setCheckable(True)
        self.badges_action.setChecked(True)

    def _build_menus_and_toolbar(self) -> None:
        files, clipboard, edits = self.files, self.clipboard_actions, self.edit_actions
        photos, solve, help_ = self.photo_actions, self.solve_actions, self.help_actions
        budget_menu = QMenu("Time &Budget", self)
        budget_menu.setObjectName("timeBudgetMenu")
        budget_menu.addActions(list(solve.time_budget_actions.values()))
        puzzle_menu = QMenu("New &Puzzle", self)
        puzzle_menu.setObjectName("newPuzzleMenu")
        puzzle_menu.addActions(self.size_bar.preset_actions)
        # A table, one menu a row: kept as laid out here rather than one entry a line.
        # fmt: off
        menus: dict[str, list[MenuEntry]] = {
            "&File": [edits.new_action, puzzle_menu, None, files.open_action, photos.open_action,
                      files.recent_menu, files.save_action, files.save_as_action, None,
                      clipboard.export_action, None, self.quit_action],
            "&Edit": [self.undo_action, self.redo_action, None,
                      clipboard.copy_action, clipboard.copy_image_action,
                      clipboard.paste_action, photos.paste_action, None,
                      edits.random_solvable_action, edits.random_unsolvable_action, None,
                      *edits.goal_actions.values(), edits.goal_from_board_action,
                      edits.edit_goal_action],
            "&Mode": [*self.mode_menu.actions.values()],
            "&Solve": [solve.solve_action, budget_menu],
            "&View": [self.badges_action, self.appearance.menu],
            "&Help": [help_.walkthrough_action, help_.why_action, help_.about_action],
        }
        # fmt: on
        for title, entries in menus.items():
            # Made, then added: addMenu(title) has an overload taking an icon too (see
            # gui.actions.make_action).
            menu = QMenu(title, self.menuBar())
            self.menuBar().addMenu(menu)
            for entry in entries:
                if entry is None:
                    menu.addSeparator()
                elif isinstance(entry, QMenu):
                    menu.addMenu(entry)
                else:
                    menu.addAction(entry)

        toolbar = QToolBar("Board", self)
        toolbar.setObjectName("boardToolBar")
        toolbar.addWidget(self.size_bar)
        toolbar.addSeparator()
        toolbar.addWidget(self.goal_picker)
        toolbar.addSeparator()
        toolbar.addActions(list(self.mode_menu.actions.values()))
        toolbar.addSeparator()
        toolbar.addAction(solve.solve_action)
        self.addToolBar(toolbar)

    def _connect_signals(self) -> None:
        """Every connection between widgets, controllers and the window, in one place."""
        editor, view, model = self.editor, self.board_view, self.model
        # Any change of the board (an edit, a good paste or open, undo) answers the failure.
        model.changed.connect(self._hide_input_error)
        # Board view intents -> undoable edits.
        view.digit_typed.connect(
            lambda cell, digit, continues: editor.type_digit(cell, digit, continues=continues)
        )
        view.blank_typed.connect(editor.make_blank)
        # Clicks, drags and arrows mean what the mode says (gui.mode_controller). A slide
        # is a move in play mode's game; any other change of the board is a new game.
        model.changed.connect(self.mode_menu.on_board_changed)
        view.copy_requested.connect(lambda: self.clipboard.copy_board())
        view.paste_requested.connect(lambda: self.clipboard.paste_board())
        # The menus' actions; the controller behind each is made on its first trigger.
        # (`triggered` passes `checked`, which new_board would take for a width.)
        edits = self.edit_actions
        edits.new_action.triggered.connect(lambda: editor.new_board())
        edits.random_solvable_action.triggered.connect(lambda: editor.random(solvable=True))
        edits.random_unsolvable_action.triggered.connect(lambda: editor.random(solvable=False))
        edits.goal_from_board_action.triggered.connect(editor.use_current_as_goal)
        edits.edit_goal_action.triggered.connect(lambda: self.edits.edit_goal())
        for goal, action in edits.goal_actions.items():
            action.triggered.connect(lambda _checked=False, goal=goal: editor.set_goal(goal))
        model.changed.connect(lambda: edits.show_goal(model.goal))
        edits.show_goal(model.goal)
        self.photo_actions.open_action.triggered.connect(lambda: self.photos.open_dialog())
        self.photo_actions.paste_action.triggered.connect(lambda: self.photos.paste())
        clipboard = self.clipboard_actions
        clipboard.export_action.triggered.connect(lambda: self.clipboard.export_image_dialog())
        clipboard.copy_image_action.triggered.connect(lambda: self.clipboard.copy_result_image())
        clipboard.copy_action.triggered.connect(lambda: self.clipboard.copy_board())
        clipboard.paste_action.triggered.connect(lambda: self.clipboard.paste_board())
        self.solve_actions.solve_action.triggered.connect(lambda: self.solving.solve())
        help_ = self.help_actions
        help_.walkthrough_action.triggered.connect(lambda: self.help.show_walkthrough())
        help_.why_action.triggered.connect(lambda: self.help.show_why())
        help_.about_action.triggered.connect(lambda: self.help.show_about())
        # Toolbar and panels.
        self.size_bar.size_requested.connect(editor.resize)
        self.size_bar.preset_requested.connect(editor.new_board)
        self.goal_picker.goal_requested.connect(editor.set_goal)
        self.goal_picker.custom_goal_requested.connect(editor.use_current_as_goal)
        self.goal_preview.edit_requested.connect(lambda: self.edits.edit_goal())
        self.fix_suggestion.apply_requested.connect(editor.swap_tiles)
        # The button hides once the board is fixed: the board, not the next widget in the
        # tab chain (the explanation), keeps the keyboard.
        self.fix_suggestion.apply_requested.connect(lambda _a, _b: self.board_view.setFocus())
        self.explanation_view.walkthrough_requested.connect(help_.walkthrough_action.trigger)
        self._play_panel.when_made(
            lambda panel: panel.hint_requested.connect(lambda: self.solving.hint())
        )
        # The panel's check box and the View menu show one setting; either one changes it.
        self.inversion_panel.badges_toggled.connect(self.badges_action.setChecked)
        self.badges_action.toggled.connect(view.set_show_badges)
        badges_check = self.inversion_panel.findChild(QCheckBox, "inversionBadgesCheck")
        if badges_check is not None:
            badges_check.setChecked(self.badges_action.isChecked())
            self.badges_action.toggled.connect(badges_check.setChecked)
        self.quit_action.triggered.connect(self.close)
        # A small window's toolbar keeps the spin boxes; File > New Puzzle has the presets.
        self.arrangement.compact_changed.connect(lambda c: self.size_bar.show_presets(not c))
        # What the controllers say: the status line, the strip above the board, the title.
        # (The controllers made on first use are wired as they are made, above.)
        self.mode_menu.message.connect(self.show_message)
        self.mode_menu.lasting_message.connect(self.status_message.show_until)
        for said in (editor.message, self.files.message):
            said.connect(self.show_message)
        self.files.open_refused.connect(self.show_input_error)
        self.files.path_changed.connect(self._update_title)
        self.undo_stack.cleanChanged.connect(self._update_title)
        model.changed.connect(self._on_model_changed)

    # -- what the window shows ----------------------------------------------------------

    def _on_model_changed(self) -> None:
        self._update_title()
        # Solve stays enabled on an unfinished board: Ctrl+L then says what is missing,
        # where a disabled action would swallow the key without a word.
        if (solving := self._solving.made) is not None:
            solving.stop_searches_off_screen()

    def show_message(
        self, text: str, *, until: SignalInstance | Literal["board"] | None = "board"
    ) -> None:
        """One line in the status bar, until the board changes (default), `until` fires,
        or, with None, a newer line replaces it (gui.status_line)."""
        self.status_message.show_message(text, until=until)

    def show_failure(self, title: str, reason: str) -> None:
        """A failure said in the status line and, with its reason, in the strip above the
        board."""
        self.show_message(f"{title}: {reason}")
        self.show_input_error(title, reason)

    def show_input_error(self, title: str, reason: str) -> None:
        """`title` failed because of `reason`, said in the strip above the board."""
        self.input_error_banner.show_error(title, reason)

    def _update_title(self) -> None:
        name = Path(self.files.path).name if self.files.path else "Untitled"
        self.setWindowTitle(f"{name}[*] \u2014 {APP_NAME}")
        self.setWindowModified(not self.undo_stack.isClean())

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        from gui.photo_import import PhotoImport

        if PhotoImport.may_open(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        if self.photos.open_mime(event.mimeData()):
            event.acceptProposedAction()

    # -- settings and closing -----------------------------------------------------------

    def _restore_settings(self) -> list[str]:
        """Bring back what the last session saved. Any stored value may be garbage: each
        damaged one is dropped, and its name returned so the window can say so; none stops
        the window."""
        session = self.session
        if self.files.repair_recent_files():
            session.dropped.append("recent files")
        geometry = session.bytes_value(GEOMETRY_KEY, "window size")
        if geometry is not None and not self.restoreGeometry(geometry):
            session.drop(GEOMETRY_KEY, "window size")
        state = session.bytes_value(STATE_KEY, "toolbar layout")
        if state is not None and not self.restoreState(state):
            session.drop(STATE_KEY, "toolbar layout")
        badges = session.bool_value(BADGES_KEY, "badges setting")
        if badges is not None:
            self.badges_action.setChecked(badges)
        self.appearance.restore()
        self.solve_actions.restore_time_budget()
        saved = session.last_board()
        if saved is not None:
            self.files.restore(saved)
        return list(session.dropped)

    def save_settings(self) -> None:
        session = self.session
        session.save_board(
            self.model.draft, self.files.path, modified=not self.undo_stack.isClean()
        )
        session.save_value(GEOMETRY_KEY, self.saveGeometry())
        session.save_value(STATE_KEY, self.saveState())
        session.save_value(BADGES_KEY, self.badges_action.isChecked())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.may_discard_changes():
            event.ignore()
            return
        self.files.drop_discarded_changes()
        self.stop_workers()
        self.save_settings()
        event.accept()

    def stop_workers(self) -> None:
        """Stop every thread the window's controllers and its warm-up started and wait for
        each to end: a QThread object destroyed while its thread runs aborts the process,
        the window and its children are destroyed as the application quits, and a window
        closed with no event loop running (a render, the self-test) hears no aboutToQuit."""
        self.warm_up.stop()
        for controller in (self._solving.made, self._photos.made):
            if controller is not None:
                controller.shutdown()
