"""Pattern databases: both twins build the same tables and make them compact alike, the
compact tables give back the largest consistent lower bounds below the exact tables, the
bounds are admissible (the mirror lookup too), and the disk cache is versioned, checked,
rebuilt when damaged and converted once from the former format."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import pattern_db, speedups
from core.pattern_db import (
    BuildDirection,
    build_table_pure,
    cell_distance,
    compact_pure,
    exact_entry,
    neighbour_cells,
    packed_size,
    partition,
    placements,
    rank,
    unrank,
)
from core.settings import SetupError
from tests.core.ground_truth import distances_from
from tests.core.pattern_cache import databases_of

if TYPE_CHECKING:
    from core.speedups import CompiledTwins
    from tests.core.conftest import Compiled


@pytest.fixture(autouse=True)
def _scratch_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    pattern_db.forget_loaded()


def distances_to_goal(width: int, height: int, blank_cell: int) -> dict[tuple[int, ...], int]:
    """Breadth-first distances of every position (each label's cell, `positions[label]`,
    the blank's label being `blank_cell`) from the relabelled goal: the ground-truth
    oracle's, over the arrangements that place those labels."""
    goal = tuple(range(width * height))
    by_positions = {}
    for arrangement, distance in distances_from(width, height, goal, blank_cell).items():
        positions = [0] * len(arrangement)
        for cell, label in enumerate(arrangement):
            positions[label] = cell
        by_positions[tuple(positions)] = distance
    return by_positions


def test_rank_numbers_every_placement_once() -> None:
    cell_count, size = 6, 3
    seen = set()
    for first in range(cell_count):
        for second in range(cell_count):
            for third in range(cell_count):
                if len({first, second, third}) == 3:
                    index = rank((first, second, third), cell_count)
                    seen.add(index)
                    assert unrank(index, size, cell_count) == [first, second, third]
    assert seen == set(range(placements(cell_count, size)))


@pytest.mark.parametrize("blank_cell", range(16))
def test_partition_covers_every_goal_cell_but_the_blank_once(blank_cell: int) -> None:
    groups = partition(4, 4, blank_cell, pattern_db.COMPILED_MAX_ENTRIES)
    corner = blank_cell in {0, 3, 12, 15}
    assert sorted(len(group) for group in groups) == ([7, 8] if corner else [1, 6, 8])
    assert sorted(cell for group in groups for cell in group) == [
        cell for cell in range(16) if cell != blank_cell
    ]
    groups = partition(4, 4, blank_cell, 6_000_000)
    assert sorted(cell for group in groups for cell in group) == [
        cell for cell in range(16) if cell != blank_cell
    ]
    assert [len(group) for group in partition(3, 3, 8, pattern_db.COMPILED_MAX_ENTRIES)] == [8]
    assert [len(group) for group in partition(4, 4, 15, pattern_db.PURE_MAX_ENTRIES)] == [3] * 5


def test_a_four_by_four_corner_goal_gets_the_seven_eight_halves() -> None:
    budget = pattern_db.COMPILED_MAX_ENTRIES
    assert partition(4, 4, 0, budget) == ((1, 2, 3, 4, 5, 6, 7), tuple(range(8, 16)))
    assert partition(4, 4, 15, budget) == (tuple(range(8, 15)), tuple(range(8)))
    # A smaller budget keeps groups of the budget's size.
    assert sorted(map(len, partition(4, 4, 0, 6_000_000))) == [3, 6, 6]
    assert sorted(map(len, partition(4, 4, 5, 6_000_000))) == [3, 6, 6]


def test_every_four_by_four_goal_shares_the_eight_tile_table() -> None:
    # The tables for every served goal blank (corner, edge, middle): one 8-tile table, the
    # corner's 7-tile one, a 6-tile one each for the edge and the middle, and a shared
    # 1-tile one: 147 MB at 2 bits an entry, under the 150 MB wanted.
    budget = pattern_db.COMPILED_MAX_ENTRIES
    assert partition(4, 4, 1, budget) == ((0, 2, 3, 4, 5, 6), (7,), tuple(range(8, 16)))
    assert partition(4, 4, 5, budget) == ((0, 1, 2, 3, 4, 6), (7,), tuple(range(8, 16)))
    assert partition(4, 4, 14, budget) == ((9, 10, 11, 12, 13, 15), (8,), tuple(range(8)))
    tables = {
        (pattern_db.table_cell(4, 4, blank_cell, group), group)
        for blank_cell in {pattern_db.serving_cell(4, 4, cell) for cell in range(16)}
        for group in partition(4, 4, blank_cell, budget)
    }
    assert sorted(len(group) for _cell, group in tables) == [1, 6, 6, 7, 8]
    size = sum(packed_size(placements(16, len(group))) for _cell, group in tables)
    assert size == 147_026_884


@pytest.mark.parametrize("blank_cell", [1, 5])
def test_an_edge_or_middle_set_removes_the_files_of_its_former_7_7_1_groups(
    compiled: Compiled, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, blank_cell: int
) -> None:
    # The app's budget; every table of the set taken as cached (an 8-tile build takes
    # minutes), the former groups' files written by an earlier version.
    monkeypatch.delenv(pattern_db.MAX_ENTRIES_VARIABLE, raising=False)
    budget = pattern_db.max_entries(compiled.search)
    former = pattern_db.superseded_groups(4, 4, blank_cell, budget)
    assert sorted(map(len, former)) == [1, 7, 7]
    assert not set(former) & set(partition(4, 4, blank_cell, budget))
    paths = [
        pattern_db.cache_path(4, 4, pattern_db.table_cell(4, 4, blank_cell, group), group)
        for group in former
    ]
    kept = pattern_db.cache_path(4, 4, 0, tuple(range(1, 8)))  # the corner set's
    for path in [*paths, kept]:
        path.write_bytes(b"a table")
    monkeypatch.setattr(pattern_db, "_table", lambda *_: b"a table")
    pattern_db.load(4, 4, blank_cell, engine=compiled.search)
    assert not any(path.exists() for path in paths)
    assert kept.exists()
    # Corner goals, and smaller budgets, have none.
    assert pattern_db.superseded_groups(4, 4, 0, budget) == ()
    assert pattern_db.superseded_groups(4, 4, blank_cell, 6_000_000) == ()


@pytest.mark.parametrize(
    ("width", "height", "blank_cell", "group"),
    [
        (3, 3, 8, (0, 1, 3, 4)),
        (3, 3, 4, (0, 1, 2, 3, 5)),
        (2, 3, 4, (0, 1, 2, 3, 5)),
        (2, 4, 0, (1, 3, 5)),
        (4, 2, 5, (0, 1, 2, 3, 4, 6, 7)),
        (1, 4, 2, (0, 1, 3)),
        (4, 4, 6, (0, 5, 10)),
    ],
)
def test_both_twins_build_the_same_table(
    compiled: Compiled, width: int, height: int, blank_cell: int, group: tuple[int, ...]
) -> None:
    pure = build_table_pure(width, height, blank_cell, group)
    compact = compact_pure(width, height, group, pure)
    assert compact is not None
    assert len(compact) == (len(pure) + 3) // 4
    # Work split over threads (in chunks: 4x2's table holds several), and layers taken
    # forwards, backwards or switching on the way, give the same bytes as one thread and
    # as the pure twin.
    for threads in (1, 2, 3):
        for direction in BuildDirection:
            built = compiled.search.build_table(
                width, height, blank_cell, group, None, threads, direction
            )
            assert built == pure, direction
        assert compiled.search.compact_table(width, height, group, pure, None, threads) == compact
    if len(pure) <= GROUND_TRUTH_ENTRIES:
        assert_largest_consistent_lower_bound(width, height, group, pure, compact)


#: The largest table whose compact form is checked against the ground truth (in seconds).
GROUND_TRUTH_ENTRIES = 16_000


def assert_largest_consistent_lower_bound(
    width: int, height: int, group: tuple[int, ...], exact: bytes, compact: bytes
) -> None:
    """The compact table's entries, read back exactly, are the exact table's lowered the
    least so that no move changes the excess over the taxicab distance by more than one:
    each excess the least of its own and, over every placement, that one's plus the moves
    between them (found here by a bucketed breadth-first search from every placement)."""
    cell_count = width * height
    neighbours = neighbour_cells(width, height)

    def distance(positions: list[int]) -> int:
        return sum(map(cell_distance, [width] * len(group), positions, group))

    excess = [
        value
        if value == pattern_db.UNREACHED
        else (value - distance(unrank(index, len(group), cell_count))) // 2
        for index, value in enumerate(exact)
    ]
    buckets: dict[int, list[int]] = {}
    for index, value in enumerate(excess):
        buckets.setdefault(value, []).append(index)
    for value in range(pattern_db.UNREACHED - 1):
        for index in buckets.get(value, []):
            if excess[index] != value:
                continue
            positions = unrank(index, len(group), cell_count)
            for slot, start in enumerate(positions):
                for cell in neighbours[start]:
                    moved = rank([*positions[:slot], cell, *positions[slot + 1 :]], cell_count)
                    if cell not in positions and excess[moved] > value + 1:
                        excess[moved] = value + 1
                        buckets.setdefault(value + 1, []).append(moved)
    for index, value in enumerate(exact):
        if value != pattern_db.UNREACHED:
            positions = unrank(index, len(group), cell_count)
            entry = exact_entry(width, height, group, compact, positions)
            assert entry == distance(positions) + 2 * excess[index]


def test_an_exact_table_gives_the_breadth_first_distance() -> None:
    width, height, blank_cell = 2, 3, 5
    group = tuple(cell for cell in range(6) if cell != blank_cell)
    table = build_table_pure(width, height, blank_cell, group)
    for positions, distance in distances_to_goal(width, height, blank_cell).items():
        assert table[rank([positions[label] for label in group], 6)] == distance


@pytest.mark.parametrize(
    ("width", "height", "blank_cell"), [(3, 3, 8), (3, 3, 4), (2, 4, 3), (4, 2, 7), (3, 2, 0)]
)
def test_the_bound_never_exceeds_the_distance(
    twin: CompiledTwins, width: int, height: int, blank_cell: int
) -> None:
    # Small groups, so the bound is a real estimate and not the exact distance.
    groups = partition(width, height, blank_cell, 400 if width * height > 4 else 4)
    databases = databases_of(width, height, blank_cell, groups, twin.search)
    assert databases.mirrored == (width == height and blank_cell % (width + 1) == 0)
    below = 0
    # Every seventh position of the 8-puzzle (all of them cost seconds), every one elsewhere.
    every = 7 if width * height == 9 else 1
    for positions, distance in list(distances_to_goal(width, height, blank_cell).items())[::every]:
        bound = databases.heuristic(positions)
        assert bound <= distance
        if databases.mirrored:
            assert databases.additive(pattern_db.transposed(positions, width)) <= distance
        below += bound < distance
    assert below  # the test would prove nothing with exact tables


def test_load_builds_then_reads_the_cache(twin: CompiledTwins, tmp_path: Path) -> None:
    polls: list[tuple[int, int]] = []
    first = pattern_db.load(
        3, 3, 8, engine=twin.search, poll=lambda *args: polls.append(args) or False
    )
    assert polls
    assert polls[-1][0] <= polls[-1][1]
    files = sorted(tmp_path.glob(f"pattern-v{pattern_db.FORMAT_VERSION}-3x3-*.pdb"))
    assert len(files) == len(first.groups)
    pattern_db.forget_loaded()
    assert pattern_db.is_cached(3, 3, 8, engine=twin.search)
    again = pattern_db.load(3, 3, 8, engine=twin.search, poll=lambda *_: pytest.fail("rebuilt"))
    assert again == first


@pytest.mark.parametrize("damage", ["truncate", "flip", "header", "empty"])
def test_a_damaged_cache_file_is_rebuilt(twin: CompiledTwins, tmp_path: Path, damage: str) -> None:
    # Either twin reads the file (the compiled one into large pages, `read_table`).
    sound = pattern_db.load(2, 3, 5, engine=None)
    pattern_db.forget_loaded()
    path = pattern_db.cache_path(2, 3, 5, sound.groups[0])
    data = bytearray(path.read_bytes())
    if damage == "truncate":
        data = data[:-3]
    elif damage == "flip":
        data[-1] ^= 0xFF
    elif damage == "header":
        data[9] ^= 0x01  # the version
    else:
        data = bytearray()
    path.write_bytes(bytes(data))
    assert not pattern_db.is_cached(2, 3, 5, engine=twin.search)
    rebuilt = pattern_db.load(2, 3, 5, engine=twin.search)
    assert rebuilt == sound
    assert path.read_bytes() != bytes(data)


def test_the_compiled_read_takes_the_bytes_from_where_the_file_stands(
    compiled: Compiled, tmp_path: Path
) -> None:
    path = tmp_path / "table"
    data = bytes(range(256)) * 4_000
    path.write_bytes(data)
    with path.open("rb", buffering=0) as stream:
        assert stream.read(10) == data[:10]
        assert compiled.search.read_table(stream.fileno(), 5_000) == data[10:5_010]
        assert compiled.search.read_table(stream.fileno(), 0) == b""
        # Fewer bytes left than asked: nothing.
        assert compiled.search.read_table(stream.fileno(), len(data)) == b""
    with pytest.raises(OSError, match="Bad file descriptor"):
        compiled.search.read_table(-1, 10)


def test_goals_whose_blank_reaches_the_same_cells_share_a_table(tmp_path: Path) -> None:
    corner = pattern_db.load(3, 3, 0, engine=None)
    edge = pattern_db.load(3, 3, 1, engine=None)
    shared = set(corner.groups) & set(edge.groups)
    assert shared  # cells 5-8: the blank reaches cells 0-4 from either goal blank
    assert len(list(tmp_path.iterdir())) == len(set(corner.groups) | set(edge.groups))
    for group in shared:
        table = corner.tables[corner.groups.index(group)]
        assert edge.tables[edge.groups.index(group)] is table
    # The shared table is the one built for the edge goal's own blank cell.
    assert edge == databases_of(3, 3, 1, edge.groups)
    pattern_db.forget_loaded()
    assert pattern_db.is_stored(3, 3, 1, engine=None)
    assert pattern_db.load(3, 3, 1, engine=None) == edge


def write_former_format(group: tuple[int, ...], exact: bytes) -> Path:
    """`exact` (a 2x3 table, goal blank in cell 5) stored as version 1 stored it: a byte an
    entry."""
    path = pattern_db.cache_path(2, 3, 5, group, version=1)
    header = pattern_db._HEADER.pack(
        pattern_db._MAGIC, 1, 2, 3, 5, len(group), len(exact), zlib.crc32(exact)
    )
    path.write_bytes(header + exact)
    return path


@pytest.mark.parametrize("damaged", [False, True])
def test_a_former_format_file_is_converted_once_never_misread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damaged: bool
) -> None:
    sound = pattern_db.load(2, 3, 5, engine=None)
    group = sound.groups[0]
    exact = build_table_pure(2, 3, 5, group)
    pattern_db.forget_loaded()
    for path in tmp_path.iterdir():
        path.unlink()
    # The former layout holds the exact table; a damaged file is rebuilt.
    former = write_former_format(group, exact)
    if damaged:
        data = bytearray(former.read_bytes())
        data[-1] ^= 1
        former.write_bytes(bytes(data))
    assert not pattern_db.is_cached(2, 3, 5, engine=None)
    if not damaged:
        monkeypatch.setattr(pattern_db, "build_table_pure", lambda *_: pytest.fail("built"))
    assert pattern_db.load(2, 3, 5, engine=None) == sound
    assert not former.exists()
    assert [path.name for path in tmp_path.iterdir()] == [
        pattern_db.cache_path(2, 3, 5, group).name
    ]


