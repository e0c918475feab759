"""Table leases for the multi-process mode: leases, lease_history and inputs.epoch.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

Written out in full rather than importing `models` (see 0001).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | tuple[str, ...] | None = None
depends_on: str | tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("owner", sa.Text(), nullable=False),
        sa.Column("epoch", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="pk_leases"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_leases_table_id_tables", ondelete="CASCADE"
        ),
        sa.CheckConstraint("epoch >= 1", name="ck_leases_epoch"),
    )
    op.create_index("ix_leases_expires_at", "leases", ["expires_at"])
    op.create_table(
        "lease_history",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("epoch", sa.BigInteger(), nullable=False),
        sa.Column("owner", sa.Text(), nullable=False),
        sa.Column("acquired_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "epoch", name="pk_lease_history"),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name="fk_lease_history_table_id_tables",
            ondelete="CASCADE",
        ),
    )
    # A nullable column without a default: SQLite adds it in place, no table rebuild.
    op.add_column("inputs", sa.Column("epoch", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("inputs") as batch:
        batch.drop_column("epoch")
    op.drop_table("lease_history")
    op.drop_index("ix_leases_expires_at", table_name="leases")
    op.drop_table("leases")
