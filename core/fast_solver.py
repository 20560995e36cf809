"""Solving any board the way people do by hand: not shortest, but quick at any size.

The unsolved part of the board is always a rectangle. Its top row or its left column (the
longer side's line, so the rectangle stays square-ish and routes stay short) is placed
tile by tile; the last two tiles of a line go in together (the second parked where the
first belongs, the first beside it, then two slides), and the last 2x2 is finished by a
search. A tile travels one cell at a time with the blank brought round to the cell ahead
of it along a shortest route that avoids every placed tile.

Tiles are tracked by the cell they belong in, so any goal works. The goal's blank is
first moved, on paper, to its nearest corner (the board flipped so that corner is the
bottom right): the board is solved to that intermediate goal, then the blank walks back.
Moves are tile numbers, which no flip changes.

Kept to plain integer lists and one routine per idea, so that a compiled twin follows it:
core/_hand.c makes the same moves routine for routine, driven from here a few tiles a call so
that cancelling is still heard.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from core import speedups
from core.board import BLANK, Board
from core.rule import Goal, check, goal_board, is_solvable
from core.solution import (
    SearchProgress,
    SolveCancelledError,
    UnsolvableError,
    directions_of,
    moves_from_directions,
)

ProgressCallback = Callable[[SearchProgress], None]
CancelledCallback = Callable[[], bool]

#: Tiles placed by the compiled twin between two looks at `cancelled`: well under a tenth of
#: a second of work even on the largest board (2000 cells a side, up to 10,000 slides a tile).
_TILES_A_CALL = 64


def solve_fast(
    board: Board,
    goal: Goal,
    *,
    progress: ProgressCallback | None = None,
    cancelled: CancelledCallback | None = None,
) -> tuple[int, ...]:
    """The tiles to slide, in order, to take `board` to `goal`: a short solution, not a
    shortest one, for a board of any size and shape. Tile numbers take memory by the move;
    `solve_fast_letters` gives the same solution at a byte a move.

    `progress` is called after each row or column is placed; when `cancelled` returns
    True the search stops with `SolveCancelledError`. Raises `UnsolvableError` (with the
    verdict and the one-swap fix) when the board cannot reach its goal, and `BoardError`
    for a goal of another shape.
    """
    letters = solve_fast_letters(board, goal, progress=progress, cancelled=cancelled)
    return moves_from_directions(board, letters)


def solve_fast_letters(
    board: Board,
    goal: Goal,
    *,
    progress: ProgressCallback | None = None,
    cancelled: CancelledCallback | None = None,
) -> bytes:
    """`solve_fast`'s solution as the way each moving tile travels, a byte a move (b"U",
    b"D", b"L", b"R"), no tile slid and at once slid back. Same arguments and errors."""
    target = goal_board(goal, board.width, board.height)
    if not is_solvable(board, target):
        from core.fix import suggest_fix  # only an unsolvable board needs the fix

        raise UnsolvableError(check(board, goal), suggest_fix(board, goal))
    if board.width == 1 or board.height == 1:
        # Tiles in a line cannot pass each other; solvable means they are in order, and
        # only the blank has to walk to its place.
        walk = _walk_line(board.tiles, board.blank_index, target.blank_index)
        return directions_of(board, walk).encode("ascii")
    solver = _HandSolver(board, target, progress, cancelled)
    return solver.solve()


def strip_back_and_forth(moves: Iterable[int]) -> tuple[int, ...]:
    """`moves` without any tile slid and at once slid back (repeatedly, so nested pairs
    go too); the end position is the same."""
    kept: list[int] = []
    for tile in moves:
        if kept and kept[-1] == tile:
            kept.pop()
        else:
            kept.append(tile)
    return tuple(kept)


def _walk_line(tiles: tuple[int, ...], blank: int, goal_blank: int) -> tuple[int, ...]:
    if goal_blank >= blank:
        return tiles[blank + 1 : goal_blank + 1]
    return tuple(reversed(tiles[goal_blank:blank]))


@dataclass(frozen=True)
class CornerLayout:
    """The board flipped so that the goal's blank is nearest its bottom-right corner, and the
    goal moved (on paper) to have its blank in that corner: a method that solves towards
    that intermediate goal from the top-left then needs only `walk_back` to reach the real
    one, as short a walk as it can be."""

    #: The real board's cell for each cell of the flipped board, in reading order.
    order: list[int]
    #: The intermediate goal on the flipped board (its blank in the bottom-right corner).
    goal_cells: list[int]
    #: The tiles that walk the blank from the intermediate goal back to the real goal.
    walk_back: list[int]
    flip_rows: bool
    flip_columns: bool

    def letters(self, stride: int) -> dict[int, int]:
        """The letter (a byte) of a slide on the flipped board, by (blank's cell - moving
        tile's cell) in rows `stride` cells long: the way the tile travels on the real board."""
        up, down = (b"D", b"U") if self.flip_rows else (b"U", b"D")
        left, right = (b"R", b"L") if self.flip_columns else (b"L", b"R")
        return {-stride: up[0], stride: down[0], -1: left[0], 1: right[0]}

    def opposite_letters(self, stride: int) -> dict[int, int]:
        """Each letter of `letters` and the letter of the slide that undoes it."""
        letter_of = self.letters(stride)
        return {letter: letter_of[-delta] for delta, letter in letter_of.items()}


def corner_layout(target: Board) -> CornerLayout:
    """The flip and the intermediate goal for solving towards `target`."""
    width, height = target.width, target.height
    goal_blank_row, goal_blank_column = divmod(target.blank_index, width)
    flip_rows = goal_blank_row < height - 1 - goal_blank_row
    flip_columns = goal_blank_column < width - 1 - goal_blank_column
    order = [
        (height - 1 - row if flip_rows else row) * width
        + (width - 1 - column if flip_columns else column)
        for row in range(height)
        for column in range(width)
    ]
    goal_cells = [target.tiles[index] for index in order]
    walk_back = _park_blank_in_corner(goal_cells, width, height)
    return CornerLayout(order, goal_cells, walk_back, flip_rows, flip_columns)


class _HandSolver:
    """One solve: the board in flipped coordinates, the placed cells, the moves so far.

    The board is held with a border of fixed cells one cell wide (`stride` = width + 2
    cells a row), so a route never needs a bounds check: leaving the board means running
    into a fixed cell.
    """

    def __init__(
        self,
        board: Board,
        target: Board,
        progress: ProgressCallback | None,
        cancelled: CancelledCallback | None,
    ) -> None:
        width, height = board.width, board.height
        self.width, self.height = width, height
        self.stride = stride = width + 2
        layout = corner_layout(target)
        order, goal_cells = layout.order, layout.goal_cells
        self.walk_back = layout.walk_back
        padded_size = stride * (height + 2)
        #: The tile on each cell (-1 on the border), and the cell each tile is on.
        self.cells = [-1] * padded_size
        self.where = [0] * board.size
        #: What belongs on each cell (in the intermediate goal), and each tile's home cell.
        self.belongs = [-1] * padded_size
        self.home = [0] * board.size
        #: 1 for the border and each placed cell (and, for a moment, a cell the blank
        #: must go round).
        self.fixed = bytearray([1]) * padded_size
        for index, source in enumerate(order):
            cell = (index // width + 1) * stride + index % width + 1
            tile = board.tiles[source]
            self.cells[cell] = tile
            self.where[tile] = cell
            self.belongs[cell] = goal_cells[index]
            self.home[goal_cells[index]] = cell
            self.fixed[cell] = 0
        self.blank = self.where[BLANK]
        #: The moves so far, as the letter of each moving tile's travel on the real board
        #: (the flips undone): a byte a move, where a list of tile numbers took 8 bytes a
        #: move and a tuple copy of it as much again. A move that undoes the one before is
        #: dropped as it comes, so no second pass (and no second copy) is needed.
        self.moves = bytearray()
        #: The letter of a slide by (blank's cell - moving tile's cell), the way it travels.
        self.letter_of = layout.letters(stride)
        self.opposite = layout.opposite_letters(stride)
        self.progress = progress
        self.cancelled = cancelled
        self.started = time.monotonic()
        #: The compiled twin of these routines (core/_hand.c), holding its own copy of the
        #: board from here on, or None for the reference.
        compiled = speedups.compiled_twins.hand
        self.hand = (
            None
            if compiled is None
            else compiled.Hand(
                self.cells,
                self.where,
                self.belongs,
                self.home,
                self.fixed,
                stride,
                bytes(self.letter_of[delta] for delta in (-stride, stride, -1, 1)),
            )
        )

    def solve(self) -> bytes:
        stride, height, width = self.stride, self.height, self.width
        top, left = 1, 1  # padded coordinates of the unsolved rectangle's corner
        while height + 1 - top > 2 or width + 1 - left > 2:
            self._report()
            rows_left, columns_left = height + 1 - top, width + 1 - left
            if rows_left > 2 and (rows_left >= columns_left or columns_left == 2):
                line = [top * stride + column for column in range(left, width + 1)]
                self._place_line(line, inward=stride)
                top += 1
            else:
                line = [row * stride + left for row in range(top, height + 1)]
                self._place_line(line, inward=1)
                left += 1
        corner = (height - 1) * stride + width - 1
        square = [corner, corner + 1, corner + stride, corner + stride + 1]
        tiles = [self.belongs[cell] for cell in square if self.belongs[cell]]
        hand = self.hand
        if hand is not None:
            hand.search_block(square, tiles)
            for tile in self.walk_back:
                hand.walk_to(tile)
            self._report()
            moves: bytes = hand.take_moves()
            return moves
        self._search_block(square, tiles)
        # The intermediate goal is reached: the blank walks back to the real goal's cell.
        for tile in self.walk_back:
            self._walk([self.where[tile]])
        self._report()
        return bytes(self.moves)

    def _report(self) -> None:
        self._check_cancelled()
        if self.progress is not None:
            elapsed = time.monotonic() - self.started
            depth = len(self.moves) if self.hand is None else self.hand.move_count()
            self.progress(SearchProgress(depth=depth, nodes=0, elapsed_seconds=elapsed))

    def _check_cancelled(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise SolveCancelledError("the fast solve was cancelled")

    # -- lines -------------------------------------------------------------------------

    def _place_line(self, line: list[int], inward: int) -> None:
        """Place the tiles of `line` (a row, `inward` one row down; or a column, `inward`
        one column right), leaving them fixed."""
        if self.hand is not None:
            # The compiled twin runs this routine (and every one it calls) in C, the line's
            # tiles a few at a time, asking between times whether to stop.
            body = line[:-2]
            for start in range(0, len(body), _TILES_A_CALL):
                self.hand.place(body[start : start + _TILES_A_CALL])
                self._check_cancelled()
            self.hand.finish_line(line[-2], line[-1], inward)
            return
        fixed, belongs, where = self.fixed, self.belongs, self.where
        for cell in line[:-2]:
            self._move_tile(belongs[cell], cell)
            fixed[cell] = 1
        first, last = line[-2], line[-1]
        first_tile, last_tile = belongs[first], belongs[last]
        # The end of the line and the two lines inside it: every arrangement of the two
        # tiles and the blank can be reached within these six cells.
        block = [first, last, first + inward, last + inward, first + 2 * inward, last + 2 * inward]
        if where[first_tile] != first or where[last_tile] != last:
            if where[first_tile] not in block or where[last_tile] not in block:
                # The usual trick: the last tile where the first belongs, the first beside
                # it inside, the blank to the end of the line, then two slides.
                self._move_tile(last_tile, first)
                fixed[first] = 1
                if where[first_tile] not in block:
                    self._move_tile(first_tile, first + inward)
                    fixed[first + inward] = 1
                    self._blank_to(last)
                    fixed[first] = fixed[first + inward] = 0
                    self._walk([first, first + inward])
                    fixed[first] = fixed[last] = 1
                    return
                fixed[first] = 0
            # The first tile is near the end, where the trick would trap it or the blank:
            # search the six cells.
            self._search_block(block, [first_tile, last_tile])
        fixed[first] = fixed[last] = 1

    # -- moving one tile ---------------------------------------------------------------

    def _move_tile(self, tile: int, destination: int) -> None:
        """Slide `tile` to `destination` one cell at a time, never through a fixed cell.

        Each time the blank is brought round to the cell ahead of the tile, which then
        slides into it: two moves round a corner (the tile moving diagonally, in steps),
        four round the tile to keep it going straight.
        """
        stride, where, fixed = self.stride, self.where, self.fixed
        destination_row, destination_column = divmod(destination, stride)
        while True:
            cell = where[tile]
            if cell == destination:
                return
            row, column = divmod(cell, stride)
            blank = self.blank
            sideways = 0
            if column != destination_column:
                sideways = 1 if destination_column > column else -1
                if fixed[cell + sideways]:
                    sideways = 0
            upways = 0
            if row != destination_row:
                upways = stride if destination_row > row else -stride
                if fixed[cell + upways]:
                    upways = 0
            if sideways and upways:
                # Both ways lead closer: the one the blank reaches sooner.
                if self._approach_cost(cell + upways, cell) < self._approach_cost(
                    cell + sideways, cell
                ):
                    ahead = upways
                else:
                    ahead = sideways
            else:
                ahead = sideways or upways
            following = cell + ahead
            behind = blank - cell
            if blank == following:
                route: list[int] | None = []
            elif behind == -ahead:
                on_line = (
                    row == destination_row if ahead in (1, -1) else column == destination_column
                )
                if on_line and self._go_straight(cell, ahead, destination):
                    continue
                route = None
                for side in (stride, -stride) if ahead in (1, -1) else (1, -1):
                    if not (fixed[blank + side] or fixed[cell + side] or fixed[following + side]):
                        route = [blank + side, cell + side, following + side, following]
                        break
            elif behind in (1, -1, stride, -stride) and not fixed[blank + ahead]:
                route = [blank + ahead, following]
            else:
                route = None
            if route is None:
                fixed[cell] = 1
                route = self._route(following)
                fixed[cell] = 0
            route.append(cell)
            self._walk(route)

    def _go_straight(self, cell: int, ahead: int, destination: int) -> bool:
        """The tile on `cell`, the blank just behind it, goes straight on towards
        `destination` (on its line) with the blank brought round it each step: the same
        five slides a step as `_move_tile` would make one step at a time, made for every
        step that goes round the same side at once (lists sliced, letters repeated), as
        most of a large board's moves are these. False when no step can be made so."""
        fixed, cells, where, stride = self.fixed, self.cells, self.where, self.stride
        sides = (stride, -stride) if ahead in (1, -1) else (1, -1)
        steps_left = abs(destination - cell) // abs(ahead)
        side = 0
        steps = 0
        while steps < steps_left:
            here = cell + steps * ahead
            behind, following = here - ahead, here + ahead
            if fixed[following]:
                break
            chosen = 0
            for way in sides:
                if not (fixed[behind + way] or fixed[here + way] or fixed[following + way]):
                    chosen = way
                    break
            if not chosen or (side and chosen != side):
                break
            side = chosen
            steps += 1
        if not steps:
            return False
        # Along the tile's line (`main`, from the blank's cell) and the lane beside it, one
        # step round: the lane's cell behind the blank rises into the line, the lane moves
        # back a cell, and the cell ahead of the tile drops into the lane. Over `steps`:
        blank = cell - ahead
        stop = blank + (steps + 2) * ahead
        main = cells[blank:stop:ahead]
        lane = cells[blank + side : stop + side : ahead]
        tile = main[1]
        cells[blank:stop:ahead] = [lane[0], *lane[2 : steps + 1], BLANK, tile]
        cells[blank + side : stop + side : ahead] = [
            lane[1],
            *main[2 : steps + 1],
            lane[steps + 1],
            main[steps + 1],
        ]
        for place in range(blank, stop, ahead):
            where[cells[place]] = place
            where[cells[place + side]] = place + side
        self.blank = blank + steps * ahead
        letter_of = self.letter_of
        one_step = bytes(
            (
                letter_of[-side],
                letter_of[-ahead],
                letter_of[-ahead],
                letter_of[side],
                letter_of[ahead],
            )
        )
        self._record(one_step * steps)
        return True

    def _record(self, letters: bytes) -> None:
        """Add `letters` (none of which undoes the one before it) to the moves, dropping
        each pair where the first of them undoes the last move so far."""
        moves, opposite = self.moves, self.opposite
        start = 0
        while start < len(letters) and moves and moves[-1] == opposite[letters[start]]:
            moves.pop()
            start += 1
        moves += letters[start:]

    def _approach_cost(self, cell: int, around: int) -> int:
        """Moves the blank needs to reach `cell`, two more when `around` stands between."""
        stride = self.stride
        blank_row, blank_column = divmod(self.blank, stride)
        row, column = divmod(cell, stride)
        around_row, around_column = divmod(around, stride)
        cost = abs(blank_row - row) + abs(blank_column - column)
        between_rows = min(blank_row, row) < around_row < max(blank_row, row)
        between_columns = min(blank_column, column) < around_column < max(blank_column, column)
        if (around_column == column == blank_column and between_rows) or (
            around_row == row == blank_row and between_columns
        ):
            cost += 2
        return cost

    # -- moving the blank --------------------------------------------------------------

    def _walk(self, route: list[int]) -> None:
        """Move the blank through `route`, a chain of neighbouring cells."""
        cells, where, moves = self.cells, self.where, self.moves
        letter_of, opposite = self.letter_of, self.opposite
        blank = self.blank
        for cell in route:
            tile = cells[cell]
            cells[blank] = tile
            where[tile] = blank
            letter = letter_of[blank - cell]
            if moves and moves[-1] == opposite[letter]:
                moves.pop()  # the same tile slid straight back
            else:
                moves.append(letter)
            blank = cell
        cells[blank] = BLANK
        where[BLANK] = blank
        self.blank = blank

    def _blank_to(self, destination: int) -> None:
        """Bring the blank to `destination` by a shortest route that avoids fixed cells."""
        if self.blank != destination:
            self._walk(self._route(destination))

    def _route(self, destination: int) -> list[int]:
        route = self._straight_route(destination) or self._searched_route(destination)
        if route is None:
            raise AssertionError("the blank is walled in: the solver placed tiles wrongly")
        return route

    def _straight_route(self, destination: int) -> list[int] | None:
        """The cells of the shortest free route with at most three straight legs (an L, or
        a detour one line past the obstacle), or None when every one is blocked."""
        stride, fixed = self.stride, self.fixed
        start_row, start_column = divmod(self.blank, stride)
        end_row, end_column = divmod(destination, stride)
        # Each candidate: the row (or column) the middle leg runs along. An L is the
        # detour along the start's or the end's own line. Off the board is fixed.
        candidates: list[tuple[int, bool, int]] = []
        for row in {start_row, end_row, start_row - 1, start_row + 1, end_row - 1, end_row + 1}:
            candidates.append((abs(start_row - row) + abs(row - end_row), True, row))
        for column in {
            start_column,
            end_column,
            start_column - 1,
            start_column + 1,
            end_column - 1,
            end_column + 1,
        }:
            candidates.append(
                (abs(start_column - column) + abs(column - end_column), False, column)
            )
        candidates.sort()
        for _, along_row, line in candidates:
            if along_row:
                corners = ((line, start_column), (line, end_column), (end_row, end_column))
            else:
                corners = ((start_row, line), (end_row, line), (end_row, end_column))
            route = _legs(stride, start_row, start_column, corners)
            if not any(fixed[cell] for cell in route):
                return route
        return None

    def _searched_route(self, destination: int) -> list[int] | None:
        """A shortest free route found by breadth-first search (the rare tangled case)."""
        stride, fixed = self.stride, self.fixed
        came_from = {self.blank: self.blank}
        queue = deque([self.blank])
        while queue:
            cell = queue.popleft()
            if cell == destination:
                break
            for neighbour in (cell - stride, cell + stride, cell - 1, cell + 1):
                if not fixed[neighbour] and neighbour not in came_from:
                    came_from[neighbour] = cell
                    queue.append(neighbour)
        if destination not in came_from:
            return None
        route = [destination]
        while came_from[route[-1]] != self.blank:
            route.append(came_from[route[-1]])
        route.reverse()
        return route

    # -- small searches ----------------------------------------------------------------

    def _search_block(self, block: list[int], tiles: list[int]) -> None:
        """Bring the blank into `block`, then find the fewest slides within it that put
        each of `tiles` on its home cell (breadth-first over blank and tile cells)."""
        where, fixed, stride = self.where, self.fixed, self.stride
        if self.blank not in block:
            for tile in tiles:
                fixed[where[tile]] = 1
            # The nearest free cell of the block may be cut off behind the tiles.
            free = sorted(
                (cell for cell in block if not fixed[cell]), key=self._distance_from_blank
            )
            for cell in free:
                route = self._straight_route(cell) or self._searched_route(cell)
                if route is not None:
                    self._walk(route)
                    break
            else:
                # The two tiles wall the blank into a pocket beside the block (a few cells
                # at most, as only a region three lines deep has one): search it too.
                block = block + self._reachable_from_blank()
            for tile in tiles:
                fixed[where[tile]] = 0
        inside = set(block)
        neighbours = {
            cell: [n for n in (cell - stride, cell + stride, cell - 1, cell + 1) if n in inside]
            for cell in inside
        }
        homes = tuple(self.home[tile] for tile in tiles)
        start = (self.blank, *(where[tile] for tile in tiles))
        came_from: dict[tuple[int, ...], tuple[int, ...]] = {start: start}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            if state[1:] == homes:
                break
            blank = state[0]
            for neighbour in neighbours[blank]:
                following = (
                    neighbour,
                    *(blank if cell == neighbour else cell for cell in state[1:]),
                )
                if following not in came_from:
                    came_from[following] = state
                    queue.append(following)
        else:
            raise AssertionError("no arrangement of the block reaches the goal")
        path = [state]
        while came_from[path[-1]] != path[-1]:
            path.append(came_from[path[-1]])
        self._walk([later[0] for later in reversed(path[:-1])])

    def _reachable_from_blank(self) -> list[int]:
        stride, fixed = self.stride, self.fixed
        seen = {self.blank}
        queue = deque([self.blank])
        while queue:
            cell = queue.popleft()
            for neighbour in (cell - stride, cell + stride, cell - 1, cell + 1):
                if not fixed[neighbour] and neighbour not in seen:
                    seen.add(neighbour)
                    queue.append(neighbour)
        return sorted(seen)

    def _distance_from_blank(self, cell: int) -> int:
        stride, blank = self.stride, self.blank
        return abs(cell // stride - blank // stride) + abs(cell % stride - blank % stride)


def _legs(stride: int, row: int, column: int, corners: Iterable[tuple[int, int]]) -> list[int]:
    """The cells walked from (row, column) through each corner in turn, in straight legs
    (the start itself not included)."""
    cells: list[int] = []
    for corner_row, corner_column in corners:
        if corner_row != row:
            step = 1 if corner_row > row else -1
            cells.extend(r * stride + column for r in range(row + step, corner_row + step, step))
            row = corner_row
        if corner_column != column:
            step = 1 if corner_column > column else -1
            base = row * stride
            cells.extend(range(base + column + step, base + corner_column + step, step))
            column = corner_column
    return cells


def _park_blank_in_corner(goal_cells: list[int], width: int, height: int) -> list[int]:
    """Move the goal's blank (in place) right along its row, then down to the bottom-right
    corner; returns the slides that walk it back, which turn this goal into the real one."""
    blank = goal_cells.index(BLANK)
    route = _legs(
        width, blank // width, blank % width, [(blank // width, width - 1), (height - 1, width - 1)]
    )
    slid = []
    for cell in route:
        slid.append(goal_cells[cell])
        goal_cells[blank], goal_cells[cell] = goal_cells[cell], BLANK
        blank = cell
    return slid[::-1]
