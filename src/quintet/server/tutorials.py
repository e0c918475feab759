"""Tutorial tables: a game's guided first game (`quintet.core.tutorial`) on the server.

`start_tutorial` makes one for a person: a practice table flagged `tutorial` with the
tutorial's options, seed and seats (the person at seat 0, bots of the tutorial's fallback
level elsewhere), joined and started at once. It is stored like any other table: its
record is its seed and inputs, and where the script stands is derived from them again
whenever the table is rebuilt (`TableTutorial`), so a reload continues at the same step.

At the table (the runner holds a `TableTutorial`):
- the bots play the script (`ScriptBot`): each waits until the script reaches its move,
  then plays it at a person's pace; once the script ends they play their own level;
- the person's action that the rules accept but the script does not is refused with
  `tutorial/off_script` and changes nothing; an illegal one keeps the rules' refusal;
- the person's view carries `tutorial`: the step, whose move it is, the current hint and
  the explanation of a wrong move (`ScriptRun.info`); no other viewer gets anything, and
  the script itself is never sent;
- a race's step with `pause` stops the game's clock until the person's move
  (`TableTutorial.stops_clock`; the runner freezes its time).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from quintet.core import Bot, Input, JSONDict, Plan, RuleError, observes, registry
from quintet.core.registry import AnyGame
from quintet.core.tutorial import ScriptRun, Tutorial, find
from quintet.server.bot_seats import BotSeat
from quintet.server.checks import HELD, check_nickname
from quintet.server.errors import ErrorCode, HubError, quoted
from quintet.server.lobby import SeatSpec
from quintet.server.storage import TableRow

if TYPE_CHECKING:  # the hub imports the runner, which imports this module
    from quintet.server.hub import Hub

log = logging.getLogger(__name__)

#: The table setting that marks a tutorial table.
TUTORIAL_SETTING = "tutorial"


class ScriptBot:
    """A tutorial's bot seat: plays the script's move when the script reaches it, waits
    otherwise; once the script has ended (or was lost) it plays as its `fallback` bot."""

    def __init__(self, run: ScriptRun, seat: int, fallback: Bot) -> None:
        self.run = run
        self.seat = seat
        self.fallback = fallback
        #: Asked after every event it may see, as its fallback wants (`core.bot.Observer`).
        self.observes = observes(fallback)

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        if self.run.current is None:
            return self.fallback.plan(view, now)
        if self.observes:
            self.fallback.plan(view, now)  # it keeps its memory for after the script
        move = self.run.bot_action(self.seat)
        return None if move is None else Plan(now + move.delay_ms, move.action)

    def refused(self, error: RuleError, now: int) -> None:
        if self.run.current is None:
            self.fallback.refused(error, now)
        else:  # the script was checked against the rules: a refusal is a bug in it
            log.error("a tutorial's scripted move of seat %d was refused: %s", self.seat, error)


class TableTutorial:
    """A tutorial table's script, where it stands, and what the runner asks of it."""

    def __init__(self, tutorial: Tutorial, history: Sequence[Input]) -> None:
        self.tutorial = tutorial
        self.run = ScriptRun.replayed(tutorial, history)
        if self.run.lost:
            log.warning("a %s tutorial's stored inputs leave its script", tutorial.game)

    @classmethod
    def of(cls, row: TableRow, history: Sequence[Input]) -> TableTutorial | None:
        """The tutorial of a table flagged `tutorial`, else None."""
        if not row.settings.get(TUTORIAL_SETTING):
            return None
        tutorial = find(row.game)
        return None if tutorial is None else cls(tutorial, history)

    def seat_bot(self, game: str, level: str, seat: int, seed: int) -> BotSeat:
        """The scripted bot of a bot seat (falling back to its stored `level`)."""
        bot = ScriptBot(self.run, seat, registry.make_bot(game, level, seat, seed))
        return BotSeat(bot.observes, bot=bot)

    def refusal(self, inp: Input) -> RuleError | None:
        """Why the person's action, accepted by the rules, is refused here (None: it is the
        script's next step, or not the person's)."""
        try:
            self.run.check(inp)
        except RuleError as error:
            return error
        return None

    def advance(self, inp: Input) -> None:
        self.run.advance(inp)

    def stops_clock(self, game: AnyGame, state: Any) -> bool:
        """Whether the game's clock must stand still: the script waits for the person on a
        step that pauses it, and the person can act (so a countdown before it still runs)."""
        return self.run.paused and game.can_act(state, self.tutorial.person)

    def decorate(self, view: JSONDict, viewer: int, *, paused: bool) -> JSONDict:
        """The person's view with the tutorial's `info` (its `pause`: whether the game's
        clock stands still now); every other view as it is."""
        if viewer != self.tutorial.person:
            return view
        info = self.run.info(view)
        info["pause"] = paused
        return {**view, "tutorial": info}


#: Seconds a new tutorial table keeps its person's seat for them: they join at once, in
#: the same request; the hold only closes the moment between creating and joining.
PERSON_HELD_S: Final = 60


async def start_tutorial(hub: Hub, game: str, nickname: str) -> tuple[TableRow, int, str]:
    """Create, join (as `nickname`) and start `game`'s tutorial table; returns the table,
    the person's seat and its token.

    Raises `HubError` no_tutorial for a game without one (unknown games too),
    bad_nickname (before anything is made), or what creating, joining and starting a
    table raise.
    """
    # Checked before the table exists: a refused nickname would otherwise leave an open
    # tutorial table behind, listed in the lobby for anyone to take.
    name = check_nickname(nickname)
    try:
        tutorial = find(game)
    except RuleError:
        tutorial = None
    if tutorial is None:
        with_one = [name for name in registry.names() if _has_tutorial(name)]
        raise HubError(
            ErrorCode.NO_TUTORIAL,
            f"there is no tutorial for {quoted(game)}; tutorials: {', '.join(with_one)}",
        )
    seats = [
        SeatSpec("human", None) if seat == tutorial.person else SeatSpec("bot", tutorial.fallback)
        for seat in range(tutorial.players)
    ]
    # The person's seat is held from the first moment: between the table's creation and
    # the person's join it is open, and the lobby's listing could hand it to a stranger.
    until = datetime.now(UTC) + timedelta(seconds=PERSON_HELD_S)
    held = {"seats": [tutorial.person], "until": until.isoformat(), "from": None}
    row = await hub.create_table(
        game,
        tutorial.options,
        seats,
        tutorial.seed,
        0,
        practice=True,
        tutorial=True,
        extra_settings={HELD: held},
    )
    token = await hub.join(row.id, tutorial.person, name, held_ok=True)
    row = await hub.start(row.id, token)
    return row, tutorial.person, token


def _has_tutorial(game: str) -> bool:
    try:
        return find(game) is not None
    except Exception:
        return False
