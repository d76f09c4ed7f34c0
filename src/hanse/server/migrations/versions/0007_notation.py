"""Upgrades keep games: every table names the notation its moves are written in; Kogge's tables
of notations 1 and 2 are carried over to notation 3 (``stored_upgrade.py``), their old rows kept
in ``moves_old`` and ``table_events_old``; a table the current rules would have played otherwise
is finished with a ``notice`` saying why.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        # Every table stored so far is of notation 1 as far as the database knows (stored_upgrade
        # tells Kogge's notation 2 by its moves).
        batch.add_column(sa.Column("notation", sa.Integer, nullable=False, server_default="1"))
        batch.add_column(sa.Column("notice", sa.Text, nullable=True))
    op.create_table(
        "moves_old",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("player", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("undone", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("notation", sa.Integer, nullable=False),
    )
    op.create_table(
        "table_events_old",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("undone_seq", sa.Integer, nullable=True),
        sa.Column("by_seat", sa.Integer, nullable=True),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    # The rules of today carry the stored moves over (a migration of data, not of the schema).
    from hanse.server.stored_upgrade import upgrade_stored_tables

    upgrade_stored_tables(op.get_bind())


def downgrade() -> None:
    # The kept rows go back in place, so the older Hanse reads its tables as it wrote them (the
    # versions only grow: they stay as they are).
    conn = op.get_bind()
    kept = sa.text("SELECT DISTINCT table_id FROM moves_old")
    for (table_id,) in conn.execute(kept).all():
        ids = {"t": table_id}
        conn.execute(sa.text("DELETE FROM moves WHERE table_id = :t"), ids)
        conn.execute(sa.text("DELETE FROM table_events WHERE table_id = :t"), ids)
        conn.execute(
            sa.text(
                "INSERT INTO moves (table_id, seq, player, action, undone, created_at) "
                "SELECT table_id, seq, player, action, undone, created_at FROM moves_old "
                "WHERE table_id = :t"
            ),
            ids,
        )
        conn.execute(
            sa.text(
                "INSERT INTO table_events SELECT table_id, seq, kind, seat, undone_seq, by_seat, "
                "level, created_at FROM table_events_old WHERE table_id = :t"
            ),
            ids,
        )
        conn.execute(
            sa.text(
                "UPDATE tables SET seq = (SELECT MAX(seq) FROM (SELECT seq FROM moves_old WHERE "
                "table_id = :t UNION SELECT seq FROM table_events_old WHERE table_id = :t) AS s) "
                "WHERE id = :t"
            ),
            ids,
        )
    op.drop_table("table_events_old")
    op.drop_table("moves_old")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("notice")
        batch.drop_column("notation")
