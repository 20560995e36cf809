"""Compiled twin of core.fix.nearest_swap_pure (core/_fix.c), as type checkers see it: the
C module carries no annotations of its own."""

from collections.abc import Sequence

def nearest_swap(
    tiles: Sequence[int], target_tiles: Sequence[int], width: int, /
) -> tuple[int, int]:
    """The swap (smaller tile first) core.fix.nearest_swap_pure picks."""
