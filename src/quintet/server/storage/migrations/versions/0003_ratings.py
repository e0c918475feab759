"""Ratings on the server: players, ratings, rating_history, rated_tables, seats.player_key_id.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

Written out in full rather than importing `models` (see 0001).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | tuple[str, ...] | None = None
depends_on: str | tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("key_id", sa.String(32), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("nickname", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key_id", name="pk_players"),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("subject", sa.String(80), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game", "subject", name="pk_ratings"),
    )
    op.create_table(
        "rating_history",
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("subject", sa.String(80), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game", "subject", "table_id", name="pk_rating_history"),
    )
    op.create_table(
        "rated_tables",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="pk_rated_tables"),
    )
    # A nullable column without a default: SQLite adds it in place, no table rebuild.
    op.add_column("seats", sa.Column("player_key_id", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("player_key_id")
    op.drop_table("rated_tables")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_table("players")
