"""What a table's connections are sent: who watches, the seats they see, and each one's copy
of an update (its own view, only the events it may see)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, Protocol

from quintet.core import SPECTATOR, Event, GameOver, JSONDict, RuleError, events_for
from quintet.server.protocol import LogEntry, Refused, SeatInfo, encode
from quintet.server.storage import SeatRow


class Watcher(Protocol):
    """A connection watching a table. `send` must never block: it queues the text."""

    @property
    def seat(self) -> int | None:
        """The seat this connection plays (from its token), or None for a spectator."""
        ...

    def send(self, text: str) -> None: ...

    def close(self, code: int, message: str) -> None:
        """Send an `error` with `message` if the code says why, then close the connection."""
        ...


#: The most events a `welcome` carries in its log (the latest; a browser shows 500).
LOG_LIMIT: Final = 1000


def log_for(history: Sequence[tuple[int, list[Event]]], viewer: int) -> list[LogEntry]:
    """The events `viewer` may see since the start, by input (the latest `LOG_LIMIT`):
    what a connection that arrives late (a reload) needs to rebuild its game log."""
    entries: list[LogEntry] = []
    count = 0
    for seq, events in reversed(history):
        seen = events_for(events, viewer)
        if not seen:
            continue
        if count + len(seen) > LOG_LIMIT:
            seen = seen[len(seen) - (LOG_LIMIT - count) :]
        if seen:
            entries.append(LogEntry(seq=seq, events=seen))
        count += len(seen)
        if count >= LOG_LIMIT:
            break
    entries.reverse()
    return entries


def viewer_of(watcher: Watcher) -> int:
    return SPECTATOR if watcher.seat is None else watcher.seat


def refused_text(error: RuleError, ref: str | None) -> str:
    """The `refused` for an action the rules refused, to its sender only."""
    return encode(Refused(ref=ref, code=error.code, message=error.message))


def game_over_text(ref: str | None) -> str:
    """The `refused` for an action that came after the game ended."""
    return refused_text(GameOver("the game is over; it takes no more actions"), ref)


def seat_infos(
    seats: Iterable[SeatRow],
    connected: Callable[[int], bool],
    zombies: set[int],
    zombie_in: Callable[[int], int | None],
) -> list[SeatInfo]:
    """The seats as connections see them: who sits where, who is connected, who is a
    zombie, and when a bot takes over a seat that is away."""
    return [
        SeatInfo(
            seat=s.seat,
            kind=s.kind,
            level=s.level,
            nickname=s.nickname,
            connected=connected(s.seat),
            zombie=s.seat in zombies,
            zombie_in=zombie_in(s.seat),
        )
        for s in seats
    ]


#: One viewer's encoded update from its view, the events it may see and the ref.
UpdateFor = Callable[[JSONDict, list[JSONDict], str | None], str]


def broadcast(
    watchers: Sequence[Watcher],
    events: list[Event],
    views_for: Callable[[list[int]], dict[int, JSONDict]],
    update_for: UpdateFor,
    *,
    sender: Watcher | None = None,
    ref: str | None = None,
    skip: Watcher | None = None,
) -> None:
    """Every connection but `skip` gets its own view and the events it may see; the
    sender's copy carries its `ref` (the acknowledgement).

    The distinct viewers' views are built together, once per update (a seat's tabs and
    the spectators share theirs; `views_for` may share what the views have in common),
    and each distinct message is encoded once: every connection that gets it is sent
    the same text.
    """
    targets = [watcher for watcher in watchers if watcher is not skip]
    if not targets:
        return
    views = views_for(list(dict.fromkeys(viewer_of(watcher) for watcher in targets)))
    # Each event's JSON once, shared by the lists of every viewer who may see it.
    jsons = [(event, event.to_json()) for event in events]
    seen: dict[int, list[JSONDict]] = {}
    texts: dict[int, str] = {}
    for watcher in targets:
        viewer, mine = viewer_of(watcher), watcher is sender
        if not mine and viewer in texts:
            watcher.send(texts[viewer])
            continue
        mine_seen = seen.get(viewer)
        if mine_seen is None:
            mine_seen = seen[viewer] = [json for event, json in jsons if event.visible_to(viewer)]
        if mine:
            watcher.send(update_for(views[viewer], mine_seen, ref))
            continue
        text = texts[viewer] = update_for(views[viewer], mine_seen, None)
        watcher.send(text)
