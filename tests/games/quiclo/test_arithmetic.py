"""Quiclo's arithmetic: worked examples, a reference evaluator, parsing and every syntax error."""

# The typographic signs × ÷ − are the subject of these tests, not look-alikes.
# ruff: noqa: RUF001, RUF003

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quintet.core import BadInput
from quintet.games.quiclo.arithmetic import (
    MAX_DIGITS,
    MAX_NUMBERS,
    OPERATORS,
    ChainError,
    ChainSyntaxError,
    ParsedChain,
    Verdict,
    evaluate,
    explain,
    format_chain,
    parse,
)

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "quiclo-arithmetic.md"


def verdict_of(text: str) -> Verdict:
    return parse(text).explain()


# ----------------------------------------------------------------- worked examples


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12 + 7 × 3 = 33", 33),
        ("2 + 3 × 4 = 14", 14),  # × before +
        ("8 ÷ 4 × 2 = 4", 4),  # left to right inside a term: (8 ÷ 4) × 2
        ("10 − 2 × 3 = 4", 4),  # × before −, so the running total never drops below 0
        ("5 − 5 + 3 = 3", 3),  # zero is allowed on the way
        ("2 × 3 − 6 = 0", 0),  # and as the value
        ("100 ÷ 10 ÷ 5 = 2", 2),  # left to right: (100 ÷ 10) ÷ 5
        ("20 − 4 − 6 = 10", 10),  # left to right: (20 − 4) − 6
        ("3 + 4 × 6 ÷ 8 = 6", 6),  # 4 × 6 = 24, 24 ÷ 8 = 3: exact at its step
        ("12 ÷ 4 + 6 ÷ 2 = 6", 6),
        ("7 + 1 = 8", 8),
    ],
)
def test_valid_chains(text: str, value: int) -> None:
    assert verdict_of(text) == Verdict(True, value, None)


@pytest.mark.parametrize(
    ("text", "value", "reason"),
    [
        ("7 ÷ 2 = 3", None, "7 ÷ 2 leaves a remainder"),
        # The end would be whole (12 ÷ 5 × 5 = 12 in fractions), but the division is checked
        # at its own step.
        ("12 ÷ 5 × 5 = 12", None, "12 ÷ 5 leaves a remainder"),
        # The end would be 8, but the running total is −2 on the way.
        ("3 − 5 + 10 = 8", None, "the running total becomes −2 after 3 − 5"),
        ("12 + 7 × 3 = 34", 33, "the chain makes 33, not 34"),
        ("2 + 3 × 4 = 20", 14, "the chain makes 14, not 20"),  # not (2 + 3) × 4
        ("8 ÷ 4 × 2 = 1", 4, "the chain makes 4, not 1"),  # not 8 ÷ (4 × 2)
        # The dividend is a partial product: the reason shows the term it belongs to.
        ("1 + 3 × 7 ÷ 2 = 11", None, "21 ÷ 2 leaves a remainder (in 3 × 7 ÷ 2)"),
        # The running total before the minus came from several terms, or the term after it
        # is a product: the reason names the place and the two numbers.
        (
            "10 − 2 × 3 − 5 = 0",
            None,
            "the running total becomes −1 after 10 − 2 × 3 − 5 (4 − 5)",
        ),
        ("3 − 1 × 5 = 0", None, "the running total becomes −2 after 3 − 1 × 5 (3 − 5)"),
        # The first broken rule wins: the negative total comes before the remainder.
        ("3 − 5 + 7 ÷ 2 = 1", None, "the running total becomes −2 after 3 − 5"),
        # ... but a term is finished (and its divisions checked) before the total is.
        ("3 − 5 × 7 ÷ 2 = 1", None, "35 ÷ 2 leaves a remainder (in 5 × 7 ÷ 2)"),
    ],
)
def test_invalid_chains_name_the_rule_and_the_numbers(
    text: str, value: int | None, reason: str
) -> None:
    assert verdict_of(text) == Verdict(False, value, reason)


def test_evaluate_raises_the_reason() -> None:
    with pytest.raises(ChainError, match=r"^7 ÷ 2 leaves a remainder$") as caught:
        evaluate((7, 2), ("/",))
    assert caught.value.reason == "7 ÷ 2 leaves a remainder"
    assert evaluate([12, 7, 3], ["+", "*"]) == 33  # lists do as well as tuples


