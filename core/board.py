"""The immutable board value every other part of Slidecheck passes around."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import repeat
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

#: The largest board accepted (2000 x 2000). Large enough for any real puzzle and for
#: stress tests, small enough that a bad paste cannot exhaust memory.
MAX_CELLS = 4_000_000

BLANK = 0


class BoardError(ValueError):
    """A board (or board text) that is not a valid sliding-tile position.

    The message is one line that names the problem and where it is (row and column,
    the tile, or the line of input).
    """


def row_from_bottom(index: int, width: int, height: int) -> int:
    """The 1-based row of cell `index` (row-major) counted from the bottom row, as the rule
    counts the blank's row and the window's labels number the rows."""
    return height - index // width


def cell_name(index: int, width: int, height: int) -> str:
    """How every message a person reads names a cell: 'row 2 from the bottom, column 3'
    (1-based), as the window's labels beside the board number the rows and as the rule
    counts the blank's row. Text is read from the top, so a bare 'row 2' was read both
    ways: the direction is always said."""
    return (
        f"row {row_from_bottom(index, width, height)} from the bottom, column {index % width + 1}"
    )


@dataclass(frozen=True, slots=True)
class Board:
    """A W x H sliding-tile position: tiles 1..W*H-1 and one blank (0), row-major.

    Construction validates; an invalid position raises `BoardError`, so every `Board`
    that exists is a well-formed permutation.
    """

    width: int
    height: int
    tiles: tuple[int, ...] = field(repr=False)

    def __post_init__(self) -> None:
        # Accept any sequence but store a tuple, so the value stays immutable and hashable.
        object.__setattr__(self, "tiles", tuple(self.tiles))
        width, height, tiles = self.width, self.height, self.tiles
        validate_shape(width, height)
        cell_count = width * height
        if len(tiles) != cell_count:
            raise BoardError(f"a {width}x{height} board needs {cell_count} cells, got {len(tiles)}")
        if _is_permutation(tiles):
            return
        if not all(type(tile) is int for tile in tiles):
            raise BoardError(f"tiles must be whole numbers 0 to {cell_count - 1}")
        problems = find_problems(width, height, list(tiles))
        raise BoardError(problems[0].message)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> Board:
        """Build a board from a list of equal-length rows (0 = blank)."""
        if not rows:
            raise BoardError("empty input: no rows")
        width = len(rows[0])
        for number, row in enumerate(rows, start=1):
            if len(row) != width:
                raise BoardError(
                    f"ragged rows: row {number} from the top has {len(row)} cells, "
                    f"row 1 has {width}"
                )
        return cls(width, len(rows), tuple(tile for row in rows for tile in row))

    @classmethod
    def solved(cls, width: int, height: int, *, blank_first: bool = False) -> Board:
        """The classic goal: 1..n-1 then the blank, or the blank then 0..n-1 ordering."""
        validate_shape(width, height)
        count = width * height
        tiles = tuple(range(count)) if blank_first else (*range(1, count), BLANK)
        # A range is a permutation by construction: validating it would walk every tile
        # again, on the first use of a named goal of a large board (`check --json`).
        board = object.__new__(cls)
        object.__setattr__(board, "width", width)
        object.__setattr__(board, "height", height)
        object.__setattr__(board, "tiles", tiles)
        return board

    @property
    def size(self) -> int:
        """Number of cells, blank included."""
        return self.width * self.height

    @property
    def blank_index(self) -> int:
        """Row-major index of the blank cell."""
        return self.tiles.index(BLANK)

    @property
    def blank_row_from_bottom(self) -> int:
        """1-based row of the blank, counted from the bottom row."""
        return row_from_bottom(self.blank_index, self.width, self.height)

    def rows(self) -> list[tuple[int, ...]]:
        """The tiles as a list of rows, top row first."""
        w = self.width
        return [self.tiles[i : i + w] for i in range(0, self.size, w)]

    def index_of(self, tile: int) -> int:
        """Row-major index of `tile`; raises `BoardError` if no such tile."""
        try:
            return self.tiles.index(tile)
        except ValueError:
            raise BoardError(
                f"tile {tile} is not on this {self.width}x{self.height} board"
            ) from None

    def with_swapped(self, first_index: int, second_index: int) -> Board:
        """A new board with the contents of two cells exchanged."""
        tiles = list(self.tiles)
        tiles[first_index], tiles[second_index] = tiles[second_index], tiles[first_index]
        return Board(self.width, self.height, tuple(tiles))

    def grid_text(self) -> str:
        """The board as rows of right-aligned numbers, one row a line (the grid form
        `core.formats` reads back; a one-row board gets a `Wx1` size line so it is not
        taken for a flat square)."""
        cell_width = len(str(self.size - 1))
        lines = [" ".join(str(tile).rjust(cell_width) for tile in row) for row in self.rows()]
        header = [f"{self.width}x1"] if self.height == 1 else []
        return "\n".join(header + lines) + "\n"

    def __str__(self) -> str:
        return self.grid_text()

    def __repr__(self) -> str:
        shown = self.tiles[:64]
        rows = [
            " ".join(map(str, shown[i : i + self.width])) for i in range(0, len(shown), self.width)
        ]
        more = "/..." if len(self.tiles) > len(shown) else ""
        return f"<Board {self.width}x{self.height}: {'/'.join(rows)}{more}>"


def _is_permutation(tiles: tuple[int, ...]) -> bool:
    """Whether `tiles` holds each of 0..len-1 once.

    Marks each value in a bytearray, in C (`deque` drains the `map` without a Python loop):
    one byte per cell, where a set of a 2000x2000 board's tiles took over 100 MB.
    """
    count = len(tiles)
    seen = bytearray(count)
    try:
        if min(tiles) != 0 or max(tiles) != count - 1:
            return False
        deque(map(seen.__setitem__, tiles, repeat(1)), maxlen=0)
    except TypeError:  # not whole numbers
        return False
    # Every value lies in 0..count-1, so all marked means each appeared exactly once.
    return seen.find(0) < 0


def validate_shape(width: int, height: int) -> None:
    """Raise `BoardError` unless W x H is a playable, supported board shape."""
    if width < 1 or height < 1:
        raise BoardError(f"a board needs at least one row and one column, got {width}x{height}")
    if width * height < 2:
        raise BoardError("a board needs at least two cells (one tile and the blank)")
    if width * height > MAX_CELLS:
        raise BoardError(
            f"too large: {width}x{height} is {width * height:,} cells, the limit is {MAX_CELLS:,}"
        )


class ProblemKind(StrEnum):
    """What is wrong with a partly entered board."""

    DUPLICATE = "duplicate"
    OUT_OF_RANGE = "out-of-range"
    TWO_BLANKS = "two-blanks"
    EMPTY = "empty"
    MISSING = "missing"
    NO_BLANK = "no-blank"
    GOAL_SHAPE = "goal-shape"


@dataclass(frozen=True, slots=True)
class CellProblem:
    """One thing wrong with a partly entered board: which cells, and a sentence."""

    kind: ProblemKind
    cells: tuple[int, ...]  # row-major indices of the offending cells (empty if none)
    message: str


def find_problems(
    width: int,
    height: int,
    cells: Iterable[int | None],
) -> list[CellProblem]:
    """Every problem of a board being entered, in reading order.

    `cells` holds a tile number per cell, 0 for the blank, `None` for a cell not filled in
    yet (which counts as the blank when it is the only empty one). Returns an empty list
    for a valid board. Used by the parser for its error message and by the window to mark
    the offending cells.
    """
    values = list(cells)
    count = width * height

    def name(index: int) -> str:
        return cell_name(index, width, height)

    problems: list[CellProblem] = []
    first_seen: dict[int, int] = {}
    blanks: list[int] = []
    for index, value in enumerate(values):
        if value is None or value == BLANK:
            blanks.append(index)
            continue
        if not 1 <= value < count:
            problems.append(
                CellProblem(
                    ProblemKind.OUT_OF_RANGE,
                    (index,),
                    f"{name(index)}: {value} is out of range; "
                    f"a {width}x{height} board has tiles 1 to {count - 1}",
                )
            )
            continue
        if value in first_seen:
            first = first_seen[value]
            problems.append(
                CellProblem(
                    ProblemKind.DUPLICATE,
                    (first, index),
                    f"{name(index)}: tile {value} appears twice (also at {name(first)})",
                )
            )
        else:
            first_seen[value] = index
    if len(blanks) > 1:
        filled_blanks = tuple(i for i in blanks if values[i] is not None)
        empty = [i for i in blanks if values[i] is None]
        if len(filled_blanks) > 1:
            problems.append(
                CellProblem(
                    ProblemKind.TWO_BLANKS,
                    filled_blanks,
                    f"{name(filled_blanks[1])}: a second blank "
                    f"(the first is at {name(filled_blanks[0])}); "
                    "a board has exactly one",
                )
            )
        elif empty:
            problems.append(
                CellProblem(
                    ProblemKind.EMPTY,
                    tuple(empty),
                    f"{len(blanks) - 1} cell{'s' if len(blanks) > 2 else ''} still empty "
                    f"(first at {name(empty[0])}); fill in every tile",
                )
            )
    missing = [tile for tile in range(1, count) if tile not in first_seen]
    if missing and len(blanks) <= 1:
        listed = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
        problems.append(
            CellProblem(
                ProblemKind.MISSING,
                (),
                f"tile{'s' if len(missing) > 1 else ''} {listed} "
                f"{'are' if len(missing) > 1 else 'is'} missing",
            )
        )
    if not blanks:
        problems.append(
            CellProblem(
                ProblemKind.NO_BLANK,
                (),
                f"no blank: a {width}x{height} board needs one empty cell "
                "(write it as 0, _, . or x)",
            )
        )
    return problems
