"""`/ws/echo`: a WebSocket that sends back every message unchanged, for `make bench` only.

The server benchmark (bench/server_load.py) compares the game's action -> broadcast time
with the round trip of this echo on the same stack (uvicorn, Starlette's WebSocket, FastAPI's
router, the same event loop, and the same way out as a table's messages: straight to
uvicorn's `send`, `ws.message_sender`), so the ratio shows what the game itself adds: parsing, the
table's queue, the rules, the durable write and the views. It is mounted only when
`Settings.bench_echo` is on (`QUINTET_ECHO=1`); nothing else uses it, so it checks nothing
(no Origin, no token, no rate limit): any of those would be work the baseline must not do.
"""

from __future__ import annotations

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from quintet.server.ws import message_sender

router = APIRouter()


@router.websocket("/ws/echo")
async def echo_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    send = message_sender(websocket)
    while True:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        try:
            if text is not None:
                await send({"type": "websocket.send", "text": text})
            else:
                await send({"type": "websocket.send", "bytes": message.get("bytes") or b""})
        except (WebSocketDisconnect, RuntimeError, OSError):  # OSError: uvicorn's own
            # The client left while its answer was on the way.
            return
