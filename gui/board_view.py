"""The board widget: shows the annotated board and turns keys and clicks into intents.

It paints only the cells in view (a 100x100 board scrolls) and never changes the model
itself: typing, dragging, sliding and placing are emitted as signals that the main window
connects to the `BoardEditor`, which makes undoable commands. Hovering highlights a tile
in the model, which is view state every panel shares.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import (
    QEvent,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget

from core import Direction
from core.draft import number_can_grow
from gui import board_accessibility
from gui.board_editor import ERASE_LAST_DIGIT
from gui.board_painter import (
    HEADER,
    MARGIN,
    BoardGeometry,
    BoardPainter,
    TileSlide,
    ViewState,
)
from gui.palette import fill_rect
from gui.scroll_viewport import give_own_viewport
from gui.tile_cache import NEW_TILES_PER_PAINT, TileCache

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import QVariantAnimation

    from gui.board_model import BoardModel

_ARROWS = {
    Qt.Key.Key_Up: (-1, 0, Direction.UP),
    Qt.Key.Key_Down: (1, 0, Direction.DOWN),
    Qt.Key.Key_Left: (0, -1, Direction.LEFT),
    Qt.Key.Key_Right: (0, 1, Direction.RIGHT),
}
_BLANK_KEYS = {Qt.Key.Key_Backspace, Qt.Key.Key_Delete, Qt.Key.Key_Space, Qt.Key.Key_Underscore}
_CLIPBOARD_KEYS = (QKeySequence.StandardKey.Copy, QKeySequence.StandardKey.Paste)
_NEXT_CELL_KEYS = {Qt.Key.Key_Tab, Qt.Key.Key_Return, Qt.Key.Key_Enter}
#: Typed between numbers: finish the cell and move to the next one in reading order.
_SEPARATORS = frozenset(" ,")
#: Typed for the blank, like a lone 0 (the blank's spellings in board text).
_BLANK_TEXT = frozenset("_.xX")


class _Entry(enum.Enum):
    """How the cursor came to its cell, which decides what the next key does there."""

    #: By a click, an arrow, Tab, New, Paste, Undo...: the first key replaces the cell.
    FRESH = enum.auto()
    #: Digits typed here: more digits append, Backspace takes the last one back.
    NUMBER = enum.auto()
    #: A space or comma finished the last number: more of them are the same separator.
    SEPARATED = enum.auto()
    #: The last number could not grow and moved on by itself: the separator typed after
    #: it (space, comma, Tab, Enter) is that number's, not this cell's.
    ADVANCED = enum.auto()


class Interaction(NamedTuple):
    """Which gestures the board takes; the window's mode chooses (gui.mode_controller)."""

    #: Keys type numbers into the cursor's cell.
    typing: bool
    #: A tile dragged onto another asks for a swap (`cells_dragged`).
    drag_swaps: bool
    #: Arrow keys ask for a slide (`direction_pressed`) instead of moving the cursor.
    arrows_slide: bool


