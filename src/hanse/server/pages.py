"""The pages: the lobby, a table's page and its panel (HTML, rendered on the server from exactly
the caller's payload: its view, legal actions and log); an invite's pages are in invite_pages."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from hanse.core.protocol import CHANCE
from hanse.games import REGISTRY
from hanse.games.svg_parts import SEAT_LETTERS
from hanse.server import private, security
from hanse.server.accounts import MOST_GUEST_SEATS
from hanse.server.api import list_games
from hanse.server.callers import account_of, caller_seat
from hanse.server.clock_view import seat_clocks
from hanse.server.errors import DATABASE_AWAY, REDIS_AWAY, ApiError
from hanse.server.live_table import game_for
from hanse.server.lobby_query import lobby_filter
from hanse.server.panel_log import LogReader, log_items, moves_in, panel_lines
from hanse.server.prompt_bar import follow_ups, prompt_sentence, svg_module
from hanse.server.security import cookies_secure
from hanse.server.table_facts import row_facts
from hanse.server.tables import BOT_LEVELS, UNREADABLE, TableService
from hanse.server.tournament_service import table_round
from hanse.web import RULES, TEMPLATES
from hanse.web.i18n import LANGUAGES, choose, game_translations, language_name, translations

if TYPE_CHECKING:
    from jinja2 import Environment

router = APIRouter(include_in_schema=False)
SEAT_MARKS = SEAT_LETTERS  # a letter beside each seat's colour, for colour-blind players

LANG_COOKIE = "hanse_lang"


@lru_cache(maxsize=len(LANGUAGES))
def templates(lang: str) -> Environment:
    """The templates in one language (one environment each: Jinja's gettext is per environment),
    made for the first page in it: an API call, the first a server answers, needs no Jinja."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    environment = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
    )
    environment.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return environment


@lru_cache(maxsize=4 * len(LANGUAGES))
def fixed_part(name: str, lang: str, **facts: bool) -> str:
    """A template that depends on the language and the `facts` given alone, rendered once (the
    board's zoom buttons, the settings of the turn notices): their words, each looked up by
    Jinja at every panel, were a tenth of a panel's time (issue 32)."""
    return templates(lang).get_template(name).render(**facts)


def _lang(request: Request) -> str:
    return choose(
        request.query_params.get("lang"),
        request.cookies.get(LANG_COOKIE),
        request.headers.get("accept-language"),
    )


def _page(request: Request, name: str, **context: Any) -> HTMLResponse:
    lang = _lang(request)
    languages = [(code, language_name(code)) for code in LANGUAGES]
    html = templates(lang).get_template(name).render(lang=lang, languages=languages, **context)
    response = HTMLResponse(html)
    if request.query_params.get("lang") in LANGUAGES:
        settings = request.app.state.settings
        secure = cookies_secure(settings.cookie_secure, settings.public_url, request.url.scheme)
        response.set_cookie(
            LANG_COOKIE, lang, max_age=400 * 24 * 3600, samesite="lax", secure=secure
        )
    return response


def is_page(request: Request) -> bool:
    """Whether `request` asked for a page a person reads (not the API, a panel or a replay
    frame, which scripts fetch), so that an error is answered with a page."""
    path = request.url.path
    return (
        request.method == "GET"
        and not path.startswith(("/api/", "/static/", "/docs", "/openapi"))
        and not path.endswith(("/panel", "/replay/frame"))
    )


