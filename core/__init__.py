"""Slidecheck's pure-Python core: boards, formats, the solvability rule and moves.

Nothing here imports Qt; the window in `gui` and the `slidecheck check` command stand on it.

Each public name is imported from its module on first use (`__getattr__` below), so
importing one part of core (the window's board, the command line's parser) does not load
the solvers, the walk-through and the rest: the window's start-up is measured against a
reference window (bench/README.md, "Start-up on first use").
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.board import MAX_CELLS, Board, BoardError, CellProblem, find_problems
    from core.draft import parse_draft
    from core.fix import suggest_fix
    from core.formats import (
        BoardFormat,
        ParsedBoard,
        WidthNeededError,
        format_board,
        parse_board,
        parse_document,
    )
    from core.moves import (
        Direction,
        apply_slide,
        legal_slides,
        random_board,
        scramble,
        slide_in_direction,
    )
    from core.rule import (
        Goal,
        GoalName,
        Rule,
        Verdict,
        check,
        goal_board,
        inversion_counts,
        inversion_index,
        inversion_pairs,
        inversion_partners,
        is_solvable,
    )
    from core.solution import Solution, SolveMethod, UnsolvableError
    from core.solve import solve
    from core.walkthrough import MAX_TILE_STEPS, StepKind, WalkStep, walkthrough

#: Where each public name lives.
_HOMES: dict[str, str] = {
    "MAX_CELLS": "core.board",
    "Board": "core.board",
    "BoardError": "core.board",
    "CellProblem": "core.board",
    "find_problems": "core.board",
    "parse_draft": "core.draft",
    "suggest_fix": "core.fix",
    "BoardFormat": "core.formats",
    "ParsedBoard": "core.formats",
    "WidthNeededError": "core.formats",
    "format_board": "core.formats",
    "parse_board": "core.formats",
    "parse_document": "core.formats",
    "Direction": "core.moves",
    "apply_slide": "core.moves",
    "legal_slides": "core.moves",
    "random_board": "core.moves",
    "scramble": "core.moves",
    "slide_in_direction": "core.moves",
    "Goal": "core.rule",
    "GoalName": "core.rule",
    "Rule": "core.rule",
    "Verdict": "core.rule",
    "check": "core.rule",
    "goal_board": "core.rule",
    "inversion_counts": "core.rule",
    "inversion_index": "core.rule",
    "inversion_pairs": "core.rule",
    "inversion_partners": "core.rule",
    "is_solvable": "core.rule",
    "Solution": "core.solution",
    "SolveMethod": "core.solution",
    "UnsolvableError": "core.solution",
    "solve": "core.solve",
    "MAX_TILE_STEPS": "core.walkthrough",
    "StepKind": "core.walkthrough",
    "WalkStep": "core.walkthrough",
    "walkthrough": "core.walkthrough",
}


def __getattr__(name: str) -> object:
    """A public name, imported from its module the first time it is asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'core' has no attribute {name!r}")
    value: object = getattr(importlib.import_module(home), name)
    globals()[name] = value  # the next lookup finds it without this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(ModuleType):
    """core itself. Two submodules are named as the public function they hold (core.solve,
    core.walkthrough): importing one sets that name on the package, and here it keeps the
    function, as the eager imports this package made before left it."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, ModuleType) and _HOMES.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


__all__ = [
    "MAX_CELLS",
    "MAX_TILE_STEPS",
    "Board",
    "BoardError",
    "BoardFormat",
    "CellProblem",
    "Direction",
    "Goal",
    "GoalName",
    "ParsedBoard",
    "Rule",
    "Solution",
    "SolveMethod",
    "StepKind",
    "UnsolvableError",
    "Verdict",
    "WalkStep",
    "WidthNeededError",
    "apply_slide",
    "check",
    "find_problems",
    "format_board",
    "goal_board",
    "inversion_counts",
    "inversion_index",
    "inversion_pairs",
    "inversion_partners",
    "is_solvable",
    "legal_slides",
    "parse_board",
    "parse_document",
    "parse_draft",
    "random_board",
    "scramble",
    "slide_in_direction",
    "solve",
    "suggest_fix",
    "walkthrough",
]
