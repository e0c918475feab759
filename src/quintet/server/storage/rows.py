"""What the store keeps, as plain frozen rows, and the errors it raises.

No database code here: the hub, the runner and the tests build and read these rows.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from quintet.core.types import JSON, JSONDict

#: A table's life: open (seats being claimed) -> running -> finished, or aborted.
Status = Literal["open", "running", "finished", "aborted"]
STATUSES: tuple[Status, ...] = ("open", "running", "finished", "aborted")
#: Who sits in a seat: a person (claimed with a nickname and token) or a bot at a level.
SeatKind = Literal["human", "bot"]
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "bot")
#: Seeds are stored as a signed 64-bit BIGINT on both backends.
SEED_LIMIT = 2**63


class StorageError(Exception):
    """A storage operation was refused or failed; the message names the table and the rule."""


class DuplicateInput(StorageError):
    """`append_input` was given a seq that is already stored: the log is append-only."""


def new_table_id() -> str:
    """A fresh table id: 12 url-safe random characters (72 bits)."""
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    """The sha256 hex digest stored for a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of a table.

    For `NewTable.seats` give only `seat`, `kind` and (for a bot) `level`; `nickname`,
    `token_hash` and `joined_at` stay None until `Store.claim_seat` fills them.
    """

    seat: int
    kind: SeatKind
    level: str | None = None
    nickname: str | None = None
    token_hash: str | None = None
    joined_at: datetime | None = None

    @property
    def free(self) -> bool:
        """A human seat nobody has claimed yet."""
        return self.kind == "human" and self.nickname is None


@dataclass(frozen=True, slots=True)
class NewTable:
    """What `Store.create_table` stores; the status starts "open".

    `seats[i].seat` must be `i`; `players` is `len(seats)`. `settings` holds table-level
    settings (not game options), e.g. `{"zombie_after_s": 60.0}`. `created_at` defaults
    to now (UTC). `seed` must fit a signed 64-bit int (`secrets.randbits(63)` does).
    """

    id: str
    game: str
    options: JSONDict
    seed: int
    seats: tuple[SeatRow, ...]
    settings: JSONDict = field(default_factory=dict)
    created_at: datetime | None = None

    @property
    def players(self) -> int:
        return len(self.seats)


@dataclass(frozen=True, slots=True)
class TableRow:
    """A stored table with its seats (ordered by seat). Timestamps are aware UTC datetimes."""

    id: str
    game: str
    options: JSONDict
    seed: int
    players: int
    status: Status
    settings: JSONDict
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    result: JSON | None
    seats: tuple[SeatRow, ...]

    @property
    def free_seats(self) -> tuple[int, ...]:
        """The human seats still open to claim."""
        return tuple(s.seat for s in self.seats if s.free)


def check_new_table(table: NewTable) -> None:
    """Raises `StorageError` unless the seats are numbered 0..n-1, each kind is known, every
    bot has a level and the seed fits a signed 64-bit int."""
    where = f"table {table.id!r}"
    if not table.seats:
        raise StorageError(f"{where}: a table needs at least one seat")
    numbers = [s.seat for s in table.seats]
    if numbers != list(range(len(numbers))):
        raise StorageError(f"{where}: seats must be numbered 0..{len(numbers) - 1}, not {numbers}")
    for s in table.seats:
        if s.kind not in SEAT_KINDS:
            raise StorageError(f"{where}: seat {s.seat} kind must be human or bot, not {s.kind!r}")
        if s.kind == "bot" and not s.level:
            raise StorageError(f"{where}: bot seat {s.seat} needs a level")
    if not -SEED_LIMIT <= table.seed < SEED_LIMIT:
        raise StorageError(f"{where}: the seed {table.seed} does not fit a signed 64-bit int")
