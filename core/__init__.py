"""Slidecheck's pure-Python core: boards, formats, the solvability rule and moves.

Nothing here imports Qt; the window in `gui` and the `slidecheck check` command stand on it.
"""

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
