"""How hard a Quiclo chain is to work out in one's head: its effort, for the bots' timing.

A bot's time to find a claim (`bots.Level.timing`, a `quintet.bots.ReactionTime` whose
"steps" are effort units) grows with what makes mental arithmetic hard for people, as
published studies of adults' mental arithmetic find (docs/rules/quiclo.md, "Bot timing",
names them):

- every operand is read and chosen (`READ`), and every result that must be held while
  the next step is worked out costs more the more are held (`HOLD`: 1, then 2 units):
  multi-step chains cost more than the sum of their steps;
- an operation costs one arithmetic fact per digit column (per pair of digits for ×),
  so two- and three-digit numbers cost more than one-digit ones, and each carry or
  borrow costs one more (`CARRY`);
- subtraction costs more per fact than addition, multiplication more than both;
- a division is solved as the multiplication that undoes it, twice (a guess and its
  check), plus the check for a remainder (`REMAINDER`).

The weights are this module's own assumptions, chosen so that a 2-operand one-digit sum
costs 3 units (4 with a carry) and the rest follows from the list above; the studies
give the direction and rough size of each effect, not these numbers. Units are tenths,
so everything is an int and the same on every machine.

>>> effort((7, 5), ("+",))  # read 2, one fact, one carry
40
>>> effort((43, 56, 25, 17), ("+", "-", "+")) > effort((23, 45), ("+",))
True
>>> effort((12, 7, 96, 8), ("*", "-", "/")) > effort((43, 56, 25, 17), ("+", "-", "+"))
True
"""

# The signs × ÷ − are meant (they are how people read a chain).
# ruff: noqa: RUF002, RUF003

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

#: One unit of effort, in the tenths the module counts in: a single-digit fact retrieved.
UNIT: Final = 10
#: Reading and choosing one operand.
READ: Final = 10
#: Holding one more intermediate result while the next step is worked out: the k-th held
#: value costs k times this.
HOLD: Final = 10
#: One single-digit fact, per operator.
FACT: Final = {"+": 10, "-": 13, "*": 15, "/": 15}
#: One carry (in + and in adding partial products) or one borrow (in -).
CARRY: Final = 10
#: Checking that a division leaves no remainder.
REMAINDER: Final = 10
#: The median effort of the valid chains of each length (operands) at dealt tables (12
#: cards against three tops; measured with the solver, docs/rules/quiclo.md): what a
#: typical chain of that length costs. A search in vain for every chain up to that length
#: (before a vote) costs as much; the random bot, which works nothing out, takes a typical
#: chain's time for the length it picked.
TYPICAL: Final = {2: 55, 3: 120, 4: 190}


def digits(value: int) -> int:
    """How many decimal digits `value` has (its sign ignored; 0 has one)."""
    return len(str(abs(value)))


def _carries(a: int, b: int) -> int:
    """Carries when adding the non-negative `a` and `b` column by column."""
    carries = carry = 0
    while a or b:
        carry = 1 if a % 10 + b % 10 + carry >= 10 else 0
        carries += carry
        a, b = a // 10, b // 10
    return carries


def _borrows(a: int, b: int) -> int:
    """Borrows when taking `b` from `a` (a >= b >= 0) column by column."""
    borrows = borrow = 0
    while a or b:
        borrow = 1 if a % 10 - b % 10 - borrow < 0 else 0
        borrows += borrow
        a, b = a // 10, b // 10
    return borrows


def add_effort(a: int, b: int) -> int:
    """One fact per digit column and one per carry."""
    a, b = abs(a), abs(b)
    return FACT["+"] * max(digits(a), digits(b)) + CARRY * _carries(a, b)


def subtract_effort(a: int, b: int) -> int:
    """One (dearer) fact per digit column and one per borrow (the larger from the
    smaller if the chain goes negative: a wrong chain is still worked out)."""
    high, low = max(abs(a), abs(b)), min(abs(a), abs(b))
    return FACT["-"] * digits(high) + CARRY * _borrows(high, low)


def multiply_effort(a: int, b: int) -> int:
    """One fact per pair of digits (the partial products), and adding the partial
    products with their carries."""
    a, b = abs(a), abs(b)
    partials = digits(a) * digits(b)
    cost = FACT["*"] * partials
    # Adding the partial products: one more fact per extra partial product.
    return cost + FACT["+"] * (partials - 1)


def divide_effort(a: int, b: int) -> int:
    """The multiplication that undoes the division, found and checked (twice its
    effort), and the remainder check."""
    b = abs(b) or 1
    quotient = abs(a) // b
    return 2 * multiply_effort(quotient or 1, b) + REMAINDER


def effort(operands: Sequence[int], operators: Sequence[str]) -> int:
    """The effort (tenths of a unit) of working out the chain `operands` joined by
    `operators`, × and ÷ before + and −, left to right: reading, each operation on the
    values met on the way, and the intermediate results held.

    Defined for any chain (also a wrong one: the work is the same); raises `ValueError`
    for operators that do not fit the operands.
    """
    if len(operators) != len(operands) - 1 or not operands:
        raise ValueError(
            f"a chain of {len(operands)} operands takes {len(operands) - 1} operators, "
            f"not {len(operators)}"
        )
    cost = READ * len(operands)
    # The terms (runs of × and ÷), each worked out and then added or subtracted in turn.
    total: int | None = None
    sign = "+"
    term = operands[0]
    for op, card in zip((*operators, "+"), (*operands[1:], 0), strict=True):
        if op == "*":
            cost += multiply_effort(term, card)
            term *= card
            continue
        if op == "/":
            cost += divide_effort(term, card)
            term = term // card if card else term
            continue
        # The term is complete: fold it into the running total.
        if total is None:
            total = term
        elif sign == "+":
            cost += add_effort(total, term)
            total += term
        else:
            cost += subtract_effort(total, term)
            total -= term
        sign, term = op, card
    # Each step's result is held while the next is worked out; the k-th held value costs
    # k times HOLD (0 for 2 operands, 1 for 3, 1 + 2 for 4).
    return cost + HOLD * sum(range(len(operators)))
