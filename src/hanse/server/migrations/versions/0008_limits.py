"""Limits on what piles up (issue 32): who made a table (an account, or a guest's address) and
in which language, so that open waiting tables are counted per creator and the lobby filters by
language.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("lang", sa.String(8), nullable=True))
        batch.add_column(sa.Column("creator_account", sa.Integer, nullable=True))
        batch.add_column(sa.Column("creator_address", sa.String(64), nullable=True))
        batch.create_index("ix_tables_creator", ["status", "creator_address"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_creator")
        batch.drop_column("creator_address")
        batch.drop_column("creator_account")
        batch.drop_column("lang")