class BoardView(QAbstractScrollArea):
    """The annotated, editable board (objectName `boardView`)."""

    #: cell, digit (or `ERASE_LAST_DIGIT` for Backspace), continues the number being typed
    digit_typed = Signal(int, int, bool)
    blank_typed = Signal(int)  # cell
    #: A cell clicked (pressed and released on it) or Space on the cursor's cell.
    cell_activated = Signal(int)
    cells_dragged = Signal(int, int)  # source cell, target cell (when drags swap)
    direction_pressed = Signal(object)  # core.Direction (an arrow key, when arrows slide)
    copy_requested = Signal()
    paste_requested = Signal()

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        give_own_viewport(self)  # first, as Qt makes its own
        self.setObjectName("boardView")
        self.setAccessibleName("Board")
        self.model = model
        self.state = ViewState(cursor=0)
        self.interaction = Interaction(typing=True, drag_swaps=True, arrows_slide=False)
        board_accessibility.install()
        self._entry = _Entry.FRESH
        self._editing = False  # the model changes because this view asked for a typed edit
        self._press_cell: int | None = None
        self._press_position: QPoint | None = None
        # The first frame pictures no whole tile: a picture costs several times the tile
        # drawn as vectors and pays only when a repaint copies it, so the first paint draws
        # the tiles from the shared body and their numbers as text (paintEvent).
        self._tile_cache = TileCache(new_tiles_per_paint=0)
        self._geometry = BoardGeometry.fitting(model.width, model.height, 400, 400)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setMouseTracking(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setFrameShape(QAbstractScrollArea.Shape.NoFrame)
        self._slide_animation: QVariantAnimation | None = None  # made with the first slide
        model.changed.connect(self._on_model_changed)
        model.highlight_changed.connect(self.viewport().update)
        self._relayout()
        self._update_accessible_description()

    # -- public -----------------------------------------------------------------------

    def set_interaction(self, interaction: Interaction) -> None:
        """Which gestures this view takes (the window's mode decides; see
        gui.mode_controller)."""
        self.interaction = interaction
        self._entry = _Entry.FRESH
        self.viewport().update()

    @property
    def cursor_cell(self) -> int | None:
        return self.state.cursor

    def set_cursor_cell(self, cell: int) -> None:
        """Put the cursor on `cell`; the next key typed there replaces what it holds."""
        cell = max(0, min(self.model.cell_count - 1, cell))
        self._entry = _Entry.FRESH
        self.state.cursor = cell
        self._ensure_visible(cell)
        value = self.model.cell(cell)
        self.model.set_highlighted_tile(value or None)
        self.viewport().update()
        board_accessibility.announce_cursor(self)

    @property
    def typing_cell(self) -> int | None:
        """The cell whose number is being typed (more digits append), or None."""
        if self._entry is _Entry.NUMBER and self.interaction.typing:
            return self.state.cursor
        return None

    def caret_rect(self) -> QRectF | None:
        """Where the caret after the number being typed is drawn (content coordinates):
        it tells a cell that waits for more digits from one that is done."""
        cell = self.typing_cell
        if cell is None:
            return None
        rect = self._geometry.cell_rect(cell)
        size = rect.width()
        longest = len(str(self.model.cell_count - 1))
        # The painter's number font, so the caret sits just after the digits.
        pixels = max(6, int(min(size * 0.42, size * 0.78 / longest / 0.62)))
        font = QFont(self.font())
        font.setPixelSize(pixels)
        font.setBold(True)
        value = self.model.cell(cell)
        text = "" if not value else str(value)
        advance = QFontMetricsF(font).horizontalAdvance(text)
        width = max(2.0, size * 0.035)
        left = rect.center().x() + advance / 2 + width
        return QRectF(left, rect.center().y() - pixels * 0.5, width, pixels)

    def set_show_badges(self, show: bool) -> None:
        self.state.show_badges = show
        self.viewport().update()

    def animate_slide(self, from_cell: int, to_cell: int, milliseconds: int) -> None:
        """Draw the tile now in `to_cell` gliding there from `from_cell` (call after the
        model has moved it)."""
        animation = self._made_slide_animation()
        animation.stop()
        self.state.slide = TileSlide(from_cell, to_cell, 0.0)
        animation.setDuration(max(1, milliseconds))
        animation.start()

    def _made_slide_animation(self) -> QVariantAnimation:
        """The slides' animation, made with the first slide rather than at start-up, whose
        first frame needs none of its Qt classes (bench/README.md, "sixth round")."""
        if self._slide_animation is None:
            from PySide6.QtCore import QEasingCurve, QVariantAnimation

            animation = QVariantAnimation(self)
            animation.setStartValue(0.0)
            animation.setEndValue(1.0)
            animation.setEasingCurve(QEasingCurve.Type.InOutQuad)
            animation.valueChanged.connect(self._on_slide_progress)
            animation.finished.connect(lambda: self._on_slide_progress(None))
            self._slide_animation = animation
        return self._slide_animation

    @property
    def sliding(self) -> bool:
        return self.state.slide is not None

    def _on_slide_progress(self, value: object) -> None:
        slide = self.state.slide
        if slide is None:
            return
        if isinstance(value, float) and value < 1.0:
            self.state.slide = TileSlide(slide.from_cell, slide.to_cell, value)
        else:
            self.state.slide = None
        self.viewport().update()

    def set_hint_cell(self, cell: int | None) -> None:
        """Outline the cell of the tile a hint says to slide (None: no hint), scrolled into
        view: on a board larger than the window the tile may be far off screen."""
        self.state.hint_cell = cell
        if cell is not None:
            self._ensure_visible(cell)
        self.viewport().update()

    def painter(self) -> BoardPainter:
        return BoardPainter(self.model, self.palette(), self.font(), self._tile_cache)

    def blank_row_label(self) -> str:
        """The text above the board: the blank's row from the bottom, or the first problem."""
        return self.painter().blank_row_label()

    def emphasised_cells(self) -> list[int]:
        """Cells drawn with the emphasis outline (highlighted tile and pair), in order."""
        tiles = self.painter().emphasised_tiles()
        return [index for index, value in enumerate(self.model.cells()) if value in tiles]

    def cell_rect_in_viewport(self, cell: int) -> QRectF:
        return self._geometry.cell_rect(cell).translated(self._offset())

    @property
    def board_geometry(self) -> BoardGeometry:
        return self._geometry

    def cell_center(self, cell: int) -> QPoint:
        """Viewport position of a cell's centre (for tests and accessibility tools)."""
        return self._to_viewport(self._geometry.cell_rect(cell).center()).toPoint()

    def sizeHint(self) -> QSize:
        geometry = BoardGeometry.fitting(self.model.width, self.model.height, 640, 640)
        return QSize(int(min(geometry.content_width, 720)), int(min(geometry.content_height, 720)))

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 160)

    # -- layout -----------------------------------------------------------------------

    def _on_model_changed(self) -> None:
        model = self.model
        if not self._editing:
            # Undo, New, Paste, a slide...: the cell on screen is not the number being typed.
            self._entry = _Entry.FRESH
        # Both name cells of the position they were made for.
        self.state.hint_cell = None
        if self.state.slide is not None:
            if self._slide_animation is not None:
                self._slide_animation.stop()
            self.state.slide = None
        if self.state.cursor is None or self.state.cursor >= model.cell_count:
            self.state.cursor = 0
        if (self._geometry.columns, self._geometry.rows) != (model.width, model.height):
            self._relayout()
        self._update_accessible_description()
        self.viewport().update()

    def _relayout(self) -> None:
        viewport = self.maximumViewportSize()
        self._geometry = BoardGeometry.fitting(
            self.model.width, self.model.height, viewport.width(), viewport.height()
        )
        geometry = self._geometry
        # A board sized to fit the view without scroll bars has none, even when bars shown
        # for the size before have narrowed the viewport under it.
        fits = (
            geometry.content_width <= viewport.width()
            and geometry.content_height <= viewport.height()
        )
        for bar, content, page in (
            (self.horizontalScrollBar(), geometry.content_width, self.viewport().width()),
            (self.verticalScrollBar(), geometry.content_height, self.viewport().height()),
        ):
            bar.setRange(0, 0 if fits else max(0, int(content - page)))
            bar.setPageStep(page)
            bar.setSingleStep(int(geometry.cell))

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        # The header and row numbers are pinned, so a scroll repaints instead of blitting.
        self.viewport().update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def _offset(self) -> QPointF:
        """Content-to-viewport translation: scrolled, or centred when the board fits."""
        geometry = self._geometry
        viewport = self.viewport()
        x: float = -self.horizontalScrollBar().value()
        y: float = -self.verticalScrollBar().value()
        if geometry.content_width < viewport.width():
            x = (viewport.width() - geometry.content_width) / 2
        if geometry.content_height < viewport.height():
            y = (viewport.height() - geometry.content_height) / 2
        return QPointF(x, y)

    def _to_viewport(self, point: QPointF) -> QPointF:
        return point + self._offset()

    def _cell_at(self, position: QPointF) -> int | None:
        return self._geometry.cell_at(position - self._offset())

    def _ensure_visible(self, cell: int) -> None:
        """Scroll so the cell shows clear of the pinned row numbers and header."""
        geometry = self._geometry
        rect = geometry.cell_rect(cell)
        viewport = self.viewport()
        for bar, low, high, page, pinned in (
            (
                self.horizontalScrollBar(),
                rect.left(),
                rect.right(),
                viewport.width(),
                MARGIN + geometry.gutter,
            ),
            (
                self.verticalScrollBar(),
                rect.top(),
                rect.bottom(),
                viewport.height(),
                MARGIN + HEADER,
            ),
        ):
            if low < bar.value() + pinned:
                bar.setValue(int(low - pinned))
            elif high > bar.value() + page:
                bar.setValue(int(high - page) + MARGIN)

    # -- painting ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        offset = self._offset()
        painter.translate(offset)
        area = QRectF(event.rect()).translated(-offset)
        self.state.scroll_x = max(0.0, -offset.x())
        self.state.scroll_y = max(0.0, -offset.y())
        self.state.visible_left = -offset.x()
        self.state.visible_width = self.viewport().width()
        self.painter().paint(painter, self._geometry, area, self.state)
        caret = self.caret_rect()
        if caret is not None:
            fill_rect(painter, caret, self.palette().color(QPalette.ColorRole.Text))
        painter.end()
        self._tile_cache.new_tiles_per_paint = NEW_TILES_PER_PAINT

    def _update_accessible_description(self) -> None:
        verdict = self.model.verdict
        if verdict is None:
            problems = self.model.problems
            text = problems[0].message if problems else "incomplete board"
        else:
            text = (
                f"{'Solvable' if verdict.solvable else 'Not solvable'}; "
                f"blank on row {verdict.blank_row_from_bottom} from the bottom; "
                f"{verdict.inversions} inversions"
            )
        self.setAccessibleDescription(text)

    # -- keyboard ---------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # Claim Copy/Paste and plain typing keys before the window's shortcuts see them,
        # so Ctrl+V on the board pastes a board and Tab moves between cells.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and (any(event.matches(key) for key in _CLIPBOARD_KEYS) or self._is_board_key(event))
        ):
            event.accept()
            return True
        return super().event(event)

    def _is_board_key(self, event: QKeyEvent) -> bool:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if modifiers not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return False
        key = event.key()
        text = event.text()
        return (
            key in _ARROWS
            or key in _BLANK_KEYS
            or key in _NEXT_CELL_KEYS
            or text.isdigit()
            or (len(text) == 1 and text in _SEPARATORS | _BLANK_TEXT)
        )

    def focusNextPrevChild(self, next: bool) -> bool:
        return False  # Tab moves between cells like a spreadsheet; Ctrl+Tab leaves

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_requested.emit()
            return
        if event.matches(QKeySequence.StandardKey.Paste):
            self.paste_requested.emit()
            return
        key = event.key()
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            # Tab stays inside the board; Ctrl+Tab leaves it, as in a spreadsheet.
            forward = key == Qt.Key.Key_Tab and not (
                event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            )
            super().focusNextPrevChild(forward)
            return
        cursor = self.state.cursor or 0
        width = self.model.width
        if key in _ARROWS and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            row_step, column_step, direction = _ARROWS[Qt.Key(key)]
            if self.interaction.arrows_slide:
                self.direction_pressed.emit(direction)
                board = self.model.board
                if board is not None:
                    # The slides happen around the blank: on a board larger than the
                    # window, keep it in view or the arrows move nothing to be seen.
                    self._ensure_visible(board.blank_index)
                return
            row, column = divmod(cursor, width)
            row = max(0, min(self.model.height - 1, row + row_step))
            column = max(0, min(width - 1, column + column_step))
            self.set_cursor_cell(row * width + column)
            return
        if key == Qt.Key.Key_Backtab:
            self.set_cursor_cell((cursor - 1) % self.model.cell_count)
            return
        if key in _NEXT_CELL_KEYS:
            if self._entry is _Entry.ADVANCED:
                self._entry = _Entry.FRESH  # the number's own Tab or Enter: already moved
            else:
                self._move_on(cursor, _Entry.FRESH)
            return
        if self.interaction.typing:
            if self._type(event, cursor):
                return
        elif key == Qt.Key.Key_Space:
            self.cell_activated.emit(cursor)
            return
        super().keyPressEvent(event)

    def _type(self, event: QKeyEvent, cursor: int) -> bool:
        """Edit mode: a key typed into the cell under the cursor; False if it is not one.

        Read aloud, a board is numbers and separators: "12 1 10 2 ...". The first key on a
        cell replaces it; digits append while the number can still grow into a tile of this
        board, and a number that cannot grow moves on by itself, so "21" on a 4x4 board is
        2 then 1. A space, comma, Tab or Enter finishes the cell and moves on; right after
        a number that moved on by itself it is that number's separator and is taken as
        done, and a run of spaces and commas is one separator. A space on a cell the cursor
        has just come to is an empty field: the blank, and on to the next cell.
        """
        key, text = event.key(), event.text()
        entry = self._entry
        if len(text) == 1 and text.isdigit() and text.isascii():
            number = entry is _Entry.NUMBER
            self._edit(lambda: self.digit_typed.emit(cursor, int(text), number))
            self._after_number(cursor)
            return True
        if len(text) == 1 and text in _BLANK_TEXT:
            self._edit(lambda: self.blank_typed.emit(cursor))
            self._move_on(cursor, _Entry.ADVANCED)
            return True
        if len(text) == 1 and text in _SEPARATORS:
            if entry in (_Entry.ADVANCED, _Entry.SEPARATED):
                self._entry = _Entry.SEPARATED
            elif entry is _Entry.NUMBER:
                self._move_on(cursor, _Entry.SEPARATED)
            else:
                self._edit(lambda: self.blank_typed.emit(cursor))
                self._move_on(cursor, _Entry.ADVANCED)
            return True
        if key == Qt.Key.Key_Backspace:
            # As in a spreadsheet: Backspace takes back the last digit typed, or empties a
            # cell just arrived at and stays there to type its number.
            if entry is _Entry.NUMBER:
                self._edit(lambda: self.digit_typed.emit(cursor, ERASE_LAST_DIGIT, True))
            else:
                self._edit(lambda: self.blank_typed.emit(cursor))
            self._entry = _Entry.NUMBER
            self.model.set_highlighted_tile(self.model.cell(cursor) or None)
            return True
        if key == Qt.Key.Key_Delete:
            self._edit(lambda: self.blank_typed.emit(cursor))
            self._entry = _Entry.FRESH
            return True
        return False

    def _after_number(self, cursor: int) -> None:
        """Stay on the cell while its number can still grow, else move on by itself."""
        value = self.model.cell(cursor)
        model = self.model
        if value is not None and number_can_grow(value, model.width, model.height):
            self._entry = _Entry.NUMBER
            model.set_highlighted_tile(value or None)
        else:
            self._move_on(cursor, _Entry.ADVANCED)

    def _move_on(self, cursor: int, entry: _Entry) -> None:
        """To the next cell in reading order (the end of a row goes on to the next row)."""
        self.set_cursor_cell((cursor + 1) % self.model.cell_count)
        self._entry = entry

    def _edit(self, emit: Callable[[], None]) -> None:
        """Ask for a typed edit; the model change it brings keeps the typing state."""
        self._editing = True
        try:
            emit()
        finally:
            self._editing = False

    # -- mouse ------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        cell = self._cell_at(event.position())
        self._press_cell = cell
        self._press_position = event.position().toPoint()
        if cell is not None:
            self.set_cursor_cell(cell)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self._cell_at(event.position())
        if self._press_cell is not None and self.interaction.drag_swaps:
            moved = (
                event.position().toPoint() - (self._press_position or QPoint())
            ).manhattanLength()
            if self.state.drag_source is not None or moved >= QApplication.startDragDistance():
                self.state.drag_source = self._press_cell
                self.state.drag_target = cell
                self.viewport().update()
        value = None if cell is None else self.model.cell(cell)
        self.model.set_highlighted_tile(value or None)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        cell = self._cell_at(event.position())
        source = self._press_cell
        self._press_cell = None
        self.state.drag_source = self.state.drag_target = None
        self.viewport().update()
        if source is None or cell is None:
            return
        if cell != source and self.interaction.drag_swaps:
            self.cells_dragged.emit(source, cell)
            self.set_cursor_cell(cell)
        elif cell == source:
            self.cell_activated.emit(cell)
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:
        cursor = self.state.cursor
        value = None if cursor is None else self.model.cell(cursor)
        self.model.set_highlighted_tile(value or None)
        super().leaveEvent(event)