def test_the_cache_folder_variable_is_honoured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(elsewhere))
    assert pattern_db.cache_dir() == elsewhere
    pattern_db.load(2, 2, 3, engine=None)
    assert list(elsewhere.glob("pattern-v*-2x2-blank3-*.pdb"))
    monkeypatch.delenv(pattern_db.CACHE_DIR_VARIABLE)
    assert "slidecheck" in str(pattern_db.cache_dir()).lower()


def test_a_stopped_build_writes_nothing(twin: CompiledTwins, tmp_path: Path) -> None:
    with pytest.raises(pattern_db.BuildStoppedError):
        pattern_db.load(3, 3, 8, engine=twin.search, poll=lambda *_: True)
    assert not list(tmp_path.iterdir())


def test_the_compiled_budget_can_be_lowered(
    compiled: Compiled, monkeypatch: pytest.MonkeyPatch
) -> None:
    # tests/conftest.py lowers it for the whole run: start from the app's own setting.
    monkeypatch.delenv(pattern_db.MAX_ENTRIES_VARIABLE, raising=False)
    assert pattern_db.max_entries(None) == pattern_db.PURE_MAX_ENTRIES
    assert pattern_db.max_entries(compiled.search) == pattern_db.COMPILED_MAX_ENTRIES
    monkeypatch.setenv(pattern_db.MAX_ENTRIES_VARIABLE, "6000000")
    assert pattern_db.max_entries(compiled.search) == 6_000_000
    assert pattern_db.max_entries(None) == pattern_db.PURE_MAX_ENTRIES
    monkeypatch.setenv(pattern_db.MAX_ENTRIES_VARIABLE, "lots")
    with pytest.raises(SetupError, match=pattern_db.MAX_ENTRIES_VARIABLE):
        pattern_db.max_entries(compiled.search)


