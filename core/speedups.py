"""Which twin runs the hot loops: a compiled extension, or its pure-Python reference.

Each compiled module (`core._inversions`, ...) is an optional C extension that `pip install`
builds when a compiler is there. The pure-Python function beside it is the reference: both
are tested, and the pure one runs wherever the compiled one is missing or refused.
Setting SLIDECHECK_PURE_PYTHON=1 refuses every compiled module, for the whole process (the
benchmarks run the reference in a process of its own so).

The twins are chosen once, as core is imported, into `compiled_twins`: each hot loop reads
its own there as it runs (`speedups.compiled_twins.search`, never a copy taken at import),
so a test or a benchmark that puts other twins there for a while is obeyed everywhere
(tests/core/conftest.py runs the twin-sensitive tests on both). Each compiled module meets
the protocol below that names what its callers use; its signatures are in the stub beside
its C source (core/_search.pyi, ...), so the type checker holds one against the other.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol, TypeVar

from core import settings

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import ModuleType

    import numpy as np
    from numpy.typing import NDArray

    from core._hand import Hand

PURE_PYTHON_VARIABLE = "SLIDECHECK_PURE_PYTHON"

#: Every compiled module the project declares (pyproject.toml's ext-modules), by short name.
COMPILED_MODULES = ("_inversions", "_search", "_fix", "_hand", "_photo")


class Backend(StrEnum):
    COMPILED = "compiled"
    PURE_PYTHON = "pure Python"


def pure_python_forced() -> bool:
    """Whether $SLIDECHECK_PURE_PYTHON is 1. Raises `SetupError` for a value other than 1,
    0 or empty."""
    return settings.switch(PURE_PYTHON_VARIABLE)


class CompiledInversions(Protocol):
    """`core._inversions`: `core.inversions.count_inversions_pure` in C."""

    def count_inversions(self, ranks: Sequence[int], /) -> int: ...


class CompiledSearch(Protocol):
    """`core._search`: `core.search.search_pure`, `core.pattern_db.build_table_pure` and
    `core.pattern_db.compact_pure` in C. Each calls `poll(bound, nodes)` or `poll(count
    done, 0)` now and then; True stops it (None)."""

    def build_table(  # noqa: PLR0917 (the C function's arguments are positional)
        self,
        width: int,
        height: int,
        blank_cell: int,
        group: Sequence[int],
        poll: Callable[[int, int], bool] | None,
        threads: int = 1,
        direction: int = 0,
        /,
    ) -> bytes | None: ...

    def compact_table(  # noqa: PLR0917 (the C function's arguments are positional)
        self,
        width: int,
        height: int,
        group: Sequence[int],
        table: bytes,
        poll: Callable[[int, int], bool] | None,
        threads: int = 1,
        /,
    ) -> bytes | None: ...

    def read_table(self, fd: int, size: int, /) -> bytes: ...

    def search(  # noqa: PLR0917 (the C function's arguments are positional)
        self,
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
    ) -> tuple[list[int] | None, int] | None: ...


class CompiledFix(Protocol):
    """`core._fix`: `core.fix.nearest_swap_pure` in C, on the tiles of board and goal."""

    def nearest_swap(
        self, tiles: Sequence[int], target_tiles: Sequence[int], width: int, /
    ) -> tuple[int, int]: ...


class CompiledHand(Protocol):
    """`core._hand`: the routines of `core.fast_solver`'s hand method in C, one `Hand` a
    solve (its methods: core/_hand.pyi)."""

    @property
    def Hand(self) -> type[Hand]: ...


class CompiledPhoto(Protocol):
    """`core._photo`: the photo reader's loops in C, each writing into the last array it
    is given: `core.photo.assignment.augment_pure`, `core.photo.board_finder`'s
    reconstruct_pure and label_regions_pure, and
    `core.photo.network.shifted_stack_pure`."""

    def augment(
        self,
        costs: NDArray[np.float64],
        column_of_row: NDArray[np.int64],
        row_potential: NDArray[np.float64],
        column_potential: NDArray[np.float64],
        /,
    ) -> None: ...

    def reconstruct(
        self, seeds: NDArray[np.bool_], allowed: NDArray[np.bool_], region: NDArray[np.bool_], /
    ) -> None: ...

    def label_regions(self, free: NDArray[np.bool_], labels: NDArray[np.int64], /) -> None: ...

    def shifted_stack(
        self, pictures: NDArray[np.float32], shifted: NDArray[np.float32], /
    ) -> None: ...


@dataclass(frozen=True)
class CompiledTwins:
    """The compiled twin of each hot loop, or None where its pure-Python reference runs
    (`CompiledTwins()`: the reference everywhere)."""

    inversions: CompiledInversions | None = None
    search: CompiledSearch | None = None
    fix: CompiledFix | None = None
    hand: CompiledHand | None = None
    photo: CompiledPhoto | None = None

    def pure_python(self) -> list[str]:
        """The hot loops that run their pure-Python reference, by name."""
        return [field.name for field in fields(self) if getattr(self, field.name) is None]


_T = TypeVar("_T")


def _built(load: Callable[[], _T]) -> _T | None:
    try:
        return load()
    except ImportError:
        return None


# One loader a module, importing it only when it is not refused: each `return` is where the
# type checker holds the module's stub against the protocol it must meet.
def _load_inversions() -> CompiledInversions:
    from core import _inversions

    return _inversions


def _load_search() -> CompiledSearch:
    from core import _search

    return _search


def _load_fix() -> CompiledFix:
    from core import _fix

    return _fix


def _load_hand() -> CompiledHand:
    from core import _hand

    return _hand


def _load_photo() -> CompiledPhoto:
    from core import _photo

    return _photo


def load_compiled_twins() -> CompiledTwins:
    """Every compiled twin that is built and not refused.

    Importing core must not fail, so a bad $SLIDECHECK_PURE_PYTHON reads here as the pure
    reference (the safe reading of a value that asked for something); the commands report
    the value before any work (`settings.check_environment`)."""
    try:
        refused = pure_python_forced()
    except settings.SetupError:
        refused = True
    if refused:
        return CompiledTwins()
    return CompiledTwins(
        inversions=_built(_load_inversions),
        search=_built(_load_search),
        fix=_built(_load_fix),
        hand=_built(_load_hand),
        photo=_built(_load_photo),
    )


#: The twins the hot loops run: chosen once, here, as core is imported.
compiled_twins = load_compiled_twins()


def compiled(name: str) -> ModuleType | None:
    """The compiled module `core.<name>` as the environment asks now (for reports: the hot
    loops run `compiled_twins`), or None when it is missing or refused."""
    if pure_python_forced():
        return None
    try:
        return importlib.import_module(f"core.{name}")
    except ImportError:
        return None


def backends() -> dict[str, Backend]:
    """Which twin each hot-loop module runs."""
    return {
        name.lstrip("_"): Backend.COMPILED if compiled(name) else Backend.PURE_PYTHON
        for name in COMPILED_MODULES
    }


def describe() -> str:
    """One line for `--version`: 'compiled speed-ups' or which modules run pure Python."""
    chosen = backends()
    pure = [name for name, backend in chosen.items() if backend is Backend.PURE_PYTHON]
    if not pure:
        return "compiled speed-ups"
    if len(pure) == len(chosen):
        reason = " (forced)" if pure_python_forced() else ""
        return f"pure Python{reason}: no compiled speed-ups"
    return f"compiled speed-ups, except pure Python for {', '.join(pure)}"
