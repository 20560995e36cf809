"""Additive pattern databases: the heuristic that makes optimal sliding-puzzle search feasible.

A board is searched after relabelling every tile by its goal cell (`label = goal cell`), so
a database depends only on the shape and the goal's blank cell, never on which numbers sit
where: one set of databases serves every goal whose blank is in the same cell. Turning or
flipping the board (`core.symmetry`) carries a goal blank cell onto any cell of its orbit, so
one set is built for one cell of each orbit (`serving_cell`): blank first and blank last
share theirs, and a 4x4 needs at most three sets (corner, edge, middle).

The goal cells other than the blank's are split into disjoint groups (`partition`). For each
group a table gives, for every placement of the group's tiles, the fewest moves *of those
tiles* that bring them home, the other tiles being free to move at no cost. Every move moves
one tile, of one group, so the tables' values add up to a lower bound (Korf and Felner's
disjoint pattern databases). On a square board whose goal blank lies on the main diagonal the
transposed position has the same distance, so the search also looks the transposed position up
and takes the larger bound (`MirrorLookup`).

A table is built by a breadth-first search over (placement, blank cell), layer by layer, where
the blank wandering among the other tiles costs nothing: every cell the blank can reach
without moving a group tile gets the same distance at once. The compiled twin
(`core._search.build_table`) runs the same layers in less memory (2 bits per placement and
blank cell: reached, and expanded or the parity of its depth; the layer as a bit per
placement), each layer split over every core, as is its compaction; the pure one here is
the reference. When several tables are missing the compiled builds run side by side (they
release the GIL), on worker threads, so the calling thread stays free to hear Ctrl+C; each
table is stored as soon as it is built.

On a 4x4 every goal gets the 8-tile table of the two rows not holding its blank
(`partition`): 130 MB once compact, minutes to build, once, and one table for every goal,
since a goal blank anywhere in the other two rows reaches the same cells. A goal blank in a
corner gets Korf and Felner's 7-8 split (its two rows' 7 tiles in one table), which halves
the nodes of the budget's 7-7-1; edge and middle goals split their 7 tiles 6-1 (a 1.4 MB
table each), so every 4x4 goal's tables take 147 MB.

A table is kept compact, in 2 bits an entry (`compact_pure`, compiled `compact_table`): an
entry is the group's taxicab distance plus twice an excess, lowered where needed so that a
move changes the excess by at most one, and the excess is stored mod 3. The search tracks
each group's exact excess from the root's (`exact_entry`, found once by following entries
down to the goal), reading only the remainder at each node: a quarter of the memory, and
tables that fit the processor's caches better. The compiled twin keeps them in large
(2 MB) pages where the system gives them (`read_table`, and `compact_table`'s result): about
5% of the search.

A group's table depends on the goal's blank cell only through the region the blank reaches
at the goal without moving a group tile, so it is built and cached for that region's
smallest cell (`table_cell`) and shared, on disk and in memory, by the sets that hold it.

Tables are cached on disk (`cache_dir`) under a versioned name, with a header and a checksum
that are checked on load: a truncated or damaged file is rebuilt, never trusted. A sound file
of the former format (version 1, a byte an entry) is converted once, then removed.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import stat
import struct
import tempfile
import threading
import zlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from core import settings, symmetry

if TYPE_CHECKING:
    from core.speedups import CompiledSearch


class BuildDirection(IntEnum):
    """Which way the compiled build (`core._search.build_table`) takes its layers; every
    way gives the same table. Forwards each state of the layer makes its moves, the layer
    kept as a bitmap of placements; backwards each unreached state looks for a move from
    the layer and stops at the first. Automatic (what the app uses) finds each large layer
    by scanning the states instead of the bitmaps, and goes backwards once a layer reaches
    more states than are left unreached."""

    AUTOMATIC = 0
    FORWARDS = 1
    BACKWARDS = 2


#: The variables read by core.settings, where the launcher checks them without this module.
CACHE_DIR_VARIABLE = settings.CACHE_DIR_VARIABLE
MAX_ENTRIES_VARIABLE = settings.MAX_ENTRIES_VARIABLE
#: Bump when the table contents or the file layout change: old files are then ignored (or
#: converted, `_CONVERTIBLE_VERSION`).
FORMAT_VERSION = 2
#: Files of this version (a byte an entry) are converted to compact tables once, then removed.
_CONVERTIBLE_VERSION = 1
_MAGIC = b"SLIDEPDB"
#: magic, version, width, height, blank cell, group size, entry count, crc32 of the table.
_HEADER = struct.Struct("<8sHBBBBQI")
#: A table value no placement reached (only tables covering every tile have them: half of
#: those placements have the wrong parity).
UNREACHED = 255

#: The largest table (placements of one group) each twin builds. The compiled twin builds
#: 7-tile tables for the 15-puzzle (core.settings), and one 8-tile table over the budget
#: (`_halves_of_four_by_four`). Pure Python walks about a million (placement,
#: blank) states a minute, so the reference stays with groups of three or four tiles: still
#: admissible and optimal, only weaker, so large boards search longer.
COMPILED_MAX_ENTRIES = settings.COMPILED_MAX_ENTRIES
PURE_MAX_ENTRIES = 5_000
#: The compiled twin's budget on boards over 16 cells: six tiles of the 24-puzzle
#: (127,512,000 placements, 2 bits each once compact, per group: 128 MB for the four
#: groups; while one is built, a byte each and a bit per placement and blank cell, about
#: 430 MB). Five-tile groups would search the 24-puzzle many times longer.
LARGE_BOARD_MAX_ENTRIES = 127_512_000
#: Boards up to this many cells keep `COMPILED_MAX_ENTRIES`.
_SMALL_BOARD_CELLS = 16
#: Korf and Felner's 6-6-6-6 partition of the 24-puzzle with the blank in the corner
#: ("Disjoint pattern database heuristics", 2002): four compact blocks, two of them
#: leaning into the middle, that the search meets as tiles getting in each other's way.
_FIVE_BY_FIVE_CORNER_GROUPS = (
    (1, 2, 5, 6, 7, 12),
    (3, 4, 8, 9, 13, 14),
    (10, 11, 15, 16, 20, 21),
    (17, 18, 19, 22, 23, 24),
)
#: The 4x4's corner cells. A goal blank in one gets Korf and Felner's 7-8 split of the
#: 15-puzzle at the full budget (`partition`); the others 8-6-1.
_FOUR_BY_FOUR_CORNERS = (0, 3, 12, 15)

#: Called during a build with (states reached so far, states to reach); returns True to stop.
BuildPoll = Callable[[int, int], bool]


class BuildStoppedError(Exception):
    """A build's poll asked it to stop (nothing was written)."""


