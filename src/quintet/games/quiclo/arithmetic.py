"""Quiclo's arithmetic: the one definition of when a chain is valid and what it makes.

A chain is operands (whole numbers, 1 or more) joined by operators from `OPERATORS`.
`*` and `/` go before `+` and `-`; there are no parentheses; otherwise left to right.
Every division must be exact at the step where it happens, and no value met on the way
may be negative: neither a partial product or quotient nor the running total after a
`+` or `-` (checked once the term after it is complete). Zero is allowed.

>>> evaluate((12, 7, 3), ("+", "*"))
33
>>> explain((12, 7, 3), ("+", "*"), 34).reason
'the chain makes 33, not 34'
>>> parse("12 + 7 x 3 = 33")
ParsedChain(operands=(12, 7, 3), operators=('+', '*'), result=33)
>>> str(parse("12+7*3=33"))
'12 + 7 × 3 = 33'
"""

# This module is about the typographic signs × ÷ − (and the en dash people type for
# minus); they are meant, not look-alikes of x / -.
# ruff: noqa: RUF001, RUF002, RUF003

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from quintet.core.errors import BadInput

#: The operators in their canonical spelling (the wire, JSON and the solver use these).
OPERATORS: Final = ("+", "-", "*", "/")
#: How people read them: the typographic signs used in every human message.
SIGNS: Final = {"+": "+", "-": "−", "*": "×", "/": "÷"}
#: A chain needs this many operands at least (a claim allows 2-4; the referee any number).
MIN_OPERANDS: Final = 2
#: Bounds on typed text, so every value met stays far below Python's 4300-digit limit
#: for turning an int into text: at most 40 numbers of at most 100 digits each.
MAX_DIGITS: Final = 100
MAX_NUMBERS: Final = 40

#: Every accepted spelling of each operator (`x` in either case is times).
_SPELLINGS: Final = {
    "+": "+",
    "-": "-",
    "−": "-",  # U+2212 minus sign
    "–": "-",  # U+2013 en dash, which word processors put in for "-"
    "*": "*",
    "x": "*",
    "X": "*",
    "×": "*",
    "/": "/",
    ":": "/",
    "÷": "/",
}
_DIGITS: Final = frozenset("0123456789")


