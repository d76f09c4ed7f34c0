"""Clocks and vacations: a table's time control, each seat's time left, a seat given to a bot on
time-out, and the days an account is away.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("time_control", sa.JSON, nullable=True))
        batch.add_column(sa.Column("clock_started_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("seconds_left", sa.Float, nullable=True))
        batch.add_column(
            sa.Column("timed_out", sa.Boolean, nullable=False, server_default=sa.false())
        )
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_vacations_account", "account_id"),
    )


def downgrade() -> None:
    op.drop_table("vacations")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timed_out")
        batch.drop_column("seconds_left")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_started_at")
        batch.drop_column("time_control")
