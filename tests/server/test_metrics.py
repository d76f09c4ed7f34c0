"""Prometheus metrics (issue 32): off unless HANSE_METRICS=1; read from loopback or the networks
HANSE_METRICS_FROM allows; requests by route template and status, move latency, open live
connections, where table reads were answered from, and the bot queue, summed over two workers
(prometheus-client's multiprocess mode)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY, generate_latest
from prometheus_client.parser import text_string_to_metric_families

from hanse.server import metrics
from hanse.server.app import create_app
from hanse.server.settings import Settings
from tests.server.api_client import Api, receive
from tests.server.server_process import (
    REDIS,
    ServerProcess,
    drop_postgres_schema,
    new_postgres_schema,
)

MOVES = "/api/tables/{table_id}/moves"


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of an exposition: (name, sorted labels) -> value."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def moves_answered(text: str, status: str = "200") -> float:
    labels = (("method", "POST"), ("route", MOVES), ("status", status))
    return samples(text).get(("hanse_http_requests_total", labels), 0.0)


def table_reads(text: str) -> dict[str, float]:
    """hanse_table_reads_total by its source."""
    return {
        dict(labels)["source"]: value
        for (name, labels), value in samples(text).items()
        if name == "hanse_table_reads_total"
    }


def app_client(
    tmp_path: Path, address: str, metrics_on: bool = False, metrics_from: str = ""
) -> TestClient:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 't.sqlite3'}",
        secret_key="k" * 32,
        metrics=metrics_on,
        metrics_from=metrics_from,
    )
    return TestClient(create_app(settings), client=(address, 50000))


def test_metrics_are_off_unless_asked_for(tmp_path: Path) -> None:
    with app_client(tmp_path, "127.0.0.1") as client:
        assert client.get("/metrics").status_code == 404


@pytest.mark.parametrize(
    ("address", "allowed", "status"),
    [
        ("127.0.0.1", "", 200),
        ("::1", "", 200),
        ("10.1.2.3", "", 403),
        ("10.1.2.3", "10.0.0.0/8", 200),
        ("192.168.1.5", "10.0.0.0/8, 192.168.1.5", 200),
        ("192.168.1.6", "10.0.0.0/8, 192.168.1.5", 403),
        ("testclient", "", 403),  # no address at all
    ],
)
def test_metrics_are_read_from_loopback_or_allowed_networks(
    tmp_path: Path, address: str, allowed: str, status: int
) -> None:
    with app_client(tmp_path, address, True, allowed) as client:
        response = client.get("/metrics")
    assert response.status_code == status, response.text
    if status == 200:
        assert response.headers["content-type"].startswith("text/plain")
        assert "hanse_websockets_open" in response.text


def test_requests_are_counted_by_route_template_in_one_worker(tmp_path: Path) -> None:
    with app_client(tmp_path, "127.0.0.1", True) as client:
        before = samples(client.get("/metrics").text)
        for table_id in ("abc", "def"):
            client.get(f"/api/tables/{table_id}")
        client.get("/no/such/page", headers={"Accept": "application/json"})
        after = samples(client.get("/metrics").text)
    read = (
        "hanse_http_requests_total",
        (("method", "GET"), ("route", "/api/tables/{table_id}"), ("status", "404")),
    )
    unmatched = (
        "hanse_http_requests_total",
        (("method", "GET"), ("route", "unmatched"), ("status", "404")),
    )
    assert after[read] - before.get(read, 0.0) == 2
    assert after[unmatched] - before.get(unmatched, 0.0) == 1
    assert not any("abc" in str(key) for key in after)


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    schema, url = new_postgres_schema()
    server = ServerProcess(url, tmp_path_factory.mktemp("metrics"), redis_url=REDIS, workers=2)
    server.environ["HANSE_METRICS"] = "1"
    try:
        server.start()
        yield server
    finally:
        server.stop()
        drop_postgres_schema(schema)


def scrape(server: ServerProcess) -> str:
    """/metrics on a new connection (so from either worker)."""
    response = httpx.get(server.url + "/metrics", timeout=10)
    assert response.status_code == 200, response.text
    return response.text


def test_two_workers_sum_their_numbers(two_workers: ServerProcess) -> None:
    api = Api(two_workers.url)
    created = api.create("hansa", [{"kind": "human"}, {"kind": "human"}], visibility="private")
    table_id = created["id"]
    tokens = [
        api.join(invite["url"], name)["token"]
        for invite, name in zip(created["invites"], ["Anna", "Bert"], strict=True)
    ]
    before = moves_answered(scrape(two_workers))
    reads_before = table_reads(scrape(two_workers))
    rng = random.Random(6)
    made = 0
    while made < 12:
        state = api.table(table_id, tokens[0])  # a private table: a player reads it
        mine = api.table(table_id, tokens[state["decider"]])
        choice = rng.choice(mine["legal"])["text"]
        # a new connection per move, so that both workers answer some
        with httpx.Client(base_url=two_workers.url) as once:
            response = once.post(
                f"/api/tables/{table_id}/moves",
                json={"action": choice, "version": mine["version"]},
                headers=api.auth(tokens[state["decider"]]),
            )
        assert response.status_code == 200, response.text
        made += 1
    connections = [api.live(table_id, tokens[n % 2]) for n in range(3)]
    try:
        for connection in connections:
            assert "version" in receive(connection)
        for _ in range(4):  # whichever worker answers, the sums are the same
            text = scrape(two_workers)
            assert moves_answered(text) - before == 12
            found = samples(text)
            assert found[("hanse_websockets_open", ())] == 3
            assert found[("hanse_move_seconds_count", ())] >= 12
            assert ("hanse_bot_queue_length", ()) in found
            reads = table_reads(text)
            assert sum(reads.values()) - sum(reads_before.values()) == 24  # two a move
            assert set(reads) <= {"copy", "heard", "database"}
            # Each move was heard by the other worker: its reads came from its copy
            assert reads.get("heard", 0) - reads_before.get("heard", 0) > 0
    finally:
        for connection in connections:
            connection.close()
    deadline = time.monotonic() + 10
    while samples(scrape(two_workers))[("hanse_websockets_open", ())] != 0:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    api.close()


def test_the_bot_queue_gauge_follows_the_runner() -> None:
    queue = [3]

    async def scenario() -> str:
        watch = asyncio.create_task(metrics.watch_bot_queue(lambda: queue[0]))
        await asyncio.sleep(0.05)
        watch.cancel()
        return generate_latest(REGISTRY).decode()

    assert samples(asyncio.run(scenario()))[("hanse_bot_queue_length", ())] == 3