def test_without_a_result_a_chain_is_valid_when_it_evaluates() -> None:
    assert explain((12, 7, 3), ("+", "*"), None) == Verdict(True, 33, None)
    assert explain((7, 2), ("/",), None) == Verdict(False, None, "7 ÷ 2 leaves a remainder")


def test_verdict_json_shape() -> None:
    assert explain((12, 7, 3), ("+", "*"), 34).to_json() == {
        "valid": False,
        "value": 33,
        "reason": "the chain makes 33, not 34",
    }


@pytest.mark.parametrize(
    ("operands", "operators", "fragment"),
    [
        ((), (), "at least 2 operands, not 0"),
        ((5,), (), "at least 2 operands, not 1"),
        ((1, 2), (), "2 operands need 1 operators, not 0"),
        ((1, 2), ("+", "+"), "2 operands need 1 operators, not 2"),
        ((1, 2), ("%",), "operator 1 is '%'"),
        ((1, 2), ("x",), "operator 1 is 'x'"),  # spellings are for text; values are canonical
        ((1, 2), (["+"],), "operator 1 is ['+']"),
        ((0, 2), ("+",), "operand 1 is 0"),
        ((3, -2), ("+",), "operand 2 is -2"),
        ((True, 2), ("+",), "operand 1 is True"),
        ((1.0, 2), ("+",), "operand 1 is 1.0"),
        ((1, "2"), ("+",), "operand 2 is '2'"),
    ],
)
def test_malformed_chain_values_are_bad_input(
    operands: tuple[Any, ...], operators: tuple[Any, ...], fragment: str
) -> None:
    with pytest.raises(ChainSyntaxError) as caught:
        explain(operands, operators, None)
    assert fragment in caught.value.message
    assert isinstance(caught.value, BadInput)
    assert caught.value.code == "quiclo/malformed_chain"
    assert caught.value.position is None


def test_a_result_that_is_no_whole_number_is_bad_input() -> None:
    with pytest.raises(ChainSyntaxError, match=r"the result is 3\.0"):
        explain((1, 2), ("+",), 3.0)  # type: ignore[arg-type]


# ------------------------------------------------------- against a reference evaluator


def reference(operands: list[int], operators: list[str]) -> tuple[str, Any]:
    """An independent evaluator: ("value", v), ("remainder", (dividend, divisor)) or
    ("negative", total), by splitting into terms first and using fractions."""
    terms: list[tuple[str, list[int], list[str]]] = [("+", [operands[0]], [])]
    for op, number in zip(operators, operands[1:], strict=True):
        if op in "+-":
            terms.append((op, [number], []))
        else:
            terms[-1][1].append(number)
            terms[-1][2].append(op)
    total = Fraction(0)
    for sign, numbers, ops in terms:
        value = Fraction(numbers[0])
        for op, number in zip(ops, numbers[1:], strict=True):
            step = value * number if op == "*" else value / number
            if step.denominator != 1:
                return "remainder", (int(value), number)
            value = step
        total = total + value if sign == "+" else total - value
        if total < 0:
            return "negative", int(total)
    return "value", int(total)


def python_value(operands: list[int], operators: list[str]) -> Fraction:
    """The chain's value by Python's own precedence rules, over exact fractions."""
    expression = f"F({operands[0]})" + "".join(
        f" {op} F({number})" for op, number in zip(operators, operands[1:], strict=True)
    )
    value: Fraction = eval(expression, {"F": Fraction})
    return value


# Small numbers make exact divisions (and so valid chains with ÷) common.
numbers = st.one_of(st.integers(1, 12), st.integers(1, 144))


@st.composite
def chains(draw: st.DrawFn, max_operands: int = 6) -> tuple[list[int], list[str]]:
    size = draw(st.integers(2, max_operands))
    operands = draw(st.lists(numbers, min_size=size, max_size=size))
    operators = draw(st.lists(st.sampled_from(OPERATORS), min_size=size - 1, max_size=size - 1))
    return operands, operators


@given(chains())
def test_evaluate_agrees_with_the_reference(chain: tuple[list[int], list[str]]) -> None:
    operands, operators = chain
    kind, detail = reference(operands, operators)
    if kind == "value":
        assert evaluate(operands, operators) == detail
        # Exact at every step means Python's exact value is the same.
        assert python_value(operands, operators) == detail
        return
    with pytest.raises(ChainError) as caught:
        evaluate(operands, operators)
    if kind == "remainder":
        dividend, divisor = detail
        assert caught.value.reason.startswith(f"{dividend} ÷ {divisor} leaves a remainder")
    else:
        assert caught.value.reason.startswith(f"the running total becomes −{-detail} after ")