_ERROR_WORDS = {
    "no such table": "There is no such table: the link may be mistyped, or the table was never "
    "created.",
    "no such invite": "There is no such invite: the link may be mistyped.",
    "no such tournament": "There is no such tournament: the link may be mistyped.",
    "the game is not finished; its record would tell hidden moves": "The replay opens once the "
    "game is over: until then it would tell hidden moves.",
    "Not Found": "There is no page at this address.",
    "unknown game": "There is no such game here: Hanse has Lübeck, Hansa Teutonica, Kogge and Die "
    "Speicherstadt.",
    UNREADABLE: "This table was stored by another version of Hanse, which wrote its moves "
    "differently, and this version cannot resume it. Its moves are kept unchanged.",
    DATABASE_AWAY: "The server cannot reach its database just now. Please try again in a moment.",
    REDIS_AWAY: "The server is missing one of its services just now. Please try again in a moment.",
}
"""The server's messages a person meets on a page, in words the catalogs translate."""


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    """A refused page in the reader's language: what is wrong, and where to go on."""
    _ = translations(_lang(request)).gettext
    if status == 404:
        heading = _("Not found")
    elif status in (401, 403):
        heading = _("Not allowed")
    else:
        heading = _("That did not work")
    words = (
        _ERROR_WORDS.get(message)
        or _ERROR_WORDS.get(message.partition(" '")[0])
        or _ERROR_WORDS.get(message.partition(":")[0])
    )
    table_id = request.path_params.get("table_id")
    response = _page(
        request,
        "error.html",
        heading=heading,
        message=_(words) if words else message,
        table_id=table_id if status != 404 else None,
    )
    response.status_code = status
    return response


def variants_said(game_id: str, flags: Mapping[str, Any], translate: Callable[[str], str]) -> str:
    """The variants of a table that differ from its game's defaults, in the reader's language:
    a flag switched on by its label, one switched off as "label: off"; "" when none differ."""
    parts = []
    for flag in REGISTRY[game_id].flag_docs():
        value = flags.get(flag.name, flag.default)
        if value == flag.default:
            continue
        label = translate(flag.label)
        if value is True:
            parts.append(label)
        else:
            parts.append(f"{label}: {translate('off') if value is False else value}")
    return ", ".join(parts)


@router.get("/")
async def lobby(request: Request) -> HTMLResponse:
    service: TableService = request.app.state.service
    chosen = lobby_filter(request.query_params)
    page = await run_in_threadpool(service.lobby_page, replace(chosen, status="waiting"))
    waiting = page.tables
    newest: dict[str, Any] = {"limit": 20, "before": None}
    playing, finished = [
        # The newest of each, whichever page of the waiting tables is shown
        (await run_in_threadpool(service.lobby_page, replace(chosen, status=s, **newest))).tables
        for s in ("playing", "finished")
    ]
    translate = translations(_lang(request)).gettext
    for table in (*waiting, *playing, *finished):
        table["variants"] = variants_said(table["game"], table["flags"], translate)
        table["facts"] = row_facts(table, translate)
    return _page(
        request,
        "lobby.html",
        games=list_games(),
        waiting=waiting,
        playing=playing,
        finished=finished,
        levels=BOT_LEVELS,
        chosen=chosen,
        lobby_languages=[(code, language_name(code)) for code in LANGUAGES],
        more=None if page.next is None else str(request.url.include_query_params(before=page.next)),
    )


def board_svg(
    game_id: str,
    view: Any,
    legal: list[str],
    lang: str = "en",
    *,
    names: Sequence[str | None] | None = None,
) -> tuple[str, frozenset[str]]:
    """The game's SVG board (its package's ``svg.py``) with the legal actions it places, or no
    board where a game has none yet; its words in `lang` (the game's catalog). With `names` (a
    sequence of one name per seat, None for a seat without one) the players' areas show them."""
    module = svg_module(game_id)
    if view is None or module is None:
        return "", frozenset()
    translate = game_translations(lang, game_id).gettext
    svg, placed = module.board_svg(view, legal, translate, names=names)
    return str(svg), frozenset(placed)


@lru_cache(maxsize=4 * len(LANGUAGES))
def rules_html(game_id: str, lang: str = "en") -> str:
    """A game's rules page body in `lang` (``docs/rules/<lang>/<game>.md``; English is
    ``docs/rules/<game>.md``), rendered from its Markdown (raw HTML in it is not passed on)."""
    from markdown_it import MarkdownIt

    translated = RULES / lang / f"{game_id}.md"
    path = translated if lang != "en" and translated.exists() else RULES / f"{game_id}.md"
    text = path.read_text(encoding="utf-8")
    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(text))


