"""Quiclo's command-line verbs: `check` (the referee) and `solve` (every claim of a hand)."""

# The typographic signs × ÷ − are the subject of these tests, not look-alikes.
# ruff: noqa: RUF001, RUF003

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from itertools import permutations, product
from typing import Any

import pytest
from typer.testing import CliRunner

from quintet.games.quiclo.arithmetic import OPERATORS, ChainError, evaluate
from quintet.games.quiclo.cli import app

RUNNER = CliRunner()
HAND = "3,17,40,5,60"
TOPS = "12,50,99"


def flat(text: str) -> str:
    """The text without rich's box drawing and line wrapping, so messages read as one line."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def run(*args: str) -> Any:
    return RUNNER.invoke(app, list(args))


# ------------------------------------------------------------------------- check


@pytest.mark.parametrize(
    ("args", "code", "lines"),
    [
        (["12 + 7 x 3 = 33"], 0, ["12 + 7 × 3 = 33", "valid: the chain makes 33"]),
        (["12+7*3=34"], 1, ["12 + 7 × 3 = 34", "not valid: the chain makes 33, not 34"]),
        (["7 : 2 = 3"], 1, ["7 ÷ 2 = 3", "not valid: 7 ÷ 2 leaves a remainder"]),
        (
            ["3 - 5 + 10 = 8"],
            1,
            ["3 − 5 + 10 = 8", "not valid: the running total becomes −2 after 3 − 5"],
        ),
        (
            ["12 + 7 × 3"],
            0,
            ["12 + 7 × 3", "valid: the chain makes 33 (no result given after =)"],
        ),
        (["2 × 3 − 6 = 0"], 0, ["2 × 3 − 6 = 0", "valid: the chain makes 0"]),
        # Unquoted, the shell hands over one argument per word: they are one chain.
        (
            ["12", "+", "7", "x", "3", "=", "33"],
            0,
            ["12 + 7 × 3 = 33", "valid: the chain makes 33"],
        ),
    ],
)
def test_check_says_valid_or_names_the_rule(args: list[str], code: int, lines: list[str]) -> None:
    result = run("check", *args)
    assert result.exit_code == code, result.output
    assert result.stdout.splitlines() == lines
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("chain", "code", "expected"),
    [
        ("12 + 7 x 3 = 33", 0, {"valid": True, "value": 33, "reason": None}),
        # The value is there whenever the chain evaluates, also when it misses the result.
        (
            "12 + 7 x 3 = 34",
            1,
            {"valid": False, "value": 33, "reason": "the chain makes 33, not 34"},
        ),
        (
            "12 ÷ 5 × 5 = 12",
            1,
            {"valid": False, "value": None, "reason": "12 ÷ 5 leaves a remainder"},
        ),
        (
            "3 − 5 + 10",
            1,
            {"valid": False, "value": None, "reason": "the running total becomes −2 after 3 − 5"},
        ),
        ("10 − 2 × 3", 0, {"valid": True, "value": 4, "reason": None}),
    ],
)
def test_check_json_is_exactly_valid_value_reason(
    chain: str, code: int, expected: dict[str, Any]
) -> None:
    result = run("check", chain, "--json")
    assert result.exit_code == code, result.output
    printed = json.loads(result.stdout)
    assert printed == expected
    assert list(printed) == ["valid", "value", "reason"]
    assert type(printed["valid"]) is bool
    assert result.stdout.count("\n") == 1  # one line, nothing else


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize(
    ("chain", "message", "caret"),
    [
        ("12 + x 3", "two operators in a row: '+' at position 4 and 'x' at position 6", 6),
        ("12 +", "the chain ends with '+' at position 4", 4),
        ("12 + 7 =", "no result after '=' at position 8", 8),
        ("12 + seven", "unexpected letter 's' at position 6", 6),
        ("1.5 + 2", "'.' at position 2: cards are whole numbers", 2),
        ("(2 + 3) x 4", "Quiclo has no parentheses", 1),
        ("12\t+\t", "the chain ends with '+' at position 4", 4),
        ("", "the chain is empty", None),
        ("12", "a chain needs at least 2 numbers", None),
    ],
)
def test_check_malformed_exits_2_with_the_message_on_stderr(
    chain: str, message: str, caret: int | None, as_json: bool
) -> None:
    result = run("check", chain, *(["--json"] if as_json else []))
    assert result.exit_code == 2
    assert result.stdout == ""  # nothing for a JSON reader to misread
    lines = result.stderr.splitlines()
    assert lines[0].startswith("Error: not a chain: ")
    assert message in lines[0]
    if caret is None:
        assert len(lines) == 1
    else:
        # The text, then a caret under the character the message names.
        assert lines[1] == "  " + re.sub(r"\s", " ", chain)
        assert lines[2] == "  " + " " * (caret - 1) + "^"
    assert "Traceback" not in result.output


def quintet(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m quintet ...` in a real process, as a person runs it."""
    return subprocess.run(
        [sys.executable, "-m", "quintet", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        env={**os.environ, **env},
        check=False,
        timeout=120,
    )


def test_check_through_the_quintet_command() -> None:
    done = quintet("quiclo", "check", "--json", "12 + 7 x 3 = 33")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == {"valid": True, "value": 33, "reason": None}
    # A terminal that cannot show ÷ gets /; a malformed chain exits 2 without a traceback.
    done = quintet("quiclo", "check", "7 : 2", PYTHONIOENCODING="ascii")
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["7 / 2", "not valid: 7 / 2 leaves a remainder"]
    done = quintet("quiclo", "check", "7 ++ 2")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("Error: not a chain: two operators in a row")
    assert "Traceback" not in done.stderr


def test_check_needs_a_chain() -> None:
    result = run("check")
    assert result.exit_code == 2
    assert "Missing argument 'CHAIN'" in flat(result.stderr)


def test_check_falls_back_to_plain_signs_where_the_terminal_lacks_them() -> None:
    result = CliRunner(charset="ascii").invoke(app, ["check", "12 ÷ 5 × 5 − 1"])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "12 / 5 x 5 - 1",
        "not valid: 12 / 5 leaves a remainder",
    ]


