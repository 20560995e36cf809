"""Properties that hold for every board: hypothesis looks for a counterexample."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from core import (
    Board,
    BoardError,
    Direction,
    apply_slide,
    check,
    find_problems,
    format_board,
    inversion_counts,
    inversion_index,
    inversion_pairs,
    inversion_partners,
    is_solvable,
    legal_slides,
    parse_board,
    parse_document,
    random_board,
    scramble,
    slide_in_direction,
    suggest_fix,
)
from core.formats import FORMATS
from tests.core.strategies import boards, boards_with_goals, brute_force_inversions

# --- the verdict under moves and swaps -------------------------------------------------------


@given(boards_with_goals(), st.data())
def test_a_legal_slide_never_changes_the_verdict(
    board_and_goal: tuple[Board, str | Board], data: st.DataObject
) -> None:
    board, goal = board_and_goal
    tile = data.draw(st.sampled_from(legal_slides(board)))
    moved = apply_slide(board, tile)
    assert moved != board
    assert check(moved, goal).solvable == check(board, goal).solvable
    assert is_solvable(moved, goal) == is_solvable(board, goal)


@given(boards_with_goals(min_side=2), st.data())
def test_swapping_two_tiles_always_flips_the_verdict(
    board_and_goal: tuple[Board, str | Board], data: st.DataObject
) -> None:
    board, goal = board_and_goal
    tile_cells = [index for index, tile in enumerate(board.tiles) if tile != 0]
    first, second = data.draw(
        st.lists(st.sampled_from(tile_cells), min_size=2, max_size=2, unique=True)
    )
    swapped = board.with_swapped(first, second)
    assert check(swapped, goal).solvable != check(board, goal).solvable
    assert is_solvable(swapped, goal) != is_solvable(board, goal)


@given(boards_with_goals())
def test_check_and_is_solvable_agree(board_and_goal: tuple[Board, str | Board]) -> None:
    board, goal = board_and_goal
    verdict = check(board, goal)
    assert verdict.solvable == is_solvable(board, goal)
    assert verdict.inversions == len(brute_force_inversions(board, goal))
    assert (verdict.width, verdict.height) == (board.width, board.height)
    assert verdict.blank_row_from_bottom == board.height - board.blank_index // board.width


# --- text round trips ----------------------------------------------------------------------------


@given(boards(max_side=12, max_cells=144))
def test_str_round_trips(board: Board) -> None:
    assert parse_board(str(board)) == board


@pytest.mark.parametrize("form", FORMATS)
@given(board=boards(max_side=12, max_cells=144))
def test_every_written_form_round_trips(form: str, board: Board) -> None:
    assert parse_board(format_board(board, form)) == board


@given(boards_with_goals())
def test_json_carries_the_goal(board_and_goal: tuple[Board, str | Board]) -> None:
    board, goal = board_and_goal
    document = parse_document(format_board(board, "json", goal=goal))
    assert document.board == board
    assert document.goal == goal


# --- inversions against brute force --------------------------------------------------------------


@given(boards_with_goals(max_side=5))
def test_inversion_pairs_equal_brute_force(board_and_goal: tuple[Board, str | Board]) -> None:
    board, goal = board_and_goal
    expected = brute_force_inversions(board, goal)
    assert list(inversion_pairs(board, goal)) == expected
    assert check(board, goal).inversions == len(expected)


@given(boards_with_goals(max_side=5))
def test_inversion_index_equals_brute_force(board_and_goal: tuple[Board, str | Board]) -> None:
    board, goal = board_and_goal
    pairs = brute_force_inversions(board, goal)
    index = inversion_index(board, goal)
    labels = index.labels
    assert labels == tuple(tile for tile in board.tiles if tile != 0)
    assert index.count == len(pairs)
    position_of = {tile: position for position, tile in enumerate(labels)}
    pairs_by_position = [(position_of[a], position_of[b]) for a, b in pairs]
    assert [index.pair_at(number) for number in range(index.count)] == pairs_by_position
    for position, tile in enumerate(labels):
        partners = sorted(position_of[b if a == tile else a] for a, b in pairs if tile in (a, b))
        assert index.partners_of(position) == partners
        assert index.per_position_counts[position] == len(partners)
        starting_earlier = sum(1 for first, _ in pairs_by_position if first < position)
        assert index.first_pair_number(position) == starting_earlier
    with pytest.raises(IndexError):
        index.pair_at(index.count)
    with pytest.raises(IndexError):
        index.pair_at(-1)


@given(boards_with_goals(max_side=5))
def test_per_tile_counts_and_partners_equal_brute_force(
    board_and_goal: tuple[Board, str | Board],
) -> None:
    board, goal = board_and_goal
    pairs = brute_force_inversions(board, goal)
    counts = inversion_counts(board, goal)
    reading_order = [tile for tile in board.tiles if tile != 0]
    assert sorted(counts) == sorted(reading_order)
    for tile in reading_order:
        partners = {b if a == tile else a for a, b in pairs if tile in (a, b)}
        assert counts[tile] == len(partners)
        listed = inversion_partners(board, tile, goal)
        assert listed == [t for t in reading_order if t in partners]


# --- the parser never fails in an unexpected way -----------------------------------------------

BOARDISH_ALPHABET = "0123456789 \t\n,;|/_.xX-+{}[]()#*\u2502\u2500\u253c"


def assert_parses_or_board_error(text: str, width: int | None = None) -> None:
    try:
        board = parse_board(text, width)
    except BoardError as error:
        message = str(error)
        assert message
        assert "\n" not in message
    else:
        assert isinstance(board, Board)


@given(st.text())
def test_any_text_parses_or_raises_board_error(text: str) -> None:
    assert_parses_or_board_error(text)


@settings(max_examples=400)
@given(st.text(alphabet=BOARDISH_ALPHABET, max_size=80), st.one_of(st.none(), st.integers(-2, 9)))
def test_board_like_text_parses_or_raises_board_error(text: str, width: int | None) -> None:
    assert_parses_or_board_error(text, width)


@settings(max_examples=300)
@given(
    st.lists(
        st.lists(
            st.integers(-2, 20).map(str)
            | st.sampled_from(["", "_", "x", "."])
            | st.text(alphabet="+-0123456789_.xX", max_size=4),
            max_size=6,
        ),
        max_size=6,
    ),
    st.sampled_from([" ", "\t", ", ", " | ", "\u2502"]),
    st.sampled_from(["{}", "[]", "", "||"]),
)
def test_rows_of_numbers_parse_or_raise_board_error(
    rows: list[list[str]], separator: str, brackets: str
) -> None:
    opening, closing = (brackets[0], brackets[1]) if brackets else ("", "")
    text = "\n".join(opening + separator.join(row) + closing for row in rows)
    assert_parses_or_board_error(text)


@given(st.text(alphabet='{}[]":,0123456789 abcdefghijklmnopqrstuvwxyz-.', max_size=80))
def test_json_like_text_parses_or_raises_board_error(text: str) -> None:
    assert_parses_or_board_error('{"' + text)


# --- random boards, scrambles and fixes ----------------------------------------------------------


@given(
    st.integers(1, 7),
    st.integers(1, 7),
    st.booleans(),
    st.sampled_from(["blank-last", "blank-first"]),
    st.integers(0, 2**32),
)
def test_random_board_has_the_requested_verdict(
    width: int, height: int, solvable: bool, goal: str, seed: int
) -> None:
    assume(width * height >= 3 or (width * height == 2 and solvable))
    board = random_board(width, height, solvable=solvable, goal=goal, rng=random.Random(seed))
    assert (board.width, board.height) == (width, height)
    assert check(board, goal).solvable == solvable
    assert is_solvable(board, goal) == solvable


@given(boards_with_goals(min_side=2), st.booleans(), st.integers(0, 2**32))
def test_random_board_for_a_custom_goal(
    board_and_goal: tuple[Board, str | Board], solvable: bool, seed: int
) -> None:
    board, goal = board_and_goal
    made = random_board(
        board.width, board.height, solvable=solvable, goal=goal, rng=random.Random(seed)
    )
    assert is_solvable(made, goal) == solvable


@given(boards_with_goals(), st.integers(0, 60), st.integers(0, 2**32))
def test_scramble_keeps_the_verdict(
    board_and_goal: tuple[Board, str | Board], moves: int, seed: int
) -> None:
    board, goal = board_and_goal
    scrambled = scramble(board, moves, random.Random(seed))
    assert is_solvable(scrambled, goal) == is_solvable(board, goal)
    assert sorted(scrambled.tiles) == sorted(board.tiles)


@given(boards_with_goals())
def test_suggested_fix_makes_an_unsolvable_board_solvable(
    board_and_goal: tuple[Board, str | Board],
) -> None:
    board, goal = board_and_goal
    fix = suggest_fix(board, goal)
    if is_solvable(board, goal):
        assert fix is None
        return
    if board.width >= 2 and board.height >= 2:
        assert fix is not None
    if fix is None:
        return
    first, second = fix
    assert first != second
    assert 0 not in fix
    fixed = board.with_swapped(board.index_of(first), board.index_of(second))
    assert is_solvable(fixed, goal)


# --- the cell problems the window marks agree with board validation -----------------------------


@given(
    st.integers(1, 4).flatmap(
        lambda width: st.tuples(
            st.just(width),
            st.integers(2 if width == 1 else 1, 4),
        )
    ),
    st.data(),
)
def test_find_problems_is_empty_exactly_for_valid_boards(
    shape: tuple[int, int], data: st.DataObject
) -> None:
    width, height = shape
    count = width * height
    cells = data.draw(
        st.lists(st.none() | st.integers(-1, count + 1), min_size=count, max_size=count)
        | st.permutations(range(count)).map(list)
    )
    problems = find_problems(width, height, cells)
    message = None
    try:
        Board(width, height, tuple(0 if cell is None else cell for cell in cells))
    except BoardError as error:
        message = str(error)
    if message is None:
        assert problems == [], cells
    else:
        assert problems, cells
        if None not in cells:
            # The board's own error is the first problem the window would mark.
            assert message == problems[0].message
    for problem in problems:
        assert problem.kind in {
            "duplicate",
            "out-of-range",
            "two-blanks",
            "empty",
            "missing",
            "no-blank",
        }
        assert all(0 <= cell < count for cell in problem.cells)
        assert problem.message


# --- every separator and blank spelling reads back ---------------------------------------------


@given(
    boards(min_side=2, max_side=6),
    st.sampled_from([" ", "  ", "\t", ",", ", ", ";", " | ", "\u2502"]),
    st.sampled_from(["0", "_", ".", "x", "X", "-1", "", "W*H"]),
    st.sampled_from(["plain", "braces", "brackets", "table"]),
)
def test_grids_with_any_separator_and_blank_spelling(
    board: Board, separator: str, blank: str, wrapping: str
) -> None:
    blank_token = str(board.size) if blank == "W*H" else blank
    blank_column = board.blank_index % board.width
    # An empty cell needs a separator that can show it.
    assume(blank != "" or separator.strip())
    # A bar before an empty first cell, or after an empty last one, reads as a border.
    bar = separator.strip() in ("|", "\u2502")
    assume(blank != "" or not bar or 0 < blank_column < board.width - 1)
    rows = [[blank_token if tile == 0 else str(tile) for tile in row] for row in board.rows()]
    lines = [separator.join(row) for row in rows]
    if wrapping == "braces":
        text = "{\n" + ",\n".join("{" + ", ".join(row) + "}" for row in rows) + "\n};"
        assume(blank != "")
    elif wrapping == "brackets":
        text = "[" + ", ".join("[" + ", ".join(row) + "]" for row in rows) + "]"
        assume(blank != "")
    elif wrapping == "table":
        text = "\n".join("| " + " | ".join(row) + " |" for row in rows)
    else:
        text = "\n".join(lines)
    assert parse_board(text) == board


# --- slides by direction and scrambles ------------------------------------------------------------


@given(boards())
def test_the_four_directions_make_exactly_the_legal_slides(board: Board) -> None:
    by_direction = [slide_in_direction(board, direction) for direction in Direction]
    made = [moved for moved in by_direction if moved is not None]
    assert sorted(made, key=lambda moved: moved.tiles) == sorted(
        (apply_slide(board, tile) for tile in legal_slides(board)), key=lambda moved: moved.tiles
    )
    # Opposite directions undo each other.
    for direction, opposite in [
        (Direction.UP, Direction.DOWN),
        (Direction.DOWN, Direction.UP),
        (Direction.LEFT, Direction.RIGHT),
        (Direction.RIGHT, Direction.LEFT),
    ]:
        moved = slide_in_direction(board, direction)
        if moved is not None:
            assert slide_in_direction(moved, opposite) == board


@given(boards(min_side=2), st.integers(0, 2**32))
def test_scramble_never_slides_straight_back(board: Board, seed: int) -> None:
    assert scramble(board, 2, random.Random(seed)) != board
