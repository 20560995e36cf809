"""Compiled twin of core.search (IDA*) and core.pattern_db (table builds) (core/_search.c),
as type checkers see it: the C module carries no annotations of its own."""

from collections.abc import Callable, Sequence

def build_table(
    width: int,
    height: int,
    blank_cell: int,
    group: Sequence[int],
    poll: Callable[[int, int], bool] | None,
    threads: int = 1,
    direction: int = 0,
    /,
) -> bytes | None:
    """The pattern table of `group` (goal cells) for goal blank `blank_cell`, each layer
    split over `threads` threads and taken the way `direction` says
    (core.pattern_db.BuildDirection; the same bytes however many and whichever way);
    poll(reached, 0) is called between layers and within them and returns True to stop
    (then None)."""

def compact_table(
    width: int,
    height: int,
    group: Sequence[int],
    table: bytes,
    poll: Callable[[int, int], bool] | None,
    threads: int = 1,
    /,
) -> bytes | None:
    """`table` (a byte an entry, from build_table) in its compact form: the excess over the
    group's taxicab distance, lowered until a move changes it by at most one, stored mod 3
    in 2 bits an entry, four to a byte, split over `threads` threads (the same bytes however
    many). poll(entries looked at, 0) returns True to stop (then None)."""

def read_table(fd: int, size: int, /) -> bytes:
    """`size` bytes read from the file descriptor `fd` from where it stands (b"" where the
    file ends sooner), into memory in large pages where the system gives them, as the
    tables are: a search's lookups then seldom miss the address translation cache. Raises
    OSError."""

def search(
    width: int,
    height: int,
    labels: Sequence[int],
    groups: Sequence[Sequence[int]],
    tables: Sequence[bytes],
    mirrored: bool,
    automaton: bytes,
    poll: Callable[[int, int], bool] | None,
    poll_interval: int,
    weight_num: int = 1,
    weight_den: int = 1,
    length_limit: int = ...,
    /,
) -> tuple[list[int] | None, int] | None:
    """IDA* on a relabelled board, on compact tables (compact_table): (labels moved,
    nodes), or None when poll(bound, nodes) returned True. Weighted by weight_num /
    weight_den (a node costs depth * den + estimate * num); only solutions shorter than
    length_limit: (None, nodes) if none."""
