"""The rule's verdict: the numbers it reports, its explanation, and its goals."""

from __future__ import annotations

import json

import pytest

from core import Board, BoardError, Rule, check, goal_board, is_solvable, parse_board
from core.rule import goal_rank_of_tile, rule_for_shape

FIFTEEN_14_15_SWAPPED = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0")


def test_verdict_fields_for_an_even_width_board() -> None:
    verdict = check(FIFTEEN_14_15_SWAPPED)
    assert verdict.solvable is False
    assert verdict.inversions == 1
    assert verdict.blank_row_from_bottom == 1
    assert verdict.goal_blank_row_from_bottom == 1
    assert (verdict.width, verdict.height) == (4, 4)
    assert verdict.goal == "blank-last"
    assert verdict.rule == "even-width"


def test_even_width_explanation_shows_the_arithmetic() -> None:
    steps = check(FIFTEEN_14_15_SWAPPED).steps
    assert steps[0].startswith("Width 4 is even")
    assert "1 pair is out of goal order: 1 inversion." in steps[1]
    assert steps[2] == "Blank on row 1 from the bottom."
    assert steps[3] == (
        "1 + 1 = 2 is even, but the goal's 0 + 1 = 1 is odd, so it is not solvable."
    )


def test_odd_width_explanation() -> None:
    verdict = check(parse_board("1 8 2\n0 4 3\n7 6 5"))
    assert verdict.rule == "odd-width"
    assert verdict.solvable is True
    assert verdict.steps[-1] == "10 is even, so it is solvable."
    assert verdict.explanation == " ".join(verdict.steps)


@pytest.mark.parametrize(
    ("text", "solvable", "shape"),
    [
        ("1 0 2/", True, "one tile high"),
        ("2 0 1/", False, "one tile high"),
        ("1\n0\n2", True, "one tile wide"),
    ],
)
def test_line_boards_are_solvable_only_in_order(text: str, solvable: bool, shape: str) -> None:
    verdict = check(parse_board(text))
    assert verdict.rule == "line"
    assert verdict.solvable is solvable
    assert shape in verdict.steps[0]


def test_blank_first_goal_on_an_even_width() -> None:
    board = Board.solved(4, 4, blank_first=True)
    to_blank_first = check(board, "blank-first")
    assert to_blank_first.solvable is True
    assert to_blank_first.goal == "blank-first"
    assert to_blank_first.goal_blank_row_from_bottom == 4
    assert to_blank_first.inversions == 0
    # The blank-first goal is an odd number of steps of parity away from blank-last on 4x4.
    assert check(board, "blank-last").solvable is False


def test_custom_goal_relabels_tiles() -> None:
    goal = FIFTEEN_14_15_SWAPPED
    verdict = check(goal, goal)
    assert verdict.solvable is True
    assert verdict.inversions == 0
    assert verdict.goal == "custom"
    assert check(Board.solved(4, 4), goal).solvable is False
    assert check(Board.solved(4, 4), goal).inversions == 1


def test_every_board_is_solvable_to_itself() -> None:
    for text in ["2 1\n3 0", "0 3 2 1/4 5 6 7", "3 1 2/0 4 5/8 7 6"]:
        board = parse_board(text)
        assert check(board, board).solvable
        assert is_solvable(board, board)


def test_goal_board() -> None:
    assert goal_board("blank-last", 3, 2) == Board(3, 2, (1, 2, 3, 4, 5, 0))
    assert goal_board("blank-first", 3, 2) == Board(3, 2, (0, 1, 2, 3, 4, 5))
    custom = Board(3, 2, (5, 4, 3, 2, 1, 0))
    assert goal_board(custom, 3, 2) is custom


@pytest.mark.parametrize("call", [check, is_solvable])
def test_unknown_goal_name(call: object) -> None:
    with pytest.raises(BoardError, match=r"unknown goal 'sideways'"):
        call(Board.solved(3, 3), "sideways")  # type: ignore[operator]


