"""The bots a table runs, each a scheduler slot: a bot's own seat, or a zombie standing in
for an absent person."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from quintet.core import Bot, LazyView, Plan, observes, registry
from quintet.core.registry import AnyGame
from quintet.core.scheduler import Slot


@dataclass(kw_only=True)
class BotSeat(Slot):
    """A bot playing a seat (a bot seat, or a zombie for an absent person) and its plan."""

    bot: Bot


def seat_bot(game: str, level: str, seat: int, seed: int) -> BotSeat:
    """A new `level` bot of `game` for `seat`, as its slot in the schedule."""
    bot = registry.make_bot(game, level, seat, seed)
    return BotSeat(observes(bot), bot=bot)


def plan_on_lazy_view(game: AnyGame, state: Any, bot: Bot, seat: int, now: int) -> Plan | None:
    """`bot`'s plan on its seat's lazy view (`Game.lazy_view`: only the parts it reads
    are built); a view the bot keeps past its answer is built completely then, so it stays
    a snapshot of this state (as in the simulator, `quintet.sim.engine`)."""
    view = game.lazy_view(state, seat)
    if not isinstance(view, LazyView):
        return bot.plan(view, now)
    kept = weakref.ref(view)
    plan = bot.plan(view, now)
    del view
    held = kept()
    if held is not None:
        held.fill()
    return plan
