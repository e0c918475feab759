"""The initial schema: tables, seats and the append-only inputs log.

Revision ID: 0001
Revises:
Create Date: 2025-01-01

Written out in full rather than importing `models`: a migration must keep creating exactly
this schema even after the models move on.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | tuple[str, ...] | None = None
depends_on: str | tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_tables"),
        sa.CheckConstraint(
            "status IN ('open', 'running', 'finished', 'aborted')", name="ck_tables_status"
        ),
        sa.CheckConstraint("players >= 1", name="ck_tables_players"),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("level", sa.String(64), nullable=True),
        sa.Column("nickname", sa.Text(), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_seats"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_seats_table_id_tables", ondelete="CASCADE"
        ),
        sa.CheckConstraint("kind IN ('human', 'bot')", name="ck_seats_kind"),
        sa.CheckConstraint("seat >= 0", name="ck_seats_seat"),
    )
    op.create_table(
        "inputs",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("time_ms", sa.BigInteger(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seq", name="pk_inputs"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_inputs_table_id_tables", ondelete="CASCADE"
        ),
        sa.CheckConstraint("seq >= 0", name="ck_inputs_seq"),
        sa.CheckConstraint("time_ms >= 0", name="ck_inputs_time_ms"),
    )


def downgrade() -> None:
    op.drop_table("inputs")
    op.drop_table("seats")
    op.drop_index("ix_tables_status", table_name="tables")
    op.drop_table("tables")
