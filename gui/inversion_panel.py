"""The inversion pairs panel: how many there are, the list itself, and the hovered tile's count.

Selecting or hovering a pair highlights it on the board (the board view draws the
connector); hovering a tile anywhere says how many inversions it takes part in and brings
its first pair into view. The list is a single-column table view: unlike QListView, whose
layout walks every row, a table with fixed row heights handles tens of millions of rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelection, QModelIndex, QRect, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSlider,
    QCheckBox,
    QHeaderView,
    QLabel,
    QScrollBar,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.goal_preview import goal_caption
from gui.inversion_list_model import MAX_ROWS, PAIR_ROLE, InversionListModel

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent

    from gui.board_model import BoardModel

#: Partners named in the hovered-tile line before it switches to "and N more".
PARTNERS_NAMED = 12

#: Pairs the list shows however short the window.
MINIMUM_ROWS_SHOWN = 3


class SteadyScrollBar(QScrollBar):
    """A scroll bar that skips the repaint when a new range leaves it looking the same.

    Every edit changes the number of pairs, so the list's range changes with every edit;
    on a big board the handle is already at its smallest and stays where it is, yet a
    scroll bar repaints on any range change, and the Fusion one costs 1-4 ms a time.
    """

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        #: (minimum, maximum, value, page step, width, height) at the last paint.
        self._painted_state: tuple[int, ...] | None = None

    def _state(self) -> tuple[int, ...]:
        return (
            self.minimum(),
            self.maximum(),
            self.value(),
            self.pageStep(),
            self.width(),
            self.height(),
        )

    def _look(self, state: tuple[int, ...]) -> tuple[object, ...]:
        """What a paint in `state` shows besides hover and presses (QScrollBar's own)."""
        # Imported at the first edit, not at start-up: building QStyle's Python enum
        # classes costs several milliseconds, and the first frame does not need them.
        from PySide6.QtWidgets import QStyle, QStyleOptionSlider

        low, high, value, page, width, height = state
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        option.minimum, option.maximum, option.pageStep = low, high, page
        option.sliderPosition = option.sliderValue = value
        option.rect = QRect(0, 0, width, height)
        handle = self.style().subControlRect(
            QStyle.ComplexControl.CC_ScrollBar, option, QStyle.SubControl.SC_ScrollBarSlider, self
        )
        return (handle.getRect(), width, height, value == low, value == high, low == high)

    def sliderChange(self, change: QAbstractSlider.SliderChange) -> None:
        steady = change in (
            QAbstractSlider.SliderChange.SliderRangeChange,
            QAbstractSlider.SliderChange.SliderStepsChange,
        )
        painted = self._painted_state
        if steady and painted is not None and self._look(painted) == self._look(self._state()):
            return  # what is on screen is what a repaint would draw
        super().sliderChange(change)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._painted_state = self._state()
        super().paintEvent(event)


class PairTable(QTableView):
    """The list of pairs, saying when the pointer leaves its rows (`left`).

    Its own `viewportEvent` sees the leave, where an event filter would need the viewport
    itself in Python: the first QWidget made by C++ to reach Python has PySide6 build the
    enum classes of every QWidget subclass it knows (gui.scroll_viewport).
    """

    left = Signal()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave:
            self.left.emit()
        return super().viewportEvent(event)


class InversionPanel(QWidget):
    """Header, the list of pairs (objectName "inversionList") and the badge toggle."""

    #: The "Show inversion counts on tiles" box was toggled; the board view shows badges.
    badges_toggled = Signal(bool)

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._pairs = InversionListModel(model, self)
        self._pair_is_ours = False  # the board's highlighted pair came from this list

        self._header = QLabel(self)
        self._header.setObjectName("inversionHeader")
        self._tile_line = QLabel(self)
        self._tile_line.setObjectName("tileInversionLabel")
        self._tile_line.setWordWrap(True)
        self._tile_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self._list = PairTable(self)
        self._list.setObjectName("inversionList")
        self._list.setAccessibleName("Inversion pairs")
        self._list.setAccessibleDescription(
            "Every pair of tiles read in the wrong order; select one to highlight it on the board"
        )
        self._list.setVerticalScrollBar(SteadyScrollBar(Qt.Orientation.Vertical, self._list))
        self._list.setModel(self._pairs)
        self._list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._list.setShowGrid(False)
        self._list.setWordWrap(False)
        self._list.setMouseTracking(True)
        self._list.setTabKeyNavigation(False)
        self._list.horizontalHeader().hide()
        self._list.horizontalHeader().setStretchLastSection(True)
        rows = self._list.verticalHeader()
        rows.hide()
        # Fixed heights keep the header from measuring millions of rows.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._fit_row_height()
        # The list takes the height left over. Its own height hint (a table's generous
        # default) would otherwise count in the panel's height for its width, which the
        # side panel's layout asks for once a line wraps: with a taller font the list
        # then squeezed the explanation above it, hiding its first lines.
        list_policy = self._list.sizePolicy()
        list_policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
        self._list.setSizePolicy(list_policy)

        self._badges = QCheckBox("Show inversion &counts on tiles", self)
        self._badges.setObjectName("inversionBadgesCheck")
        self._badges.setToolTip(
            "Each tile's badge counts the smaller tiles read after it (later in the goal's "
            "order): every pair is counted once, so the badges add up to the inversions."
        )

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._header)
        layout.addWidget(self._tile_line)
        layout.addWidget(self._list, 1)
        # Takes the list's room while the list is hidden (no pairs to show), so the check
        # box stays below where the list was rather than in the middle of the panel.
        layout.addStretch(0)
        layout.addWidget(self._badges)

        self._connect_signals()
        self._refresh_header()
        self._refresh_tile_line()

    @property
    def pair_list(self) -> QTableView:
        return self._list

    @property
    def pair_model(self) -> InversionListModel:
        return self._pairs

    def _connect_signals(self) -> None:
        self._model.changed.connect(self._refresh_header)
        self._model.changed.connect(self._refresh_tile_line)
        self._model.highlight_changed.connect(self._on_highlight_changed)
        self._list.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self._pairs.modelReset.connect(self._on_pairs_reset)
        # The view defers laying out its rows (scroll bar range included) to a zero timer
        # after a reset, which the event loop runs after the edit's repaint: a second
        # repaint of the list and its scroll bar for every edit. Laying out now, after the
        # view's own reset slot (connected first, by setModel), puts it in the first one.
        self._pairs.modelReset.connect(self._list.executeDelayedItemsLayout)
        self._list.entered.connect(self._on_row_hovered)
        self._list.left.connect(self._on_list_left)
        self._badges.toggled.connect(self.badges_toggled)

    # -- reacting to the list ------------------------------------------------------

    def _selected_pair(self) -> tuple[int, int] | None:
        rows = self._list.selectionModel().selectedRows()
        return self._pairs.pair(rows[0].row()) if rows else None

    def _on_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._highlight_pair(self._selected_pair())

    def _on_row_hovered(self, index: QModelIndex) -> None:
        self._highlight_pair(index.data(PAIR_ROLE))

    def _highlight_pair(self, pair: tuple[int, int] | None) -> None:
        self._model.set_highlighted_pair(pair)
        self._pair_is_ours = self._model.highlighted_pair is not None

    def _on_pairs_reset(self) -> None:
        # An edit renumbers the pairs and drops the selection; a pair this list put on the
        # board may not even be an inversion any more, so take it back down.
        if self._pair_is_ours:
            self._pair_is_ours = False
            self._model.set_highlighted_pair(None)

    def _on_list_left(self) -> None:
        # Leaving the list hands the highlight back to the selected pair, if any.
        self._highlight_pair(self._selected_pair())

    # -- reacting to the board model -----------------------------------------------

    def _refresh_header(self) -> None:
        # An empty list box says nothing the header does not: it shows only with pairs.
        if self._model.board is None:
            self._header.setText("No inversion pairs until the board is complete")
            self._list.setVisible(False)
            return
        total = self._pairs.total_pairs
        self._list.setVisible(total > 0)
        if total == 0:
            text = "No inversion pairs: every tile is in goal order"
        elif total == 1:
            text = "1 inversion pair"
        else:
            text = f"{total:,} inversion pairs"
        if total > MAX_ROWS:
            text += f" (the first {MAX_ROWS:,} listed)"
        if total:
            text += ", by place in the goal"
        self._header.setText(text)
        self._header.setToolTip(
            "A pair: two tiles read in the opposite order to their places in the goal "
            f"({goal_caption(self._model.goal)})."
        )

    def _on_highlight_changed(self) -> None:
        self._refresh_tile_line()
        tile = self._model.highlighted_tile
        if tile is None:
            return
        row = self._pairs.row_of_first_pair_with(tile)
        if row is not None and not self._list.underMouse():
            self._list.scrollTo(self._pairs.index(row), QAbstractItemView.ScrollHint.PositionAtTop)

    def _refresh_tile_line(self) -> None:
        tile = self._model.highlighted_tile
        count = None if tile is None else self._model.inversion_count_of_tile(tile)
        if tile is None or count is None:
            # A fixed line rather than hide/show, so the list does not jump on every hover.
            self._tile_line.setText(
                "Hover a tile to count its inversions." if self._model.board is not None else ""
            )
            return
        inversions = f"{count:,} inversion{'' if count == 1 else 's'}"
        partners = sorted(self._model.partners_of_highlighted)
        named = ""
        if partners:
            more = len(partners) - PARTNERS_NAMED
            named = ", ".join(map(str, partners[:PARTNERS_NAMED]))
            named += f" and {more:,} more" if more > 0 else ""
        if self._model.partners_chosen:
            # The guided walk counts, on each tile, the smaller tiles read after it: say
            # that, then the tile's inversions in all (those with larger tiles before it too).
            smaller = "1 smaller tile" if len(partners) == 1 else f"{len(partners):,} smaller tiles"
            listed = f" ({named})" if partners else ""
            text = f"Tile {tile}: {smaller} read after it{listed}; {inversions} in all"
        else:
            text = f"Tile {tile}: {inversions}" + (f" (with {named})" if partners else "")
        self._tile_line.setText(text)

    # -- look ----------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._fit_row_height()
        super().changeEvent(event)

    def _fit_row_height(self) -> None:
        height = self._list.fontMetrics().height() + 6
        self._list.verticalHeader().setDefaultSectionSize(height)
        self._list.verticalHeader().setMinimumSectionSize(height)
        # However short the window, a few pairs stay in view (the list ignores its hint).
        self._list.setMinimumHeight(MINIMUM_ROWS_SHOWN * height + 2 * self._list.frameWidth())
