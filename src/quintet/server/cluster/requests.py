"""The requests a table's owner answers for the other processes: the HTTP operations
that need the table's memory. Each runs the hub's own method on the owner, so it checks
and refuses exactly as on a single server (a `HubError` crosses back as itself)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final

from quintet.core import JSONDict
from quintet.server.cluster.bus import Message

if TYPE_CHECKING:
    from quintet.server.hub import Hub


async def _start(hub: Hub, message: Message) -> bool:
    await hub.start(message["table"], message.get("token"))
    return True


async def _describe(hub: Hub, message: Message) -> JSONDict:
    info = await hub.info(message["table"])
    return {
        "status": info.status,
        "seats": [seat.model_dump(mode="json") for seat in info.seats],
        "seq": info.seq,
    }


async def _hint(hub: Hub, message: Message) -> list[Any]:
    level, action = await hub.hint(message["table"], message.get("token"))
    return [level, action]


async def _sample(hub: Hub, message: Message) -> JSONDict:
    return await hub.sample(message["table"], message.get("token"))


#: The handler of each request type, by its "t".
REQUESTS: Final[dict[str, Callable[[Hub, Message], Awaitable[Any]]]] = {
    "start": _start,
    "describe": _describe,
    "hint": _hint,
    "sample": _sample,
}
