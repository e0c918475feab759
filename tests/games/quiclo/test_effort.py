"""The effort model behind the bots' timing: each thing that makes mental arithmetic hard
for people (docs/rules/quiclo.md, "Bot timing") makes a chain cost more, alone."""

from __future__ import annotations

import pytest

from quintet.games.quiclo.effort import (
    TYPICAL,
    add_effort,
    digits,
    divide_effort,
    effort,
    multiply_effort,
    subtract_effort,
)


def test_a_two_operand_one_digit_sum_is_three_units_and_a_carry_one_more() -> None:
    assert effort((3, 5), ("+",)) == 30
    assert effort((7, 5), ("+",)) == 40


def test_more_operands_cost_more_than_their_steps_alone() -> None:
    # The same kind of step each time (+ 1, no carry): the held results make the third
    # and fourth operand dearer than the second.
    two, three, four = effort((2, 1), "+"), effort((2, 1, 1), "++"), effort((2, 1, 1, 1), "+++")
    assert two < three < four
    assert four - three > three - two


@pytest.mark.parametrize(
    ("easier", "harder"),
    [
        ((3, 5), (31, 52)),  # more digits
        ((31, 52), (38, 54)),  # a carry
        ((38, 54), (138, 54)),  # three digits
    ],
)
def test_digits_and_carries_cost_more_in_a_sum(
    easier: tuple[int, int], harder: tuple[int, int]
) -> None:
    assert effort(easier, ("+",)) < effort(harder, ("+",))


def test_the_operators_cost_more_from_plus_to_divide() -> None:
    # The same numbers, each operator once: 6 + 2 < 6 - 2 < 6 * 2 < 6 / 2.
    costs = [effort((6, 2), (op,)) for op in "+-*/"]
    assert costs == sorted(set(costs))


def test_the_steps_count_columns_carries_borrows_and_remainders() -> None:
    assert digits(0) == digits(7) == 1 and digits(144) == 3 and digits(-12) == 2
    assert add_effort(4, 5) < add_effort(4, 7) < add_effort(48, 57)  # carries 0, 1, 2
    assert subtract_effort(59, 14) < subtract_effort(54, 19)  # a borrow
    assert multiply_effort(7, 8) < multiply_effort(17, 8) < multiply_effort(17, 18)
    # A division is its multiplication found and checked, and the remainder check.
    assert divide_effort(56, 8) > 2 * multiply_effort(7, 8)
    # A wrong chain (a remainder, a negative value) is still worked out: defined.
    assert effort((7, 2), ("/",)) > 0 and effort((2, 9, 9), ("-", "*")) > 0


def test_a_chain_must_have_one_operator_fewer_than_operands() -> None:
    with pytest.raises(ValueError, match="2 operands takes 1 operators"):
        effort((2, 3), ("+", "+"))


def test_a_typical_chain_costs_more_the_longer_it_is() -> None:
    assert TYPICAL[2] < TYPICAL[3] < TYPICAL[4]
    assert effort((3, 5), ("+",)) < TYPICAL[2]
