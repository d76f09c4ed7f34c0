"""``hanse backup``: a copy of a busy SQLite database is a database a server resumes from, every
table at one consistent version; for PostgreSQL it names pg_dump without the password."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx

from tests.server.api_client import Api
from tests.server.server_process import ServerProcess

BOTS = [{"kind": "bot", "level": "random"}] * 3


def _backup(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from hanse.cli import main; main()", "backup", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_backup_taken_while_bots_play_is_a_database_a_server_resumes(tmp_path: Path) -> None:
    live = tmp_path / "live"
    live.mkdir()
    server = ServerProcess(f"sqlite:///{live / 'tables.sqlite3'}", live).start()
    copies = []
    try:
        api = Api(server.url)
        tables = [api.create("luebeck", BOTS)["id"] for _ in range(6)]
        for number in range(3):  # while the bots write their moves
            copy = tmp_path / f"copy{number}.sqlite3"
            done = _backup(str(copy), "--database-url", server.database_url)
            assert done.returncode == 0, done.stderr
            assert f"copied to {copy}" in done.stdout
            copies.append(copy)
        refused = _backup(str(copies[0]), "--database-url", server.database_url)
        assert refused.returncode == 2 and "exists already" in refused.stderr
        api.close()
    finally:
        server.stop()
    for copy in copies:
        with sqlite3.connect(copy) as reading:
            assert reading.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
            versions = dict(reading.execute("SELECT id, version FROM tables").fetchall())
            moves = reading.execute("SELECT count(*) FROM moves").fetchone()[0]
        assert sorted(versions) == sorted(tables) and moves > 0
        assert not copy.with_name(copy.name + "-wal").exists()
    # A server on the last copy serves every table at the version the copy holds: the move log
    # and the table's row were copied at the same commit.
    restored = tmp_path / "restored"
    restored.mkdir()
    server = ServerProcess(f"sqlite:///{copies[-1]}", restored).start()
    try:
        for table_id in tables:
            answer = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30)
            assert answer.status_code == 200, answer.text
            assert answer.json()["version"] >= versions[table_id]
    finally:
        server.stop()


def test_backup_names_pg_dump_for_postgresql_without_the_password(tmp_path: Path) -> None:
    url = "postgresql+psycopg://hanse:s3cret@db.example:5433/hanse?options=-csearch_path%3Dlive"
    done = _backup(str(tmp_path / "hanse.dump"), "--database-url", url)
    assert done.returncode == 2
    said = " ".join(done.stderr.split())
    assert "s3cret" not in said
    assert (
        f"pg_dump --format=custom --file={tmp_path / 'hanse.dump'} --host=db.example "
        "--port=5433 --username=hanse --schema=live hanse"
    ) in said


def test_backup_says_what_is_missing(tmp_path: Path) -> None:
    done = _backup(str(tmp_path / "copy"), "--database-url", f"sqlite:///{tmp_path / 'none'}")
    assert done.returncode == 2 and "there is no database at" in done.stderr
    assert not (tmp_path / "none").exists()  # looking did not create one