@functools.cache
def neighbour_cells(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For every cell, the cells beside it, in the order both twins try them: up, down,
    left, right."""
    neighbours = []
    for cell in range(width * height):
        row, column = divmod(cell, width)
        beside = []
        if row > 0:
            beside.append(cell - width)
        if row < height - 1:
            beside.append(cell + width)
        if column > 0:
            beside.append(cell - 1)
        if column < width - 1:
            beside.append(cell + 1)
        neighbours.append(tuple(beside))
    return tuple(neighbours)


def placements(cell_count: int, group_size: int) -> int:
    """How many ways `group_size` distinct tiles can sit in `cell_count` cells."""
    return math.perm(cell_count, group_size)


def rank(positions: Sequence[int], cell_count: int) -> int:
    """The index of a placement (the cells of the group's tiles, in group order) in its
    table: each position counted among the cells not yet taken, as mixed-radix digits."""
    index = 0
    taken = 0
    for order, cell in enumerate(positions):
        digit = cell - (taken & ((1 << cell) - 1)).bit_count()
        index = index * (cell_count - order) + digit
        taken |= 1 << cell
    return index


def partition(
    width: int, height: int, blank_cell: int, max_entries: int
) -> tuple[tuple[int, ...], ...]:
    """Split the goal cells other than `blank_cell` into groups of compact shape, each as
    large as `max_entries` placements allow (for 4x4 at the compiled budget 7-8 for a goal
    blank in a corner, 8-6-1 for the others; a group of every tile, an exact table, for
    boards of up to 11 cells)."""
    cell_count = width * height
    if cell_count == 1:
        return ()
    size = 1
    while size < cell_count - 1 and placements(cell_count, size + 1) <= max_entries:
        size += 1
    if (width, height, blank_cell, size) == (5, 5, 0, 6):
        return _FIVE_BY_FIVE_CORNER_GROUPS
    if (width, height, size) == (4, 4, 7):
        return _halves_of_four_by_four(blank_cell)
    return _snake_groups(width, height, blank_cell, size)


def _snake_groups(
    width: int, height: int, blank_cell: int, size: int
) -> tuple[tuple[int, ...], ...]:
    """The goal cells other than `blank_cell` in groups of `size` (the last one smaller),
    taken down and up pairs of rows, column by column: consecutive cells stay close
    together, so each group is a compact block whose tiles get in each other's way."""

    def snake(cell: int) -> tuple[int, int, int]:
        row, column = divmod(cell, width)
        band = row // 2
        return (band, column if band % 2 == 0 else -column, row)

    cells = sorted((cell for cell in range(width * height) if cell != blank_cell), key=snake)
    return tuple(tuple(cells[start : start + size]) for start in range(0, len(cells), size))


def superseded_groups(
    width: int, height: int, blank_cell: int, max_entries: int
) -> tuple[tuple[int, ...], ...]:
    """The groups an earlier version gave the set of a goal blank cell that this one does
    not: 7-7-1 (`_snake_groups`) for a 4x4 goal blank on an edge or in a middle cell,
    before every goal shared the 8-tile table (`_halves_of_four_by_four`). `load` removes
    their cache files (43 MB for the edge and middle sets), which nothing reads any more."""
    groups = partition(width, height, blank_cell, max_entries)
    if (width, height) != (4, 4) or blank_cell in _FOUR_BY_FOUR_CORNERS or len(groups[-1]) != 8:
        return ()
    return tuple(group for group in _snake_groups(4, 4, blank_cell, 7) if group not in groups)


def _halves_of_four_by_four(blank_cell: int) -> tuple[tuple[int, ...], ...]:
    """The 15-puzzle's groups at the compiled budget: the two rows not holding the goal
    blank (8 tiles, 518,918,400 placements: 130 MB once compact, over
    `COMPILED_MAX_ENTRIES`), and the 7 tiles of the two rows holding it.

    The 8-tile table leaves the blank out, so it depends only on its group's cells: one
    table (`table_cell`) serves every goal whose blank lies in the other two rows, that is
    every served goal (`serving_cell`: cells 0, 1 and 5), built once, on every core.

    A goal blank in a corner keeps its 7 tiles in one table: Korf and Felner's 7-8 split,
    half the nodes of 7-7-1. Any other goal's 7 tiles are split 6-1, the 1 being the tile at
    the far end of the row next to the other two rows (cell 7 for goal blanks 1 and 5): a
    7-tile table of their own would bring every goal's tables to 173 MB, where 8-6-1 keeps
    them at 147 MB and searches in fewer nodes than 7-7-1 (each of the 7 tiles was tried
    alone on 600 random boards: that one was among the best for both; bench/README.md)."""
    blank_half = range(0, 8) if blank_cell < 8 else range(8, 16)
    near = tuple(cell for cell in blank_half if cell != blank_cell)
    far = tuple(cell for cell in range(16) if cell not in blank_half)
    if blank_cell in _FOUR_BY_FOUR_CORNERS:
        return (near, far)
    next_row = 1 if blank_cell < 8 else 2
    alone = next_row * 4 + (3 if blank_cell % 4 < 2 else 0)
    return (tuple(cell for cell in near if cell != alone), (alone,), far)


def _region(start: int, occupied: int, neighbours: Sequence[Sequence[int]]) -> list[int]:
    """Every cell the blank reaches from `start` without entering an `occupied` cell."""
    reached = [start]
    seen = occupied | (1 << start)
    for cell in reached:
        for other in neighbours[cell]:
            if not seen >> other & 1:
                seen |= 1 << other
                reached.append(other)
    return reached


def build_table_pure(
    width: int,
    height: int,
    blank_cell: int,
    group: Sequence[int],
    poll: BuildPoll | None = None,
) -> bytes:
    """The table of `group` (goal cells) for goal blank `blank_cell`, in pure Python.

    Raises `BuildStoppedError` when `poll` returns True."""
    cell_count = width * height
    neighbours = neighbour_cells(width, height)
    entries = placements(cell_count, len(group))
    to_reach = _states_to_reach(cell_count, len(group), entries)
    seen = bytearray(entries * cell_count)
    table = bytearray([UNREACHED]) * entries
    start = tuple(group)
    occupied = _mask(start)
    layer: list[tuple[tuple[int, ...], int]] = []
    start_index = rank(start, cell_count)
    table[start_index] = 0
    for blank in _region(blank_cell, occupied, neighbours):
        seen[start_index * cell_count + blank] = 1
        layer.append((start, blank))
    reached = len(layer)
    distance = 0
    while layer:
        if poll is not None and poll(reached, to_reach):
            raise BuildStoppedError
        following: list[tuple[tuple[int, ...], int]] = []
        for positions, blank in layer:
            for cell in neighbours[blank]:
                if cell not in positions:
                    continue  # the blank stays in its region: already reached, free
                moved = tuple(blank if position == cell else position for position in positions)
                index = rank(moved, cell_count)
                if seen[index * cell_count + cell]:
                    continue
                if table[index] == UNREACHED:
                    table[index] = distance + 1
                for region_cell in _region(cell, _mask(moved), neighbours):
                    seen[index * cell_count + region_cell] = 1
                    following.append((moved, region_cell))
        reached += len(following)
        layer = following
        distance += 1
    return bytes(table)


def unrank(index: int, group_size: int, cell_count: int) -> list[int]:
    """The placement numbered `index` (`rank`'s inverse)."""
    digits = []
    for order in range(group_size - 1, -1, -1):
        index, digit = divmod(index, cell_count - order)
        digits.append(digit)
    free = list(range(cell_count))
    return [free.pop(digit) for digit in reversed(digits)]


def packed_size(entries: int) -> int:
    """The bytes of a compact table of `entries` entries (four to a byte)."""
    return (entries + 3) // 4


def packed_entry(packed: bytes, index: int) -> int:
    """Entry `index` of a compact table: bits 2 * (index % 4) up of byte index // 4."""
    return packed[index >> 2] >> ((index & 3) << 1) & 3


#: STEP_OF_REMAINDERS[a % 3][b % 3]: b - a, for values b next to a (b - a is -1, 0 or 1).
STEP_OF_REMAINDERS = ((0, 1, -1, 0), (-1, 0, 1, 0), (1, -1, 0, 0))


def cell_distance(width: int, cell: int, other: int) -> int:
    """The taxicab distance between two cells."""
    return abs(cell // width - other // width) + abs(cell % width - other % width)


def _placement_moves(
    positions: Sequence[int], neighbours: Sequence[Sequence[int]], cell_count: int
) -> Iterator[tuple[int, int, int]]:
    """(slot, cell, placement's index) of every move of one group tile into a cell beside it
    that no group tile holds, in the order both twins try them."""
    moved = list(positions)
    for slot, start in enumerate(positions):
        for cell in neighbours[start]:
            if cell not in positions:
                moved[slot] = cell
                yield slot, cell, rank(moved, cell_count)
        moved[slot] = start


def compact_pure(
    width: int, height: int, group: Sequence[int], table: bytes, poll: BuildPoll | None = None
) -> bytes | None:
    """A table (a byte an entry, `build_table_pure`) in its compact form, in pure Python.

    A move changes an entry by an odd number (up to 5): an entry is the taxicab distance of
    the group's tiles from their goal cells, which a move changes by one, plus twice an
    excess, which a move may change by more than one. The excess is lowered until no move
    raises it by more than one (each the least of its own and one more than a neighbour's:
    a lower bound still), then stored mod 3 in 2 bits, four entries a byte; a search
    recovers each exact entry from its parent's (`STEP_OF_REMAINDERS`), and the root's by
    `exact_entry`. `poll(entries looked at, 0)` hears the progress (each entry is looked at
    twice, the few lowered again left out) and returns True to stop (then None). Raises
    ValueError when `table` is not a pattern table of `group`."""
    cell_count = width * height
    neighbours = neighbour_cells(width, height)
    size = len(group)
    if len(table) != placements(cell_count, size):
        raise ValueError("the table must hold a byte for every placement")
    excess = bytearray(len(table))
    for index, value in enumerate(table):
        if value == UNREACHED:
            excess[index] = UNREACHED
            continue
        positions = unrank(index, size, cell_count)
        over = value - sum(map(cell_distance, [width] * size, positions, group))
        if over < 0 or over % 2:
            raise ValueError("the table is not a pattern table of its group")
        excess[index] = over // 2
    changed: Sequence[int] = range(len(table))
    looked_at = len(table)
    while changed:
        if poll is not None and poll(min(looked_at, 2 * len(table)), 0):
            return None
        looked_at += len(changed)
        lowered = set()
        for index in changed:
            if excess[index] == UNREACHED:
                continue
            limit = excess[index] + 1
            for _slot, _cell, moved in _placement_moves(
                unrank(index, size, cell_count), neighbours, cell_count
            ):
                if excess[moved] > limit:
                    excess[moved] = limit
                    lowered.add(moved)
        changed = sorted(lowered)
    packed = bytearray(packed_size(len(table)))
    for index, value in enumerate(excess):
        packed[index >> 2] |= value % 3 << ((index & 3) << 1)
    if poll is not None and poll(2 * len(table), 0):
        return None
    return bytes(packed)


def exact_entry(
    width: int, height: int, group: Sequence[int], packed: bytes, positions: Sequence[int]
) -> int:
    """The exact entry of the placement `positions` (the cells of `group`'s tiles, in group
    order) in the compact table `packed` (`compact_pure`). A move's change of the entry is
    known from the two stored remainders and the tiles' taxicab distances; some move always
    lowers the entry, so the moves that lower it lead to the goal placement, whose entry is
    0, and add up to the entry. Raises ValueError when no move lowers it (a foreign table)."""
    cell_count = width * height
    neighbours = neighbour_cells(width, height)
    here = list(positions)
    index = rank(here, cell_count)
    value = 0
    while here != list(group):
        stored = packed_entry(packed, index)
        for slot, cell, moved in _placement_moves(here, neighbours, cell_count):
            change = (
                cell_distance(width, cell, group[slot])
                - cell_distance(width, here[slot], group[slot])
                + 2 * STEP_OF_REMAINDERS[stored][packed_entry(packed, moved)]
            )
            if change < 0:
                value -= change
                here[slot], index = cell, moved
                break
        else:
            raise ValueError("the table is not a compact table of its group")
        if value >= UNREACHED:
            raise ValueError("the table is not a compact table of its group")
    return value


def _mask(cells: Sequence[int]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def _work(cell_count: int, group_size: int) -> int:
    """The progress count of a table's build (`_states_to_reach`) and compaction (each
    entry looked at twice, `compact_pure`)."""
    entries = placements(cell_count, group_size)
    return _states_to_reach(cell_count, group_size, entries) + 2 * entries


def _states_to_reach(cell_count: int, group_size: int, entries: int) -> int:
    """(placement, blank) states a build reaches: every one, but only half when the group
    holds every tile (the other half has the wrong parity)."""
    states = entries * (cell_count - group_size)
    return states // 2 if group_size == cell_count - 1 and cell_count > 2 else states


def max_entries(engine: CompiledSearch | None, cell_count: int = _SMALL_BOARD_CELLS) -> int:
    """The largest table a twin builds for a board of `cell_count` cells:
    `PURE_MAX_ENTRIES` for the pure one, else `max_entries_setting()`, or
    `LARGE_BOARD_MAX_ENTRIES` over 16 cells when the setting is not given. Raises
    `SetupError` (see there)."""
    given = settings.whole_number(MAX_ENTRIES_VARIABLE, minimum=1, maximum=COMPILED_MAX_ENTRIES)
    if engine is None:
        return PURE_MAX_ENTRIES
    if given is not None:
        return given
    return LARGE_BOARD_MAX_ENTRIES if cell_count > _SMALL_BOARD_CELLS else COMPILED_MAX_ENTRIES


def max_entries_setting() -> int:
    """$SLIDECHECK_PATTERN_ENTRIES, else `COMPILED_MAX_ENTRIES`. Raises `SetupError`
    (core.settings.max_entries_override)."""
    setting = settings.max_entries_override()
    return COMPILED_MAX_ENTRIES if setting is None else setting


def cache_dir() -> Path:
    """Where tables are kept: $SLIDECHECK_CACHE_DIR, else the user's cache folder. Raises
    `SetupError` when the variable is not an absolute folder path."""
    override = settings.cache_dir_override()
    if override is not None:
        return override
    return Path(platformdirs.user_cache_dir("slidecheck", appauthor=False))


def table_cell(width: int, height: int, blank_cell: int, group: Sequence[int]) -> int:
    """The goal blank cell `group`'s table is built and cached for: the smallest cell the
    blank reaches from `blank_cell` at the goal without moving a group tile. A build starts
    with the blank anywhere in that region, so every goal blank in it gives the same table:
    on a 4x4, the corner, edge and middle sets share the table of the bottom rows."""
    return min(_region(blank_cell, _mask(group), neighbour_cells(width, height)))


def cache_path(
    width: int, height: int, blank_cell: int, group: Sequence[int], version: int = FORMAT_VERSION
) -> Path:
    cells = "-".join(map(str, group))
    name = f"pattern-v{version}-{width}x{height}-blank{blank_cell}-cells{cells}.pdb"
    return cache_dir() / name


def _stored_size(entries: int, version: int) -> int:
    """The bytes of a table after the header: compact, or a byte an entry before version 2."""
    return packed_size(entries) if version == FORMAT_VERSION else entries


def _read_cached(
    path: Path,
    width: int,
    height: int,
    blank_cell: int,
    group_size: int,
    *,
    version: int = FORMAT_VERSION,
    engine: CompiledSearch | None = None,
) -> bytes:
    """The table stored at `path` in the file format `version`, or b"" when it is missing,
    of another build, truncated or damaged, or not a regular file of exactly the expected
    size. The compiled `engine` reads it into large pages (`read_table`), where the
    search's lookups run faster.

    Only such a file is read: whatever sits at the name is opened without blocking and
    looked at first, because a FIFO would block the read forever, /dev/zero (through a
    link) would be read until memory runs out, and a huge file would be read whole."""
    entries = placements(width * height, group_size)
    size = _stored_size(entries, version)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
    except OSError:
        return b""
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or status.st_size != _HEADER.size + size:
            return b""
        header = os.read(handle, _HEADER.size)
        if engine is not None:
            table = engine.read_table(handle, size)
        else:
            with os.fdopen(handle, "rb", closefd=False) as stream:
                table = stream.read(size)
    except OSError:
        return b""
    finally:
        os.close(handle)
    if len(header) != _HEADER.size:
        return b""
    magic, stored_version, w, h, blank, stored_size, stored_entries, checksum = _HEADER.unpack_from(
        header
    )
    expected = (_MAGIC, version, width, height, blank_cell, group_size, entries)
    if (magic, stored_version, w, h, blank, stored_size, stored_entries) != expected:
        return b""
    if len(table) != size or zlib.crc32(table) != checksum:
        return b""
    return table


def _write_cached(path: Path, shape: tuple[int, int, int, int], table: bytes) -> None:
    """Write atomically (a temporary file renamed over the name), so a reader never sees
    half a file; the rename also replaces whatever else sat at the name (a FIFO, a link).

    A folder that cannot be written only costs a rebuild next time; but when something
    other than a regular file sits at the name and cannot be replaced, every run would
    rebuild without saying why: raises `SetupError` naming it."""
    width, height, blank_cell, group_size = shape
    header = _HEADER.pack(
        _MAGIC,
        FORMAT_VERSION,
        width,
        height,
        blank_cell,
        group_size,
        placements(width * height, group_size),
        zlib.crc32(table),
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(header)
                stream.write(table)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        foreign = _foreign_kind(path)
        if foreign is not None:
            raise settings.SetupError(
                f"the search's table cache holds {foreign} at {str(path)!a}, not a table "
                f"file, and it cannot be replaced ({error.strerror or error}): remove it"
            ) from None


def _foreign_kind(path: Path) -> str | None:
    """What sits at `path` when it is neither nothing nor a regular file ("a folder", ...)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None if not path.is_symlink() else "a broken link"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


@dataclass(frozen=True)
class PatternDatabases:
    """The tables of every group for one shape and goal blank cell, compact (`compact_pure`)."""

    width: int
    height: int
    blank_cell: int
    groups: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]

    @property
    def mirrored(self) -> bool:
        """Whether the transposed lookup applies: a square board, goal blank on the diagonal."""
        return self.width == self.height and self.blank_cell % (self.width + 1) == 0

    def heuristic(self, positions: Sequence[int]) -> int:
        """The lower bound for a position given as each label's cell (`positions[label]`;
        the blank's label, the goal blank cell, is ignored): the larger of the direct and
        (when `mirrored`) the transposed sum."""
        direct = self.additive(positions)
        if not self.mirrored:
            return direct
        return max(direct, self.additive(transposed(positions, self.width)))

    def additive(self, positions: Sequence[int]) -> int:
        return sum(
            exact_entry(
                self.width, self.height, group, table, [positions[label] for label in group]
            )
            for group, table in zip(self.groups, self.tables, strict=True)
        )


def transposed(positions: Sequence[int], width: int) -> list[int]:
    """The transposed position of a square board: label T(L) at cell T(cell of L)."""
    flipped = [0] * len(positions)
    for label, cell in enumerate(positions):
        flipped[_transpose(label, width)] = _transpose(cell, width)
    return flipped


def _transpose(cell: int, width: int) -> int:
    row, column = divmod(cell, width)
    return column * width + row


def load(
    width: int,
    height: int,
    blank_cell: int,
    *,
    engine: CompiledSearch | None,
    poll: BuildPoll | None = None,
) -> PatternDatabases:
    """The databases for a shape and goal blank cell: from the cache when a sound file is
    there, else built (by `engine.build_table` when a compiled engine is given, else in pure
    Python, with smaller groups), made compact and stored. A sound file of the former
    format (a byte an entry) is made compact and stored instead of a build, then removed.
    `poll` sees the build's progress over all tables to build and can stop it
    (`BuildStoppedError`).

    Each table is stored as soon as it is built, so a build stopped or interrupted (by
    `poll`, Ctrl+C, an error) keeps every table that finished whole and no part of another.
    Once the set is ready, the files of groups an earlier version gave it
    (`superseded_groups`) are removed.
    """
    groups = partition(width, height, blank_cell, max_entries(engine, width * height))
    key = (str(cache_dir()), width, height, blank_cell, groups)
    known = _loaded.get(key)
    if known is not None:
        return known
    cell_count = width * height
    cells = [table_cell(width, height, blank_cell, group) for group in groups]
    tables: list[bytes] = []
    missing: list[int] = []
    for number, group in enumerate(groups):
        table = _table(width, height, cells[number], group, engine)
        tables.append(table)
        if table:
            _loaded_tables[str(cache_path(width, height, cells[number], group))] = table
        else:
            missing.append(number)
    # Smallest first: the quick tables are done (and kept) before the long ones start.
    missing.sort(key=lambda number: len(groups[number]))
    total = sum(_work(cell_count, len(groups[number])) for number in missing)
    progress = _SharedProgress(poll, total, len(groups))

    def build(number: int) -> bytes | None:
        group, cell = groups[number], cells[number]
        # A table of the former format (cached for its own goal blank cell, not shared) is
        # converted: under a minute, where a build takes more.
        formers = {
            cache_path(width, height, former_cell, group, _CONVERTIBLE_VERSION): former_cell
            for former_cell in (cell, blank_cell)
        }
        exact: bytes | None = b""
        for former, former_cell in formers.items():
            exact = exact or _read_cached(
                former, width, height, former_cell, len(group), version=_CONVERTIBLE_VERSION
            )
        group_poll = progress.poll_for(number)
        if not exact:
            if engine is None:
                exact = build_table_pure(width, height, cell, group, group_poll)
            else:
                exact = engine.build_table(width, height, cell, group, group_poll, _cores())
        if exact is None:
            return None
        built = _states_to_reach(cell_count, len(group), len(exact))

        def compact_poll(looked_at: int, _to_reach: int) -> bool:
            return group_poll(built + looked_at, 0)

        if engine is None:
            made = compact_pure(width, height, group, exact, compact_poll)
        else:
            made = engine.compact_table(width, height, group, exact, compact_poll, _cores())
        if made is None:
            return None
        path = cache_path(width, height, cell, group)
        _write_cached(path, (width, height, cell, len(group)), made)
        _loaded_tables[str(path)] = made
        for former in formers:
            with contextlib.suppress(OSError):
                former.unlink(missing_ok=True)
        return made

    if engine is None:
        # Pure Python runs in this thread, where Ctrl+C interrupts it directly.
        built = {number: build(number) for number in missing}
    else:
        built = _build_side_by_side(build, missing, progress)
    for number in missing:
        made = built[number]
        if made is None:
            raise BuildStoppedError
        tables[number] = made
    databases = PatternDatabases(width, height, blank_cell, groups, tuple(tables))
    _loaded[key] = databases
    for group in superseded_groups(width, height, blank_cell, max_entries(engine, cell_count)):
        with contextlib.suppress(OSError):
            cache_path(width, height, table_cell(width, height, blank_cell, group), group).unlink(
                missing_ok=True
            )
    return databases


def _cores() -> int:
    """The threads a compiled build or compaction splits its work over: every core. Two
    builds side by side share them; the longer one has them to itself once the other ends."""
    return os.cpu_count() or 1


#: How long the calling thread waits on the builds at a time: signals (Ctrl+C) are handled
#: between waits even where a blocked wait cannot be interrupted (Windows).
_WAIT_SECONDS = 0.1


def _build_side_by_side(
    build: Callable[[int], bytes | None], missing: Sequence[int], progress: _SharedProgress
) -> dict[int, bytes | None]:
    """`build(number)` of every missing table on worker threads (the compiled builds release
    the GIL), the calling thread waiting. Even a single build runs on a worker: the calling
    thread then stays free to hear Ctrl+C (KeyboardInterrupt), which, like an error of one
    build, stops every build at its next poll before it propagates."""
    if not missing:
        return {}
    workers = min(len(missing), os.cpu_count() or 1)
    pool = ThreadPoolExecutor(workers, thread_name_prefix="pattern-db")
    futures: dict[int, Future[bytes | None]] = {}
    try:
        # Submitting inside the guard: Ctrl+C may land while a build already runs.
        for number in missing:
            futures[number] = pool.submit(build, number)
        pending = set(futures.values())
        while pending:
            done, pending = wait(pending, timeout=_WAIT_SECONDS, return_when=FIRST_EXCEPTION)
            for future in done:
                error = future.exception()
                if error is not None:
                    raise error
    except BaseException:
        progress.stop()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return {number: future.result() for number, future in futures.items()}


class _SharedProgress:
    """Progress over every table being built, for one poll, from builds that may run side by
    side: each build reports its own count; once the poll stops one (True, or an exception),
    or `stop` is called, every build hears True at its next report."""

    def __init__(self, poll: BuildPoll | None, total: int, tables: int) -> None:
        self._poll = poll
        self._total = total
        self._reached = [0] * tables
        self._stopped = False
        self._lock = threading.Lock()

    def stop(self) -> None:
        with self._lock:
            self._stopped = True

    def poll_for(self, number: int) -> BuildPoll:
        """The poll of build `number`: every build gets one, even with no caller's poll, so
        that `stop` reaches it."""
        poll = self._poll

        def group_poll(reached: int, _to_reach: int) -> bool:
            with self._lock:
                if self._stopped:
                    return True
                if poll is None:
                    return False
                self._reached[number] = reached
                try:
                    self._stopped = poll(sum(self._reached), self._total)
                except BaseException:
                    self._stopped = True
                    raise
                return self._stopped

        return group_poll


def serving_cell(width: int, height: int, blank_cell: int) -> int:
    """The goal blank cell whose tables serve goals with the blank in `blank_cell`, searched
    turned or flipped onto it (`core.symmetry`): the smallest cell of its orbit, whatever the
    cache holds, so every goal of an orbit is searched on the same tables, node for node
    (blank first and blank last share cell 0's).

    A set cached for another cell of the orbit before tables were shared (blank last's,
    cell 15) is not read: on a 4x4, cell 0's partition (two blocks of two rows, and a
    corner) is the stronger one, worth building once."""
    return symmetry.orbit(width, height, blank_cell)[0]


def _table(
    width: int, height: int, cell: int, group: Sequence[int], engine: CompiledSearch | None
) -> bytes:
    """`group`'s table for goal blank `cell` (`table_cell`), from memory when another set
    loaded it, else from a sound cache file; b"" when neither."""
    path = cache_path(width, height, cell, group)
    return _loaded_tables.get(str(path)) or _read_cached(
        path, width, height, cell, len(group), engine=engine
    )


def is_cached(width: int, height: int, blank_cell: int, *, engine: CompiledSearch | None) -> bool:
    """Whether `load` would find every table in memory or in a sound cache file (no build)."""
    groups = partition(width, height, blank_cell, max_entries(engine, width * height))
    if (str(cache_dir()), width, height, blank_cell, groups) in _loaded:
        return True
    return all(
        _table(width, height, table_cell(width, height, blank_cell, group), group, engine)
        for group in groups
    )


def is_stored(width: int, height: int, blank_cell: int, *, engine: CompiledSearch | None) -> bool:
    """Whether every table is in memory or in a cache file of the right size and header: a
    quick look (a header read a file, no checksum) for deciding on the GUI thread whether to
    search with tables of hundreds of megabytes. `load` still checks each file whole."""
    groups = partition(width, height, blank_cell, max_entries(engine, width * height))
    if (str(cache_dir()), width, height, blank_cell, groups) in _loaded:
        return True
    cells = [table_cell(width, height, blank_cell, group) for group in groups]
    return all(
        str(cache_path(width, height, cell, group)) in _loaded_tables
        or _looks_whole(cache_path(width, height, cell, group), width, height, cell, group)
        for cell, group in zip(cells, groups, strict=True)
    )


def _looks_whole(
    path: Path, width: int, height: int, blank_cell: int, group: Sequence[int]
) -> bool:
    """Whether `path` is a regular file of a table's size whose header is this build's and
    this table's (opened without blocking and looked at first, as `_read_cached` does)."""
    entries = placements(width * height, len(group))
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
    except OSError:
        return False
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or status.st_size != _HEADER.size + packed_size(
            entries
        ):
            return False
        header = os.read(handle, _HEADER.size)
    except OSError:
        return False
    finally:
        os.close(handle)
    if len(header) != _HEADER.size:
        return False
    stored = _HEADER.unpack_from(header)[:7]
    return stored == (_MAGIC, FORMAT_VERSION, width, height, blank_cell, len(group), entries)


def forget_loaded() -> None:
    """Drop the databases held in memory (tests use it to exercise the disk cache)."""
    _loaded.clear()
    _loaded_tables.clear()


_loaded: dict[tuple[str, int, int, int, tuple[tuple[int, ...], ...]], PatternDatabases] = {}
#: Every table held in memory, by its cache path: sets that share a table share its bytes.
_loaded_tables: dict[str, bytes] = {}
