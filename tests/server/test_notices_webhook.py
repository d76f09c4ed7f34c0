"""Turn notices by webhook (issue 31) against a real server and a loopback receiver: the body a
chat service posts as is, its HMAC signature under the secret shown once, a retry after a 500,
and a notice given up after N tries, with the failure on the account page."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.notice_sinks import WebhookReceiver
from tests.server.server_process import ServerProcess
from tests.server.test_notices_email import play_chain, table_for

TRIES = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data_dir: Path = tmp_path_factory.mktemp("webhooks")
    process = ServerProcess(f"sqlite:///{data_dir / 'tables.sqlite3'}", data_dir)
    process.environ.update(
        {
            "HANSE_NOTICE_POLL_SECONDS": "0.1",
            "HANSE_NOTICE_RETRY_SECONDS": "0.2",
            "HANSE_NOTICE_TRIES": str(TRIES),
        }
    )
    process.start()
    yield process
    process.stop()


def signed_in(server: ServerProcess, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30)
    made = client.post("/api/accounts", json={"name": name, "password": "long enough"})
    assert made.status_code == 201, made.text
    client.headers["Authorization"] = f"Bearer {made.json()['token']}"
    client.cookies.clear()
    return client


def seat(client: httpx.Client, invite: str, name: str) -> str:
    joined = client.post(f"/api/join/{invite.rsplit('/', 1)[1]}", json={"name": name})
    assert joined.status_code == 200, joined.text
    client.cookies.clear()
    return str(joined.json()["token"])


def wait(check: object, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError(f"no {what} within {timeout} s")


def test_only_http_and_https_webhooks_are_taken(server: ServerProcess) -> None:
    client = signed_in(server, "gina_w")
    for url in ("ftp://example.org/hook", "file:///etc/passwd", "javascript:alert(1)", "http://"):
        refused = client.put("/api/me/notices", json={"webhook": url})
        assert refused.status_code == 422, (url, refused.text)
        assert "webhook" in refused.json()["detail"]
    assert client.put("/api/me/notices", json={"live": "sometimes"}).status_code == 422
    no_mail = client.put("/api/me/notices", json={"email": "gina@example.org"})
    assert no_mail.status_code == 422 and "e-mail is off" in no_mail.json()["detail"]
    assert httpx.get(server.url + "/api/me/notices").status_code == 401


def test_a_signed_webhook_is_tried_again_after_a_500(server: ServerProcess) -> None:
    receiver = WebhookReceiver(statuses=[500]).start()
    try:
        hana, ivo = signed_in(server, "hana_w"), signed_in(server, "ivo_w")
        saved = hana.put("/api/me/notices", json={"webhook": receiver.url, "live": "now"})
        assert saved.status_code == 200, saved.text
        secret = saved.json()["webhook_secret"]
        assert hana.get("/api/me/notices").json().get("webhook_secret") is None  # shown once
        table = table_for(server, [{"kind": "human"}, {"kind": "human"}])
        invites = {invite["seat"]: invite["url"] for invite in table["invites"]}
        tokens = [seat(hana, invites[0], "hana_w"), seat(ivo, invites[1], "ivo_w")]

        wait(lambda: len(receiver.calls) == 2, "second call after the 500")
        (_, first_body, first_status), (headers, sent, status) = receiver.calls
        assert (first_status, status) == (500, 200)
        assert first_body == sent  # the same notice, tried again
        expected = "sha256=" + hmac.new(secret.encode(), sent, hashlib.sha256).hexdigest()
        assert hmac.compare_digest(headers["X-Hanse-Signature"], expected)
        fields = json.loads(sent)
        assert fields["table"] == table["id"] and fields["game"] == "hansa"
        assert fields["seat"] == 0 and fields["url"].endswith(f"/tables/{table['id']}")
        assert "hana_w (A)" in fields["decision"]
        assert fields["content"] == fields["text"] and fields["url"] in fields["text"]

        # A new secret: the next call is signed with it, and the old one no longer matches.
        renewed = hana.post("/api/me/notices/webhook-secret", json={})
        assert renewed.status_code == 200
        new_secret = renewed.json()["webhook_secret"]
        assert new_secret != secret
        play_chain(server, table["id"], tokens[0])
        play_chain(server, table["id"], tokens[1])
        wait(lambda: len(receiver.calls) == 3, "the call after Ivo's move")
        headers, sent, _ = receiver.calls[2]
        for key, matches in ((new_secret, True), (secret, False)):
            signature = "sha256=" + hmac.new(key.encode(), sent, hashlib.sha256).hexdigest()
            assert hmac.compare_digest(headers["X-Hanse-Signature"], signature) is matches
    finally:
        receiver.stop()


def test_a_webhook_that_keeps_failing_is_given_up_and_shown_on_the_account_page(
    server: ServerProcess,
) -> None:
    receiver = WebhookReceiver(then=500).start()
    try:
        jan, kim = signed_in(server, "jan_w"), signed_in(server, "kim_w")
        assert jan.put("/api/me/notices", json={"webhook": receiver.url}).status_code == 200
        assert kim.put("/api/me/notices", json={"webhook": receiver.url, "live": "now"}).is_success
        table = table_for(server, [{"kind": "human"}, {"kind": "human"}])
        invites = {invite["seat"]: invite["url"] for invite in table["invites"]}
        token = seat(jan, invites[0], "jan_w")
        seat(kim, invites[1], "kim_w")
        # Jan said nothing about live tables ("never" until he does): Kim is told, Jan is not.
        play_chain(server, table["id"], token)
        wait(lambda: len(kim.get("/api/me/notices").json()["failures"]) == 1, "the failure")
        time.sleep(1.0)
        assert len(receiver.calls) == TRIES  # then no more
        failure = kim.get("/api/me/notices").json()["failures"][0]
        assert failure["tries"] == TRIES and "HTTP 500" in failure["error"]
        page = kim.get("/account", headers={"Accept": "text/html"})
        assert page.status_code == 200 and "data-failure" in page.text
        assert "HTTP 500" in page.text and f"{TRIES}" in page.text
        german = kim.get("/account?lang=de").text
        assert f"nach {TRIES} Versuchen aufgegeben" in german
        assert jan.get("/api/me/notices").json()["failures"] == []
    finally:
        receiver.stop()
