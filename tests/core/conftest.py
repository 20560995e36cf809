"""Both twins of the hot loops, for every test whose outcome hangs on which one runs.

`twin` runs a test twice, on the pure-Python references and on the compiled twins, by putting
the ones asked for in `core.speedups.compiled_twins` for the test's duration (every hot loop
reads its twin there as it runs). `compiled` hands the compiled twins to a test that calls
one directly or holds it against its reference (`running` switches between them within a
test). Where they are not built, or refused (SLIDECHECK_PURE_PYTHON=1), such a test is
skipped; where SLIDECHECK_REQUIRE_COMPILED=1 says they must run (CI), it fails instead.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

from core import speedups
from core.settings import SetupError
from core.speedups import (
    CompiledFix,
    CompiledHand,
    CompiledInversions,
    CompiledPhoto,
    CompiledSearch,
    CompiledTwins,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

#: What a compiled loop's ValueError says of arguments it cannot take (core/_photo.c).
REFUSED = "must be|do not match|not C-contiguous"

#: CI sets this: there a missing compiled module is a failed build, not a reason to skip.
REQUIRE_COMPILED = os.environ.get("SLIDECHECK_REQUIRE_COMPILED", "") not in ("", "0")


def every_compiled_twin() -> CompiledTwins:
    """The compiled twins core chose as it was imported, when every hot loop has one; else
    the test is skipped, or failed where SLIDECHECK_REQUIRE_COMPILED=1."""
    chosen = speedups.compiled_twins
    pure = chosen.pure_python()
    if not pure:
        return chosen
    try:
        refused = speedups.pure_python_forced()
    except SetupError:
        refused = True  # read as the pure reference (core.speedups.load_compiled_twins)
    if refused:
        why = f"{speedups.PURE_PYTHON_VARIABLE} refuses the compiled twins"
    else:
        why = "not built: " + ", ".join(f"core._{name}" for name in pure)
    if REQUIRE_COMPILED:
        pytest.fail(f"SLIDECHECK_REQUIRE_COMPILED=1, and the compiled twins do not run ({why})")
    pytest.skip(why)


@contextmanager
def running(twins: CompiledTwins) -> Iterator[CompiledTwins]:
    """`twins` run every hot loop for the while (`CompiledTwins()`: the pure references)."""
    chosen = speedups.compiled_twins
    speedups.compiled_twins = twins
    try:
        yield twins
    finally:
        speedups.compiled_twins = chosen


@dataclass(frozen=True)
class Compiled(CompiledTwins):
    """Every compiled twin, none missing."""

    inversions: CompiledInversions
    search: CompiledSearch
    fix: CompiledFix
    hand: CompiledHand
    photo: CompiledPhoto


@pytest.fixture(scope="session")
def compiled() -> Compiled:
    """Every compiled twin (see `every_compiled_twin`). Session-wide, so property tests
    (`@given`) may take it too."""
    return Compiled(**vars(every_compiled_twin()))  # none of them None there


@pytest.fixture(params=["pure", "compiled"])
def twin(request: pytest.FixtureRequest) -> Iterator[CompiledTwins]:
    """The test runs on the pure-Python references ([pure]), then on the compiled twins
    ([compiled], as `compiled`): every hot loop it reaches runs that twin, and a test that
    hands a twin on itself takes it from here (`engine=twin.search`; None: the reference).

    A property test (`@given`) that takes it suppresses the function-scoped-fixture health
    check: the twin stays the same for all its examples, as it should."""
    with running(CompiledTwins() if request.param == "pure" else every_compiled_twin()) as twins:
        yield twins
