"""The check done by hand, one step at a time: a guided walk through a board.

`walkthrough(board, goal)` returns the steps a person takes to decide a board with pencil
and paper: read the tiles in reading order (blank left out) and, for each, count the tiles
read after it that come before it in the goal (its pairs; every pair is counted once, on the
tile read first, so the counts add up to the inversions); then find the blank's row from the
bottom; then compare the parity of the sum with the goal's; then conclude. Each step carries
a sentence to read, the running total and the cells to point at.

Long boards: a walk of thousands of tiles teaches nothing the first hundred did not, so past
`MAX_TILE_STEPS` tiles the walk shows the first `MAX_TILE_STEPS` one by one and the rest as
one step that gives what they add and the total (`StepKind.OTHER_TILES`). Finding one tile's
pairs scans the tiles after it, so a walk costs O(MAX_TILE_STEPS * n) on an n-tile board.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import compress, repeat
from operator import gt
from typing import TYPE_CHECKING

from core.board import BLANK, Board, cell_name
from core.rule import Goal, GoalName, Rule, check, goal_board, inversion_index

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["MAX_TILE_STEPS", "StepKind", "WalkStep", "walkthrough"]

#: Tiles shown one step each; the rest of a longer board is one step.
MAX_TILE_STEPS = 100
#: A tile's sentence names at most this many of its pairs (the step keeps them all).
MAX_NAMED_PAIRS = 20


class StepKind(StrEnum):
    """What a step of the walk is about."""

    #: How the count works, before the first tile.
    INTRO = "intro"
    #: One tile and its pairs with the tiles read after it.
    TILE = "tile"
    #: The tiles past `MAX_TILE_STEPS`, counted together.
    OTHER_TILES = "other-tiles"
    #: Where the blank is, and whether its row counts.
    BLANK_ROW = "blank-row"
    #: The board's number against the goal's.
    PARITY = "parity"
    #: Solvable or not.
    VERDICT = "verdict"


@dataclass(frozen=True)
class WalkStep:
    """One step of the walk.

    `text` is the sentence to show. `running_total` is the number of pairs counted so far
    (on the steps after the tiles, the board's inversions). `tile` is the tile being
    counted (TILE steps only) and `pairs` the tiles it forms a pair with, read after it, in
    reading order. `focus` is the cell the step is about (the tile, or the blank) and
    `cells` the other cells to point at (the pairs' cells, or the blank's row). `solvable`
    is set on the VERDICT step only.
    """

    kind: StepKind
    text: str
    running_total: int
    tile: int | None = None
    pairs: tuple[int, ...] = ()
    focus: int | None = None
    cells: tuple[int, ...] = ()
    solvable: bool | None = None


def walkthrough(board: Board, goal: Goal = GoalName.BLANK_LAST) -> tuple[WalkStep, ...]:
    """The steps of checking `board` by hand against `goal`, in order.

    The walk is: INTRO, one TILE step per tile in reading order (blank left out; past
    `MAX_TILE_STEPS` tiles, one OTHER_TILES step for the rest), BLANK_ROW, PARITY, VERDICT.
    Its numbers are `check(board, goal)`'s. Raises `BoardError` if the goal has another
    shape or is not a known name.
    """
    index = inversion_index(board, goal)
    verdict = check(board, goal, index=index)
    target = goal_board(goal, board.width, board.height)
    named_goal = not isinstance(goal, Board)
    cells_of_tiles = [cell for cell, tile in enumerate(board.tiles) if tile != BLANK]
    tile_count = len(cells_of_tiles)
    shown = min(tile_count, MAX_TILE_STEPS)

    steps = [_intro(named_goal, tile_count, shown)]
    total = 0
    labels, ranks = index.labels, index.ranks
    for position in range(shown):
        rank = ranks[position]
        after = position + 1
        # Which later tiles come earlier in the goal, compared in C (a 100x100 board has
        # 10,000 tiles after the first).
        smaller = list(map(gt, repeat(rank), ranks[after:]))
        pairs = tuple(compress(labels[after:], smaller))
        pair_cells = tuple(compress(cells_of_tiles[after:], smaller))
        total += len(pairs)
        steps.append(
            WalkStep(
                kind=StepKind.TILE,
                text=_tile_sentence(labels[position], pairs, total, named_goal),
                running_total=total,
                tile=labels[position],
                pairs=pairs,
                focus=cells_of_tiles[position],
                cells=pair_cells,
            )
        )
    if shown < tile_count:
        rest = verdict.inversions - total
        steps.append(
            WalkStep(
                kind=StepKind.OTHER_TILES,
                text=(
                    f"The other {tile_count - shown:,} tiles are counted the same way, each "
                    f"against the tiles read after it. Together they add {_pairs(rest)}. "
                    f"Running total: {verdict.inversions:,}."
                ),
                running_total=verdict.inversions,
                cells=tuple(cells_of_tiles[shown:]),
            )
        )
    steps.extend(_ending(board, target, verdict.inversions, verdict.rule, verdict.solvable))
    return tuple(steps)


def _pairs(count: int) -> str:
    return f"{count:,} pair{'' if count == 1 else 's'}"


def _parity(number: int) -> str:
    return "even" if number % 2 == 0 else "odd"


def _intro(named_goal: bool, tile_count: int, shown: int) -> WalkStep:
    # The classic goals put the tiles in numeric order: "before it in the goal" is "smaller".
    before = "are smaller than it" if named_goal else "come before it in the goal"
    text = (
        "Read the tiles row by row, left to right, from the top, skipping the blank. For "
        f"each tile, count the tiles read after it that {before}: each such pair of tiles "
        "is out of order, and is called an inversion. Keep a running total."
    )
    if shown < tile_count:
        text += (
            f" This board has {tile_count:,} tiles: the walk shows the first {shown} one by "
            "one, then the rest together."
        )
    return WalkStep(kind=StepKind.INTRO, text=text, running_total=0)


def _tile_sentence(tile: int, pairs: Sequence[int], total: int, named_goal: bool) -> str:
    relation = "smaller" if named_goal else "earlier in the goal"
    if not pairs:
        counted = f"no tile read after it is {relation}, so no pairs"
    else:
        named = ", ".join(str(partner) for partner in pairs[:MAX_NAMED_PAIRS])
        if len(pairs) > MAX_NAMED_PAIRS:
            named += f" and {len(pairs) - MAX_NAMED_PAIRS:,} more"
        verb = "is" if len(pairs) == 1 else "are"
        which = "tile read after it" if len(pairs) == 1 else "tiles read after it"
        counted = f"{len(pairs):,} {which} {verb} {relation} ({named}), so {_pairs(len(pairs))}"
    return f"Tile {tile}: {counted}. Running total: {total:,}."


def _ending(
    board: Board, target: Board, inversions: int, rule: Rule, solvable: bool
) -> list[WalkStep]:
    blank = board.blank_index
    blank_row = board.blank_row_from_bottom
    goal_row = target.blank_row_from_bottom
    width = board.width
    place = cell_name(blank, width, board.height)
    row_cells = tuple(range(blank - blank % width, blank - blank % width + width))
    if rule is Rule.LINE:
        shape = "one tile wide" if width == 1 else "one tile high"
        row_text = (
            f"The blank is at {place}, but the board is {shape}: tiles can never pass each "
            "other, so where the blank is does not matter. The tiles must already be in "
            "goal order, with no pairs at all."
        )
        parity_text = (
            f"Pairs counted: {inversions:,}. The goal has none, and here that is the "
            "whole test: any pair means two tiles that can never be put back in order."
        )
        verdict_text = (
            "No pair, so the tiles are in order: this board is solvable."
            if solvable
            else f"{_pairs(inversions).capitalize()} out of order: this board is not solvable."
        )
        row_step_cells: tuple[int, ...] = ()
    elif rule is Rule.ODD_WIDTH:
        row_text = (
            f"The blank is on row {blank_row} from the bottom, but the width ({width}) is "
            "odd, so its row does not matter: a slide up or down moves a tile past an even "
            f"number of others ({width - 1}), which can change the count only by an even "
            "number, and a slide sideways does not change it at all."
        )
        parity_text = (
            f"So only the count matters: {inversions:,} is {_parity(inversions)}. The goal "
            "has 0 pairs, which is even."
        )
        verdict_text = (
            f"{inversions:,} is even, like the goal's 0, so this board is solvable: it can "
            "be slid to the goal."
            if solvable
            else f"{inversions:,} is odd but the goal's 0 is even, so this board is not "
            "solvable: no sequence of slides reaches the goal."
        )
        row_step_cells = ()
    else:
        row_text = (
            f"The blank is on row {blank_row}, counting rows from the bottom (the bottom row "
            f"is row 1). The width ({width}) is even, so the row counts: a slide up or down "
            f"moves a tile past an odd number of others ({width - 1}) and moves the blank "
            "one row, so the two change together."
        )
        total = inversions + blank_row
        parity_text = (
            f"Add them: {inversions:,} pairs + row {blank_row} = {total:,}, which is "
            f"{_parity(total)}. The goal has 0 pairs and its blank on row {goal_row}: "
            f"0 + {goal_row} = {goal_row}, which is {_parity(goal_row)}."
        )
        verdict_text = (
            f"{total:,} and {goal_row} are both {_parity(total)}, so this board is "
            "solvable: it can be slid to the goal."
            if solvable
            else f"{total:,} is {_parity(total)} but the goal's {goal_row} is "
            f"{_parity(goal_row)}, so this board is not solvable: no sequence of slides "
            "reaches the goal."
        )
        row_step_cells = row_cells
    return [
        WalkStep(
            kind=StepKind.BLANK_ROW,
            text=row_text,
            running_total=inversions,
            focus=blank,
            cells=row_step_cells,
        ),
        WalkStep(kind=StepKind.PARITY, text=parity_text, running_total=inversions),
        WalkStep(
            kind=StepKind.VERDICT, text=verdict_text, running_total=inversions, solvable=solvable
        ),
    ]
