"""A database already at the newest migration is recognised without Alembic (a server restart
then never imports it); one behind is still migrated by Alembic, up to the head."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import sqlalchemy as sa
from alembic import command

from hanse.server import storage

MIGRATE_AND_SAY = (
    "import sys\n"
    "from hanse.server import storage\n"
    "engine = storage.create_engine(sys.argv[1])\n"
    "storage.migrate(engine)\n"
    "print('alembic' in sys.modules)\n"
)


def _migrate_in_a_new_process(url: str) -> bool:
    """Migrate in a process of its own; whether it imported Alembic to do so."""
    said = subprocess.run(
        [sys.executable, "-c", MIGRATE_AND_SAY, url], capture_output=True, text=True, check=True
    )
    return said.stdout.strip() == "True"


def _version(url: str) -> list[str]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(sa.text("SELECT version_num FROM alembic_version"))
            return [row[0] for row in rows]
    finally:
        engine.dispose()


def test_the_head_read_from_the_scripts_is_alembics() -> None:
    assert storage.scripts_head() is not None
    assert storage.scripts_head() == storage.head_revision()


def test_a_new_database_is_migrated_by_alembic_and_then_found_at_head_without_it(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    assert _migrate_in_a_new_process(url) is True
    assert _version(url) == [storage.head_revision()]
    assert _migrate_in_a_new_process(url) is False
    assert _version(url) == [storage.head_revision()]


def test_a_database_one_migration_behind_is_migrated_to_the_head(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'behind.sqlite3'}"
    engine = storage.create_engine(url)
    try:
        with engine.begin() as connection:
            command.upgrade(storage._alembic_config(connection), "head-1")
        behind = _version(url)
        assert behind != [storage.head_revision()]
        storage.migrate(engine)
        assert _version(url) == [storage.head_revision()]
    finally:
        engine.dispose()
