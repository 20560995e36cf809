"""Tiles drawn once and reused: the board view's paint cost per visible tile.

Stroking an antialiased rounded rectangle costs the raster engine about 20 µs and laying out
a number with `drawText` about 6 µs; a 32x32 board shows some 440 tiles, so every edit spent
over 10 ms on them. A tile body looks the same wherever it sits (fill, border, size), so it
is rendered once into a pixmap and copied after; a number is laid out once as `QStaticText`.

Pixmaps are copied to whole device pixels, so a body is rendered for the sub-pixel offset
(in quarters of a device pixel) at which it lands: the result matches the vector drawing.
Only the screen uses this cache; exported PNG and SVG images stay vector throughout.
"""

from __future__ import annotations

import math

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

#: Sub-pixel positions a body is rendered for, per device pixel and axis.
SUBPIXEL_STEPS = 4
#: Prepared numbers kept before the cache starts over (a 100x100 board has 9,999 tiles).
MAX_NUMBERS = 20_000
#: Tile bodies kept before the cache starts over (looks x sizes x sub-pixel offsets).
MAX_BODIES = 512


class TileCache:
    """Pre-rendered tile bodies and prepared numbers for one view."""

    def __init__(self) -> None:
        self._bodies: dict[tuple[object, ...], QPixmap] = {}
        self._numbers: dict[int, tuple[QStaticText, float, float]] = {}
        self._numbers_layout: tuple[str, float, float] = ("", 0.0, 0.0)

    @property
    def body_count(self) -> int:
        return len(self._bodies)

    @property
    def number_count(self) -> int:
        return len(self._numbers)

    def draw_bodies(
        self, painter: QPainter, rects: list[QRectF], fill: QColor, pen: QPen, radius: float
    ) -> bool:
        """Draw a rounded tile body at each rect (all the same size) as the vector pen and
        brush would. Returns False, drawing nothing, unless the painter only translates and
        scales evenly (as on screen)."""
        if not rects:
            return True
        transform = painter.deviceTransform()
        scale = transform.m11()
        if (
            transform.type().value > QTransform.TransformationType.TxScale.value
            or scale != transform.m22()
            or scale <= 0
        ):
            return False
        shift_x, shift_y = transform.dx(), transform.dy()
        size = rects[0].size()
        look = (fill.rgba(), pen.color().rgba(), pen.widthF(), size.width(), size.height())
        pad = math.ceil((pen.widthF() / 2 + 1) * scale)

        def snapped(logical: float, shift: float) -> tuple[float, int]:
            """Where to copy a body whose rect starts at `logical` (on the device pixel grid,
            less the pad), and which quarter-pixel rendering of the body to copy."""
            device = logical * scale + shift
            pixel = math.floor(device)
            step = round((device - pixel) * SUBPIXEL_STEPS)
            return (pixel - pad - shift) / scale, step

        # Tiles share rows and columns: snap each coordinate once, not once per tile.
        columns: dict[float, tuple[float, int]] = {}
        rows: dict[float, tuple[float, int]] = {}
        pixmaps: dict[tuple[int, int], QPixmap] = {}
        draw = painter.drawPixmap
        for rect in rects:
            x, y = rect.x(), rect.y()
            column = columns.get(x)
            if column is None:
                column = columns[x] = snapped(x, shift_x)
            row = rows.get(y)
            if row is None:
                row = rows[y] = snapped(y, shift_y)
            steps = (column[1], row[1])
            pixmap = pixmaps.get(steps)
            if pixmap is None:
                pixmap = pixmaps[steps] = self._body(
                    (look, radius, scale, steps), fill, pen, size, radius, pad
                )
            draw(QPointF(column[0], row[0]), pixmap)
        return True

    def _body(  # noqa: PLR0917 (the parts of one cache key)
        self,
        key: tuple[object, ...],
        fill: QColor,
        pen: QPen,
        size: QSizeF,
        radius: float,
        pad: int,
    ) -> QPixmap:
        """The body for `key`, rendered now if it is not in the cache yet."""
        cached = self._bodies.get(key)
        if cached is not None:
            return cached
        *_, scale, (step_x, step_y) = key
        assert isinstance(scale, float)
        # Room for half the pen outside the rect and a pixel of antialiasing, in device pixels.
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
        origin = QPointF(
            (pad + step_x / SUBPIXEL_STEPS) / scale, (pad + step_y / SUBPIXEL_STEPS) / scale
        )
        painter.drawRoundedRect(QRectF(origin, size), radius, radius)
        painter.end()
        if len(self._bodies) >= MAX_BODIES:
            self._bodies.clear()
        self._bodies[key] = pixmap
        return pixmap

    def draw_numbers(
        self, painter: QPainter, labelled: list[tuple[QRectF, int, int]], font: QFont
    ) -> None:
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
