"""Where the window's widgets go: the board first, at every window size.

Wide (the usual sizes): the board column and the side panel (the verdict and the goal, the
fix, the explanation, the list of pairs) side by side in a splitter, over the sequence strip.

Compact (a window narrower than `COMPACT_BELOW`'s width or shorter than its height, such as
640x480 or 800x600): in the wide arrangement the side panel kept its width, the strip its height and
the player its rows, and the board was left 2.5 visible rows in a scroll area (at 800x600,
the player left a 10x10 board 4.5 rows). Here the
verdict stays in view over tabs: Why (the goal, the fix and the explanation), Pairs (the
strip and the list) and, while it is open, Solution (the player, which opens on its tab,
its slider on a row of its own). The board column gets the window's whole height and the
width of a square board, and the toolbar drops its preset buttons (`compact_changed`; the
File menu has them too).

Nothing is built twice: the same widgets move between the two arrangements, each keeping
whether it is shown. Nothing is built before it is needed either: the tabs when the window
first goes compact, the player (an `OnDemand`) when it is first needed (gui.warm_up builds it
once the window waits for its first click).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gui.on_demand import follow_in_tab_order

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtWidgets import QMainWindow, QTabWidget

    from gui.on_demand import OnDemand
    from gui.solution_player import SolutionPlayer

#: A window narrower or shorter than this is laid out compact: 640x480, 800x600 and a
#: 1024x600 netbook are; 1280x720, 1024x768 and larger are laid out wide.
COMPACT_BELOW = QSize(760, 640)
#: The side panel's width, wide: narrower, the reasoning wraps into more lines than a small
#: screen has height for; wider, the text only gets longer lines.
WIDE_SIDE_WIDTH = (330, 560)
#: The side panel's narrowest, compact: the verdict over tabs.
COMPACT_SIDE_MINIMUM = 240
#: The window's central area at its smallest. Set, not left to the layout: the wide
#: arrangement's own minimum is taller (505 px for the window), and a window going from
#: wide straight to 640x480 (a restored size, a resize by the program) stopped there, too
#: tall for the screen, before the compact arrangement with its smaller minimum took over.
#: Wide is never shown this small (see `COMPACT_BELOW`).
CENTRAL_MINIMUM = QSize(420, 360)
#: Tab titles, in order; the player's comes last while it is open.
WHY, PAIRS, SOLUTION = "Why", "Pairs", "Solution"


class LayoutParts(NamedTuple):
    """The widgets arranged, made by the window."""

    #: Strips over the board, top down (a failure, play mode's line, the instruction...),
    #: each placed when it is made.
    above_board: Sequence[OnDemand[QWidget]]
    board: QWidget
    player: OnDemand[SolutionPlayer]
    verdict: QWidget
    goal_preview: QWidget
    fix: QWidget
    explanation: QWidget
    pairs: QWidget
    strip: QWidget


def _page(tabs: QTabWidget, name: str, *, scrolls: bool = False) -> tuple[QWidget, QVBoxLayout]:
    """A tab's page and the layout its widgets go in. A page that `scrolls` holds them in
    a scroll area, for a window too short for them all."""
    page = QWidget(tabs)
    page.setObjectName(name)
    layout = QVBoxLayout(page)
    layout.setContentsMargins(4, 4, 4, 4)
    if not scrolls:
        return page, layout
    from PySide6.QtWidgets import QScrollArea  # with the compact tabs, not at start-up

    area = QScrollArea(tabs)
    area.setObjectName(f"{name}Scroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidgetResizable(True)
    area.setWidget(page)
    return area, layout


class WindowLayout(QObject):
    """Places one window's widgets, wide or compact, and follows the window's size."""

    #: True when the window went compact, False when it went wide again.
    compact_changed = Signal(bool)

    def __init__(self, window: QMainWindow, parts: LayoutParts) -> None:
        super().__init__(window)
        self._window = window
        self._parts = parts
        self._compact = False
        #: The side panel's wide width, given back when the window grows out of compact.
        self._wide_side_width = WIDE_SIDE_WIDTH[0]
        #: The compact arrangement's tabs, built the first time the window goes compact.
        self._tabs: QTabWidget | None = None
        self._build_wide(window)
        #: Where the tabs go in the Tab order when they are built: after the wide parts.
        self._tabs_after = window.previousInFocusChain()
        self._outer.setMinimumSize(CENTRAL_MINIMUM)
        window.setCentralWidget(self._outer)
        window.installEventFilter(self)
        parts.player.when_made(self._place_player)

    @property
    def compact(self) -> bool:
        return self._compact

    def _build_wide(self, window: QMainWindow) -> None:
        parts = self._parts
        side = QWidget(window)
        side.setObjectName("sidePanel")
        side.setMaximumWidth(WIDE_SIDE_WIDTH[1])
        self._side_layout = QVBoxLayout(side)
        self._side_layout.setContentsMargins(6, 6, 6, 6)
        self._verdict_row = QHBoxLayout()
        self._verdict_row.setContentsMargins(0, 0, 0, 0)
        self._verdict_row.addWidget(parts.verdict, 1, Qt.AlignmentFlag.AlignTop)
        self._side_layout.addLayout(self._verdict_row)
        # The explanation takes the height of its text; the list of pairs, the rest. The
        # list's own height hint is ignored (it would squeeze the explanation's conclusion
        # out of view) but never below what it needs to show a few pairs.
        list_policy = parts.pairs.sizePolicy()
        list_policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
        parts.pairs.setSizePolicy(list_policy)
        parts.pairs.setMinimumHeight(parts.pairs.minimumSizeHint().height())
        self._side = side

        board_column = QWidget(window)
        board_column.setObjectName("boardColumn")
        board_layout = QVBoxLayout(board_column)
        board_layout.setContentsMargins(0, 0, 0, 0)
        board_layout.setSpacing(0)
        board_layout.addWidget(parts.board, 1)
        self._board_layout = board_layout
        for strip in parts.above_board:
            strip.when_made(self._place_strip)

        top = QSplitter(Qt.Orientation.Horizontal, window)
        top.setObjectName("boardSplitter")
        top.addWidget(board_column)
        top.addWidget(side)
        top.setChildrenCollapsible(False)
        outer = QSplitter(Qt.Orientation.Vertical, window)
        outer.setObjectName("stripSplitter")
        outer.addWidget(top)
        outer.setChildrenCollapsible(False)
        self._top, self._outer = top, outer
        self._arrange_wide()

    def _build_tabs(self) -> QTabWidget:
        # Built the first time the window goes compact: its Qt classes (and their enum
        # classes) are not the first frame's either.
        from PySide6.QtWidgets import QTabWidget

        tabs = QTabWidget(self._side)
        tabs.setObjectName("sideTabs")
        tabs.setDocumentMode(True)
        self._why, self._why_layout = _page(tabs, "whyPage")
        self._why_top = QHBoxLayout()
        self._why_layout.addLayout(self._why_top)
        self._pairs_page, self._pairs_layout = _page(tabs, "pairsPage")
        # The player's rows are many for a short window's column: they scroll.
        self._solution, self._solution_layout = _page(tabs, "solutionPage", scrolls=True)
        tabs.addTab(self._why, WHY)
        tabs.addTab(self._pairs_page, PAIRS)
        self._solution.hide()
        self._side_layout.addWidget(tabs, 1)
        tabs.hide()
        follow_in_tab_order(tabs, self._tabs_after)
        self._tabs = tabs
        return tabs

    def _place_strip(self, strip: QWidget) -> None:
        """Put a strip, just made, over the board, below those before it that are made."""
        made = [part.made for part in self._parts.above_board if part.made is not None]
        self._board_layout.insertWidget(made.index(strip), strip)

    def _place_player(self, player: SolutionPlayer) -> None:
        """Put the player, just made (hidden), where the arrangement in force has it."""
        player.installEventFilter(self)
        if self._compact:
            self._solution_layout.insertWidget(0, player)  # over the page's stretch
        else:
            self._board_layout.addWidget(player)
        player.set_narrow(self._compact)

    # -- the two arrangements ---------------------------------------------------------

    def _arrange_wide(self) -> None:
        parts = self._parts
        self._verdict_row.addWidget(parts.goal_preview, 0, Qt.AlignmentFlag.AlignTop)
        # Its room is kept while it is hidden, so the explanation does not jump on an edit.
        self._retain_size_when_hidden(parts.fix, retain=True)
        for index, widget in enumerate((parts.fix, parts.explanation), start=1):
            self._side_layout.insertWidget(index, widget)
        self._side_layout.insertWidget(3, parts.pairs, 1)
        if (player := parts.player.made) is not None:
            self._board_layout.addWidget(player)
        self._outer.addWidget(parts.strip)
        self._side.setMinimumWidth(WIDE_SIDE_WIDTH[0])
        self._top.setStretchFactor(0, 3)
        self._top.setStretchFactor(1, 2)
        self._outer.setStretchFactor(0, 5)
        self._outer.setStretchFactor(1, 1)

    def _arrange_compact(self) -> None:
        parts = self._parts
        self._retain_size_when_hidden(parts.fix, retain=False)
        # The goal leaves the verdict its width ('Incomplete board' was cut), for the top
        # of the reasons, which read its numbers.
        self._why_top.addWidget(parts.fix, 1)
        self._why_top.addWidget(
            parts.goal_preview, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight
        )
        self._why_layout.addWidget(parts.explanation)
        self._why_layout.addStretch(1)
        self._pairs_layout.addWidget(parts.strip)
        self._pairs_layout.addWidget(parts.pairs, 1)
        if (player := parts.player.made) is not None:
            self._solution_layout.addWidget(player)
        self._solution_layout.addStretch(1)
        self._side.setMinimumWidth(COMPACT_SIDE_MINIMUM)
        # The side panel keeps its width as the window changes size; the board takes it.
        self._top.setStretchFactor(0, 1)
        self._top.setStretchFactor(1, 0)

    @staticmethod
    def _retain_size_when_hidden(widget: QWidget, *, retain: bool) -> None:
        policy = widget.sizePolicy()
        policy.setRetainSizeWhenHidden(retain)
        widget.setSizePolicy(policy)

    # -- following the window's size ----------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self._window and kind == QEvent.Type.Resize:
            size, below = self._window.size(), COMPACT_BELOW
            self.set_compact(size.width() < below.width() or size.height() < below.height())
        elif watched is self._parts.player.made and kind in (
            QEvent.Type.ShowToParent,
            QEvent.Type.HideToParent,
        ):
            self._follow_player()
        return False

    def set_compact(self, compact: bool) -> None:
        """Arrange the window compact or wide (the window's size decides; see the module)."""
        if compact == self._compact:
            return
        self._compact = compact
        parts = self._parts
        # A widget moved to another layout is hidden; each keeps whether it was.
        player = parts.player.made
        moved = (
            parts.goal_preview,
            parts.fix,
            parts.explanation,
            parts.pairs,
            parts.strip,
            *((player,) if player is not None else ()),
        )
        hidden = {widget: widget.isHidden() for widget in moved}
        focus = QApplication.focusWidget()
        if focus is not None and not any(w is focus or w.isAncestorOf(focus) for w in moved):
            focus = None
        tabs = self._tabs
        if compact:
            self._wide_side_width = self._top.sizes()[1]
            tabs = tabs if tabs is not None else self._build_tabs()
            self._arrange_compact()
            tabs.show()
        else:
            if tabs is not None:
                tabs.hide()
            for layout in (self._why_layout, self._solution_layout):
                layout.takeAt(layout.count() - 1)  # the stretch under the widgets
            self._arrange_wide()
        for widget, was_hidden in hidden.items():
            widget.setHidden(was_hidden)
        if player is not None:
            player.set_narrow(compact)
        self._follow_player()
        if focus is not None:
            self._keep_focus(focus)
        # Once the layouts have given the splitter its size in the new arrangement.
        QTimer.singleShot(0, self, self._split)
        self.compact_changed.emit(compact)

    def _split(self) -> None:
        """Share the splitter's width out for the arrangement in force. Compact: the board
        column as wide as it is tall, the side panel the rest (between its narrowest and
        widest). Wide: the side panel as wide as it was (at its narrowest for a window that
        opened compact, as at usual sizes), the board column the rest."""
        top = self._top
        if self._compact:
            side = top.width() - top.height() - top.handleWidth()
            side = max(COMPACT_SIDE_MINIMUM, min(WIDE_SIDE_WIDTH[1], side))
        else:
            side = self._wide_side_width
        top.setSizes([top.width() - side - top.handleWidth(), side])

    def _keep_focus(self, widget: QWidget) -> None:
        """Give the keyboard back to `widget`, which had it before it moved (a widget taken
        out of a layout loses it, and it went to the window's first widget). Compact, its
        tab opens."""
        if self._compact and self._tabs is not None:
            for index in range(self._tabs.count()):
                page = self._tabs.widget(index)
                if page is not None and page.isAncestorOf(widget):
                    self._tabs.setCurrentIndex(index)
        widget.setFocus()

    def _follow_player(self) -> None:
        """Compact: the player has a tab while it is open, and opens on it."""
        tabs, player = self._tabs, self._parts.player.made
        if tabs is None:
            return  # never compact yet: no tabs to follow
        page = self._solution
        open_here = self._compact and player is not None and not player.isHidden()
        index = tabs.indexOf(page)
        if open_here and index < 0:
            tabs.setCurrentIndex(tabs.addTab(page, SOLUTION))
        elif not open_here and index >= 0:
            tabs.removeTab(index)
            page.hide()  # out of the tabs, still their child: hidden, not drawn over them