# ------------------------------------------------------------------------- solve


def brute_force(
    hand: list[int], tops: list[int]
) -> set[tuple[int, tuple[int, ...], tuple[str, ...]]]:
    """Every (stack, operands, operators) claim, by trying every chain: for small hands only."""
    claims = set()
    for stack, result in enumerate(tops):
        pool = [*hand, *(top for other, top in enumerate(tops) if other != stack)]
        for size in (2, 3, 4):
            for operands in permutations(pool, size):
                if not set(operands) & set(hand):
                    continue
                for operators in product(OPERATORS, repeat=size - 1):
                    try:
                        value = evaluate(operands, operators)
                    except ChainError:
                        continue
                    if value == result:
                        claims.add((stack, operands, operators))
    return claims


def solve_json(*args: str) -> dict[str, Any]:
    result = run("solve", *args, "--json")
    assert result.exit_code == 0, result.output
    printed: dict[str, Any] = json.loads(result.stdout)
    return printed


@pytest.mark.parametrize(
    ("hand", "tops"),
    [([3, 4], [12, 7, 1]), ([2, 6, 9], [3, 18, 27]), ([5, 10, 15], [20, 25, 2]), ([1], [2, 3, 4])],
)
def test_solve_json_lists_exactly_the_brute_force_claims(hand: list[int], tops: list[int]) -> None:
    printed = solve_json("--hand", ",".join(map(str, hand)), "--tops", ",".join(map(str, tops)))
    assert list(printed) == ["count", "claims"]
    expected = brute_force(hand, tops)
    found = [
        (claim["stack"], tuple(claim["operands"]), tuple(claim["operators"]))
        for claim in printed["claims"]
    ]
    assert len(found) == len(set(found)) == printed["count"]
    assert set(found) == expected
    for claim in printed["claims"]:
        assert list(claim) == ["stack", "result", "operands", "operators", "own"]
        assert claim["result"] == tops[claim["stack"]]
        assert claim["own"] == [card for card in claim["operands"] if card in hand]


def test_solve_json_claims_are_valid_chains_with_own_cards() -> None:
    printed = solve_json("--hand", HAND, "--tops", TOPS)
    hand, tops = [int(c) for c in HAND.split(",")], [int(c) for c in TOPS.split(",")]
    assert printed["count"] == len(printed["claims"]) > 0
    for claim in printed["claims"]:
        assert evaluate(claim["operands"], claim["operators"]) == claim["result"]
        assert claim["result"] == tops[claim["stack"]]
        assert set(claim["operators"]) <= set(OPERATORS)
        assert 2 <= len(claim["operands"]) <= 4
        assert len(set(claim["operands"])) == len(claim["operands"])
        assert claim["own"] and set(claim["own"]) <= set(hand)
        assert tops[claim["stack"]] not in claim["operands"]


