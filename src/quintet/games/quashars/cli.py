"""Quashars' command-line verbs.

- `quintet quashars score`: the rulebook's scoring as a tool for a real table.
- `quintet play quashars`: play seat 0 in the terminal against bots.

The terminal table is a host like the server or the simulator: it drives the
game only through `game.apply`, `game.view` and `events_for`, keeps its own
virtual clock in ms, and shows the human exactly seat 0's view and events.
Input and output are injected (an `ask` function and a rich `Console`) so tests
play whole matches without a subprocess.
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated, Any, Final

import typer
from rich.console import Console
from rich.text import Text

from quintet.core import (
    Input,
    JSONDict,
    RuleError,
    events_for,
    registry,
)
from quintet.games.quashars.render import (
    event_renderables,
    play_options,
    predict_options,
    starts_text,
    status_renderable,
)
from quintet.games.quashars.scoring import chips, score
from quintet.terminal import (
    Quit,
    TerminalTable,
    check_level,
    run_at_terminal,
    seat_bots,
    winners_text,
)

GAME_NAME: Final = "quashars"

PREDICT_PROMPT: Final = "Your prediction (like 3, or 3+ / 3f with the flex chip; q quits) > "
PLAY_PROMPT: Final = "Your card (an option number, or a code like Y9; q quits) > "

_NUMBER = re.compile(r"^(\d+)\s*([+fF]?)$")
_CARD_CODE = re.compile(r"^[A-Za-z]\d{1,2}$")

app = typer.Typer(
    name=GAME_NAME,
    help="Quashars tools for a real table.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _quashars() -> None:
    """Quashars tools for a real table."""
    # A callback keeps `score` a subcommand even while it is the only one.


# ------------------------------------------------------------------------- score


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if abs(count) == 1 else f"{count} {word}s"


def explain(game_no: int, predicted: int, flex: bool, met: int) -> tuple[int, str]:
    """The points of one player and the rulebook's reason, in one line.

    >>> explain(1, 2, False, 0)
    (-2, '2 chips left: -2 points')
    """
    points = score(game_no, predicted, flex, met)
    left, flex_left, taken = chips(predicted, flex, met)
    if points > 0 and not flex:
        reason = f"Correct without the flex chip: 2 x game {game_no} = {_plural(points, 'point')}"
    elif points > 0:
        only_flex = " (only the flex chip is left)" if flex_left else ""
        reason = (
            f"Correct with the flex chip{only_flex}: "
            f"1 x game {game_no} = {_plural(points, 'point')}"
        )
    elif left:
        besides = " besides the flex chip" if flex else ""
        reason = f"{_plural(left, 'chip')} left{besides}: {_plural(points, 'point')}"
    else:
        reason = f"{_plural(taken, 'chip')} taken: {_plural(points, 'point')}"
    return points, reason


@app.command("score")
def score_command(
    game: Annotated[
        int, typer.Option("--game", min=1, help="The game number in the match: 1 for the first.")
    ],
    predicted: Annotated[
        int, typer.Option("--predicted", min=0, help="Prediction chips taken (not the flex chip).")
    ],
    met: Annotated[int, typer.Option("--met", min=0, help="Conditions met during the game.")],
    flex: Annotated[
        bool, typer.Option("--flex", help="The player added the flex chip (P or P+1).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help='Print only {"points": N}.')] = False,
) -> None:
    """Score one player's game by the rulebook: points and the reason."""
    points, reason = explain(game, predicted, flex, met)
    if as_json:
        typer.echo(f'{{"points": {points}}}')
        return
    typer.echo(_plural(points, "point"))
    typer.echo(reason)


# -------------------------------------------------------------------------- play


def parse_answer(answer: str, phase: str, legal: list[JSONDict]) -> JSONDict | str:
    """Turn what the player typed into an action, or a message saying what to type.

    Numbers are predictions in the predict phase and option numbers in the play
    phase; a card code is a play. Whatever parses goes to the rules, which have
    the last word (and the clear message) on whether it is allowed.
    """
    text = answer.strip()
    if text.lower() in ("q", "quit", "exit"):
        raise Quit
    if phase == "predict":
        hint = "type a prediction: a number like 3, or 3+ (or 3f) with the flex chip"
    else:
        hint = f"type an option number from 1 to {len(legal)}, or a card code like Y9"
    if not text:
        return f"Nothing typed: {hint}."
    number = _NUMBER.match(text)
    if number:
        value, flex = int(number.group(1)), bool(number.group(2))
        if phase == "predict" or flex:
            return {"type": "predict", "chips": value, "flex": flex}
        if 1 <= value <= len(legal):
            return legal[value - 1]
        return f"There is no option {value}: {hint}."
    if _CARD_CODE.match(text):
        return {"type": "play", "card": text.upper()}
    return f"Cannot read {text!r}: {hint}."


class QuasharsTable(TerminalTable):
    """One match between the person at a terminal and bots, under a virtual clock."""

    def _intro(self, view: JSONDict) -> None:
        self.console.print(
            Text(
                f"Quashars: {view['players']} players, {view['games']} games. "
                f"You are seat {self.me}. "
                f"{starts_text(int(view['start_player']), self.me)}",
                style="bold",
            )
        )

    def _pause_prompt(self, view: JSONDict) -> str:
        return f"Press Enter to deal game {view['game_no'] + 1} > "

    def _show(self, events: list[Any]) -> None:
        for event in events_for(events, self.me):
            for renderable in event_renderables(event, self.me):
                self.console.print(renderable)
            if event["type"] == "match_over":
                self.console.print(winners_text(event, self.me))

    def _human_turn(self, view: JSONDict) -> list[Any]:
        legal: list[JSONDict] = view["legal"]
        phase: str = view["phase"]
        options = predict_options(legal) if phase == "predict" else play_options(legal)
        prompt = PREDICT_PROMPT if phase == "predict" else PLAY_PROMPT
        self.console.print()
        self.console.print(status_renderable(view, self.me))
        self.console.print(options)
        while True:
            action = parse_answer(self.ask(prompt), phase, legal)
            if isinstance(action, str):
                self.console.print(Text(action, style="bold red"))
                continue
            try:
                events: list[Any] = self.game.apply(self.state, Input(self.me, action, self.now))
            except RuleError as error:
                self.console.print(Text(f"Not allowed: {error.message}.", style="bold red"))
                self.console.print(options)
                continue
            return events


def play(
    players: Annotated[
        int, typer.Option("--players", min=3, max=4, help="Players at the table: 3 or 4.")
    ] = 4,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the deal and the bots; the same seed replays."),
    ] = None,
    level: Annotated[str, typer.Option("--level", help="The bots' level.")] = "basic",
    delay: Annotated[
        float, typer.Option("--delay", min=0.0, help="Seconds each bot waits before acting.")
    ] = 0.0,
) -> None:
    """Play Quashars in the terminal: you are seat 0, bots take the other seats."""
    check_level(GAME_NAME, level)
    console = Console(highlight=False)
    if seed is None:
        seed = secrets.randbits(32)
    game = registry.get(GAME_NAME)
    state = game.new(seed, players)
    bots = seat_bots(GAME_NAME, level, seed, players)
    console.print(f"Seed {seed} (play it again with --seed {seed}); bots: {level}.")
    run_at_terminal(
        QuasharsTable(game, state, bots, console.input, console, delay=delay), console, "match"
    )