@given(chains(), st.one_of(st.none(), st.integers(0, 300)))
def test_explain_agrees_with_evaluate(
    chain: tuple[list[int], list[str]], result: int | None
) -> None:
    operands, operators = chain
    verdict = explain(operands, operators, result)
    try:
        value = evaluate(operands, operators)
    except ChainError as error:
        assert verdict == Verdict(False, None, error.reason)
        return
    if result is None or result == value:
        assert verdict == Verdict(True, value, None)
    else:
        assert verdict == Verdict(False, value, f"the chain makes {value}, not {result}")


@given(chains(max_operands=4))
def test_a_valid_chain_never_meets_a_negative_value(chain: tuple[list[int], list[str]]) -> None:
    operands, operators = chain
    try:
        value = evaluate(operands, operators)
    except ChainError:
        return
    # Each prefix that ends a term is a chain whose value is the running total there.
    for end in range(2, len(operands)):
        if operators[end - 1] in "+-":
            assert evaluate(operands[:end], operators[: end - 1]) >= 0
    assert value >= 0


# ------------------------------------------------------------------------- parse


SPELLINGS = {"+": ["+"], "-": ["-", "−", "–"], "*": ["*", "x", "X", "×"], "/": ["/", ":", "÷"]}


@given(chains(), st.one_of(st.none(), st.integers(0, 10**6)), st.booleans())
def test_format_then_parse_round_trips(
    chain: tuple[list[int], list[str]], result: int | None, ascii: bool
) -> None:
    operands, operators = chain
    text = format_chain(operands, operators, result, ascii=ascii)
    parsed = parse(text)
    assert parsed == ParsedChain(tuple(operands), tuple(operators), result)
    assert str(parsed) == format_chain(operands, operators, result)


@given(chains(), st.one_of(st.none(), st.integers(0, 500)), st.data())
def test_every_spelling_and_spacing_parses_the_same(
    chain: tuple[list[int], list[str]], result: int | None, data: st.DataObject
) -> None:
    operands, operators = chain
    space = st.sampled_from(["", " ", "  ", "\t", "\u00a0"])
    text = data.draw(space) + str(operands[0])
    for op, number in zip(operators, operands[1:], strict=True):
        sign = data.draw(st.sampled_from(SPELLINGS[op]))
        text += data.draw(space) + sign + data.draw(space) + str(number)
    if result is not None:
        text += data.draw(space) + "=" + data.draw(space) + str(result)
    text += data.draw(space)
    assert parse(text) == ParsedChain(tuple(operands), tuple(operators), result)


def test_spaces_are_optional_and_x_is_times_in_either_case() -> None:
    assert parse("12+7*3=33") == ParsedChain((12, 7, 3), ("+", "*"), 33)
    assert parse("12+7x3=33") == parse("12 + 7 X 3 = 33") == parse("12 + 7 × 3 = 33")
    assert parse("8:4÷2/1") == ParsedChain((8, 4, 2, 1), ("/", "/", "/"), None)
    assert parse("9−3–2-1") == ParsedChain((9, 3, 2, 1), ("-", "-", "-"), None)


def test_numbers_out_of_card_range_are_fine_for_the_referee() -> None:
    assert verdict_of("1000 × 1000 = 1000000") == Verdict(True, 1_000_000, None)
    assert parse("007 + 1 = 08") == ParsedChain((7, 1), ("+",), 8)  # leading zeros are read


def test_zero_may_be_the_result_but_not_an_operand() -> None:
    assert verdict_of("5 − 5 = 0") == Verdict(True, 0, None)
    with pytest.raises(ChainSyntaxError, match="the operand 0 at position 5"):
        parse("5 − 0 = 5")


