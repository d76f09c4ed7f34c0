"""A tested deployment (docs/deploy.md): Debian's nginx ends TLS (a self-signed certificate) in
front of ``hanse serve --workers 2 --proxy-headers`` on PostgreSQL and Redis. A person plays a
whole game over HTTPS and WSS through it in Chromium; the cookies are Secure; the server counts
each client by the address nginx saw, which a client cannot change by sending a header."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Response, expect, sync_playwright

from tests.browser.conftest import CHROMIUM
from tests.browser.test_browser_play import _create, _play_to_the_end
from tests.deploy.nginx_process import NginxProcess
from tests.server.server_process import (
    ServerProcess,
    drop_postgres_schema,
    new_postgres_schema,
)

CREATE_RATE = 3  # tables a client address may create a minute, low enough to reach here
# A database of Redis's own, so that other servers' counts on the shared Redis (their tables
# made from 127.0.0.1) cannot use up this one's limits.
REDIS = "redis://127.0.0.1:6379/13"
TABLE = {
    "game": "luebeck",
    "players": 3,
    "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2,
}


@dataclass
class Deployment:
    server: ServerProcess
    nginx: NginxProcess


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    folder = tmp_path_factory.mktemp("deploy")
    schema, url = new_postgres_schema()
    server = ServerProcess(url, folder, redis_url=REDIS, workers=2)
    server.options = ["--proxy-headers", "--forwarded-allow-ips", "127.0.0.1"]
    server.environ = {
        "HANSE_CREATE_RATE": str(CREATE_RATE),
        "HANSE_SUBMIT_RATE": "1000",
        "HANSE_MAX_WAITING": "1000",
    }
    (folder / "nginx").mkdir()
    nginx = NginxProcess(folder / "nginx", server.port)
    try:
        server.start()
        nginx.start()
        _until_served(nginx.url + "/")
        yield Deployment(server, nginx)
    finally:
        nginx.stop()
        server.stop()
        drop_postgres_schema(schema)


def _until_served(url: str, timeout: float = 30.0) -> None:
    """Wait until the lobby comes through nginx from both workers (each answers once it has
    started; the first one answering is not the sign that the second has)."""
    deadline = time.monotonic() + timeout
    served = 0
    while served < 4:
        assert time.monotonic() < deadline, f"{url} was not served through nginx"
        try:
            served += httpx.get(url, verify=False, timeout=5).status_code == 200
        except httpx.HTTPError:
            time.sleep(0.2)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        yield launched
        launched.close()


def _print_refusal(response: Response) -> None:
    """Shown when the test fails: what went wrong between the browser, nginx and the server."""
    if response.status >= 400:
        print("answered", response.status, response.url)


def test_a_whole_game_over_https_and_wss_through_nginx(
    deployment: Deployment, browser: Browser, tmp_path: Path
) -> None:
    context = browser.new_context(ignore_https_errors=True, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    site = deployment.nginx.url
    page.on("response", _print_refusal)
    _create(page, site, "luebeck", 3, ["me", "bot:random", "bot:random"])
    assert page.url.startswith(site + "/tables/")
    _play_to_the_end(page, random.Random(11), snapshot=tmp_path / "luebeck.png")
    expect(page.locator(".players")).to_contain_text("wins")
    assert not errors
    table_id = page.url.rsplit("/", 1)[1]
    live = f"wss://127.0.0.1:{deployment.nginx.https_port}/api/tables/{table_id}/live"
    assert live in sockets
    cookies = {cookie["name"]: cookie for cookie in context.cookies()}
    assert f"hanse_seat_{table_id}" in cookies and "hanse_csrf" in cookies
    assert all(cookie.get("secure") for cookie in cookies.values()), cookies
    context.close()
    # nginx upgraded it (101) to the server behind: the moves came over the WebSocket it passed
    # (logged once the socket is closed).
    upgraded = f'"GET /api/tables/{table_id}/live HTTP/1.1" 101'
    deadline = time.monotonic() + 10
    while upgraded not in deployment.nginx.access_log.read_text():
        assert time.monotonic() < deadline, deployment.nginx.access_log.read_text()[-2000:]
        time.sleep(0.2)


def _client(deployment: Deployment, address: str) -> httpx.Client:
    """A client that connects to nginx from `address` (any of 127.0.0.0/8 is this machine)."""
    transport = httpx.HTTPTransport(local_address=address, verify=False)
    return httpx.Client(base_url=deployment.nginx.url, transport=transport, timeout=30)


def test_limits_count_the_address_nginx_saw_whatever_a_client_claims(
    deployment: Deployment,
) -> None:
    for _ in range(3):  # a minute's window may end in the middle: then once more, in the next
        window = time.time() // 60
        with _client(deployment, "127.0.0.3") as busy, _client(deployment, "127.0.0.4") as other:
            answers = [busy.post("/api/tables", json=TABLE).status_code for _ in range(CREATE_RATE)]
            refused = busy.post("/api/tables", json=TABLE)
            claimed = busy.post(
                "/api/tables", json=TABLE, headers={"X-Forwarded-For": "198.51.100.5"}
            )
            apart = other.post("/api/tables", json=TABLE)
        if time.time() // 60 == window:
            break
    assert answers == [201] * CREATE_RATE
    assert refused.status_code == 429 and "too many requests" in refused.text
    assert claimed.status_code == 429  # nginx put the address it saw in place of the claim
    assert apart.status_code == 201  # another address has a count of its own
