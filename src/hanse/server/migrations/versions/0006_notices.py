"""Turn notices: an account's notice settings and the outbox their messages leave through.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_settings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("webhook_url", sa.String(500), nullable=True),
        sa.Column("webhook_secret", sa.String(64), nullable=True),
        sa.Column("live", sa.String(8), nullable=False),
        sa.Column("async", sa.String(8), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("base_url", sa.String(300), nullable=False),
        sa.Column("digest_at", sa.Float, nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("dedup", sa.String(200), nullable=False, unique=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("version", sa.Integer, nullable=True),
        sa.Column("address", sa.String(500), nullable=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("due_at", sa.Float, nullable=False),
        sa.Column("lease_until", sa.Float, nullable=True),
        sa.Column("holder", sa.String(64), nullable=True),
        sa.Column("last_error", sa.String(300), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("done_at", sa.Float, nullable=True),
    )
    op.create_index("ix_outbox_due", "outbox", ["status", "due_at"])
    op.create_index("ix_outbox_account", "outbox", ["account_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_outbox_account", "outbox")
    op.drop_index("ix_outbox_due", "outbox")
    op.drop_table("outbox")
    op.drop_table("notice_settings")
