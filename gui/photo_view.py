"""The photo of a puzzle with what the reader made of it: the board's four corners as
handles to drag, the grid of cells, each cell's number on its tile, and the unsure cells
outlined in orange with a '?'.

The view keeps no reading logic: it shows a reading it is given, reports where the user
dragged a corner (`corners_changed`) and what the user typed into a cell (`number_typed`),
and the dialog decides what to read next. Coordinates in and out are the upright full-size
photo's pixels, the space core.photo reports in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from gui.palette import SOLVABLE_BLUE, fill_rect

if TYPE_CHECKING:
    from core.photo.geometry import Quad
    from core.photo.image import Photo
    from core.photo.reader import PhotoReading

#: Unsure cells: an orange that reads on light tiles, dark tiles and wood alike.
UNSURE_ORANGE = QColor("#FF8C00")
#: A cell the user typed over: the app's blue, as for anything the user chose.
TYPED_BLUE = SOLVABLE_BLUE
#: How near (in screen pixels) a press must come to a corner to pick it up.
HANDLE_REACH = 18.0
HANDLE_RADIUS = 8.0
#: Room shown round the board, as a share of its larger side: enough to drag a corner out.
FOCUS_MARGIN = 0.3
#: Most digits typed into one cell (the reader knows numbers up to 35).
MAX_TYPED_DIGITS = 2
#: How far an arrow key moves the chosen corner, in screen pixels (with Shift: further).
KEY_STEP = 1.0
KEY_STEP_SHIFT = 10.0
#: The corners' names, clockwise from the top left as core.photo orders them.
CORNER_NAMES = ("top left", "top right", "bottom right", "bottom left")
#: What the keys do, for the tooltip and for screen readers.
KEYS_HELP = (
    "Corners: Ctrl+Tab (or Ctrl+1 to Ctrl+4) picks a corner, the arrow keys move it, "
    "Shift+arrow moves it further, Esc lets it go. "
    "Cells: click a cell (or use the arrow keys) and type its number, Space for the blank."
)


def photo_image(photo: Photo) -> QImage:
    """The decoded photo (upright, at the reader's working size) as a QImage: what is shown
    is exactly what was read, EXIF turn included, with no second decode."""
    image = photo.image.convert("RGB")
    width, height = image.size
    data = image.tobytes()
    return QImage(data, width, height, 3 * width, QImage.Format.Format_RGB888).copy()


def _polygon(points: list[tuple[float, float]] | tuple[tuple[float, float], ...]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


class PhotoView(QWidget):
    """A photo scaled to fit, with corners, grid and readings drawn over it."""

    #: The corners after a drag step (a core.photo Quad in photo pixels).
    corners_changed = Signal(object)
    #: (cell index, number) typed into a cell; 0 is the blank.
    number_typed = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("photoView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Photo of the puzzle")
        self.setAccessibleDescription(KEYS_HELP)
        self.setToolTip("Drag a corner onto the board's corner.\n" + KEYS_HELP)
        self._image: QImage | None = None
        #: The photo as shown: turned so the board reads upright.
        self._shown_image: QImage | None = None
        #: Counterclockwise quarter turns the photo is shown at.
        self._turns = 0
        #: Photo pixels per image pixel (the photo is shown at the reader's working size).
        self._photo_scale = 1.0
        self._corners: list[tuple[float, float]] | None = None
        #: The part of the photo (photo pixels) to show at least: the board and a margin
        #: round it, so a board a quarter of a phone photo wide is not shown thumbnail size.
        self._focus: Quad | None = None
        self._grid_size = (4, 4)
        self._reading: PhotoReading | None = None
        self._reading_corners: list[tuple[float, float]] | None = None
        #: Typed numbers by cell index, drawn in place of the reading.
        self._typed: dict[int, int] = {}
        self._selected: int | None = None
        self._dragging: int | None = None
        #: The corner chosen from the keyboard, moved by the arrow keys.
        self._handle: int | None = None
        #: The cell and digits being typed, so a second digit extends the first.
        self._typing: tuple[int, str] | None = None

    # -- what is shown ----------------------------------------------------------------

    def set_photo(self, photo: Photo) -> None:
        self._image = photo_image(photo)
        self._photo_scale = photo.size[0] / max(1, self._image.width())
        self._shown_image = self._image
        self.set_turns(self._turns)

    def set_turns(self, turns: int) -> None:
        """Show the photo turned `turns` quarters counterclockwise (the board upright)."""
        self._turns = turns % 4
        if self._image is not None:
            self._shown_image = self._image.transformed(QTransform().rotate(-90 * self._turns))
        self.update()

    @property
    def turns(self) -> int:
        return self._turns

    def focus_on(self, corners: Quad | None) -> None:
        """Show the part of the photo round `corners` (None: the whole photo)."""
        self._focus = corners
        self.update()

    def _focus_rect(self) -> QRectF | None:
        """The focus and a margin round it, in shown pixels."""
        if self._focus is None:
            return None
        shown = [self._to_shown(x, y) for x, y in self._focus.points()]
        xs = [x for x, _ in shown]
        ys = [y for _, y in shown]
        margin = FOCUS_MARGIN * max(max(xs) - min(xs), max(ys) - min(ys))
        return QRectF(
            min(xs) - margin,
            min(ys) - margin,
            max(xs) - min(xs) + 2 * margin,
            max(ys) - min(ys) + 2 * margin,
        )

    def _photo_size(self) -> tuple[float, float]:
        if self._image is None:
            return (float(max(1, self.width())), float(max(1, self.height())))
        scale = self._photo_scale
        return (self._image.width() * scale, self._image.height() * scale)

    def _to_shown(self, x: float, y: float) -> tuple[float, float]:
        """A point in photo pixels, in the photo as shown (turned)."""
        width, height = self._photo_size()
        return [(x, y), (y, width - x), (width - x, height - y), (height - y, x)][self._turns]

    def _from_shown(self, u: float, v: float) -> tuple[float, float]:
        width, height = self._photo_size()
        return [(u, v), (width - v, u), (width - u, height - v), (v, height - u)][self._turns]

    def set_corners(self, corners: Quad | None) -> None:
        self._corners = (
            None if corners is None else [(float(x), float(y)) for x, y in corners.points()]
        )
        self.update()

    def corners(self) -> Quad | None:
        from core.photo.geometry import Quad

        if self._corners is None:
            return None
        a, b, c, d = self._corners
        return Quad(a, b, c, d)

    def set_grid_size(self, width: int, height: int) -> None:
        if (width, height) != self._grid_size:
            self._grid_size = (width, height)
            self._selected = None
            self._typing = None
        self.update()

    def set_reading(self, reading: PhotoReading | None, for_corners: Quad | None = None) -> None:
        """Show `reading`'s cells (None: only the grid). `for_corners`: the corners the user
        placed for it (the reader fits its grid near them, not exactly on them)."""
        self._reading = reading
        self._reading_corners = (
            None
            if reading is None
            else [(float(x), float(y)) for x, y in (for_corners or reading.corners).points()]
        )
        if reading is not None:
            self._grid_size = (reading.width, reading.height)
        self.update()

    def set_typed(self, typed: dict[int, int]) -> None:
        self._typed = dict(typed)
        self.update()

    @property
    def selected_cell(self) -> int | None:
        return self._selected

    def select_cell(self, cell: int | None) -> None:
        self._selected = cell
        self._typing = None
        if cell is not None:
            self._handle = None
        self.update()

    @property
    def selected_handle(self) -> int | None:
        """The corner the arrow keys move (clockwise from the top left), if one is chosen."""
        return self._handle

    def select_handle(self, index: int | None) -> None:
        """Choose corner `index` for the arrow keys (None: the arrows move between cells)."""
        if index is not None and self._corners is None:
            return
        self._handle = index
        if index is not None:
            self._selected = None
            self._typing = None
        self.update()

    def reading_is_current(self) -> bool:
        """Whether the reading shown was made for the corners and size on screen."""
        reading, made_for = self._reading, self._reading_corners
        if reading is None or made_for is None or self._corners is None:
            return False
        if (reading.width, reading.height) != self._grid_size:
            return False
        return all(
            abs(ax - bx) < 0.5 and abs(ay - by) < 0.5
            for (ax, ay), (bx, by) in zip(made_for, self._corners, strict=True)
        )

    # -- geometry ---------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(720, 540)

    def minimumSizeHint(self) -> QSize:
        return QSize(240, 180)

    def _photo_rect(self) -> QRectF:
        """The whole photo as shown (turned), in photo pixels."""
        width, height = self._photo_size()
        if self._turns % 2:
            width, height = height, width
        return QRectF(0, 0, width, height)

    def _region(self) -> QRectF:
        """The part of the photo shown (shown pixels): the focus, widened to the widget's
        shape as far as the photo reaches, so the room beside the board shows photo."""
        whole = self._photo_rect()
        focus = self._focus_rect()
        if focus is None or self.width() < 1 or self.height() < 1:
            return whole
        aspect = self.width() / self.height()
        width = max(focus.width(), focus.height() * aspect)
        height = max(focus.height(), focus.width() / aspect)
        width, height = min(width, whole.width()), min(height, whole.height())
        centre = focus.center()
        left = min(max(centre.x() - width / 2, 0.0), whole.width() - width)
        top = min(max(centre.y() - height / 2, 0.0), whole.height() - height)
        return QRectF(left, top, width, height)

    def _factor(self) -> float:
        """Screen pixels per photo pixel."""
        region = self._region()
        return min(self.width() / region.width(), self.height() / region.height())

    def _image_rect(self) -> QRectF:
        """Where the shown region is drawn: scaled to fit, centred."""
        region, factor = self._region(), self._factor()
        width, height = region.width() * factor, region.height() * factor
        return QRectF((self.width() - width) / 2, (self.height() - height) / 2, width, height)

    def to_screen(self, x: float, y: float) -> QPointF:
        """A point in photo pixels, in this widget's coordinates."""
        rect, region, factor = self._image_rect(), self._region(), self._factor()
        u, v = self._to_shown(x, y)
        return QPointF(
            rect.left() + (u - region.left()) * factor, rect.top() + (v - region.top()) * factor
        )

    def to_photo(self, point: QPointF) -> tuple[float, float]:
        rect, region, factor = self._image_rect(), self._region(), self._factor()
        return self._from_shown(
            region.left() + (point.x() - rect.left()) / factor,
            region.top() + (point.y() - rect.top()) / factor,
        )

    def corner_on_screen(self, index: int) -> QPointF:
        assert self._corners is not None
        return self.to_screen(*self._corners[index])

    def _grid_transform(self) -> QTransform | None:
        """The projective map from the unit square onto the corners on screen."""
        if self._corners is None:
            return None
        unit = _polygon([(0, 0), (1, 0), (1, 1), (0, 1)])
        screen = QPolygonF([self.to_screen(x, y) for x, y in self._corners])
        transform = QTransform()
        return transform if QTransform.quadToQuad(unit, screen, transform) else None

    def cell_polygons(self) -> list[QPolygonF]:
        """Each cell's outline on screen, row-major: the reader's cells when the reading is
        for the corners shown, else an even grid between the corners (while dragging)."""
        reading = self._reading
        if reading is not None and self.reading_is_current():
            return [
                QPolygonF([self.to_screen(x, y) for x, y in cell.quad.points()])
                for cell in reading.cells
            ]
        transform = self._grid_transform()
        if transform is None:
            return []
        columns, rows = self._grid_size
        polygons = []
        for row in range(rows):
            for column in range(columns):
                left, right = column / columns, (column + 1) / columns
                top, bottom = row / rows, (row + 1) / rows
                unit = _polygon([(left, top), (right, top), (right, bottom), (left, bottom)])
                polygons.append(transform.map(unit))
        return polygons

    def cell_center(self, cell: int) -> QPointF:
        return self.cell_polygons()[cell].boundingRect().center()

    def _cell_at(self, point: QPointF) -> int | None:
        for index, polygon in enumerate(self.cell_polygons()):
            if polygon.containsPoint(point, Qt.FillRule.OddEvenFill):
                return index
        return None

    def _corner_near(self, point: QPointF) -> int | None:
        if self._corners is None:
            return None
        distances = [((self.corner_on_screen(i) - point).manhattanLength(), i) for i in range(4)]
        distance, index = min(distances)
        return index if distance <= HANDLE_REACH * 1.4 else None

    # -- painting ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        palette = self.palette()
        # Not QPainter.fillRect: PySide6 makes QGradient's enum classes to choose among its
        # overloads, on the first photo dialog's first paint (gui.palette.fill_rect).
        fill_rect(painter, self.rect(), palette.color(QPalette.ColorRole.Window).darker(115))
        if self._shown_image is not None:
            region, scale = self._region(), self._photo_scale
            source = QRectF(
                region.left() / scale,
                region.top() / scale,
                region.width() / scale,
                region.height() / scale,
            )
            painter.drawImage(self._image_rect(), self._shown_image, source)
        polygons = self.cell_polygons()
        current = self._reading is not None and self.reading_is_current()
        self._paint_grid(painter, polygons)
        if current and self._reading is not None:
            # One size for every reading: the median cell's, so perspective does not make
            # the far row's numbers look less important.
            heights = sorted(polygon.boundingRect().height() for polygon in polygons)
            font = QFont(self.font())
            font.setBold(True)
            font.setPixelSize(max(10, min(22, round(heights[len(heights) // 2] * 0.16))))
            painter.setFont(font)
            for index, polygon in enumerate(polygons):
                self._paint_cell(painter, index, polygon)
        if self._selected is not None and self._selected < len(polygons):
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 3, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(polygons[self._selected])
        self._paint_handles(painter)
        painter.end()

    def _paint_grid(self, painter: QPainter, polygons: list[QPolygonF]) -> None:
        # A dark line under a light one: the grid shows on light and dark tiles alike.
        for colour, width in ((QColor(0, 0, 0, 150), 3.5), (QColor(255, 255, 255, 230), 1.5)):
            painter.setPen(QPen(colour, width))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for polygon in polygons:
                painter.drawPolygon(polygon)

    def _paint_cell(self, painter: QPainter, index: int, polygon: QPolygonF) -> None:
        assert self._reading is not None
        reading = self._reading.cells[index]
        typed = self._typed.get(index)
        unsure = reading.unsure and typed is None
        number = reading.number if typed is None else typed
        if unsure:
            painter.setPen(QPen(UNSURE_ORANGE, 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(polygon)
        bounds = polygon.boundingRect()
        text = ("blank" if number == 0 else str(number)) + ("?" if unsure else "")
        metrics = painter.fontMetrics()
        badge = QRectF(0, 0, metrics.horizontalAdvance(text) + 10, metrics.height() + 4)
        # The reading sits in the tile's top-left corner, beside the printed number, so
        # the two can be compared at a glance without one hiding the other.
        inset = bounds.width() * 0.08
        badge.moveTopLeft(QPointF(bounds.left() + inset, bounds.top() + inset))
        if unsure:
            fill, ink = UNSURE_ORANGE, QColor("black")
        elif typed is not None:
            fill, ink = TYPED_BLUE, QColor("white")
        else:
            fill, ink = QColor(20, 20, 24, 215), QColor("white")
        path = QPainterPath()
        path.addRoundedRect(badge, 4, 4)
        painter.fillPath(path, fill)
        painter.setPen(ink)
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_handles(self, painter: QPainter) -> None:
        if self._corners is None:
            return
        accent = self.palette().color(QPalette.ColorRole.Highlight)
        for index in range(4):
            centre = self.corner_on_screen(index)
            chosen = index == self._handle
            radius = HANDLE_RADIUS * (1.3 if index == self._dragging or chosen else 1.0)
            painter.setPen(QPen(QColor(0, 0, 0, 180), 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, radius, radius)
            painter.setPen(QPen(accent, 2.5))
            # The chosen corner is filled with the accent, with a ring round it, so it is
            # seen to be the one the arrow keys move.
            painter.setBrush(accent if chosen else QColor(255, 255, 255, 200))
            painter.drawEllipse(centre, radius, radius)
            if chosen:
                ring = radius + 5
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(QColor(0, 0, 0, 180), 4))
                painter.drawEllipse(centre, ring, ring)
                painter.setPen(QPen(QColor("white"), 2))
                painter.drawEllipse(centre, ring, ring)

    # -- mouse: drag a corner, pick a cell ---------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        point = event.position()
        corner = self._corner_near(point)
        if corner is not None:
            self._dragging = corner
            if self._handle is not None:
                self._handle = corner  # the keys go on with the corner last picked up
        else:
            self.select_cell(self._cell_at(point))
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        if self._dragging is None or self._corners is None:
            near = self._corner_near(point) is not None
            self.setCursor(Qt.CursorShape.SizeAllCursor if near else Qt.CursorShape.ArrowCursor)
            return
        rect = self._image_rect()
        clamped = QPointF(
            min(max(point.x(), rect.left()), rect.right()),
            min(max(point.y(), rect.top()), rect.bottom()),
        )
        self.move_corner(self._dragging, self.to_photo(clamped))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._dragging = None
        self.update()

    def move_corner(self, index: int, point: tuple[float, float]) -> None:
        """Put corner `index` (clockwise from the top left) at `point` (photo pixels)."""
        if self._corners is None:
            return
        self._corners[index] = point
        self.update()
        corners = self.corners()
        self.corners_changed.emit(corners)

    def nudge_corner(self, index: int, dx: float, dy: float) -> None:
        """Move corner `index` by (dx, dy) screen pixels, kept on the photo: the arrow keys'
        move, reported as a drag step is."""
        if self._corners is None:
            return
        factor = self._factor()
        u, v = self._to_shown(*self._corners[index])
        whole = self._photo_rect()
        u = min(max(u + dx / factor, whole.left()), whole.right())
        v = min(max(v + dy / factor, whole.top()), whole.bottom())
        self.move_corner(index, self._from_shown(u, v))

    # -- keys: pick and move a corner; type a number into the chosen cell ----------------

    def _corner_key(self, event: QKeyEvent) -> bool:
        """Handle a key that picks or moves a corner; False if it is not one."""
        key, modifiers = event.key(), event.modifiers()
        ctrl = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
        if self._corners is None:
            return False
        if ctrl and key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            back = key == Qt.Key.Key_Backtab or bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
            if self._handle is None:
                self.select_handle(3 if back else 0)
            else:
                self.select_handle((self._handle + (-1 if back else 1)) % 4)
            return True
        if ctrl and Qt.Key.Key_1 <= key <= Qt.Key.Key_4:
            self.select_handle(key - Qt.Key.Key_1)
            return True
        if self._handle is None:
            return False
        if key == Qt.Key.Key_Escape:
            self.select_handle(None)
            return True
        steps = {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, -1),
            Qt.Key.Key_Down: (0, 1),
        }
        if key in steps:
            dx, dy = steps[Qt.Key(key)]
            shift = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
            step = KEY_STEP_SHIFT if shift else KEY_STEP
            self.nudge_corner(self._handle, dx * step, dy * step)
            return True
        return False

    def event(self, event: QEvent) -> bool:
        # Ctrl+Tab would otherwise be taken for focus moves by the dialog: here it picks a
        # corner (plain Tab still moves on to the next control).
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
            and event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            self.keyPressEvent(event)
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._corner_key(event):
            return
        key = event.key()
        columns, rows = self._grid_size
        cell = self._selected
        moves = {
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
        }
        if key in moves:
            if cell is None:
                self.select_cell(0)
            else:
                row, column = divmod(cell, columns)
                d_row, d_column = moves[Qt.Key(key)]
                row = min(max(row + d_row, 0), rows - 1)
                column = min(max(column + d_column, 0), columns - 1)
                self.select_cell(row * columns + column)
            return
        text = event.text()
        if cell is not None and text.isdigit() and len(text) == 1:
            digits = text
            if self._typing is not None and self._typing[0] == cell:
                digits = (self._typing[1] + text)[-MAX_TYPED_DIGITS:]
            self._typing = (cell, digits)
            self.number_typed.emit(cell, int(digits))
            return
        if cell is not None and key in (Qt.Key.Key_Space, Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self._typing = None
            self.number_typed.emit(cell, 0)
            return
        super().keyPressEvent(event)
