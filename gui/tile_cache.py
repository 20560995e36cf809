"""Tiles drawn once and reused: the board view's paint cost per visible tile.

Stroking an antialiased rounded rectangle costs the raster engine about 20 µs and laying out
a number with `drawText` about 6 µs; a 32x32 board shows some 440 tiles, so every edit spent
over 10 ms on them. A tile looks the same wherever it sits, so it is rendered once into a
pixmap and copied after: a whole tile (body and number) per value and look, or a body alone
per look where something must be drawn between body and number (the board's pair
connector; its numbers then go on top as text). The reading strip's small numbers are laid
out once each as `QStaticText` (`draw_numbers`).

Pixmaps are copied to whole device pixels, so a tile is rendered for the sub-pixel offset
(in quarters of a device pixel) at which it lands: the result matches the vector drawing.
Only the screen uses this cache; exported PNG and SVG images stay vector throughout.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QPixmap,
    QStaticText,
    QTransform,
)

#: Sub-pixel positions a tile is rendered for, per device pixel and axis.
SUBPIXEL_STEPS = 4
#: Prepared numbers kept before the cache starts over (a 100x100 board has 9,999 tiles).
MAX_NUMBERS = 20_000
#: Memory for tile bodies (looks x sizes x sub-pixel offsets) before the cache starts over.
MAX_BODY_BYTES = 16 * 1024 * 1024
#: Memory for whole-tile pictures before the cache starts over: both verdict tints of every
#: tile a 100x100 board shows at once, many times over.
MAX_TILE_BYTES = 48 * 1024 * 1024
#: New whole-tile pictures made per paint. Making one costs about four times drawing the
#: tile as vectors, so when many are missing at once (a new cell size while the window is
#: resized, a new stretch of a large board) the rest are drawn as vectors this time and
#: pictured over the next paints.
NEW_TILES_PER_PAINT = 64

#: (rect, cell index, tile value): how the board painter hands over the tiles to draw.
Tile = tuple[QRectF, int, int]
Snap = Callable[[float], tuple[float, int]]


class TileCache:
    """Pre-rendered tiles, tile bodies and prepared numbers for one view."""

    def __init__(self, new_tiles_per_paint: int = NEW_TILES_PER_PAINT) -> None:
        #: Whole-tile pictures `draw_tiles` may make in one call; the tiles past it are left
        #: to the caller to draw as vectors, and pictured in later calls.
        self.new_tiles_per_paint = new_tiles_per_paint
        self._bodies: dict[tuple[object, ...], QPixmap] = {}
        self._body_bytes = 0
        self._tiles: dict[tuple[object, ...], QPixmap] = {}
        self._tile_bytes = 0
        self._numbers: dict[int, tuple[QStaticText, float, float]] = {}
        self._numbers_layout: tuple[str, float, float] = ("", 0.0, 0.0)

    @property
    def body_count(self) -> int:
        return len(self._bodies)

    @property
    def tile_count(self) -> int:
        return len(self._tiles)

    @property
    def number_count(self) -> int:
        return len(self._numbers)

    # -- bodies and numbers, drawn apart ------------------------------------------------

    def draw_bodies(
        self, painter: QPainter, rects: list[QRectF], fill: QColor, pen: QPen, radius: float
    ) -> bool:
        """Draw a rounded tile body at each rect (all the same size) as the vector pen and
        brush would. Returns False, drawing nothing, unless the painter only translates and
        scales evenly (as on screen)."""
        if not rects:
            return True
        grid = _device_grid(painter)
        if grid is None:
            return False
        scale, shift_x, shift_y = grid
        size = rects[0].size()
        pad = _pad(pen, scale)
        snap_x, snap_y = _snapper(scale, shift_x, pad), _snapper(scale, shift_y, pad)
        look = (fill.rgba(), pen.color().rgba(), pen.widthF(), size.width(), size.height())
        pixmaps: dict[tuple[int, int], QPixmap] = {}
        draw = painter.drawPixmap
        for rect in rects:
            x, step_x = snap_x(rect.x())
            y, step_y = snap_y(rect.y())
            pixmap = pixmaps.get((step_x, step_y))
            if pixmap is None:
                key = (look, radius, scale, step_x, step_y)
                pixmap = self._bodies.get(key)
                if pixmap is None:
                    pixmap = _render(fill, pen, size, radius, scale, pad, (step_x, step_y), None)
                    self._body_bytes = _keep(
                        self._bodies, self._body_bytes, MAX_BODY_BYTES, key, pixmap
                    )
                pixmaps[step_x, step_y] = pixmap
            draw(QPointF(x, y), pixmap)
        return True

    def draw_numbers(self, painter: QPainter, labelled: list[Tile], font: QFont) -> None:
        """Draw each value centred in its rect (all the same size) with `font` and the
        painter's pen."""
        if not labelled:
            return
        size = labelled[0][0].size()
        # A number's offset in its tile depends on both the font and the tile's size.
        layout_key = (font.key(), size.width(), size.height())
        if layout_key != self._numbers_layout or len(self._numbers) >= MAX_NUMBERS:
            self._numbers.clear()
            self._numbers_layout = layout_key
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        numbers = self._numbers
        half_width, half_height = size.width() / 2, size.height() / 2
        draw = painter.drawStaticText
        for rect, _index, value in labelled:
            number = numbers.get(value)
            if number is None:
                text = QStaticText(str(value))
                text.setTextFormat(Qt.TextFormat.PlainText)
                text.prepare(QTransform(), font)
                # Offset from the rect's corner that centres the text in it, measured as
                # drawText(rect, AlignCenter) measures: advance width and font height.
                number = numbers[value] = (
                    text,
                    half_width - metrics.horizontalAdvance(str(value)) / 2,
                    half_height - metrics.height() / 2,
                )
            text, dx, dy = number
            draw(QPointF(rect.x() + dx, rect.y() + dy), text)

    # -- whole tiles --------------------------------------------------------------------

    def draw_tiles(  # noqa: PLR0917 (a tile's look: fill, border, corner, font, ink)
        self,
        painter: QPainter,
        tiles: list[Tile],
        fill: QColor,
        pen: QPen,
        radius: float,
        font: QFont,
        ink: QColor,
    ) -> list[Tile] | None:
        """Draw each tile (all the same size), body and number, as the vector pen, brush
        and `drawText` would, from one picture per value and look. Returns the tiles left
        for the caller to draw as vectors (pictures not made yet, past this paint's share),
        or None, drawing nothing, unless the painter only translates and scales evenly
        (as on screen)."""
        if not tiles:
            return []
        grid = _device_grid(painter)
        if grid is None:
            return None
        scale, shift_x, shift_y = grid
        size = tiles[0][0].size()
        pad = _pad(pen, scale)
        snap_x, snap_y = _snapper(scale, shift_x, pad), _snapper(scale, shift_y, pad)
        look = (
            fill.rgba(),
            pen.color().rgba(),
            pen.widthF(),
            size.width(),
            size.height(),
            radius,
            scale,
            font.key(),
            ink.rgba(),
        )
        cached = self._tiles
        draw = painter.drawPixmap
        left_over: list[Tile] = []
        new_allowed = self.new_tiles_per_paint
        for tile in tiles:
            rect, _index, value = tile
            x, step_x = snap_x(rect.x())
            y, step_y = snap_y(rect.y())
            key = (look, step_x, step_y, value)
            pixmap = cached.get(key)
            if pixmap is None:
                if not new_allowed:
                    left_over.append(tile)
                    continue
                new_allowed -= 1
                pixmap = _render(
                    fill, pen, size, radius, scale, pad, (step_x, step_y), (value, font, ink)
                )
                self._tile_bytes = _keep(cached, self._tile_bytes, MAX_TILE_BYTES, key, pixmap)
            draw(QPointF(x, y), pixmap)
        return left_over


