"""Duplicate-path pruning for the optimal search: a finite automaton over the blank's steps.

Many sequences of steps of the blank (up, down, left, right) leave the same position: a
step and its undo leave the start, one and a half turns of the blank round a 2x2 block one
way leave what one and a half turns the other way leave, and so on. A depth-first search
(IDA*) does not remember the positions it saw, so it searches every such duplicate again.
After Taylor and Korf (1993, "Pruning duplicate nodes in depth-first search"), a sequence
is *redundant* on a board shape when, from every cell where the blank can take it, another
sequence can be taken that leaves the same position (blank and every tile) and is smaller:
shorter, or as long and earlier in the order U < D < L < R. Any path containing a redundant
sequence then becomes a smaller path to the same position by swapping in the smaller
sequence, so the smallest path to every position contains none: a search that refuses
every step completing a redundant sequence still reaches every position by a shortest
path, and finds a shortest solution. Whether it can be refused depends only on the blank's
cell where a sequence starts (a step moves tiles, it never reads them), so it holds for
every goal and every tile.

`redundant_sequences` finds them by brute force from every cell of the board; only the
minimal ones are kept (no shorter redundant sequence inside), as any other contains one.
The search refuses a step by an Aho-Corasick automaton over them: a state is the longest
end of the steps taken so far that begins some redundant sequence, so a step is refused
when it completes one, in one table lookup. Finding the sequences takes seconds to
minutes, so they are generated once, offline, into `core.duplicate_sequences` by
`python -m core.move_automaton` (a test checks the stored ones are what this module finds),
and compiled into the automaton on first use.

Letters name the way the *blank* steps (the opposite of a solution's letters, which name
the way the tile moves).
"""

from __future__ import annotations

import array
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from core.solution import MAX_OPTIMAL_CELLS

if TYPE_CHECKING:
    from collections.abc import Iterable

#: The blank's steps, in the order both search twins try them (`pattern_db.neighbour_cells`).
STEPS = "UDLR"
#: A transition that completes a redundant sequence: the step is not taken.
REFUSED = -1
#: The longest sequences stored. Longer ones cut few more nodes and grow the automaton
#: fast (the figures for other lengths are in bench/README.md).
MAX_LENGTH = 14
#: Where `python -m core.move_automaton` writes the stored sequences.
STORED_MODULE = Path(__file__).with_name("duplicate_sequences.py")


@dataclass(frozen=True)
class MoveAutomaton:
    """The automaton one board shape's search follows. State 0 is the start (no step yet);
    `transitions[state * 4 + step]` is the state after `step` (an index into `STEPS`), or
    `REFUSED`."""

    transitions: tuple[int, ...]
    #: The same transitions as native C ints, for the compiled twin.
    packed: bytes

    @classmethod
    def from_transitions(cls, transitions: Iterable[int]) -> MoveAutomaton:
        table = tuple(transitions)
        return cls(table, array.array("i", table).tobytes())

    @property
    def state_count(self) -> int:
        return len(self.transitions) // len(STEPS)

    def accepts(self, steps: str) -> bool:
        """Whether the search takes every step of `steps` (letters of `STEPS`) in turn."""
        state = 0
        for letter in steps:
            state = self.transitions[state * len(STEPS) + STEPS.index(letter)]
            if state == REFUSED:
                return False
        return True


