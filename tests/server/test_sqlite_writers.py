"""SQLite's writers queue on the server's own lock (``storage._OneWriter``), not in SQLite's busy
handler, which sleeps up to 100 ms between tries: a transaction holds the lock from its first
write until its commit or rollback is done, a connection given back without either gives it
back too, and many threads writing at once all get through."""

from __future__ import annotations

import threading
from pathlib import Path

import sqlalchemy as sa

from hanse.server import storage


def _engine(tmp_path: Path) -> sa.Engine:
    engine = storage.create_engine(f"sqlite:///{tmp_path / 'writers.sqlite3'}")
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER)"))
        conn.execute(sa.text("INSERT INTO counter VALUES (1, 0)"))
    return engine


def _free_for_another_thread(lock: threading.RLock) -> bool:
    free: list[bool] = []

    def probe() -> None:
        got = lock.acquire(blocking=False)
        free.append(got)
        if got:
            lock.release()

    thread = threading.Thread(target=probe)
    thread.start()
    thread.join()
    return free[0]


def test_postgresql_engines_have_no_lock_of_ours() -> None:
    engine = storage.create_engine("postgresql://nobody@127.0.0.1:1/none")
    assert storage.write_lock(engine) is None


def test_a_write_holds_the_lock_until_its_commit_and_reads_never_take_it(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    lock = storage.write_lock(engine)
    assert lock is not None and _free_for_another_thread(lock)
    with engine.connect() as conn:
        conn.execute(sa.text("SELECT n FROM counter")).scalar()
        assert _free_for_another_thread(lock)  # a read takes no write lock
    with engine.begin() as conn:
        conn.execute(sa.text("SELECT n FROM counter")).scalar()
        assert _free_for_another_thread(lock)
        conn.execute(sa.text("UPDATE counter SET n = n + 1"))
        assert not _free_for_another_thread(lock)
        conn.execute(sa.text("UPDATE counter SET n = n + 1"))  # the same writer goes on
    assert _free_for_another_thread(lock)


def test_a_rollback_and_a_connection_given_back_unfinished_free_the_lock(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    lock = storage.write_lock(engine)
    assert lock is not None
    with engine.connect() as conn:
        conn.execute(sa.text("UPDATE counter SET n = 5"))
        assert not _free_for_another_thread(lock)
        conn.rollback()
        assert _free_for_another_thread(lock)
    with engine.connect() as conn:
        conn.execute(sa.text("UPDATE counter SET n = 7"))
    # Closed without commit: the pool rolled it back, and the lock is free.
    assert _free_for_another_thread(lock)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT n FROM counter")).scalar() == 0
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE counter SET n = 9"))
            raise RuntimeError("the move failed after its first write")
    except RuntimeError:
        pass
    assert _free_for_another_thread(lock)


def test_many_threads_writing_at_once_all_get_through(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    failures: list[Exception] = []

    def add(times: int) -> None:
        try:
            for _ in range(times):
                with engine.begin() as conn:
                    conn.execute(sa.text("UPDATE counter SET n = n + 1"))
                    conn.execute(sa.text("UPDATE counter SET n = n + 1"))
        except Exception as error:  # noqa: BLE001 - any failure fails the test below
            failures.append(error)

    threads = [threading.Thread(target=add, args=(50,)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT n FROM counter")).scalar() == 800
    lock = storage.write_lock(engine)
    assert lock is not None and _free_for_another_thread(lock)
