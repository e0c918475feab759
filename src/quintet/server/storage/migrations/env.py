"""Alembic's environment for the server's schema: run from `Store.open`, never by hand.

`Store.open` builds the Alembic `Config` in code and passes its (sync-adapted) connection
in `config.attributes["connection"]`, so the migration runs inside the store's own
transaction on whichever backend the URL names. No alembic.ini is needed.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from quintet.server.storage.models import metadata


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError(
            "the quintet migrations run through Store.open(url), which passes the connection;"
            " running them from the alembic command line is not supported"
        )
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite cannot ALTER most things: later migrations rebuild tables in batches.
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


# Alembic executes this file with its context established; pytest's --doctest-modules also
# imports it, and then there is nothing to run.
if getattr(context, "_proxy", None) is not None:
    run_migrations()
