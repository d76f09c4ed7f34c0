"""Tournaments (issue 33): the tournaments, their entrants, the rounds seated, the tables of each
round and each entrant's place in a round (its seat or bye, and its result).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("fewest", sa.Integer, nullable=False),
        sa.Column("flags", sa.JSON, nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("time_control", sa.JSON, nullable=False),
        sa.Column("system", sa.String(12), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("organiser", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("least", sa.Integer, nullable=False),
        sa.Column("most", sa.Integer, nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("notice", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status", "created_at"])
    op.create_table(
        "tournament_entrants",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("bot_token", sa.Integer, nullable=True),
        sa.Column("name", sa.String(81), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("tournament_id", "account_id", name="uq_tournament_entrants_account"),
    )
    op.create_table(
        "tournament_rounds",
        sa.Column(
            "tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "tournament_tables",
        sa.Column(
            "tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("board", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=True, unique=True
        ),
    )
    op.create_table(
        "tournament_places",
        sa.Column(
            "tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column(
            "entrant_id",
            sa.Integer,
            sa.ForeignKey("tournament_entrants.id"),
            primary_key=True,
            autoincrement=False,
        ),
        sa.Column("board", sa.Integer, nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("rank", sa.Integer, nullable=True),
        sa.Column("points", sa.Float, nullable=True),
        sa.Column("score", sa.Integer, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("tournament_places")
    op.drop_table("tournament_tables")
    op.drop_table("tournament_rounds")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")
