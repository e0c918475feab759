"""The bot interface, shared by the simulator and the server.

A bot sees only its own seat's view. Whenever something it may see changes,
it is asked for a plan: "at time t I will do this". The host runs the earliest
plan among all seats and deadlines, then asks again. Turn-based bots plan for
`now + think time`; real-time bots add reaction and search time.

Building a view is the costly part, so a seat that cannot act is not asked at
all (`quintet.core.scheduler`). A bot that keeps memory between its turns (it
counts cards from views it would otherwise skip) is an `Observer` with
`observes = True`: it is asked after every event it may see, able to act or not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from quintet.core.errors import RuleError
from quintet.core.types import JSONDict, Seat


@dataclass(frozen=True, slots=True)
class Plan:
    """Do `action` at `time` ms, unless something changes first."""

    time: int
    action: JSONDict


class Bot(Protocol):
    def plan(self, view: JSONDict, now: int) -> Plan | None:
        """The next action this bot wants to take, or None to wait."""
        ...

    def refused(self, error: RuleError, now: int) -> None:
        """The last planned action was refused (for example "too late")."""
        ...


@runtime_checkable
class Observer(Bot, Protocol):
    """A bot that says whether it watches while it cannot act.

    A bot without the attribute does not observe (`observes(bot)`), so only a
    bot that wants to watch needs it: `observes = True`, a class attribute or
    set per instance. It is read once, when the bot takes its seat.
    """

    observes: bool


def observes(bot: Bot) -> bool:
    """Whether `bot` is asked for plans while it cannot act: an `Observer`'s `observes`,
    else False (the default)."""
    # What `isinstance(bot, Observer) and bot.observes` says, without a runtime protocol
    # check: that walks the protocol's attributes at every call, about 50 us, and the
    # simulator asks for every seat of every game it plays.
    watching = getattr(bot, "observes", False)
    return bool(watching) and hasattr(bot, "plan") and hasattr(bot, "refused")


#: Makes a bot: (game, seat, seed) -> Bot. The game is passed so search bots can
#: clone and sample states.
BotFactory = Callable[[Any, Seat, int], Bot]
