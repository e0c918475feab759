"""`Storage`: what the hub and the runner need from a store (`Store` is the one in use;
tests may pass an in-memory one). Every method has committed when it returns and raises
`StorageError` when the database refuses or fails."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal, Protocol

from quintet.core.inputs import Input
from quintet.core.types import JSON
from quintet.server.storage.leases import Lease
from quintet.server.storage.rows import NewTable, Status, TableRow


class Storage(Protocol):
    """Tables, seats and the append-only input log (see `Store` for each method's rules)."""

    @property
    def backend(self) -> Literal["sqlite", "postgresql"]: ...

    async def close(self) -> None: ...

    async def create_table(self, table: NewTable) -> None: ...

    async def table(self, table_id: str) -> TableRow | None: ...

    async def open_tables(self, game: str | None = None) -> list[TableRow]: ...

    async def page(
        self,
        status: Status,
        *,
        game: str | None = None,
        free_only: bool = False,
        limit: int = 50,
        after: str | None = None,
    ) -> list[TableRow]: ...

    async def expire_open(self, idle_since: datetime) -> list[str]: ...

    async def unfinished(self) -> list[TableRow]: ...

    async def claim_seat(
        self,
        table_id: str,
        seat: int,
        nickname: str,
        token_hash: str,
        *,
        joined_at: datetime | None = None,
        key_id: str | None = None,
        one_seat_per_key: bool = False,
    ) -> bool: ...

    async def set_status(
        self,
        table_id: str,
        status: Status,
        *,
        started_at: datetime | None = None,
        finished_at: datetime | None = None,
        result: JSON | None = None,
        only_from: Status | None = None,
    ) -> bool: ...

    async def set_settings(self, table_id: str, settings: JSON) -> None: ...

    async def append_input(self, table_id: str, seq: int, inp: Input) -> None: ...

    async def input_count(self, table_id: str) -> int: ...

    async def inputs(self, table_id: str) -> list[Input]: ...


class Leasing(Protocol):
    """Table leases with fencing, for the multi-process mode (see `leases.py` for the rules)."""

    async def acquire_lease(self, table_id: str, owner: str, ttl_s: float) -> int | None: ...

    async def renew_leases(
        self, owner: str, table_ids: Sequence[str], ttl_s: float
    ) -> set[str]: ...

    async def release_lease(self, table_id: str, owner: str) -> None: ...

    async def lease(self, table_id: str) -> Lease | None: ...

    async def lease_history(self, table_id: str) -> list[tuple[int, str]]: ...

    async def input_epochs(self, table_id: str) -> list[int | None]: ...

    async def orphaned_tables(self, limit: int = 100) -> list[str]: ...

    def fence(self, table_id: str, owner: str, epoch: int) -> None: ...

    def unfence(self, table_id: str) -> None: ...
