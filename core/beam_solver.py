"""Short solutions of boards too large for a proven shortest one: the hand method's plan, with
each tile's way found by a beam search that moves the other tiles home on the way.

The plan is the hand method's (`core.fast_solver`): the board flipped so that the goal's
blank is nearest the bottom-right corner, then the unsolved rectangle's top row or left
column (the longer side's) placed tile by tile, its last two tiles by the usual trick (the
last tile where the first belongs, the first just inside it, then two slides; or the mirror
of it). What differs is how a tile gets home. The hand slides it along with the blank
brought round it, whatever that does to the rest of the board. Here every way counts:

- A tile's own cost is exact: `_tile_table` gives, for each cell of the tile and of the
  blank, the fewest slides that bring the tile home with the placed cells left alone (a
  breadth-first search over (tile cell, blank cell), the other tiles free to move).
- The rest of the board is scored by how far each loose tile is from home: its Manhattan
  distance to the power `_POWER`, times `_WEIGHT`. A slide that carries another tile towards
  home lowers the score, so of the ways to bring a tile home the search keeps those that also
  tidy the board on the way; the tiles after it then start nearer home.
- The search keeps the `width` best positions at each depth (moves made + the tile's exact
  cost + the weighted score), positions already seen in this placement dropped. The
  positions where the tile arrived, over a few depths, all go on to the next tile, which
  keeps the best `width` of them by its own measure: one beam from the first tile to the
  last.

The last block (3x3 at most) is solved by A* from the few best positions, and the shortest
whole solution wins. Moves are recorded as the blank's cells (a parent pointer a position),
and turned into letters once at the end.

The score's weight and power, the width and the depths were tuned on random 10x10 boards
(bench/solve_beam.py, bench/README.md "Shorter solutions"). Every table is as large as the
padded board squared, built once per tile, so the method is for boards of up to
`core.solution.MAX_BEAM_CELLS` cells; `core.solve` uses the hand method above that.
"""

from __future__ import annotations

import heapq
import random
import time
from typing import NamedTuple

from core.board import BLANK, Board
from core.fast_solver import (
    CancelledCallback,
    ProgressCallback,
    corner_layout,
    solve_fast_letters,
)
from core.rule import Goal, goal_board, is_solvable
from core.solution import SearchProgress, SolveCancelledError

#: Positions kept at each depth when no other width is asked for: past it, a wider beam
#: gains little for its time (bench/README.md, "Shorter solutions").
DEFAULT_WIDTH = 64
#: The weight of the loose tiles' score against one move, and the power each tile's distance
#: is raised to (a far tile counts for more than its distance: it is the costlier to fetch).
_WEIGHT = 0.7
_POWER = 1.2
#: Depths searched on after the first arrival, and how many arrivals (in widths) end a
#: placement sooner.
_EXTRA_DEPTH = 30
_ARRIVALS = 2
#: Depths past the farthest start's exact cost after which a placement gives up searching and
#: walks the best start home along its table.
_SLACK = 20
#: Added to the cost of a position whose tile has arrived but leaves the next one trapped
#: (in the line's end corner, where no slide can take it out again).
_TRAPPED = 8

_UNREACHABLE = 1 << 30


class _OutOfTimeError(Exception):
    """The deadline passed during the search."""


def solve_beam_letters(
    board: Board,
    goal: Goal,
    *,
    width: int = DEFAULT_WIDTH,
    deadline: float | None = None,
    progress: ProgressCallback | None = None,
    cancelled: CancelledCallback | None = None,
) -> bytes | None:
    """A short solution taking `board` to `goal`, as the way each moving tile travels (a
    byte a move, like `solve_fast_letters`), keeping `width` positions at each depth; None
    when `time.monotonic()` passes `deadline` first.

    The board must be solvable towards `goal` (the caller checks), and should be of at most
    `core.solution.MAX_BEAM_CELLS` cells: the time and memory grow as the cells squared.
    `progress` hears after each row or column; when `cancelled` returns True the search
    stops with `SolveCancelledError`.
    """
    target = goal_board(goal, board.width, board.height)
    if not is_solvable(board, target):
        raise ValueError("the board cannot reach its goal: check it first")
    if board.width < 3 or board.height < 3:
        # A line, or a strip two wide: the hand method's moves are as good (a strip has no
        # room for other tiles to gain).
        return solve_fast_letters(board, target, cancelled=cancelled)
    solver = _BeamSolver(
        board, target, max(1, width), deadline=deadline, progress=progress, cancelled=cancelled
    )
    try:
        return solver.solve()
    except _OutOfTimeError:
        return None


