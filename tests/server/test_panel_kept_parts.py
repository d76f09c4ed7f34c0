"""The parts a table's panel keeps between renders (issue 32, "fast under load"): each log line
said once per reader (panel_log), the board's fixed drawings, the language-only parts of the
template. A panel drawn with them kept is byte for byte the panel drawn afresh, for every game,
each seat and a spectator, three languages, at points of a game, after a take-back and at the
end; the log's items are what the former Jinja loop wrote; every kept part has a bound."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import hanse.server.live_table as live_table
from hanse.core.match import Match
from hanse.core.protocol import CHANCE
from hanse.games import make
from hanse.games.hansa import svg_draw as hansa_draw
from hanse.games.kogge import svg as kogge_svg
from hanse.games.luebeck import svg as luebeck_svg
from hanse.games.svg_parts import _board_key
from hanse.server import pages, panel_log
from hanse.server.live_table import LiveTable, Seat
from hanse.server.pages import fixed_part, render_panel, templates
from hanse.server.prompt_bar import svg_module
from hanse.server.replay_pages import replayed_frame
from hanse.server.table_events import handed_to_bot, taken_back
from hanse.web.i18n import game_translations, translations

GAMES = ("hansa", "kogge", "luebeck", "speicherstadt")
LANGS = ("en", "de", "it")
KEPT = (
    panel_log._said,
    fixed_part,
    _board_key,
    hansa_draw._piece,
    kogge_svg._pointer,
    luebeck_svg._arrows,
)
"""Every cache a panel or a replay frame is drawn with."""

FORMER_LOG_LOOP = (
    '{% for entry in log %}{% if entry["event"] %}<li class="event" data-event="{{ entry['
    '"event"] }}"{% if "seq" in entry %} data-seq="{{ entry["seq"] }}" data-player="{{ entry['
    '"player"] }}"{% endif %}>{{ entry["text"] }}{% if entry["times"] > 1 %} <span class="times'
    '" title="{{ entry["times"] }} {{ _(\'times in a row\') }}">×{{ entry["times"] }}</span>{% '
    'endif %}</li>{% else %}{% set last = entry["number"] + entry["times"] - 1 %}<li data-numbe'
    'r="{{ last }}"{% if "seq" in entry %} data-seq="{{ entry["seq"] }}" data-player="{{ entry['
    '"player"] }}"{% endif %}{% if entry["places"] %} data-places="{{ entry["places"] }}" tabin'
    'dex="0"{% endif %}{% if entry["current"] %} class="current" aria-current="step"{% endif %}'
    '><span class="n">{% if replay_link %}<a href="{{ replay_link }}?step={{ last }}" title="{{'
    ' _(\'Open the replay at this move\') }}">{% endif %}{{ entry["number"] }}{% if entry["ti'
    'mes"] > 1 %}–{{ last }}{% endif %}{% if replay_link %}</a>{% endif %}</span> <span class="'
    'who">{{ entry["who"] }}</span> {{ entry["text"] }}{% if entry["times"] > 1 %} <span class='
    '"times" title="{{ entry["times"] }} {{ _(\'times in a row\') }}">×{{ entry["times"] }}</sp'
    "an>{% endif %}</li>{% endif %}{% endfor %}"
)
"""The log's items as ``log.html`` wrote them before panel_log.log_items."""


