"""The tiles in reading order, the sequence the inversions are counted on, with arcs.

Each box is a tile as read row by row with the blank left out. When the board has few
enough inversions every pair is drawn as an arc over the strip, so people see the
inversions rather than only read them; on bigger boards only the hovered tile's arcs are
drawn. Only the visible boxes are painted, so a 100x100 strip costs what a 4x4 one does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QSizePolicy, QWidget

from gui.palette import BoardColours, fill_rect, mix
from gui.scroll_viewport import give_own_viewport
from gui.tile_cache import TileCache

if TYPE_CHECKING:
    from core.inversions import InversionIndex
    from gui.board_model import BoardModel

#: Draw every pair as an arc up to this many pairs; beyond, arcs would be a solid smear.
ARC_PAIR_LIMIT = 300
#: Draw the highlighted tile's arcs up to this many partners.
PARTNER_ARC_LIMIT = 400
_MARGIN = 6
_GAP = 4
#: Height of the band the arcs rise into, in box heights: every pair's arc when all are
#: drawn, or only a hovered tile's fan on boards with more pairs than `ARC_PAIR_LIMIT`.
_ALL_ARCS_BAND = 3.0
_HOVER_ARCS_BAND = 1.5


class _StripGeometry(NamedTuple):
    """Sizes in pixels of a strip of `boxes` boxes, independent of scrolling."""

    boxes: int
    box_width: int
    box_height: int
    band_in_boxes: float

    @property
    def step(self) -> int:
        return self.box_width + _GAP

    @property
    def arc_height(self) -> int:
        return round(self.band_in_boxes * self.box_height)

    @property
    def box_top(self) -> int:
        return _MARGIN + self.arc_height

    @property
    def content_width(self) -> int:
        return 2 * _MARGIN + self.boxes * self.step - _GAP

    def box_centre_x(self, position: int) -> float:
        """Centre of box `position` in content coordinates (before scrolling)."""
        return _MARGIN + position * self.step + self.box_width / 2


class SequenceStrip(QAbstractScrollArea):
    """Tiles in reading order as boxes; hover or arrow keys highlight a tile."""

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        give_own_viewport(self)  # first, as Qt makes its own
        self._model = model
        self.setObjectName("sequenceStrip")
        self.setAccessibleName("Tiles in reading order")
        # Said on hover as well: the strip has no label of its own.
        self.setToolTip(
            "The tiles as the rule reads them, row by row with the blank left out; each "
            "arc joins an inversion pair. Hover or pick a tile to see its pairs."
        )
        self.setFrameShape(QFrame.Shape.NoFrame)
        # As tall as the arcs and boxes need; extra height would only be empty band.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.viewport().setMouseTracking(True)
        self._keyboard_position: int | None = None
        self._cached_geometry: _StripGeometry | None = None
        self._reported_hint: QSize | None = None
        # The faint arcs of every pair, in content coordinates, for one board and width.
        self._arc_path_index: InversionIndex | None = None
        self._arc_path_key: tuple[object, ...] | None = None
        self._arc_paths_cached = (QPainterPath(), QPainterPath(), 0)
        self._box_cache = TileCache()  # the plain box body and the numbers, drawn once
        self.horizontalScrollBar().valueChanged.connect(self.viewport().update)
        model.changed.connect(self._on_board_changed)
        model.highlight_changed.connect(self._on_highlight_changed)
        self._on_board_changed()

    # -- geometry -----------------------------------------------------------------

    def _labels(self) -> tuple[int, ...]:
        index = self._model.inversion_index
        return () if index is None else index.labels

    def _geometry(self) -> _StripGeometry:
        """Box and arc sizes for the current font and tile count, measured once per change.

        Painting asks for these for every box and arc; measuring text each time was most
        of the cost of an edit at 4x4.
        """
        index = self._model.inversion_index
        count = 0 if index is None else len(index.labels)
        every_arc = index is not None and index.count <= ARC_PAIR_LIMIT
        band = _ALL_ARCS_BAND if every_arc else _HOVER_ARCS_BAND
        cached = self._cached_geometry
        if cached is None or (cached.boxes, cached.band_in_boxes) != (count, band):
            metrics = self.fontMetrics()
            # The labels are the tiles 1..n-1, so the widest is their count: O(1).
            widest = str(count or 88)
            height = metrics.height() + 8
            width = max(metrics.horizontalAdvance(widest) + 10, height)
            cached = _StripGeometry(count, width, height, band)
            self._cached_geometry = cached
        return cached

    def _box_size(self) -> QSize:
        geometry = self._geometry()
        return QSize(geometry.box_width, geometry.box_height)

    def _step(self) -> int:
        return self._geometry().step

    def _arc_height(self) -> int:
        return self._geometry().arc_height

    def _box_top(self) -> int:
        return self._geometry().box_top

    def _content_width(self) -> int:
        return self._geometry().content_width

    def box_rect(self, position: int) -> QRectF:
        """Where tile `position` (in reading order) is drawn, in viewport coordinates."""
        size = self._box_size()
        left = _MARGIN + position * self._step() - self.horizontalScrollBar().value()
        return QRectF(left, self._box_top(), size.width(), size.height())

    def position_at(self, x: float, y: float) -> int | None:
        """The reading position whose box is under viewport point (x, y), if any."""
        step = self._step()
        offset = x + self.horizontalScrollBar().value() - _MARGIN
        if offset < 0 or y < self._box_top() or y > self._box_top() + self._box_size().height():
            return None
        position = int(offset // step)
        if position >= len(self._labels()) or offset - position * step > step - _GAP:
            return None
        return position

    def sizeHint(self) -> QSize:
        # Just the arcs and the boxes, plus the scroll bar only when the boxes overflow:
        # any other height would be an empty band taken from the board.
        if self._model.inversion_index is None and self._reported_hint is not None:
            # An invalid board (a digit typed twice, a cell cleared) is most often a step
            # of an edit; keeping the height the boxes had stops the board and the strip
            # from jumping on every such step, and the splitters from laying out the
            # window and repainting the board twice.
            return self._reported_hint
        height = self._box_top() + self._box_size().height() + _MARGIN
        if self._needs_scroll_bar():
            height += self.horizontalScrollBar().sizeHint().height()
        return QSize(min(self._content_width(), 640), height)

    def _needs_scroll_bar(self) -> bool:
        return self._content_width() > self.width()

    def minimumSizeHint(self) -> QSize:
        return QSize(120, self.sizeHint().height())

    def _update_scroll_range(self) -> None:
        if self._model.inversion_index is None and self._reported_hint is not None:
            # Keep the boxes' range while the board is invalid (see `sizeHint`): the scroll
            # bar neither vanishes nor comes back, and undoing the slip finds the strip
            # scrolled where it was.
            return
        bar = self.horizontalScrollBar()
        bar.setRange(0, max(0, self._content_width() - self.viewport().width()))
        bar.setPageStep(self.viewport().width())
        bar.setSingleStep(self._step())

    def _ensure_visible(self, position: int, *, centre: bool = True) -> None:
        box = self.box_rect(position)
        bar = self.horizontalScrollBar()
        width = self.viewport().width()
        if box.left() >= 0 and box.right() <= width:
            return
        if centre:
            # Centred, so the partners on both sides are in view too.
            bar.setValue(bar.value() + int(box.center().x() - width / 2))
        elif box.left() < 0:
            bar.setValue(bar.value() + int(box.left()) - _MARGIN)
        else:
            bar.setValue(bar.value() + int(box.right() - width) + _MARGIN)

    # -- model --------------------------------------------------------------------

    def _on_board_changed(self) -> None:
        self._keyboard_position = None
        labels = self._labels()
        index = self._model.inversion_index
        if index is None:
            self.setAccessibleDescription("The board is not complete.")
        else:
            shown = " ".join(map(str, labels[:32])) + (" ..." if len(labels) > 32 else "")
            self.setAccessibleDescription(
                f"{len(labels):,} tiles, {index.count:,} inversions: {shown}"
            )
        self._update_scroll_range()
        self._update_geometry_if_changed()
        self.viewport().update()

    def _update_geometry_if_changed(self) -> None:
        # Asking for a new layout on every edit made the splitters query every widget's
        # size hint again (a few ms per edit); most edits leave the strip's hint alone.
        hint = self.sizeHint()
        if hint != self._reported_hint:
            self._reported_hint = hint
            self.updateGeometry()

    def _on_highlight_changed(self) -> None:
        tile = self._model.highlighted_tile
        labels = self._labels()
        if tile is not None and tile in labels and not self.viewport().underMouse():
            self._ensure_visible(labels.index(tile))
        self.viewport().update()

    # -- input --------------------------------------------------------------------

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        position = self.position_at(event.position().x(), event.position().y())
        labels = self._labels()
        self._model.set_highlighted_tile(None if position is None else labels[position])
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._model.set_highlighted_tile(None)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        count = len(self._labels())
        key = event.key()
        moves = {
            Qt.Key.Key_Left: -1,
            Qt.Key.Key_Right: 1,
            Qt.Key.Key_PageUp: -10,
            Qt.Key.Key_PageDown: 10,
        }
        if count == 0 or key not in (*moves, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_Escape):
            super().keyPressEvent(event)
            return
        if key == Qt.Key.Key_Escape:
            self._keyboard_position = None
            self._model.set_highlighted_tile(None)
            return
        if key == Qt.Key.Key_Home:
            position = 0
        elif key == Qt.Key.Key_End:
            position = count - 1
        elif self._keyboard_position is None:
            position = 0
        else:
            position = min(max(self._keyboard_position + moves[Qt.Key(key)], 0), count - 1)
        self._keyboard_position = position
        self._ensure_visible(position, centre=False)
        self._model.set_highlighted_tile(self._labels()[position])

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._keyboard_position = None
        super().focusOutEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._update_scroll_range()
        if (self._content_width() > event.oldSize().width()) != self._needs_scroll_bar():
            self._update_geometry_if_changed()  # the scroll bar came or went
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._cached_geometry = None
            if self._model.inversion_index is not None:
                # Measured with the old font. While the board is invalid the old height
                # stands in (see `sizeHint`) until there are boxes to measure again.
                self._reported_hint = None
            self._update_scroll_range()
            self._update_geometry_if_changed()
        super().changeEvent(event)

    # -- painting -----------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        fill_rect(painter, self.viewport().rect(), palette.color(QPalette.ColorRole.Window))
        index = self._model.inversion_index
        if index is None:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(
                self.viewport().rect(),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                "The tiles appear here in reading order once the board is complete.",
            )
            painter.end()
            return
        first, last = self._visible_positions(len(index.labels))
        self._paint_arcs(painter, index)
        self._paint_boxes(painter, index.labels, first, last)
        painter.end()

    def _visible_positions(self, count: int) -> tuple[int, int]:
        step = self._step()
        offset = self.horizontalScrollBar().value() - _MARGIN
        first = max(0, offset // step)
        last = min(count - 1, (offset + self.viewport().width()) // step + 1)
        return first, last

    def _emphasis(self) -> tuple[set[int], frozenset[int]]:
        """Tiles to draw strongly (the highlighted tile or pair) and the tile's partners."""
        strong: set[int] = set()
        if self._model.highlighted_tile is not None:
            strong.add(self._model.highlighted_tile)
        if self._model.highlighted_pair is not None:
            strong.update(self._model.highlighted_pair)
        return strong, self._model.partners_of_highlighted

    def _paint_arcs(self, painter: QPainter, index: InversionIndex) -> None:
        quiet_arcs, strong_arcs, strong_count = self._arc_paths(index)
        palette = self.palette()
        faint = QColor(palette.color(QPalette.ColorRole.Text))
        faint.setAlphaF(0.45)
        emphasised = BoardColours.for_palette(palette, None).highlight
        # Pens one pixel wide take the raster engine's direct line stroker; wider ones are
        # outlined and filled as polygons, which cost ~0.15 ms an arc (most of an edit at
        # 4x4). Only a handful of emphasised arcs get the thick pen.
        quiet_pen = QPen(faint, 1.0)
        strong_pen = QPen(emphasised, 2.5 if strong_count <= 12 else 1.0)
        painter.save()
        painter.translate(-self.horizontalScrollBar().value(), 0)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(quiet_pen)
        painter.drawPath(quiet_arcs)
        painter.setPen(strong_pen)
        painter.drawPath(strong_arcs)
        painter.restore()

    def _arc_paths(self, index: InversionIndex) -> tuple[QPainterPath, QPainterPath, int]:
        """(faint arcs, emphasised arcs, emphasised count) in content coordinates.

        Built once per board, highlight and strip width, and drawn as two paths; scrolling
        only translates them and the clip leaves out what is off screen.
        """
        tile = self._model.highlighted_tile
        pair = self._model.highlighted_pair
        # All of the tile's partners on a hover; during the guided walk, only the pairs
        # counted on the tile.
        partners = self._model.partners_of_highlighted
        key = (tile, pair, partners, self.viewport().width(), self._geometry())
        if self._arc_path_index is index and self._arc_path_key == key:
            return self._arc_paths_cached
        labels = index.labels
        quiet: list[tuple[int, int]] = []
        strong: list[tuple[int, int]] = []
        if index.count <= ARC_PAIR_LIMIT:
            for left, right in index.pairs():
                first, second = labels[left], labels[right]
                lit = (first == tile and second in partners) or (
                    second == tile and first in partners
                )
                (strong if lit or (first, second) == pair else quiet).append((left, right))
        else:
            if tile is not None and len(partners) <= PARTNER_ARC_LIMIT:
                position = labels.index(tile)
                strong.extend(
                    (min(position, other), max(position, other))
                    for other in index.partners_of(position)
                    if labels[other] in partners
                )
            if pair is not None:
                strong.append((labels.index(pair[0]), labels.index(pair[1])))
        self._arc_path_index = index
        self._arc_path_key = key
        self._arc_paths_cached = (self._arc_path(quiet), self._arc_path(strong), len(strong))
        return self._arc_paths_cached

    def _arc_path(self, arcs: list[tuple[int, int]]) -> QPainterPath:
        geometry = self._geometry()
        base = float(geometry.box_top)
        # Longer arcs rise higher, so nested pairs stay apart; an arc as wide as the
        # visible strip fills the band, wider ones are clipped to it.
        visible_width = max(1.0, min(geometry.content_width, self.viewport().width()))
        band = geometry.arc_height - 4.0
        path = QPainterPath()
        for left, right in arcs:
            start = geometry.box_centre_x(left)
            end = geometry.box_centre_x(right)
            rise = band * (0.15 + 0.85 * min(1.0, (end - start) / visible_width))
            path.moveTo(start, base)
            path.cubicTo(start, base - rise, end, base - rise, end, base)
        return path

    def _paint_boxes(
        self, painter: QPainter, labels: tuple[int, ...], first: int, last: int
    ) -> None:
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        colours = BoardColours.for_palette(palette, None)
        emphasised = colours.highlight
        partner_fill = colours.partner_fill
        strong, partners = self._emphasis()
        geometry = self._geometry()
        step, top = geometry.step, geometry.box_top
        left = _MARGIN - self.horizontalScrollBar().value()
        # The plain boxes are most of them: copied from one pre-rendered body (as the
        # board's tiles are) and their numbers laid out once, instead of stroking an
        # antialiased rounded rect and laying out text per box on every repaint.
        plain: list[QRectF] = []
        labelled: list[tuple[QRectF, int, int]] = []
        for position in range(first, last + 1):
            tile = labels[position]
            box = QRectF(left + position * step, top, geometry.box_width, geometry.box_height)
            labelled.append((box, position, tile))
            if tile in strong:
                painter.setPen(QPen(emphasised, 2.5))
                painter.setBrush(mix(base, emphasised, 0.25))
            elif tile in partners:
                painter.setPen(QPen(mix(partner_fill, text, 0.45), 1.5))
                painter.setBrush(partner_fill)
            else:
                plain.append(box.adjusted(0.5, 0.5, -0.5, -0.5))
                continue
            painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3)
        if plain:
            border = QPen(mix(text, base, 0.55), 1)
            if not self._box_cache.draw_bodies(painter, plain, base, border, 3):
                painter.setPen(border)
                painter.setBrush(base)
                for box in plain:
                    painter.drawRoundedRect(box, 3, 3)
        painter.setPen(text)
        self._box_cache.draw_numbers(painter, labelled, self.font())
        keyboard = self._keyboard_position if self.hasFocus() else None
        if keyboard is not None and first <= keyboard <= last:
            box = self.box_rect(keyboard)
            painter.setPen(
                QPen(palette.color(QPalette.ColorRole.Highlight), 1, Qt.PenStyle.DashLine)
            )
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box.adjusted(-2.5, -2.5, 2.5, 2.5), 4, 4)