@router.get("/account")
async def account_page(request: Request) -> HTMLResponse:
    """Sign in or create an account; signed in, one's tables with whose turn it is; signed in
    or not, the tables this browser sits at as a guest."""
    account = await account_of(request, unsafe=False)
    service: TableService = request.app.state.service
    translate = translations(_lang(request)).gettext
    # The seats this browser took as a guest (its seat cookies), so that a guest finds its
    # tables again; signed in, those not taken with the account are listed apart.
    guest_tables = await run_in_threadpool(lambda: service.tables_of_guest(_held_seats(request)))
    for table in guest_tables:
        table["facts"] = row_facts(table, translate)
    if account is None:
        return _page(
            request,
            "account.html",
            account_name=None,
            tables=[],
            guest_tables=guest_tables,
            marks=SEAT_MARKS,
        )
    tables = await run_in_threadpool(service.tables_of_account, account[0])
    for table in tables:
        table["facts"] = row_facts(table, translate)
    book = request.app.state.notice_book  # turn notices (notice_settings.html)
    return _page(
        request,
        "account.html",
        account_name=account[1],
        # The person's own seats, and apart from them those its programs took (bot_tokens.py)
        tables=[table for table in tables if table["program"] is None],
        program_tables=[table for table in tables if table["program"] is not None],
        guest_tables=guest_tables,
        marks=SEAT_MARKS,
        notices=await run_in_threadpool(book.settings, account[0]),
        failures=await run_in_threadpool(book.failures, account[0]),
        email_on=request.app.state.settings.smtp_url is not None,
    )


def _held_seats(request: Request) -> list[tuple[str, str]]:
    """(table id, token) of each seat cookie this server signed, of the first
    ``MOST_GUEST_SEATS`` seat cookies (a browser keeps fewer for a site; a request made up with
    thousands cost seconds of the event loop); others are passed over: this is a list, not a
    request to act."""
    prefix = security.seat_cookie_name("")
    sent = [(n, v) for n, v in request.cookies.items() if n.startswith(prefix)]
    held = []
    for name, value in sent[:MOST_GUEST_SEATS]:
        token = request.app.state.signer.unsign(name, value)
        if token is not None:
            held.append((name.removeprefix(prefix), token))
    return held


@router.get("/rules/{game_id}")
async def rules_page(game_id: str, request: Request) -> HTMLResponse:
    """The rules as Hanse plays them: the flags and the rulings in the project's own words."""
    if game_id not in REGISTRY:
        raise ApiError(404, f"unknown game {game_id!r}; games: {', '.join(sorted(REGISTRY))}")
    title = REGISTRY[game_id].title
    body = rules_html(game_id, _lang(request))
    return _page(request, "rules.html", title=title, game_id=game_id, body=body, games=list_games())


@router.get("/tables/{table_id}")
async def table_page(table_id: str, request: Request) -> HTMLResponse:
    payload = await _payload(request, table_id)
    title = REGISTRY[payload["game"]].title
    panel = render_panel(payload, _lang(request))
    engine = request.app.state.service.engine
    response = _page(
        request,
        "table.html",
        table_id=table_id,
        title=title,
        panel=panel,
        game_id=payload["game"],
        marks=SEAT_MARKS,
        spectate=_spectate(request, payload),
        tournament=await run_in_threadpool(table_round, engine, table_id),
    )
    private.remember_link(request, response, table_id)
    return response


def _spectate(request: Request, payload: dict[str, Any]) -> str | None:
    """A private table's spectator link, for its players to pass on (private.py)."""
    if payload["visibility"] != "private" or payload["seat"] is None:
        return None
    base = (request.app.state.settings.public_url or str(request.base_url)).rstrip("/")
    return private.spectate_url(base, request.app.state.settings.secret_key, payload["id"])


