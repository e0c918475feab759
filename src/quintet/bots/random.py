"""The one random bot every game's `random` level uses: a baseline, not a player.

A bot sees only its seat's view, never the state, so it cannot call
`Game.sample_action(state, seat, rng)`; it draws from the view instead, through a
`Pick`. The default picks uniformly among the view's `legal` list, which a game
whose views list the seat's legal actions gets for free. A game that cannot list
them all (the example Blotto; Quiclo, whose claims it builds at random) hands the bot
its own `Pick`; a real-time game that must not act at once hands it a `Delay`
(Quiclo's: easy's pace for a chain as long as the one drawn). Both draw from the
bot's own `Rng`, in that order, so a bot seeded alike plays alike. A random level
knows nothing a random player would not (issue 14): no word list, no solver. Quiddler's,
whose made-up words are usually refused, is its own bot (`quiddler.random_bot`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from quintet.core.bot import BotFactory, Plan
from quintet.core.errors import GameOver, RuleError, TooLate
from quintet.core.fast_lane import FastPick
from quintet.core.jsonutil import copy_json
from quintet.core.rng import Rng
from quintet.core.types import JSONDict, Seat

#: (view, rng) -> an action the viewing seat may take now, or None to wait.
Pick = Callable[[JSONDict, Rng], JSONDict | None]
#: (view, chosen action, rng) -> ms to wait before acting (>= 0).
Delay = Callable[[JSONDict, JSONDict, Rng], int]


def pick_listed(view: JSONDict, rng: Rng) -> JSONDict | None:
    """Uniformly one of the view's `legal` actions; None when it lists none."""
    legal = view.get("legal") or []
    if not legal:
        return None
    chosen: JSONDict = copy_json(legal[rng.below(len(legal))])
    return chosen


class RandomBot:
    """Plays what `pick` draws from its view, at `now` plus what `delay` draws (default 0)."""

    def __init__(
        self,
        game: Any,
        seat: Seat,
        seed: int,
        *,
        pick: Pick = pick_listed,
        delay: Delay | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)
        self.pick = pick
        self.delay = delay

    @classmethod
    def using(cls, pick: Pick = pick_listed, delay: Delay | None = None) -> BotFactory:
        """A factory (game, seat, seed) -> RandomBot with this `pick` and `delay`, for BOTS."""

        def make(game: Any, seat: Seat, seed: int) -> RandomBot:
            return cls(game, seat, seed, pick=pick, delay=delay)

        return make

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        action = self.pick(view, self.rng)
        if action is None:
            return None
        wait = 0 if self.delay is None else self.delay(view, action, self.rng)
        if wait < 0:
            raise ValueError(f"a random bot's delay must be >= 0 ms, not {wait}")
        return Plan(now + wait, action)

    def fast_pick(self, game: Any, state: Any) -> FastPick | None:
        """This bot's pick on a game's fast lane (`quintet.core.fast_lane`), or None.

        Only the default bot has one: `pick_listed` draws `below(len(legal))` from the
        view's `legal` list, which a lane lists in the same order as ids, and it acts at
        once; so `Rng.choice` over the ids (the same draw) picks the same action. A bot
        with a pick or a delay of its own, or a subclass that plans otherwise, stays on
        the simulator's general loop.
        """
        planned_here = type(self).plan is RandomBot.plan
        if self.pick is not pick_listed or self.delay is not None or not planned_here:
            return None
        return self.rng.choice

    def refused(self, error: RuleError, now: int) -> None:
        # In a race someone may have been faster, or the game ended first: the bot is
        # asked again with the new view. Any other refusal of what the view offered is a bug.
        if not isinstance(error, TooLate | GameOver):
            raise AssertionError(f"seat {self.seat}'s random action was refused: {error}")
