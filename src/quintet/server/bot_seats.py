"""The bots a table runs, each a scheduler slot: a bot's own seat, or a zombie standing in
for an absent person."""

from __future__ import annotations

from dataclasses import dataclass

from quintet.core import Bot, observes, registry
from quintet.core.scheduler import Slot


@dataclass(kw_only=True)
class BotSeat(Slot):
    """A bot playing a seat (a bot seat, or a zombie for an absent person) and its plan."""

    bot: Bot


def seat_bot(game: str, level: str, seat: int, seed: int) -> BotSeat:
    """A new `level` bot of `game` for `seat`, as its slot in the schedule."""
    bot = registry.make_bot(game, level, seat, seed)
    return BotSeat(observes(bot), bot=bot)
