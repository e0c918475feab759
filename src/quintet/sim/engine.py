"""One game among bots under a virtual clock: the discrete-event core of the simulator.

Bots say "at time t I will do X"; the simulator runs the earliest plan (or the
host's tick when a deadline comes first), tells every seat that may have
something new, and asks again. Who is asked and what runs next follow
`quintet.core.scheduler`, the rules the server's tables share; here the clock
jumps to whatever runs next, and nothing reads the wall clock, so a game takes
as long as its computation.

A refused plan (`RuleError`, for example "too late") is not recorded: the state
is unchanged, the bot hears `refused(error, now)` and is asked again. An
accepted input is recorded even when it is a wrong claim that only costs its
maker, because it changed the state; so the record replays bit for bit.

When the game offers a fast lane and every bot can pick on it, `play_game` skips this
loop and plays the same game there (`quintet.sim.fast_lane`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any
from weakref import ref

from quintet.core import (
    Bot,
    Input,
    JSONDict,
    LazyView,
    Options,
    Outcome,
    Record,
    RuleError,
    State,
    derive_seed,
    observes,
    registry,
)
from quintet.core.registry import AnyGame
from quintet.core.scheduler import Scheduler, Slot
from quintet.sim.fast_lane import LaneStuck, inputs_of, lane_for, run_lane

#: Inputs (accepted or refused) one game may take before the simulator calls it
#: stuck. A 4-player Quashars match takes about 210; a 3-minute race a few
#: thousand at most. Far above any real game, far below an endless loop's cost.
MAX_STEPS = 200_000


class SimulationError(RuntimeError):
    """A game could not be played to its end (a livelock, or a host tick the rules refused).

    The message names the game and the seed, so the game can be rerun alone.
    """

    def __init__(self, message: str, game: str, seed: int) -> None:
        super().__init__(f"{game}, seed {seed}: {message}")
        self.reason = message
        self.game = game
        self.seed = seed

    def __reduce__(self) -> tuple[type[SimulationError], tuple[str, str, int]]:
        # Raised in a worker process, it travels to the parent by pickle.
        return type(self), (self.reason, self.game, self.seed)


class GameRun:
    """A finished game: its final state, outcome and a record that replays it.

    The record may be made when it is first read (`record` given as a function): a
    game played on the fast lane has only action ids until then, and a simulation that
    sums outcomes never reads it.
    """

    __slots__ = ("_make_record", "_record", "end_time", "outcome", "refused", "state")

    def __init__(
        self,
        state: State,
        outcome: Outcome,
        record: Record | Callable[[], Record],
        refused: int,
        end_time: int,
    ) -> None:
        self.state = state
        self.outcome = outcome
        self._record = record if isinstance(record, Record) else None
        self._make_record = None if isinstance(record, Record) else record
        #: Plans the rules refused (not in the record: they changed nothing).
        self.refused = refused
        #: Virtual time of the last input, in ms.
        self.end_time = end_time

    @property
    def record(self) -> Record:
        """The record that replays this game (made on first use)."""
        if self._record is None:
            assert self._make_record is not None
            self._record = self._make_record()
            self._make_record = None
        return self._record

    def __reduce__(self) -> tuple[type[GameRun], tuple[Any, ...]]:
        # A record still to be made is a closure; a pickle carries the record itself.
        return type(self), (self.state, self.outcome, self.record, self.refused, self.end_time)

    def __repr__(self) -> str:
        return (
            f"GameRun(outcome={self.outcome!r}, refused={self.refused}, "
            f"end_time={self.end_time}, record={self.record!r})"
        )


def make_bots(game: str, levels: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat; the bot of seat `s` is seeded with `derive_seed(seed, s)`.

    Raises `BadInput` for an unknown game or bot level.
    """
    return [
        registry.make_bot(game, level, seat, derive_seed(seed, seat))
        for seat, level in enumerate(levels)
    ]


