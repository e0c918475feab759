"""Inputs: who acts (a seat, or the host), what they do, and when."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from quintet.core.errors import BadInput
from quintet.core.types import JSONDict, Seat

#: The action the host sends when a deadline from `next_deadline` is reached.
TICK: JSONDict = {"type": "tick"}


@dataclass(frozen=True, slots=True)
class Input:
    """One input to a game.

    `seat` is the acting seat, or None for the host (the server, simulator or
    test that runs the game). `time` is in milliseconds since the game started,
    stamped by the host; the rules never read a clock. `action` is JSON-ready;
    the game checks it, so it may come straight from a network.
    """

    seat: Seat | None
    action: JSONDict = field(hash=False)
    time: int = 0

    @classmethod
    def tick(cls, time: int) -> Input:
        """The host's "time reached" input."""
        return cls(None, dict(TICK), time)

    def to_json(self) -> JSONDict:
        return {"seat": self.seat, "action": self.action, "time": self.time}

    @classmethod
    def from_json(cls, data: Any) -> Input:
        """Parse an input; raises `BadInput` naming the field that is wrong."""
        if not isinstance(data, dict):
            raise BadInput(f"an input must be a JSON object, not {type(data).__name__}")
        unknown = set(data) - {"seat", "action", "time"}
        if unknown:
            raise BadInput(f"unknown input field(s): {', '.join(sorted(unknown))}")
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise BadInput(f"input seat must be an integer or null, not {seat!r}")
        action = data.get("action")
        if not isinstance(action, dict):
            raise BadInput(f"input action must be a JSON object, not {action!r}")
        time = data.get("time", 0)
        if not isinstance(time, int) or isinstance(time, bool) or time < 0:
            raise BadInput(f"input time must be a whole number of ms >= 0, not {time!r}")
        return cls(seat, action, time)
