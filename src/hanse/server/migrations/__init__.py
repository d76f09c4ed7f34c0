"""Alembic migrations of the server's database (run by ``hanse serve`` before it listens)."""
