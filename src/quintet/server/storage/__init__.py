"""Storage for the game server: tables, seats and the append-only input log.

The same code runs on SQLite (the embedded default) and PostgreSQL; the schema is
created and upgraded by the Alembic scripts shipped in `migrations/`.
"""

from quintet.server.storage.store import (
    DuplicateInput,
    NewTable,
    SeatRow,
    StorageError,
    Store,
    TableRow,
)

__all__ = ["DuplicateInput", "NewTable", "SeatRow", "StorageError", "Store", "TableRow"]
