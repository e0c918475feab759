"""uvicorn's httptools HTTP protocol with a deadline and a size limit for each request's headers.

uvicorn closes a keep-alive connection that stays idle, but its timer stops at the first
byte, so a client that sends its headers a byte at a time (or opens a connection and says
nothing) held a connection for ever. Here every request's headers must be complete
within `header_timeout_s` of the connection opening or of the previous answer, and be at
most `max_header_bytes` long (a longer head is answered 400 and the connection closed):
httptools has no limit of its own, unlike h11's `h11_max_incomplete_event_size`.

httptools (llhttp, in C) rather than uvicorn's pure-Python h11: it reads a request and
writes its answer for a fraction of the CPU (docs/benchmarks.md, "Table set-up").
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HeadTooLarge(Exception):
    """A request's line and headers passed `max_header_bytes` (raised inside the parser,
    which then reports the request as invalid: uvicorn answers 400 and closes)."""


class HeaderDeadlineProtocol(HttpToolsProtocol):
    """`HttpToolsProtocol`, closing a connection whose request headers are too slow to
    come, and refusing headers that are too long."""

    #: Set by `protocol_for` (uvicorn builds the protocol itself, with its own arguments).
    header_timeout_s: float = 10.0
    max_header_bytes: int = 16_384

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        #: Whether a request has begun (and not ended), and whether its headers are incomplete.
        self._in_message = False
        self._in_head = False
        #: The received chunks of the current head that were head from end to end.
        self._head_chunks = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        # A chunk that starts inside a head, or starts a request, and leaves the head still
        # incomplete is head from end to end. (httptools buffers a header until it is
        # whole, unseen by the callbacks.) Only a head that begins in the middle of a chunk,
        # after the previous request's end, is counted from the next chunk on.
        whole = self._in_head or not self._in_message
        super().data_received(data)
        if whole and self._in_head:
            self._head_chunks += len(data)
            if self._head_chunks > self.max_header_bytes and not self.transport.is_closing():
                self.send_400_response("Request line and headers are too large.")

    # Parser callbacks (httptools calls them from `data_received`)

    def on_message_begin(self) -> None:
        self._in_message = self._in_head = True
        self._head_chunks = 0
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._disarm()  # the headers are in (or this is a WebSocket now)
        # Counted once here rather than header by header (a Python call each): a head
        # that came whole in one chunk is held whole anyway, and one chunk is bounded.
        size = len(self.url) + sum(len(name) + len(value) + 4 for name, value in self.headers)
        if size > self.max_header_bytes:
            raise HeadTooLarge(f"{size} bytes of request head; at most {self.max_header_bytes}")
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._in_message = False
        super().on_message_complete()

    def on_response_complete(self) -> None:
        # A pipelined request already read has its headers: no deadline for it.
        waiting = bool(self.pipeline)
        super().on_response_complete()
        if not waiting and not self.transport.is_closing():
            self._arm()

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


def protocol_for(header_timeout_s: float, max_header_bytes: int) -> type[HeaderDeadlineProtocol]:
    """The protocol class with this deadline and limit (uvicorn takes a class, not an
    instance)."""
    return type(
        "HeaderDeadlineProtocol",
        (HeaderDeadlineProtocol,),
        {"header_timeout_s": header_timeout_s, "max_header_bytes": max_header_bytes},
    )
