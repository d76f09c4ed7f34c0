"""Behind a proxy (HANSE_PROXY_HEADERS, HANSE_FORWARDED_ALLOW_IPS): the client's address and the
scheme come from the trusted proxy's X-Forwarded-For / X-Forwarded-Proto, so limits count each
client apart and cookies are Secure over https; without the setting those headers count for
nothing. An https public URL makes cookies Secure whatever the request came over.
(tests/deploy plays a whole game through a real nginx.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.server_process import ServerProcess

SEATS = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2
TABLE = {"game": "luebeck", "players": 3, "flags": {}, "mode": "live", "visibility": "public"}


def _server(folder: Path, **environ: str) -> ServerProcess:
    server = ServerProcess(f"sqlite:///{folder / 't.sqlite3'}", folder)
    server.environ = {"HANSE_SUBMIT_RATE": "1000", "HANSE_CREATE_RATE": "2", **environ}
    return server.start()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = _server(
        tmp_path_factory.mktemp("proxied"),
        HANSE_PROXY_HEADERS="1",
        HANSE_FORWARDED_ALLOW_IPS="127.0.0.1",
    )
    yield server
    server.stop()


@pytest.fixture(scope="module")
def direct(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = _server(tmp_path_factory.mktemp("direct"), HANSE_PUBLIC_URL="https://hanse.example")
    yield server
    server.stop()


def _create(server: ServerProcess, client: str, proto: str = "http") -> httpx.Response:
    headers = {"X-Forwarded-For": client, "X-Forwarded-Proto": proto}
    return httpx.post(
        server.url + "/api/tables", json={**TABLE, "seats": SEATS}, headers=headers, timeout=30
    )


def _seat_cookie(server: ServerProcess, client: str, proto: str) -> str:
    """The Set-Cookie header of a join, with the table made and joined by `client`."""
    created = _create(server, client, proto)
    assert created.status_code == 201, created.text
    secret = created.json()["invites"][0]["url"].rsplit("/", 1)[1]
    joined = httpx.post(
        f"{server.url}/api/join/{secret}",
        json={"name": "Anna"},
        headers={"X-Forwarded-For": client, "X-Forwarded-Proto": proto},
        timeout=30,
    )
    assert joined.status_code == 200, joined.text
    return ", ".join(joined.headers.get_list("set-cookie"))


def test_a_trusted_proxy_names_the_client_each_counted_apart(proxied: ServerProcess) -> None:
    assert _create(proxied, "198.51.100.1").status_code == 201
    assert _create(proxied, "198.51.100.1").status_code == 201
    assert _create(proxied, "198.51.100.1").status_code == 429
    assert _create(proxied, "198.51.100.2").status_code == 201


def test_cookies_are_secure_when_the_proxy_says_https(proxied: ServerProcess) -> None:
    secure = _seat_cookie(proxied, "198.51.100.3", "https")
    assert "hanse_seat_" in secure and "hanse_csrf" in secure
    assert secure.lower().count("; secure") == 2
    plain = _seat_cookie(proxied, "198.51.100.4", "http")
    assert "hanse_seat_" in plain and "secure" not in plain.lower()


def test_an_https_public_url_makes_cookies_secure_over_plain_http(direct: ServerProcess) -> None:
    assert _seat_cookie(direct, "198.51.100.9", "http").lower().count("; secure") == 2


def test_without_proxy_headers_forwarded_addresses_count_for_nothing(
    direct: ServerProcess,
) -> None:
    """Everyone who claims another address is still the one client this server sees."""
    answers = [_create(direct, f"198.51.100.{n}").status_code for n in range(10, 13)]
    assert 429 in answers
    assert _create(direct, "198.51.100.99").status_code == 429
