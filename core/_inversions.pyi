"""Compiled twin of core.inversions.count_inversions (core/_inversions.c), as type checkers
see it: the C module carries no annotations of its own."""

from collections.abc import Sequence

def count_inversions(ranks: Sequence[int], /) -> int:
    """Pairs i < j with ranks[i] > ranks[j] (ranks < 2**32)."""