@pytest.mark.parametrize("call", [check, is_solvable])
def test_goal_of_another_shape(call: object) -> None:
    with pytest.raises(BoardError, match=r"the goal is 3x2 but the board is 2x3"):
        call(Board.solved(2, 3), Board.solved(3, 2))  # type: ignore[operator]


def test_to_dict_is_json_ready() -> None:
    verdict = check(FIFTEEN_14_15_SWAPPED)
    data = json.loads(json.dumps(verdict.to_dict()))
    assert data["steps"] == list(verdict.steps)
    assert data["solvable"] is False
    assert set(data) == {
        "solvable",
        "inversions",
        "blank_row_from_bottom",
        "goal_blank_row_from_bottom",
        "width",
        "height",
        "goal",
        "rule",
        "steps",
    }


def test_verdict_is_frozen() -> None:
    verdict = check(FIFTEEN_14_15_SWAPPED)
    with pytest.raises(AttributeError):
        verdict.solvable = True  # type: ignore[misc]


def test_a_big_board_is_decided() -> None:
    board = Board.solved(300, 300)
    swapped = board.with_swapped(0, 1)
    assert is_solvable(board)
    assert not is_solvable(swapped)
    verdict = check(swapped)
    assert verdict.inversions == 1
    assert not verdict.solvable


@pytest.mark.parametrize(
    ("board", "rule"),
    [
        (Board.solved(4, 4), Rule.EVEN_WIDTH),
        (Board.solved(3, 3), Rule.ODD_WIDTH),
        (Board.solved(1, 4), Rule.LINE),
    ],
)
def test_the_rule_is_named_by_an_enum_and_printed_as_before(board: Board, rule: Rule) -> None:
    verdict = check(board)
    assert verdict.rule is rule
    assert json.loads(json.dumps(verdict.to_dict()))["rule"] == rule.value


@pytest.mark.parametrize(
    ("width", "height", "rule"),
    [
        (4, 4, Rule.EVEN_WIDTH),
        (4, 3, Rule.EVEN_WIDTH),
        (3, 4, Rule.ODD_WIDTH),
        (1, 4, Rule.LINE),
        (4, 1, Rule.LINE),
        (2, 1, Rule.LINE),
    ],
)
def test_the_rule_is_the_shapes_alone(width: int, height: int, rule: Rule) -> None:
    assert rule_for_shape(width, height) is rule
    assert check(Board.solved(width, height)).rule is rule


def test_each_tile_is_ranked_by_its_place_among_the_goals_tiles() -> None:
    assert goal_rank_of_tile(Board.solved(3, 3)) == [-1, 0, 1, 2, 3, 4, 5, 6, 7]
    assert goal_rank_of_tile(Board.solved(3, 3, blank_first=True)) == [-1, 0, 1, 2, 3, 4, 5, 6, 7]
    assert goal_rank_of_tile(parse_board("3 1/0 2")) == [-1, 1, 2, 0]


def test_goal_names_are_an_enum_that_plain_strings_still_name() -> None:
    from core import GoalName
    from core.rule import same_goal

    assert [name.value for name in GoalName] == ["blank-last", "blank-first"]
    board = Board.solved(4, 4, blank_first=True)
    assert check(board, GoalName.BLANK_FIRST) == check(board, "blank-first")  # type: ignore[arg-type]
    assert check(board, GoalName.BLANK_FIRST).goal == "blank-first"
    assert same_goal(GoalName.BLANK_LAST, "blank-last")
    assert not same_goal(GoalName.BLANK_LAST, GoalName.BLANK_FIRST)
    assert same_goal(Board.solved(2, 2), Board.solved(2, 2))
    assert not same_goal(Board.solved(2, 2), "blank-last")
    assert json.loads(json.dumps({"goal": GoalName.BLANK_FIRST})) == {"goal": "blank-first"}
