"""Which twin runs: the compiled extensions load where they were built, and can be refused;
the twins are chosen once, and each compiled module's stub says what it holds."""

from __future__ import annotations

import ast
import fnmatch
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from core import speedups
from core.speedups import CompiledTwins
from tests.core.conftest import REQUIRE_COMPILED

if TYPE_CHECKING:
    from tests.core.conftest import Compiled

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not REQUIRE_COMPILED, reason="SLIDECHECK_REQUIRE_COMPILED is not set")
def test_every_compiled_module_is_built_where_it_is_required() -> None:
    assert not speedups.pure_python_forced()
    assert set(speedups.backends().values()) == {speedups.Backend.COMPILED}
    assert speedups.describe() == "compiled speed-ups"
    assert speedups.compiled_twins.pure_python() == []


def test_the_pure_python_variable_refuses_every_compiled_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(speedups.PURE_PYTHON_VARIABLE, "1")
    assert all(speedups.compiled(name) is None for name in speedups.COMPILED_MODULES)
    assert set(speedups.backends().values()) == {speedups.Backend.PURE_PYTHON}
    assert speedups.describe() == "pure Python (forced): no compiled speed-ups"
    assert speedups.load_compiled_twins() == CompiledTwins()
    monkeypatch.setenv(speedups.PURE_PYTHON_VARIABLE, "0")
    assert not speedups.pure_python_forced()


def test_a_module_that_does_not_exist_is_reported_as_missing() -> None:
    assert speedups.compiled("_no_such_module") is None


def test_the_twins_chosen_at_import_are_the_ones_reported() -> None:
    reported = speedups.backends()
    pure = [name for name, backend in reported.items() if backend is speedups.Backend.PURE_PYTHON]
    assert speedups.compiled_twins.pure_python() == pure


@pytest.mark.parametrize("value", ["", "0"])
def test_the_twins_are_every_compiled_module_not_refused(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(speedups.PURE_PYTHON_VARIABLE, value)
    built = {name.lstrip("_") for name in speedups.COMPILED_MODULES if speedups.compiled(name)}
    twins = speedups.load_compiled_twins()
    assert {name for name in vars(twins) if name not in twins.pure_python()} == built


def test_a_bad_pure_python_value_reads_as_the_reference_without_failing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Importing core must not fail; the commands report the value before any work.
    monkeypatch.setenv(speedups.PURE_PYTHON_VARIABLE, "yes")
    assert speedups.load_compiled_twins() == CompiledTwins()


def test_every_compiled_module_has_a_stub_the_wheel_carries() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = [module["name"] for module in project["tool"]["setuptools"]["ext-modules"]]
    assert declared == [f"core.{name}" for name in speedups.COMPILED_MODULES]
    carried = project["tool"]["setuptools"]["package-data"]["core"]
    for name in speedups.COMPILED_MODULES:
        assert (ROOT / "core" / f"{name}.pyi").is_file()
        assert any(fnmatch.fnmatch(f"{name}.pyi", pattern) for pattern in carried)
    assert "py.typed" in carried


def public_names(node: ast.Module | ast.ClassDef) -> set[str]:
    return {
        statement.name
        for statement in node.body
        if isinstance(statement, ast.FunctionDef | ast.ClassDef)
        and not statement.name.startswith("_")
    }


@pytest.mark.parametrize("name", speedups.COMPILED_MODULES)
def test_each_stub_names_what_its_compiled_module_holds(compiled: Compiled, name: str) -> None:
    module = getattr(compiled, name.lstrip("_"))
    stub = ast.parse((ROOT / "core" / f"{name}.pyi").read_text(encoding="utf-8"))
    assert public_names(stub) == {held for held in dir(module) if not held.startswith("_")}
    for class_stub in (node for node in stub.body if isinstance(node, ast.ClassDef)):
        held = getattr(module, class_stub.name)
        assert public_names(class_stub) == {
            method for method in vars(held) if not method.startswith("_")
        }
