"""An invite's pages: the join page tells the invited person the table (game and its rules, host,
seats, variants, mode, visibility) in their language, and an invite's QR code is segno's code of
exactly that invite's link, for valid invites only."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest
import segno
from babel.messages.pofile import read_po

from hanse.server import invite_pages
from hanse.server.invite_pages import qr_svg
from hanse.web.i18n import LOCALE
from tests.server.api_client import Api

ON_SQLITE = pytest.mark.parametrize("server", ["sqlite"], indirect=True)
SVG = "{http://www.w3.org/2000/svg}"


def _secret(invite_url: str) -> str:
    return invite_url.rsplit("/join/", 1)[1]


def _text(page: str) -> str:
    """A page's words as a reader sees them: tags dropped, spaces joined."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _kogge_table(api: Api) -> dict[str, Any]:
    """Anna sits at seat 1 (she set the table up in the lobby), seat 2 and 4 wait for their
    invites, seat 3 is an easy bot; conflicts switched on, one move a day, private."""
    response = api.http.post(
        "/api/tables",
        json={
            "game": "kogge",
            "players": 4,
            "flags": {"conflicts": True},
            "mode": "async",
            "visibility": "private",
            "seats": [
                {"kind": "human"},
                {"kind": "human"},
                {"kind": "bot", "level": "easy"},
                {"kind": "human"},
            ],
        },
    )
    assert response.status_code == 201, response.text
    created = dict(response.json())
    api.join(created["invites"][0]["url"], "Anna")
    return created


@ON_SQLITE
def test_the_invite_page_names_the_game_host_seats_variants_and_mode(api: Api) -> None:
    created = _kogge_table(api)
    invite = created["invites"][1]
    page = api.http.get(f"/join/{_secret(invite['url'])}")
    assert page.status_code == 200
    words = _text(page.text)
    assert "Kogge, 4 players" in words
    assert 'href="/rules/kogge"' in page.text
    assert "Host: Anna (the first to take a seat)" in words
    assert "Seat 1: Anna" in words
    assert "Seat 2: open seat — this invite's seat" in words
    assert "Seat 3: bot easy" in words
    assert "Seat 4: open seat" in words and "Seat 4: open seat this" not in words
    assert "Variants Expert rule C: conflicts" in words
    assert "Mode one move a day" in words
    assert "Visibility private: only through its links" in words
    assert 'id="join"' in page.text  # the form that takes the seat stays
    # This invite's seat is the one marked, and only it.
    assert page.text.count('class="this-invite"') == 1
    assert re.search(r'<li class="seat-1 me">', page.text)


@ON_SQLITE
def test_the_invite_page_speaks_german_and_italian(api: Api) -> None:
    created = _kogge_table(api)
    secret = _secret(created["invites"][2]["url"])
    german = _text(api.http.get(f"/join/{secret}?lang=de").text)
    italian = _text(api.http.get(f"/join/{secret}?lang=it").text)
    api.http.cookies.clear()
    assert "Kogge, 4 Spieler" in german
    assert "Gastgeber: Anna (hat sich zuerst an den Tisch gesetzt)" in german
    assert "Platz 3: Bot leicht" in german
    assert "Platz 4: freier Platz — der Platz dieser Einladung" in german
    assert "Varianten Zusatzregel C: Konflikte" in german
    assert "Modus ein Zug am Tag" in german
    assert "Modalità una mossa al giorno" in italian
    assert "Organizza il tavolo: Anna (la prima persona seduta)" in italian
    assert "Posto 4: posto libero — il posto di questo invito" in italian
    assert "Varianti Regola esperta C: conflitti" in italian
    assert "Visibilità privato: solo tramite i suoi link" in italian


@ON_SQLITE
def test_an_invite_before_anyone_sits_and_a_taken_seat(api: Api) -> None:
    """A table a program set up and nobody sat at yet has no host to name; a taken seat's
    invite still says so, and names who took it, to anyone but the seat's holder."""
    created = api.create("hansa", [{"kind": "human"}, {"kind": "bot", "level": "hard"}])
    secret = _secret(created["invites"][0]["url"])
    before = _text(api.http.get(f"/join/{secret}").text)
    assert "Nobody has taken a seat yet." in before
    assert "Variants none: the rules as Hanse plays them" in before
    assert "Mode live" in before and "Visibility public: in the lobby" in before
    assert "Seat 2: bot hard" in before
    api.join(created["invites"][0]["url"], "Bruno")
    after = api.http.get(f"/join/{secret}")
    words = _text(after.text)
    assert "Somebody has taken this seat already." in words
    assert "Seat 1: Bruno — this invite's seat" in words
    assert "Host: Bruno" in words
    assert 'id="join"' not in after.text


