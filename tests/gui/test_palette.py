"""The board's colours and the painting helpers beside them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from gui.palette import fill_rect


def painted(fill: str, rect: QRect | QRectF, antialiased: bool) -> QImage:
    image = QImage(40, 30, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, antialiased)
    painter.setPen(QPen(QColor("#ff0000"), 3))
    painter.setBrush(QColor("#00ff00"))
    colour = QColor(20, 80, 160, 200)
    if fill == "qt":
        painter.fillRect(rect, colour)
    else:
        fill_rect(painter, rect, colour)
    # The pen and brush the painter had before are still its own.
    assert painter.pen().color() == QColor("#ff0000")
    assert painter.brush().color() == QColor("#00ff00")
    painter.end()
    return image


@pytest.mark.parametrize("antialiased", [False, True])
@pytest.mark.parametrize(
    "rect", [QRect(3, 4, 20, 10), QRectF(2.5, 3.25, 17.5, 9.75)], ids=["whole", "fractional"]
)
def test_fill_rect_paints_what_qpainter_fill_rect_paints(rect, antialiased) -> None:
    assert painted("ours", rect, antialiased) == painted("qt", rect, antialiased)
