"""The symmetries of a board shape: the ways to turn or flip it onto itself.

A square has eight (four turns, each with or without a flip), any other rectangle four (as
it is, the half turn and the two mirrors): every one keeps neighbouring cells neighbours,
so it carries every slide to a slide. A position turned or flipped, with its goal turned or
flipped the same way, is as many slides from that goal as it was from its own, and a
shortest solution of one is a shortest solution of the other, tile for tile. So the optimal
search needs tables for only one cell of each orbit (the cells a symmetry carries a cell
to): a goal whose blank is in another cell of the orbit is searched turned or flipped onto
it (`core.search`), and the blank-first and blank-last goals of any shape share one set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from core.board import cell_name

if TYPE_CHECKING:
    from collections.abc import Callable


@dataclass(frozen=True)
class Symmetry:
    """One way to turn or flip a board onto itself: `cells[cell]` is where `cell` goes."""

    cells: tuple[int, ...]

    @property
    def inverse(self) -> Symmetry:
        """The symmetry that carries every cell back."""
        back = [0] * len(self.cells)
        for cell, image in enumerate(self.cells):
            back[image] = cell
        return Symmetry(tuple(back))


#: Where each symmetry carries (row, column) on a board `height` rows by `width` columns;
#: the last four only exist for a square. The identity comes first, so a cell that needs
#: no turn is never turned.
_RECTANGLE_MOVES: tuple[Callable[[int, int, int, int], tuple[int, int]], ...] = (
    lambda row, column, _width, _height: (row, column),
    lambda row, column, width, height: (height - 1 - row, width - 1 - column),
    lambda row, column, width, _height: (row, width - 1 - column),
    lambda row, column, _width, height: (height - 1 - row, column),
)
_SQUARE_MOVES: tuple[Callable[[int, int, int, int], tuple[int, int]], ...] = (
    lambda row, column, _width, _height: (column, row),
    lambda row, column, width, height: (width - 1 - column, height - 1 - row),
    lambda row, column, width, _height: (column, width - 1 - row),
    lambda row, column, _width, height: (height - 1 - column, row),
)


@cache
def symmetries(width: int, height: int) -> tuple[Symmetry, ...]:
    """Every distinct symmetry of the shape, the identity first: eight for a square of two
    cells a side or more, four for another rectangle, two for a line, one for a single cell."""
    moves = _RECTANGLE_MOVES + (_SQUARE_MOVES if width == height else ())
    found: dict[tuple[int, ...], None] = {}
    for move in moves:
        cells = []
        for cell in range(width * height):
            row, column = move(*divmod(cell, width), width, height)
            cells.append(row * width + column)
        found.setdefault(tuple(cells))
    return tuple(Symmetry(cells) for cells in found)


def orbit(width: int, height: int, cell: int) -> tuple[int, ...]:
    """The cells some symmetry carries `cell` to, smallest first (`cell` among them)."""
    return tuple(sorted({symmetry.cells[cell] for symmetry in symmetries(width, height)}))


def carrying(width: int, height: int, cell: int, target: int) -> Symmetry:
    """The first symmetry (in the order of `symmetries`) that carries `cell` to `target`.
    Raises `ValueError` when `target` is not in `cell`'s orbit."""
    for symmetry in symmetries(width, height):
        if symmetry.cells[cell] == target:
            return symmetry
    raise ValueError(f"no turn or flip of a {width}x{height} board takes cell {cell} to {target}")


def orbit_words(width: int, height: int, cell: int) -> str:
    """`cell`'s orbit as a person reads it: 'in a corner', 'on an edge, not in a corner',
    'in a middle cell', 'in the centre', or the cell and how many others are like it."""
    cells = set(orbit(width, height, cell))
    last_row, last_column = height - 1, width - 1
    corners = {0, last_column, last_row * width, last_row * width + last_column}
    border = {
        index
        for index in range(width * height)
        if index // width in (0, last_row) or index % width in (0, last_column)
    }
    inner = set(range(width * height)) - border
    if cells == corners:
        return "in a corner"
    if len(cells) == 1:
        return "in the centre"
    if cells == border - corners:
        return "on an edge, not in a corner"
    if cells == inner:
        return "in a middle cell"
    others = len(cells) - 1
    which = "the other cell" if others == 1 else f"one of the {others} other cells"
    return f"in {cell_name(cell, width, height)} or {which} a turn or flip of the board takes it to"
