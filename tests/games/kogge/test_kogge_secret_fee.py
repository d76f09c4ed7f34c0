"""The Geheimweg's second item (``pay_fee``) through every interface: views, determinize and
resampling, words in three languages, the table page, the research envs and the bots.

Bonuschip 'Geheimweg': the move 'kostet eine Ware oder einen Wegemarker zusätzlich zu allen anderen
Kosten'; after the free step(s) the two items are paid one at a time (issue 18: "No Kogge decision
in any flag set should offer more than a few dozen actions"). Random games reach this decision
rarely, so the state is built here.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import numpy as np
import pytest
from kogge_helpers import balance, game, secret_route_scenario, set_cargo, set_hand, texts

from hanse.bots.registry import make_bot
from hanse.games.kogge.actions import Decision
from hanse.games.kogge.game import KoggeGame
from hanse.games.kogge.state import KoggeState
from hanse.games.kogge.svg import board_svg
from hanse.web.i18n import game_translations

LANGS = ("de", "it")


def _fee_due(**flags: Any) -> tuple[KoggeGame, KoggeState, KoggeState]:
    """Seat 0 in Tönsberg (0) after its free step, the guild master in Stralsund (6): the state
    before 'move gm pay o' and the state after it, with the second item due."""
    g = game(2, **flags)
    s = secret_route_scenario(g, steps=1)
    set_cargo(s, 0, "oofs")
    set_hand(s, 0, 2, 7)
    set_cargo(s, 1, "aa")
    set_hand(s, 1, 4)
    balance(g, s)
    before = s.clone()
    g.apply_action(s, g.action_from_str("move gm pay o"))
    assert s.phase == Decision.PAY_FEE
    return g, before, s


def test_the_fee_decision_offers_the_items_no_lower_than_the_first() -> None:
    g, _, s = _fee_due()
    assert texts(g, s) == ["fee o", "fee f", "fee s", "fee 2", "fee 7"]
    assert g.decision_name(s) == "pay_fee"


@pytest.mark.parametrize("flags", [{}, {"open_holdings": True}, {"memory": True}])
def test_views_determinize_and_resampling_keep_the_fee_under_way(flags: dict[str, bool]) -> None:
    g, _, s = _fee_due(**flags)
    rng = random.Random(3)
    for seat in (None, 0, 1):
        view = g.view(s, seat)
        assert json.loads(json.dumps(view)) == view
        assert view["decision"] == "pay_fee" and view["turn"]["fee_floor"] == 0
        rebuilt = g.determinize(view, rng)
        assert g.view(rebuilt, seat) == view
        assert g.inventory(rebuilt) == g.inventory(s)
        assert g.view(g.resample_hidden(s, seat, rng), seat) == view
    assert texts(g, g.determinize(g.view(s, 0), rng)) == texts(g, s)


def test_the_fee_reads_as_words_in_every_language() -> None:
    g, before, s = _fee_due()
    view = g.view(s, 0)
    said = [g.decision_phrase(view)]
    said += [g.action_phrase(g.action_to_json(a), view) for a in g.legal_actions(s)]
    first = g.action_from_str("move gm pay o")
    said += [g.action_phrase(g.action_to_json(first), g.view(before, 0))]
    said += [g.log_phrase(before, 0, first), g.log_phrase(s, 0, g.action_from_str("fee s"))]
    english = [p.text(player="Anna") for p in said if p is not None]
    assert len(english) == 9
    assert "one more" in english[7] and "reaches Stralsund" in english[8]
    labels = english[1:6]
    assert len(set(labels)) == len(labels)  # buttons of one decision differ
    for lang in LANGS:
        translate = game_translations(lang, "kogge").gettext
        for phrase_ in said:
            assert phrase_ is not None
            assert translate(phrase_.template) != phrase_.template, (lang, phrase_.template)
    kind = g.kind_words()["pay_fee"]
    for lang in LANGS:
        translate = game_translations(lang, "kogge").gettext
        assert translate(kind.name) != kind.name and translate(kind.help) != kind.help


def test_the_table_page_and_the_board_offer_each_fee_once() -> None:
    from hanse.server.live_table import LiveTable, Seat
    from hanse.server.pages import render_panel

    g, _, s = _fee_due()
    seats = [Seat(p, "human", None, f"P{p}", True) for p in range(2)]
    table = LiveTable("t", "kogge", 2, {}, "live", "public", "playing", seats)
    table.state = s
    payload = table.payload(0)
    legal = sorted(action["text"] for action in payload["legal"])
    assert legal == sorted(texts(g, s))
    for lang in ("en", *LANGS):
        panel = render_panel(payload, lang)
        offered = re.findall(r'data-action="([^"]*)"', panel)
        assert sorted(offered) == legal
    svg, targets = board_svg(g.view(s, 0), texts(g, s))
    assert "pay the secret route" in svg and not targets  # the page's buttons pay the fee
    german, _ = board_svg(g.view(s, 0), texts(g, s), game_translations("de", "kogge").gettext)
    assert "Geheimweg bezahlen" in german


def test_the_envs_code_and_observe_the_fee() -> None:
    from hanse.env import ObservationEncoder
    from hanse.env.codec import ActionCodec
    from hanse.env.sparse import SparseObservation

    g, _, s = _fee_due()
    codec = ActionCodec(g)
    mask = codec.mask(g.legal_actions(s))
    assert mask.sum() == 5
    assert [codec.decode(c) for c in np.flatnonzero(mask)] == list(g.legal_actions(s))
    encoder = ObservationEncoder(g)
    observer = SparseObservation(encoder)
    for seat in (0, 1):
        expected = encoder.encode(g.view(s, seat))
        assert np.array_equal(observer.vector(s, seat), expected)


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_the_bots_pay_the_fee(level: str) -> None:
    g, before, s = _fee_due()
    bot = make_bot(level)
    rng = random.Random(1)
    assert bot.act(g, g.view(s, 0), g.legal_actions(s), rng) in g.legal_actions(s)
    chosen = bot.act(g, g.view(before, 0), g.legal_actions(before), rng)
    assert chosen in g.legal_actions(before)
