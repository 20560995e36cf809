"""A solution stepped through: the position after any number of its moves, the slide that
led there, and the invariant the rule keeps, said at each step. The window's solution player
is a view of one `Playthrough`.

A solution may run to tens of millions of moves (the hand method on a large board), held a
byte a move (`Solution.letters`), so nothing here keeps a board per move. The position is
one list of tiles changed in place: a step either way is one swap, the inversion count
follows it in O(width), and the `Board` value is built only when asked for. A jump walks
from whichever is nearest of the step shown and the snapshots of the tiles left at even
spacing along the way (together at most `SNAPSHOT_BYTES`), never from the start.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING

from core.board import BLANK, Board, row_from_bottom
from core.invariant import Invariant, slide_inversion_change
from core.inversions import count_inversions
from core.rule import goal_rank_of_tile, goal_ranks, rule_for_shape
from core.solution import TRAVEL_BY_LETTER, bad_move_error

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core.rule import Verdict
    from core.solution import Solution

#: The most memory one playthrough's snapshots take.
SNAPSHOT_BYTES = 32 << 20
#: The fewest moves between two snapshots: a walk this long takes some tens of microseconds,
#: so closer snapshots would only cost memory.
MIN_SNAPSHOT_EVERY = 256
#: A snapshot's tiles, 32 bits each: enough for the largest board.
_SNAPSHOT_TYPECODE = "I"


def moves_between_snapshots(moves: int, cells: int) -> int:
    """How far apart to leave snapshots on a solution of `moves` moves of a board of `cells`
    cells: as close as `SNAPSHOT_BYTES` allows, never closer than `MIN_SNAPSHOT_EVERY`."""
    fitting = max(1, SNAPSHOT_BYTES // (cells * array(_SNAPSHOT_TYPECODE).itemsize))
    return max(MIN_SNAPSHOT_EVERY, ceil(moves / fitting))


@dataclass(frozen=True)
class Slide:
    """One tile slid into the blank: it left `from_cell` for `to_cell`, where the blank was."""

    tile: int
    from_cell: int
    to_cell: int


class _Walker:
    """Makes a solution's moves on a list of tiles in place, either way: a whole stretch in
    one loop, where a position per move would cost a `Board` each."""

    def __init__(self, letters: bytes, width: int, size: int) -> None:
        self._letters = letters
        self._width = width
        self._size = size
        # Where each letter takes the blank, by the letter's byte: along the reading order
        # and across the columns (against the tile's travel). A byte that is no letter
        # sends the blank a whole width across, off every board, so the bounds check that
        # refuses a move off the edge refuses it too.
        blank_step = [0] * 256
        blank_column_step = [width] * 256
        for letter, (row_step, column_step) in TRAVEL_BY_LETTER.items():
            blank_step[ord(letter)] = -(row_step * width + column_step)
            blank_column_step[ord(letter)] = -column_step
        self._blank_step = tuple(blank_step)
        self._blank_column_step = tuple(blank_column_step)

    def forward(self, tiles: list[int], blank: int, start: int, stop: int) -> tuple[int, int]:
        """Make moves `start` up to `stop` from the blank at `blank`: the blank's cell after
        them, and how many were made (fewer when a letter cannot be made: the walk stops
        before it)."""
        width, size = self._width, self._size
        blank_step, blank_column_step = self._blank_step, self._blank_column_step
        column = blank % width
        made = stop - start
        for index, letter in enumerate(self._letters[start:stop]):
            cell = blank + blank_step[letter]
            next_column = column + blank_column_step[letter]
            if not (0 <= next_column < width and 0 <= cell < size):
                made = index
                break
            # The blank itself is written once, after the walk: each move copies a tile in.
            tiles[blank] = tiles[cell]
            blank, column = cell, next_column
        tiles[blank] = BLANK
        return blank, made

    def back(self, tiles: list[int], blank: int, start: int, stop: int) -> int:
        """Take back moves `start - 1` down to `stop` from the blank at `blank`: the blank's
        cell after. Unchecked: every move taken back was made once, so it can be."""
        blank_step = self._blank_step
        for letter in self._letters[stop:start][::-1]:
            cell = blank - blank_step[letter]
            tiles[blank] = tiles[cell]
            blank = cell
        tiles[blank] = BLANK
        return blank


class Playthrough:
    """One solution stepped through: the step shown, its position, the slide that led there
    and the invariant at it. Only `go_to`, `forward` and `back` change it."""

    def __init__(
        self,
        solution: Solution,
        start_verdict: Verdict | None = None,
        *,
        snapshot_every: int | None = None,
    ) -> None:
        """Stand at the start of `solution`. `start_verdict`, if given, must be
        `check(solution.start, solution.goal)`: a caller that holds it (the window) spares
        counting the start's inversions again. `snapshot_every` (moves) leaves snapshots
        closer than `moves_between_snapshots` would. Raises `ValueError` for a verdict of
        another shape or a `snapshot_every` below 1."""
        start = solution.start
        self._solution = solution
        self._width, self._height = start.width, start.height
        self._walker = _Walker(solution.letters, start.width, start.size)
        self._rank_of_tile = goal_rank_of_tile(solution.goal)
        self._rule = rule_for_shape(start.width, start.height)
        self._tiles = list(start.tiles)
        self._blank = start.blank_index
        self._step = 0
        self._position: Board | None = start
        self._last_slide: Slide | None = None
        #: None after a jump, until the invariant is asked for and counted again.
        self._inversions: int | None = None
        if start_verdict is None:
            self._start_invariant = self.invariant
        elif (start_verdict.width, start_verdict.height) != (start.width, start.height):
            raise ValueError(
                f"a {start_verdict.width}x{start_verdict.height} board's verdict, "
                f"not the {start.width}x{start.height} start's"
            )
        else:
            self._start_invariant = Invariant.of(start_verdict)
        self._inversions = self._start_invariant.inversions
        if snapshot_every is None:
            snapshot_every = moves_between_snapshots(solution.length, start.size)
        elif snapshot_every < 1:
            raise ValueError(f"snapshots every {snapshot_every} moves: at least 1 is needed")
        self._snapshot_every = snapshot_every
        #: The tiles after 0, 1, 2, ... times `_snapshot_every` moves, as far as walked.
        self._snapshots: list[Sequence[int]] = [start.tiles]

    # -- what a view reads ----------------------------------------------------------------

    @property
    def solution(self) -> Solution:
        return self._solution

    @property
    def step(self) -> int:
        """Moves made from the start: 0 to `length`."""
        return self._step

    @property
    def length(self) -> int:
        return self._solution.length

    @property
    def at_start(self) -> bool:
        return self._step == 0

    @property
    def at_end(self) -> bool:
        return self._step == self.length

    @property
    def position(self) -> Board:
        """The board after `step` moves."""
        if self._position is None:
            self._position = Board(self._width, self._height, tuple(self._tiles))
        return self._position

    @property
    def last_slide(self) -> Slide | None:
        """The slide the last single step made (None at the start and after a jump)."""
        return self._last_slide

    @property
    def start_invariant(self) -> Invariant:
        return self._start_invariant

    @property
    def invariant(self) -> Invariant:
        """The rule's numbers at `step` (counted again only after a jump)."""
        if self._inversions is None:
            self._inversions = count_inversions(goal_ranks(self.position, self._solution.goal))
        return Invariant(
            self._rule, self._inversions, row_from_bottom(self._blank, self._width, self._height)
        )

    @property
    def invariant_text(self) -> str:
        """What the step shows of the rule: at the start, what every slide keeps; after it,
        the same numbers and whether their parity is the start's."""
        if self.at_start:
            return f"Start: {self._start_invariant.sum_text}, which every slide keeps"
        kept = self.invariant.compared_with(self._start_invariant)
        line = f"Step {self._step:,} of {self.length:,}: {kept}"
        return f"{line}. The goal." if self.at_end else line

    # -- what a view asks for -------------------------------------------------------------

    def go_to(self, step: int) -> bool:
        """Stand after `step` moves (clamped to 0 to `length`): whether the step changed.
        Raises `BoardError` at a letter that cannot be made, the step then the last one
        that could."""
        step = max(0, min(self.length, step))
        if step == self._step:
            return False
        if step == self._step + 1:
            self._slide_forward()
        elif step == self._step - 1:
            self._slide_back()
        else:
            self._jump(step)
        return True

    def forward(self) -> bool:
        """One move on, unless at the end: whether it moved."""
        return self.go_to(self._step + 1)

    def back(self) -> bool:
        """One move back, unless at the start: whether it moved."""
        return self.go_to(self._step - 1)

    # -- inside ---------------------------------------------------------------------------

    def _slide_forward(self) -> None:
        step, blank = self._step, self._blank
        new_blank, made = self._walker.forward(self._tiles, blank, step, step + 1)
        if not made:
            raise bad_move_error(step + 1, chr(self._solution.letters[step]))
        self._after_slide(Slide(self._tiles[blank], from_cell=new_blank, to_cell=blank), step + 1)
        self._keep_snapshot_if_due()

    def _slide_back(self) -> None:
        step, blank = self._step, self._blank
        new_blank = self._walker.back(self._tiles, blank, step, step - 1)
        self._after_slide(Slide(self._tiles[blank], from_cell=new_blank, to_cell=blank), step - 1)

    def _after_slide(self, slide: Slide, step: int) -> None:
        if self._inversions is not None:
            self._inversions += slide_inversion_change(
                self._tiles, self._rank_of_tile, slide.tile, slide.from_cell, slide.to_cell
            )
        self._blank = slide.from_cell
        self._step = step
        self._last_slide = slide
        self._position = None

    def _jump(self, target: int) -> None:
        self._position = None
        self._last_slide = None
        self._inversions = None
        every = self._snapshot_every
        furthest = len(self._snapshots) - 1
        below = min(target // every, furthest)
        # Walk from the step shown or a snapshot on either side of the target, whichever is
        # nearest; on a tie the step shown, which needs no copy.
        origins = [self._step, below * every]
        if below < furthest:
            origins.append((below + 1) * every)
        origin = min(origins, key=lambda step: abs(target - step))
        if origin != self._step:
            self._tiles[:] = self._snapshots[origin // every]
            self._blank = self._tiles.index(BLANK)
            self._step = origin
        if target < self._step:
            self._blank = self._walker.back(self._tiles, self._blank, self._step, target)
            self._step = target
        else:
            self._walk_forward_to(target)

    def _walk_forward_to(self, target: int) -> None:
        """Walk on to `target` a stretch between snapshots at a time, leaving the next
        snapshot wherever the walk reaches it first."""
        every = self._snapshot_every
        while self._step < target:
            start = self._step
            stop = min(target, (start // every + 1) * every)
            self._blank, made = self._walker.forward(self._tiles, self._blank, start, stop)
            self._step = start + made
            if self._step < stop:
                raise bad_move_error(self._step + 1, chr(self._solution.letters[self._step]))
            self._keep_snapshot_if_due()

    def _keep_snapshot_if_due(self) -> None:
        # Snapshots are left in order, so the next one due is always the step after the last.
        if self._step == len(self._snapshots) * self._snapshot_every:
            self._snapshots.append(array(_SNAPSHOT_TYPECODE, self._tiles))
