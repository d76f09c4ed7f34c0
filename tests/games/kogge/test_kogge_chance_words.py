"""The route markers chance draws and the lot, in the log in words (issue 19, item 9: no internal
words on screen): "Spielvorbereitung" (the guild master's marker, then the route squares),
"Startaufstellung festlegen" (lots), the eight markers for sale and the +1 Wegemarker chip, and
expert rule D (Memory: the squares are dealt face down)."""

from __future__ import annotations

from kogge_helpers import game, run_until

from hanse.core.testing import chance_log_lines as _lines
from hanse.games.kogge import KoggeGame
from hanse.games.kogge.actions import Deal, Decision, Lot
from hanse.games.kogge.data import CHIP_NAMES
from hanse.games.kogge.rules.bidding import start_round
from hanse.games.kogge.state import KoggeState


def test_spielvorbereitung_the_markers_dealt_are_in_words_for_everybody() -> None:
    """The guild master's marker names his city; a square's marker, the square and where the
    route leads: 'Marker 5 is laid on the first route of Tönsberg (0): the route leads to
    Danzig (5)'."""
    g = game(3)
    s = g.new_initial_state()
    assert (
        _lines(g, s, Deal(4))
        == ["Marker 4 is drawn: the guild master and the game-end marker start in Riga (4)"] * 4
    )
    g.apply_action(s, Deal(4))
    assert (
        _lines(g, s, Deal(5))
        == ["Marker 5 is laid on the first route of Tönsberg (0): the route leads to Danzig (5)"]
        * 4
    )
    run_until(g, s, lambda st: st.deal_idx == 10)
    right = g.chance_outcomes(s)[0][0]
    number = right.value  # type: ignore[attr-defined]
    assert _lines(g, s, right)[0] == (
        f"Marker {number} is laid on the second route of Tönsberg (0): the route leads to "
        f"{_city(g, s, number)}"
    )


def _city(g: KoggeGame, s: KoggeState, number: int) -> str:
    city = g.view(s, None)["cities"][number]
    return f"{city['name']} ({number})"


def test_memory_a_face_down_marker_is_told_by_its_square_not_its_number() -> None:
    """Expert rule D: every route marker lies face down, so nobody reads its number, only
    'A marker is laid face down on the first route of Tönsberg (0)' (the guild master's marker
    is open)."""
    g = game(3, memory=True)
    s = g.new_initial_state()
    assert _lines(g, s, Deal(4))[0] == (
        "Marker 4 is drawn: the guild master and the game-end marker start in Riga (4)"
    )
    g.apply_action(s, Deal(4))
    for outcome, _ in g.chance_outcomes(s):
        assert (
            _lines(g, s, outcome)
            == ["A marker is laid face down on the first route of Tönsberg (0)"] * 4
        )


def _round_start(g: KoggeGame, chip_owner: int) -> KoggeState:
    s = g.new_initial_state()
    run_until(g, s, lambda st: st.phase == Decision.BID)
    s.chips[chip_owner * 4 + CHIP_NAMES.index("extra_marker")] = 1
    start_round(g, s)
    assert s.phase == Decision.DRAW_BONUS
    return s


def test_the_extra_marker_chip_tells_the_number_to_its_owner_only() -> None:
    """Bonus chip +1 Wegemarker: the owner reads the marker he gets; while holdings are secret
    (RULINGS.md, "Holdings are secret") the others read only that he got one."""
    g = game(3)
    s = _round_start(g, 1)
    chip = "(bonus chip +1 route marker)"
    assert _lines(g, s, Deal(6)) == [
        f"Player B gets a hidden marker from the reserve {chip}",
        f"Player B gets marker 6 from the reserve {chip}",
        f"Player B gets a hidden marker from the reserve {chip}",
        f"Player B gets a hidden marker from the reserve {chip}",
    ]
    g = game(3, open_holdings=True)
    s = _round_start(g, 1)
    assert _lines(g, s, Deal(6)) == [f"Player B gets marker 6 from the reserve {chip}"] * 4


def test_bieten_the_eight_markers_for_sale_are_drawn_two_to_a_lot() -> None:
    """'Zuerst werden ACHT Wegemarker aus dem Vorrat zufällig gezogen und in vier Gruppen á
    zwei ... platziert': lots numbered as in the notation, from 0."""
    g = game(3)
    s = _round_start(g, 1)
    g.apply_action(s, g.chance_outcomes(s)[0][0])
    assert s.phase == Decision.DRAW_OFFER
    said = []
    for _ in range(4):
        action = g.chance_outcomes(s)[-1][0]
        said.append(_lines(g, s, action)[3])
        g.apply_action(s, action)
    assert [line.rsplit(" ", 1)[1] if line else None for line in said] == ["1", "1", "2", "2"]
    assert all(line and line.startswith("Marker ") for line in said)


def test_startaufstellung_lots_decide_between_two_players_in_one_city() -> None:
    """'Stehen zwei Spieler in einer Stadt, wird die Reihenfolge unter ihnen ausgelost'."""
    g = game(3)
    s = g.new_initial_state()
    run_until(g, s, lambda st: st.phase == Decision.LOT, seed=_seed_with_lot(g))
    first = s.queue[0]
    pair = s.order[first : first + 2]
    letters = ["ABC"[seat] for seat in pair]
    assert (
        _lines(g, s, Lot(pair[1]))
        == [f"By lot, player {letters[1]} moves before player {letters[0]}"] * 4
    )


def _seed_with_lot(g: KoggeGame) -> int:
    for seed in range(200):
        s = g.new_initial_state()
        run_until(g, s, lambda st: st.phase in (Decision.LOT, Decision.BID), seed)
        if s.phase == Decision.LOT:
            return seed
    raise AssertionError("no two players chose one start city in 200 games")
