"""Bot seats (issue 15): exactly one worker thinks about a bot decision (a lease in the
database), a lease left by a dead worker runs out, and bots play on after a restart."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

from hanse.server import storage
from hanse.server.errors import ApiError
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService
from tests.server.api_client import Api, play_until_over
from tests.server.conftest import make_server


def test_one_bot_decision_is_claimed_by_one_worker_until_its_lease_runs_out(
    database_url: str,
) -> None:
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    first, second = TableService(engine), TableService(engine)  # two workers, one database
    try:
        spec = TableSpec("luebeck", 3, {}, "live", "public", [SeatSpec("bot", "random")] * 3)
        table_id, invites = first.create(spec)
        assert invites == []
        turn = first.claim_bot_turn(table_id, "worker-1", ttl=0.5)
        assert (
            turn is not None
            and turn.legal
            and turn.view == first.live(table_id).game.view(first.live(table_id).state, turn.seat)
        )
        assert second.claim_bot_turn(table_id, "worker-2", ttl=0.5) is None
        assert first.claim_bot_turn(table_id, "worker-1", ttl=0.5) is None
        time.sleep(0.6)  # worker-1 died while thinking: its lease runs out
        taken_over = second.claim_bot_turn(table_id, "worker-2", ttl=30)
        assert taken_over is not None and taken_over.version == turn.version
        done = second.submit(table_id, taken_over.seat, taken_over.legal[0], turn.version, True)
        assert done.payload["version"] == turn.version + 1
        # the late first worker's move is refused: the decision was made
        late = first.claim_bot_turn(table_id, "worker-1", ttl=30)
        assert late is None or late.version == turn.version + 1
    finally:
        engine.dispose()


def test_a_person_cannot_move_for_a_bot_seat(database_url: str) -> None:
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    service = TableService(engine)
    try:
        spec = TableSpec("luebeck", 3, {}, "live", "public", [SeatSpec("bot", "random")] * 3)
        table_id, _ = service.create(spec)
        live = service.live(table_id)
        legal = live.game.action_to_str(live.game.legal_actions(live.state)[0])
        with pytest.raises(ApiError, match="a bot's"):
            service.submit(table_id, live.decider, legal, live.version)
    finally:
        engine.dispose()


def test_bots_play_on_after_the_server_is_killed(tmp_path: Path) -> None:
    server, _ = make_server("sqlite", tmp_path)
    try:
        server.start()
        api = Api(server.url)
        seats = [
            {"kind": "human"},
            {"kind": "bot", "level": "random"},
            {"kind": "bot", "level": "easy"},
        ]
        created = api.create("luebeck", seats)
        token = api.join(created["invites"][0]["url"], "Anna")["token"]
        play_until_over(api, created["id"], token, random.Random(2), stop_after=3)
        server.kill()
        server.restart()
        final = play_until_over(Api(server.url), created["id"], token, random.Random(3))
        assert final["status"] == "finished"
    finally:
        server.stop()


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def test_bot_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    """Killed with -9 alone (not its process group), the server cannot shut its bot pool down;
    the workers notice their parent is gone and end instead of idling on as orphans."""
    server, _ = make_server("sqlite", tmp_path)
    try:
        server.start()
        api = Api(server.url)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
        created = api.create("kogge", seats)
        token = api.join(created["invites"][0]["url"], "Anna")["token"]
        play_until_over(api, created["id"], token, random.Random(2), stop_after=2)
        assert server.process is not None
        workers = _children(server.process.pid)
        assert workers, "the bots thought in worker processes"
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=30)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
            time.sleep(0.2)
        alive = [w for w in workers if Path(f"/proc/{w}/stat").exists()]
        zombies = [w for w in alive if Path(f"/proc/{w}/stat").read_text().split(") ")[1][0] == "Z"]
        assert sorted(alive) == sorted(zombies)
    finally:
        server.stop()
