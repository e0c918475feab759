"""uvicorn's httptools HTTP protocol with a deadline for each whole request and a size
limit for its head and its trailers.

uvicorn closes a keep-alive connection that stays idle, but its timer stops at the first
byte, and nothing bounds a request's body: a client that sends its headers a byte at a
time, or declares a body and never sends it, held a connection for ever. Here every
request, headers and body, must be complete within `request_timeout_s` of the connection
opening or of the previous answer: a head still incomplete then is closed, a body 408 and
closed (a plain close once the answer has begun). The head (request line and headers) is
at most `max_header_bytes`, counted on the bytes received; more is 400 and a close:
httptools has no limit of its own, unlike h11's `h11_max_incomplete_event_size`.

Chunked trailers (header fields after the body) are dropped: httptools reports them
through the same callback as the head's, and uvicorn would have added them to the
request's headers (an `X-Player-Key` or `Authorization` sent after the body). More than
`max_header_bytes` of them is a 400. A Transfer-Encoding other than `chunked` is 501, and
a WebSocket upgrade request with a body 400, both at once.

httptools (llhttp, in C) rather than uvicorn's pure-Python h11: it reads a request and
writes its answer for a fraction of the CPU (docs/benchmarks.md, "Table set-up").
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

import httptools
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

#: Ends a head (and a chunked body's trailers): llhttp takes no bare LF.
HEAD_END: Final = b"\r\n\r\n"
HEAD_TOO_LARGE: Final = "Request line and headers are too large."
TRAILERS_TOO_LARGE: Final = "Request trailers are too large."


class Refused(Exception):
    """Raised by a parser callback to stop parsing a request refused with
    `RequestDeadlineProtocol._refusal` (httptools wraps it in an HttpParserError)."""


class RequestDeadlineProtocol(HttpToolsProtocol):
    """`HttpToolsProtocol`, closing a connection whose request is too slow to come, and
    refusing heads and trailers that are too long and bodies it cannot frame safely."""

    #: Set by `protocol_for` (uvicorn builds the protocol itself, with its own arguments).
    request_timeout_s: float = 10.0
    max_header_bytes: int = 16_384

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        #: Whether a request has begun (and not ended), and whether its head is incomplete.
        self._in_message = False
        self._in_head = False
        self._messages_begun = 0
        #: Bytes of the current head received so far, whether that count is exact (the
        #: head began at a known place), and its last 3 bytes (an end split between reads).
        self._head_bytes = 0
        self._head_exact = False
        self._head_tail = b""
        #: Body bytes still to come (Content-Length), or None (chunked, or no request).
        self._body_left: int | None = None
        #: A chunk header seen and no data since (the last, empty chunk: trailers follow).
        self._chunk_empty = False
        self._trailer_bytes = 0
        #: Bytes of an incomplete trailer field held by httptools, not yet reported.
        self._trailer_held = 0
        #: Whether the next request's head begins where the next piece does.
        self._head_starts_here = False
        #: The status and message of the request being refused (set before `Refused`).
        self._refusal: tuple[int, str] | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        # uvicorn's own, fed in pieces that end where a head or a Content-Length body
        # ends, so that each head is counted on its bytes from its first to its last.
        self._unset_keepalive_if_required()
        while data and not self.transport.is_closing():
            if not self._in_message or self._in_head:
                start = 0
                if not self._in_message:  # the parser skips empty lines before a request
                    while start < len(data) and data[start] in b"\r\n":
                        start += 1
                    self._head_bytes, self._head_tail, self._head_starts_here = 0, b"", True
                end = _end_of_head(data, start, self._head_tail)
                size = (len(data) if end is None else end) - start
                if self._head_bytes + size > self.max_header_bytes:
                    self._refuse(400, HEAD_TOO_LARGE)
                    return
                if end is None:
                    self._head_bytes += size
                    self._head_tail = (self._head_tail + data[max(start, len(data) - 3) :])[-3:]
                    piece, data = data, b""
                else:
                    piece, data = data[:end], data[end:]
            elif self._body_left is not None and self._body_left < len(data):
                piece, data = data[: self._body_left], data[self._body_left :]
            else:
                piece, data = data, b""
            if not self._feed(piece):
                return

    def _feed(self, piece: bytes) -> bool:
        """Parse `piece`; False when the connection is refused or upgraded."""
        begun = self._messages_begun
        chunked_body = self._in_message and not self._in_head and self._body_left is None
        try:
            self.parser.feed_data(piece)
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
            return False
        except httptools.HttpParserError:
            if self._refusal is None:
                self._refusal = (400, "Invalid HTTP request received.")
            self._refuse(*self._refusal)
            return False
        if self._in_message and not self._in_head and self._chunk_empty:
            # Perhaps in the trailers: httptools holds a field unreported until it is
            # whole, so the bytes after the last line break count too.
            at = piece.rfind(b"\r\n")
            self._trailer_held = self._trailer_held + len(piece) if at < 0 else len(piece) - at - 2
            if self._trailer_bytes + self._trailer_held > self.max_header_bytes:
                self._refuse(400, TRAILERS_TOO_LARGE)
                return False
        if chunked_body and self._messages_begun > begun and self._in_head:
            # A head began after a chunked body in this piece: it starts after the
            # body's last line (or trailers), the piece's last HEAD_END.
            at = piece.rfind(HEAD_END)
            self._head_exact = at >= 0 and self._messages_begun == begun + 1
            self._head_bytes = len(piece) - (at + len(HEAD_END)) if self._head_exact else 0
            self._head_tail = piece[-3:]
        return True

    def handle_websocket_upgrade(self) -> None:
        self._disarm()  # a WebSocket now: it keeps its connection as long as it lives
        super().handle_websocket_upgrade()

    # Parser callbacks (httptools calls them from `feed_data`)

    def on_message_begin(self) -> None:
        self._in_message = self._in_head = True
        self._messages_begun += 1
        self._body_left = None
        self._chunk_empty = False
        self._trailer_bytes = self._trailer_held = 0
        self._head_exact, self._head_starts_here = self._head_starts_here, False
        if self._deadline is None:  # begun while an answer is pending (pipelined)
            self._arm()
        super().on_message_begin()

    def on_header(self, name: bytes, value: bytes) -> None:
        if self._in_head:
            super().on_header(name, value)
            return
        # A trailer: never a request header; only counted.
        self._trailer_bytes += len(name) + len(value) + 4
        self._trailer_held = 0
        if self._trailer_bytes > self.max_header_bytes:
            self._stop(400, TRAILERS_TOO_LARGE)

    def on_headers_complete(self) -> None:
        self._in_head = False
        if not self._head_exact:
            # Begun inside a read after a chunked body: counted by its parts instead.
            size = (
                len(self.parser.get_method())
                + len(self.url)
                + 14
                + sum(len(name) + len(value) + 4 for name, value in self.headers)
            )
            if size > self.max_header_bytes:
                self._stop(400, HEAD_TOO_LARGE)
        chunked = False
        length = 0
        for name, value in self.headers:
            if name == b"transfer-encoding":
                # llhttp takes e.g. "gzip, chunked" as chunked and leaves the rest to us.
                if value.lower() != b"chunked":
                    self._stop(501, "Only Transfer-Encoding: chunked is supported.")
                chunked = True
            elif name == b"content-length":
                length = int(value)  # llhttp has checked it: digits, one value
        upgrade = self.parser.should_upgrade() and self._should_upgrade()
        if upgrade and (chunked or length):
            self._stop(400, "A WebSocket upgrade request must not have a body.")
        self._body_left = None if chunked else length
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        self._chunk_empty = False
        if self._body_left is not None:
            self._body_left -= len(body)
        super().on_body(body)

    def on_chunk_header(self) -> None:
        self._chunk_empty = True

    def on_chunk_complete(self) -> None:
        self._chunk_empty = False

    def on_message_complete(self) -> None:
        self._in_message = False
        self._body_left = None
        self._disarm()  # the whole request is in
        super().on_message_complete()

    def on_response_complete(self) -> None:
        # A pipelined request already read whole needs no deadline until it is answered.
        waiting = bool(self.pipeline)
        super().on_response_complete()
        if (self._in_message or not waiting) and not self.transport.is_closing():
            self._arm()

    def _stop(self, status: int, message: str) -> None:
        """Refuse the request being parsed. Raises Refused (which stops the parser)."""
        self._refusal = (status, message)
        raise Refused(message)

    def _refuse(self, status: int, message: str) -> None:
        """Answer `status` with `message` and close (only close if an answer has begun)."""
        self.logger.warning("%s (answered %d and closed)", message, status)
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            # The app, if it runs, sees a client that left; its answer goes nowhere.
            cycle.disconnected = True
            cycle.message_event.set()
            if cycle.response_started:
                self.transport.close()
                return
        content = [STATUS_LINE[status]]
        for name, value in self.server_state.default_headers:
            content.extend([name, b": ", value, b"\r\n"])
        body = message.encode("ascii")
        content.extend(
            [
                b"content-type: text/plain; charset=utf-8\r\n",
                b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
                b"connection: close\r\n\r\n",
                body,
            ]
        )
        self.transport.write(b"".join(content))
        self.transport.close()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.request_timeout_s, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if not self._in_message or self._in_head or self.pipeline:
            self.transport.close()  # nothing asked yet (or an answer is still pending)
            return
        self._refuse(408, f"The request was not complete within {self.request_timeout_s:g} s.")


def _end_of_head(data: bytes, start: int, tail: bytes) -> int | None:
    """Where in `data` the head that began at `start` (with `tail`, the last bytes of it
    read before) ends, just after its HEAD_END; None when it does not end there."""
    if tail:
        at = (tail + data[start : start + 3]).find(HEAD_END)
        if at >= 0:
            return start + at + len(HEAD_END) - len(tail)
    at = data.find(HEAD_END, start)
    return None if at < 0 else at + len(HEAD_END)


def protocol_for(request_timeout_s: float, max_header_bytes: int) -> type[RequestDeadlineProtocol]:
    """The protocol class with this deadline and limit (uvicorn takes a class, not an
    instance)."""
    return type(
        "RequestDeadlineProtocol",
        (RequestDeadlineProtocol,),
        {"request_timeout_s": request_timeout_s, "max_header_bytes": max_header_bytes},
    )
