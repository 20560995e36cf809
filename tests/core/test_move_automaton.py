"""The move automaton (core.move_automaton): what it refuses, that the stored sequences are
what the generator finds, and, checked against breadth-first search with no use of the
generator, that it keeps a shortest path to every position and, within 8 to 12 steps (a
shape's exact length), exactly one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import duplicate_sequences, move_automaton
from core.move_automaton import REFUSED, STEPS, compile_automaton, for_shape, step_targets

#: Every shape the search takes with more than a line of cells (a line only undoes steps).
GRIDS = [(width, height) for width, height in move_automaton.shapes() if min(width, height) > 1]

Position = tuple[int, ...]


def slide(position: Position, blank: int, target: int) -> Position:
    cells = list(position)
    cells[blank], cells[target] = cells[target], cells[blank]
    return tuple(cells)


def layers_taken(
    width: int, height: int, start: int, depth: int
) -> list[tuple[dict[Position, int], list[Position]]]:
    """Step by step from a board whose tiles are labelled by their cells, blank at `start`:
    for each length up to `depth`, the positions first reached at that length by any
    steps (with their blank cells), and the positions the automaton's step sequences of
    that length leave, one entry per sequence."""
    targets = step_targets(width, height)
    transitions = for_shape(width, height).transitions
    origin = tuple(range(width * height))
    seen = {origin}
    frontier = [(origin, start)]
    taken = [(origin, start, 0)]
    layers = []
    for _length in range(depth):
        first_reached: dict[Position, int] = {}
        for position, blank in frontier:
            for target in targets[blank]:
                if target >= 0:
                    moved = slide(position, blank, target)
                    if moved not in seen:
                        seen.add(moved)
                        first_reached[moved] = target
        frontier = list(first_reached.items())
        following = []
        for position, blank, state in taken:
            for step, target in enumerate(targets[blank]):
                after = transitions[state * len(STEPS) + step]
                if target >= 0 and after != REFUSED:
                    following.append((slide(position, blank, target), target, after))
        taken = following
        layers.append((first_reached, [position for position, _, _ in taken]))
    return layers


@pytest.mark.parametrize(("width", "height"), GRIDS)
def test_within_ten_steps_every_position_is_reached_once_by_a_shortest_path(
    width: int, height: int
) -> None:
    # Within the stored length the pruning is exact on every shape: one sequence of steps
    # per position, as long as its distance, from every cell the blank starts in.
    depth = 8 if width * height > 12 else 10
    for start in range(width * height):
        for length, (first_reached, taken) in enumerate(
            layers_taken(width, height, start, depth), start=1
        ):
            assert sorted(taken) == sorted(first_reached), (start, length)


@pytest.mark.parametrize("start", range(16))
def test_the_fifteen_puzzle_keeps_a_shortest_path_to_every_position_within_14_steps(
    start: int,
) -> None:
    # Up to 12 steps one sequence reaches each position; at 13 and 14 a few duplicates
    # survive (a sequence outdone from some cells it starts from but not from all: near
    # an edge its smaller twin cannot be taken).
    for length, (first_reached, taken) in enumerate(
        layers_taken(4, 4, start, move_automaton.MAX_LENGTH), start=1
    ):
        assert set(first_reached) <= set(taken), length
        if length <= 12:
            assert sorted(taken) == sorted(first_reached), length


@pytest.mark.parametrize(
    ("width", "height"),
    [
        (2, 2),
        (2, 3),
        (3, 2),
        # Minutes: 20,160 positions, each with many automaton states.
        pytest.param(2, 4, marks=pytest.mark.slow),
    ],
)
def test_a_shortest_path_to_every_position_survives_at_every_length(
    width: int, height: int
) -> None:
    # Far beyond the stored length too (the 2x4 needs up to 36 steps; 2x3, 21): breadth-first over
    # (position, automaton state), every position is first reached at its true distance.
    targets = step_targets(width, height)
    transitions = for_shape(width, height).transitions
    for start in range(width * height):
        origin = tuple(range(width * height))
        distance = {origin: 0}
        frontier = [(origin, start)]
        while frontier:
            following = []
            for position, blank in frontier:
                for target in targets[blank]:
                    if target >= 0 and (moved := slide(position, blank, target)) not in distance:
                        distance[moved] = distance[position] + 1
                        following.append((moved, target))
            frontier = following
        reached = {origin: 0}
        seen = {(origin, start, 0)}
        pending = [(origin, start, 0)]
        length = 0
        while pending:
            length += 1
            following_states = []
            for position, blank, state in pending:
                for step, target in enumerate(targets[blank]):
                    after = transitions[state * len(STEPS) + step]
                    if target < 0 or after == REFUSED:
                        continue
                    moved = slide(position, blank, target)
                    reached.setdefault(moved, length)
                    if (moved, target, after) not in seen:
                        seen.add((moved, target, after))
                        following_states.append((moved, target, after))
            pending = following_states
        assert reached == distance


def test_undoing_a_step_is_refused_everywhere() -> None:
    for width, height in move_automaton.shapes():
        automaton = for_shape(width, height)
        undos = ["UD", "DU"] if height > 1 else []
        undos += ["LR", "RL"] if width > 1 else []
        assert undos
        for undo in undos:
            assert not automaton.accepts(undo)
        assert automaton.accepts("U" if height > 1 else "L")


def test_the_fifteen_puzzle_refuses_the_known_short_duplicates() -> None:
    automaton = for_shape(4, 4)
    # One and a half turns round a 2x2 block leave what one and a half turns the other way
    # leave (ULDRUL); the later of the two in U, D, L, R order is refused.
    assert not automaton.accepts("LURDLU")
    assert automaton.accepts("ULDRUL")
    # A whole turn is no duplicate: it moves three tiles.
    assert automaton.accepts("URDL")
    assert automaton.accepts("LURD")


SEQUENCES = st.lists(st.text(alphabet=STEPS, min_size=1, max_size=4), min_size=1, max_size=6)


@given(sequences=SEQUENCES, steps=st.text(alphabet=STEPS, max_size=12))
def test_a_compiled_automaton_refuses_exactly_what_holds_a_sequence(
    sequences: list[str], steps: str
) -> None:
    automaton = compile_automaton(sequences)
    holds = any(sequence in steps for sequence in sequences)
    assert automaton.accepts(steps) is not holds


def test_every_transition_leads_to_a_state() -> None:
    for width, height in move_automaton.shapes():
        automaton = for_shape(width, height)
        assert len(automaton.transitions) == automaton.state_count * len(STEPS)
        assert all(REFUSED <= target < automaton.state_count for target in automaton.transitions)
        assert len(automaton.packed) == len(automaton.transitions) * 4


def test_the_stored_sequences_are_what_the_generator_finds_up_to_ten_steps() -> None:
    # The generator's sequences of a given length depend only on the shorter ones, so the
    # first ten steps of the stored list are checked here in seconds; the whole file below.
    assert duplicate_sequences.MAX_LENGTH == move_automaton.MAX_LENGTH
    stored_shapes = [*duplicate_sequences.SEQUENCES, *duplicate_sequences.SAME_AS]
    assert sorted(stored_shapes) == sorted(move_automaton.shapes())
    for width, height in move_automaton.shapes():
        stored = move_automaton.stored_sequences(width, height)
        short = [sequence for sequence in stored if len(sequence) <= 10]
        assert short == move_automaton.redundant_sequences(width, height, 10), (width, height)


@pytest.mark.slow
def test_the_stored_module_is_what_the_generator_writes() -> None:
    text = move_automaton.STORED_MODULE.read_text(encoding="utf-8")
    assert text == move_automaton.stored_module_text()


def test_the_sequences_are_minimal_and_each_is_a_duplicate_from_every_cell() -> None:
    # From each cell a sequence can start in, a smaller sequence leaves the same position:
    # checked afresh by taking every sequence of steps up to 8 long, in order, from every
    # cell, and noting the first to leave each position.
    order = {letter: place for place, letter in enumerate(STEPS)}
    for width, height in [(3, 3), (2, 4), (4, 2), (2, 3)]:
        stored = [s for s in move_automaton.stored_sequences(width, height) if len(s) <= 8]
        assert stored
        for sequence in stored:
            assert not any(other in sequence for other in stored if other != sequence)
        targets = step_targets(width, height)
        for start in range(width * height):
            smallest = _smallest_sequences(targets, start, 8)
            for sequence in stored:
                position, blank = tuple(range(width * height)), start
                for letter in sequence:
                    target = targets[blank][order[letter]]
                    if target < 0:
                        break
                    position, blank = slide(position, blank, target), target
                else:
                    first = smallest[position]
                    assert (len(first), [order[letter] for letter in first]) < (
                        len(sequence),
                        [order[letter] for letter in sequence],
                    ), (width, height, start, sequence)


def _smallest_sequences(
    targets: tuple[tuple[int, ...], ...], start: int, depth: int
) -> dict[Position, str]:
    """The first sequence of steps (shortest, then in `STEPS` order) that leaves each
    position from `start`, over every sequence up to `depth` steps."""
    origin = tuple(range(len(targets)))
    smallest = {origin: ""}
    level = [("", origin, start)]
    for _length in range(depth):
        following = []
        for steps, position, blank in level:
            for letter, target in zip(STEPS, targets[blank], strict=True):
                if target >= 0:
                    moved = slide(position, blank, target)
                    smallest.setdefault(moved, steps + letter)
                    following.append((steps + letter, moved, target))
        level = following
    return smallest
