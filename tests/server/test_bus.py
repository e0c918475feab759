"""The cluster's bus (server/cluster/bus.py) on a real redis-server: messages in order,
request and reply, a `HubError` crossing as itself, liveness keys, and a Redis restart."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tests.server.redis_server import RedisServer

from quintet.server.cluster.bus import Bus, BusDown, Message
from quintet.server.errors import ErrorCode, HubError

#: Bounds for waiting on a condition; no test asserts how long anything takes.
WAIT_S = 30.0


class Peer:
    """A bus and what it received; it answers "echo" requests and refuses "refuse"."""

    def __init__(self, url: str, name: str) -> None:
        self.got: list[Message] = []
        self.states: list[bool] = []
        self.bus = Bus(
            url, name, alive_ttl_s=1.0, on_message=self.heard, on_state=self.states.append
        )

    def heard(self, message: Message) -> None:
        self.got.append(message)
        if message["t"] == "echo":
            self.bus.answer(message, message["value"])
        elif message["t"] == "refuse":
            self.bus.answer(message, error=HubError(ErrorCode.NOT_OPEN, "table x is running"))


async def until(condition: Any) -> None:
    async with asyncio.timeout(WAIT_S):
        while not condition():
            await asyncio.sleep(0.01)


def test_messages_arrive_in_order_and_requests_get_their_replies(redis_server: Any) -> None:
    async def run() -> None:
        a, b = Peer(redis_server.url, "a"), Peer(redis_server.url, "b")
        await a.bus.start()
        await b.bus.start()
        try:
            for number in range(300):
                a.bus.post("b", {"t": "n", "n": number})
            await until(lambda: len(b.got) == 300)
            assert [m["n"] for m in b.got] == list(range(300))
            assert {m["from"] for m in b.got} == {"a"}
            assert await a.bus.request("b", {"t": "echo", "value": [1, "x"]}, WAIT_S) == [1, "x"]
            with pytest.raises(HubError) as refused:
                await a.bus.request("b", {"t": "refuse"}, WAIT_S)
            assert (refused.value.code, refused.value.message) == ("not_open", "table x is running")
            with pytest.raises(BusDown, match="did not answer 'echo'"):
                await a.bus.request("nobody", {"t": "echo", "value": 1}, 0.2)
            assert await a.bus.alive(["a", "b", "nobody"]) == {"a", "b"}
        finally:
            await b.bus.close()
        # A clean close deletes the key at once.
        assert await a.bus.alive(["a", "b"]) == {"a"}
        await a.bus.close()

    asyncio.run(run())


def test_the_bus_comes_back_after_redis_restarts(redis_server: RedisServer) -> None:
    async def run() -> None:
        a, b = Peer(redis_server.url, "a"), Peer(redis_server.url, "b")
        await a.bus.start()
        await b.bus.start()
        try:
            await asyncio.to_thread(redis_server.restart)
            # Each saw Redis go and come back, set its alive key again, and talks again.
            await until(lambda: a.states[-2:] == [False, True] and b.states[-2:] == [False, True])
            await until(lambda: a.bus.up and b.bus.up)
            assert await a.bus.request("b", {"t": "echo", "value": "again"}, WAIT_S) == "again"
            assert await a.bus.alive(["a", "b"]) == {"a", "b"}
        finally:
            await a.bus.close()
            await b.bus.close()

    asyncio.run(run())


def test_a_bus_without_redis_says_so(tmp_path: Any) -> None:
    from tests.server.pg import free_port

    async def run() -> None:
        bus = Bus(f"redis://127.0.0.1:{free_port()}/0", "a", alive_ttl_s=1.0, on_message=print)
        with pytest.raises(BusDown, match=r"Redis at redis://127\.0\.0\.1:\d+/0 did not answer"):
            await bus.start(timeout=0.5)

    asyncio.run(run())