@pytest.fixture(autouse=True)
def _seeded_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chance drawn from a seeded source: a take-back replays the same moves."""
    monkeypatch.setattr(live_table, "_system_random", random.Random(3))


def _forget() -> None:
    for cache in KEPT:
        cache.cache_clear()


def _seats(players: int) -> list[Seat]:
    # Names that need escaping, and a bot's seat (named by its level in the reader's language)
    seats = [Seat(s, "human", None, f"P{s} <&'\">", True, s + 1) for s in range(players)]
    return [*seats[:-1], Seat(players - 1, "bot", "easy", None, True)]


def _table(game_id: str, moves: list[tuple[int, str]]) -> LiveTable:
    """A table of three seats with `moves` stored (the service's replay, a seq each)."""
    table = LiveTable("t1", game_id, 3, {}, "async", "private", "playing", _seats(3))
    for seq, (player, text) in enumerate(moves, start=1):
        table.replay(seq, player, text)
    return table


def _played(game_id: str, decisions: int, seed: int) -> list[tuple[int, str]]:
    """The stored moves (chance's and the seats') of `decisions` random decisions."""
    table = LiveTable("t1", game_id, 3, {}, "async", "private", "playing", _seats(3))
    made = table.resolve_chance(table.state)
    table.commit(table.state, made)
    moves = [(move.player, move.text) for move in made]
    rng = random.Random(seed)
    for _ in range(decisions):
        if table.decider is None:
            break
        state = table.state.clone()
        action = rng.choice(table.game.legal_actions(state))
        made = [table.step(state, table.decider, action), *table.resolve_chance(state)]
        table.commit(state, made)
        moves += [(move.player, move.text) for move in made]
    return moves


def _points(game_id: str) -> Iterator[tuple[str, LiveTable]]:
    """A game at its start, after some moves, after a take-back and a seat handed to a bot
    (the table replayed afresh without the move, as the service does), and finished."""
    moves = _played(game_id, 140, seed=7)
    yield "start", _table(game_id, moves[:3])
    yield "middle", _table(game_id, moves[:60])
    table = _table(game_id, moves)
    yield "later", table
    undone = max(i for i, (player, _) in enumerate(moves) if player >= 0)
    again = _table(game_id, moves[:undone])
    again.tell(taken_back(len(moves) + 1, moves[undone][0], undone + 1))
    again.tell(handed_to_bot(len(moves) + 2, 1, 0, "easy"))
    yield "taken back", again
    rng = random.Random(1)
    for _ in range(400):  # to the end where a random game ends by then (Hansa's goes on)
        if table.decider is None:
            break
        state = table.state.clone()
        action = rng.choice(table.game.legal_actions(state))
        table.commit(state, [table.step(state, table.decider, action)])
        table.commit(table.state, table.resolve_chance(table.state))
    table.status = "finished"
    yield "finished", table


def _former_log(payload: dict[str, Any], lang: str) -> str:
    """The log's items as the panel wrote them before anything was kept: each entry said by
    log_entry, its places from the board's action_places, the former template's loop."""
    game = live_table.game_for(payload["game"], payload["players"], payload["flags"])
    board = svg_module(payload["game"])
    assert board is not None
    words = game_translations(lang, payload["game"]).gettext

    def who(seat: int) -> str:
        return pages._seat_name(payload, seat, lang)

    def places(entry: dict[str, Any]) -> str:
        if "said" not in entry or entry["player"] < CHANCE:
            return ""
        try:
            action = game.action_to_json(game.action_from_str(entry["text"]))
            return " ".join(str(p) for p in board.action_places(action, payload["view"]))
        except (ValueError, KeyError, IndexError, TypeError):
            return ""

    log = payload["log"]
    lines = [
        {
            **panel_log.log_entry(entry, who(entry["player"]), words, who),
            "places": places(entry),
            "seq": entry["seq"],
            "player": entry["player"],
        }
        for entry in log[-60:]
    ]
    joined = panel_log.repeats_joined(lines, panel_log.moves_in(log[:-60]))
    link = f"/tables/{payload['id']}/replay" if payload["status"] == "finished" else None
    return templates(lang).from_string(FORMER_LOG_LOOP).render(log=joined, replay_link=link)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_panel_drawn_with_kept_parts_is_the_one_drawn_afresh(game_id: str) -> None:
    for point, table in _points(game_id):
        readers = [
            (table.payload(seat), lang) for seat in (*range(table.players), None) for lang in LANGS
        ]
        # Kept: the caches hold what earlier points, seats and languages left in them.
        kept = [render_panel(payload, lang) for payload, lang in readers]
        for shown, (payload, lang) in zip(kept, readers, strict=True):
            reader = (point, payload["seat"], lang)
            assert f"<ol>\n    {_former_log(payload, lang)}\n  </ol>" in shown, reader
            _forget()
            assert render_panel(payload, lang) == shown, reader
        if point == "taken back":
            assert 'data-event="undo"' in kept[0] and 'data-event="bot"' in kept[0]
        if point == "finished":
            assert "?step=" in kept[0]  # a move's number links into the replay


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_frame_drawn_with_kept_parts_is_the_one_drawn_afresh(game_id: str) -> None:
    rng = random.Random(5)
    match = Match(make(game_id, 3), seed=5, players=["Anna <&>", "bot easy", "x"], keep_log=True)
    for _ in range(400):  # to the end (the score table) where a random game ends by then
        if match.is_over():
            break
        match.apply(match.decider, rng.choice(match.legal_actions()))
    record = match.finish().to_json()
    steps = len(record["actions"])
    for step in (1, steps // 2, steps):
        for seat in (None, 0):
            for lang in LANGS:
                kept = replayed_frame(record, step, seat, lang).html
                _forget()
                assert replayed_frame(record, step, seat, lang).html == kept


def _lines(table: LiveTable, seat: int | None, lang: str) -> list[dict[str, Any]]:
    panel = render_panel(table.payload(seat), lang)  # fills the caches as a panel does
    assert panel
    payload = table.payload(seat)
    names = tuple(f"P{s} <&'\"> ({'ABC'[s]})" for s in range(3))
    reader = panel_log.LogReader(table.game_id, 3, (), lang, names, "chance")
    return panel_log.panel_lines(payload["log"][-60:], 0, reader, payload["view"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_items_are_what_the_former_template_wrote(lang: str) -> None:
    """The items of the log as log.html's loop wrote them: a panel's lines (said once, kept
    escaped), a replay's (plain, escaped as written), with and without the replay's links, a
    run of equal lines and the replay's current step."""
    moves = _played("kogge", 60, seed=2)  # a conflict's secret choices make runs of lines
    table = _table("kogge", moves)
    table.tell(taken_back(len(moves) + 1, 0, len(moves)))
    former = templates(lang).from_string(FORMER_LOG_LOOP)
    _ = translations(lang).gettext
    for seat in (0, None):
        lines = _lines(table, seat, lang)
        plain = [{**line, "who": str(line["who"]), "text": str(line["text"])} for line in lines]
        plain[-1]["current"] = True
        for shown, link in ((lines, None), (lines, "/tables/t1/replay"), (plain, None)):
            expected = former.render(log=shown, replay_link=link)
            assert panel_log.log_items(shown, _, link) == expected


def test_every_kept_part_has_a_bound_and_a_move_adds_only_its_own_lines() -> None:
    for cache in KEPT:
        maxsize = cache.cache_info().maxsize
        assert maxsize is not None and maxsize <= panel_log.LINES_KEPT
    moves = _played("luebeck", 40, seed=4)
    table = _table("luebeck", moves)
    _forget()
    render_panel(table.payload(0), "en")
    said = panel_log._said.cache_info().currsize
    assert said <= 60  # the panel's lines, some equal (one said line for both)
    before = len(table.entries)
    state = table.state.clone()
    table.commit(state, [table.step(state, table.decider, table.game.legal_actions(state)[0])])
    table.commit(table.state, table.resolve_chance(table.state))
    render_panel(table.payload(0), "en")
    assert panel_log._said.cache_info().currsize <= said + len(table.entries) - before
