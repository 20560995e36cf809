"""A small board drawn plainly (numbers in rounded squares), for the goal preview and the
"why" demonstration; the annotated board is `gui.board_painter`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen

from gui.palette import UNSOLVABLE_ORANGE, mix

if TYPE_CHECKING:
    from collections.abc import Collection

    from core import Board


def paint_mini_board(
    painter: QPainter,
    area: QRectF,
    board: Board,
    palette: QPalette,
    font: QFont,
    *,
    emphasised: Collection[int] = (),
    moving: tuple[int, QPointF] | None = None,
) -> None:
    """Draw `board` centred in `area`. `emphasised` tiles are tinted; `moving` is a tile and
    the offset, in cells, from its place at which to draw it (a slide in progress, or done
    when the offset is nothing): that tile is drawn in the highlight colour, outlined, so
    the eye finds the tile the words are about."""
    text_colour = palette.color(QPalette.ColorRole.WindowText)
    base = palette.color(QPalette.ColorRole.Base)
    plain = mix(base, text_colour, 0.12)
    tinted = mix(base, QColor(UNSOLVABLE_ORANGE), 0.45)
    highlight = palette.color(QPalette.ColorRole.Highlight)
    moved_fill = mix(base, highlight, 0.55)
    cell = min(area.width() / board.width, area.height() / board.height)
    left = area.left() + (area.width() - cell * board.width) / 2
    top = area.top() + (area.height() - cell * board.height) / 2
    sized = QFont(font)
    sized.setPixelSize(max(6, int(cell * 0.55)))
    painter.setFont(sized)
    for index, tile in enumerate(board.tiles):
        if tile == 0:
            continue  # the blank: an empty place
        row, column = divmod(index, board.width)
        x, y = left + column * cell, top + row * cell
        if moving is not None and moving[0] == tile:
            x += moving[1].x() * cell
            y += moving[1].y() * cell
        rect = QRectF(x + 1, y + 1, cell - 2, cell - 2)
        if moving is not None and moving[0] == tile:
            painter.setPen(QPen(highlight, max(2.0, cell * 0.06)))
            painter.setBrush(moved_fill)
        else:
            painter.setPen(mix(base, text_colour, 0.35))
            painter.setBrush(tinted if tile in emphasised else plain)
        painter.drawRoundedRect(rect, max(2.0, cell * 0.08), max(2.0, cell * 0.08))
        painter.setPen(text_colour)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), str(tile))
