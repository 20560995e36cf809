"""The worked examples of the four seed articles, pasted as they are printed there.

Each case gives the text as the article shows it, the board it must read as, the inversion
count where the article states one, and the verdict. Verdicts of boards up to 3x3 come from
the breadth-first search; 4x4 verdicts come from `reference_solvable` (the parity of the
whole permutation, blank included, plus the blank's taxicab distance: a different argument
from our rule's, and itself checked against the search below).

The second half shows where the seeds' wrong rules disagree with the search, and that ours
does not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations

import pytest

from core import Board, apply_slide, check, is_solvable, parse_board
from tests.core.ground_truth import blank_last, is_reachable


def reference_solvable(board: Board) -> bool:
    """Solvable to blank-last by permutation parity plus the blank's taxicab distance.

    Every slide swaps the blank with a neighbour: one transposition of the whole
    permutation (blank counted as tile W*H) and one step of the blank. So the parity of
    transpositions plus distance never changes, and the goal has 0 + 0.
    """
    size = board.size
    cells = [tile if tile else size for tile in board.tiles]
    transpositions = sum(1 for i in range(size) for j in range(i + 1, size) if cells[i] > cells[j])
    blank_row, blank_column = divmod(board.blank_index, board.width)
    distance = (board.height - 1 - blank_row) + (board.width - 1 - blank_column)
    return (transpositions + distance) % 2 == 0


def truth(board: Board) -> bool:
    """Ground truth for blank-last: the search for small boards, the reference otherwise."""
    if board.size <= 9:
        return is_reachable(board.tiles, board.width, blank_last(board.width, board.height))
    return reference_solvable(board)


@dataclass(frozen=True)
class SeedExample:
    text: str
    tiles: tuple[int, ...]
    width: int
    inversions: int | None  # None where the article states no count
    solvable: bool


SEED_000 = {
    # "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 X ... forms only 1 inversion i.e. (2, 1)"
    "000-one-inversion": SeedExample(
        "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 X",
        (2, 1, *range(3, 16), 0),
        4,
        1,
        False,
    ),
    # The C++ driver's board; its text says the position has 49 inversions.
    "000-cpp-driver-49": SeedExample(
        """    int puzzle[N][N] =
    {
        {12, 1, 10, 2},
        {7, 11, 4, 14},
        {5, 0, 9, 15}, // Value 0 is used for empty space
        {8, 13, 6, 3},
    };""",
        (12, 1, 10, 2, 7, 11, 4, 14, 5, 0, 9, 15, 8, 13, 6, 3),
        4,
        49,
        True,
    ),
    # The whole driver function, its /* */ block of other puzzles included: only the
    # live board counts.
    "000-cpp-main-whole": SeedExample(
        """int main()
{

    int puzzle[N][N] =
    {
        {12, 1, 10, 2},
        {7, 11, 4, 14},
        {5, 0, 9, 15}, // Value 0 is used for empty space
        {8, 13, 6, 3},
    };
    /*
    int puzzle[N][N] = {{1, 8, 2},
                    {0, 4, 3},
                    {7, 6, 5}};

    int puzzle[N][N] = {
                    {13, 2, 10, 3},
                    {1, 12, 8, 4},
                    {5, 0, 9, 6},
                    {15, 14, 11, 7},
                };

    int puzzle[N][N] = {
                    {6, 13, 7, 10},
                    {8, 9, 11, 0},
                    {15, 2, 12, 5},
                    {14, 3, 1, 4},
                };


    int puzzle[N][N] = {
                    {3, 9, 1, 15},
                    {14, 11, 4, 6},
                    {13, 0, 10, 12},
                    {2, 7, 8, 5},
                };
    */

    isSolvable(puzzle)? cout << "Solvable":
                        cout << "Not Solvable";
    return 0;
}""",
        (12, 1, 10, 2, 7, 11, 4, 14, 5, 0, 9, 15, 8, 13, 6, 3),
        4,
        49,
        True,
    ),
    "000-php-driver": SeedExample(
        """    $puzzle =
    array(
        array(12, 1, 10, 2),
        array(7, 11, 4, 14),
        array(5, 0, 9, 15), // Value 0 is used for empty space
        array(8, 13, 6, 3),
    );""",
        (12, 1, 10, 2, 7, 11, 4, 14, 5, 0, 9, 15, 8, 13, 6, 3),
        4,
        49,
        True,
    ),
    # The puzzles commented out inside the C++ program's /* */ block, one case each.
    "000-commented-3x3": SeedExample(
        """    int puzzle[N][N] = {{1, 8, 2},
                    {0, 4, 3},
                    {7, 6, 5}};""",
        (1, 8, 2, 0, 4, 3, 7, 6, 5),
        3,
        10,
        True,
    ),
    "000-commented-a": SeedExample(
        """    int puzzle[N][N] = {
                    {13, 2, 10, 3},
                    {1, 12, 8, 4},
                    {5, 0, 9, 6},
                    {15, 14, 11, 7},
                };""",
        (13, 2, 10, 3, 1, 12, 8, 4, 5, 0, 9, 6, 15, 14, 11, 7),
        4,
        None,
        True,
    ),
    "000-commented-b": SeedExample(
        """    int puzzle[N][N] = {
                    {6, 13, 7, 10},
                    {8, 9, 11, 0},
                    {15, 2, 12, 5},
                    {14, 3, 1, 4},
                };""",
        (6, 13, 7, 10, 8, 9, 11, 0, 15, 2, 12, 5, 14, 3, 1, 4),
        4,
        None,
        True,
    ),
    "000-commented-c": SeedExample(
        """    int puzzle[N][N] = {
                    {3, 9, 1, 15},
                    {14, 11, 4, 6},
                    {13, 0, 10, 12},
                    {2, 7, 8, 5},
                };""",
        (3, 9, 1, 15, 14, 11, 4, 6, 13, 0, 10, 12, 2, 7, 8, 5),
        4,
        None,
        False,
    ),
}

SEED_001 = {
    "001-figure-8-6-7": SeedExample(
        "   1   2   3\n   4   _   5\n   8   6   7      ",
        (1, 2, 3, 4, 0, 5, 8, 6, 7),
        3,
        2,
        True,
    ),
    "001-cpp": SeedExample(
        """  int puzzle[3][3] =  {{1, 8, 2},
                      {0, 4, 3},  // Value 0 is used for empty space
                      {7, 6, 5}};""",
        (1, 8, 2, 0, 4, 3, 7, 6, 5),
        3,
        10,
        True,
    ),
    "001-java": SeedExample(
        "    int[][] puzzle = {{1, 8, 2},{0, 4, 3},{7, 6, 5}};",
        (1, 8, 2, 0, 4, 3, 7, 6, 5),
        3,
        10,
        True,
    ),
    "001-csharp": SeedExample(
        """    int[,] puzzle = new int[3,3]{{1, 8, 2},
                            {0, 4, 3}, // Value 0 is used for empty space
                            {7, 6, 5}};""",
        (1, 8, 2, 0, 4, 3, 7, 6, 5),
        3,
        10,
        True,
    ),
    "001-php": SeedExample(
        """$puzzle = array(array(1, 8, 2),
                array(0, 4, 3), // Value 0 is used
                array(7, 6, 5));// for empty space""",
        (1, 8, 2, 0, 4, 3, 7, 6, 5),
        3,
        10,
        True,
    ),
    "001-javascript": SeedExample(
        "puzzle = [[1, 8, 2],[0, 4, 3],[7, 6, 5]] ;",
        (1, 8, 2, 0, 4, 3, 7, 6, 5),
        3,
        10,
        True,
    ),
    # The Python version's board: -1 is its blank. 8 comes first, so this is not the
    # same board as the others; its eleven inversions make it unsolvable.
    "001-python-minus-one": SeedExample(
        "puzzle = [[8, 1, 2],[-1, 4, 3],[7, 6, 5]]",
        (8, 1, 2, 0, 4, 3, 7, 6, 5),
        3,
        11,
        False,
    ),
    # The row and column move illustrations, each with the count the article prints.
    "001-row-move-left": SeedExample(
        "   1   2   3\n   _   4   5 \n   8   6   7", (1, 2, 3, 0, 4, 5, 8, 6, 7), 3, 2, True
    ),
    "001-row-move-right": SeedExample(
        "   1   2   3\n   4   5   _\n   8   6   7", (1, 2, 3, 4, 5, 0, 8, 6, 7), 3, 2, True
    ),
    "001-column-move-up": SeedExample(
        "   1   _   3\n   4   2   5  \n   8   6   7", (1, 0, 3, 4, 2, 5, 8, 6, 7), 3, 4, True
    ),
    "001-before-decrease": SeedExample(
        "   1   3   4\n   5   _   6\n   7   2   8", (1, 3, 4, 5, 0, 6, 7, 2, 8), 3, 5, False
    ),
    "001-after-decrease": SeedExample(
        "   1   3   4\n   5   2   6\n   7   _   8", (1, 3, 4, 5, 2, 6, 7, 0, 8), 3, 3, False
    ),
    "001-before-same": SeedExample(
        "   1   2   3\n   4   _   5\n   7   6   8", (1, 2, 3, 4, 0, 5, 7, 6, 8), 3, 1, False
    ),
    "001-after-same": SeedExample(
        "   1   2   3\n   4   6   5\n   7   _   8", (1, 2, 3, 4, 6, 5, 7, 0, 8), 3, 1, False
    ),
}

