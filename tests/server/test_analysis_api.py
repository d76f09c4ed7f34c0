"""``GET /api/tables/{id}/analysis`` over a real server (issue 33): 409 while the game goes on,
404 for no table, then 202 with the progress while it is computed and 200 with the result, the
same as ``hanse analyse`` gives for the record with the server's budget and seed; with two
workers exactly one computes it. The page shows the chart and the largest losses, the replay the
evaluation beside a move; a private table's analysis is its players' and its link holders'."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from hanse.analysis import analyse
from hanse.core.record import MatchRecord
from hanse.server import storage
from hanse.server.analysis_store import AnalysisStore
from tests.server.conftest import make_server
from tests.server.server_process import ServerProcess, drop_postgres_schema

BUDGET = 3
BOTS = [{"kind": "bot", "level": "easy"}] * 3


@pytest.fixture(scope="module", params=["sqlite", "postgres-redis-2-workers"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    process, schema = make_server(request.param, tmp_path_factory.mktemp("analysis"))
    process.environ["HANSE_ANALYSIS_BUDGET"] = str(BUDGET)
    process.start()
    try:
        yield process
    finally:
        process.stop()
        if schema:
            drop_postgres_schema(schema)


def _create(http: httpx.Client, visibility: str = "public") -> dict[str, Any]:
    body = {"game": "luebeck", "players": 3, "flags": {}, "mode": "live", "seats": BOTS}
    created = http.post("/api/tables", json={**body, "visibility": visibility})
    assert created.status_code == 201, created.text
    return dict(created.json())


def _finish(http: httpx.Client, table_id: str, params: dict[str, str] | None = None) -> None:
    deadline = time.monotonic() + 180
    while http.get(f"/api/tables/{table_id}", params=params).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)


def _analysed(http: httpx.Client, table_id: str, params: dict[str, str] | None = None) -> Any:
    """The analysis once computed, after 202s that report progress as it grows."""
    first = http.get(f"/api/tables/{table_id}/analysis", params=params)
    assert first.status_code == 202, first.text  # just queued: nobody computed it yet
    assert first.json()["status"] == "queued" and first.headers["Retry-After"]
    seen = [first.json()["done"]]
    deadline = time.monotonic() + 300
    while True:
        answer = http.get(f"/api/tables/{table_id}/analysis", params=params)
        if answer.status_code == 200:
            break
        assert answer.status_code == 202, answer.text
        seen.append(answer.json()["done"])
        assert time.monotonic() < deadline, "the analysis did not end"
        time.sleep(0.3)
    assert seen == sorted(seen)  # the progress only grows
    return answer.json()


def test_an_analysis_is_queued_then_computed_once_and_shown(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        assert http.get("/api/tables/nosuchtable/analysis").status_code == 404
        table_id = _create(http)["id"]
        early = http.get(f"/api/tables/{table_id}/analysis")
        if early.status_code == 409:  # the bots may already have finished on a quiet machine
            assert early.json() == {
                "detail": "the game is not finished: it is analysed once it is over"
            }
        _finish(http, table_id)
        result = _analysed(http, table_id)
        record = MatchRecord.from_json(http.get(f"/api/tables/{table_id}/record").json())

        # What hanse analyse says of the record, with the server's budget and seed.
        expected = analyse(record, budget=BUDGET, seed=0).to_json()
        assert result == {"status": "done", "table": table_id, **expected}
        assert result["done"] == result["total"] == len(result["decisions"]) > 50
        assert sum(d["largest_loss"] for d in result["decisions"]) == 5
        for decision in result["decisions"]:
            assert {"seat", "move", "value", "best", "best_value", "loss"} <= set(decision)
        assert all(len(c["chances"]) == 3 for c in result["chances"])
        # computed once: asked again, it is read, not computed again
        assert http.get(f"/api/tables/{table_id}/analysis").json() == result

        # The finished table's page and its replay lead to it.
        for linking in (f"/tables/{table_id}", f"/tables/{table_id}/replay"):
            assert f'href="/tables/{table_id}/analysis"' in http.get(linking).text
        page = http.get(f"/tables/{table_id}/analysis").text
        chart = re.search(r'<svg class="analysis-chart".*?</svg>', page, re.S)
        assert chart is not None
        assert len(re.findall(r'<polyline class="seat" data-seat="\d"', chart.group())) == 3
        marked = sorted(
            int(s)
            for s in re.findall(r'<a class="loss" data-rank="\d" data-step="(\d+)"', chart.group())
        )
        largest = sorted(d["step"] for d in result["decisions"] if d["largest_loss"])
        assert marked == largest
        assert len(re.findall(r'<tr class="largest" data-step="\d+">', page)) == 5
        assert page.count("<tr") == len(result["decisions"]) + 1  # a row each, and the head
        german = http.get(f"/tables/{table_id}/analysis", params={"lang": "de"}).text
        assert "Gewinnchancen im Lauf der Partie" in german and "Größte Verluste" in german

        # The replay shows a judged move's evaluation beside it.
        decision = result["decisions"][0]
        step = {"step": decision["step"], "lang": "en"}
        frame = http.get(f"/tables/{table_id}/replay/frame", params=step)
        said = re.search(r'<p class="evaluation" data-evaluation>(.*?)</p>', frame.text)
        assert said is not None and said.group(1).startswith("Analysis: ")
        assert f"{round(100 * decision['value'])}%" in said.group(1)
    # Computed once: with two workers asked in turn, exactly one took it up.
    engine = storage.create_engine(server.database_url)
    try:
        stored = AnalysisStore(engine).read(table_id)
    finally:
        engine.dispose()
    assert stored is not None and stored.claims == 1


def test_a_private_tables_analysis_is_for_its_link_holders(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = _create(http, "private")
        table_id = created["id"]
        secret = {"watch": httpx.URL(created["spectate"]).params["watch"]}
        _finish(http, table_id, secret)
    with httpx.Client(base_url=server.url, timeout=30) as outsider:
        assert outsider.get(f"/api/tables/{table_id}/analysis").status_code == 404
        assert outsider.get(f"/tables/{table_id}/analysis").status_code == 404
        assert _analysed(outsider, table_id, secret)["table"] == table_id
