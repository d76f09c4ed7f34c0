"""2. Nachfrage: workers placed one at a time on the lowest free space (Kaispeicher additions)."""

from __future__ import annotations

import pytest
from speicherstadt_helpers import act, card, legal, new, offer, own, place_all

from hanse.core import IllegalActionError
from hanse.games.speicherstadt.state import DEMAND, GREY, PURCHASE

BASE_OFFER = ("Kaffeeröster", "Teeverkoster", "Lager", "Gewürzhändler", "Vulkaniseur")


def test_placement_goes_round_clockwise_from_the_start_player() -> None:
    """Nachfrage: "Reihum im Uhrzeigersinn" from the start player, three times."""
    game, s = new(3)
    s.start_player = 2
    offer(game, s, *BASE_OFFER[:4])
    order = []
    while s.decision == DEMAND:
        order.append(s.decider)
        act(game, s, f"place {len(order) % 4}")
    assert order == [2, 0, 1] * 3


def test_worker_goes_on_the_lowest_free_space() -> None:
    """Nachfrage: "Stehen über der gewählten Karte bereits Arbeiter, ... auf das nächste freie
    Feld darüber"."""
    game, s = new(3)
    offer(game, s, *BASE_OFFER[:4])
    place_all(game, s, 1, 1, 0, 1)
    assert s.offer_workers[1] == (0, 1, 0)
    assert game.view(s, None)["offer"][1]["workers"] == [0, 1, 0]


def test_several_own_workers_on_one_card() -> None:
    """Nachfrage: "Es ist erlaubt, dass mehrere Arbeiter eines Spielers über derselben Karte
    stehen"."""
    game, s = new(2)
    offer(game, s, *BASE_OFFER[:3])
    place_all(game, s, 0, 1, 0)
    assert s.offer_workers[0] == (0, 0)


def test_a_full_card_takes_no_more_workers() -> None:
    """Nachfrage: "Falls alle 8 Gebäudefelder ... besetzt sind, könnt ihr dort keinen weiteren
    Arbeiter"."""
    game, s = new(5, kai=True)
    offer(game, s, *BASE_OFFER, "base.kontor.A")
    place_all(game, s, *[0] * 8)
    assert len(s.offer_workers[0]) == 8
    assert "place 0" not in legal(game, s)
    with pytest.raises(IllegalActionError, match="8 building spaces"):
        act(game, s, "place 0")


def test_placing_cannot_be_skipped() -> None:
    """Nachfrage: "Ihr könnt nicht darauf verzichten, einen Arbeiter zu platzieren"."""
    game, s = new(2)
    offer(game, s, *BASE_OFFER[:3])
    assert legal(game, s) == ["place 0", "place 1", "place 2"]
    with pytest.raises(IllegalActionError):
        act(game, s, "done")


def test_demand_ends_when_all_workers_are_placed() -> None:
    game, s = new(2)
    offer(game, s, *BASE_OFFER[:3])
    place_all(game, s, 0, 0, 1, 2, 2, 2)
    assert s.decision == PURCHASE
    assert s.workers == [0, 0]


def test_kaispeicher_four_workers_and_reservation_stack() -> None:
    """Kaispeicher: 4 workers; a reserved card goes on top of the reserved column with a worker."""
    game, s = new(2, kai=True)
    offer(game, s, *BASE_OFFER[:3], upper=("Teppichhändler", "base.kontor.A", "base.contract.1"))
    assert legal(game, s) == [
        "place 0",
        "place 1",
        "place 2",
        "reserve 0",
        "reserve 1",
        "reserve 2",
    ]
    act(game, s, "reserve 1", "reserve 0")
    assert s.reserved == [card("base.kontor.A"), card("Teppichhändler")]
    assert s.reserved_workers == [0, 1]
    assert s.upper == [card("base.contract.1")]
    view = game.view(s, 0)
    assert [r["card"] for r in view["reserved"]] == ["Kontor", "Teppichhändler"]
    place_all(game, s, 0, 0, 0, 0, 0, 0)
    assert s.decision == PURCHASE
    # The unreserved card of the upper row is discarded after the demand.
    assert s.upper == [] and s.discard[card("base.contract.1")] == 1