SEED_002 = {
    "002-shuffled-box": SeedExample(
        """# A shuffled 15 puzzle
┌───┬───┬───┬───┐
│ 2 │ 8 │ 3 │ 4 │
├───┼───┼───┼───┤
│ 1 │ 6 │   │ 7 │
├───┼───┼───┼───┤
│ 5 │ 9 │ 11│ 12│\x20\x20\x20
├───┼───┼───┼───┤
│ 13│ 10│ 15│ 14│
└───┴───┴───┴───┘""",
        (2, 8, 3, 4, 1, 6, 0, 7, 5, 9, 11, 12, 13, 10, 15, 14),
        4,
        None,
        False,
    ),
    "002-target-box": SeedExample(
        """# The target state of the 15 puzzle
┌───┬───┬───┬───┐
│ 1 │ 2 │ 3 │ 4 │
├───┼───┼───┼───┤
│ 5 │ 6 │ 7 │ 8 │
├───┼───┼───┼───┤
│ 9 │ 10│ 11│ 12│\x20\x20\x20
├───┼───┼───┼───┤
│ 13│ 14│ 15│   │
└───┴───┴───┴───┘""",
        (*range(1, 16), 0),
        4,
        0,
        True,
    ),
    "002-current-state-box": SeedExample(
        """Current state:
┌───┬───┬───┬───┐
│ 2 │ 8 │ 3 │ 4 │
├───┼───┼───┼───┤
│ 1 │ 6 │ 14│ 5 │
├───┼───┼───┼───┤
│ 7 │ 9 │ 11│ 12│
├───┼───┼───┼───┤
│ 13│ 10│ 15│   │
└───┴───┴───┴───┘""",
        (2, 8, 3, 4, 1, 6, 14, 5, 7, 9, 11, 12, 13, 10, 15, 0),
        4,
        None,
        True,
    ),
    # "only the tiles 14 and 15 are swapped ... this is an unsolvable configuration"
    "002-14-15-swapped-box": SeedExample(
        """┌───┬───┬───┬───┐
│ 1 │ 2 │ 3 │ 4 │
├───┼───┼───┼───┤
│ 5 │ 6 │ 7 │ 8 │
├───┼───┼───┼───┤
│ 9 │ 10│ 11│ 12│\x20\x20\x20
├───┼───┼───┼───┤
│ 13│ 15│ 14│   │
└───┴───┴───┴───┘""",
        (*range(1, 14), 15, 14, 0),
        4,
        1,
        False,
    ),
    # "a configuration with odd parity (since the number of inversions is 1)"
    "002-2x2-box": SeedExample(
        """┌───┬───┐
│ 2 │ 1 │
├───┼───┤
│ 3 │   │
└───┴───┘""",
        (2, 1, 3, 0),
        2,
        1,
        False,
    ),
    # The Python examples, 16 as the blank; the article prints True, then False.
    "002-python-solvable-16": SeedExample(
        """board = [
     1,  2,  3,  4,
     5,  6,  7,  8,
     9, 10, 16, 11,
    13, 14, 15, 12,
]""",
        (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 13, 14, 15, 12),
        4,
        None,
        True,
    ),
    "002-python-unsolvable-16": SeedExample(
        """board = [
     1,  2,  3,  4,
     5,  6,  7,  8,
     9, 10, 11, 12,
    13, 15, 14, 16,
]""",
        (*range(1, 13), 13, 15, 14, 0),
        4,
        1,
        False,
    ),
}

