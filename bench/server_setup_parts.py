"""``server_setup_parts``: the parts of a table's set-up, each alone.

    .venv/bin/python -m bench.server_setup_parts [--tables N] [--requests N]

What ``bench/server_setup.py`` measures whole, taken apart (docs/benchmarks.md, "Table
set-up"); CPU time, not wall time:

- ``bare_request_ms``: a live server's CPU per ``GET /api/health`` (8 clients, keep-alive):
  the floor of one HTTP request through uvicorn, FastAPI and the socket;
- ``app_ms_per_table``: the app called in process (ASGI, without uvicorn or sockets) for
  each table's create, 4 joins and start, this process's CPU per table, and
  ``app_loop_ms_per_table`` the event loop thread's alone (the rest: the database's);
- ``create_ms``, ``claim_ms``: a `Store` alone, CPU per create and per claim, and the
  event loop thread's part (``..._loop_ms``);
- ``route_match_us``: FastAPI's route matching for each path of a set-up (best of 7).

Prints one JSON line. "Before" figures: run it with another revision's ``src`` first on
``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import timeit
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.server_capacity import SERVER_ENV
from bench.server_load import free_port, start_server, stop_server, wait_for_server
from bench.server_setup import cpu_times

CLIENTS = 8


def _cpu() -> tuple[float, float]:
    """This process's CPU and its current thread's (s)."""
    return time.process_time(), time.thread_time()


async def _per(count: int, work: Callable[[int], Awaitable[Any]]) -> tuple[float, float]:
    """`work(i)` for each i in turn; this process's and this thread's CPU (ms) per call."""
    (process, thread) = _cpu()
    for i in range(count):
        await work(i)
    after = _cpu()
    return 1000 * (after[0] - process) / count, 1000 * (after[1] - thread) / count


def bare_request(requests: int) -> float:
    """A live server's CPU (ms) per `GET /api/health`."""
    import httpx

    async def load(port: int, pid: int) -> float:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            for _ in range(50):
                await http.get("/api/health")
            start = sum(cpu_times(pid))

            async def client() -> None:
                for _ in range(requests // CLIENTS):
                    (await http.get("/api/health")).raise_for_status()

            await asyncio.gather(*(client() for _ in range(CLIENTS)))
            return 1000 * (sum(cpu_times(pid)) - start) / (requests // CLIENTS * CLIENTS)

    with tempfile.TemporaryDirectory(prefix="quintet-parts-") as name:
        folder, port = Path(name), free_port()
        server = start_server(folder, port, SERVER_ENV)
        try:
            wait_for_server(server, folder, port)
            return asyncio.run(load(port, server.pid))
        finally:
            stop_server(server)


async def _call(app: Any, method: str, path: str, body: Any = None, token: str = "") -> Any:
    """One ASGI request to `app`; its status and JSON answer."""
    data = b"" if body is None else json.dumps(body).encode()
    headers = [(b"host", b"bench"), (b"content-type", b"application/json")]
    headers.append((b"content-length", str(len(data)).encode()))
    if token:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    sent: list[dict[str, Any]] = []
    given = False

    async def receive() -> dict[str, Any]:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": data, "more_body": False}
        await asyncio.Event().wait()  # no disconnect before the answer
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    status, answer = sent[0]["status"], json.loads(sent[1]["body"])
    if status >= 300:
        raise RuntimeError(f"{method} {path}: {status} {answer}")
    return answer


async def app_in_process(tables: int, folder: Path) -> tuple[float, float]:
    """The app's CPU (ms) per table set-up over HTTP, called in process; and the loop's."""
    from quintet.server.app import create_app
    from quintet.server.settings import Settings

    app = create_app(
        Settings(db_url=f"sqlite+aiosqlite:///{folder / 'app.db'}", create_per_minute=0)
    )
    body = {"game": "quashars", "options": {"pause_ms": 0}, "seats": [{"kind": "human"}] * 4}

    async def table(i: int) -> None:
        table_id = (await _call(app, "POST", "/api/tables", {**body, "seed": i}))["id"]
        tokens = [
            (await _call(app, "POST", f"/api/tables/{table_id}/seats/{s}/join", {"nickname": "p"}))[
                "token"
            ]
            for s in range(4)
        ]
        await _call(app, "POST", f"/api/tables/{table_id}/start", token=tokens[0])

    async with app.router.lifespan_context(app):
        for i in range(10):  # warm-up
            await table(i)
        return await _per(tables, lambda i: table(100 + i))


async def store_alone(tables: int, folder: Path) -> dict[str, float]:
    """A `Store`'s CPU (ms) per create and per claim, and the event loop's part of each."""
    from quintet.server.storage import NewTable, SeatRow, Store

    store = await Store.open(f"sqlite+aiosqlite:///{folder / 'store.db'}")
    seats = tuple(SeatRow(seat=n, kind="human") for n in range(4))
    try:

        async def create(i: int) -> None:
            await store.create_table(
                NewTable(f"t{i}", "quashars", {"pause_ms": 0}, i, seats, {}, datetime.now(UTC))
            )

        async def claim(i: int) -> None:
            assert await store.claim_seat(f"t{i // 4}", i % 4, "p", "h" * 64)

        created, created_loop = await _per(tables, create)
        claimed, claimed_loop = await _per(4 * tables, claim)
    finally:
        await store.close()
    return {
        "create_ms": round(created, 3),
        "create_loop_ms": round(created_loop, 3),
        "claim_ms": round(claimed, 3),
        "claim_loop_ms": round(claimed_loop, 3),
    }


def route_matching() -> dict[str, float]:
    """FastAPI's route matching (µs, best of 7) for each kind of request of a set-up."""
    from starlette.routing import Match

    from quintet.server.app import create_app
    from quintet.server.settings import Settings

    app = create_app(Settings(db_url="sqlite:///unused.db"))

    def match(path: str, kind: str) -> None:
        scope = {"type": kind, "path": path, "method": "POST", "root_path": "", "headers": []}
        for route in app.router.routes:
            if route.matches(scope)[0] == Match.FULL:
                inner = getattr(route, "_match", None)  # an included router matches again
                if inner is not None:
                    inner(scope)
                return
        raise RuntimeError(f"no route for {path}")

    paths = {
        "create": ("/api/tables", "http"),
        "join": ("/api/tables/abcdefabcdef/seats/2/join", "http"),
        "start": ("/api/tables/abcdefabcdef/start", "http"),
        "websocket": ("/ws/tables/abcdefabcdef", "websocket"),
    }
    return {
        name: round(
            1e6 * min(timeit.repeat(lambda p=p, k=k: match(p, k), number=2000, repeat=7)) / 2000, 1
        )
        for name, (p, k) in paths.items()
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.server_setup_parts", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--tables", type=int, default=200, help="tables set up in process")
    parser.add_argument("--requests", type=int, default=1000, help="bare requests")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.requests < CLIENTS:
        parser.error(f"--tables must be >= 1 and --requests >= {CLIENTS}")
    before = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory(prefix="quintet-parts-") as name:
        app, app_loop = asyncio.run(app_in_process(args.tables, Path(name)))
        store = asyncio.run(store_alone(args.tables, Path(name)))
    line = {
        "benchmark": "server_setup_parts",
        "bare_request_ms": round(bare_request(args.requests), 3),
        "app_ms_per_table": round(app, 2),
        "app_loop_ms_per_table": round(app_loop, 2),
        **store,
        "route_match_us": route_matching(),
        "tables": args.tables,
        "requests": args.requests,
        "load_average_before": before,
    }
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    sys.exit(main())
