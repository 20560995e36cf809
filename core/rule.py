"""The solvability rule in its general form, and the verdict that explains it."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from core.board import BLANK, Board, BoardError, row_from_bottom
from core.inversions import InversionIndex, count_inversions, inversion_parity

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence


class GoalName(StrEnum):
    """The two goals with names (any other goal is a `Board`). The values are the names
    the command line, JSON and the API take; plain strings compare equal to them."""

    #: 1 2 3 / 4 5 6 / 7 8 _: the classic goal.
    BLANK_LAST = "blank-last"
    #: _ 1 2 / 3 4 5 / 6 7 8: the goal of Korf's 100 instances.
    BLANK_FIRST = "blank-first"


Goal = GoalName | Board
GOAL_NAMES: tuple[GoalName, ...] = tuple(GoalName)


def same_goal(first: Goal | str, second: Goal | str) -> bool:
    """Whether two goals are the same: the same name (as a `GoalName` or its string), or
    boards with the same tiles."""
    return isinstance(first, Board) == isinstance(second, Board) and first == second


class Rule(StrEnum):
    """Which form of the rule decides a board (its value is what `--json` prints)."""

    #: One tile wide or high: tiles cannot pass each other.
    LINE = "line"
    #: Odd width: the inversion count's parity alone.
    ODD_WIDTH = "odd-width"
    #: Even width: inversions plus the blank's row from the bottom.
    EVEN_WIDTH = "even-width"

    @property
    def counts_blank_row(self) -> bool:
        """Whether the blank's row enters the rule: only on an even width, where a
        vertical slide changes the inversions by an odd number."""
        return self is Rule.EVEN_WIDTH


def rule_for_shape(width: int, height: int) -> Rule:
    """Which form of the rule decides a W x H board: the shape alone says."""
    if width == 1 or height == 1:
        return Rule.LINE
    return Rule.ODD_WIDTH if width % 2 == 1 else Rule.EVEN_WIDTH


def goal_board(goal: Goal, width: int, height: int) -> Board:
    """The goal position for a W x H board; raises `BoardError` for a goal of another shape."""
    if isinstance(goal, Board):
        if (goal.width, goal.height) != (width, height):
            raise BoardError(
                f"the goal is {goal.width}x{goal.height} but the board is {width}x{height}"
            )
        return goal
    if goal in GOAL_NAMES:
        return _named_goal_board(goal, width, height)
    raise BoardError(f"unknown goal {goal!r}: use blank-last, blank-first or a goal board")


@lru_cache(maxsize=8)
def _named_goal_board(goal: GoalName, width: int, height: int) -> Board:
    # Boards are immutable, and one check asks for its goal several times (the rule, the
    # explanation, the index, the fix): building and validating 10,000 tiles each time
    # cost a few ms per edit at 100x100.
    return Board.solved(width, height, blank_first=goal == "blank-first")


def goal_rank_of_tile(goal: Board) -> list[int]:
    """Each tile's rank, indexed by the tile: its place among the goal's tiles in reading
    order, blank left out (the blank's own entry is -1: it has no rank)."""
    rank_of_tile = [-1] * goal.size
    for rank, tile in enumerate(tile for tile in goal.tiles if tile != BLANK):
        rank_of_tile[tile] = rank
    return rank_of_tile


def goal_ranks(board: Board, goal: Goal) -> list[int]:
    """Each non-blank tile in reading order, relabelled by its position in the goal.

    Both classic goals put tile t at rank t-1 among the tiles; only a custom goal needs
    a lookup table.
    """
    if isinstance(goal, Board):
        rank_of_tile = goal_rank_of_tile(goal_board(goal, board.width, board.height))
        return [rank_of_tile[tile] for tile in board.tiles if tile != BLANK]
    goal_board(goal, board.width, board.height)  # validates the goal name
    return [tile - 1 for tile in board.tiles if tile != BLANK]


def _classic_parity(tiles: Sequence[int], blank_index: int, goal: GoalName) -> int:
    """Inversion parity for the classic goals without building the rank list.

    Reading each tile value as the index it points to makes the tiles a permutation p of
    0..n-1 whose parity `inversion_parity` finds by walking cycles. Blank-first relabels
    tile t to place t, which is p itself. Blank-last relabels t to place t-1 (the blank to
    n-1): p followed by a rotation of all n places, an n-cycle that adds n-1 to the parity.
    Either way the blank's own walk to its goal place is then taken back out.
    """
    size = len(tiles)
    if goal == "blank-last":
        return (inversion_parity(tiles) + size - 1 + size - 1 - blank_index) & 1
    return (inversion_parity(tiles) + blank_index) & 1


def _parity_rule(
    width: int, inversion_parity_bit: int, blank_row_from_bottom: int, goal_blank_row: int
) -> bool:
    """The rule for boards at least two wide and two high."""
    if width % 2 == 1:
        return inversion_parity_bit == 0
    return (inversion_parity_bit + blank_row_from_bottom - goal_blank_row) % 2 == 0


def _decide(board: Board, target: Board, inversion_parity_bit: int, inversions: int | None) -> bool:
    if board.width == 1 or board.height == 1:
        if inversions is None:
            # No inversions means the ranks are exactly 0, 1, 2, ...: an O(n) comparison.
            return goal_ranks(board, target) == list(range(board.size - 1))
        return inversions == 0
    return _parity_rule(
        board.width,
        inversion_parity_bit,
        board.blank_row_from_bottom,
        target.blank_row_from_bottom,
    )


def classic_goal_solvable(width: int, height: int, tiles: Sequence[int], goal: GoalName) -> bool:
    """`is_solvable` for a classic goal, on tiles already known to form a valid board.

    No validation: `tiles` must be a permutation of 0..W*H-1 with W and H at least 2 (as a
    `Board` guarantees), and `goal` "blank-last" or "blank-first". Readers that checked
    the tiles themselves (the batch command) call this to skip building a `Board`.
    """
    blank_index = tiles.index(BLANK)
    blank_row_from_bottom = row_from_bottom(blank_index, width, height)
    # Blank-last ends with the blank on the bottom row; blank-first on the top row.
    goal_blank_row = 1 if goal == "blank-last" else height
    return _parity_rule(
        width, _classic_parity(tiles, blank_index, goal), blank_row_from_bottom, goal_blank_row
    )


def is_solvable(board: Board, goal: Goal = GoalName.BLANK_LAST) -> bool:
    """Whether `board` can be slid to `goal`. O(n): uses the inversion parity only.

    Raises `BoardError` if the goal has another shape or is not a known name.
    """
    if isinstance(goal, str) and goal in GOAL_NAMES and board.width > 1 and board.height > 1:
        # No need to build the goal board: its blank row is all the rule asks of it.
        return classic_goal_solvable(board.width, board.height, board.tiles, goal)
    target = goal_board(goal, board.width, board.height)
    if board.width == 1 or board.height == 1:
        return _decide(board, target, 0, None)
    return _decide(board, target, inversion_parity(goal_ranks(board, target)), None)


@dataclass(frozen=True)
class Verdict:
    """Whether a board is solvable, with the numbers and the reasoning a person can follow."""

    solvable: bool
    inversions: int
    blank_row_from_bottom: int
    goal_blank_row_from_bottom: int
    width: int
    height: int
    goal: str
    rule: Rule
    steps: tuple[str, ...]

    @property
    def explanation(self) -> str:
        """The steps as one paragraph."""
        return " ".join(self.steps)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready mapping; keys are the field names."""
        data = asdict(self)
        data["steps"] = list(self.steps)
        return data


def plural(count: int, word: str) -> str:
    """'1 inversion', '1,234 inversions'."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def parity_word(number: int) -> str:
    """'even' or 'odd'."""
    return "even" if number % 2 == 0 else "odd"


def _explain(
    board: Board, target: Board, inversions: int, solvable: bool
) -> tuple[Rule, tuple[str, ...]]:
    width = board.width
    rule = rule_for_shape(width, board.height)
    conclusion = "so it is solvable." if solvable else "so it is not solvable."
    counted = (
        f"Reading the tiles row by row, blank left out, {plural(inversions, 'pair')} "
        f"{'is' if inversions == 1 else 'are'} out of goal order: "
        f"{plural(inversions, 'inversion')}."
    )
    if rule is Rule.LINE:
        shape = "one tile wide" if width == 1 else "one tile high"
        return rule, (
            f"The board is {shape}, so tiles can never pass each other: "
            "it is solvable only if the tiles are already in goal order.",
            counted,
            ("No tile is out of order, " if inversions == 0 else "Tiles are out of order, ")
            + conclusion,
        )
    if rule is Rule.ODD_WIDTH:
        return rule, (
            f"Width {width} is odd: no slide changes whether the inversion count is even, "
            "and the goal has 0 inversions, so the count must be even.",
            counted,
            f"{inversions:,} is {parity_word(inversions)}, {conclusion}",
        )
    blank_row = board.blank_row_from_bottom
    goal_row = target.blank_row_from_bottom
    total = inversions + blank_row
    agreement = "as" if (total - goal_row) % 2 == 0 else "but"
    return rule, (
        f"Width {width} is even: a vertical slide changes the inversion count by an odd "
        "number and moves the blank one row, so inversions + the blank's row from the "
        "bottom never changes parity.",
        counted,
        f"Blank on row {blank_row} from the bottom.",
        f"{inversions:,} + {blank_row} = {total:,} is {parity_word(total)}, {agreement} the "
        f"goal's 0 + {goal_row} = {goal_row} is {parity_word(goal_row)}, {conclusion}",
    )


def check(
    board: Board, goal: Goal = GoalName.BLANK_LAST, *, index: InversionIndex | None = None
) -> Verdict:
    """Decide whether `board` can be slid to `goal` and explain why.

    `goal` is "blank-last" (1..n-1 then the blank), "blank-first" (blank then 1..n-1) or a
    goal `Board` of the same shape; tiles are relabelled by their place in the goal.
    `index`, if given, must be `inversion_index(board, goal)`: a caller that lists the
    pairs anyway (the window) takes the count from it instead of counting twice.
    Raises `BoardError` if the goal has another shape or is not a known name, and
    `ValueError` if `index` holds another number of tiles than the board.
    """
    target = goal_board(goal, board.width, board.height)
    if index is None:
        # The goal as given, not `target`: a named goal relabels without a lookup table.
        inversions = count_inversions(goal_ranks(board, goal))
    elif len(index.ranks) != board.size - 1:
        raise ValueError(
            f"the index holds {len(index.ranks)} tiles but the board has {board.size - 1}"
        )
    else:
        inversions = index.count
    solvable = _decide(board, target, inversions & 1, inversions)
    goal_label = goal if isinstance(goal, str) else "custom"
    rule, steps = _explain(board, target, inversions, solvable)
    return Verdict(
        solvable=solvable,
        inversions=inversions,
        blank_row_from_bottom=board.blank_row_from_bottom,
        goal_blank_row_from_bottom=target.blank_row_from_bottom,
        width=board.width,
        height=board.height,
        goal=goal_label,
        rule=rule,
        steps=steps,
    )


def inversion_index(board: Board, goal: Goal = GoalName.BLANK_LAST) -> InversionIndex:
    """Random access to the board's inversion pairs and per-tile counts, by tile value."""
    goal_board(goal, board.width, board.height)  # raises for a goal of another shape
    labels = tuple(tile for tile in board.tiles if tile != BLANK)
    return InversionIndex(labels=labels, ranks=tuple(goal_ranks(board, goal)))


def inversion_pairs(board: Board, goal: Goal = GoalName.BLANK_LAST) -> Iterator[tuple[int, int]]:
    """Lazily yield every inversion pair (a, b): a is read before b, but after b in the goal."""
    index = inversion_index(board, goal)
    labels = index.labels
    for first, second in index.pairs():
        yield labels[first], labels[second]


def inversion_partners(board: Board, tile: int, goal: Goal = GoalName.BLANK_LAST) -> list[int]:
    """The tiles forming an inversion with `tile`, in reading order. Raises `BoardError`
    if `tile` is the blank or not on the board."""
    if tile == BLANK:
        raise BoardError("the blank takes part in no inversion")
    index = inversion_index(board, goal)
    position = index.labels.index(tile) if tile in index.labels else -1
    if position < 0:
        raise BoardError(f"tile {tile} is not on this {board.width}x{board.height} board")
    return [index.labels[p] for p in index.partners_of(position)]


def inversion_counts(board: Board, goal: Goal = GoalName.BLANK_LAST) -> dict[int, int]:
    """How many inversions each tile takes part in, for every tile at once (one merge count)."""
    index = inversion_index(board, goal)
    return dict(zip(index.labels, index.per_position_counts, strict=True))