def test_the_bounds_keep_every_value_printable() -> None:
    biggest = " × ".join(["9" * MAX_DIGITS] * MAX_NUMBERS)
    verdict = verdict_of(biggest)
    assert verdict.value == (10**MAX_DIGITS - 1) ** MAX_NUMBERS
    assert len(json.dumps(verdict.to_json())) > MAX_DIGITS * MAX_NUMBERS - MAX_NUMBERS
    with pytest.raises(ChainSyntaxError, match=f"has {MAX_DIGITS + 1} digits"):
        parse("1" * (MAX_DIGITS + 1) + " + 1")
    with pytest.raises(ChainSyntaxError, match=f"more than {MAX_NUMBERS} operands"):
        parse(" + ".join(["1"] * (MAX_NUMBERS + 1)))


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("", "the chain is empty", None),
        ("   ", "the chain is empty", None),
        ("12 +", "the chain ends with '+' at position 4; a number must follow it", 4),
        ("12 x", "the chain ends with 'x' at position 4", 4),  # quotes what was typed
        ("12 + × 3", "two operators in a row: '+' at position 4 and '×' at position 6", 6),
        ("12 : / 3", "two operators in a row: ':' at position 4 and '/' at position 6", 6),
        ("+ 3", "the chain starts with '+' at position 1; it must start with a number", 1),
        ("−3 + 5", "the chain starts with '−' at position 1", 1),  # no negative cards
        ("= 5", "the chain starts with '=' at position 1", 1),
        ("12 7", "no operator between 12 and 7 at position 4", 4),
        ("12 + a", "unexpected letter 'a' at position 6", 6),
        ("twelve + 1", "unexpected letter 't' at position 1", 1),
        ("12 % 5", "unexpected character '%' at position 4", 4),
        ("12 + 7\x00", "unexpected character U+0000 at position 7", 7),
        ("1.5 + 2", "'.' at position 2: cards are whole numbers", 2),
        ("1,000 + 2", "',' at position 2: cards are whole numbers", 2),
        ("(2 + 3) × 4", "'(' at position 1: Quiclo has no parentheses", 1),
        ("2 + [3 × 4]", "'[' at position 5: Quiclo has no parentheses", 5),
        ("12 + 7 =", "no result after '=' at position 8", 8),
        ("12 + 7 =   ", "no result after '=' at position 8", 8),
        ("12 + = 7", "'+' at position 4 has no number after it", 4),
        ("12 + 7 = = 19", "the result after '=' at position 8 must be a number, not '='", 10),
        ("12 + 7 = −19", "the result after '=' at position 8 must be a number, not '−'", 10),
        ("12 + 7 = 19 = 19", "only the result may follow '=' at position 8; unexpected '='", 13),
        ("12 + 7 = 19 + 1", "only the result may follow '='", 13),
        ("12 + 7 = 19 20", "unexpected number 20 at position 13", 13),
        ("12", "a chain needs at least 2 numbers joined by an operator", None),
        ("12 = 12", "this one has 1", None),
        ("0 + 3", "the operand 0 at position 1: operands are cards", 1),
        ("３ + 1", "unexpected character '３' at position 1", 1),  # ASCII digits only
    ],
)
def test_syntax_errors_name_the_problem_and_the_position(
    text: str, message: str, position: int | None
) -> None:
    with pytest.raises(ChainSyntaxError) as caught:
        parse(text)
    assert message in caught.value.message
    assert caught.value.position == position
    if position is not None:
        assert f"position {position}" in caught.value.message
    assert isinstance(caught.value, BadInput)


# ---------------------------------------------------------------------- the docs


def doc_examples() -> list[tuple[str, str, str]]:
    """(chain, verdict, reason) from the rows of the worked-examples tables in the doc."""
    row = re.compile(r"^\| `([^`]+)` \| (valid|not valid) \| (.+?) \|$")
    return [
        (found[1], found[2], found[3])
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if (found := row.match(line))
    ]


def test_the_docs_quote_the_referee_exactly() -> None:
    examples = doc_examples()
    assert len(examples) >= 10
    for text, valid, reason in examples:
        verdict = verdict_of(text)
        assert verdict.valid == (valid == "valid"), text
        expected = f"the chain makes {verdict.value}" if verdict.valid else verdict.reason
        assert reason.strip('"') == expected, text


def test_the_docs_quote_the_syntax_errors_exactly() -> None:
    row = re.compile(r"^\| `([^`]*)`(?: \(empty\))? \| (?!valid|not valid)(.+) \|$")
    rows = [
        (found[1], found[2])
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if (found := row.match(line))
    ]
    assert len(rows) >= 10
    for text, message in rows:
        with pytest.raises(ChainSyntaxError) as caught:
            parse(text)
        # "…" in the doc stands for a part of the message left out.
        parts = message.split("…")
        assert caught.value.message.startswith(parts[0].rstrip()), text
        for part in parts:
            assert part.strip() in caught.value.message, text
