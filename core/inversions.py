"""Inversions of a board's tile sequence, counted, listed and indexed.

Every function works on *ranks*: each tile relabelled by its position in the goal, blank
left out, so the classic goals and any custom goal share one code path. The counting is a
merge count, O(n log^2 n) comparisons (a binary search per rank at each of the log n merge
levels) whose inner loops all run in C via `bisect` and `map`; parity alone is O(n) (cycle
count), and listing pairs is lazy.

A strict O(n log n) merge (scatter each merged run's places into a list, read the right
run's places back) was measured 5-20% slower from 10^4 to 10^6 ranks on CPython 3.11: the
log factor is cheaper in C than the extra list writes are, so the bisect merge stays.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, repeat
from operator import add, sub
from typing import TYPE_CHECKING

from core import speedups

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

#: Below this the pure count is as quick as converting the ranks for the compiled one.
_COMPILED_FROM_LENGTH = 64

# Blocks this small are counted by insertion into a sorted prefix: C-level memmoves are
# cheaper than Python-level merge bookkeeping until a block is a few hundred long.
_BASE_BLOCK = 256
#: Above this many ranks the parity walk copies them into a packed array first.
_COMPACT_WALK_LENGTH = 50_000


def count_inversions(ranks: Sequence[int]) -> int:
    """Number of pairs i < j with ranks[i] > ranks[j]: the compiled twin when it is built
    (an O(n log n) merge over 32-bit ranks), else `count_inversions_pure`."""
    compiled = speedups.compiled_twins.inversions
    if compiled is not None and len(ranks) >= _COMPILED_FROM_LENGTH:
        return compiled.count_inversions(ranks)
    return count_inversions_pure(ranks)


def count_inversions_pure(ranks: Sequence[int]) -> int:
    """The reference count: O(n log^2 n) comparisons, their inner loops in CPython's C."""
    total = 0
    blocks: list[list[int]] = []
    for start in range(0, len(ranks), _BASE_BLOCK):
        prefix: list[int] = []
        for seen, rank in enumerate(ranks[start : start + _BASE_BLOCK]):
            # One binary search serves both the count and the insertion (insort would
            # search again).
            place = bisect_right(prefix, rank)
            total += seen - place
            prefix.insert(place, rank)
        blocks.append(prefix)
    while len(blocks) > 1:
        merged: list[list[int]] = []
        for left_index in range(0, len(blocks) - 1, 2):
            left, right = blocks[left_index], blocks[left_index + 1]
            # Each right element is inverted with every left element greater than it.
            total += len(left) * len(right) - sum(map(bisect_right, repeat(left), right))
            merged.append(sorted(left + right))  # timsort merges two runs in linear time
        if len(blocks) % 2:
            merged.append(blocks[-1])
        blocks = merged
    return total


def inversion_parity(ranks: Sequence[int]) -> int:
    """Parity (0 or 1) of the inversion count of a permutation of 0..n-1, in O(n).

    A permutation's parity is (n - number of cycles) mod 2, and that is the parity of its
    inversion count; walking the cycles avoids the merge count when only parity matters.
    """
    length = len(ranks)
    if length > _COMPACT_WALK_LENGTH:
        # The walk jumps at random: over a tuple every step chases a pointer to an int
        # object scattered in memory. Packed 32-bit values keep a million ranks in 4 MB
        # of cache-friendly memory, which more than halves the time of the walk.
        ranks = array("i", ranks)
    visited = bytearray(length)
    find_unvisited = visited.find
    cycles = 0
    start = 0
    while True:
        # Most cells lie on a few long cycles; `find` skips visited ones in C.
        start = find_unvisited(0, start)
        if start < 0:
            return (length - cycles) & 1
        cycles += 1
        position = start
        while not visited[position]:
            visited[position] = 1
            position = ranks[position]


