"""Limits that keep one client from taking the server's memory or time: the size of a
request body, and the rate of table creation and of hints per client address.

(The WebSocket's own limits, message size and rate, are in `ws.py`; uvicorn's, headers
and connections, in `main.py`.)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from quintet.server.errors import ErrorCode, HubError

#: Builds the JSON refusal for a code (the API's, so the status comes from its table).
Refuse = Callable[[ErrorCode, str], Response]


class BodyLimit:
    """ASGI middleware: a request body over `max_bytes` is refused with a JSON 413 before
    it is read (by its Content-Length), or as soon as it grows past the limit (a chunked
    body); at most `max_bytes` are ever held. The app gets the body already read."""

    def __init__(self, app: ASGIApp, max_bytes: int, refuse: Refuse) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._too_big(scope, receive, send, f"{declared} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left before sending its body
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_big(scope, receive, send, f"more than {self.max_bytes} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_big(self, scope: Scope, receive: Receive, send: Send, size: str) -> None:
        response = self.refuse(
            ErrorCode.TOO_BIG,
            f"the request body has {size}; at most {self.max_bytes} bytes are accepted",
        )
        # Connection: close, so the unread rest of the body is not taken for a request.
        response.headers["connection"] = "close"
        await response(scope, receive, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


#: Client addresses remembered by a `RateLimit` (least recently seen forgotten first).
MAX_CLIENTS: Final = 10_000


class RateLimit:
    """A token bucket per client address: `per_minute` on average, bursts of `burst`.
    Only the MAX_CLIENTS most recently seen addresses are remembered, so the limiter's own
    memory is bounded too (a forgotten address starts again with a full bucket)."""

    def __init__(
        self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = per_minute / 60
        self.burst = float(burst)
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> bool:
        """Spend one token of `client`'s bucket; False when it is empty."""
        now = self.clock()
        tokens, last = self._buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        allowed = tokens >= 1
        self._buckets[client] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > MAX_CLIENTS:
            self._buckets.popitem(last=False)
        return allowed


def charge(limit: RateLimit, client: str, what: str) -> None:
    """Count one `what` (tables, hints) against `client`'s allowance in `limit`; a
    `limit` with a rate of 0 is no limit.

    Raises HubError rate_limited (HTTP 429) beyond its burst at once and its rate a
    minute."""
    if limit.rate and not limit.take(client):
        raise HubError(
            ErrorCode.RATE_LIMITED,
            f"at most {limit.burst:g} {what} at once and {limit.rate * 60:g} a minute from one"
            " address; try again later",
        )
