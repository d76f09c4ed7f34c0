"""Clocks and vacations over the API of a real server (issue 31): a time control is asked for
with the table and checked with clear 422s, the payload carries every seat's time left, the
lobby's and "My tables" lists name the time control, only the seat's own person may take a seat
back, and an account's vacation is read and set with ``/api/me/vacation``. (What the clocks
charge, time-outs and vacations' effect are tested with an injected clock in test_clocks.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.api_client import Api

pytestmark = pytest.mark.parametrize("server", ["sqlite"], indirect=True)


def _table(api: Api, **extra: Any) -> Any:
    body = {
        "game": "hansa",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        **extra,
    }
    return api.http.post("/api/tables", json=body)


def test_a_time_control_is_checked_and_its_clocks_are_in_the_payload(api: Api) -> None:
    for extra, says in [
        ({"clock": {"per_move": 86_400}}, "live table's clock"),
        ({"mode": "async", "clock": {"base": 600, "increment": 10}}, "one move a day"),
        ({"clock": {"base": 600, "increment": 5000}}, "increment"),
        ({"mode": "async", "clock": {"per_move": 86_400}, "on_time_out": "abandon"}, "live"),
        ({"level": "hard"}, "go with a clock"),
    ]:
        refused = _table(api, **extra)
        assert refused.status_code == 422 and says in refused.json()["detail"], refused.text
    created = _table(api, clock={"base": 300, "increment": 5}, level="medium")
    assert created.status_code == 201, created.text
    table = created.json()
    tokens = [
        api.join(invite["url"], f"P{n}")["token"] for n, invite in enumerate(table["invites"])
    ]
    payload = api.table(table["id"], tokens[0])
    clocks = payload["clocks"]
    assert clocks["control"] == {
        "base": 300,
        "increment": 5,
        "on_time_out": "bot",
        "level": "medium",
    }
    decider = payload["decider"]
    assert clocks["running"] == decider and clocks["started"]
    assert 295 <= clocks["seconds"][decider] <= 300 and clocks["seconds"][1 - decider] == 300
    assert [seat["timed_out"] for seat in payload["seats"]] == [False, False]
    listed = api.http.get("/api/tables", params={"status": "playing"}).json()
    assert next(t for t in listed if t["id"] == table["id"])["clock"]["base"] == 300
    # A seat no clock took is nobody's to take back; a spectator has no seat at all.
    back = f"/api/tables/{table['id']}/seats/0/back"
    own = api.http.post(back, json={"version": payload["version"]}, headers=api.auth(tokens[0]))
    assert own.status_code == 403 and "time ran out" in own.json()["detail"]
    other = api.http.post(back, json={"version": payload["version"]}, headers=api.auth(tokens[1]))
    assert other.status_code == 403 and "own person" in other.json()["detail"]
    assert api.http.post(back, json={"version": payload["version"]}).status_code == 401
    without = api.table(_table(api).json()["id"])["clocks"]
    assert without["control"] is None and without["seconds"] == [None, None]


def test_an_accounts_vacation_is_read_and_set(api: Api) -> None:
    assert api.http.get("/api/me/vacation").status_code == 401
    signed = api.http.post("/api/accounts", json={"name": "traveller", "password": "a long one"})
    assert signed.status_code == 201, signed.text
    api.http.cookies.clear()
    auth = api.auth(signed.json()["token"])
    state = api.http.get("/api/me/vacation", headers=auth).json()
    assert state == {"days_per_year": 21, "days_left": 21, "away": False, "vacation": None}
    started = api.http.put("/api/me/vacation", json={"from": "now", "days": 3}, headers=auth)
    assert started.status_code == 200, started.text
    assert started.json()["away"] and started.json()["days_left"] == 18
    too_long = api.http.put("/api/me/vacation", json={"until": "2999-01-01T00:00:00"}, headers=auth)
    assert too_long.status_code == 409
    wrong = api.http.put("/api/me/vacation", json={"days": 0}, headers=auth)
    assert wrong.status_code == 422
    ended = api.http.put("/api/me/vacation", json={"until": "now"}, headers=auth).json()
    assert not ended["away"] and ended["days_left"] == 20  # the day begun counts