def _keep(
    cache: dict[tuple[object, ...], QPixmap],
    used: int,
    budget: int,
    key: tuple[object, ...],
    pixmap: QPixmap,
) -> int:
    """Store `pixmap` in `cache`, starting the cache over when it would pass `budget`
    bytes; returns the bytes now used."""
    size = pixmap.width() * pixmap.height() * 4
    if used + size > budget:
        cache.clear()
        used = 0
    cache[key] = pixmap
    return used + size


def _device_grid(painter: QPainter) -> tuple[float, float, float] | None:
    """(scale, x shift, y shift) from logical to device pixels, or None when the painter
    rotates, shears or scales unevenly (pictures could not land on whole pixels)."""
    transform = painter.deviceTransform()
    scale = transform.m11()
    if (
        transform.type().value > QTransform.TransformationType.TxScale.value
        or scale != transform.m22()
        or scale <= 0
    ):
        return None
    return scale, transform.dx(), transform.dy()


def _pad(pen: QPen, scale: float) -> int:
    """Device pixels around a tile for half its border and a pixel of antialiasing."""
    return math.ceil((pen.widthF() / 2 + 1) * scale)


def _snapper(scale: float, shift: float, pad: int) -> Snap:
    """Maps a tile's logical coordinate on one axis to where its picture is copied (on the
    device pixel grid, less the pad) and which quarter-pixel rendering to copy. Tiles
    share rows and columns, so each coordinate is worked out once per paint."""
    seen: dict[float, tuple[float, int]] = {}

    def snap(logical: float) -> tuple[float, int]:
        known = seen.get(logical)
        if known is None:
            device = logical * scale + shift
            pixel = math.floor(device)
            step = round((device - pixel) * SUBPIXEL_STEPS)
            if step == SUBPIXEL_STEPS:  # rounds up to the next whole pixel
                pixel, step = pixel + 1, 0
            known = seen[logical] = ((pixel - pad - shift) / scale, step)
        return known

    return snap


def _render(  # noqa: PLR0917 (the parts of one picture)
    fill: QColor,
    pen: QPen,
    size: QSizeF,
    radius: float,
    scale: float,
    pad: int,
    steps: tuple[int, int],
    number: tuple[int, QFont, QColor] | None,
) -> QPixmap:
    """A tile body, with its number when given, drawn at the quarter-pixel offset `steps`
    inside a pixmap of device pixels (device pixel ratio `scale`)."""
    pixmap = QPixmap(
        math.ceil(size.width() * scale) + 2 * pad + 1,
        math.ceil(size.height() * scale) + 2 * pad + 1,
    )
    pixmap.setDevicePixelRatio(scale)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(pen)
    painter.setBrush(fill)
    step_x, step_y = steps
    origin = QPointF(
        (pad + step_x / SUBPIXEL_STEPS) / scale, (pad + step_y / SUBPIXEL_STEPS) / scale
    )
    rect = QRectF(origin, size)
    painter.drawRoundedRect(rect, radius, radius)
    if number is not None:
        value, font, ink = number
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), str(value))
    painter.end()
    return pixmap
