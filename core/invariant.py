"""The quantity no slide changes the parity of, said as a line a solution player can show,
and what one slide does to the inversion count in it.

The numbers are the rule's own: on an odd width the inversion count; on an even width the
inversions plus the blank's row from the bottom; on a board one tile wide or high the
inversions themselves, which no slide changes at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.rule import Rule, parity_word, plural

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core.rule import Verdict


@dataclass(frozen=True)
class Invariant:
    """The numbers the rule adds up at one position."""

    rule: Rule
    inversions: int
    #: 1-based; part of the sum on an even width only.
    blank_row_from_bottom: int

    @classmethod
    def of(cls, verdict: Verdict) -> Invariant:
        """The invariant of the position `verdict` decided."""
        return cls(verdict.rule, verdict.inversions, verdict.blank_row_from_bottom)

    @property
    def total(self) -> int:
        """The number whose parity every slide keeps."""
        if self.rule is Rule.EVEN_WIDTH:
            return self.inversions + self.blank_row_from_bottom
        return self.inversions

    @property
    def sum_text(self) -> str:
        """'31 inversions + blank row 3 = 34, even' (even width), '12 inversions, even'."""
        counted = plural(self.inversions, "inversion")
        parity = parity_word(self.total)
        if self.rule is Rule.EVEN_WIDTH:
            return f"{counted} + blank row {self.blank_row_from_bottom} = {self.total:,}, {parity}"
        return f"{counted}, {parity}"

    def keeps_parity_of(self, start: Invariant) -> bool:
        """Whether the total has `start`'s parity: true after any legal slides from it."""
        return self.total % 2 == start.total % 2

    def compared_with(self, start: Invariant) -> str:
        """'... = 34, even, as at the start' ('unlike at the start' would mean a broken
        replay)."""
        return f"{self.sum_text}, {'as' if self.keeps_parity_of(start) else 'unlike'} at the start"


def slide_inversion_change(
    tiles: Sequence[int], rank_of_tile: Sequence[int], tile: int, from_cell: int, to_cell: int
) -> int:
    """How many inversions sliding `tile` from `from_cell` into the blank at `to_cell` adds
    (negative: takes away), `rank_of_tile` being the goal's (`core.rule.goal_rank_of_tile`).

    In reading order the tile passes only the tiles between its two cells (none on a
    sideways slide, a row's worth less one on an up-or-down one), and its order with each of
    them flips; everything else keeps its order. So the change is found in O(width), not by
    counting again. Those cells are the same before the slide and after it: `tiles` may be
    either position.
    """
    low, high = sorted((from_cell, to_cell))
    rank = rank_of_tile[tile]
    passed = tiles[low + 1 : high]
    smaller = sum(1 for other in passed if rank_of_tile[other] < rank)
    # Moving up, the tile now comes before every passed tile: an inversion with each smaller
    # one is made and one with each greater one undone. Moving down, the reverse.
    made = 2 * smaller - len(passed)
    return made if from_cell > to_cell else -made
