"""Which twin runs the hot loops: a compiled extension, or its pure-Python reference.

Each compiled module (`core._inversions`, ...) is an optional C extension that `pip install`
builds when a compiler is there. The pure-Python function beside it is the reference: both
are tested, and the pure one runs wherever the compiled one is missing or refused.
Setting SLIDECHECK_PURE_PYTHON=1 refuses every compiled module (tests and benchmarks use it
to run the reference).
"""

from __future__ import annotations

import importlib
from enum import StrEnum
from typing import TYPE_CHECKING

from core import settings

if TYPE_CHECKING:
    from types import ModuleType

PURE_PYTHON_VARIABLE = "SLIDECHECK_PURE_PYTHON"

#: Every compiled module the project declares (pyproject.toml's ext-modules), by short name.
COMPILED_MODULES = ("_inversions", "_search", "_fix", "_hand")


class Backend(StrEnum):
    COMPILED = "compiled"
    PURE_PYTHON = "pure Python"


def pure_python_forced() -> bool:
    """Whether $SLIDECHECK_PURE_PYTHON is 1. Raises `SetupError` for a value other than 1,
    0 or empty."""
    return settings.switch(PURE_PYTHON_VARIABLE)


def compiled(name: str) -> ModuleType | None:
    """The compiled module `core.<name>`, or None when it is missing or refused."""
    if pure_python_forced():
        return None
    try:
        return importlib.import_module(f"core.{name}")
    except ImportError:
        return None


def compiled_at_import(name: str) -> ModuleType | None:
    """`compiled(name)` for a module that picks its twin once, as it is imported: importing
    core must not fail, so a bad $SLIDECHECK_PURE_PYTHON reads here as the pure reference
    (the safe reading of a value that asked for something); the commands report the value
    before any work (`settings.check_environment`)."""
    try:
        return compiled(name)
    except settings.SetupError:
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
