"""The simulator's fast lane: a whole game on the rules' fast path, same results as the loop.

`quintet.sim.engine` plays a game through the general event loop: views, checked
`apply`, events, the scheduler, JSON actions. When the game offers a fast lane
(`Game.fast_lane`, contract in `quintet.core.fast_lane`) and every seat's bot can pick
from its ids (`fast_pick`, as the shared `random` bot can), none of that changes what
is played: the one seat that may act draws from the same list in the same order with
the same `Rng` draws, at the same virtual time. So the game runs here on ids alone, and
the record's inputs are made from them once, and only if someone reads the record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from quintet.core import Bot, FastLane, FastPick, Input, RuleError, observes
from quintet.core.registry import AnyGame

#: A log entry is `id << SEAT_BITS | seat` for a seat's action, `TICK_ENTRY` for a tick.
SEAT_BITS = 8
_SEAT_MASK = (1 << SEAT_BITS) - 1
TICK_ENTRY = -1


class LaneStuck(Exception):
    """The lane cannot go on: `reason` says why (the engine turns it into a `SimulationError`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def lane_for(
    game: AnyGame, state: Any, bots: Sequence[Bot]
) -> tuple[FastLane[Any], list[FastPick]] | None:
    """The game's lane and each seat's pick for this game (`state`, new) when every bot
    can play on it, else None."""
    lane = game.fast_lane()
    if lane is None or len(bots) > _SEAT_MASK + 1:
        return None
    picks = []
    for bot in bots:
        # An observer learns from events, which the lane does not make.
        offer = getattr(bot, "fast_pick", None)
        pick = None if offer is None or observes(bot) else offer(game, state)
        if pick is None:
            return None
        picks.append(pick)
    return lane, picks


def run_lane(
    game: AnyGame, lane: FastLane[Any], state: Any, picks: list[FastPick], max_steps: int
) -> tuple[list[int], list[int], int]:
    """Play to the end; return the log (see `SEAT_BITS`), the ticks' times and the end time.

    Raises `LaneStuck` when no seat may act and the rules have no deadline, when the
    rules refuse the host's tick, or after `max_steps` inputs.
    """
    legal_ids, to_act, apply_id, tick = lane.legal_ids, lane.to_act, lane.apply_id, lane.tick
    is_over, next_deadline, apply = game.is_over, game.next_deadline, game.apply
    log: list[int] = []
    append = log.append
    ticks: list[int] = []
    now = state.now
    # One pass per input, as the engine counts its steps (none is refused here).
    for _ in range(max_steps):
        legal = legal_ids(state)
        if legal:
            seat = to_act(state)
            action = picks[seat](legal)
            apply_id(state, action, now)
            append(action << SEAT_BITS | seat)
            continue
        if is_over(state):
            return log, ticks, now
        deadline = next_deadline(state)
        if deadline is None:
            raise LaneStuck(
                f"stuck at {now} ms: no bot has a plan and the rules have no deadline "
                "(seats that may act: none)"
            )
        now = max(deadline, now)
        if tick is not None:
            tick(state, now)
        else:
            try:
                apply(state, Input.tick(now))
            except RuleError as error:
                raise LaneStuck(
                    f"the rules refused the host's tick at {now} ms: {error}"
                ) from error
        append(TICK_ENTRY)
        ticks.append(now)
    if is_over(state):
        return log, ticks, now
    raise LaneStuck(
        f"no end after {max_steps} inputs (0 refused) at {now} ms: a bot or the rules loop"
    )


def inputs_of(
    lane: FastLane[Any], log: list[int], ticks: list[int], start: int = 0
) -> tuple[Input, ...]:
    """The inputs the engine would have recorded for this log, with their times
    (`start`: the state's time when the lane began)."""
    action_of_id = lane.action_of_id
    times = iter(ticks)
    now = start
    inputs = []
    for entry in log:
        if entry == TICK_ENTRY:
            now = next(times)
            inputs.append(Input.tick(now))
        else:
            inputs.append(Input(entry & _SEAT_MASK, action_of_id(entry >> SEAT_BITS), now))
    return tuple(inputs)
