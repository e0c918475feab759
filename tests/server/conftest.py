"""Fixtures for the server tests: `db_url` runs a test on SQLite and on PostgreSQL.

`pg_url` (session) is a database in a throwaway PostgreSQL cluster (see `pg.py`);
`db_url` gives each test a fresh database: a SQLite file in `tmp_path`, or a new
database in that cluster. Without PostgreSQL the postgresql tests FAIL with an install
hint, unless QUINTET_SKIP_POSTGRES=1, when they skip saying why.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest


def _load_pg() -> ModuleType:
    # Tests run with --import-mode=importlib and tests/ is not a package, so the helper
    # is loaded by path; registering it lets other test modules reach it the same way.
    name = "quintet_tests_server_pg"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("pg.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


pg = _load_pg()


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
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'quintet.sqlite3'}"
    cluster = request.getfixturevalue("pg_cluster")
    url: str = cluster.create_database()
    return url
