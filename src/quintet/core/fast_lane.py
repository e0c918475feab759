"""A game's fast lane: its unchecked turn-by-turn path, for simulations among simple bots.

The simulator's general loop (`quintet.sim.engine`) gives every decision a view, checks
every action with `Game.apply`, collects its events and runs the scheduler. A bot that
picks from the legal actions by its own random draws needs none of that: a turn-based
game can offer its fast path (dense action ids, unchecked transitions) as a `FastLane`,
and a bot that can choose from those ids offers a `FastPick`. When every seat's bot has
one, the simulator plays the whole game on the lane (`quintet.sim.fast_lane`) and gets
the very same game: same inputs, times, final state and outcome.

The contract a game signs by returning a lane from `Game.fast_lane`:

- While the game is not over and `legal_ids(state)` is not empty, exactly one seat may
  act, `to_act(state)`, and its view's `legal` list is
  `[action_of_id(a) for a in legal_ids(state)]`, in that order.
- When `legal_ids(state)` is empty and the game is not over, no seat may act and only
  the host's tick at `Game.next_deadline` moves the game on; while a seat may act,
  there is no deadline.
- `apply_id(state, a, now)` changes the state exactly as
  `Game.apply(state, Input(to_act(state), action_of_id(a), now))` does, events aside,
  for every `a` of `legal_ids(state)` and with `now` the time of the last input.
- `tick(state, now)`, if given, changes the state exactly as
  `Game.apply(state, Input.tick(now))` does (`state.now` included), events aside, when
  `now` is the deadline; without it the simulator sends the tick through `apply`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from quintet.core.types import JSONDict

S = TypeVar("S")

#: The legal ids of the seat to act -> the id the bot plays. A bot offers one for a game
#: (`fast_pick(game, state)`); the game mutates that one state to its end, so a pick may
#: keep it, but it may read only what its seat's view shows, and must draw exactly as
#: the bot's `plan` would.
FastPick = Callable[[Sequence[int]], int]


@dataclass(frozen=True, slots=True)
class FastLane(Generic[S]):
    """A turn-based game's unchecked path by dense action ids (see the module's contract)."""

    #: The legal ids of the seat to act, in the order of its view's `legal` list;
    #: empty when no seat may act.
    legal_ids: Callable[[S], Sequence[int]]
    #: The seat that may act (read only when `legal_ids` is not empty).
    to_act: Callable[[S], int]
    #: Unchecked: the seat to act takes this legal id at `now` ms.
    apply_id: Callable[[S, int, int], None]
    #: The id's action as the JSON a bot would send (a fresh dict).
    action_of_id: Callable[[int], JSONDict]
    #: Unchecked: the host's tick at the deadline `now`; None sends it through `apply`.
    tick: Callable[[S, int], None] | None = None
