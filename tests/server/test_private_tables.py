"""Private means private (issue 32): a private table is watched only through its spectator link
(``"spectate"`` in the create response, shown to its players on the table page); its id alone
gives 404 to anyone not seated and without the link: the table page and panel, the API read,
the chat, the WebSocket, the record and the replay. Against a real server, on SQLite and on
PostgreSQL + Redis with two workers (the link is the same in every worker)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.server.api_client import Api, receive
from tests.server.server_process import ServerProcess

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _reads(api: Api, table_id: str, **params: str) -> dict[str, int]:
    """What each way of looking at a table answers to a caller without a seat."""
    return {
        path: api.http.get(path, params=params).status_code
        for path in (
            f"/api/tables/{table_id}",
            f"/api/tables/{table_id}/chat",
            f"/api/tables/{table_id}/record",
            f"/tables/{table_id}",
            f"/tables/{table_id}/panel",
            f"/tables/{table_id}/replay",
        )
    }


def _live_refused(server: ServerProcess, table_id: str, query: str = "") -> int | None:
    """The status a WebSocket to the table is refused with (None: it was let in and sent the
    table)."""
    url = server.url.replace("http://", "ws://") + f"/api/tables/{table_id}/live{query}"
    try:
        with connect(url, open_timeout=30) as connection:
            assert receive(connection)["id"] == table_id
            return None
    except InvalidStatus as refused:
        return refused.response.status_code


@pytest.mark.parametrize("server", ["sqlite", "postgres-redis-2-workers"], indirect=True)
def test_a_private_table_is_watched_only_through_its_link(server: ServerProcess, api: Api) -> None:
    created = api.create("hansa", HUMANS, visibility="private")
    table_id, spectate = created["id"], created["spectate"]
    assert spectate.startswith(f"{server.url}/tables/{table_id}?watch=")
    secret = parse_qs(urlsplit(spectate).query)["watch"][0]
    assert api.create("hansa", HUMANS)["spectate"] is None  # a public table needs none

    # Its id alone: as if there were no such table, everywhere.
    nowhere = _reads(api, table_id)
    assert set(nowhere.values()) == {404}, nowhere
    # A WebSocket refused before it opens is a plain 403, the same as for no such table.
    assert _live_refused(server, table_id) == _live_refused(server, "no-such-table") == 403
    wrong = _reads(api, table_id, watch=secret[:-2] + "xx")
    assert set(wrong.values()) == {404}, wrong
    lobby_join = api.http.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})
    assert lobby_join.status_code == 404

    # With the link: read, chat, WebSocket; the record waits for the end, as for any table.
    linked = _reads(api, table_id, watch=secret)
    assert linked[f"/api/tables/{table_id}"] == 200
    assert linked[f"/api/tables/{table_id}/chat"] == 200
    assert linked[f"/api/tables/{table_id}/record"] == 409
    assert linked[f"/tables/{table_id}"] == 200
    assert _live_refused(server, table_id, f"?watch={secret}") is None

    # The page opened through the link keeps it in a cookie: its own reads need no parameter.
    browser = httpx.Client(base_url=server.url, timeout=30)
    page = browser.get(spectate)
    assert page.status_code == 200 and f"hanse_watch_{table_id}" in browser.cookies
    assert browser.get(f"/api/tables/{table_id}").status_code == 200
    assert browser.get(f"/tables/{table_id}/panel").status_code == 200
    browser.close()

    # The players see the link on the table page, to pass it on; a spectator does not.
    tokens = [
        api.join(invite["url"], f"P{n}")["token"] for n, invite in enumerate(created["invites"])
    ]
    seated = api.http.get(f"/tables/{table_id}", headers=Api.auth(tokens[0]))
    assert seated.status_code == 200 and spectate.replace("&", "&amp;") in seated.text
    assert api.table(table_id, tokens[1])["seat"] == 1
    assert spectate not in api.http.get(spectate).text
    # A player who opens a wrong link is let in as a player; nothing wrong is kept.
    with httpx.Client(base_url=server.url, timeout=30) as player:
        opened = player.get(
            f"/tables/{table_id}", params={"watch": "wrong"}, headers=Api.auth(tokens[0])
        )
        assert opened.status_code == 200 and f"hanse_watch_{table_id}" not in player.cookies
