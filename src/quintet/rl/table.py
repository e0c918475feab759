"""One table for learning agents: the game, its bot opponents, and the virtual clock.

The agents' seats are driven from outside (`act`); the opponents' seats are registry
bots run exactly as the simulator runs them (`quintet.sim.engine`): the core's
`Scheduler` decides who is asked and what runs next, on a tie the host's tick first, then
the lowest seat, a bot's plan before an agent's action of the same seat and time.
Nothing reads the wall clock, so a seed gives the same episode every time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from quintet.core import Bot, Input, JSONDict, RuleError, derive_seed, observes, registry
from quintet.core.errors import BadOptions
from quintet.core.registry import AnyGame
from quintet.core.scheduler import Next, Scheduler, Slot, What

#: Inputs (accepted or refused) the opponents and the host may make between two agent
#: decisions before the table calls itself stuck (far above any real game).
MAX_INNER_STEPS = 100_000


class TableStuck(RuntimeError):
    """The game cannot go on: no agent may act, no bot has a plan and there is no deadline."""


Opponents = Mapping[int, str] | Sequence[str | None] | None


def seat_levels(game: AnyGame, players: int, opponents: Opponents) -> dict[int, str]:
    """The bot level of each opponent seat; raises `BadOptions` naming what does not fit.

    `opponents` is a mapping seat -> level, or a list of one entry per seat (a level, or
    None for an agent's seat), or None (every seat an agent).
    """
    if opponents is None:
        return {}
    if isinstance(opponents, Mapping):
        levels = dict(opponents)
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
        if len(opponents) != players:
            raise BadOptions(
                f"opponents as a list needs one entry per seat ({players}: a bot level or "
                f"None for an agent), not {len(opponents)}"
            )
        levels = {seat: level for seat, level in enumerate(opponents) if level is not None}
    else:
        raise BadOptions(
            f"opponents must be a mapping of seat to bot level or a list, not {opponents!r}"
        )
    known = registry.entry(game.name).bots
    for seat, level in levels.items():
        if type(seat) is not int or not 0 <= seat < players:
            raise BadOptions(f"opponent seat {seat!r} is not a seat; seats are 0 to {players - 1}")
        if not isinstance(level, str) or level not in known:
            raise BadOptions(
                f"unknown bot {level!r} for seat {seat} of {game.title}; "
                f"the bots are: {known.listing()}"
            )
    if len(levels) == players:
        raise BadOptions("every seat is a bot: leave at least one seat to an agent")
    return levels


def check_players(game: AnyGame, players: object) -> int:
    """The player count, checked; raises `BadOptions` naming the game's range."""
    if type(players) is not int:
        raise BadOptions(f"players must be an integer, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise BadOptions(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {players}"
        )
    return players


class BotSlot(Slot):
    """A bot's slot in the schedule, with the bot itself."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(observes(bot))
        self.bot = bot


class Table:
    """A game in progress with its bots; agents act through `act` or `arrive`."""

    def __init__(
        self, game: AnyGame, players: int, options: Any, levels: Mapping[int, str], seed: int
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.levels = dict(levels)
        self.seed = seed
        self.state = game.new(seed, players, options)
        self.schedule: Scheduler[BotSlot] = Scheduler()
        for seat, level in sorted(self.levels.items()):
            bot = registry.make_bot(game.name, level, seat, derive_seed(seed, seat))
            self.schedule.add(seat, BotSlot(bot))
        #: The game's fast lane (`quintet.core.fast_lane`), if it offers one.
        self.lane = game.fast_lane()
        #: The virtual time of the last input run (ms): no input runs before it.
        self.clock = 0

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def can_act(self, seat: int) -> bool:
        return not self.game.is_over(self.state) and self.game.can_act(self.state, seat)

    def turn(self) -> int | None:
        """The one seat that may act now, by the game's fast lane (None: nobody may act, or
        the game is over). Only for a game with a lane: its contract says that while
        anyone may act, it is exactly `to_act`."""
        lane, state = self.lane, self.state
        assert lane is not None
        if self.game.is_over(state):
            return None
        seat = lane.to_act(state)
        return seat if self.game.can_act(state, seat) else None

    def act(self, seat: int, action: JSONDict) -> None:
        """An agent's action now (turn-based games); raises `RuleError` unchanged when refused."""
        events = self.game.apply(self.state, Input(seat, action, self.clock))
        self.schedule.saw(events)

    def act_id(self, seat: int, action_id: int) -> None:
        """An agent's move by the game's fast-lane id, unchecked (the caller checked it is
        legal): the same state as `act`, as the lane's contract says. Every bot is asked
        again, as after a public event."""
        lane = self.lane
        assert lane is not None and lane.to_act(self.state) == seat
        lane.apply_id(self.state, action_id, self.clock)
        self.state.now = self.clock
        for slot in self.schedule.seats.values():
            slot.ask, slot.refusals = True, 0

    def settle(self, agents: Sequence[int]) -> int | None:
        """Run the bots and the host's ticks until an agent may act or the game is over.

        With a fast lane returns the agent seat that may act (None once the game is
        over); without one, None. Raises `TableStuck` when nothing can move the game on.
        """
        for _ in range(MAX_INNER_STEPS):
            if self.lane is not None:
                seat = self.turn()
                if seat in agents:
                    return seat
                if seat is None and self.game.is_over(self.state):
                    return None
            elif self.game.is_over(self.state) or any(self.can_act(s) for s in agents):
                return None
            chosen = self._next(None, None)
            if chosen is None:
                raise TableStuck(
                    f"{self.game.title}, seed {self.seed}: stuck at {self.clock} ms: no agent "
                    "may act, no bot has a plan and the rules have no deadline"
                )
            self._run(chosen, None)
        raise TableStuck(f"{self.game.title}, seed {self.seed}: no agent turn after many inputs")

    def race(self, arrivals: Sequence[tuple[int, JSONDict]], until: int) -> dict[int, RuleError]:
        """One step of a race: the agents' actions arrive now, then time runs to `until`.

        The arrivals (seat, action), all stamped with the clock, run among the bots' plans
        and ticks due at the same time by the scheduler's tie rule; then every plan and
        tick due before `until` runs and the clock moves to `until`. Returns the arrivals
        the rules refused (for example too late: another seat was faster), by seat.
        Raises `TableStuck` when the bots and the rules loop.
        """
        pending = sorted(arrivals, key=lambda one: one[0])
        refused: dict[int, RuleError] = {}
        for _ in range(MAX_INNER_STEPS):
            if self.game.is_over(self.state):
                return refused
            if pending:
                seat, action = pending[0]
                chosen = self._next(seat, None)
                assert chosen is not None  # an arrival is always a candidate
                if chosen.what is What.INPUT:
                    pending.pop(0)
                    error = self._run(chosen, action)
                    if error is not None:
                        refused[seat] = error
                else:
                    self._run(chosen, None)
                continue
            chosen = self._next(None, until - 1)
            if chosen is None:
                self.clock = max(self.clock, until)
                return refused
            self._run(chosen, None)
        raise TableStuck(f"{self.game.title}, seed {self.seed}: the bots loop at {self.clock} ms")

    def _next(self, arrival: int | None, limit: int | None) -> Next | None:
        """What runs next (the bots asked first, as the simulator does), if not after `limit`."""
        game, state, schedule = self.game, self.state, self.schedule
        for seat, slot in schedule.to_ask(partial(game.can_act, state)):
            schedule.schedule(slot, slot.bot.plan(game.view(state, seat), self.clock), self.clock)
        chosen = schedule.next(
            game.next_deadline(state),
            self.clock,
            None if arrival is None else (self.clock, arrival),
        )
        if chosen is None or (limit is not None and chosen.time > limit):
            return None
        return chosen

    def _run(self, chosen: Next, action: JSONDict | None) -> RuleError | None:
        """Run what `_next` chose; an agent's refused action comes back, nothing changed."""
        self.clock = now = chosen.time
        seat = chosen.seat
        if chosen.what is What.TICK:
            try:
                events = self.game.apply(self.state, Input.tick(now))
            except RuleError as error:  # pragma: no cover - a rules bug
                raise TableStuck(
                    f"the rules refused the host's tick at {now} ms: {error}"
                ) from None
        elif chosen.what is What.INPUT:
            assert seat is not None and action is not None
            try:
                events = self.game.apply(self.state, Input(seat, action, now))
            except RuleError as error:
                return error
        else:
            assert seat is not None
            slot = self.schedule.seats[seat]
            plan = self.schedule.take(seat)
            try:
                events = self.game.apply(self.state, Input(seat, plan.action, now))
            except RuleError as error:
                self.schedule.refused(slot)
                slot.bot.refused(error, now)
                return None
            self.schedule.accepted(slot)
        self.schedule.saw(events)
        return None