@ON_SQLITE
def test_the_qr_code_is_segnos_code_of_the_invite_link(api: Api) -> None:
    created = _kogge_table(api)
    invite = created["invites"][1]
    response = api.http.get(f"/join/{_secret(invite['url'])}/qr.svg")
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml"
    assert "max-age" in response.headers["cache-control"]
    assert "private" in response.headers["cache-control"]
    root = ElementTree.fromstring(response.content)  # well-formed SVG
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox")
    # The very link the API gave for the seat, in segno's own drawing of it, and the modules the
    # drawing sets are those of segno's code for that link (not of another seat's link).
    assert response.content == qr_svg(invite["url"])
    expected = segno.make(invite["url"], micro=False)
    assert _modules(root) == _dark_modules(expected)
    other = segno.make(created["invites"][2]["url"], micro=False)
    assert _modules(root) != _dark_modules(other)


@ON_SQLITE
def test_no_qr_code_for_a_bogus_invite(api: Api) -> None:
    for secret in ("bogus", "x" * 300):
        response = api.http.get(f"/join/{secret}/qr.svg")
        assert response.status_code == 404
        assert not response.content.startswith(b"<svg")


def _dark_modules(code: segno.QRCode) -> set[tuple[int, int]]:
    return {
        (column, row)
        for row, line in enumerate(code.matrix)
        for column, dark in enumerate(line)
        if dark
    }


def _modules(svg: ElementTree.Element) -> set[tuple[int, int]]:
    """The dark modules an SVG of segno's draws: its path of horizontal strokes ("M x y" or
    "m dx dy" to a strip's start, in the middle of a module's height, "h length"), read back
    to (column, row) of the code without the quiet zone."""
    path = next(p for p in svg.iter(f"{SVG}path") if p.get("stroke"))
    border = 4
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for command, numbers in re.findall(r"([MmHh])([^MmHh]*)", path.get("d", "")):
        values = [float(v) for v in numbers.replace(",", " ").split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            length = values[0] if command == "h" else values[0] - x
            row = int(y - 0.5) - border
            dark |= {(int(x) + step - border, row) for step in range(int(length))}
            x += length
    return dark


def test_the_invite_pages_words_are_in_german_and_italian() -> None:
    """Every phrase of the invite's pages, those its script shows too (the Copy button, the
    note after it and the QR code's description, handed over in data- attributes)."""
    sources = [Path(invite_pages.__file__)]
    templates = Path(invite_pages.__file__).parents[1] / "web" / "templates"
    sources += [templates / "join.html", templates / "invites.html"]
    phrases: set[str] = set()
    for source in sources:
        text = source.read_text()
        phrases |= set(re.findall(r'_\("([^"]+)"[,)]', text))
        phrases |= set(re.findall(r"_\('([^']+)'[,)]", text))
    assert {"Copy", "Copied", "QR code of the invite link", "this invite's seat"} <= phrases
    for lang in ("de", "it"):
        with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as po:
            catalog = read_po(po)
        translated = {message.id for message in catalog if message.string}
        missing = sorted(phrases - translated)
        assert not missing, f"{lang} lacks {missing}"


@ON_SQLITE
def test_signed_in_the_invite_page_says_so_and_offers_the_accounts_name(api: Api) -> None:
    created = _kogge_table(api)
    invite = created["invites"][1]["url"]
    person = api.http
    person.cookies.clear()
    signed = person.post("/api/accounts", json={"name": "nele_k", "password": "long enough"})
    assert signed.status_code == 201, signed.text
    page = person.get(f"/join/{_secret(invite)}")
    assert 'value="nele_k"' in page.text
    assert "Signed in as nele_k: the seat is kept with your account." in _text(page.text)
    person.cookies.clear()
    guest = person.get(f"/join/{_secret(invite)}").text
    assert "Signed in as" not in guest and 'value="' not in guest.split('id="join"')[1]
