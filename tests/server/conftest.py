"""Fixtures for the server tests: `db_url` runs a test on SQLite and on PostgreSQL.

`pg_url` (session) is a database in a throwaway PostgreSQL cluster (see `pg.py`);
`db_url` gives each test a fresh database: a SQLite file in `tmp_path`, or a new
database in that cluster. Without PostgreSQL the postgresql tests FAIL with an install
hint, unless QUINTET_SKIP_POSTGRES=1, when they skip saying why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.server import pg


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[object]:
    """The session's PostgreSQL cluster (a `pg.PgCluster`), stopped when the session ends."""
    missing: str | None = None
    try:
        cluster = pg.PgCluster.start()
    except pg.PostgresMissing as error:
        missing = str(error)
    # Outside the except block, so the report is the message alone, not a chained trace.
    if missing is not None:
        if os.environ.get(pg.SKIP_ENV) == "1":
            pytest.skip(f"PostgreSQL tests SKIPPED ({pg.SKIP_ENV}=1): {missing}")
        pytest.fail(f"{missing}: {pg.INSTALL_HINT}", pytrace=False)
    # try/finally in a yield fixture: the cluster stops however the tests ended.
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def pg_url(pg_cluster: object) -> str:
    """An asyncpg URL to a database of the session's cluster."""
    url: str = pg_cluster.create_database("quintet")  # type: ignore[attr-defined]
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database URL for one test, on each backend in turn."""
    return pg.backend_url(request, tmp_path)


@pytest.fixture
def redis_server() -> Iterator[object]:
    """A throwaway redis-server for one test (a `redis_server.RedisServer`); without
    redis-server the test FAILS with the install hint."""
    from tests.server.redis_server import RedisMissing, RedisServer

    missing: str | None = None
    try:
        server = RedisServer.start()
    except RedisMissing as error:
        missing = str(error)
    if missing is not None:
        pytest.fail(missing, pytrace=False)
    try:
        yield server
    finally:
        server.stop()