def test_tables_built_side_by_side_report_one_progress(
    compiled: Compiled, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(pattern_db.MAX_ENTRIES_VARIABLE, "400")  # 3x3: four groups of two
    heard: list[tuple[int, int]] = []
    databases = pattern_db.load(
        3, 3, 8, engine=compiled.search, poll=lambda *at: heard.append(at) or False
    )
    assert len(databases.groups) > 1
    assert databases == databases_of(3, 3, 8, databases.groups)
    totals = {total for _, total in heard}
    assert len(totals) == 1
    assert all(0 <= reached <= total for reached, total in heard)


def test_a_poll_stops_or_fails_every_build_side_by_side(
    compiled: Compiled, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(pattern_db.MAX_ENTRIES_VARIABLE, "400")
    with pytest.raises(pattern_db.BuildStoppedError):
        pattern_db.load(3, 3, 8, engine=compiled.search, poll=lambda *_: True)

    class CancelledError(Exception):
        pass

    def failing(_reached: int, _total: int) -> bool:
        raise CancelledError

    with pytest.raises(CancelledError):
        pattern_db.load(3, 3, 8, engine=compiled.search, poll=failing)
    assert not pattern_db.is_cached(3, 3, 8, engine=compiled.search)


# -- whatever sits at a table's name ---------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
#: Address space for the `solve` child: far below the 2 GB file, far above what solving a
#: 3x3 needs, so reading a foreign file whole fails at once instead of swapping.
CHILD_ADDRESS_SPACE = 1 << 30


def solve_three_by_three(cache: Path) -> subprocess.CompletedProcess[str]:
    """`slidecheck solve` of a 3x3 board in a child process with `cache` as its cache."""

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CHILD_ADDRESS_SPACE, CHILD_ADDRESS_SPACE))

    return subprocess.run(
        [sys.executable, "-m", "gui.launcher", "solve", "-"],
        input="1 2 3\n4 5 6\n0 7 8\n",
        capture_output=True,
        text=True,
        timeout=30,  # a FIFO at the name used to block the read for ever
        check=False,
        cwd=ROOT,
        env={**os.environ, pattern_db.CACHE_DIR_VARIABLE: str(cache)},
        preexec_fn=limit_memory,
    )