@pytest.mark.parametrize("limit", [0, 1, 7])
def test_solve_limit_cuts_the_list_but_not_the_count(limit: int) -> None:
    everything = solve_json("--hand", HAND, "--tops", TOPS)
    limited = solve_json("--hand", HAND, "--tops", TOPS, "--limit", str(limit))
    assert limited["count"] == everything["count"]
    assert limited["claims"] == everything["claims"][:limit]


def test_solve_plain_lines() -> None:
    result = run("solve", "--hand", "3,4", "--tops", "12,7,1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "hand: 3, 4; tops: stack 0: 12, stack 1: 7, stack 2: 1"
    assert "stack 0: 3 × 4 = 12 (own: 3, 4)" in lines
    assert "stack 1: 3 + 4 = 7 (own: 3, 4)" in lines
    assert "stack 2: 4 − 3 = 1 (own: 4, 3)" in lines
    claims = lines[1:-1]
    count = len(brute_force([3, 4], [12, 7, 1]))
    assert len(claims) == count
    assert all(
        re.fullmatch(r"stack [0-2]: [0-9 +−×÷]+ = [0-9]+ \(own: [0-9, ]+\)", c) for c in claims
    )
    assert lines[-1] == f"{count} valid claims"


def test_solve_plain_says_when_the_list_is_cut_and_when_there_is_none() -> None:
    cut = run("solve", "--hand", HAND, "--tops", TOPS, "--limit", "2")
    total = solve_json("--hand", HAND, "--tops", TOPS)["count"]
    assert cut.exit_code == 0, cut.output
    assert len(cut.stdout.splitlines()) == 4
    assert cut.stdout.splitlines()[-1] == f"showing 2 of {total} valid claims"
    # No chain of 144, 1, 2 and 100 (each without its own stack) makes a top.
    assert not brute_force([144], [1, 2, 100])
    none = run("solve", "--hand", "144", "--tops", "1,2,100")
    assert none.exit_code == 0, none.output
    assert none.stdout.splitlines()[-1] == "no valid claim"
    assert solve_json("--hand", "144", "--tops", "1,2,100") == {"count": 0, "claims": []}


@pytest.mark.parametrize(
    ("args", "option", "fragment"),
    [
        (["--hand", "3,0", "--tops", TOPS], "'--hand'", "0 is not a card; cards are 1 to 144"),
        (["--hand", "3,145", "--tops", TOPS], "'--hand'", "145 is not a card"),
        (["--hand", "3,99999999999", "--tops", TOPS], "'--hand'", "99999999999 is not a card"),
        (["--hand", "3,x", "--tops", TOPS], "'--hand'", "'x' is not a card"),
        (["--hand", "3,-4", "--tops", TOPS], "'--hand'", "'-4' is not a card"),
        (["--hand", "3,4.5", "--tops", TOPS], "'--hand'", "'4.5' is not a card"),
        (["--hand", "3,,4", "--tops", TOPS], "'--hand'", "entry 2 of '3,,4' is empty"),
        (["--hand", "", "--tops", TOPS], "'--hand'", "no cards given"),
        (["--hand", "3,4,3", "--tops", TOPS], "'--hand'", "card 3 is given twice"),
        (
            ["--hand", ",".join(map(str, range(20, 33))), "--tops", TOPS],
            "'--hand'",
            "13 cards; a hand has 1 to 12",
        ),
        (["--hand", HAND, "--tops", "12,50"], "'--tops'", "2 cards; give exactly 3"),
        (["--hand", HAND, "--tops", "12,50,99,100"], "'--tops'", "4 cards; give exactly 3"),
        (["--hand", HAND, "--tops", "12,50,200"], "'--tops'", "200 is not a card"),
        (["--hand", HAND, "--tops", "12,50,50"], "'--tops'", "card 50 is given twice"),
        (
            ["--hand", HAND, "--tops", "12,17,99"],
            "'--hand' / '--tops'",
            "card 17 is in both --hand and --tops",
        ),
        (["--hand", HAND, "--tops", TOPS, "--limit", "-1"], "'--limit'", ""),
        (["--hand", HAND, "--tops", TOPS, "--limit", "many"], "'--limit'", ""),
        (["--tops", TOPS], "'--hand'", "Missing option"),
        (["--hand", HAND], "'--tops'", "Missing option"),
    ],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_solve_argument_errors_exit_2_naming_the_argument(
    args: list[str], option: str, fragment: str, as_json: bool
) -> None:
    result = run("solve", *args, *(["--json"] if as_json else []))
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    message = flat(result.stderr)
    assert option in message
    assert fragment in message
    assert "Traceback" not in result.output
