"""Colours of the annotated board, for light and dark palettes.

The verdict pair is Okabe and Ito's blue and orange, which stay distinct under every common
colour-vision deficiency; the words and the icon carry the verdict too, so colour is never
the only signal. Every colour is derived from the widget's palette, so a dark desktop gets
dark tiles with the same meaning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette

if TYPE_CHECKING:
    from PySide6.QtCore import QRect, QRectF
    from PySide6.QtGui import QPainter

SOLVABLE_BLUE = QColor("#0072B2")
UNSOLVABLE_ORANGE = QColor("#E69F00")
# Problems are marked by a hatch and a dashed border as well as this reddish purple.
PROBLEM_PURPLE = QColor("#CC79A7")
BLANK_ROW_GREEN = QColor("#009E73")


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def mix(base: QColor, tint: QColor, amount: float) -> QColor:
    """`base` moved `amount` (0..1) of the way towards `tint`."""
    return QColor.fromRgbF(
        base.redF() + (tint.redF() - base.redF()) * amount,
        base.greenF() + (tint.greenF() - base.greenF()) * amount,
        base.blueF() + (tint.blueF() - base.blueF()) * amount,
    )


def fill_rect(painter: QPainter, rect: QRect | QRectF, colour: QColor) -> None:
    """Fill `rect` with `colour`, as `painter.fillRect(rect, colour)` does, leaving the
    painter's pen and brush as they were.

    PySide6 picks among fillRect's overloads by trying QGradient's presets too, and builds
    QGradient's Python enum classes (one of some 180 members) on the first call: work the
    first frame need not do."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRect(rect)
    painter.restore()


def verdict_colour(solvable: bool | None) -> QColor:
    """The strong verdict colour (None while there is no verdict)."""
    if solvable is None:
        return QColor("#808080")
    return QColor(SOLVABLE_BLUE if solvable else UNSOLVABLE_ORANGE)


class BoardColours(NamedTuple):
    """Every colour the board view paints with, for one palette and one verdict."""

    background: QColor
    tile: QColor
    tile_border: QColor
    text: QColor
    muted_text: QColor
    blank: QColor
    blank_row_band: QColor
    blank_row_accent: QColor
    problem: QColor
    problem_fill: QColor
    selection: QColor
    highlight: QColor
    partner_fill: QColor
    connector: QColor
    badge: QColor
    badge_text: QColor
    #: A cell read from a photo to check: orange, as the photo dialog marks it.
    to_check: QColor

    @classmethod
    def for_palette(cls, palette: QPalette, solvable: bool | None) -> BoardColours:
        dark = is_dark(palette)
        base = palette.color(QPalette.ColorRole.Base)
        window = palette.color(QPalette.ColorRole.Window)
        text = palette.color(QPalette.ColorRole.Text)
        strong = verdict_colour(solvable)
        tile = mix(base, strong, 0.32 if dark else 0.22)
        highlight = QColor("#56B4E9") if dark else QColor("#000000")
        partner = QColor("#F0E442")  # yellow: distinct from both verdict colours
        return cls(
            background=window,
            tile=tile,
            tile_border=mix(strong, text, 0.15),
            text=text,
            muted_text=mix(text, window, 0.45),
            blank=mix(window, text, 0.04),
            blank_row_band=mix(window, BLANK_ROW_GREEN, 0.30 if dark else 0.20),
            blank_row_accent=mix(BLANK_ROW_GREEN, text, 0.25 if not dark else 0.0),
            problem=mix(PROBLEM_PURPLE, text, 0.35),
            problem_fill=mix(base, PROBLEM_PURPLE, 0.30),
            selection=palette.color(QPalette.ColorRole.Highlight),
            highlight=highlight,
            partner_fill=mix(base, partner, 0.70 if not dark else 0.45),
            connector=QColor(highlight.red(), highlight.green(), highlight.blue(), 150),
            badge=mix(text, window, 0.15),
            badge_text=window,
            to_check=QColor("#FFA94D") if dark else QColor("#D9480F"),
        )
