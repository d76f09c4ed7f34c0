"""Rulebook "Weitere Regel: Handel untereinander" and expert rule B (Handel mit Kontoren)."""

from __future__ import annotations

from kogge_helpers import (
    balance,
    check_inventory,
    game,
    goods,
    play,
    put_kontor,
    scenario,
    set_cargo,
    set_hand,
    texts,
)

from hanse.games.kogge.actions import Decision


def _trade(n: int = 3, **flags: bool) -> tuple:
    g = game(n, **flags)
    s = scenario(g, phase=Decision.ACTION, pos=[4, 4] + [0] * (n - 2))
    set_cargo(s, 0, "oof")
    set_hand(s, 0, 3)
    set_cargo(s, 1, "a")
    set_hand(s, 1, 7, 7)
    balance(g, s)
    return g, s


def test_offers_only_to_cogs_in_the_same_city() -> None:
    g, s = _trade(3)
    offers = [t for t in texts(g, s) if t.startswith("offer")]
    assert offers == ["offer 1"]


def test_offer_accepted_moves_goods_and_markers_both_ways() -> None:
    g, s = _trade(3)
    play(g, s, "offer 1", "item give o", "item give 3", "item take a", "item take 7")
    assert s.phase == Decision.TRADE
    assert s.cargo[0:4] == goods("of")  # the given ore is set aside
    check_inventory(g, s)
    play(g, s, "send")
    assert s.phase == Decision.ANSWER and g.current_player(s) == 1
    assert texts(g, s) == ["decline", "accept"]
    play(g, s, "accept")
    assert s.cargo[0:4] == goods("ofa") and s.cargo[4:8] == goods("o")
    assert s.hand[0:9] == [0, 0, 0, 0, 0, 0, 0, 1, 0]
    assert s.hand[9:18] == [0, 0, 0, 1, 0, 0, 0, 1, 0]
    assert s.phase == Decision.ACTION and g.current_player(s) == 0
    assert "offer 1" not in texts(g, s)  # one offer per partner and turn
    check_inventory(g, s)


def test_trades_at_any_time_also_while_moving() -> None:
    """'Die Spieler dürfen untereinander JEDERZEIT ... handeln – wenn sie mit ihren Koggen im
    gleichen Feld stehen': the player on turn may trade before or during his movement (here: a
    marker bought from a cog in his start city pays his second step), then trade again with the
    same partner in his action phase (one offer per partner while moving and one in the action
    phase)."""
    g = game(2)
    s = scenario(g, routes={4: (5, 6), 5: (4, 7)}, pos=[4, 4])
    set_cargo(s, 0, "f")
    set_hand(s, 1, 7, 7)
    balance(g, s)
    assert "offer 1" in texts(g, s)
    play(g, s, "offer 1", "item give f", "item take 7", "send", "accept")
    assert s.phase == Decision.MOVE and g.current_player(s) == 0  # back to the movement
    assert "offer 1" not in texts(g, s)
    play(g, s, "move 0", "move 0 pay 7")
    assert s.pos[0] == 4 and s.steps == 2
    play(g, s, "stop")
    assert s.phase == Decision.ACTION and "offer 1" in texts(g, s)
    play(g, s, "offer 1", "item take 7", "send", "decline")
    assert s.phase == Decision.ACTION and "offer 1" not in texts(g, s)
    check_inventory(g, s)


def test_trade_in_a_city_passed_through() -> None:
    """A cog met on the way (not in the start or end city) may be traded with too."""
    g = game(3)
    s = scenario(g, routes={0: (5, 6), 5: (4, 7)}, pos=[0, 5, 1])
    set_cargo(s, 1, "s")
    set_cargo(s, 0, "o")
    balance(g, s)
    assert not any(t.startswith("offer") for t in texts(g, s))
    play(g, s, "move 0")
    assert [t for t in texts(g, s) if t.startswith("offer")] == ["offer 1"]
    play(g, s, "offer 1", "item give o", "item take s", "send", "accept")
    play(g, s, "move 1 pay s")
    assert s.pos[0] == 7 and s.cargo[0:4] == goods("") and s.cargo[4:8] == goods("o")
    check_inventory(g, s)


