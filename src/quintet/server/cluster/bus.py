"""The cluster's bus: Redis pub/sub, one channel per process, JSON messages.

Every process subscribes to its own channel (`quintet:proc:<name>`) and publishes to the
channel of the process a message is for. Everything a process publishes goes through one
queue and one sender task, in order, so the messages from one process to another arrive
in the order they were posted (an `attach` before its connection's `submit`s, a table's
updates in seq order). `request` adds a correlation id and waits for the `reply` (with a
timeout); a `HubError` on the other side comes back as the same `HubError`.

Liveness: each process keeps the key `quintet:alive:<name>` with a short expiry and
refreshes it; `alive(names)` says which processes still have theirs.

When Redis goes away, the bus says so once in the log, tells its owner (`on_state`),
fails the requests waiting for replies, drops what it had queued, and reconnects with
backoff; once back it says so and tells its owner again.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Callable, Iterable
from typing import Any, Final

from redis.asyncio import Redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

from quintet.server.errors import ErrorCode, HubError

log = logging.getLogger(__name__)

#: A message as it crosses: a JSON object with its type in "t" and its sender in "from".
Message = dict[str, Any]

#: Backoff between reconnection attempts, in seconds: first, growth factor, most.
BACKOFF_FIRST: Final = 0.05
BACKOFF_MOST: Final = 2.0
#: Messages published in one pipeline at most.
BATCH: Final = 512
#: Seconds any one Redis command may take before Redis counts as gone (a command on a
#: connection that died may otherwise wait for ever).
COMMAND_TIMEOUT_S: Final = 2.0


def channel(name: str) -> str:
    """The pub/sub channel of process `name`."""
    return f"quintet:proc:{name}"


#: The channel every process listens to besides its own (`post_all`).
ALL_CHANNEL: Final = "quintet:all"


def alive_key(name: str) -> str:
    """The key process `name` keeps while it lives."""
    return f"quintet:alive:{name}"


class BusDown(HubError):
    """Redis is unreachable, or the other process did not answer in time: 503
    cluster_unavailable (no bug, a passing outage: try again)."""

    def __init__(self, message: str) -> None:
        super().__init__(ErrorCode.CLUSTER_UNAVAILABLE, message)


class Bus:
    """This process's end of the bus. `start()` it, `close()` it."""

    def __init__(
        self,
        url: str,
        name: str,
        *,
        alive_ttl_s: float,
        on_message: Callable[[Message], None],
        on_state: Callable[[bool], None] | None = None,
    ) -> None:
        self.url = url
        self.name = name
        self.alive_ttl_s = alive_ttl_s
        self._on_message = on_message
        self._on_state = on_state
        #: Whether Redis is reachable now (subscribed and the alive key set).
        self.up = False
        self._client: Redis | None = None
        #: (the process a message is for, None: every other process; the JSON text)
        self._outbox: asyncio.Queue[tuple[str | None, str]] = asyncio.Queue()
        #: The requests waiting for their replies: the process asked, and the future.
        self._waiting: dict[str, tuple[str, asyncio.Future[Message]]] = {}
        self._ids = itertools.count(1)
        self._broken = asyncio.Event()
        self._ready = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        #: Set by `close`: the loops end at their next turn even if a cancellation was lost
        #: (redis-py's own timeouts may swallow one that coincides with them).
        self._closing = False

    async def start(self, timeout: float = 10.0) -> None:
        """Connect and subscribe; raises `BusDown` when Redis does not answer in time."""
        self._tasks = [
            asyncio.create_task(self._listen(), name="bus listener"),
            asyncio.create_task(self._send(), name="bus sender"),
            asyncio.create_task(self._heartbeat(), name="bus heartbeat"),
        ]
        try:
            async with asyncio.timeout(timeout):
                await self._ready.wait()
        except TimeoutError:
            await self.close()
            raise BusDown(
                f"Redis at {_safe(self.url)} did not answer within {timeout:g} s"
            ) from None

    async def close(self) -> None:
        """Stop the tasks, delete the alive key (a clean exit is no crash), disconnect."""
        client = self._client
        if client is not None and self.up:
            with contextlib.suppress(RedisError, OSError, TimeoutError):
                async with asyncio.timeout(COMMAND_TIMEOUT_S):
                    await client.delete(alive_key(self.name))
        self._closing = True
        pending = set(self._tasks)
        for _ in range(3):  # a cancellation a library swallowed is given again
            for task in pending:
                task.cancel()
            _, pending = await asyncio.wait(pending, timeout=COMMAND_TIMEOUT_S)
            if not pending:
                break
        else:
            log.warning("the bus's tasks did not stop: %s", sorted(t.get_name() for t in pending))
        for task in self._tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                log.warning("a bus task ended with %r", task.exception())
        self._tasks = []

    # ------------------------------------------------------------------- sending

    def post(self, to: str, message: Message) -> None:
        """Queue `message` for process `to` (dropped while Redis is down: whatever it was
        for is closed or failed when the bus goes down)."""
        if self.up:
            self._outbox.put_nowait((to, json.dumps({**message, "from": self.name})))

    def post_all(self, message: Message) -> None:
        """Queue `message` for every other process (dropped while Redis is down)."""
        if self.up:
            self._outbox.put_nowait((None, json.dumps({**message, "from": self.name})))

    async def request(self, to: str, message: Message, timeout: float) -> Any:
        """Send a request and wait for its reply's result.

        Raises the `HubError` the other side answered, or `BusDown` when Redis is down or
        no reply came within `timeout` seconds.
        """
        if not self.up:
            raise BusDown("the cluster's Redis is unreachable")
        rid = f"{self.name}/{next(self._ids)}"
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = (to, future)
        self.post(to, {**message, "rid": rid})
        try:
            async with asyncio.timeout(timeout):
                reply = await future
        except TimeoutError:
            raise BusDown(
                f"process {to} did not answer {message.get('t')!r} within {timeout:g} s"
            ) from None
        finally:
            self._waiting.pop(rid, None)
        if "err" in reply:
            code, text = reply["err"]
            error = HubError(ErrorCode.SERVER_ERROR, text)
            error.code = code  # a rule's own code crosses as it is
            raise error
        return reply.get("ok")

    def answer(self, request: Message, result: Any = None, error: HubError | None = None) -> None:
        """Reply to `request` with `result`, or with `error`."""
        reply: Message = {"t": "reply", "rid": request["rid"]}
        if error is not None:
            reply["err"] = [error.code, error.message]
        else:
            reply["ok"] = result
        self.post(request["from"], reply)

    @property
    def asked(self) -> set[str]:
        """The processes that requests wait on."""
        return {to for to, _ in self._waiting.values()}

    def give_up(self, processes: set[str], why: str) -> None:
        """Fail the requests waiting on these processes with `BusDown(why)`."""
        for to, future in list(self._waiting.values()):
            if to in processes and not future.done():
                future.set_exception(BusDown(why))

    async def alive(self, names: Iterable[str]) -> set[str]:
        """The processes among `names` whose alive key is set (raises `BusDown`)."""
        wanted = sorted(set(names))
        client = self._client
        if not wanted:
            return set()
        if client is None or not self.up:
            raise BusDown("the cluster's Redis is unreachable")
        try:
            async with asyncio.timeout(COMMAND_TIMEOUT_S):
                found = await client.mget([alive_key(name) for name in wanted])
        except (RedisError, OSError, TimeoutError) as error:
            self._broken.set()
            raise BusDown(f"the cluster's Redis failed: {error}") from None
        return {name for name, value in zip(wanted, found, strict=True) if value is not None}

    # --------------------------------------------------------------------- tasks

    async def _listen(self) -> None:
        """Subscribe and dispatch, reconnecting with backoff whenever Redis fails."""
        delay = BACKOFF_FIRST
        while not self._closing:
            # No retries inside redis-py: a failure is seen at once, and this loop reconnects.
            client: Redis = Redis.from_url(
                self.url,
                socket_connect_timeout=COMMAND_TIMEOUT_S,
                socket_timeout=COMMAND_TIMEOUT_S * 2,
                retry=Retry(NoBackoff(), 0),
            )
            pubsub = client.pubsub()
            try:
                async with asyncio.timeout(COMMAND_TIMEOUT_S * 2):
                    await pubsub.subscribe(channel(self.name), ALL_CHANNEL)
                    await client.set(alive_key(self.name), "1", px=self._ttl_ms)
                self._client = client
                self._broken.clear()
                self._set_up(True)
                delay = BACKOFF_FIRST
                while not self._broken.is_set() and not self._closing:
                    found = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.5)
                    if found is not None and found.get("type") == "message":
                        self._dispatch(found["data"])
            except (RedisError, OSError, TimeoutError) as error:
                if self.up:
                    log.error("the cluster's Redis went away (%s); reconnecting", error)
            finally:
                self._set_up(False)
                self._client = None
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                with contextlib.suppress(Exception):
                    await client.aclose()
            await asyncio.sleep(delay)
            delay = min(BACKOFF_MOST, delay * 2)

    @property
    def _ttl_ms(self) -> int:
        return max(1, round(self.alive_ttl_s * 1000))

    def _set_up(self, up: bool) -> None:
        if up == self.up:
            return
        self.up = up
        if up:
            self._ready.set()
            log.info("process %s joined the cluster's Redis at %s", self.name, _safe(self.url))
        else:
            while not self._outbox.empty():
                self._outbox.get_nowait()
            self.give_up({to for to, _ in self._waiting.values()}, "the cluster's Redis went away")
        if self._on_state is not None:
            self._on_state(up)

    def _dispatch(self, data: bytes | str) -> None:
        try:
            message = json.loads(data)
        except ValueError:
            log.warning("the bus dropped a message that is not JSON")
            return
        if message.get("from") == self.name:
            return  # its own post to every process
        if message.get("t") == "reply":
            waiting = self._waiting.get(message.get("rid", ""))
            if waiting is not None and not waiting[1].done():
                waiting[1].set_result(message)
            return
        try:
            self._on_message(message)
        except Exception:
            log.exception("the bus failed on a %r message", message.get("t"))

    async def _send(self) -> None:
        """Publish the outbox in order, a pipeline at a time."""
        while not self._closing:
            outbox = self._outbox
            batch = [await outbox.get()]
            while len(batch) < BATCH and not outbox.empty():
                batch.append(outbox.get_nowait())
            client = self._client
            if client is None or not self.up:
                continue  # Redis went away meanwhile: these are dropped (see `post`)
            try:
                async with asyncio.timeout(COMMAND_TIMEOUT_S), client.pipeline(False) as pipe:
                    for to, data in batch:
                        pipe.publish(ALL_CHANNEL if to is None else channel(to), data)
                    await pipe.execute()
            except (RedisError, OSError, TimeoutError) as error:
                log.warning("the bus could not publish %d message(s): %s", len(batch), error)
                self._broken.set()

    async def _heartbeat(self) -> None:
        """Refresh the alive key three times per expiry."""
        while not self._closing:
            await asyncio.sleep(self.alive_ttl_s / 3)
            client = self._client
            if client is None or not self.up:
                continue
            try:
                async with asyncio.timeout(COMMAND_TIMEOUT_S):
                    await client.set(alive_key(self.name), "1", px=self._ttl_ms)
            except (RedisError, OSError, TimeoutError):
                self._broken.set()


async def ping(url: str, name: str | None = None) -> None:
    """Raises `BusDown` unless the Redis at `url` answers PING (the URL's password, if
    any, is checked too), and, given this process's `name`, when a live process of the
    cluster already has that name (two would take each other's messages and leases)."""
    client: Redis = Redis.from_url(url, socket_connect_timeout=COMMAND_TIMEOUT_S)
    try:
        async with asyncio.timeout(COMMAND_TIMEOUT_S * 2):
            await client.ping()
            taken = name is not None and bool(await client.exists(alive_key(name)))
    except (RedisError, OSError, TimeoutError, ValueError) as error:
        raise BusDown(f"cannot reach the cluster's Redis at {_safe(url)}: {error}") from None
    finally:
        await client.aclose()
    if taken:
        raise BusDown(
            f"a live process of this cluster is already named {name!r}; give each process its"
            " own --process-name (a dead one's name is free again after a lease time)"
        )


def _safe(url: str) -> str:
    """A Redis URL without its password, for logs."""
    scheme, sep, rest = url.partition("://")
    if "@" not in rest:
        return url
    return f"{scheme}{sep}***@{rest.split('@', 1)[1]}"
