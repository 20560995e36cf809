"""Play, pause and step icons drawn in the palette's button-text colour.

Qt's standard media icons are drawn black whatever the palette, so on the dark appearance
they all but vanish; these are painted from simple shapes in the colour the buttons' text
uses, and redrawn when the palette changes.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPixmap, QPolygonF


class Transport(Enum):
    TO_START = "to-start"
    BACK = "back"
    PLAY = "play"
    PAUSE = "pause"
    FORWARD = "forward"
    TO_END = "to-end"


_SIZE = 32  # drawn at 32 px; Qt scales it down to the button's icon size


def transport_icon(kind: Transport, palette: QPalette) -> QIcon:
    """The icon for `kind`, in `palette`'s button-text colour (greyed when disabled)."""
    icon = QIcon()
    for mode, group in (
        (QIcon.Mode.Normal, QPalette.ColorGroup.Active),
        (QIcon.Mode.Disabled, QPalette.ColorGroup.Disabled),
    ):
        colour = palette.color(group, QPalette.ColorRole.ButtonText)
        icon.addPixmap(_pixmap(kind, colour), mode)
    return icon


def _pixmap(kind: Transport, colour: QColor) -> QPixmap:
    pixmap = QPixmap(_SIZE, _SIZE)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    top, bottom, middle = 7.0, 25.0, 16.0
    if kind is Transport.PLAY:
        painter.drawPolygon(_triangle(10, 24, top, bottom, middle))
    elif kind is Transport.PAUSE:
        painter.drawRect(QRectF(9, top, 5, bottom - top))
        painter.drawRect(QRectF(18, top, 5, bottom - top))
    elif kind is Transport.FORWARD:
        painter.drawPolygon(_triangle(5, 16, top, bottom, middle))
        painter.drawPolygon(_triangle(16, 27, top, bottom, middle))
    elif kind is Transport.BACK:
        painter.drawPolygon(_triangle(16, 5, top, bottom, middle))
        painter.drawPolygon(_triangle(27, 16, top, bottom, middle))
    elif kind is Transport.TO_END:
        painter.drawPolygon(_triangle(7, 21, top, bottom, middle))
        painter.drawRect(QRectF(21, top, 4, bottom - top))
    else:  # TO_START
        painter.drawRect(QRectF(7, top, 4, bottom - top))
        painter.drawPolygon(_triangle(25, 11, top, bottom, middle))
    painter.end()
    return pixmap


def _triangle(base_x: float, tip_x: float, top: float, bottom: float, middle: float) -> QPolygonF:
    """A triangle with its flat side at `base_x` and its point at `tip_x`."""
    return QPolygonF([QPointF(base_x, top), QPointF(tip_x, middle), QPointF(base_x, bottom)])
