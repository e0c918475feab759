"""Quiclo's command-line verbs: the referee and the solver as tools for a real table.

- `quintet quiclo check "12 + 7 x 3 = 33"`: is the chain valid, what does it make,
  and which rule does it break. Only the arithmetic: not whose cards these are.
  Exit 0 when valid, 1 when not, 2 when the text is not a chain.
- `quintet quiclo solve --hand 3,17,40 --tops 12,50,99`: every valid claim of one hand.

Both print plain lines, or one JSON object with `--json`. Every mistake in the
arguments exits 2 with a message naming the argument, never a traceback.
"""

# Output uses the typographic signs × ÷ −; they are meant, not look-alikes.
# ruff: noqa: RUF001, RUF002, RUF003

from __future__ import annotations

import json
import re
import sys
from typing import Annotated, Final

import typer

from quintet.core import RuleError
from quintet.games.quiclo.arithmetic import ChainSyntaxError, format_chain, parse
from quintet.games.quiclo.components import HAND_SIZE, HIGHEST, LOWEST, STACK_COUNT
from quintet.games.quiclo.solver import Claim, count, solve

GAME_NAME: Final = "quiclo"

#: Exit statuses of `check`.
EXIT_VALID, EXIT_NOT_VALID, EXIT_MALFORMED = 0, 1, 2

#: How to write the typographic signs on a terminal that cannot show them.
_ASCII_SIGNS: Final = str.maketrans({"×": "x", "÷": "/", "−": "-", "–": "-"})
_CARD = re.compile(r"[0-9]+")

