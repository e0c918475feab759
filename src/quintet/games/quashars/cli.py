"""Quashars' command-line verbs.

- `quintet quashars score`: the rulebook's scoring as a tool for a real table.
- `quintet play quashars` (the `play` function, mounted by the top-level CLI): seat 0 in
  the terminal against bots (`terminal.QuasharsTable`).
"""

from __future__ import annotations

import secrets
from typing import Annotated, Final

import typer
from rich.console import Console

from quintet.core import registry
from quintet.games.quashars.scoring import chips, score
from quintet.games.quashars.terminal import QuasharsTable
from quintet.games.terminal import LEVEL_HELP, check_level, run_at_terminal, seat_bots

GAME_NAME: Final = "quashars"


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


def play(
    players: Annotated[
        int, typer.Option("--players", min=3, max=4, help="Players at the table: 3 or 4.")
    ] = 4,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the deal and the bots; the same seed replays."),
    ] = None,
    level: Annotated[str | None, typer.Option("--level", help=LEVEL_HELP)] = None,
    delay: Annotated[
        float, typer.Option("--delay", min=0.0, help="Seconds each bot waits before acting.")
    ] = 0.0,
) -> None:
    """Play Quashars in the terminal: you are seat 0, bots take the other seats."""
    level = check_level(GAME_NAME, level)
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
