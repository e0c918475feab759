"""The database schema as SQLAlchemy Core tables (what the store queries).

The migration scripts in `migrations/versions/` create the same schema on their own
(a migration must not change when these models later do); `tests/server/test_store.py`
checks that the two agree.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    Column,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)
from sqlalchemy.types import TypeDecorator

# Named constraints, so a later migration can drop or alter them by name on either backend.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING_CONVENTION)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on both backends.

    PostgreSQL keeps the zone (timestamptz); SQLite has no zone type, so UTC is stored
    naive and the zone put back on read. Naive datetimes are refused rather than guessed.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"timestamps must be timezone-aware (UTC), not naive {value!r}")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("players", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    # Table-level settings (e.g. zombie_after_s), not game options.
    Column("settings", JSON, nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
    Column("started_at", UTCDateTime, nullable=True),
    Column("finished_at", UTCDateTime, nullable=True),
    # none_as_null: a Python None means "no result yet" (SQL NULL), not the JSON value null.
    Column("result", JSON(none_as_null=True), nullable=True),
    CheckConstraint("status IN ('open', 'running', 'finished', 'aborted')", name="status"),
    CheckConstraint("players >= 1", name="players"),
    # The lobby lists "open" tables and a restart lists "running" ones.
    Index("ix_tables_status", "status"),
)

seats = Table(
    "seats",
    metadata,
    Column(
        "table_id",
        String(32),
        ForeignKey("tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("level", String(64), nullable=True),
    Column("nickname", Text, nullable=True),
    # sha256 hex of the seat token; the token itself is never stored.
    Column("token_hash", String(64), nullable=True),
    Column("joined_at", UTCDateTime, nullable=True),
    # The player key (players.key_id) the seat was joined with, if any: what it is rated as.
    Column("player_key_id", String(32), nullable=True),
    CheckConstraint("kind IN ('human', 'bot')", name="kind"),
    CheckConstraint("seat >= 0", name="seat"),
)

inputs = Table(
    "inputs",
    metadata,
    Column(
        "table_id",
        String(32),
        ForeignKey("tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    # The primary key (table_id, seq) is what refuses a second input with the same seq.
    Column("seq", Integer, primary_key=True),
    # Game time in ms since the game started (Input.time).
    Column("time_ms", BigInteger, nullable=False),
    # None = the host (ticks).
    Column("seat", Integer, nullable=True),
    Column("action", JSON, nullable=False),
    # The lease epoch under which the input was stored (leases.py); NULL when appended
    # without a fence (one process alone).
    Column("epoch", BigInteger, nullable=True),
    CheckConstraint("seq >= 0", name="seq"),
    CheckConstraint("time_ms >= 0", name="time_ms"),
)

# One row per leased table: who runs it (in the multi-process mode) and until when. The
# epoch grows by one at each change of holder; appends under a fence check it (leases.py).
leases = Table(
    "leases",
    metadata,
    Column(
        "table_id",
        String(32),
        ForeignKey("tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("owner", Text, nullable=False),
    Column("epoch", BigInteger, nullable=False),
    # Set and compared with the database's clock only, never a process's.
    Column("expires_at", UTCDateTime, nullable=False),
    CheckConstraint("epoch >= 1", name="epoch"),
    # The cluster's takeover scan looks for expired leases.
    Index("ix_leases_expires_at", "expires_at"),
)

# Append-only: one row per epoch a table's lease ever had, so that the record itself shows
# that no table had two holders at once (the primary key allows one owner per epoch).
lease_history = Table(
    "lease_history",
    metadata,
    Column(
        "table_id",
        String(32),
        ForeignKey("tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("epoch", BigInteger, primary_key=True),
    Column("owner", Text, nullable=False),
    Column("acquired_at", UTCDateTime, nullable=False),
)

# A player key: the browser keeps the secret; only its sha256 hex is stored (ratings.py).
players = Table(
    "players",
    metadata,
    Column("key_id", String(32), primary_key=True),
    Column("key_hash", String(64), nullable=False),
    # The last nickname a seat was joined with under this key (what the leaderboard shows).
    Column("nickname", Text, nullable=True),
    Column("created_at", UTCDateTime, nullable=False),
)

# One rating per game and subject: a player's key_id, or "bot:<level>".
ratings = Table(
    "ratings",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("subject", String(80), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", UTCDateTime, nullable=False),
)

# A subject's rating after each rated table it sat at.
rating_history = Table(
    "rating_history",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("subject", String(80), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", UTCDateTime, nullable=False),
)

# The tables whose result has updated the ratings: the primary key makes it once only.
rated_tables = Table(
    "rated_tables",
    metadata,
    Column("table_id", String(32), primary_key=True),
)
