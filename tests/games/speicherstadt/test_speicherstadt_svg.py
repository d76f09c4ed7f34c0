"""The SVG board of Die Speicherstadt (DESIGN.md, "The web platform": boards are SVG rendered on the
server, every legal action a clickable target on the board or a button in the action bar).

Here: what only this game's board does. What all four share (random games at every player count
and flag set carrying only legal targets, each once; parsing; spectators; no overlaps; languages)
is in tests/games/test_board_svg.py.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from hanse.core.testing import check_board_svg, decision_nodes
from hanse.games import make
from hanse.games.speicherstadt.svg import board_svg

SVG = "{http://www.w3.org/2000/svg}"
EVERY = 7
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00")


def _decisions(
    n: int, flags: dict[str, bool], seed: int, every: int = EVERY, **options: Any
) -> Iterator[tuple[Any, Any, int]]:
    """Every `every`-th decision node of a seeded random game: (game, state, deciding seat)."""
    game = make("speicherstadt", n, **flags)
    for state, player in decision_nodes(game, seed, every, **options):
        yield game, state, player


def _targets(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("data-action") is not None]


def _check(svg: str, placed: frozenset[str], legal: list[str]) -> ET.Element:
    return check_board_svg(svg, placed, legal, "Speicherstadt")


def _board(game: Any, state: Any, seat: int | None) -> tuple[list[str], str, frozenset[str]]:
    legal = [game.action_to_str(a) for a in game.legal_actions(state)] if seat is not None else []
    svg, placed = board_svg(game.view(state, seat), legal)
    return legal, svg, placed


def test_kinds_of_targets() -> None:
    """Over a few whole games (every decision node) every kind of board target shows up, only
    those kinds, and what names no single element stays with the page."""
    kinds: set[str] = set()
    left: set[str] = set()
    for n, flags, seed in ((3, {}, 5), (4, {"kaispeicher": True}, 6)):
        for game, state, seat in _decisions(n, flags, seed, every=1):
            legal, svg, placed = _board(game, state, seat)
            _check(svg, placed, legal)
            kinds |= {a.split()[0] for a in placed}
            left |= {a.split()[0] for a in legal if a not in placed}
    assert kinds <= {"place", "reserve", "buy", "buyfree", "load"}
    assert {"place", "reserve", "buy", "load"} <= kinds
    assert {"decline", "done", "exchange", "sell"} <= left


def _first(n: int, flags: dict[str, bool], decision: str, seed: int = 2) -> tuple[Any, Any, int]:
    for game, state, seat in _decisions(n, flags, seed, every=1):
        if game.view(state, seat)["decision"] == decision:
            return game, state, seat
    raise AssertionError(f"no {decision} decision")


def test_workers_and_colours() -> None:
    game, state, seat = _first(5, {"kaispeicher": True}, "purchase")
    view = game.view(state, seat)
    svg, _ = board_svg(view, [])
    for colour in COLOURS:
        assert colour in svg
    texts = [el.text for el in ET.fromstring(svg).iter(f"{SVG}text")]
    assert set("ABCDE") <= set(texts)
    workers = sum(len(e["workers"]) for e in view["offer"] if e) + sum(
        len(e["workers"]) for e in view["reserved"] if e
    )
    assert workers > 0
    assert f"You ({'ABCDE'[seat]})" in svg


def test_purchase_puts_buy_on_the_card_on_sale() -> None:
    game, state, seat = _first(3, {}, "purchase")
    view = game.view(state, seat)
    legal = ["buy", "buyfree", "decline"]
    svg, placed = board_svg(view, legal)
    assert placed == {"buy"}
    root = _check(svg, placed, legal)
    (target,) = _targets(root)
    price = view["price"]
    assert (target.get("aria-label") or "").endswith(f"for {price} coin{'s' if price != 1 else ''}")
    # without the coins to buy, the fish market's free take is the card's action
    svg, placed = board_svg(view, ["buyfree", "decline"])
    assert placed == {"buyfree"}
    # outside the purchase, buy names no card
    view = dict(view, decision="loading")
    assert board_svg(view, ["buy"])[1] == frozenset()


def test_loads_only_where_one_move_goes() -> None:
    game, state, seat = _first(3, {}, "demand")
    view = game.view(state, seat)
    player = view["players"][seat]
    player["contracts"] = [
        {
            "card": "Auftrag",
            "id": "base.contract.1",
            "needed": ["coffee", "carpet"],
            "placed": [],
            "slots_filled": [False, False],
            "points": 5,
            "complete": False,
        }
    ]
    player["card_ids"] = ["base.contract.1", "base.merchant.tea", "base.warehouse"]
    player["cards"] = ["Auftrag", "Teeverkoster", "Lager"]
    legal = [
        "load coffee ship>contract0",
        "load carpet ship>contract0",
        "load carpet warehouse>contract0",
        "load tea ship>sell",
        "load tea ship>warehouse",
        "load coffee ship>warehouse",
        "load tea ship>hall",
        "done",
    ]
    svg, placed = board_svg(view, legal)
    # the coffee slot and the tea merchant have one move each; the carpet slot and the Lager
    # have two, so those stay with the page, like done
    assert placed == {"load coffee ship>contract0", "load tea ship>sell", "load tea ship>hall"}
    _check(svg, placed, legal)
    # a spectator's board carries nothing, whatever is passed
    view["seat"] = None
    assert board_svg(view, legal)[1] == frozenset()


def _status(svg: str) -> str:
    """The header's status line: who decides what (the text beside the decider's worker)."""
    root = ET.fromstring(svg)
    return next(el.text or "" for el in root.iter(f"{SVG}text") if el.get("x") == "42.0")


def test_the_header_names_the_decider() -> None:
    """The status line names the decider as "Player A" without names, by its name with names
    ("Anna (A) buys or declines"), "Anna (A, you)" on the decider's own board, a long name cut
    to the line's room; in German too. A buyer's coins are said beside the price."""
    from hanse.web.i18n import game_translations

    german = game_translations("de", "speicherstadt").gettext
    names = ["Anna", "Bernd", "Carla"]
    long = ["Maximilian-Alexander von Hohenzollern-Sigmaringen"] * 3
    met: set[str] = set()
    for game, state, seat in _decisions(3, {}, 2, every=3):
        view = game.view(state, None)
        decision = view["decision"]
        letter = "ABC"[seat]
        plain = _status(board_svg(view, [])[0])
        assert plain.startswith(f"Player {letter}"), plain
        named = _status(board_svg(view, [], names=names)[0])
        assert named.startswith(f"{names[seat]} ({letter})"), named
        assert "Player" not in named
        own = _status(board_svg(game.view(state, seat), [], names=names)[0])
        assert own.startswith(f"{names[seat]} ({letter}, you)"), own
        if decision == "purchase":
            assert named.startswith(f"{names[seat]} ({letter}) buys or declines · price ")
            # The buyer's coins beside the price (Kauf: whoever cannot pay declines).
            coins = view["players"][seat]["coins"]
            assert named.endswith(f" coin{'s' if view['price'] != 1 else ''} (has {coins})"), named
            german_named = _status(board_svg(view, [], german, names=names)[0])
            assert german_named.endswith(f" (hat {coins})"), german_named
        cut = _status(board_svg(view, [], names=long)[0])
        assert "…" in cut and f"({letter})" in cut and len(cut) < 80, cut
        assert _status(board_svg(view, [], german, names=names)[0]).startswith(
            f"{names[seat]} ({letter})"
        )
        met.add(decision)
    assert {"demand", "purchase", "loading"} <= met


def test_every_box_lies_inside_the_board() -> None:
    """Every rectangle drawn (cards, the price tag under the card on sale, the stores) lies
    inside the board's width, however many cards a row holds (five players reserve many)."""
    for n, flags, seed in ((5, {"kaispeicher": True}, 3), (2, {}, 4)):
        for game, state, seat in _decisions(n, flags, seed, every=3):
            _, svg, _ = _board(game, state, seat)
            root = ET.fromstring(svg)
            width = float((root.get("viewBox") or "").split()[2])
            for el in root.iter(f"{SVG}rect"):
                x, w = float(el.get("x", 0)), float(el.get("width", 0))
                assert x >= -0.5 and x + w <= width + 0.5, (n, el.attrib)
