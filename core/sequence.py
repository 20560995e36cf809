"""Where a tile stands in the reading sequence, and where its pairs start in the pair list.

The window's list of inversion pairs is ordered as `InversionIndex.pair_at` numbers them
(by the first tile's position, then the second's). These helpers answer "which row shows
this tile's first pair" without listing pairs, so a 100x100 list can jump straight there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.inversions import InversionIndex


def reading_position(index: InversionIndex, tile: int) -> int | None:
    """Position of `tile` in the blank-less reading sequence, or None if it is not there."""
    try:
        return index.labels.index(tile)
    except ValueError:
        return None


def first_pair_number_with(index: InversionIndex, position: int) -> int | None:
    """Number of the first pair (in `pair_at` order) that contains `position`, or None.

    A pair it closes (an earlier, greater tile read first) comes before any pair it opens,
    and the earliest such partner's pairs come first of all. O(n) in the sequence length.
    Raises `IndexError` for a position outside the sequence.
    """
    ranks = index.ranks
    if not 0 <= position < len(ranks):
        raise IndexError(f"position {position} out of range 0..{len(ranks) - 1}")
    rank = ranks[position]
    for earlier in range(position):
        earlier_rank = ranks[earlier]
        if earlier_rank > rank:
            # Pairs opened by `earlier` run in partner order; count those read before us.
            skipped = sum(1 for j in range(earlier + 1, position) if ranks[j] < earlier_rank)
            return index.first_pair_number(earlier) + skipped
    if index.first_pair_number(position + 1) > index.first_pair_number(position):
        return index.first_pair_number(position)
    return None