def test_unreserved_ship_cubes_go_to_the_supply() -> None:
    """Cubes never go back into the bag: an unreserved ship's cubes go to the supply."""
    game, s = new(2, kai=True)
    offer(game, s, *BASE_OFFER[:3], upper=(("base.ship.B", "coffee tea tea"),))
    place_all(game, s, *[0] * 8)
    assert s.reserve[0] == 1 and s.reserve[1] == 2
    assert s.bag[0] == 8


def test_kaffeepause_break_card() -> None:
    """Kaffeepause: instead of placing a worker, a break card goes to the discard pile."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Kaffeepause")
    assert s.breaks == [2, 0]
    offer(game, s, *BASE_OFFER[:3])
    assert "pause" in legal(game, s)
    act(game, s, "pause")
    assert s.decider == 1 and s.workers == [4, 4]
    act(game, s, "place 0", "pause", "place 1")
    assert s.breaks[0] == 0 and s.break_used == 2
    # Both break cards used: the Kaffeepause goes to the discard pile too.
    assert card("Kaffeepause") not in s.cards[0]
    assert s.discard[card("Kaffeepause")] == 1


def test_kaffeepause_only_while_opponents_have_regular_workers() -> None:
    """Yucata note: "nur ... solange Gegner noch reguläre Arbeiter einsetzen müssen"."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Kaffeepause")
    offer(game, s, *BASE_OFFER[:3])
    s.workers[1] = 0
    s.legal_cache = None
    assert "pause" not in legal(game, s)
    with pytest.raises(IllegalActionError, match="Kaffeepause"):
        act(game, s, "pause")


def test_kaffeepause_not_for_an_opponents_grey_workers() -> None:
    """Yucata note: "Es ist nicht möglich, eine Pausenkarte zu spielen, weil man vermutet, dass ein
    Gegner, der den Lagerarbeiter besitzt, noch graue Arbeiter einsetzen wird"."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Kaffeepause")
    own(game, s, 1, "Lagerarbeiter")
    offer(game, s, *BASE_OFFER[:3])
    assert "pause" in legal(game, s)
    s.workers[1] = 0  # seat 1 has only its two grey workers left
    s.legal_cache = None
    assert s.greys[1] == 2
    assert "pause" not in legal(game, s)


def test_lagerarbeiter_grey_workers_after_the_regular_ones() -> None:
    """Lagerarbeiter: grey workers are placed after the regular workers, may be left unplaced,
    leave the game after the purchase; the card is discarded once both were placed."""
    game, s = new(2, kai=True)
    own(game, s, 1, "Lagerarbeiter")
    assert s.greys == [0, 2] and s.grey_aside == 0
    offer(game, s, *BASE_OFFER[:3])
    place_all(game, s, *[0] * 4, *[1] * 4)  # 4 regular workers each
    assert s.decision == DEMAND and s.decider == 1
    assert legal(game, s) == ["place 0", "place 1", "place 2", "done"]
    act(game, s, "place 2")
    assert s.offer_workers[2] == (1 | GREY,)
    assert game.view(s, 0)["offer"][2]["grey"] == [True]
    act(game, s, "place 2")
    assert s.greys[1] == 0
    assert s.discard[card("Lagerarbeiter")] == 1
    assert s.decision == PURCHASE
    # Card 2 belongs to the grey workers: they leave the game after its sale.
    while s.decision == PURCHASE:
        act(game, s, "decline")
    assert s.grey_out == 2


def test_grey_workers_can_be_kept_for_later() -> None:
    game, s = new(2, kai=True)
    own(game, s, 1, "Lagerarbeiter")
    offer(game, s, *BASE_OFFER[:3])
    place_all(game, s, *[0] * 8)
    act(game, s, "done")
    assert s.decision == PURCHASE
    assert s.greys[1] == 2