@router.get("/tables/{table_id}/panel")
async def table_panel(table_id: str, request: Request) -> HTMLResponse:
    return HTMLResponse(render_panel(await _payload(request, table_id), _lang(request)))


def _board_name(seat: dict[str, Any], translate: Callable[[str], str]) -> str | None:
    """A seat's name on the board: its person's (kept when a bot plays on for them), a bot's
    level, or none for an open seat."""
    if seat["name"]:
        return str(seat["name"])
    return _bot_name(seat["level"], translate) if seat["kind"] == "bot" else None


def _bot_name(level: str, translate: Callable[[str], str]) -> str:
    """A bot by its level, in the reader's language ("Bot leicht")."""
    return f"{translate('bot')} {translate(level)}"


async def _payload(request: Request, table_id: str) -> dict[str, Any]:
    service: TableService = request.app.state.service
    seat = await caller_seat(request, table_id, unsafe=False)
    await private.check_watcher(request, table_id, seat)
    payload: dict[str, Any] = await run_in_threadpool(service.read, table_id, seat, 0)
    return payload


def _seat_name(payload: dict[str, Any], player: int, lang: str) -> str:
    _ = translations(lang).gettext
    if player == CHANCE:
        return _("chance")
    return f"{_board_name(payload['seats'][player], _) or _('seat')} ({SEAT_MARKS[player]})"


