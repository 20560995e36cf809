"""A pattern-database cache folder for the tests that run the optimal engine through `solve`.

Import `pattern_cache` into a test module and mark tests with
`@pytest.mark.usefixtures("pattern_cache")`. Module-wide rather than per test, as hypothesis
runs many examples within one test; the tables are built once per session folder.
`databases_of` builds tables without any cache.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from core import pattern_db

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from core.speedups import CompiledSearch


@pytest.fixture(scope="module")
def pattern_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The engine's tables built in a folder of this test session, never the user's."""
    before = os.environ.get(pattern_db.CACHE_DIR_VARIABLE)
    os.environ[pattern_db.CACHE_DIR_VARIABLE] = str(tmp_path_factory.getbasetemp() / "pdb")
    yield
    if before is None:
        del os.environ[pattern_db.CACHE_DIR_VARIABLE]
    else:
        os.environ[pattern_db.CACHE_DIR_VARIABLE] = before


def databases_of(
    width: int,
    height: int,
    blank_cell: int,
    groups: Sequence[Sequence[int]],
    engine: CompiledSearch | None = None,
) -> pattern_db.PatternDatabases:
    """The tables of `groups`, built and made compact by one twin (None: the pure one),
    without the cache."""
    tables = []
    for group in groups:
        if engine is None:
            exact = pattern_db.build_table_pure(width, height, blank_cell, group)
            compact = pattern_db.compact_pure(width, height, group, exact)
        else:
            built = engine.build_table(width, height, blank_cell, group, None)
            assert built is not None
            compact = engine.compact_table(width, height, group, built, None)
        assert compact is not None
        tables.append(compact)
    return pattern_db.PatternDatabases(
        width, height, blank_cell, tuple(map(tuple, groups)), tuple(tables)
    )