def earlier_greater_counts(ranks: Sequence[int]) -> list[int]:
    """For each position, how many earlier ranks are greater (its inversions to the left).

    The same merge as `count_inversions` (O(n log^2 n)), keeping a count per position: when a
    block meets the sorted block to its left, each of its ranks gains the left ranks
    greater than it. A block's positions are contiguous, so the gains add in slices.
    """
    counts: list[int] = []
    blocks: list[tuple[int, list[int]]] = []  # (first position, ranks sorted)
    for start in range(0, len(ranks), _BASE_BLOCK):
        prefix: list[int] = []
        for seen, rank in enumerate(ranks[start : start + _BASE_BLOCK]):
            place = bisect_right(prefix, rank)
            counts.append(seen - place)
            prefix.insert(place, rank)
        blocks.append((start, prefix))
    while len(blocks) > 1:
        merged: list[tuple[int, list[int]]] = []
        for left_index in range(0, len(blocks) - 1, 2):
            (left_start, left), (right_start, right) = blocks[left_index : left_index + 2]
            right_end = right_start + len(right)
            not_greater = map(bisect_right, repeat(left), ranks[right_start:right_end])
            gains = map(sub, repeat(len(left)), not_greater)
            counts[right_start:right_end] = map(add, counts[right_start:right_end], gains)
            merged.append((left_start, sorted(left + right)))
        if len(blocks) % 2:
            merged.append(blocks[-1])
        blocks = merged
    return counts


@dataclass(frozen=True)
class InversionIndex:
    """Random access to the inversion pairs of one rank sequence, for lists and per-tile views.

    `labels[i]` is what to report for position i (the tile value); `ranks[i]` its goal rank.
    Pairs are ordered by the position of their first tile, then of their second, which is
    the order `inversion_pairs` yields them in.
    """

    labels: tuple[int, ...]
    ranks: tuple[int, ...]

    @cached_property
    def _left_counts(self) -> list[int]:
        return earlier_greater_counts(self.ranks)

    @cached_property
    def per_position_counts(self) -> list[int]:
        """Inversions each position takes part in (left partners plus right partners)."""
        # Of the `rank` smaller values, (position - left) lie to the left; the rest lie right.
        return [
            2 * left + rank - position
            for position, (left, rank) in enumerate(zip(self._left_counts, self.ranks, strict=True))
        ]

    @cached_property
    def later_smaller_counts(self) -> list[int]:
        """For each position, how many later positions have a smaller rank: its share of
        the pairs when each pair is counted once, on its first tile (they sum to `count`)."""
        # Of the `rank` smaller values, (position - left) lie to the left; the rest lie right.
        return [
            rank - position + left
            for position, (left, rank) in enumerate(zip(self._left_counts, self.ranks, strict=True))
        ]

    @cached_property
    def _pairs_starting_before(self) -> list[int]:
        return [0, *accumulate(self.later_smaller_counts)]

    @property
    def count(self) -> int:
        """Total number of inversion pairs."""
        return self._pairs_starting_before[-1]

    def partners_after(self, position: int) -> list[int]:
        """Positions after `position` whose rank is smaller (its right partners), in order."""
        rank = self.ranks[position]
        return [j for j in range(position + 1, len(self.ranks)) if self.ranks[j] < rank]

    def partners_of(self, position: int) -> list[int]:
        """Every position that forms an inversion with `position`, in reading order."""
        rank = self.ranks[position]
        before = [j for j in range(position) if self.ranks[j] > rank]
        return before + self.partners_after(position)

    def pair_at(self, number: int) -> tuple[int, int]:
        """The `number`-th pair (0-based) as a pair of positions."""
        if not 0 <= number < self.count:
            raise IndexError(f"inversion pair {number} out of range 0..{self.count - 1}")
        first = bisect_right(self._pairs_starting_before, number) - 1
        offset = number - self._pairs_starting_before[first]
        return first, self._partners_after_cached(first)[offset]

    def first_pair_number(self, position: int) -> int:
        """Number of the first pair whose first member is at `position`."""
        return self._pairs_starting_before[position]

    def _partners_after_cached(self, position: int) -> list[int]:
        # A list view asks for consecutive pairs, which share their first member; keep the
        # last few partner lists instead of rescanning the row for every pair.
        cache = self._partner_cache
        if position not in cache:
            if len(cache) >= 64:
                cache.pop(next(iter(cache)))
            cache[position] = self.partners_after(position)
        return cache[position]

    @cached_property
    def _partner_cache(self) -> dict[int, list[int]]:
        return {}

    def pairs(self) -> Iterator[tuple[int, int]]:
        """Every pair of positions, lazily, in order."""
        for position in range(len(self.ranks)):
            for partner in self.partners_after(position):
                yield position, partner
