"""Connections that cross processes: a `RemoteWatcher` on a table's owner stands for a
WebSocket held by another process; a `Proxied` on that other process is the WebSocket
whose table lives elsewhere.

The owner builds every text (each viewer's own view and events, exactly as for a local
connection) and `RemoteWatcher.send` only carries it, addressed to that one connection,
to the process that holds it; that process hands it to the connection unread. So nothing
a viewer may not see ever reaches another viewer, on any process.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from quintet.server.cluster.bus import Bus, Message
from quintet.server.messages import Watcher
from quintet.server.protocol import CloseCode

#: The close code that tells a client to connect again (its table moved, or a process of
#: the cluster went away): 1012 "service restart". Browsers and the tests' clients
#: reconnect after it, as after any close that is not final.
RECONNECT: Final = CloseCode.RECONNECT


class RemoteWatcher:
    """A `Watcher` on the owner for connection `conn` of process `process`."""

    def __init__(self, bus: Bus, process: str, conn: str, table_id: str, seat: int | None):
        self.bus = bus
        self.process = process
        self.conn = conn
        self.table_id = table_id
        self._seat = seat
        self.closed = False

    @property
    def seat(self) -> int | None:
        return self._seat

    def send(self, text: str) -> None:
        if not self.closed:
            self.bus.post(self.process, {"t": "send", "c": self.conn, "x": text})

    def close(self, code: int, message: str) -> None:
        if not self.closed:
            self.closed = True
            self.bus.post(self.process, {"t": "close", "c": self.conn, "code": code, "m": message})


@dataclass
class Remote:
    """The owner's record of one remote connection: its watcher, and what came for it
    before its `attach` was done (played in order once it is)."""

    watcher: RemoteWatcher
    ready: bool = False
    backlog: list[Message] = field(default_factory=list)


@dataclass
class Proxied:
    """A local WebSocket whose table is run by process `owner`."""

    table_id: str
    owner: str
    watcher: Watcher
    conn: str