def three_by_three_table_path(cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(cache))
    # The first of its tables (the only one, with the compiled twin): the child process
    # chooses the twins as this one did. Its goal (blank last) is served by blank first's
    # tables, cell 0 (core.symmetry).
    group = partition(3, 3, 0, pattern_db.max_entries(speedups.compiled_twins.search))[0]
    return pattern_db.cache_path(3, 3, 0, group)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and rlimits (POSIX)")
@pytest.mark.parametrize("foreign", ["fifo", "link to /dev/zero", "2 GB file", "dangling link"])
def test_a_foreign_file_at_a_tables_name_is_replaced(
    foreign: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = three_by_three_table_path(tmp_path, monkeypatch)
    if foreign == "fifo":
        os.mkfifo(path)
    elif foreign == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif foreign == "2 GB file":
        with path.open("wb") as stream:
            stream.truncate(2 << 30)  # sparse: costs no disk
    else:
        path.symlink_to(tmp_path / "nowhere")
    finished = solve_three_by_three(tmp_path)
    assert (finished.returncode, finished.stdout, finished.stderr) == (
        0,
        "2 moves, optimal\nLL\n",
        "",
    )
    assert path.is_file()
    assert not path.is_symlink()
    assert pattern_db.is_cached(3, 3, 0, engine=speedups.compiled_twins.search)
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs rlimits (POSIX)")
def test_a_folder_at_a_tables_name_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = three_by_three_table_path(tmp_path, monkeypatch)
    (path / "something").mkdir(parents=True)
    finished = solve_three_by_three(tmp_path)
    assert finished.returncode == 2
    assert finished.stdout == ""
    assert finished.stderr == (
        f"slidecheck solve: the search's table cache holds a folder at {str(path)!a}, not a "
        "table file, and it cannot be replaced (Is a directory): remove it\n"
    )


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_bytes_at_a_tables_path_load_as_the_table_or_are_rebuilt(
    tmp_path: Path, data: st.DataObject
) -> None:
    pattern_db.forget_loaded()
    sound = pattern_db.load(2, 3, 5, engine=None)
    path = pattern_db.cache_path(2, 3, 5, sound.groups[0])
    whole = path.read_bytes()
    # Anything: random bytes, or the table itself with one byte changed, then cut.
    edited = st.tuples(
        st.integers(0, len(whole) - 1), st.integers(0, 255), st.integers(0, len(whole))
    ).map(lambda edit: (whole[: edit[0]] + bytes([edit[1]]) + whole[edit[0] + 1 :])[: edit[2]])
    garbage = data.draw(st.one_of(st.binary(max_size=len(whole) + 16), edited))
    path.write_bytes(garbage)
    pattern_db.forget_loaded()
    assert pattern_db.load(2, 3, 5, engine=None) == sound
    assert path.read_bytes() == whole