def duration(seconds: float, translate: Callable[[str], str]) -> str:
    """A time a player has had, in the reader's language, rounded down to its largest unit."""
    for unit, size in (("days", 86_400), ("h", 3_600), ("min", 60)):
        if seconds >= 2 * size or (unit != "days" and seconds >= size):
            return translate("{count} " + unit).format(count=int(seconds // size))
    return translate("{count} s").format(count=int(seconds))


BOARD_CHOICES_IN_BAR = 10
"""The most moves on a small board that a phone's prompt bar offers as buttons too (the same
figure as board_choices.js's)."""


def render_panel(payload: dict[str, Any], lang: str = "en") -> str:
    """A table's panel for the caller: players, board, choices grouped by kind, log."""
    _ = translations(lang).gettext
    game_id = payload["game"]
    groups: dict[str, list[dict[str, Any]]]
    status = payload["status"]
    if status == "waiting":
        status_text = _("waiting for players")
    elif status == "finished":
        status_text = _("finished")
    elif status == "expired":
        status_text = _("expired: its seats were not all taken in time")
    elif payload["decider"] is not None:
        status_text = f"{_('decides')}: {_seat_name(payload, payload['decider'], lang)}"
    else:
        status_text = ""
    view = payload["view"]
    game = game_for(game_id, payload["players"], payload["flags"])
    board = "" if view is None else game.render(view)
    legal = [action["text"] for action in payload["legal"]]
    names = [_board_name(seat, _) for seat in payload["seats"]]
    svg, placed = board_svg(game_id, view, legal, lang, names=names)
    words = game_translations(lang, game_id).gettext

    def said(action: dict[str, Any]) -> str:
        """A legal move in the bar's words, in the reader's language."""
        return game.action_phrase(action["json"], view).text(words)

    # Actions on the board are clicked there; the action bar offers the rest (each once), said
    # in the reader's language, grouped by kind with what the kind does.
    groups = defaultdict(list)
    for action in payload["legal"]:
        if action["text"] not in placed:
            groups[str(action["json"].get("kind", "action"))].append(
                {**action, "label": said(action)}
            )
    kinds = game.kind_words()

    def kind_name(kind: str) -> str:
        return words(kinds[kind].name) if kind in kinds else kind

    follow = follow_ups(svg, payload["legal"], placed, said, kind_name)
    # The board's moves in the bar's words, for the phone's buttons of a small board's few
    # choices (board_choices.js): the words of a button, not of a target's label.
    placed_words = (
        {action["text"]: said(action) for action in payload["legal"] if action["text"] in placed}
        if len(placed) <= BOARD_CHOICES_IN_BAR
        else {}
    )
    # A board click of a kind the game asks to confirm (Lübeck: a hand card clicked when it can
    # only be thrown overboard) asks first, in words, what it does.
    confirm_kinds: frozenset[str] = getattr(game.words_module(), "CONFIRM_KINDS", frozenset())
    confirm = {
        action["text"]: placed_words.get(action["text"]) or said(action)
        for action in payload["legal"]
        if action["text"] in placed and action["json"].get("kind") in confirm_kinds
    }
    bar = [
        {
            "name": kind_name(kind),
            "help": words(kinds[kind].help) if kind in kinds else "",
            "actions": actions,
        }
        for kind, actions in groups.items()
    ]
    reader = LogReader(
        game_id,
        payload["players"],
        tuple(sorted(payload["flags"].items())),
        lang,
        tuple(_seat_name(payload, seat, lang) for seat in range(len(payload["seats"]))),
        _seat_name(payload, CHANCE, lang),
    )
    log = panel_lines(payload["log"][-60:], moves_in(payload["log"][:-60]), reader, view)
    decision = (
        game.decision_phrase(view).text(words)
        if isinstance(view, dict) and payload["decider"] is not None
        else None
    )
    replay_link = f"/tables/{payload['id']}/replay" if status == "finished" else None
    return (
        templates(lang)
        .get_template("panel.html")
        .render(
            t=payload,
            lang=lang,
            status_text=status_text,
            variants=variants_said(game_id, payload["flags"], _),
            waiting=_waiting(payload, _),
            take_over_in=_take_over_in(payload),
            clocks=seat_clocks(payload, _),
            my_turn=_decides(payload),
            marks=SEAT_MARKS,
            board=board,
            svg=svg,
            board_fit=fixed_part("board_fit.html", lang),
            notices=fixed_part(
                "notices.html", lang, offered=payload["seat"] is not None and status != "finished"
            ),
            confirm=confirm,
            placed=len(placed),
            placed_words=placed_words,
            groups=bar,
            decision=decision,
            prompt=prompt_sentence(
                payload, game, words, _, lambda seat: _seat_name(payload, seat, lang)
            ),
            follow=follow,
            log=log,
            log_items=log_items(log, _, replay_link),
            replay_link=replay_link,
            scores=payload["scores"],
            breakdown=_breakdown(payload, words),
        )
    )


def _decides(payload: dict[str, Any]) -> bool:
    """Whether the caller decides now: its seat is the decider's and no bot plays it (a person
    whose seat a bot plays watches the bot decide)."""
    seat = payload["seat"]
    return (
        seat is not None
        and payload["decider"] == seat
        and payload["seats"][seat]["kind"] == "human"
    )


def _waiting(payload: dict[str, Any], translate: Callable[[str], str]) -> str | None:
    """How long the deciding player has had, once that is a minute (or the turn limit)."""
    waiting = payload["waiting"]
    if waiting is None or waiting < min(60.0, payload["turn_limit"]):
        return None
    return duration(waiting, translate)


def _take_over_in(payload: dict[str, Any]) -> float | None:
    """Seconds until the caller may let a bot play the deciding seat of another person (the page
    looks again then), or None where that will not come."""
    decider, seat = payload["decider"], payload["seat"]
    if decider is None or seat is None or decider == seat or payload["can_take_over"]:
        return None
    if payload["seats"][seat]["kind"] != "human" or payload["seats"][decider]["kind"] != "human":
        return None
    return max(0.0, payload["turn_limit"] - payload["waiting"])


def _breakdown(payload: dict[str, Any], words: Callable[[str], str]) -> list[dict[str, Any]]:
    """The result's rows: each part of the score in the reader's language, a number per seat."""
    parts = payload.get("breakdown")
    if not parts:
        return []
    return [
        {"label": words(label), "points": [seat_parts[label] for seat_parts in parts]}
        for label in parts[0]
    ]