SEED_003 = {
    "003-goal-tabs": SeedExample(
        "1\t2\t3\t4\n5\t6\t7\t8\n9\t10\t11\t12\n13\t14\t15\t0",
        (*range(1, 16), 0),
        4,
        0,
        True,
    ),
}

ALL_EXAMPLES = {**SEED_000, **SEED_001, **SEED_002, **SEED_003}


@pytest.mark.parametrize("example", ALL_EXAMPLES.values(), ids=ALL_EXAMPLES.keys())
def test_seed_example_reads_as_printed(example: SeedExample) -> None:
    board = parse_board(example.text)
    assert board == Board(example.width, len(example.tiles) // example.width, example.tiles)


@pytest.mark.parametrize("example", ALL_EXAMPLES.values(), ids=ALL_EXAMPLES.keys())
def test_seed_example_verdict(example: SeedExample) -> None:
    board = parse_board(example.text)
    verdict = check(board)
    assert truth(board) == example.solvable  # the table itself agrees with ground truth
    assert verdict.solvable == example.solvable
    assert is_solvable(board) == example.solvable
    if example.inversions is not None:
        assert verdict.inversions == example.inversions


def test_seed_000_invariant_example_49_then_48() -> None:
    # "The number of inversions on the left is 49 ... on the right is 48, because the 11
    # has lost two inversions, but the 14 has gained one."
    left = parse_board(SEED_000["000-cpp-driver-49"].text)
    right = apply_slide(left, 11)
    left_verdict, right_verdict = check(left), check(right)
    assert (left_verdict.inversions, left_verdict.blank_row_from_bottom % 2) == (49, 0)
    assert (right_verdict.inversions, right_verdict.blank_row_from_bottom % 2) == (48, 1)
    assert left_verdict.solvable
    assert right_verdict.solvable


def test_seed_001_the_two_examples_have_10_and_11_inversions() -> None:
    # "the first example has 10 inversions, therefore solvable. The second ... 11"
    first = check(parse_board(SEED_001["001-cpp"].text))
    second = check(parse_board(SEED_001["001-python-minus-one"].text))
    assert (first.inversions, first.solvable) == (10, True)
    assert (second.inversions, second.solvable) == (11, False)


# --- the reference rule itself is checked against the search -------------------------------------


@pytest.mark.slow  # every arrangement of boards up to 3x3
@pytest.mark.parametrize(("width", "height"), [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)])
def test_reference_rule_agrees_with_search(width: int, height: int) -> None:
    goal = blank_last(width, height)
    for cells in permutations(range(width * height)):
        board = Board(width, height, cells)
        assert reference_solvable(board) == is_reachable(cells, width, goal), cells


