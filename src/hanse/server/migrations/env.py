"""Alembic's environment: migrations run on the connection that ``storage.migrate`` hands over."""

from __future__ import annotations

from alembic import context

from hanse.server.models import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through hanse.server.storage.migrate")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
