"""`create_app(settings)`: the FastAPI app, whose lifespan owns the store and the hub.

On start it opens (and migrates) the store and resumes every unfinished table from its
stored inputs; on exit it cancels the runners and closes the store, so Ctrl-C and
SIGTERM lose nothing that was acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from quintet import __version__
from quintet.server import api, echo, ratings, web, ws
from quintet.server.errors import HubError
from quintet.server.hub import Hub
from quintet.server.idle import abandon_forever
from quintet.server.limits import BodyLimit, RateLimit
from quintet.server.settings import Settings
from quintet.server.storage import StorageError, Store

log = logging.getLogger(__name__)


async def join_cluster(hub: Hub, store: Store, settings: Settings) -> int:
    """Make this process a member of the cluster of `settings.redis_url`; returns how many
    orphaned tables it took over. Raises `BusDown` when Redis does not answer."""
    from quintet.server.cluster.node import Cluster, default_name

    assert settings.redis_url is not None
    name = settings.process_name or default_name()
    hub.cluster = Cluster(hub, store, settings.redis_url, name, settings.lease_ttl_s)
    return await hub.cluster.start()


def create_app(settings: Settings) -> FastAPI:
    """The server's app for these settings (nothing is opened until its lifespan starts)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(settings.db_url)
        hub = Hub(store, settings)
        app.state.hub = hub
        try:
            if settings.redis_url is None:
                resumed = await hub.resume()
            else:  # a cluster: this process resumes only the tables nobody holds
                resumed = await join_cluster(hub, store, settings)
            log.info("quintet server ready (%s); %d table(s) resumed", store.backend, resumed)
            # Everything made so far (modules, the word list, FastAPI's routes: some 100,000
            # objects) lives as long as the server. Moving it out of the collector's reach
            # keeps each full collection, which stops every table at once, short.
            gc.freeze()
            expiring = asyncio.create_task(hub.expire_forever(), name="expire open tables")
            abandoning = asyncio.create_task(abandon_forever(hub), name="end abandoned tables")
            try:
                yield
            finally:
                for task in (expiring, abandoning):
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
        finally:
            if hub.cluster is not None:
                await hub.cluster.close()  # stops the runners, then gives the tables back
            await hub.close()
            await store.close()
            log.info("quintet server stopped cleanly")

    app = FastAPI(
        title="Quintet",
        version=__version__,
        summary="Five fast card and tile games: lobby, live tables over WebSockets, replays.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.create_limit = RateLimit(settings.create_per_minute, settings.create_burst)
    app.state.hint_limit = RateLimit(settings.hints_per_minute, settings.hints_burst)
    app.state.player_limit = RateLimit(settings.create_per_minute, settings.create_burst)
    app.add_exception_handler(HubError, api.hub_error)
    app.add_exception_handler(RequestValidationError, api.validation_error)
    app.add_exception_handler(StarletteHTTPException, api.http_error)
    app.add_exception_handler(StorageError, api.storage_error)
    app.add_exception_handler(Exception, api.server_error)
    # WebSockets only: each connection's writer sends straight to uvicorn (ws.py).
    app.add_middleware(ws.KeepServerSend)
    # Outermost (added last): a body over the limit is refused before anything reads it.
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes, refuse=api.refusal)
    # Matched in this order: the table's WebSocket first (one route, and the most opened).
    app.include_router(ws.router)
    app.include_router(api.router)
    app.include_router(ratings.router)
    if settings.bench_echo:
        # The benchmark's baseline (bench/server_load.py); absent unless asked for.
        app.include_router(echo.router)

    # The browser front end: the page at /, /t/{id}, /replay/{id}, its files at /static.
    web.mount_web(app)

    return app