# --- the seeds' wrong rules, and where they go wrong ----------------------------------------------

WrongRule = Callable[[Board], bool]


def _inversions_without_blank(tiles: tuple[int, ...]) -> int:
    values = [tile for tile in tiles if tile]
    return sum(
        1 for i in range(len(values)) for j in range(i + 1, len(values)) if values[i] > values[j]
    )


def seed_000_php_rule(board: Board) -> bool:
    """Seed 000's PHP: the inner loop has lost its `if`, so it counts every pair."""
    size = board.size
    every_pair = sum(size - 1 - i for i in range(size - 1))
    if board.width % 2:
        return every_pair % 2 == 0
    if board.blank_row_from_bottom % 2:
        return every_pair % 2 == 0
    return every_pair % 2 == 1


def seed_001_minus_one_in_c_rule(board: Board) -> bool:
    """Seed 001's -1 blank fed to its C++ count, which skips only zeros: the blank is a tile."""
    values = [-1 if tile == 0 else tile for tile in board.tiles]
    inversions = sum(
        1
        for i in range(len(values))
        for j in range(i + 1, len(values))
        if values[i] and values[j] and values[i] > values[j]
    )
    return inversions % 2 == 0


def seed_002_taxicab_rule(board: Board) -> bool:
    """Seed 002's prose: inversions of the numbers (blank left out) + the blank's taxicab
    distance from the bottom-right corner, even means solvable."""
    blank_row, blank_column = divmod(board.blank_index, board.width)
    distance = (board.height - 1 - blank_row) + (board.width - 1 - blank_column)
    return (_inversions_without_blank(board.tiles) + distance) % 2 == 0