class _Position(NamedTuple):
    """One position of the beam: the board (labels by cell), where the blank is, moves so
    far, the loose tiles' weighted score, a hash of the board, the node of its last move,
    and the blank's cell before that move (not stepped back to)."""

    cells: list[int]
    blank: int
    moves: int
    score: float
    key: int
    node: int
    previous: int


class _BeamSolver:
    """One solve. The board is flipped as for the hand method and padded with a border one
    cell wide (a cell index is row * stride + column, both from 1). Each tile is labelled by
    its home cell in the intermediate goal, the blank by 0; the border holds -1."""

    def __init__(
        self,
        board: Board,
        target: Board,
        width: int,
        *,
        deadline: float | None,
        progress: ProgressCallback | None,
        cancelled: CancelledCallback | None,
    ) -> None:
        columns, rows = board.width, board.height
        self.columns, self.rows = columns, rows
        self.stride = stride = columns + 2
        self.size = size = stride * (rows + 2)
        self.width = width
        self.deadline = deadline
        self.progress = progress
        self.cancelled = cancelled
        self.started = time.monotonic()
        layout = corner_layout(target)
        self.layout = layout
        padded = [
            (index // columns + 1) * stride + index % columns + 1 for index in range(board.size)
        ]
        #: Each tile's label: its home cell.
        self.label_of = {tile: padded[index] for index, tile in enumerate(layout.goal_cells)}
        self.label_of[BLANK] = 0
        cells = [-1] * size
        #: 1 on the border and on each placed cell.
        self.locked = bytearray([1]) * size
        for index, source in enumerate(layout.order):
            cells[padded[index]] = self.label_of[board.tiles[source]]
            self.locked[padded[index]] = 0
        self.start_cells = cells
        self.start_blank = cells.index(0)
        self.letter_of = layout.letters(stride)
        self.steps = (-stride, stride, -1, 1)
        row = [cell // stride for cell in range(size)]
        column = [cell % stride for cell in range(size)]
        #: The weighted score of label x on cell c, at x * size + c (0 for the blank).
        self.cost = [0.0] * (size * size)
        for label in padded:
            base = label * size
            for cell in padded:
                distance = abs(row[label] - row[cell]) + abs(column[label] - column[cell])
                self.cost[base + cell] = _WEIGHT * distance**_POWER
        rng = random.Random(size)
        #: Zobrist keys of label x on cell c, at x * size + c.
        self.zobrist = [rng.getrandbits(62) for _ in range(size * size)]
        #: The move tree: each node's parent node and the blank's cell after its move.
        self.parents = [-1]
        self.blank_cells = [self.start_blank]
        self.nodes = 0

    # -- the plan ------------------------------------------------------------------------

    def solve(self) -> bytes:
        stride, columns, rows = self.stride, self.columns, self.rows
        cells = self.start_cells
        key = 0
        score = 0.0
        for cell, label in enumerate(cells):
            if label > 0:
                key ^= self.zobrist[label * self.size + cell]
                score += self.cost[label * self.size + cell]
        positions = [_Position(cells, self.start_blank, 0, score, key, 0, -1)]
        locked = self.locked
        top, left = 1, 1
        while rows + 1 - top > 3 or columns + 1 - left > 3:
            self._report(positions)
            rows_left, columns_left = rows + 1 - top, columns + 1 - left
            if rows_left > 3 and (rows_left >= columns_left or columns_left <= 3):
                line = [top * stride + column for column in range(left, columns + 1)]
                inward = stride
                top += 1
            else:
                line = [row * stride + left for row in range(top, rows + 1)]
                inward = 1
                left += 1
            for cell in line[:-2]:
                positions, _ = self._place(positions, cell, cell)
                locked[cell] = 1
            positions = self._finish_line(positions, line[-2], line[-1], inward)
        block = [
            row * stride + column
            for row in range(top, rows + 1)
            for column in range(left, columns + 1)
        ]
        best: tuple[int, list[int], _Position] | None = None
        for position in sorted(positions, key=lambda p: p.moves)[:5]:
            tail = _solve_block(position.cells, position.blank, block, stride)
            if best is None or position.moves + len(tail) < best[0]:
                best = (position.moves + len(tail), tail, position)
        assert best is not None
        _, tail, position = best
        route: list[int] = []
        node = position.node
        while node > 0:
            route.append(self.blank_cells[node])
            node = self.parents[node]
        route.reverse()
        route += tail
        route += self._walk_back_route(block)
        self._report(positions)
        return self._letters(route)

    def _finish_line(
        self, positions: list[_Position], first: int, last: int, inward: int
    ) -> list[_Position]:
        """Place the line's last two cells, `first` then `last` along it, by the trick or its
        mirror (each position tries both), and lock them."""
        done = [p for p in positions if p.cells[first] == first and p.cells[last] == last]
        rest = [p for p in positions if not (p.cells[first] == first and p.cells[last] == last)]
        if rest:
            # The last tile where the first belongs, the first inside it, the blank to the
            # end of the line: two slides put both home. Or the mirror: the first tile at
            # the end of the line, the last inside it, the blank where the first belongs.
            for far, near in ((last, first), (first, last)):
                done += self._trick(rest, far=far, near=near, inward=inward)
        self.locked[first] = self.locked[last] = 1
        done.sort(key=lambda p: p.moves + p.score)
        return done[: self.width]

    def _trick(
        self, positions: list[_Position], *, far: int, near: int, inward: int
    ) -> list[_Position]:
        """The line's end cells `far` and `near` (labels are home cells): tile `far` to the
        cell `near`, tile `near` just inside it, the blank to `far`, then the two slides."""
        locked = self.locked
        locked[near] = 1
        near_table = self._tile_table(near + inward)
        locked[near] = 0
        arrived, trapped = self._place(positions, far, near, next_table=(near, near_table))
        if not arrived:
            return [self._finish_in_block(p, near, far, inward) for p in trapped[:3]]
        locked[near] = 1
        arrived, _ = self._place(arrived, near, near + inward, table=near_table)
        locked[near + inward] = 1
        arrived, _ = self._place(arrived, None, far)
        locked[near] = locked[near + inward] = 0
        return [self._walk(p, [near, near + inward]) for p in arrived]

    # -- one placement -------------------------------------------------------------------

    def _place(
        self,
        positions: list[_Position],
        label: int | None,
        goal: int,
        next_table: tuple[int, list[int]] | None = None,
        table: list[int] | None = None,
    ) -> tuple[list[_Position], list[_Position]]:
        """Beam search from `positions` until tile `label` is on `goal` (the blank, for
        None). Returns the positions where it arrived, and those where it arrived but
        `next_table` (the next tile's label and table) says that tile cannot get home.
        `table` is the tile's, when already built."""
        size, locked, steps, cost, zobrist = (
            self.size,
            self.locked,
            self.steps,
            self.cost,
            self.zobrist,
        )
        blank_goal = label is None
        if table is None:
            table = self._blank_table(goal) if blank_goal else self._tile_table(goal)

        def trapped(cells: list[int], blank: int) -> bool:
            if next_table is None:
                return False
            next_label, next_cost = next_table
            return next_cost[cells.index(next_label) * size + blank] >= _UNREACHABLE

        starts = []
        for position in positions:
            tile = 0 if label is None else position.cells.index(label)
            estimate = table[position.blank] if blank_goal else table[tile * size + position.blank]
            starts.append((position.moves + estimate + position.score, estimate, position, tile))
        starts.sort(key=lambda start: start[:2])
        starts = starts[: self.width]
        arrived: list[_Position] = []
        stuck: list[_Position] = []
        for _, estimate, position, _ in starts:
            if estimate == 0:
                (stuck if trapped(position.cells, position.blank) else arrived).append(position)
        if arrived:
            return arrived, stuck
        # No start has arrived, or each that has leaves the next tile trapped: search on.
        beam = [(position, tile) for _, _, position, tile in starts]
        seen = {position.key for position, _ in beam}
        limit = max(start[1] for start in starts) + _SLACK
        first_arrival = 0
        depth = 0
        while beam and depth <= limit:
            depth += 1
            self._check_time()
            children = []
            for index, (position, tile) in enumerate(beam):
                cells, blank, moves, score, key = (
                    position.cells,
                    position.blank,
                    position.moves,
                    position.score,
                    position.key,
                )
                for step in steps:
                    cell = blank + step
                    if cell == position.previous or locked[cell]:
                        continue
                    moved = cells[cell]
                    if blank_goal:
                        estimate = table[cell]
                        following = 0
                    elif moved == label:
                        estimate = table[blank * size + cell]
                        following = blank
                    else:
                        estimate = table[tile * size + cell]
                        following = tile
                    if estimate >= _UNREACHABLE:
                        continue
                    if estimate == 0 and next_table is not None:
                        next_label, next_cost = next_table
                        where = blank if moved == next_label else cells.index(next_label)
                        if next_cost[where * size + cell] >= _UNREACHABLE:
                            estimate = _TRAPPED
                    base = moved * size
                    new_score = score + cost[base + blank] - cost[base + cell]
                    new_key = key ^ zobrist[base + cell] ^ zobrist[base + blank]
                    children.append(
                        (
                            moves + 1 + estimate + new_score,
                            estimate,
                            new_key,
                            index,
                            cell,
                            following,
                        )
                    )
            self.nodes += len(children)
            children.sort()
            kept: list[tuple[_Position, int]] = []
            for _, estimate, new_key, index, cell, following in children:
                if new_key in seen:
                    continue
                seen.add(new_key)
                child = self._slide(beam[index][0], cell, new_key)
                if estimate == 0:
                    arrived.append(child)
                    first_arrival = first_arrival or depth
                else:
                    if estimate == _TRAPPED and following == goal and not blank_goal:
                        stuck.append(child)
                    kept.append((child, following))
                    if len(kept) >= self.width:
                        break
            beam = kept
            if first_arrival and (
                depth >= first_arrival + _EXTRA_DEPTH or len(arrived) >= _ARRIVALS * self.width
            ):
                break
        if not arrived and not stuck:
            # The beam wandered off: walk the best start home along the table.
            _, _, position, tile = starts[0]
            position = self._descend(position, tile, table, blank_goal)
            (stuck if trapped(position.cells, position.blank) else arrived).append(position)
        return arrived, stuck

    def _descend(
        self, position: _Position, tile: int, table: list[int], blank_goal: bool
    ) -> _Position:
        """Walk down `table` (each slide one move nearer) until the tile is home."""
        size = self.size
        while True:
            blank = position.blank
            estimate = table[blank] if blank_goal else table[tile * size + blank]
            if estimate == 0:
                return position
            for step in self.steps:
                cell = blank + step
                if self.locked[cell]:
                    continue
                following = 0 if blank_goal else (blank if cell == tile else tile)
                if (table[cell] if blank_goal else table[following * size + cell]) == estimate - 1:
                    position = self._walk(position, [cell])
                    tile = following
                    break

    def _finish_in_block(
        self, position: _Position, first: int, last: int, inward: int
    ) -> _Position:
        """The line's last two tiles both trapped near its end (in every arrival): the hand
        method's way, a breadth-first search of the six cells at the line's end (every
        arrangement of the two tiles and the blank can be reached within them)."""
        block = [first, last, first + inward, last + inward, first + 2 * inward, last + 2 * inward]
        cells = position.cells
        tiles = (cells.index(first), cells.index(last))
        inside = set(block)
        if position.blank not in inside:
            for tile in tiles:
                self.locked[tile] = 1
            route = self._blank_route(position.blank, inside)
            if route is None:
                # The two tiles wall the blank into a pocket beside the block (a few cells at
                # most): search the pocket too.
                inside |= set(self._blank_region(position.blank))
            for tile in tiles:
                self.locked[tile] = 0
            position = self._walk(position, route or [])
        start = (position.blank, *tiles)
        came_from: dict[tuple[int, int, int], tuple[int, int, int]] = {start: start}
        queue = [start]
        for state in queue:
            if state[1:] == (first, last):
                break
            blank = state[0]
            for step in self.steps:
                cell = blank + step
                if cell in inside:
                    following = (
                        cell,
                        blank if state[1] == cell else state[1],
                        blank if state[2] == cell else state[2],
                    )
                    if following not in came_from:
                        came_from[following] = state
                        queue.append(following)
        else:
            raise AssertionError("no arrangement of the block puts the line's end home")
        route = []
        while came_from[state] != state:
            route.append(state[0])
            state = came_from[state]
        route.reverse()
        return self._walk(position, route)

    # -- tables --------------------------------------------------------------------------

    def _tile_table(self, goal: int) -> list[int]:
        """For each tile cell t and blank cell b (at t * size + b): the fewest slides that
        bring a tile from t to `goal` with the blank on b, no locked cell moved, the other
        tiles free to go anywhere. Breadth-first from every (goal, b); the moves are their
        own reverses, so the search runs from the goal outwards."""
        size, locked, steps = self.size, self.locked, self.steps
        table = [_UNREACHABLE] * (size * size)
        queue = []
        for blank in range(size):
            if not locked[blank] and blank != goal:
                table[goal * size + blank] = 0
                queue.append(goal * size + blank)
        for state in queue:
            tile, blank = divmod(state, size)
            distance = table[state] + 1
            for step in steps:
                cell = blank + step
                if locked[cell]:
                    continue
                following = blank * size + cell if cell == tile else tile * size + cell
                if table[following] == _UNREACHABLE:
                    table[following] = distance
                    queue.append(following)
        return table

    def _blank_table(self, goal: int) -> list[int]:
        """For each cell, the blank's fewest slides to `goal` through unlocked cells."""
        locked, steps = self.locked, self.steps
        table = [_UNREACHABLE] * self.size
        table[goal] = 0
        queue = [goal]
        for cell in queue:
            for step in steps:
                following = cell + step
                if not locked[following] and table[following] == _UNREACHABLE:
                    table[following] = table[cell] + 1
                    queue.append(following)
        return table

    def _blank_route(self, start: int, ends: set[int]) -> list[int] | None:
        """The blank's cells on a shortest way from `start` to one of `ends` through
        unlocked cells; None when it cannot reach any."""
        came_from = {start: start}
        queue = [start]
        for cell in queue:
            if cell in ends:
                route = [cell]
                while came_from[route[-1]] != start:
                    route.append(came_from[route[-1]])
                return route[::-1]
            for step in self.steps:
                following = cell + step
                if not self.locked[following] and following not in came_from:
                    came_from[following] = cell
                    queue.append(following)
        return None

    def _blank_region(self, start: int) -> list[int]:
        """Every cell the blank reaches from `start` through unlocked cells."""
        return [cell for cell, moves in enumerate(self._blank_table(start)) if moves < _UNREACHABLE]

    # -- positions and moves -------------------------------------------------------------

    def _slide(self, position: _Position, cell: int, key: int | None = None) -> _Position:
        """`position` after the blank moves to `cell` (beside it)."""
        cells = position.cells[:]
        blank = position.blank
        moved = cells[cell]
        base = moved * self.size
        cells[blank], cells[cell] = moved, 0
        if key is None:
            key = position.key ^ self.zobrist[base + cell] ^ self.zobrist[base + blank]
        self.parents.append(position.node)
        self.blank_cells.append(cell)
        return _Position(
            cells,
            cell,
            position.moves + 1,
            position.score + self.cost[base + blank] - self.cost[base + cell],
            key,
            len(self.parents) - 1,
            blank,
        )

    def _walk(self, position: _Position, route: list[int]) -> _Position:
        for cell in route:
            position = self._slide(position, cell)
        return position

    def _walk_back_route(self, block: list[int]) -> list[int]:
        """The blank's cells on the walk from the intermediate goal back to the real one."""
        where = {self.label_of[tile]: self.label_of[tile] for tile in self.layout.walk_back}
        blank = block[-1]
        route = []
        for tile in self.layout.walk_back:
            cell = where[self.label_of[tile]]
            where[self.label_of[tile]] = blank
            route.append(cell)
            blank = cell
        return route

    def _letters(self, route: list[int]) -> bytes:
        """The letters of the blank's route from the start, no slide at once undone."""
        letter_of = self.letter_of
        opposite = self.layout.opposite_letters(self.stride)
        letters = bytearray()
        blank = self.start_blank
        for cell in route:
            letter = letter_of[blank - cell]
            if letters and letters[-1] == opposite[letter]:
                letters.pop()
            else:
                letters.append(letter)
            blank = cell
        return bytes(letters)

    def _check_time(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise SolveCancelledError("the solve was cancelled")
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise _OutOfTimeError

    def _report(self, positions: list[_Position]) -> None:
        self._check_time()
        if self.progress is not None:
            elapsed = time.monotonic() - self.started
            moves = min(position.moves for position in positions)
            self.progress(SearchProgress(depth=moves, nodes=self.nodes, elapsed_seconds=elapsed))


def _solve_block(cells: list[int], blank: int, block: list[int], stride: int) -> list[int]:
    """A shortest route of the blank that puts every label in `block` (at most 3x3, the
    labels being the block's own cells) on its cell and the blank on the block's last cell:
    A* over the block's arrangements, with the tiles' Manhattan distances as the estimate."""
    inside = set(block)
    neighbours = {
        cell: [cell + step for step in (-stride, stride, -1, 1) if cell + step in inside]
        for cell in block
    }
    position = {cell: index for index, cell in enumerate(block)}

    def distance(label: int, cell: int) -> int:
        return abs(label // stride - cell // stride) + abs(label % stride - cell % stride)

    start = tuple(cells[cell] for cell in block)
    estimate = sum(distance(label, cell) for label, cell in zip(start, block, strict=True) if label)
    came_from: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
    reached = {start: 0}
    frontier = [(estimate, 0, start, blank)]
    goal = (*block[:-1], 0)
    while frontier:
        _, moves, state, hole = heapq.heappop(frontier)
        if state == goal:
            break
        if moves > reached[state]:
            continue
        here = position[hole]
        for cell in neighbours[hole]:
            there = position[cell]
            label = state[there]
            following = list(state)
            following[here], following[there] = label, 0
            child = tuple(following)
            if child in reached and reached[child] <= moves + 1:
                continue
            reached[child] = moves + 1
            came_from[child] = state
            child_estimate = sum(
                distance(lab, c) for lab, c in zip(child, block, strict=True) if lab
            )
            heapq.heappush(frontier, (moves + 1 + child_estimate, moves + 1, child, cell))
    else:
        raise AssertionError("the last block cannot reach its goal")
    route = []
    while came_from[state] is not None:
        route.append(block[state.index(0)])
        state = came_from[state]  # type: ignore[assignment]
    return route[::-1]
