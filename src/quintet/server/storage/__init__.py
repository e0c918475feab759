"""Storage for the game server: tables, seats and the append-only input log.

The same code runs on SQLite (the embedded default) and PostgreSQL; the schema is
created and upgraded by the Alembic scripts shipped in `migrations/`. `rows.py` holds
what is stored, `engine.py` the connection and migrations, `store.py` the queries,
`appends.py` the input log's group commit (committed by `sqlite_writer.py` or
`pg_writer.py`), `leases.py` table leases with fencing (several processes), and
`interface.py` the `Storage` and `Leasing` protocols the hub and the runner depend on.
"""

from quintet.server.storage.interface import Leasing, Storage
from quintet.server.storage.leases import Lease, LeaseLost
from quintet.server.storage.rows import (
    DuplicateInput,
    NewTable,
    SeatRow,
    StorageError,
    TableRow,
    hash_token,
    new_table_id,
)
from quintet.server.storage.store import Store

__all__ = [
    "DuplicateInput",
    "Lease",
    "LeaseLost",
    "Leasing",
    "NewTable",
    "SeatRow",
    "Storage",
    "StorageError",
    "Store",
    "TableRow",
    "hash_token",
    "new_table_id",
]
