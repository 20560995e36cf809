"""The window's actions: one call per action (`make_action`), named so tests and the toolbar's
saved state can find it, with its shortcut and the tip the status bar and tooltip show.

The actions of the controllers that load on first use (the Edit menu's board actions, photo
import, the clipboard and export, Solve, Help) are made here, with the window, so the menus,
the toolbar and every shortcut are there from the first frame, and the state they show (the
goal in force, the time budget chosen) is kept from the start. The window connects each to
its controller, which is imported and built on the action's first trigger (bench/README.md,
"Start-up on first use").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from core import Board, GoalName
from gui.session import TIME_BUDGET_KEY

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from core import Goal
    from gui.session import Session

#: The Solve menu's time budgets: the stored name, the menu's text, the seconds (None: the
#: search runs until it proves a shortest solution or is cancelled).
TIME_BUDGETS: tuple[tuple[str, str, float | None], ...] = (
    ("none", "&No Limit", None),
    ("1", "&1 Second", 1.0),
    ("5", "&5 Seconds", 5.0),
    ("30", "&30 Seconds", 30.0),
)


def make_action(
    parent: QObject,
    text: str,
    name: str,
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    tip: str = "",
) -> QAction:
    # Made, then named: the constructor that takes the text has an overload taking an icon,
    # and choosing between them has PySide6 make Python's QIcon (and its enum classes).
    action = QAction(parent)
    action.setText(text)
    action.setObjectName(name)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    return action


class EditActions:
    """File > New, and the Edit menu's random boards and goals (gui.edit_controller asks
    the questions). The named goals are checked as the goal in force (`show_goal`)."""

    def __init__(self, parent: QObject) -> None:
        self.new_action = make_action(
            parent, "&New", "newAction", QKeySequence.StandardKey.New, "Start from the goal board"
        )
        self.random_solvable_action = make_action(
            parent, "Random &Solvable Board", "randomSolvableAction", "Ctrl+R"
        )
        self.random_unsolvable_action = make_action(
            parent, "Random &Unsolvable Board", "randomUnsolvableAction", "Ctrl+Shift+R"
        )
        self.goal_from_board_action = make_action(
            parent, "Use This Board as the &Goal", "goalFromBoardAction"
        )
        self.edit_goal_action = make_action(
            parent,
            "&Edit Goal\u2026",
            "editGoalAction",
            "Ctrl+G",
            "Type or paste the goal position",
        )
        # The named goals as menu items too: the keyboard's way to them, and the small
        # window's, whose toolbar has no room for the goal box. A custom goal checks neither.
        self.goal_group = QActionGroup(parent)
        self.goal_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        self.goal_actions: dict[GoalName, QAction] = {}
        for goal, text, name in (
            (GoalName.BLANK_LAST, "Goal: Blank &Last", "goalBlankLastAction"),
            (GoalName.BLANK_FIRST, "Goal: Blank &First", "goalBlankFirstAction"),
        ):
            action = make_action(parent, text, name)
            action.setCheckable(True)
            self.goal_group.addAction(action)
            self.goal_actions[goal] = action

    def show_goal(self, goal: Goal) -> None:
        """Check the named goal in force (neither, for a custom goal)."""
        for name, action in self.goal_actions.items():
            action.setChecked(not isinstance(goal, Board) and goal == name)


class PhotoActions:
    """File > Open Photo and Edit > Paste Photo (gui.photo_import reads the photo)."""

    def __init__(self, parent: QObject) -> None:
        self.open_action = make_action(
            parent,
            "Open P&hoto\u2026",
            "openPhotoAction",
            "Ctrl+Shift+O",
            "Read the board from a photo of a physical puzzle",
        )
        self.paste_action = make_action(
            parent,
            "Paste Pho&to",
            "pastePhotoAction",
            "Ctrl+Shift+V",
            "Read the board from a photo on the clipboard",
        )


class ClipboardActions:
    """Copy and paste the board, copy the result as a picture, export it (gui.clipboard_export
    does them)."""

    def __init__(self, parent: QObject) -> None:
        key = QKeySequence.StandardKey
        self.export_action = make_action(
            parent,
            "&Export Image\u2026",
            "exportAction",
            "Ctrl+E",
            "Save the result (verdict, numbers, board, reasoning) as PNG or SVG",
        )
        self.copy_image_action = make_action(
            parent,
            "Copy Result as &Image",
            "copyImageAction",
            "Ctrl+Shift+C",
            "Copy the result (verdict, numbers, board, reasoning) as a picture",
        )
        self.copy_action = make_action(
            parent, "&Copy Board", "copyAction", key.Copy, "Copy as text"
        )
        self.paste_action = make_action(
            parent,
            "&Paste Board",
            "pasteAction",
            key.Paste,
            "Paste a board in any format, or a photo",
        )


class SolveActions:
    """Solve > Solve and Solve > Time Budget (gui.solve_controller searches); the budget
    chosen is kept in `session` for the next start."""

    def __init__(self, parent: QObject, session: Session) -> None:
        self._session = session
        self.solve_action = make_action(
            parent,
            "&Solve",
            "solveAction",
            "Ctrl+L",
            "Find the moves to the goal (the shortest on boards of up to 16 cells) and play them",
        )
        # After its budget a search gives way to the best solution found by then (the hand
        # method's, or on a larger board the beam search's best), told with the length no
        # solution is shorter than.
        self.time_budget_actions: dict[str, QAction] = {}
        budgets = QActionGroup(parent)
        for name, text, seconds in TIME_BUDGETS:
            tip = (
                "Search until a shortest solution is found"
                if seconds is None
                else f"After {text.replace('&', '').lower()}, show the best solution found by then"
            )
            action = make_action(parent, text, f"timeBudget{name.title()}Action", None, tip)
            action.setCheckable(True)
            action.setData(seconds)
            action.setActionGroup(budgets)
            action.triggered.connect(
                lambda _=False, n=name: self._session.save_value(TIME_BUDGET_KEY, n)
            )
            self.time_budget_actions[name] = action
        self.time_budget_actions["none"].setChecked(True)

    @property
    def time_budget(self) -> float | None:
        """The seconds chosen in Solve > Time Budget, or None for no limit."""
        for action in self.time_budget_actions.values():
            if action.isChecked():
                seconds = action.data()
                return float(seconds) if seconds is not None else None
        return None

    def restore_time_budget(self) -> None:
        """Check the budget the last session chose; a damaged stored value is dropped (the
        session notes it) and No Limit stays."""
        budget = self._session.choice(
            TIME_BUDGET_KEY, "time budget", frozenset(self.time_budget_actions)
        )
        if budget is not None:
            self.time_budget_actions[budget].setChecked(True)


class HelpActions:
    """The Help menu (gui.help_menu opens what each asks for)."""

    def __init__(self, parent: QObject) -> None:
        self.walkthrough_action = make_action(
            parent,
            "&Walk Me Through It\u2026",
            "walkthroughAction",
            "F1",
            "Check the board by hand, step by step: the inversions, the blank's row, the verdict",
        )
        self.why_action = make_action(
            parent,
            "Why the Rule &Works\u2026",
            "whyAction",
            None,
            "Slide a tile sideways or up and down and watch the numbers",
        )
        self.about_action = make_action(parent, "&About Slidecheck", "aboutAction")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
