"""uvicorn's h11 HTTP protocol with a deadline for each request's headers.

uvicorn closes a keep-alive connection that stays idle, but its timer stops at the first
byte, so a client that sends its headers a byte at a time (or opens a connection and says
nothing) held a connection for ever. Here every request's headers must be complete
within `header_timeout_s` of the connection opening or of the previous answer.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class HeaderDeadlineProtocol(H11Protocol):
    """`H11Protocol`, closing a connection whose request headers are too slow to come."""

    #: Set by `protocol_for` (uvicorn builds the protocol itself, with its own arguments).
    header_timeout_s: float = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        upgraded = self.transport.get_protocol() is not self
        if upgraded or (self.cycle is not None and self.cycle is not cycle):
            self._disarm()  # the headers are in (or this is a WebSocket now)

    def on_response_complete(self) -> None:
        # Armed first: uvicorn goes on to read a pipelined request here, whose headers,
        # when complete, disarm it again (in handle_events).
        if not self.transport.is_closing():
            self._arm()
        super().on_response_complete()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.header_timeout_s, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def protocol_for(header_timeout_s: float) -> type[HeaderDeadlineProtocol]:
    """The protocol class with this deadline (uvicorn takes a class, not an instance)."""
    return type(
        "HeaderDeadlineProtocol", (HeaderDeadlineProtocol,), {"header_timeout_s": header_timeout_s}
    )