class ChainError(ValueError):
    """The chain breaks a rule of the arithmetic; `reason` names the rule and the numbers."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ChainSyntaxError(BadInput):
    """The chain is malformed (text that does not parse, or operands/operators of the wrong shape).

    `position` is the 1-based character position in the text, or None when the
    problem has no single place (an empty text, a chain given as values).
    """

    code = "quiclo/malformed_chain"

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's answer: valid or not, the chain's value, and the rule broken."""

    valid: bool
    #: The chain's value whenever it evaluates (also when it misses the result).
    value: int | None
    #: Why the chain is not valid; None when it is.
    reason: str | None

    def to_json(self) -> dict[str, bool | int | str | None]:
        return {"valid": self.valid, "value": self.value, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class ParsedChain:
    """A chain read from text; `result` is the number after `=`, or None without one."""

    operands: tuple[int, ...]
    operators: tuple[str, ...]
    result: int | None = None

    def explain(self) -> Verdict:
        """The referee's verdict on this chain (see `explain`)."""
        return explain(self.operands, self.operators, self.result)

    def __str__(self) -> str:
        return format_chain(self.operands, self.operators, self.result)


def _number(value: int) -> str:
    # A negative value is written with the typographic minus, like the operator.
    return f"−{-value}" if value < 0 else str(value)


def format_chain(
    operands: Sequence[int],
    operators: Sequence[str],
    result: int | None = None,
    *,
    ascii: bool = False,
) -> str:
    """The chain as people write it: `12 + 7 × 3 = 33` (or `12 + 7 * 3 = 33` with ascii).

    >>> format_chain((8, 4, 2), ("/", "*"), 4)
    '8 ÷ 4 × 2 = 4'
    """
    parts = [_number(operands[0])]
    for op, operand in zip(operators, operands[1:], strict=True):
        parts += [op if ascii else SIGNS[op], _number(operand)]
    if result is not None:
        parts += ["=", _number(result)]
    return " ".join(parts)


def _check_shape(operands: Sequence[int], operators: Sequence[str]) -> None:
    if len(operands) < MIN_OPERANDS:
        raise ChainSyntaxError(
            f"a chain needs at least {MIN_OPERANDS} operands, not {len(operands)}"
        )
    if len(operators) != len(operands) - 1:
        raise ChainSyntaxError(
            f"{len(operands)} operands need {len(operands) - 1} operators, not {len(operators)}"
        )
    for index, operand in enumerate(operands, 1):
        # bool is an int to Python, but True is no card.
        if type(operand) is not int or operand < 1:
            raise ChainSyntaxError(
                f"operand {index} is {operand!r}; operands are whole numbers from 1 up"
            )
    for index, op in enumerate(operators, 1):
        if not isinstance(op, str) or op not in SIGNS:
            raise ChainSyntaxError(
                f"operator {index} is {op!r}; the operators are {', '.join(OPERATORS)}"
            )


def evaluate(operands: Sequence[int], operators: Sequence[str]) -> int:
    """The value of the chain under Quiclo's rules.

    Raises `ChainError` naming the first rule broken, left to right (a division
    with a remainder, or a negative running total), and `ChainSyntaxError` when
    the chain is malformed (fewer than 2 operands, operands not whole numbers
    from 1 up, the wrong number of operators, an operator not in `OPERATORS`).

    >>> evaluate((3, 5, 10), ("-", "+"))
    Traceback (most recent call last):
    ...
    quintet.games.quiclo.arithmetic.ChainError: the running total becomes −2 after 3 − 5
    """
    _check_shape(operands, operators)
    total = 0  # the running total of the completed terms
    sign = "+"  # the operator in front of the term in progress
    term = operands[0]  # the value of the term in progress
    start = 0  # the index of its first operand
    for index, op in enumerate(operators):
        operand = operands[index + 1]
        if op == "*":
            term *= operand
        elif op == "/":
            if term % operand:
                reason = _remainder(operands, operators, start=start, index=index, term=term)
                raise ChainError(reason)
            term //= operand
        else:
            total = _close(operands, operators, total=total, sign=sign, term=term, end=index)
            sign, term, start = op, operand, index + 1
    return _close(operands, operators, total=total, sign=sign, term=term, end=len(operators))


def _close(
    operands: Sequence[int], operators: Sequence[str], *, total: int, sign: str, term: int, end: int
) -> int:
    """The running total once the term ending at operands[end] is complete.

    Raises `ChainError` when subtracting the term makes it negative.
    """
    if sign == "+":
        return total + term
    if term <= total:
        return total - term
    # Name the place in the chain (its prefix up to this term) and, when that
    # prefix is longer than "a − b", the two numbers that were subtracted.
    prefix = format_chain(operands[: end + 1], operators[:end])
    numbers = f"{total} − {term}"
    reason = f"the running total becomes {_number(total - term)} after {prefix}"
    raise ChainError(reason if prefix == numbers else f"{reason} ({numbers})")


def _remainder(
    operands: Sequence[int], operators: Sequence[str], *, start: int, index: int, term: int
) -> str:
    """Why `term ÷ operands[index + 1]` fails, the term having begun at operands[start]."""
    reason = f"{term} ÷ {operands[index + 1]} leaves a remainder"
    if index == start:
        return reason
    # The dividend is a partial product or quotient: show the term it comes from.
    term_text = format_chain(operands[start : index + 2], operators[start : index + 1])
    return f"{reason} (in {term_text})"


def explain(operands: Sequence[int], operators: Sequence[str], result: int | None) -> Verdict:
    """The referee's verdict on a chain and, if given, the result it should make.

    Without a result a chain is valid when it evaluates. Raises `ChainSyntaxError`
    only when the chain is malformed (see `evaluate`); a broken rule is a verdict.

    >>> explain((7, 2), ("/",), 3)
    Verdict(valid=False, value=None, reason='7 ÷ 2 leaves a remainder')
    """
    if result is not None and type(result) is not int:
        raise ChainSyntaxError(f"the result is {result!r}; it must be a whole number")
    try:
        value = evaluate(operands, operators)
    except ChainError as error:
        return Verdict(False, None, error.reason)
    if result is None or value == result:
        return Verdict(True, value, None)
    return Verdict(False, value, f"the chain makes {_number(value)}, not {_number(result)}")


# ------------------------------------------------------------------------- parse


def _shown(char: str) -> str:
    return f"'{char}'" if char.isprintable() else f"U+{ord(char):04X}"


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "n" for a number, "=", or an operator in its canonical spelling
    value: int  # the number (0 for the others)
    position: int  # 1-based position of its first character
    text: str  # as typed, so messages quote what the person wrote

    def shown(self) -> str:
        return f"number {self.value}" if self.kind == "n" else f"'{self.text}'"


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    index = 0
    while index < len(text):
        char = text[index]
        position = index + 1
        if char in _DIGITS:
            end = index
            while end < len(text) and text[end] in _DIGITS:
                end += 1
            if end - index > MAX_DIGITS:
                raise ChainSyntaxError(
                    f"the number at position {position} has {end - index} digits; "
                    f"at most {MAX_DIGITS} are allowed",
                    position,
                )
            tokens.append(_Token("n", int(text[index:end]), position, text[index:end]))
            index = end
            continue
        if char.isspace():
            pass
        elif char in _SPELLINGS:
            tokens.append(_Token(_SPELLINGS[char], 0, position, char))
        elif char == "=":
            tokens.append(_Token("=", 0, position, char))
        elif char in ".,":
            raise ChainSyntaxError(
                f"{_shown(char)} at position {position}: cards are whole numbers, "
                "without decimals or thousands separators",
                position,
            )
        elif char in "()[]{}":
            raise ChainSyntaxError(
                f"{_shown(char)} at position {position}: Quiclo has no parentheses "
                "(× and ÷ go before + and −, otherwise left to right)",
                position,
            )
        elif char.isalpha():
            raise ChainSyntaxError(
                f"unexpected letter {_shown(char)} at position {position}; a chain has "
                "numbers, the operators + − × ÷ (also written - x * / :) and =",
                position,
            )
        else:
            raise ChainSyntaxError(
                f"unexpected character {_shown(char)} at position {position}; a chain has "
                "numbers, the operators + − × ÷ (also written - x * / :) and =",
                position,
            )
        index += 1
    return tokens


def parse(text: str) -> ParsedChain:
    """Read a chain like `12 + 7 x 3 = 33`; the `= result` part is optional.

    Times may be written `x X * ×`, divide `/ : ÷`, minus `- − –`; spaces are
    optional. Operands are whole numbers from 1 up, the result from 0 up. Raises
    `ChainSyntaxError` naming the problem and its position (1-based).

    >>> parse("8:4x2")
    ParsedChain(operands=(8, 4, 2), operators=('/', '*'), result=None)
    >>> parse("12 x")
    Traceback (most recent call last):
    ...
    quintet.games.quiclo.arithmetic.ChainSyntaxError: the chain ends with 'x' at position 4; \
a number must follow it
    """
    tokens = _tokens(text)
    if not tokens:
        raise ChainSyntaxError(
            "the chain is empty; write numbers joined by + − × ÷, like 12 + 7 × 3 = 33"
        )
    operands: list[int] = []
    operators: list[str] = []
    result: int | None = None
    equals: _Token | None = None
    # Numbers and operators alternate, so each token is checked against the one before it.
    previous: _Token | None = None
    for token in tokens:
        if equals is not None:
            _check_result(token, equals, result)
            result = token.value
        elif token.kind == "n":
            _check_operand(token, previous)
            operands.append(token.value)
            if len(operands) > MAX_NUMBERS:
                raise ChainSyntaxError(
                    f"the chain has more than {MAX_NUMBERS} operands "
                    f"(the one at position {token.position} is too many)",
                    token.position,
                )
        elif previous is None:
            raise ChainSyntaxError(
                f"the chain starts with {token.shown()} at position {token.position}; "
                "it must start with a number",
                token.position,
            )
        elif previous.kind != "n" and token.kind == "=":
            raise ChainSyntaxError(
                f"{previous.shown()} at position {previous.position} has no number after it",
                previous.position,
            )
        elif previous.kind != "n":
            raise ChainSyntaxError(
                f"two operators in a row: {previous.shown()} at position {previous.position} "
                f"and {token.shown()} at position {token.position}",
                token.position,
            )
        elif token.kind == "=":
            equals = token
        else:
            operators.append(token.kind)
        previous = token
    assert previous is not None  # there is at least one token
    if equals is not None and result is None:
        raise ChainSyntaxError(
            f"no result after '=' at position {equals.position}", equals.position
        )
    if previous.kind not in ("n", "="):
        raise ChainSyntaxError(
            f"the chain ends with {previous.shown()} at position {previous.position}; "
            "a number must follow it",
            previous.position,
        )
    if len(operands) < MIN_OPERANDS:
        raise ChainSyntaxError(
            f"a chain needs at least {MIN_OPERANDS} numbers joined by an operator, "
            f"like 5 + 7 = 12; this one has {len(operands)}"
        )
    return ParsedChain(tuple(operands), tuple(operators), result)


def _check_operand(token: _Token, previous: _Token | None) -> None:
    if previous is not None and previous.kind == "n":
        raise ChainSyntaxError(
            f"no operator between {previous.value} and {token.value} at position {token.position}",
            token.position,
        )
    if token.value == 0:
        raise ChainSyntaxError(
            f"the operand 0 at position {token.position}: operands are cards, "
            "whole numbers from 1 up",
            token.position,
        )


def _check_result(token: _Token, equals: _Token, result: int | None) -> None:
    """Refuse anything after `=` but one number."""
    if result is not None:
        raise ChainSyntaxError(
            f"only the result may follow '=' at position {equals.position}; "
            f"unexpected {token.shown()} at position {token.position}",
            token.position,
        )
    if token.kind != "n":
        raise ChainSyntaxError(
            f"the result after '=' at position {equals.position} must be a number, "
            f"not {token.shown()} at position {token.position}",
            token.position,
        )
