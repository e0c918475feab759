"""`serve(settings)`: run the server under uvicorn until Ctrl-C or SIGTERM.

uvicorn's own signal handlers start a graceful shutdown: connections are closed, then
the app's lifespan exit cancels the runners and closes the store. After that uvicorn
raises the signal again; SIGTERM then ends `serve` normally (exit 0) and Ctrl-C
raises KeyboardInterrupt, which the CLI reports as "Interrupted." (exit 130).
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import threading
import time
import webbrowser
from typing import Final

import uvicorn

from quintet.server.app import create_app
from quintet.server.http import protocol_for
from quintet.server.logs import log_config
from quintet.server.settings import Settings
from quintet.server.storage import Store

#: Largest WebSocket frame uvicorn reads at all; the app answers anything above
#: `max_message_bytes` with "too_big", so this only bounds memory.
WS_MAX_SIZE: Final = 1 << 20
#: The largest request line and headers read (server/http.py); more is a 400.
MAX_HEADER_BYTES: Final = 16_384
#: Seconds an idle keep-alive connection stays open.
KEEP_ALIVE_S: Final = 5
#: Seconds a shutdown waits for connections and tasks before cancelling them.
GRACEFUL_S: Final = 5
#: Collections of generation 1 between two full collections (Python's default: 10).
FULL_GC_EVERY: Final = 100
#: Seconds a thread waiting for the GIL lets the running one go on before asking it to
#: hand over (Python's default: 0.005).
GIL_SWITCH_S: Final = 0.0005


def config(settings: Settings, log_level: str = "info") -> uvicorn.Config:
    return uvicorn.Config(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        log_config=log_config(log_level),
        ws_max_size=max(WS_MAX_SIZE, 2 * settings.max_message_bytes),
        # Compressing every view for every connection cost more CPU (and latency) than the
        # few kilobytes it saves: bench/server_load.py measured it (docs/benchmarks.md).
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=GRACEFUL_S,
        # Slow and idle clients: a whole request (headers and body) must come within
        # header_timeout_s (its head and its trailers at most MAX_HEADER_BYTES each; see
        # server/http.py), an idle keep-alive connection closes after KEEP_ALIVE_S, and
        # past max_connections (HTTP and WebSocket together) uvicorn answers 503.
        http=protocol_for(settings.header_timeout_s, MAX_HEADER_BYTES),
        timeout_keep_alive=KEEP_ALIVE_S,
        limit_concurrency=settings.max_connections,
        lifespan="on",
    )


def check_database(url: str) -> None:
    """Open (and migrate) the database once, before serving, so a wrong URL or a database
    that is down is one clear error. Raises `StorageError` naming the URL's problem."""

    async def check() -> None:
        store = await Store.open(url)
        await store.close()

    asyncio.run(check())


def check_redis(url: str, name: str | None = None) -> None:
    """Ping the cluster's Redis once before serving, so a wrong URL, a wrong password, a
    Redis that is down or a process name already in use is one clear error. Raises
    `BusDown` naming the problem."""
    from quintet.server.cluster.bus import ping

    asyncio.run(ping(url, name))


def address(settings: Settings) -> str:
    """The address a person opens: a server listening on every interface is reached on
    this machine through the loopback address."""
    host = "127.0.0.1" if settings.host in ("0.0.0.0", "", "::") else settings.host
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{settings.port}/"


def browser_available() -> bool:
    """Whether a graphical browser can be opened: on Linux only in a desktop session, since
    `webbrowser` would otherwise take over the terminal with a text browser."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False
    try:
        webbrowser.get()
    except webbrowser.Error:
        return False
    return True


def _announce_when_listening(server: uvicorn.Server, url: str, open_browser: bool) -> None:
    """Wait until uvicorn listens, then say the address (and open it when asked)."""
    deadline = time.monotonic() + 60
    while not server.started:
        if server.should_exit or time.monotonic() > deadline:
            return
        time.sleep(0.05)
    print(f"\nQuintet is running: open {url} in your browser (Ctrl-C stops it).\n", file=sys.stderr)
    if open_browser:
        if browser_available():
            webbrowser.open(url)
        else:
            print("(No browser to open here: open the address yourself.)", file=sys.stderr)


def serve(settings: Settings, log_level: str = "info", *, open_browser: bool = False) -> None:
    """Serve until stopped; returns after a clean shutdown on SIGTERM. (`check_database`
    first turns a database problem into one clear error instead of uvicorn's traceback.)"""
    # A full collection stops every table at once for as long as it scans the heap, which
    # grows with the tables and connections held: under load, the default thresholds ran
    # one every few seconds, each a pause of 50-250 ms, the largest single delays an
    # action met. Here ten times fewer, the young generations as before: the server
    # makes little cyclic garbage (about 10,000 objects in a 28 s benchmark run, most of
    # it found by the young collections), so memory is not at stake (docs/benchmarks.md,
    # "The hot path of an action"). The start-up heap is frozen out of every collection
    # once the app has started (app.py).
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_GC_EVERY)
    # The SQLite writer thread needs the GIL a few times per batch (to wake, after its
    # statement, to answer the loop), and a busy event loop holds it: each time, the
    # writer waits out the switch interval. With the loop never idle (bench/
    # store_busy_loop.py) appends had a p99 of 0.1-5 s with the default 5 ms and 16-34 ms
    # with 0.5 ms (docs/benchmarks.md, "The hot path of an action"). The interval only
    # matters while another thread waits for the GIL.
    sys.setswitchinterval(GIL_SWITCH_S)
    server = uvicorn.Server(config(settings, log_level))
    threading.Thread(
        target=_announce_when_listening,
        args=(server, address(settings), open_browser),
        name="announce",
        daemon=True,
    ).start()
    previous = signal.getsignal(signal.SIGTERM)
    # uvicorn re-raises the signal that stopped it once it has shut down; for SIGTERM
    # the shutdown is the whole point, so it should end the process normally.
    signal.signal(signal.SIGTERM, lambda number, frame: None)
    try:
        server.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
    if not server.started:
        raise SystemExit(1)  # uvicorn has logged why (e.g. the port is taken)
