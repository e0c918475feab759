"""Events: what an input changed, each with the audience allowed to see it."""

from __future__ import annotations

from dataclasses import dataclass, field

from quintet.core.types import JSONDict, Seat
from quintet.core.viewer import HOST, Viewer


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    `audience` is None for a public event (every seat and spectator sees it),
    or the seats that may see it. The host sees every event.
    """

    type: str
    data: JSONDict = field(default_factory=dict, hash=False)
    audience: frozenset[Seat] | None = None

    def visible_to(self, viewer: Viewer) -> bool:
        if self.audience is None or viewer == HOST:
            return True
        return viewer in self.audience

    def to_json(self) -> JSONDict:
        """The event as a client receives it (its audience is not sent)."""
        return {"type": self.type, **self.data}


# `**data` is a new dict at every call, so the event may keep it as it is.
def public(type_: str, **data: object) -> Event:
    return Event(type_, data)


def private(seat: Seat, type_: str, **data: object) -> Event:
    return Event(type_, data, frozenset((seat,)))


def events_for(events: list[Event], viewer: Viewer) -> list[JSONDict]:
    """The events this viewer may see, as JSON."""
    return [event.to_json() for event in events if event.visible_to(viewer)]
