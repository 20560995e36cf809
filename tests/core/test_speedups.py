"""Which twin runs: the compiled extensions load where they were built, and can be refused."""

from __future__ import annotations

import os

import pytest

from core import speedups

#: CI sets this: there a missing compiled module is a failed build, not a reason to skip.
REQUIRE_COMPILED = os.environ.get("SLIDECHECK_REQUIRE_COMPILED", "") not in ("", "0")


@pytest.mark.skipif(not REQUIRE_COMPILED, reason="SLIDECHECK_REQUIRE_COMPILED is not set")
def test_every_compiled_module_is_built_where_it_is_required() -> None:
    assert not speedups.pure_python_forced()
    assert set(speedups.backends().values()) == {speedups.Backend.COMPILED}
    assert speedups.describe() == "compiled speed-ups"


def test_the_pure_python_variable_refuses_every_compiled_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(speedups.PURE_PYTHON_VARIABLE, "1")
    assert all(speedups.compiled(name) is None for name in speedups.COMPILED_MODULES)
    assert set(speedups.backends().values()) == {speedups.Backend.PURE_PYTHON}
    assert speedups.describe() == "pure Python (forced): no compiled speed-ups"
    monkeypatch.setenv(speedups.PURE_PYTHON_VARIABLE, "0")
    assert not speedups.pure_python_forced()


def test_a_module_that_does_not_exist_is_reported_as_missing() -> None:
    assert speedups.compiled("_no_such_module") is None