def test_declined_offer_returns_everything() -> None:
    g, s = _trade(2)
    before = s.clone()
    play(g, s, "offer 1", "item give f", "item take a", "send", "decline")
    assert s.cargo == before.cargo and s.hand == before.hand
    check_inventory(g, s)


def test_cancel_while_composing() -> None:
    g, s = _trade(2)
    play(g, s, "offer 1", "item give o", "cancel")
    assert s.cargo[0:4] == goods("oof") and s.phase == Decision.ACTION


def test_asks_are_limited_to_what_the_partner_holds() -> None:
    """With open holdings (flag ``open_holdings``) the offerer sees what the partner holds."""
    g, s = _trade(2, open_holdings=True)
    play(g, s, "offer 1", "item take a")
    legal = texts(g, s)
    assert "item take a" not in legal and "item take 7" in legal
    assert "send" in legal  # one-sided offers (gifts and requests) are allowed


def test_hidden_cargo_asks_are_limited_by_totals_and_accept_by_holdings() -> None:
    """With secret goods (RULINGS.md, "Holdings are secret"; always in C and D) the offerer sees
    only totals; the partner can accept only what he has."""
    g, s = _trade(2, conflicts=True)
    play(g, s, "offer 1")
    legal = texts(g, s)
    assert {"item take o", "item take f", "item take a", "item take s"} <= set(legal)
    play(g, s, "item take s", "send")
    assert texts(g, s) == ["decline"]


def test_kontor_trade_only_with_flag_b() -> None:
    """B: 'Koggen können nun auch mit Kontoren handeln ... Alle Waren, die an den Spieler mit dem
    Kontor gehen, müssen in das Kontor gelegt werden.'"""
    g, s = _trade(3)
    place = put_kontor(s, 2, 4, "ff")
    balance(g, s)
    assert "offer 2 kontor" not in texts(g, s)
    g, s = _trade(3, kontor_trade=True)
    place = put_kontor(s, 2, 4, "ff")
    balance(g, s)
    assert "offer 2 kontor" in texts(g, s)
    play(g, s, "offer 2 kontor")
    legal = texts(g, s)
    assert "item take f" in legal and "item take o" not in legal  # only the Kontor's goods
    play(g, s, "item take f", "item take f")
    assert "item take f" not in texts(g, s)
    play(g, s, "item give o", "send")
    assert g.current_player(s) == 2
    play(g, s, "accept")
    assert s.kontor_goods[place * 4 : place * 4 + 4] == goods("o")
    assert s.cargo[0:4] == goods("offf")
    assert s.cargo[8:12] == [0, 0, 0, 0]
    check_inventory(g, s)


def test_kontor_goods_cannot_be_traded_without_b() -> None:
    """'Waren, die sich noch in Kontoren befinden, können nicht gehandelt [werden]'."""
    g, s = _trade(2, open_holdings=True)
    put_kontor(s, 1, 4, "ss")
    balance(g, s)
    play(g, s, "offer 1")
    assert "item take s" not in texts(g, s)


def test_ruling_trade_offers_one_per_partner_and_phase_and_the_refusal_names_it() -> None:
    """RULINGS.md, "Trade offers": at most one offer to each partner in each phase of each turn,
    so that games end; a declined offer is not repeated in that phase, and the refusal says
    why."""
    import pytest

    from hanse.core import IllegalActionError

    g, s = _trade(3)
    s.pos[2] = 4
    balance(g, s)
    play(g, s, "offer 1", "item give o", "send", "decline")
    assert "offer 1" not in texts(g, s) and "offer 2" in texts(g, s)
    before = s.clone()
    with pytest.raises(IllegalActionError, match="at most one offer to each partner"):
        play(g, s, "offer 1")
    assert s == before
