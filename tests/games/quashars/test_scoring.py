"""Quashars scoring: the rulebook's six examples and the formula of RULINGS §4.

`score(game_no, predicted, flex, met)` gives the points; `chips(predicted, flex,
met)` gives what lies in front of the player at the end: (prediction chips
left, flex chip left, chips taken).
"""

from __future__ import annotations

import pytest

from quintet.games.quashars.scoring import chips, score

# ------------------------------------------------ the rulebook's examples (game 1)


def test_example_no_flex_all_chips_returned_scores_2() -> None:
    # Predicted 3 without flex and met 3: "Game 1 x 2 = 2 points".
    assert chips(3, False, 3) == (0, False, 0)
    assert score(1, 3, False, 3) == 2


def test_example_flex_all_chips_returned_scores_1() -> None:
    # 2 prediction chips and the flex chip, met 3: every chip returned, "1 point".
    assert chips(2, True, 3) == (0, False, 0)
    assert score(1, 2, True, 3) == 1


def test_example_only_the_flex_chip_remains_scores_1() -> None:
    # 2 prediction chips and the flex chip, met 2: the flex chip need not be returned.
    assert chips(2, True, 2) == (0, True, 0)
    assert score(1, 2, True, 2) == 1


def test_example_no_flex_two_prediction_chips_remain_scores_minus_2() -> None:
    # "Remaining Chips 2 x -1 = -2 points": predicted 3, met 1.
    assert chips(3, False, 1) == (2, False, 0)
    assert score(1, 3, False, 1) == -2


def test_example_flex_and_one_other_chip_remains_scores_minus_1() -> None:
    # "Remaining Chips (excluding the Flex Chip) 1 x -1 = -1 point": predicted 2 + flex, met 1.
    assert chips(2, True, 1) == (1, True, 0)
    assert score(1, 2, True, 1) == -1


def test_example_all_returned_then_two_chips_taken_scores_minus_2() -> None:
    # "after returning all of their Chips, the player met 2 more conditions and took 2 Chips".
    assert chips(2, False, 4) == (0, False, 2)
    assert score(1, 2, False, 4) == -2
    # The same with a flex chip: it is returned before any chip is taken.
    assert chips(2, True, 5) == (0, False, 2)
    assert score(1, 2, True, 5) == -2


# ------------------------------------------------------ RULINGS §4, games 2 to 4


@pytest.mark.parametrize("g", [2, 3, 4])
def test_correct_without_flex_scores_twice_the_game_number(g: int) -> None:
    for predicted in (0, 1, 5, 37):
        assert score(g, predicted, False, predicted) == 2 * g


@pytest.mark.parametrize("g", [2, 3, 4])
def test_correct_with_flex_scores_the_game_number_for_p_or_p_plus_1(g: int) -> None:
    for predicted in (0, 1, 5):
        assert score(g, predicted, True, predicted) == g
        assert score(g, predicted, True, predicted + 1) == g


@pytest.mark.parametrize("g", [2, 3, 4])
def test_flex_with_zero_prediction_chips(g: int) -> None:
    # "Placing only 1 Flex Chip means you predict ... 0 or 1".
    assert score(g, 0, True, 0) == g
    assert score(g, 0, True, 1) == g
    assert chips(0, True, 0) == (0, True, 0)
    assert chips(0, True, 1) == (0, False, 0)
    # A second condition met takes a chip: one point lost, whatever the game.
    assert score(g, 0, True, 2) == -1
    assert chips(0, True, 2) == (0, False, 1)


@pytest.mark.parametrize("g", [2, 3, 4])
def test_zero_without_flex(g: int) -> None:
    assert score(g, 0, False, 0) == 2 * g
    assert score(g, 0, False, 1) == -1
    assert score(g, 0, False, 3) == -3


@pytest.mark.parametrize("g", [2, 3, 4])
def test_misses_lose_one_point_per_chip_whatever_the_game(g: int) -> None:
    # M < P: -(P - M); M > P + F: -(M - P - F). The game number does not scale penalties.
    assert score(g, 4, False, 1) == -3
    assert score(g, 4, True, 1) == -3
    assert score(g, 4, False, 6) == -2
    assert score(g, 4, True, 6) == -1
    assert score(g, 4, True, 7) == -2


def _score_by_counting_chips(g: int, predicted: int, flex: bool, met: int) -> int:
    """The rulebook's procedure, chip by chip, written apart from `scoring.py`."""
    pile = ["prediction"] * predicted + (["flex"] if flex else [])
    taken = 0
    for _ in range(met):
        if pile:
            pile.pop(0)  # prediction chips go back first; the flex chip last
        else:
            taken += 1
    left = pile.count("prediction")
    if left == 0 and taken == 0:
        return g if flex else 2 * g
    return -(left + taken)


def test_formula_matches_chip_counting_for_every_small_case() -> None:
    for g in range(1, 5):
        for predicted in range(12):
            for flex in (False, True):
                for met in range(16):
                    expected = _score_by_counting_chips(g, predicted, flex, met)
                    assert score(g, predicted, flex, met) == expected, (g, predicted, flex, met)
                    left, flex_left, taken = chips(predicted, flex, met)
                    assert left + int(flex_left) + met - taken == predicted + int(flex)
                    assert min(left, taken) == 0


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="game number"):
        score(0, 1, False, 1)
    with pytest.raises(ValueError):
        score(1, -1, False, 1)
    with pytest.raises(ValueError):
        score(1, 1, False, -1)
