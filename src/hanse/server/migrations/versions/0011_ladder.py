"""The ladder (issue 33): the programs standing in a game's ladder, the tables its pairing pass
made, and the row whose lock lets one worker at a time pair.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ladder_entries",
        sa.Column("token_id", sa.Integer, sa.ForeignKey("bot_tokens.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("players_class", sa.String(4), primary_key=True),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("paired_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "ladder_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players_class", sa.String(4), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_ladder_tables_game", "ladder_tables", ["game", "players_class", "created_at"]
    )
    passes = op.create_table(
        "ladder_passes",
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("last_at", sa.Float, nullable=False),
    )
    op.bulk_insert(passes, [{"name": "pairing", "last_at": 0.0}])


def downgrade() -> None:
    op.drop_table("ladder_passes")
    op.drop_index("ix_ladder_tables_game", "ladder_tables")
    op.drop_table("ladder_tables")
    op.drop_table("ladder_entries")