def seed_003_row_from_top_rule(board: Board) -> bool:
    """Seed 003: N + K even, K the blank's 1-based row counted from the top."""
    row_from_top = board.blank_index // board.width + 1
    return (_inversions_without_blank(board.tiles) + row_from_top) % 2 == 0


WRONG_RULES: dict[str, tuple[WrongRule, list[tuple[int, int]]]] = {
    "seed-000-php-every-pair": (seed_000_php_rule, [(3, 3), (2, 2), (2, 4), (4, 2)]),
    "seed-001-minus-one-as-tile": (seed_001_minus_one_in_c_rule, [(3, 3), (3, 2)]),
    "seed-002-taxicab-blank-excluded": (seed_002_taxicab_rule, [(2, 2), (2, 4), (4, 2), (3, 3)]),
    "seed-003-row-from-top": (seed_003_row_from_top_rule, [(2, 3)]),
}


@pytest.mark.slow  # every arrangement of boards up to 3x3
@pytest.mark.parametrize("rule_name", WRONG_RULES)
def test_wrong_seed_rule_disagrees_with_search_where_ours_agrees(rule_name: str) -> None:
    wrong_rule, shapes = WRONG_RULES[rule_name]
    for width, height in shapes:
        goal = blank_last(width, height)
        wrong_on = []
        for cells in permutations(range(width * height)):
            board = Board(width, height, cells)
            reachable = is_reachable(cells, width, goal)
            assert is_solvable(board) == reachable
            if wrong_rule(board) != reachable:
                wrong_on.append(board)
        assert wrong_on, f"{rule_name} found no mistake on {width}x{height}"
        assert all(check(board).solvable == truth(board) for board in wrong_on)


@pytest.mark.parametrize(
    ("rule_name", "text"),
    [
        # The 2x2 goal with the blank moved left one: solvable, but taxicab distance 1
        # (odd) with 0 inversions makes the taxicab rule say no.
        ("seed-002-taxicab-blank-excluded", "1 2\n0 3"),
        # A 2x4 board one slide from the goal: blank one column left of the corner.
        ("seed-002-taxicab-blank-excluded", "1 2 3 4\n5 6 0 7"),
        # 2 wide, 3 high: the goal itself, blank on row 3 from the top, 0 inversions:
        # 0 + 3 is odd, so the row-from-top rule calls the solved board unsolvable.
        ("seed-003-row-from-top", "1 2\n3 4\n5 0"),
        # The 8-puzzle goal with 1 and 2 swapped: PHP counts all 36 pairs of every board,
        # an even number, so it calls this unsolvable board solvable.
        ("seed-000-php-every-pair", "2 1 3\n4 5 6\n7 8 0"),
        # -1 after three tiles adds three inversions: 11 + 3 = 14, "solvable".
        ("seed-001-minus-one-as-tile", "[[8, 1, 2],[-1, 4, 3],[7, 6, 5]]"),
    ],
)
def test_a_board_each_wrong_rule_gets_wrong(rule_name: str, text: str) -> None:
    board = parse_board(text)
    wrong_rule, _ = WRONG_RULES[rule_name]
    assert wrong_rule(board) != truth(board)
    assert check(board).solvable == truth(board)
    assert is_solvable(board) == truth(board)


def test_seed_002_code_as_written_is_right_because_it_counts_the_blank() -> None:
    # The article's code passes the blank (16) into the inversion count, which adds the
    # parity the taxicab distance needs: that is `reference_solvable`, right on 4x4 too.
    for name in ("002-python-solvable-16", "002-python-unsolvable-16"):
        example = SEED_002[name]
        board = parse_board(example.text)
        assert reference_solvable(board) == example.solvable


@pytest.mark.slow  # every arrangement of boards up to 3x3
def test_seed_003_rule_is_right_when_the_height_is_even() -> None:
    # Row from the top and from the bottom differ in parity by height + 1: the top-row rule
    # is only wrong on even-width boards of odd height.
    for width, height in [(2, 2), (2, 4), (4, 2)]:
        goal = blank_last(width, height)
        for cells in permutations(range(width * height)):
            board = Board(width, height, cells)
            assert seed_003_row_from_top_rule(board) == is_reachable(cells, width, goal)
