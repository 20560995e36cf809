"""The main window: the board in the middle, the verdict and its reasons beside it.

It owns the one board model, the undo stack and the editor that turns user intents into
commands; it places the views and panels, builds menus and toolbars, and wires every signal
in `_connect_signals`. Files are handled by `gui.board_files`, the saved session read by
`gui.session` and images made by `gui.export`; puzzle logic lives in core.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QMainWindow,
    QSizePolicy,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from core import GoalName, goal_board
from core.formats import ShapeChoice, ShapeQuestion
from gui.app_info import APP_NAME, app_version
from gui.appearance import AppearanceController
from gui.board_editor import BoardEditor
from gui.board_files import BoardFiles
from gui.board_model import BoardModel
from gui.board_view import BoardView
from gui.clipboard_export import ClipboardExport
from gui.commands import UNDO_LIMIT
from gui.explanation_view import ExplanationView
from gui.fix_suggestion import FixSuggestion
from gui.goal_picker import GoalPicker
from gui.goal_preview import GoalPreview
from gui.input_error_banner import InputErrorBanner
from gui.inversion_panel import InversionPanel
from gui.mode_controller import Mode, ModeController
from gui.photo_import import PhotoImport
from gui.play_panel import PlayPanel
from gui.sequence_strip import SequenceStrip
from gui.session import BADGES_KEY, GEOMETRY_KEY, STATE_KEY, Session
from gui.size_bar import SizeBar
from gui.solution_player import SolutionPlayer
from gui.solve_controller import SolveController
from gui.solve_progress import SolveProgress
from gui.status_line import StatusLine
from gui.verdict_banner import VerdictBanner
from gui.walkthrough_dialog import WalkthroughDialog

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent

    from gui.why_dialog import WhyDialog

# Dialogs (QFileDialog, QMessageBox) and image export (QImage, QSvgGenerator) are imported
# where they are used: building their Python enum classes costs start-up several
# milliseconds for windows the user may never open.

MODE_HINTS = {
    Mode.EDIT: "Edit: type numbers, drag a tile onto another to swap them",
    Mode.PLACE: "Place in order: click where each tile sits, 1 first",
    Mode.PLAY: "Play: click a tile beside the blank or use the arrow keys",
}


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
        self.editor.rng = random.Random()
        self.editor.confirm_drop = self._confirm
        self.editor.choose_shape = self._ask_shape

        self.board_view = BoardView(self.model, self)
        self.modes = ModeController(self.model, self.editor, self.board_view)
        self.input_error_banner = InputErrorBanner(self)
        self.play_panel = PlayPanel(self)
        self.play_panel.hide()
        self.solve_progress = SolveProgress(self)
        self.solve_progress.hide()
        self.solution_player = SolutionPlayer(self)
        self.solution_player.hide()
        self.solving = SolveController(
            self.model,
            self.undo_stack,
            board_view=self.board_view,
            progress=self.solve_progress,
            player=self.solution_player,
            session=self.session,
            parent=self,
        )
        self.verdict_banner = VerdictBanner(self.model, self)
        self.goal_preview = GoalPreview(self.model, self)
        self.fix_suggestion = FixSuggestion(self.model, self)
        self.explanation_view = ExplanationView(self.model, self)
        #: Made on first use (Help > Walk Me Through It).
        self.walkthrough_dialog: WalkthroughDialog | None = None
        self.inversion_panel = InversionPanel(self.model, self)
        self.sequence_strip = SequenceStrip(self.model, self)
        self.size_bar = SizeBar(self.model, self)
        self.goal_picker = GoalPicker(self.model, self)
        self.setAcceptDrops(True)
        self.status_message = StatusLine(self.model.changed, self)

        self.files = BoardFiles(
            self.model, self.editor, self.undo_stack, self.settings, dialog_parent=self
        )
        self.photos = PhotoImport(
            self.model, self.editor, dialog_parent=self, dialog_folder=self.files.dialog_folder
        )
        self._build_actions()
        self.clipboard = ClipboardExport(
            self.model,
            self.editor,
            self.photos,
            board_view=self.board_view,
            show_badges=self.badges_action.isChecked,
            dialog_folder=self.files.dialog_folder,
            dialog_parent=self,
        )
        self._build_layout()
        self._build_menus_and_toolbar()
        self._connect_signals()
        #: Names of the stored settings found damaged and dropped at start-up.
        self.dropped_settings = self._restore_settings() if restore else []
        self._update_title()
        self._show_mode_hint()
        if self.dropped_settings:
            self.show_message(
                "Settings dropped as damaged, defaults used: " + ", ".join(self.dropped_settings),
                until=None,
            )
        self.board_view.setFocus()

    # -- construction -----------------------------------------------------------------

    def _build_layout(self) -> None:
        side = QWidget(self)
        side.setObjectName("sidePanel")
        # Past this the text only gets longer lines; the board takes the rest of the width.
        side.setMaximumWidth(560)
        # Narrower, the reasoning wraps into more lines than a small screen has height for.
        side.setMinimumWidth(330)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(6, 6, 6, 6)
        verdict_row = QHBoxLayout()
        verdict_row.setContentsMargins(0, 0, 0, 0)
        verdict_row.addWidget(self.verdict_banner, 1, Qt.AlignmentFlag.AlignTop)
        verdict_row.addWidget(self.goal_preview, 0, Qt.AlignmentFlag.AlignTop)
        side_layout.addLayout(verdict_row)
        side_layout.addWidget(self.fix_suggestion)
        # The explanation takes the height of its text; the list of pairs, the rest. The
        # list's own height hint is ignored (it would squeeze the explanation's conclusion
        # out of view) but never below what it needs to show a few pairs.
        side_layout.addWidget(self.explanation_view)
        side_layout.addWidget(self.inversion_panel, 1)
        list_policy = self.inversion_panel.sizePolicy()
        list_policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
        self.inversion_panel.setSizePolicy(list_policy)
        self.inversion_panel.setMinimumHeight(self.inversion_panel.minimumSizeHint().height())

        board_column = QWidget(self)
        board_column.setObjectName("boardColumn")
        board_layout = QVBoxLayout(board_column)
        board_layout.setContentsMargins(0, 0, 0, 0)
        board_layout.setSpacing(0)
        board_layout.addWidget(self.input_error_banner)
        board_layout.addWidget(self.play_panel)
        board_layout.addWidget(self.solve_progress)
        board_layout.addWidget(self.board_view, 1)
        board_layout.addWidget(self.solution_player)

        top = QSplitter(Qt.Orientation.Horizontal, self)
        top.setObjectName("boardSplitter")
        top.addWidget(board_column)
        top.addWidget(side)
        top.setStretchFactor(0, 3)
        top.setStretchFactor(1, 2)
        top.setChildrenCollapsible(False)

        outer = QSplitter(Qt.Orientation.Vertical, self)
        outer.setObjectName("stripSplitter")
        outer.addWidget(top)
        outer.addWidget(self.sequence_strip)
        outer.setStretchFactor(0, 5)
        outer.setStretchFactor(1, 1)
        outer.setChildrenCollapsible(False)
        self.setCentralWidget(outer)
        self.statusBar().addWidget(self.status_message, 1)
        self.resize(1180, 780)

    def _action(
        self,
        text: str,
        name: str,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.new_action = self._action("&New", "newAction", key.New, "Start from the goal board")
        self.quit_action = self._action("&Quit", "quitAction", key.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setObjectName("undoAction")
        self.undo_action.setShortcut(QKeySequence(key.Undo))
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setObjectName("redoAction")
        self.redo_action.setShortcut(QKeySequence(key.Redo))
        self.random_solvable_action = self._action(
            "Random &Solvable Board", "randomSolvableAction", "Ctrl+R"
        )
        self.random_unsolvable_action = self._action(
            "Random &Unsolvable Board", "randomUnsolvableAction", "Ctrl+Shift+R"
        )
        self.goal_from_board_action = self._action(
            "Use This Board as the &Goal", "goalFromBoardAction"
        )
        self.edit_goal_action = self._action(
            "&Edit Goal\u2026", "editGoalAction", "Ctrl+G", "Type or paste the goal position"
        )
        self.badges_action = self._action("Inversion &Badges on Tiles", "badgesAction", "Ctrl+B")
        self.badges_action.setCheckable(True)
        self.badges_action.setChecked(True)
        self.why_action = self._action(
            "Why the Rule &Works\u2026",
            "whyAction",
            None,
            "Slide a tile sideways or up and down and watch the numbers",
        )
        self.walkthrough_action = self._action(
            "&Walk Me Through It\u2026",
            "walkthroughAction",
            "F1",
            "Check the board by hand, step by step: the inversions, the blank's row, the verdict",
        )
        self.about_action = self._action("&About Slidecheck", "aboutAction")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

        self.mode_group = QActionGroup(self)
        self.mode_actions: dict[Mode, QAction] = {}
        for number, (mode, text) in enumerate(
            ((Mode.EDIT, "&Edit"), (Mode.PLACE, "Place in &Order"), (Mode.PLAY, "&Play")), start=1
        ):
            action = self._action(text, f"mode{mode.name.title()}Action", f"Ctrl+{number}")
            action.setCheckable(True)
            action.setData(mode)
            action.setToolTip(MODE_HINTS[mode])
            self.mode_group.addAction(action)
            self.mode_actions[mode] = action
        self.mode_actions[Mode.EDIT].setChecked(True)

    def _build_menus_and_toolbar(self) -> None:
        menu_bar = self.menuBar()
        file_menu = menu_bar.addMenu("&File")
        files = self.files
        file_menu.addActions([self.new_action, files.open_action, self.photos.open_action])
        file_menu.addMenu(files.recent_menu)
        file_menu.addActions([files.save_action, files.save_as_action])
        file_menu.addSeparator()
        file_menu.addAction(self.clipboard.export_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = menu_bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions(
            [
                self.clipboard.copy_action,
                self.clipboard.copy_image_action,
                self.clipboard.paste_action,
                self.photos.paste_action,
            ]
        )
        edit_menu.addSeparator()
        edit_menu.addActions(
            [
                self.random_solvable_action,
                self.random_unsolvable_action,
                self.goal_from_board_action,
                self.edit_goal_action,
            ]
        )
        mode_menu = menu_bar.addMenu("&Mode")
        mode_menu.addActions(list(self.mode_actions.values()))
        solve_menu = menu_bar.addMenu("&Solve")
        solve_menu.addAction(self.solving.solve_action)
        budget_menu = solve_menu.addMenu("Time &Budget")
        budget_menu.setObjectName("timeBudgetMenu")
        budget_menu.addActions(list(self.solving.time_budget_actions.values()))
        view_menu = menu_bar.addMenu("&View")
        view_menu.addAction(self.badges_action)
        appearance_menu = view_menu.addMenu("&Appearance")
        appearance_menu.addActions(list(self.appearance.actions.values()))
        appearance_menu.addSeparator()
        appearance_menu.addAction(self.appearance.toggle_dark_action)
        help_menu = menu_bar.addMenu("&Help")
        help_menu.addAction(self.walkthrough_action)
        help_menu.addAction(self.why_action)
        help_menu.addAction(self.about_action)

        toolbar = QToolBar("Board", self)
        toolbar.setObjectName("boardToolBar")
        toolbar.addWidget(self.size_bar)
        toolbar.addSeparator()
        toolbar.addWidget(self.goal_picker)
        toolbar.addSeparator()
        toolbar.addActions(list(self.mode_actions.values()))
        toolbar.addSeparator()
        toolbar.addAction(self.solving.solve_action)
        self.addToolBar(toolbar)

    def _connect_signals(self) -> None:
        """Every connection between widgets, the editor and the window, in one place."""
        editor, view = self.editor, self.board_view
        # Any change of the board (an edit, a good paste or open, undo) answers the failure.
        self.model.changed.connect(self.input_error_banner.hide)
        # Board view intents -> undoable edits.
        view.digit_typed.connect(
            lambda cell, digit, continues: editor.type_digit(cell, digit, continues=continues)
        )
        view.blank_typed.connect(editor.make_blank)
        # Clicks, drags and arrows mean what the mode says (gui.mode_controller). A slide
        # is a move in play mode's game; any other change of the board is a new game.
        self.model.changed.connect(self._follow_game)
        self.play_panel.shuffle_requested.connect(self.shuffle)
        view.copy_requested.connect(self.clipboard.copy_board)
        view.paste_requested.connect(self.clipboard.paste_board)
        # Toolbar and panels.
        self.size_bar.size_requested.connect(editor.resize)
        self.size_bar.preset_requested.connect(editor.new_board)
        self.goal_picker.goal_requested.connect(editor.set_goal)
        self.goal_picker.custom_goal_requested.connect(editor.use_current_as_goal)
        self.fix_suggestion.apply_requested.connect(editor.swap_tiles)
        # The panel's check box and the View menu show one setting; either one changes it.
        self.inversion_panel.badges_toggled.connect(self.badges_action.setChecked)
        self.badges_action.toggled.connect(view.set_show_badges)
        badges_check = self.inversion_panel.findChild(QCheckBox, "inversionBadgesCheck")
        if badges_check is not None:
            badges_check.setChecked(self.badges_action.isChecked())
            self.badges_action.toggled.connect(badges_check.setChecked)
        self.mode_group.triggered.connect(lambda action: self.set_mode(action.data()))
        # Menus.
        # triggered passes `checked`, which new_board would take for a width.
        self.new_action.triggered.connect(lambda _checked=False: editor.new_board())
        self.quit_action.triggered.connect(self.close)
        self.clipboard.message.connect(self.show_message)
        self.clipboard.paste_refused.connect(self.input_error_banner.show_error)
        # Photos: read off the GUI thread, then shown for a look in their dialog.
        self.photos.message.connect(self.show_message)
        self.photos.lasting_message.connect(self._show_lasting_message)
        self.photos.failed.connect(self.show_failure)
        self.photos.unsure_cells.connect(self.input_error_banner.show_notice)
        self.photos.board_read.connect(self.board_view.setFocus)
        self.photos.board_file_dropped.connect(self.files.open_recent)
        self.random_solvable_action.triggered.connect(lambda: editor.random(solvable=True))
        self.random_unsolvable_action.triggered.connect(lambda: editor.random(solvable=False))
        self.goal_from_board_action.triggered.connect(editor.use_current_as_goal)
        self.edit_goal_action.triggered.connect(self.edit_goal)
        self.goal_preview.edit_requested.connect(self.edit_goal)
        self.walkthrough_action.triggered.connect(self.show_walkthrough)
        self.why_action.triggered.connect(self.show_why)
        self.explanation_view.walkthrough_requested.connect(self.walkthrough_action.trigger)
        self.about_action.triggered.connect(self.show_about)
        # State shown in the window chrome.
        editor.message.connect(self.show_message)
        self.files.message.connect(self.show_message)
        self.files.open_refused.connect(self.input_error_banner.show_error)
        self.files.path_changed.connect(self._update_title)
        self.undo_stack.cleanChanged.connect(self._update_title)
        self.model.changed.connect(self._on_model_changed)
        # Solve, its progress, the player and the hint.
        self.solving.message.connect(self.show_message)
        self.solving.lasting_message.connect(self._show_lasting_message)
        self.play_panel.hint_requested.connect(self.solving.hint)

    # -- modes ------------------------------------------------------------------------

    def set_mode(self, mode: Mode) -> None:
        self.mode_actions[mode].setChecked(True)
        if mode is self.modes.mode:
            return
        self.modes.set_mode(mode)
        self.play_panel.setVisible(mode is Mode.PLAY)
        self.play_panel.restart()
        self._show_mode_hint()

    def _follow_game(self) -> None:
        """Play mode: a slide counts as a move, the one that reaches the goal wins; any other
        change (a preset, paste, open, photo, undo past the start, the solution player) puts
        a new board up, so a new game starts. Slides taken back outside play mode count
        for no game: entering play mode starts one."""
        if not self.model.changed_by_slide or self.modes.mode is not Mode.PLAY:
            self.play_panel.restart()
            return
        board = self.model.board
        solved = board is not None and board == goal_board(
            self.model.goal, board.width, board.height
        )
        self.play_panel.count_move(solved=solved)
        if solved:
            self.show_message(self.play_panel.text)

    def edit_goal(self) -> bool:
        """Type or paste a custom goal for the board's size; True when one was set."""
        from gui.goal_dialog import GoalDialog

        model = self.model
        try:
            current = goal_board(model.goal, model.width, model.height)
        except ValueError:  # a custom goal of another size: start from blank last
            current = goal_board(GoalName.BLANK_LAST, model.width, model.height)
        dialog = GoalDialog(current, self)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        goal = dialog.goal if accepted else None
        dialog.deleteLater()
        return goal is not None and self.editor.set_goal(goal)

    def shuffle(self) -> None:
        """A random solvable board to play, and a new game."""
        if self.editor.random(solvable=True):
            self.play_panel.restart()

    def _show_mode_hint(self) -> None:
        mode = self.modes.mode
        hint = MODE_HINTS[mode]
        if mode is Mode.PLACE:
            tile = self.editor.next_tile_to_place()
            hint = f"Click where tile {tile} sits" if tile else "All tiles placed"
        self.board_view.set_header_hint(hint if mode is not Mode.EDIT else "")
        self.show_message(hint, until=None)

    def _on_model_changed(self) -> None:
        if self.modes.mode is Mode.PLACE:
            self._show_mode_hint()
        self._update_title()
        # Solve stays enabled on an unfinished board: Ctrl+L then says what is missing,
        # where a disabled action would swallow the key without a word.
        self.solving.stop_searches_off_screen()

    # -- messages and dialogs -----------------------------------------------------------

    def show_message(
        self, text: str, *, until: SignalInstance | Literal["board"] | None = "board"
    ) -> None:
        """One line in the status bar, until the board changes (default), `until` fires,
        or, with None, a newer line replaces it (gui.status_line)."""
        self.status_message.show_message(text, until=until)

    def _show_lasting_message(self, text: str, until: SignalInstance | None) -> None:
        self.show_message(text, until=until)

    def show_failure(self, title: str, reason: str) -> None:
        """A failure said in the status line and, with its reason, in the strip above the
        board."""
        self.show_message(f"{title}: {reason}")
        self.input_error_banner.show_error(title, reason)

    def _ask_shape(self, question: ShapeQuestion) -> ShapeChoice | None:
        """Which board pasted numbers make, when the text does not say; None if the user
        cancels."""
        from PySide6.QtWidgets import QInputDialog

        labels = [choice.label for choice in question.choices]
        count = question.count
        if any(choice.blank_at is not None for choice in question.choices):
            prompt = (
                f"{count} numbers and no blank: which board is it?\nA blank left out goes "
                "where the text has a gap, else last."
            )
        else:
            prompt = f"One line of {count} numbers is not a square board. Which size is it?"
        label, chosen = QInputDialog.getItem(
            self, APP_NAME, prompt, labels, question.likeliest, False
        )
        return question.choices[labels.index(label)] if chosen else None

    def _confirm(self, question: str) -> bool:
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(self, APP_NAME, question)
        return answer == QMessageBox.StandardButton.Yes

    def show_walkthrough(self) -> None:
        """Open the guided walk (not modal) or bring it to the front."""
        if self.walkthrough_dialog is None:
            self.walkthrough_dialog = WalkthroughDialog(self.model, self)
        elif self.walkthrough_dialog.isVisible():
            self.walkthrough_dialog.raise_()  # open behind the window: to the front
        self.walkthrough_dialog.show()
        self.walkthrough_dialog.activateWindow()

    def show_why(self) -> WhyDialog:
        """Show why the rule works, sliding the board on screen when it is a small valid
        one, else the articles' 4x4 board."""
        from gui.why_dialog import EXAMPLE_BOARD, WhyDialog

        board = self.model.board
        if (
            board is None
            or max(board.width, board.height) > 6
            or min(board.width, board.height) < 2
        ):
            board = EXAMPLE_BOARD
        dialog = WhyDialog(board, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"<h3>{APP_NAME} {app_version()}</h3>"
            "<p>Checks whether a sliding-tile puzzle can be solved, and shows why: "
            "the inversion pairs and the blank's row counted from the bottom.</p>"
            "<p>MIT licence.</p>",
        )

    def _update_title(self) -> None:
        name = Path(self.files.path).name if self.files.path else "Untitled"
        self.setWindowTitle(f"{name}[*] \u2014 {APP_NAME}")
        self.setWindowModified(not self.undo_stack.isClean())

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.photos.may_open(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        if self.photos.open_mime(event.mimeData()):
            event.acceptProposedAction()

    # -- settings ---------------------------------------------------------------------

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
        self.solving.restore_time_budget()
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
        self.stop_workers()
        self.save_settings()
        event.accept()

    def stop_workers(self) -> None:
        """Stop every thread the window started and wait for each to end.

        A QThread object destroyed while its thread runs aborts the process, and the window
        and its children are destroyed as the application quits. A photo's decode cannot be
        interrupted, so the close waits for it (a fraction of a second; decoding is bounded).
        """
        self.solving.shutdown()
        self.photos.shutdown()
