"""Refusals a person meets on a page (a limit reached, a name not allowed) are said in the page's
language: the JSON keeps its English ``detail`` and gains a stable ``code`` and ``message``, the
words in the language of the page's cookie, else of the browser's Accept-Language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from hanse.server import bot_tokens, limits, signin, undo_limits, waiting
from hanse.server.errors import RefusalError
from hanse.server.table_facts import row_facts, time_control
from hanse.web.i18n import translations
from tests.server.server_process import ServerProcess

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
ITALIAN = {"Accept-Language": "it"}
KOGGE = {
    "game": "kogge",
    "players": 2,
    "mode": "live",
    "visibility": "public",
    "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data = tmp_path_factory.mktemp("refusals")
    process = ServerProcess(f"sqlite:///{data / 'tables.sqlite3'}", data)
    process.environ["HANSE_MAX_WAITING"] = "1"
    process.environ["HANSE_SIGNUP_RATE"] = "2"  # accounts an address may make an hour
    yield process.start()
    process.stop()


def _refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = dict(response.json())
    assert body["code"] == code
    return body


def test_the_waiting_tables_cap_in_three_languages(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as client:
        assert client.post("/api/tables", json=KOGGE).status_code == 201
        english = _refused(client.post("/api/tables", json=KOGGE), 429, "too_many_waiting_tables")
        assert english["message"] == english["detail"]
        assert english["detail"].startswith("too many waiting tables: a guest's address")
        german = client.post("/api/tables", json=KOGGE, headers=GERMAN).json()
        assert german["detail"] == english["detail"]  # the machine-readable part stays
        assert german["message"].startswith("Zu viele wartende Tische")
        assert " 1 " in german["message"]
        client.cookies.set("hanse_lang", "it")  # the page's own choice beats the browser's
        italian = client.post("/api/tables", json=KOGGE, headers=GERMAN).json()
        assert italian["message"].startswith("Troppi tavoli in attesa")


def test_bot_token_names_and_sign_in_delays_are_said_in_the_pages_language(
    server: ServerProcess,
) -> None:
    with httpx.Client(base_url=server.url) as client:
        made = client.post("/api/accounts", json={"name": "ortrun", "password": "password1"})
        assert made.status_code == 201
        client.cookies.clear()
        auth = {"Authorization": f"Bearer {made.json()['token']}"}
        bad = client.post("/api/me/bot-tokens", json={"name": "a b"}, headers=auth | ITALIAN)
        assert _refused(bad, 422, "token_name_rule")["message"].startswith("Il nome di un token")
        assert client.post("/api/me/bot-tokens", json={"name": "rolf"}, headers=auth).is_success
        twice = client.post("/api/me/bot-tokens", json={"name": "rolf"}, headers=auth | GERMAN)
        assert "'rolf'" in _refused(twice, 409, "token_name_taken")["message"]
        wrong = {"name": "ortrun", "password": "not the password"}
        for _ in range(5):  # the free failures
            assert client.post("/api/login", json=wrong).status_code == 401
        client.post("/api/login", json=wrong)
        late = client.post("/api/login", json=wrong, headers=GERMAN)
        delayed = _refused(late, 429, "signin_delay")
        assert delayed["message"].startswith("Zu viele falsche Passwörter")
        assert delayed["detail"].startswith("too many wrong passwords")


def test_a_rate_limit_in_the_pages_language(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, headers=ITALIAN) as client:
        for number in range(3):  # this module's other test made one account too
            made = client.post("/api/accounts", json={"name": f"r{number}", "password": "pw123456"})
            if made.status_code != 201:
                break
        refused = _refused(made, 429, "rate_limited")
        assert refused["message"] == "Troppe richieste; al massimo 2 ogni 3600 s."
        assert refused["detail"] == "too many requests; at most 2 per 3600 s"
        assert made.headers["Retry-After"] == "3600"


def _every_refusal() -> list[RefusalError]:
    """One of each refusal the pages may show."""
    return [
        RefusalError(429, "too_many_waiting_tables", waiting.ACCOUNT_CAP, {"most": 5}),
        RefusalError(429, "too_many_waiting_tables", waiting.ADDRESS_CAP, {"most": 5}),
        RefusalError(429, "signin_delay", signin.DELAY, {"seconds": 4}),
        RefusalError(409, "undo_per_turn", undo_limits.PER_TURN, {"most": 3}),
        RefusalError(429, "undo_rate", undo_limits.PER_MINUTE, {"most": 6, "seconds": 9}),
        RefusalError(422, "token_name_rule", bot_tokens.NAME_RULE, {}),
        RefusalError(409, "token_name_taken", bot_tokens.NAME_TAKEN, {"name": "x"}),
        RefusalError(409, "too_many_tokens", bot_tokens.TOO_MANY, {"most": 20}),
        bot_tokens.seat_token_revoked(),
        limits.too_many(10, 60),
        limits.too_fast(5, 10),
    ]


def test_every_refusal_and_row_fact_has_german_and_italian_words() -> None:
    templates = [r.template for r in _every_refusal()]
    for lang in ("de", "it"):
        gettext = translations(lang).gettext
        missing = [t for t in templates if gettext(t) == t]
        assert not missing, f"{lang} lacks {missing}"
        for refusal in _every_refusal():
            said = refusal.said(gettext)
            assert said != refusal.message and "{" not in said
        for words in ("no clock", "1 day a move", "{count} days a move"):
            assert gettext(words) != words, f"{lang} lacks {words!r}"
    german = translations("de").gettext
    assert time_control({"base": 600, "increment": 10}, german) == "10+10"
    assert time_control({"per_move": 3 * 86_400}, german) == "3 Tage pro Zug"
    assert time_control(None, german) == "ohne Uhr"
    facts = row_facts({"players": 4, "mode": "async", "lang": "it", "clock": None}, german)
    assert facts["mode"] == "ein Zug am Tag" and facts["language"] == "Italiano"
    assert facts["rating_class"] == "3p+"