def step_targets(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For every cell, where the blank goes by each step of `STEPS` (-1: off the board)."""
    targets = []
    for cell in range(width * height):
        row, column = divmod(cell, width)
        targets.append(
            (
                cell - width if row > 0 else -1,
                cell + width if row < height - 1 else -1,
                cell - 1 if column > 0 else -1,
                cell + 1 if column < width - 1 else -1,
            )
        )
    return tuple(targets)


def neighbour_steps(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For every cell, (neighbour, step) for each step the blank can take from it, in the
    order of `STEPS`: the order both twins try them."""
    return tuple(
        tuple((target, step) for step, target in enumerate(targets) if target >= 0)
        for targets in step_targets(width, height)
    )


def redundant_sequences(width: int, height: int, max_length: int) -> list[str]:
    """The minimal redundant sequences of the shape, of 2 to `max_length` steps, shortest
    first and in `STEPS` order within a length; found by brute force from every cell.

    Level by level, every sequence without a redundant one inside is replayed from every
    cell where the blank can take it, on a board whose tiles are labelled by their cells
    (so the position left says everything the sequence did). The smallest sequence that
    leaves a given position from a given cell contains no redundant sequence (it would
    not be smallest), so it is among those replayed, and replayed before any other of the
    same length: a sequence is outdone from a cell exactly when a position it leaves was
    left there already. It is redundant when it is outdone from every cell it can start
    from. A sequence the blank can take from no cell never occurs and is not listed.
    """
    if width * height > MAX_OPTIMAL_CELLS:
        raise ValueError(f"a {width}x{height} board has more than {MAX_OPTIMAL_CELLS} cells")
    cell_count = width * height
    targets = step_targets(width, height)
    # A position as an integer: four bits a cell, the label of what sits there (the
    # blank's label is its starting cell).
    start_position = sum(cell << (4 * cell) for cell in range(cell_count))
    left_from = [{start_position} for _ in range(cell_count)]
    # Each sequence of the current length worth extending, with (start cell, blank cell,
    # position) for every cell it can start from.
    level: list[tuple[str, list[tuple[int, int, int]]]] = [
        ("", [(cell, cell, start_position) for cell in range(cell_count)])
    ]
    found: list[str] = []
    redundant: set[str] = set()
    for length in range(1, max_length + 1):
        following = []
        for sequence, replays in level:
            for step, letter in enumerate(STEPS):
                candidate = sequence + letter
                # Its beginning was extended because nothing redundant is inside it.
                if any(candidate[-size:] in redundant for size in range(2, length)):
                    continue
                moved = []
                outdone_everywhere = True
                for start, blank, position in replays:
                    target = targets[blank][step]
                    if target < 0:
                        continue
                    tile = (position >> (4 * target)) & 15
                    after = position + ((tile - start) << (4 * blank))
                    after += (start - tile) << (4 * target)
                    moved.append((start, target, after))
                    seen = left_from[start]
                    if after not in seen:
                        seen.add(after)
                        outdone_everywhere = False
                if not moved:
                    continue
                if outdone_everywhere:
                    redundant.add(candidate)
                    found.append(candidate)
                else:
                    following.append((candidate, moved))
        level = following
    return found


def compile_automaton(sequences: Iterable[str]) -> MoveAutomaton:
    """The Aho-Corasick automaton refusing every step that completes one of `sequences`."""
    width = len(STEPS)
    children: list[list[int]] = [[REFUSED] * width]
    complete = [False]
    for sequence in sequences:
        node = 0
        for letter in sequence:
            step = STEPS.index(letter)
            if children[node][step] == REFUSED:
                children[node][step] = len(children)
                children.append([REFUSED] * width)
                complete.append(False)
            node = children[node][step]
        complete[node] = True
    # Breadth-first, so a node's longest proper end in the trie (its fallback) is done
    # before it; a node is refused when it or an end of it completes a sequence.
    after = [[0] * width for _ in children]
    fallback = [0] * len(children)
    refused = complete[:]
    waiting = deque([0])
    while waiting:
        node = waiting.popleft()
        refused[node] = refused[node] or refused[fallback[node]]
        for step in range(width):
            child = children[node][step]
            if child == REFUSED:
                after[node][step] = after[fallback[node]][step] if node else 0
                continue
            fallback[child] = after[fallback[node]][step] if node else 0
            after[node][step] = child
            waiting.append(child)
    number: dict[int, int] = {}
    for node, done in enumerate(refused):
        if not done:
            number[node] = len(number)
    transitions: list[int] = []
    for node in number:
        for step in range(width):
            target = after[node][step]
            transitions.append(REFUSED if refused[target] else number[target])
    return MoveAutomaton.from_transitions(transitions)


def shapes() -> list[tuple[int, int]]:
    """Every board shape (width, height) the optimal search takes: 2 to 16 cells."""
    return [
        (width, height)
        for width in range(1, MAX_OPTIMAL_CELLS + 1)
        for height in range(1, MAX_OPTIMAL_CELLS // width + 1)
        if width * height >= 2
    ]


def stored_sequences(width: int, height: int) -> list[str]:
    """The stored sequences of a shape (`redundant_sequences` up to `MAX_LENGTH` steps)."""
    # On first use only: 380 KB of source, which generating them does not need.
    from core import duplicate_sequences

    shape = duplicate_sequences.SAME_AS.get((width, height), (width, height))
    stored = duplicate_sequences.SEQUENCES.get(shape)
    if stored is None:
        raise ValueError(f"no stored sequences for a {width}x{height} board")
    return stored.split()


@cache
def for_shape(width: int, height: int) -> MoveAutomaton:
    """The automaton of a shape's stored sequences, compiled once per process; for a shape
    over `MAX_OPTIMAL_CELLS` cells, of `borrowed_sequences`."""
    if width * height > MAX_OPTIMAL_CELLS:
        return compile_automaton(borrowed_sequences(width, height))
    return compile_automaton(stored_sequences(width, height))


def borrowed_sequences(width: int, height: int) -> list[str]:
    """Redundant sequences of a board too large to search for its own (the 24-puzzle):
    those stored for every smaller shape that fits inside it.

    A sequence redundant on a smaller shape is redundant on the larger one: wherever the
    blank takes it, its path lies in a window of the smaller shape's size, and the smaller
    sequence that leaves the same position inside that window leaves the whole board's
    position the same too. Sequences only the larger shape makes redundant are missed,
    which costs pruning, never a shortest solution."""
    borrowed: set[str] = set()
    for shape_width, shape_height in shapes():
        if shape_width <= width and shape_height <= height:
            borrowed.update(stored_sequences(shape_width, shape_height))
    return sorted(borrowed)


def stored_module_text(max_length: int = MAX_LENGTH) -> str:
    """The text of `core/duplicate_sequences.py`: every shape's sequences, as generated."""
    lines = [
        '"""The minimal redundant step sequences of every board shape the optimal search takes',
        "(see core.move_automaton), up to MAX_LENGTH steps, space-separated: SEQUENCES, and",
        "SAME_AS for a shape with the same sequences as another (within MAX_LENGTH steps a 2x7",
        "board meets nothing a 2x6 does not).",
        "",
        'Generated by `python -m core.move_automaton`: do not edit."""',
        "",
        f"MAX_LENGTH = {max_length}",
        "",
        "SEQUENCES: dict[tuple[int, int], str] = {",
    ]
    first_with: dict[tuple[str, ...], tuple[int, int]] = {}
    same_as: list[str] = []
    for width, height in shapes():
        sequences = redundant_sequences(width, height, max_length)
        earlier = first_with.setdefault(tuple(sequences), (width, height))
        if earlier != (width, height):
            same_as.append(f"    ({width}, {height}): {earlier},")
            continue
        chunks = _chunks(sequences, 88)
        if len(chunks) == 1:
            lines.append(f'    ({width}, {height}): "{chunks[0]}",')
            continue
        lines.append(f"    ({width}, {height}): (")
        lines.extend(f'        "{chunk}"' for chunk in chunks)
        lines.append("    ),")
    lines += ["}", "", "SAME_AS: dict[tuple[int, int], tuple[int, int]] = {", *same_as, "}"]
    return "\n".join(lines) + "\n"


def _chunks(sequences: list[str], size: int) -> list[str]:
    """The sequences joined by spaces into pieces of about `size` characters; each piece
    but the last ends with its space, so the pieces simply concatenate."""
    pieces: list[str] = []
    current = ""
    for sequence in sequences:
        if current and len(current) + len(sequence) + 1 > size:
            pieces.append(current)
            current = ""
        current += sequence + " "
    pieces.append(current.rstrip())
    return pieces


def main() -> None:
    """Regenerate `core/duplicate_sequences.py` (a test checks it is up to date)."""
    STORED_MODULE.write_text(stored_module_text(), encoding="utf-8")


if __name__ == "__main__":
    main()
