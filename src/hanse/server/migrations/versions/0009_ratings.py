"""Programs at the tables and ratings (issue 33): an account's bot tokens, the token a seat was
taken with, the ratings per game and player-count class with their history, and whether a
table was rated (the tables finished before this revision are not: they count as unrated).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_bot_tokens_account", "bot_tokens", ["account_id"])
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("players_class", sa.String(4), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("subject", sa.String(40), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players_class", sa.String(4), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("left", sa.Boolean, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_rating_history_subject", "rating_history", ["subject", "game", "created_at"]
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot_token", sa.Integer, nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=True))
    tables = sa.table("tables", sa.column("status", sa.String), sa.column("rated", sa.Boolean))
    op.execute(tables.update().where(tables.c.status == "finished").values(rated=False))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_token")
    op.drop_index("ix_rating_history_subject", "rating_history")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_index("ix_bot_tokens_account", "bot_tokens")
    op.drop_table("bot_tokens")
