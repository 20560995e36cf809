"""Compiled twin of core.fast_solver's hand method (core/_hand.c), as type checkers see it:
the C module carries no annotations of its own."""

from collections.abc import Sequence

class Hand:
    """One hand-method solve: the padded board and the moves so far."""

    def __init__(
        self,
        cells: Sequence[int],
        where: Sequence[int],
        belongs: Sequence[int],
        home: Sequence[int],
        fixed: bytes | bytearray,
        stride: int,
        letters: bytes,
    ) -> None: ...
    def place(self, cells: Sequence[int], /) -> None:
        """Move the tile that belongs on each cell there in turn, fixing it."""
    def finish_line(self, first: int, last: int, inward: int, /) -> None:
        """The last two tiles of a line."""
    def search_block(self, block: Sequence[int], tiles: Sequence[int], /) -> None:
        """The fewest slides within `block` that home `tiles`."""
    def walk_to(self, tile: int, /) -> None:
        """Slide `tile`, beside the blank, into it."""
    def move_count(self) -> int:
        """The moves so far."""
    def take_moves(self) -> bytes:
        """The moves, a letter a move; the Hand is spent after."""
