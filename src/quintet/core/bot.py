"""The bot interface, shared by the simulator and the server.

A bot sees only its own seat's view. Whenever something it may see changes,
it is asked for a plan: "at time t I will do this". The host runs the earliest
plan among all seats and deadlines, then asks again. Turn-based bots plan for
`now + think time`; real-time bots add reaction and search time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

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


#: Makes a bot: (game, seat, seed) -> Bot. The game is passed so search bots can
#: clone and sample states.
BotFactory = Callable[[Any, Seat, int], Bot]
