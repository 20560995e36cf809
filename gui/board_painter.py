"""Painting the annotated board: tiles tinted by the verdict, the blank's row band, row
numbers from the bottom, marked problem cells, highlighted inversions and badges.

Separate from the widget so the same code paints the screen (only the visible cells) and
the exported PNG or SVG (every cell). It reads the model; it keeps nothing between paints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QFont, QFontMetricsF, QPainter, QPalette, QPen

from core.rule import Rule, rule_for_shape
from gui.palette import BoardColours, fill_rect

if TYPE_CHECKING:
    from gui.board_model import BoardModel
    from gui.tile_cache import Tile, TileCache

#: Cell sizes on screen: tiles never shrink below a readable four-digit number.
MIN_CELL = 34
MAX_CELL = 200
MARGIN = 8
HEADER = 30


class BoardGeometry(NamedTuple):
    """Where everything sits, in content coordinates (before scrolling)."""

    columns: int
    rows: int
    cell: float
    gutter: float

    @classmethod
    def fitting(
        cls,
        columns: int,
        rows: int,
        available_width: float,
        available_height: float,
        min_cell: float = MIN_CELL,
    ) -> BoardGeometry:
        gutter = 14 + 9 * len(str(rows))
        fit = min(
            (available_width - gutter - 2 * MARGIN) / columns,
            (available_height - HEADER - 2 * MARGIN) / rows,
        )
        return cls(columns, rows, float(max(min_cell, min(MAX_CELL, int(fit)))), float(gutter))

    @property
    def origin(self) -> QPointF:
        return QPointF(MARGIN + self.gutter, MARGIN + HEADER)

    @property
    def content_width(self) -> float:
        return MARGIN * 2 + self.gutter + self.columns * self.cell

    @property
    def content_height(self) -> float:
        return MARGIN * 2 + HEADER + self.rows * self.cell

    def cell_rect(self, index: int) -> QRectF:
        row, column = divmod(index, self.columns)
        origin = self.origin
        return QRectF(
            origin.x() + column * self.cell, origin.y() + row * self.cell, self.cell, self.cell
        )

    def cell_at(self, point: QPointF) -> int | None:
        origin = self.origin
        column = int((point.x() - origin.x()) // self.cell)
        row = int((point.y() - origin.y()) // self.cell)
        if 0 <= column < self.columns and 0 <= row < self.rows:
            return row * self.columns + column
        return None

    def visible_cells(self, area: QRectF) -> tuple[range, range]:
        """Rows and columns that intersect `area` (content coordinates)."""
        origin = self.origin
        first_row = max(0, int((area.top() - origin.y()) // self.cell))
        last_row = min(self.rows - 1, int((area.bottom() - origin.y()) // self.cell))
        first_column = max(0, int((area.left() - origin.x()) // self.cell))
        last_column = min(self.columns - 1, int((area.right() - origin.x()) // self.cell))
        return range(first_row, last_row + 1), range(first_column, last_column + 1)


class TileSlide(NamedTuple):
    """A tile on its way between two cells (the solution player's move, animated)."""

    #: The cell the tile left (the blank's cell now).
    from_cell: int
    #: The cell the tile arrives in (where the model already has it).
    to_cell: int
    #: 0 at the start of the slide, 1 when the tile has arrived.
    progress: float


@dataclass
class ViewState:
    """What the widget contributes to a paint: UI state, never puzzle state."""

    cursor: int | None = None
    drag_source: int | None = None
    drag_target: int | None = None
    show_badges: bool = True
    #: How far the content is scrolled; the header and row numbers stay pinned in view.
    scroll_x: float = 0.0
    scroll_y: float = 0.0
    #: The visible area's left edge and width in content coordinates (width 0: the whole
    #: board is painted, as for an export). The header may use all of it.
    visible_left: float = 0.0
    visible_width: float = 0.0
    #: A tile being slid by the solution player, drawn part way between its two cells.
    slide: TileSlide | None = None
    #: Play mode's hint: the cell of the tile to slide next, outlined.
    hint_cell: int | None = None


def header_rect(geometry: BoardGeometry, state: ViewState, needed: float) -> QRectF:
    """Where the header's two texts go (blank row on the left, highlight on the right).

    Over the board when both fit there, so they line up with the tiles; otherwise across
    the visible part of the view. Never past the view's right edge: on a board wider than
    the view the board's own right edge is off screen.
    """
    left_edge = max(MARGIN, state.visible_left + MARGIN)
    right_edge = (
        state.visible_left + state.visible_width - MARGIN
        if state.visible_width
        else geometry.content_width - MARGIN
    )
    board_right = geometry.content_width - MARGIN
    if left_edge + needed <= board_right:
        right_edge = min(right_edge, board_right)
    return QRectF(left_edge, state.scroll_y + MARGIN, max(right_edge - left_edge, 100), HEADER - 6)


class BoardPainter:
    """Paints `model` with `geometry` onto any QPainter (screen, image or SVG).

    With a `tile_cache` (the screen's), tile bodies and numbers are copied from what the
    cache drew before; without one (exported images), everything is drawn as vectors.
    """

    def __init__(
        self,
        model: BoardModel,
        palette: QPalette,
        font: QFont,
        tile_cache: TileCache | None = None,
    ) -> None:
        self.model = model
        self.palette = palette
        self.font = QFont(font)
        self.tile_cache = tile_cache

    def paint(
        self, painter: QPainter, geometry: BoardGeometry, area: QRectF, state: ViewState
    ) -> None:
        model = self.model
        verdict = model.verdict
        colours = BoardColours.for_palette(
            self.palette, None if verdict is None else verdict.solvable
        )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        fill_rect(painter, area, colours.background)
        rows, columns = geometry.visible_cells(area)
        board = model.board
        # The blank's row is marked only where the rule counts it (an even width).
        counted = board is not None and self._blank_row_counts()
        blank_row = board.blank_index // board.width if board is not None and counted else None
        self._paint_blank_row_band(painter, geometry, colours, blank_row)
        self._paint_cells(painter, geometry, colours, rows, columns, state)
        # Row numbers and the header last, over scrolled cells, so they never leave view.
        if state.scroll_x > 0:
            gutter = QRectF(state.scroll_x, area.top(), MARGIN + geometry.gutter, area.height())
            fill_rect(painter, gutter, colours.background)
            self._paint_blank_row_band(painter, geometry, colours, blank_row, gutter)
        self._paint_row_numbers(painter, geometry, colours, rows, blank_row, left=state.scroll_x)
        if state.scroll_y > 0:
            header = QRectF(area.left(), state.scroll_y, area.width(), MARGIN + HEADER - 4)
            fill_rect(painter, header, colours.background)
        self._paint_header(painter, geometry, colours, state)

    # -- parts ------------------------------------------------------------------------

    def _sized_font(self, pixels: float, bold: bool = False) -> QFont:
        font = QFont(self.font)
        font.setPixelSize(max(6, int(pixels)))
        font.setBold(bold)
        return font

    def _paint_header(
        self, painter: QPainter, geometry: BoardGeometry, colours: BoardColours, state: ViewState
    ) -> None:
        painter.setFont(self._sized_font(13, bold=True))
        label = self.blank_row_label()
        board = self.model.board
        if board is None:
            painter.setPen(colours.problem)
        elif self._blank_row_counts():
            painter.setPen(colours.blank_row_accent)  # the colour of the row's band
        else:
            painter.setPen(colours.text)
        summary = self._highlight_summary()
        metrics = QFontMetricsF(painter.font())
        needed = metrics.horizontalAdvance(label) + metrics.horizontalAdvance(summary) + 24
        rect = header_rect(geometry, state, needed)
        right_width = metrics.horizontalAdvance(summary) + 8 if summary else 0
        left_rect = rect.adjusted(0, 0, -right_width, 0)
        painter.drawText(
            left_rect,
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            metrics.elidedText(label, Qt.TextElideMode.ElideRight, left_rect.width()),
        )
        if summary:
            painter.setPen(colours.text)
            painter.drawText(
                rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), summary
            )

    def _blank_row_counts(self) -> bool:
        """Whether the rule of the board's shape counts the blank's row (core says)."""
        model = self.model
        return rule_for_shape(model.width, model.height).counts_blank_row

    def blank_row_label(self) -> str:
        """The header's left text: where the blank is, or what is wrong with the board."""
        board = self.model.board
        if board is not None:
            if self._blank_row_counts():
                return f"blank on row {board.blank_row_from_bottom} from the bottom"
            if rule_for_shape(board.width, board.height) is Rule.ODD_WIDTH:
                return f"width {board.width} is odd: the blank's row does not count"
            return "one line of tiles: the blank's row does not count"
        problems = self.model.problems
        if not problems:
            return ""
        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        return f"\u26a0 {problems[0].message}{more}"

    def emphasised_tiles(self) -> frozenset[int]:
        """Tiles drawn with the emphasis outline: the highlighted tile and pair."""
        model = self.model
        tiles = set(model.highlighted_pair or ())
        if model.highlighted_tile is not None:
            tiles.add(model.highlighted_tile)
        return frozenset(tiles)

    def _highlight_summary(self) -> str:
        model = self.model
        tile = model.highlighted_tile
        if tile is not None and model.board is not None:
            count = len(model.partners_of_highlighted)
            if model.partners_chosen:
                smaller = "1 smaller tile" if count == 1 else f"{count} smaller tiles"
                return f"tile {tile}: {smaller} read after it"
            return f"tile {tile}: {count} inversion partner{'' if count == 1 else 's'}"
        pair = model.highlighted_pair
        if pair is not None:
            return f"pair ({pair[0]}, {pair[1]})"
        return ""

    def _paint_blank_row_band(
        self,
        painter: QPainter,
        geometry: BoardGeometry,
        colours: BoardColours,
        blank_row: int | None,
        within: QRectF | None = None,
    ) -> None:
        if blank_row is None:
            return
        top = geometry.origin.y() + blank_row * geometry.cell
        band = QRectF(MARGIN, top - 3, geometry.content_width - 2 * MARGIN, geometry.cell + 6)
        if within is not None:
            band = QRectF(within.left() + MARGIN, band.top(), within.width(), band.height())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.blank_row_band)
        painter.drawRoundedRect(band, 6, 6)

    def _paint_row_numbers(
        self,
        painter: QPainter,
        geometry: BoardGeometry,
        colours: BoardColours,
        rows: range,
        blank_row: int | None,
        *,
        left: float = 0.0,
    ) -> None:
        # Two fonts for every row, made once: a QFont per row was a third of the cost of
        # the row numbers on a board scrolled to show dozens of rows.
        # Numbers grow with the tiles (a row's number beside a 120-pixel tile at 14 pixels
        # looked lost) but stay inside the gutter, whose width is set by the digit count.
        digits = len(str(geometry.rows))
        pixels = min(
            max(14.0, geometry.cell * 0.18),
            geometry.cell * 0.38,
            22.0,
            (geometry.gutter - 8) / (0.6 * digits),
        )
        plain_font, bold_font = self._sized_font(pixels), self._sized_font(pixels, bold=True)
        align = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        top, cell = geometry.origin.y(), geometry.cell
        painter.setFont(plain_font)
        painter.setPen(colours.muted_text)
        for row in rows:
            rect = QRectF(left + MARGIN, top + row * cell, geometry.gutter - 6, cell)
            if row == blank_row:
                painter.setFont(bold_font)
                painter.setPen(colours.blank_row_accent)
                painter.drawText(rect, align, str(geometry.rows - row))
                painter.setFont(plain_font)
                painter.setPen(colours.muted_text)
            else:
                painter.drawText(rect, align, str(geometry.rows - row))

    def _paint_marks_to_check(
        self, painter: QPainter, colours: BoardColours, rects: list[QRectF], radius: float
    ) -> None:
        """An orange outline and a '?' in the top left of each cell read from a photo that
        is still to check (the blank's cell too: the reader may have taken a tile for it)."""
        side = rects[0].width()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colours.to_check, max(2.0, side * 0.06), Qt.PenStyle.DashDotLine))
        for rect in rects:
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
        painter.setFont(self._sized_font(max(9, side * 0.24), bold=True))
        painter.setPen(colours.to_check)
        # Top left: the inversion badge takes the top right.
        corner = int(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        for rect in rects:
            painter.drawText(rect.adjusted(side * 0.1, side * 0.02, 0, 0), corner, "?")

    def _paint_cells(  # noqa: PLR0917 (one call site, all parts of one paint)
        self,
        painter: QPainter,
        geometry: BoardGeometry,
        colours: BoardColours,
        rows: range,
        columns: range,
        state: ViewState,
    ) -> None:
        model = self.model
        cells = model.draft.cells  # a tuple: read in place, no copy per paint
        problem_cells = model.problem_cells
        highlighted = model.highlighted_tile
        partners = model.partners_of_highlighted if highlighted is not None else frozenset()
        emphasised = self.emphasised_tiles()
        show_badges = state.show_badges and model.board is not None and geometry.cell >= 40
        counts = model.cell_inversion_counts() if show_badges else None
        cell_size = geometry.cell
        longest = len(str(model.cell_count - 1))
        number_font = self._sized_font(
            min(cell_size * 0.42, cell_size * 0.78 / max(1, longest) / 0.62), bold=True
        )
        badge_font = self._sized_font(max(8, cell_size * 0.2))
        inset = max(1.5, cell_size * 0.04)
        radius = cell_size * 0.12
        # Whole or half pixels: a pen of exactly 1 takes the raster engine's fast line
        # stroker, and at the smallest cells 1.02 px cost ~40% more per rounded rect.
        border_pen = QPen(colours.tile_border, max(1.0, round(cell_size * 0.06) / 2))
        problem_pen = QPen(colours.problem, max(2.0, cell_size * 0.07), Qt.PenStyle.DashLine)
        emphasis_pen = QPen(colours.highlight, max(2.5, cell_size * 0.08))
        empty_pen = QPen(colours.muted_text, 1.0, Qt.PenStyle.DotLine)
        hatch = QBrush(colours.problem, Qt.BrushStyle.BDiagPattern)
        # Group the visible cells by how they look, then draw each group with one pen and
        # brush: a 100x100 board shows hundreds of cells and state changes cost more than
        # the drawing.
        empty_rects: list[QRectF] = []
        blank_rects: list[QRectF] = []
        tiles_by_fill: dict[str, list[Tile]] = {"tile": [], "problem": [], "partner": []}
        labelled: list[Tile] = []
        marked: list[QRectF] = []
        to_check = model.cells_to_check
        check_rects: list[QRectF] = []
        origin = geometry.origin
        left, top, side = origin.x() + inset, origin.y() + inset, cell_size - 2 * inset
        slide = state.slide
        slide_shift = QPointF()
        if slide is not None:
            # The model already has the tile in its new cell: draw that cell empty and the
            # tile short of it, on the line back to the cell it left.
            columns_count = geometry.columns
            lag = (1.0 - slide.progress) * cell_size
            slide_shift = QPointF(
                (slide.from_cell % columns_count - slide.to_cell % columns_count) * lag,
                (slide.from_cell // columns_count - slide.to_cell // columns_count) * lag,
            )
        for row in rows:
            y = top + row * cell_size
            first = row * geometry.columns
            for column in columns:
                index = first + column
                value = cells[index]
                rect = QRectF(left + column * cell_size, y, side, side)
                if index in problem_cells:
                    marked.append(rect)
                if index in to_check and value is not None:
                    check_rects.append(rect)
                if value is None:
                    empty_rects.append(rect)
                    continue
                if value == 0:
                    blank_rects.append(rect)
                    continue
                if slide is not None and index == slide.to_cell:
                    blank_rects.append(rect)
                    rect = rect.translated(slide_shift)
                tile = (rect, index, value)
                if index in problem_cells:
                    tiles_by_fill["problem"].append(tile)
                elif value in partners:
                    tiles_by_fill["partner"].append(tile)
                else:
                    tiles_by_fill["tile"].append(tile)
                labelled.append(tile)
        fills = {
            "tile": colours.tile,
            "problem": colours.problem_fill,
            "partner": colours.partner_fill,
        }
        painter.setPen(empty_pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for rect in empty_rects:
            painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.blank)
        for rect in blank_rects:
            painter.drawRoundedRect(rect, radius, radius)
        cache = self.tile_cache
        # On screen, plain and partner tiles are copied whole, number included, unless a
        # pair connector must go between body and number; problem tiles get a hatch
        # under their number, so they are drawn in layers like the rest.
        whole = cache is not None and model.highlighted_pair is None
        numbered_apart = list(tiles_by_fill["problem"])
        for kind, tiles in tiles_by_fill.items():
            layered = tiles
            if whole and kind != "problem" and cache is not None:
                left_over = cache.draw_tiles(
                    painter, tiles, fills[kind], border_pen, radius, number_font, colours.text
                )
                if left_over is not None:
                    layered = left_over  # not pictured yet, past this paint's share
            if kind != "problem":
                numbered_apart += layered
            rects = [rect for rect, _index, _value in layered]
            if cache is not None and cache.draw_bodies(
                painter, rects, fills[kind], border_pen, radius
            ):
                continue
            painter.setPen(border_pen)
            painter.setBrush(fills[kind])
            for rect in rects:
                painter.drawRoundedRect(rect, radius, radius)
        painter.setBrush(hatch)
        painter.setPen(problem_pen)
        for rect in marked:
            painter.drawRoundedRect(rect, radius, radius)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(emphasis_pen)
        for rect, _index, value in labelled:
            if value in emphasised:
                painter.drawRoundedRect(rect, radius, radius)
        if check_rects:
            self._paint_marks_to_check(painter, colours, check_rects, radius)
        # The connector goes under the numbers so both tiles of the pair stay readable.
        self._paint_pair_connector(painter, geometry, colours)
        painter.setPen(colours.text)
        painter.setFont(number_font)
        centre = int(Qt.AlignmentFlag.AlignCenter)
        for rect, _index, value in numbered_apart:
            painter.drawText(rect, centre, str(value))
        if counts is not None:
            metrics = QFontMetricsF(badge_font)
            painter.setFont(badge_font)
            for rect, index, _value in labelled:
                if counts[index]:
                    self._paint_badge(painter, rect, counts[index], metrics, colours)
        self._paint_view_marks(painter, geometry, colours, state)

    def _paint_badge(
        self,
        painter: QPainter,
        tile: QRectF,
        count: int | None,
        metrics: QFontMetricsF,
        colours: BoardColours,
    ) -> None:
        text = str(count)
        height = metrics.height()
        width = max(height, metrics.horizontalAdvance(text) + height * 0.5)
        badge = QRectF(tile.right() - width - 2, tile.top() + 2, width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.badge)
        painter.drawRoundedRect(badge, height / 2, height / 2)
        painter.setPen(colours.badge_text)
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), text)

    def _paint_view_marks(
        self, painter: QPainter, geometry: BoardGeometry, colours: BoardColours, state: ViewState
    ) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if state.hint_cell is not None and state.hint_cell < geometry.columns * geometry.rows:
            inset = max(2.0, geometry.cell * 0.05)
            painter.setPen(QPen(colours.highlight, max(3.0, geometry.cell * 0.09)))
            radius = geometry.cell * 0.12
            painter.drawRoundedRect(
                geometry.cell_rect(state.hint_cell).adjusted(inset, inset, -inset, -inset),
                radius,
                radius,
            )
        if state.drag_source is not None and state.drag_target is not None:
            painter.setPen(QPen(colours.selection, 3, Qt.PenStyle.DashLine))
            painter.drawRect(geometry.cell_rect(state.drag_target).adjusted(2, 2, -2, -2))
        if state.cursor is not None and state.cursor < geometry.columns * geometry.rows:
            painter.setPen(QPen(colours.selection, max(2.0, geometry.cell * 0.06)))
            painter.drawRect(geometry.cell_rect(state.cursor).adjusted(1, 1, -1, -1))

    def _paint_pair_connector(
        self, painter: QPainter, geometry: BoardGeometry, colours: BoardColours
    ) -> None:
        pair = self.model.highlighted_pair
        if pair is None:
            return
        first = self.model.index_of_tile(pair[0])
        second = self.model.index_of_tile(pair[1])
        if first is None or second is None:
            return
        start = geometry.cell_rect(first).center()
        end = geometry.cell_rect(second).center()
        width = max(2.0, geometry.cell * 0.06)
        pen = QPen(colours.connector, width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(start, end)
        painter.setBrush(colours.connector)
        for point in (start, end):
            painter.drawEllipse(point, width * 1.6, width * 1.6)