def play_game(
    game: str | AnyGame,
    seed: int,
    players: int,
    bots: Sequence[Bot | str],
    options: Options | JSONDict | None = None,
    *,
    max_steps: int = MAX_STEPS,
    fast_lane: bool = True,
) -> GameRun:
    """Play one game among bots to its end.

    `bots` holds one entry per seat: a bot level (made with `make_bots`'s seed
    rule) or a ready bot object. Raises `BadInput`/`BadOptions` for a setup
    that does not fit the game, and `SimulationError` when the game cannot end.
    Any other error (a bot's bug) carries a note naming the game and the seed.

    When the game offers a fast lane and every bot can pick on it (`quintet.sim.fast_lane`),
    the game is played there, with the very same result; `fast_lane=False` keeps it on
    the general event loop.

    >>> run = play_game("quashars", seed=3, players=4, bots=["random"] * 4)
    >>> len(run.outcome.scores), run.record.seed
    (4, 3)
    """
    rules = registry.get(game) if isinstance(game, str) else game
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    parsed = rules.parse_options(options)
    state = rules.new(seed, players, parsed)
    agents = [
        registry.make_bot(rules.name, b, seat, derive_seed(seed, seat)) if isinstance(b, str) else b
        for seat, b in enumerate(bots)
    ]
    lane = lane_for(rules, state, agents) if fast_lane else None
    try:
        if lane is None:
            inputs, refused, now = _run(rules, state, agents, seed, max_steps)
        else:
            start = state.now
            log, ticks, now = run_lane(rules, lane[0], state, lane[1], max_steps)
            refused = 0
    except SimulationError:
        raise
    except LaneStuck as stuck:
        raise SimulationError(stuck.reason, rules.name, seed) from None
    except Exception as error:
        error.add_note(f"while simulating {rules.name} with seed {seed}")
        raise
    outcome = rules.outcome(state)
    if outcome is None:  # pragma: no cover - is_over and outcome disagree: a rules bug
        raise SimulationError("the game is over but has no outcome", rules.name, seed)
    options_json = parsed.to_json()
    if lane is None:
        record = Record(rules.name, seed, players, options_json, tuple(inputs))
        return GameRun(state, outcome, record, refused, now)

    def make_record() -> Record:
        made = inputs_of(lane[0], log, ticks, start)
        return Record(rules.name, seed, players, options_json, made)

    return GameRun(state, outcome, make_record, refused, now)


def _run(
    game: AnyGame, state: Any, bots: list[Bot], seed: int, max_steps: int
) -> tuple[list[Input], int, int]:
    """The event loop. Returns the accepted inputs, the refused count and the end time.

    A bot gets a lazy view (`quintet.core.view`): only the parts it reads are built.
    A view it kept past its answer is built completely before the state changes.
    """
    schedule: Scheduler[Slot] = Scheduler()
    for seat, bot in enumerate(bots):
        schedule.add(seat, Slot(observes(bot)))
    inputs: list[Input] = []
    refused = steps = now = 0
    # The game's and the schedule's methods, looked up once: this loop runs per input.
    is_over, next_deadline, apply = game.is_over, game.next_deadline, game.apply
    view_parts, whole_view = game.view_parts, game.view
    can_act = partial(game.can_act, state)
    to_ask, plan_at, take, saw = schedule.to_ask, schedule.schedule, schedule.take, schedule.saw
    plans = [bot.plan for bot in bots]

    while not is_over(state):
        for seat, slot in to_ask(can_act):
            parts = view_parts(state, seat)
            if parts is None:
                plan = plans[seat](whole_view(state, seat), now)
            else:
                view = LazyView(state, seat, parts)
                kept = ref(view)
                plan = plans[seat](view, now)
                del view
                if kept() is not None:  # the bot holds on to its view: make it a snapshot
                    kept().fill()  # type: ignore[union-attr]
            plan_at(slot, plan, now)
        chosen = schedule.next(next_deadline(state), now)
        if chosen is None:
            waiting = [seat for seat, slot in schedule.seats.items() if slot.able]
            raise SimulationError(
                f"stuck at {now} ms: no bot has a plan and the rules have no deadline "
                f"(seats that may act: {waiting or 'none'})",
                game.name,
                seed,
            )
        steps += 1
        if steps > max_steps:
            raise SimulationError(
                f"no end after {max_steps} inputs ({refused} refused) at {now} ms: "
                "a bot or the rules loop",
                game.name,
                seed,
            )
        now = chosen.time
        mover = chosen.seat
        inp = Input.tick(now) if mover is None else Input(mover, take(mover).action, now)
        try:
            events = apply(state, inp)
        except RuleError as error:
            if mover is None:
                raise SimulationError(
                    f"the rules refused the host's tick at {now} ms: {error}", game.name, seed
                ) from error
            refused += 1
            schedule.refused(schedule.seats[mover])
            bots[mover].refused(error, now)
            continue
        inputs.append(inp)
        saw(events)
    return inputs, refused, now
