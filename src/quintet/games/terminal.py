"""What every game's terminal play shares: a person at seat 0 against bots.

The game modules (`games/<name>/terminal.py`) subclass `TerminalTable`
with their own `run`, prompts and rendering; this module holds the parts that
do not depend on the game: seating the bots, a bot's turn under the host's
virtual clock, and turning the ways a session ends into exit codes. It imports
only the core, rich and Typer, so game packages may use it (ADR 0009).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Final

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from quintet.core import Bot, Input, JSONDict, Outcome, RuleError, Seat, derive_seed, registry
from quintet.core.levels import RANDOM

#: The person's seat.
HUMAN_SEAT: Final = 0
#: Refused plans in a row before a bot is declared stuck (a bug, not the player's fault).
MAX_BOT_REFUSALS: Final = 3


def seat_name(seat: Seat, me: Seat) -> str:
    return "You" if seat == me else f"Seat {seat}"


def ranking_table(event: JSONDict, me: Seat) -> Table:
    """The final ranking from a game-over event (`scores`, `ranks`), first place first."""
    table = Table(title="Final ranking", title_justify="left", title_style="bold")
    table.add_column("Rank", justify="right")
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    order = sorted(range(len(event["scores"])), key=lambda s: (event["ranks"][s], s))
    for seat in order:
        table.add_row(str(event["ranks"][seat]), seat_name(seat, me), str(event["scores"][seat]))
    return table


def winners_text(event: JSONDict, me: Seat) -> Text:
    """Who won, from a game-over event (`winners`), told to the person at `me`."""
    winners = [int(s) for s in event["winners"]]
    if me in winners:
        shared = " (shared)" if len(winners) > 1 else ""
        return Text(f"You win{shared}!", style="bold green")
    names = " and ".join(seat_name(s, me) for s in winners)
    return Text(f"{names} {'wins' if len(winners) == 1 else 'win'}.", style="bold")


class TableError(Exception):
    """The game cannot go on (a bot has no move); not the player's fault."""


class Quit(Exception):
    """The player asked to leave the table."""


#: `--level`'s help for `quintet play <game>`: the levels are the game's `BOTS`.
LEVEL_HELP: Final = (
    "The bots' level (`quintet games` lists them, weakest first). "
    "Default: the game's default, one a newcomer can beat."
)


def check_level(game_name: str, level: str | None) -> str:
    """The level to seat: `level`, or the game's default when None.

    Raises `typer.BadParameter` naming `--level` for a level the game has no bot for.
    """
    levels = registry.entry(game_name).bots
    if level is None:
        level = levels.default or RANDOM
    if level not in levels:
        raise typer.BadParameter(
            f"unknown bot level {level!r}; the levels are: {levels.listing()}",
            param_hint="'--level'",
        )
    return level


def seat_bots(game_name: str, level: str, seed: int, players: int) -> dict[Seat, Bot]:
    """A bot of `level` at every seat but the person's, seeded as the simulator seeds them."""
    return {
        seat: registry.make_bot(game_name, level, seat, derive_seed(seed, seat))
        for seat in range(players)
        if seat != HUMAN_SEAT
    }


class TerminalTable:
    """One game between the person at a terminal and bots, under a virtual clock."""

    def __init__(
        self,
        game: Any,
        state: Any,
        bots: Mapping[Seat, Bot],
        ask: Callable[[str], str],
        console: Console,
        *,
        me: Seat = HUMAN_SEAT,
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.game = game
        self.state = state
        self.bots = bots
        self.ask = ask
        self.console = console
        self.me = me
        self.delay = delay
        self.sleep = sleep
        #: The host's virtual clock (ms since the game started); never the wall clock.
        self.now = 0

    def run(self) -> Outcome:
        """Play to the end of the game; returns its outcome.

        Raises `Quit` when the player leaves, `EOFError` / `KeyboardInterrupt` from
        `ask`, and `TableError` when a bot cannot move.
        """
        game, state = self.game, self.state
        self._intro(game.view(state, self.me))
        while not game.is_over(state):
            deadline = game.next_deadline(state)
            view = game.view(state, self.me)
            if deadline is not None and not self._acts_before_deadline(view):
                # The rules wait for the host between rounds; the person sets its pace.
                self._wait(self._pause_prompt(view))
                self.now = max(self.now, deadline)
                self._show(game.apply(state, Input.tick(self.now)))
                continue
            if game.can_act(state, self.me):
                self._show(self._human_turn(view))
                continue
            movers = [seat for seat in self.bots if game.can_act(state, seat)]
            if not movers:
                raise TableError("no one can act and no deadline is set")
            self._show(self._bot_turn(movers[0]))
        outcome: Outcome = game.outcome(state)
        return outcome

    # What each game's table provides.

    def _intro(self, view: JSONDict) -> None:
        """Print what the person needs before the first move."""
        raise NotImplementedError

    def _pause_prompt(self, view: JSONDict) -> str:
        """The prompt while the rules wait for the host between rounds."""
        raise NotImplementedError

    def _acts_before_deadline(self, view: JSONDict) -> bool:
        """Whether the seats act while this deadline runs (a window to answer in) instead of
        the host ticking at once. The person's clock stands still while it types, so a
        window never closes on the person; bots plan within it."""
        return False

    def _wait(self, prompt: str) -> None:
        """Wait for the person (Enter) before the host's tick."""
        self.ask(prompt)

    def _show(self, events: list[Any]) -> None:
        """Print the events the person may see."""
        raise NotImplementedError

    def _human_turn(self, view: JSONDict) -> list[Any]:
        """Ask the person for an action until the rules accept one; returns its events."""
        raise NotImplementedError

    def _bot_turn(self, seat: Seat) -> list[Any]:
        """Let the bot at `seat` act; raises `TableError` when it cannot."""
        bot = self.bots[seat]
        for _ in range(MAX_BOT_REFUSALS):
            plan = bot.plan(self.game.view(self.state, seat), self.now)
            if plan is None:
                raise TableError(f"the bot at seat {seat} has no move although it may act")
            if self.delay > 0:
                self.sleep(self.delay)
            self.now = max(self.now, plan.time)
            try:
                events: list[Any] = self.game.apply(self.state, Input(seat, plan.action, self.now))
            except RuleError as error:
                bot.refused(error, self.now)
                continue
            return events
        raise TableError(f"the bot at seat {seat} keeps planning refused actions")


def run_at_terminal(table: TerminalTable, console: Console, unit: str = "game") -> None:
    """Run the table; every way out of it becomes a message and an exit code.

    Ctrl-C exits 130, the end of input or leaving exits 0, a stuck bot exits 1;
    none of them prints a traceback. `unit` names what was played ("match").
    """
    try:
        table.run()
    except KeyboardInterrupt:
        console.print("\nInterrupted: you left the table.")
        raise typer.Exit(130) from None
    except EOFError:
        console.print("\nNo more input: you left the table.")
        raise typer.Exit(0) from None
    except Quit:
        console.print("You left the table.")
        raise typer.Exit(0) from None
    except TableError as error:
        console.print(Text(f"The {unit} cannot go on: {error}", style="bold red"))
        raise typer.Exit(1) from None
