"""A pattern-database cache folder for the tests that run the optimal engine through `solve`.

Import `pattern_cache` into a test module and mark tests with
`@pytest.mark.usefixtures("pattern_cache")`. Module-wide rather than per test, as hypothesis
runs many examples within one test; the tables are built once per session folder.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from core import pattern_db

if TYPE_CHECKING:
    from collections.abc import Iterator


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
