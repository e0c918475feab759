"""Quick's command-line verbs: the deck and the sort order, as tools for a real table.

- `quintet quick deck [--json]`: the 72 cards with number, letter, colour and flames.
- `quintet quick order --cards 4,22,33,65,70 --criteria letter,-colour,number
  [--simplified] [--json]`: the correct stack from the top down.
- `quintet quick check --cards ... --criteria ... --stack 70,65,33,22,4 [--json]`: is
  that stack, read from the top, correct; if not, its first wrong card and why.
- `quintet play quick [--players N] [--level L] [--criteria ...]` (the `play` function,
  mounted by the top-level CLI): seat 0 in the terminal against bots.

Every mistake in the arguments exits 2 with a message naming the argument, never a
traceback. `check` exits 0 when the stack is correct and 1 when it is not.
"""

from __future__ import annotations

import json
import re
import secrets
from typing import Annotated, Final

import typer
from rich.console import Console

from quintet.games.quick.components import (
    CARDS,
    Criteria,
    CriteriaError,
    card_json,
    describe,
    first_wrong,
    groups,
    order,
    parse_criteria,
    why_wrong,
)
from quintet.games.terminal import LEVEL_HELP

GAME_NAME: Final = "quick"
EXIT_CORRECT, EXIT_WRONG = 0, 1
_CARD = re.compile(r"[0-9]{1,3}")

app = typer.Typer(
    name=GAME_NAME,
    help="Quick tools for a real table: the deck, the correct order, checking a stack.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _quick() -> None:
    """Quick tools for a real table: the deck, the correct order, checking a stack."""


def parse_cards(text: str, option: str) -> list[int]:
    """The cards in a comma-separated list, or `typer.BadParameter` naming the option:
    an entry that is not a card 1..72, or a card given twice."""
    if not text.strip():
        raise typer.BadParameter("no cards given; write cards like 4,22,33", param_hint=option)
    cards: list[int] = []
    for place, entry in enumerate(text.split(","), 1):
        item = entry.strip()
        if not _CARD.fullmatch(item) or not 1 <= int(item) <= len(CARDS):
            raise typer.BadParameter(
                f"entry {place} ({item!r}) is not a card: cards are the numbers 1 to 72",
                param_hint=option,
            )
        card = int(item)
        if card in cards:
            raise typer.BadParameter(f"card {card} is given twice", param_hint=option)
        cards.append(card)
    return cards


def read_criteria(text: str, simplified: bool) -> Criteria:
    """The criteria in a comma-separated list, or `typer.BadParameter` naming --criteria."""
    items = [item.strip() for item in text.split(",")] if text.strip() else []
    try:
        return parse_criteria(items, simplified=simplified)
    except CriteriaError as error:
        raise typer.BadParameter(f"{error} (got {text!r})", param_hint="'--criteria'") from None


CardsOption = Annotated[
    str,
    typer.Option(
        "--cards", help="The cards, comma separated: numbers 1 to 72.", show_default=False
    ),
]
CriteriaOption = Annotated[
    str,
    typer.Option(
        "--criteria",
        help="The instruction cards in the order they lie, comma separated: letter, colour, "
        "flames, then number (the 1-72 card, last); '-' turns one: letter,-colour,number.",
    ),
]
SimplifiedOption = Annotated[
    bool,
    typer.Option(
        "--simplified", help="The simplified game: no 1-72 card; equal cards in any order."
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


@app.command("deck")
def deck_command(as_json: JsonOption = False) -> None:
    """The 72 sorting cards: number, letter, colour and flames."""
    if as_json:
        typer.echo(json.dumps({"cards": [card_json(card) for card in CARDS]}))
        return
    for card in CARDS:
        typer.echo(describe(card))


@app.command("order")
def order_command(
    cards: CardsOption,
    criteria: CriteriaOption = "number",
    simplified: SimplifiedOption = False,
    as_json: JsonOption = False,
) -> None:
    """The correct stack, from the top card down.

    With --simplified, cards equal on every criterion form a group that may lie in any
    order: --json prints the groups as {"order": [[...], ...]}.
    """
    given = parse_cards(cards, "'--cards'")
    parsed = read_criteria(criteria, simplified)
    if simplified:
        found = groups(given, parsed)
        if as_json:
            typer.echo(json.dumps({"order": found}))
            return
        for group in found:
            typer.echo(" = ".join(describe(card) for card in group))
        return
    stack = order(given, parsed)
    if as_json:
        typer.echo(json.dumps({"order": stack}))
        return
    for card in stack:
        typer.echo(describe(card))


@app.command("check")
def check_command(
    cards: CardsOption,
    stack: Annotated[
        str,
        typer.Option(
            "--stack", help="The stack from the top card down, comma separated.", show_default=False
        ),
    ],
    criteria: CriteriaOption = "number",
    simplified: SimplifiedOption = False,
    as_json: JsonOption = False,
) -> None:
    """Whether the stack, read from the top, is correct; if not, its first wrong card.

    The first wrong card is the first that sorts before the card above it, counted from
    0 at the top. Exit status: 0 correct, 1 wrong, 2 wrong arguments.
    """
    given = parse_cards(cards, "'--cards'")
    read = parse_cards(stack, "'--stack'")
    parsed = read_criteria(criteria, simplified)
    if sorted(read) != sorted(given):
        missing = sorted(set(given) - set(read))
        extra = sorted(set(read) - set(given))
        raise typer.BadParameter(
            "the stack must hold exactly the cards of --cards"
            + (f"; missing: {', '.join(map(str, missing))}" if missing else "")
            + (f"; not among the cards: {', '.join(map(str, extra))}" if extra else ""),
            param_hint="'--stack'",
        )
    wrong = first_wrong(read, parsed)
    reason = None if wrong is None else why_wrong(read, wrong, parsed)
    if as_json:
        typer.echo(json.dumps({"correct": wrong is None, "first_wrong": wrong, "reason": reason}))
    elif wrong is None:
        typer.echo("correct")
    else:
        typer.echo(f"wrong: the card at place {wrong} from the top (0 = the top): {reason}")
    raise typer.Exit(EXIT_CORRECT if wrong is None else EXIT_WRONG)


# --------------------------------------------------------------------------- play


def play(
    players: Annotated[
        int, typer.Option("--players", min=2, max=6, help="Players, you included: 2 to 6.")
    ] = 3,
    level: Annotated[str | None, typer.Option("--level", help=LEVEL_HELP)] = None,
    criteria: CriteriaOption = "number",
    simplified: SimplifiedOption = False,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the deal and the bots; the same seed replays."),
    ] = None,
) -> None:
    """Play Quick in the terminal: you are seat 0 and sort against bots.

    Commands: t P take the top card of pile P; o P put it on top of pile P; u P put it
    under pile P; n K start a new pile at place K; k KLAAR; h help; q quit. Piles are
    numbered from 1, left to right.
    """
    from quintet.games.quick.terminal import QuickTable
    from quintet.games.terminal import check_level, run_at_terminal, seat_bots

    level = check_level(GAME_NAME, level)
    parsed = read_criteria(criteria, simplified)
    from quintet.games.quick.rules import GAME

    console = Console(highlight=False)
    chosen = secrets.randbelow(2**31) if seed is None else seed
    options = {"criteria": [c.text for c in parsed], "simplified": simplified}
    state = GAME.new(chosen, players, options)
    bots = seat_bots(GAME_NAME, level, chosen, players)
    table = QuickTable(GAME, state, bots, console.input, console)
    run_at_terminal(table, console)