app = typer.Typer(
    name=GAME_NAME,
    help="Quiclo tools for a real table: the referee and the solver.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _quiclo() -> None:
    """Quiclo tools for a real table: the referee and the solver."""
    # A callback keeps `check` and `solve` subcommands, whatever else is added.


def _echo(text: str, *, err: bool = False) -> None:
    """Print a line; falls back to x / - for × ÷ − where the terminal's encoding lacks them."""
    stream = sys.stderr if err else sys.stdout
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = text.translate(_ASCII_SIGNS).encode("ascii", "replace").decode("ascii")
    typer.echo(text, err=err)


# ------------------------------------------------------------------------- check


def _syntax_error(text: str, error: ChainSyntaxError) -> typer.Exit:
    """Print what is wrong with the text, with a caret under the place, and exit 2."""
    _echo(f"Error: not a chain: {error.message}", err=True)
    if error.position is not None:
        # Any whitespace is shown as one space so that the caret stays under its character.
        shown = "".join(" " if char.isspace() else char for char in text)
        _echo(f"  {shown}", err=True)
        _echo(f"  {' ' * (error.position - 1)}^", err=True)
    return typer.Exit(EXIT_MALFORMED)


@app.command("check")
def check_command(
    chain: Annotated[
        list[str],
        typer.Argument(
            metavar="CHAIN",
            help='The chain, best in quotes: "12 + 7 x 3 = 33". Times: x * ×; divide: / : ÷; '
            "minus: - −. The result after = is optional.",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help='Print only {"valid": bool, "value": int|null, "reason": ...}.'
        ),
    ] = False,
) -> None:
    """Check a chain's arithmetic: valid or not, its value, and the exact rule it breaks.

    Only the arithmetic is checked, not whose cards these are. Without "= result"
    the chain is valid when it evaluates. Exit status: 0 valid, 1 not valid,
    2 not a chain at all.
    """
    # Unquoted chains arrive as several arguments; they are one chain.
    text = " ".join(chain)
    try:
        parsed = parse(text)
    except ChainSyntaxError as error:
        raise _syntax_error(text, error) from None
    verdict = parsed.explain()
    if as_json:
        typer.echo(json.dumps(verdict.to_json()))
    else:
        _echo(str(parsed))
        if verdict.valid:
            given = "" if parsed.result is not None else " (no result given after =)"
            _echo(f"valid: the chain makes {verdict.value}{given}")
        else:
            _echo(f"not valid: {verdict.reason}")
    raise typer.Exit(EXIT_VALID if verdict.valid else EXIT_NOT_VALID)


# ------------------------------------------------------------------------- solve


def _cards(text: str, option: str) -> list[int]:
    """The cards in a comma-separated list, or `typer.BadParameter` naming the option."""
    if not text.strip():
        raise typer.BadParameter("no cards given; write cards like 3,17,40", param_hint=option)
    cards: list[int] = []
    for place, entry in enumerate(text.split(","), 1):
        item = entry.strip()
        if not item:
            raise typer.BadParameter(
                f"entry {place} of {text!r} is empty; write cards like 3,17,40",
                param_hint=option,
            )
        if not _CARD.fullmatch(item):
            raise typer.BadParameter(
                f"{item!r} is not a card; cards are whole numbers from {LOWEST} to {HIGHEST}",
                param_hint=option,
            )
        # Many digits would make int() slow (or refuse); such a number is no card anyway.
        card = int(item) if len(item) <= 4 else HIGHEST + 1
        if not LOWEST <= card <= HIGHEST:
            raise typer.BadParameter(
                f"{item} is not a card; cards are {LOWEST} to {HIGHEST}",
                param_hint=option,
            )
        if card in cards:
            raise typer.BadParameter(f"card {card} is given twice", param_hint=option)
        cards.append(card)
    return cards


def _claim_line(claim: Claim) -> str:
    chain = format_chain(claim.operands, claim.operators, claim.result)
    own = ", ".join(str(card) for card in claim.own)
    return f"stack {claim.stack}: {chain} (own: {own})"


def _plural(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


@app.command("solve")
def solve_command(
    hand: Annotated[
        str,
        typer.Option(
            "--hand",
            help=f"The player's cards, comma separated: 1 to {HAND_SIZE} cards from "
            f"{LOWEST}-{HIGHEST}.",
            show_default=False,
        ),
    ],
    tops: Annotated[
        str,
        typer.Option(
            "--tops",
            help="The top cards of the three result stacks, comma separated, stack 0 first.",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print only {"count": N, "claims": [{"stack", "result", "operands", '
            '"operators", "own"}, ...]}.',
        ),
    ] = False,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            min=0,
            help="List at most this many claims; the count still counts every claim.",
        ),
    ] = None,
) -> None:
    """List every valid claim of one hand against the three tops, and count them.

    A claim puts 2-4 distinct cards (own cards or the tops of the other two stacks,
    at least one own) into a chain that makes the top of a stack. Stacks are
    numbered 0, 1, 2 in the order of --tops.
    """
    own = _cards(hand, "'--hand'")
    if len(own) > HAND_SIZE:
        raise typer.BadParameter(
            f"{len(own)} cards; a hand has 1 to {HAND_SIZE}", param_hint="'--hand'"
        )
    top3 = _cards(tops, "'--tops'")
    if len(top3) != STACK_COUNT:
        raise typer.BadParameter(
            f"{len(top3)} cards; give exactly {STACK_COUNT}, one per stack", param_hint="'--tops'"
        )
    for card in own:
        if card in top3:
            raise typer.BadParameter(
                f"card {card} is in both --hand and --tops; every card exists once",
                param_hint="'--hand' / '--tops'",
            )
    try:
        claims = solve(own, top3, limit=limit)
        # Without a limit the list is complete, so it is its own count.
        total = len(claims) if limit is None else count(own, top3)
    except RuleError as error:  # the checks above should leave the solver nothing to refuse
        raise typer.BadParameter(error.message, param_hint="'--hand' / '--tops'") from None
    if as_json:
        typer.echo(json.dumps({"count": total, "claims": [_claim_json(c) for c in claims]}))
        return
    stacks = ", ".join(f"stack {stack}: {card}" for stack, card in enumerate(top3))
    _echo(f"hand: {', '.join(map(str, sorted(own)))}; tops: {stacks}")
    for claim in claims:
        _echo(_claim_line(claim))
    if len(claims) < total:
        _echo(f"showing {len(claims)} of {_plural(total, 'valid claim')}")
    else:
        _echo(_plural(total, "valid claim") if total else "no valid claim")


def _claim_json(claim: Claim) -> dict[str, object]:
    # Built from the fields (not Claim.to_json) so that the JSON shape is this CLI's promise.
    return {
        "stack": claim.stack,
        "result": claim.result,
        "operands": list(claim.operands),
        "operators": list(claim.operators),
        "own": list(claim.own),
    }
