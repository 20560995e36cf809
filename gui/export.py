"""The annotated result as a picture: verdict, numbers, the whole board and the reasoning.

For sharing a verdict (a forum post, a bug report to a puzzle maker): PNG at twice the
screen's resolution, SVG, or an image on the clipboard. Drawn from a copy of the board's
state, so nothing of the moment leaks in: no hovered tile, no keyboard cursor, no drag.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QImage, QPainter, QPalette, QTextOption
from PySide6.QtSvg import QSvgGenerator

from gui.app_info import APP_NAME
from gui.board_model import BoardModel
from gui.board_painter import BoardGeometry, BoardPainter, ViewState
from gui.palette import verdict_colour
from gui.verdict_banner import verdict_words

#: Exported PNGs are drawn at this many pixels per point, sharp on high-density screens.
PNG_SCALE = 2.0
#: Longest side of an exported or copied image, in pixels.
MAX_PIXELS_LONG_SIDE = 8192
_MIN_WIDTH = 560.0
_PADDING = 16.0


class ResultPicture:
    """Lays out and paints the result for one board; `size` is in points."""

    def __init__(self, model: BoardModel, palette: QPalette, font: QFont, *, badges: bool) -> None:
        # A model of its own: the window's may have a hovered tile or pair highlighted.
        self._model = BoardModel()
        self._model.set_draft(model.draft)
        self._palette = palette
        self._font = QFont(font)
        self._badges = badges
        model_size = self._model.width * self._model.height
        cell = 56.0 if model_size <= 400 else 40.0
        rows = self._model.height
        self._geometry = BoardGeometry(self._model.width, rows, cell, 14 + 9 * len(str(rows)))
        self._width = max(self._geometry.content_width, _MIN_WIDTH) + 2 * _PADDING
        self._headline_font = QFont(self._font)
        self._headline_font.setPointSizeF(self._font.pointSizeF() * 1.6)
        self._headline_font.setBold(True)
        headline, detail = verdict_words(self._model)
        self._headline, self._detail = headline, detail
        verdict = self._model.verdict
        steps = list(verdict.steps) if verdict is not None else []
        fix = self._model.fix
        if fix is not None:
            steps.append(f"Swap {fix[0]} and {fix[1]} to make it solvable.")
        self._steps = steps
        text_width = self._width - 2 * _PADDING
        self._headline_height = QFontMetricsF(self._headline_font).height()
        self._detail_height = self._wrapped_height(detail, self._font, text_width)
        self._steps_height = sum(
            self._wrapped_height(step, self._font, text_width) + 6 for step in steps
        )
        self._height = (
            _PADDING
            + self._headline_height
            + 4
            + self._detail_height
            + 10
            + self._geometry.content_height
            + 10
            + self._steps_height
            + _PADDING
        )

    @property
    def size(self) -> QSize:
        return QSize(int(self._width + 0.5), int(self._height + 0.5))

    @staticmethod
    def _wrapped_height(text: str, font: QFont, width: float) -> float:
        metrics = QFontMetricsF(font)
        flags = int(Qt.TextFlag.TextWordWrap)
        return metrics.boundingRect(QRectF(0, 0, width, 1e6), flags, text).height()

    def paint(self, painter: QPainter) -> None:
        palette = self._palette
        width = float(self.size.width())
        # The whole picture, rounded up as `size` is: the image's last row of pixels was
        # left unpainted (whatever the memory held) when the height had a fraction.
        painter.fillRect(
            QRectF(0, 0, width, float(self.size.height())),
            palette.color(QPalette.ColorRole.Window),
        )
        text_width = width - 2 * _PADDING
        y = _PADDING
        verdict = self._model.verdict
        painter.setFont(self._headline_font)
        painter.setPen(
            verdict_colour(verdict.solvable)
            if verdict is not None
            else palette.color(QPalette.ColorRole.WindowText)
        )
        painter.drawText(QRectF(_PADDING, y, text_width, self._headline_height), self._headline)
        y += self._headline_height + 4
        painter.setFont(self._font)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        wrap = QTextOption()
        wrap.setWrapMode(QTextOption.WrapMode.WordWrap)
        painter.drawText(QRectF(_PADDING, y, text_width, self._detail_height), self._detail, wrap)
        y += self._detail_height + 10
        # The board is centred; its header line may use the picture's whole width.
        offset = (text_width - self._geometry.content_width) / 2
        board_area = QRectF(-offset, 0, text_width, self._geometry.content_height)
        state = ViewState(
            show_badges=self._badges,
            visible_left=-offset,
            visible_width=text_width,
        )
        painter.save()
        painter.translate(_PADDING + offset, y)
        BoardPainter(self._model, palette, self._font).paint(
            painter, self._geometry, board_area, state
        )
        painter.restore()
        y += self._geometry.content_height + 10
        painter.setFont(self._font)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        for step in self._steps:
            height = self._wrapped_height(step, self._font, text_width)
            painter.drawText(QRectF(_PADDING, y, text_width, height), step, wrap)
            y += height + 6

    def image(self, scale: float = PNG_SCALE) -> QImage:
        """The picture at `scale` pixels per point, less when the long side would pass
        `MAX_PIXELS_LONG_SIDE` (a 100x100 board at 2x would take over 250 MB)."""
        size = self.size
        scale = min(scale, MAX_PIXELS_LONG_SIDE / max(size.width(), size.height()))
        image = QImage(
            int(size.width() * scale), int(size.height() * scale), QImage.Format.Format_ARGB32
        )
        image.setDevicePixelRatio(scale)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint(painter)
        painter.end()
        return image

    def save(self, path: str) -> bool:
        """Write the picture as SVG (by the name's ending) or PNG at `PNG_SCALE`."""
        if Path(path).suffix.lower() == ".svg":
            generator = QSvgGenerator()
            generator.setFileName(path)
            generator.setSize(self.size)
            generator.setViewBox(QRectF(0, 0, self.size.width(), self.size.height()))
            generator.setTitle(f"{APP_NAME}: {self._headline}")
            generator.setDescription(self._detail)
            painter = QPainter(generator)
            self.paint(painter)
            return painter.end()
        return self.image().save(path)
