"""Brand in the log ("Handelskarten", Brand; Kaispeicher "Online-Spiel", Einsatzleiter): the draw
that turns up a fire resolves it at once, and every viewer's log tells who gains or loses how
many points, in the game's text and in words in the reader's language (a player's trial: the
score went from 0 to -1 and the log said only that a fire was turned up)."""

from __future__ import annotations

import random

import pytest
from speicherstadt_helpers import card, clear_season, new, own

from hanse.core import CHANCE, Action
from hanse.core.match import sample_chance
from hanse.core.words import Phrase, log_line, note_text
from hanse.games import make
from hanse.games.speicherstadt.actions import DrawCard
from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.rules import scoring
from hanse.games.speicherstadt.state import DRAW_CARD, SpeicherstadtState
from hanse.games.svg_parts import SEAT_LETTERS
from hanse.server.live_table import LiveTable, Seat
from hanse.server.pages import render_panel
from hanse.web.i18n import game_translations

RULE = "fire: the most firemen win, the fewest lose"


def _drawn(game: SpeicherstadtGame, s: SpeicherstadtState, fire: str) -> DrawCard:
    """The draw of `fire` next: the seasons above it cleared, as at that point of a game."""
    draw = DrawCard(card(fire))
    for season in range(game.tables.season[draw.card]):
        clear_season(game, s, season)
    s.decision, s.decider = DRAW_CARD, CHANCE
    s.legal_cache = None
    return draw


def _texts(game: SpeicherstadtGame, s: SpeicherstadtState, draw: Action) -> set[str]:
    """Every seat's and a spectator's log text of the draw (Speicherstadt hides nothing)."""
    viewers: list[int | None] = [*range(game.num_players), None]
    return {game.observe_action(s, CHANCE, draw, viewer) for viewer in viewers}


def _words(game: SpeicherstadtGame, s: SpeicherstadtState, draw: DrawCard, lang: str) -> set[str]:
    """Every viewer's log line of the draw in words, in `lang`."""
    viewers: list[int | None] = [*range(game.num_players), None]
    seen = [game.observe_action(s, CHANCE, draw, viewer) for viewer in viewers]
    said = game.log_said(s, CHANCE, draw, seen, viewers)
    words = game_translations(lang, "speicherstadt").gettext
    return {log_line(line, words, "") for line in said if line is not None}


def test_brand_the_highest_total_gains_the_lowest_loses_in_every_log() -> None:
    """Brand: "Wer die höchste Summe aufweist, erhält sofort so viele Punkte, wie die Zahl auf
    der Brandkarte angibt. Wer die niedrigste Summe hat, erhält sofort entsprechend viele
    Minuspunkte" — a player without firemen has the sum 0; one in between is not affected."""
    game, s = new(3)
    own(game, s, 0, "base.fireman.2.A")
    own(game, s, 1, "base.fireman.1.A")
    draw = _drawn(game, s, "1. Brand")
    notes = (
        "player A gains 1 point (highest firemen total: 2); "
        "player C loses 1 point (lowest firemen total: 0)"
    )
    assert _texts(game, s, draw) == {f"draw 1. Brand (season B: {RULE}; {notes})"}
    english = "Fire 1 is turned up: the most firemen win, the fewest lose"
    assert _words(game, s, draw, "en") == {f"{english} ({notes})"}
    assert _words(game, s, draw, "de") == {
        "1. Brand wird aufgedeckt: die meisten Feuerwehrleute gewinnen, die wenigsten verlieren "
        "(Spieler A erhält 1 Punkt (höchste Summe der Feuerwehrmänner: 2); "
        "Spieler C erhält 1 Minuspunkt (niedrigste Summe der Feuerwehrmänner: 0))"
    }
    game.apply_action(s, draw)
    assert s.score == [1, 0, -1]


def test_brand_every_tied_player_gains_or_loses() -> None:
    """Brand: "Bei einem Gleichstand mehrerer Spieler erhält jeder Beteiligte die Punkte bzw.
    Minuspunkte" — two players tie for the highest sum (a Feuerwehrmann 3 against 1 + 2)."""
    game, s = new(4)
    own(game, s, 0, "base.fireman.3.B")
    own(game, s, 1, "base.fireman.1.A", "base.fireman.2.A")
    own(game, s, 2, "base.fireman.1.B")
    draw = _drawn(game, s, "3. Brand")
    notes = (
        "player A gains 3 points (highest firemen total: 3); "
        "player B gains 3 points (highest firemen total: 3); "
        "player D loses 3 points (lowest firemen total: 0)"
    )
    assert _texts(game, s, draw) == {f"draw 3. Brand (season D: {RULE}; {notes})"}
    assert _words(game, s, draw, "en") == {
        f"Fire 3 is turned up: the most firemen win, the fewest lose ({notes})"
    }
    (german,) = _words(game, s, draw, "de")
    assert german.endswith(
        "(Spieler A erhält 3 Punkte (höchste Summe der Feuerwehrmänner: 3); "
        "Spieler B erhält 3 Punkte (höchste Summe der Feuerwehrmänner: 3); "
        "Spieler D erhält 3 Minuspunkte (niedrigste Summe der Feuerwehrmänner: 0))"
    )
    game.apply_action(s, draw)
    assert s.score == [3, 3, 0, -3]


def test_brand_all_sums_equal_nobody_gains_or_loses() -> None:
    """Brand: "Im seltenen Fall, dass alle Spieler dieselbe Summe aufweisen, erhält niemand
    Plus- oder Minuspunkte" — also when nobody has a fireman."""
    game, s = new(2)
    draw = _drawn(game, s, "2. Brand")
    note = "nobody gains or loses points (all players have the same firemen total: 0)"
    assert _texts(game, s, draw) == {f"draw 2. Brand (season C: {RULE}; {note})"}
    (italian,) = _words(game, s, draw, "it")
    assert italian.endswith(
        "(nessuno guadagna o perde punti (tutti i giocatori hanno la stessa somma dei pompieri: 0))"
    )
    game.apply_action(s, draw)
    assert s.score == [0, 0]


def test_loeschzug_and_einsatzleiter_at_the_fourth_fire() -> None:
    """Löschzug: the highest fireman counts twice ("Die Gesamtsumme der Feuerwehrmänner ...
    beinhaltet den verdoppelten Wert"); Einsatzleiter: unused, it "wird ... automatisch
    gespielt, wenn Feuerkarte #4 gewertet wird", in the same draw, so that draw tells it."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Einsatzleiter", "base.fireman.1.A", "Löschzug")
    s.final = True
    draw = _drawn(game, s, "4. Brand")
    notes = (
        "player A gains 4 points (highest firemen total: 2); "
        "player B loses 4 points (lowest firemen total: 0); "
        "player A gains 4 more points (Fire Chief)"
    )
    assert _texts(game, s, draw) == {f"draw 4. Brand (season E: {RULE}; {notes})"}
    (german,) = _words(game, s, draw, "de")
    assert german.endswith("; Spieler A erhält 4 weitere Punkte (Einsatzleiter))")
    game.apply_action(s, draw)
    assert game.is_terminal(s)
    assert s.score[1] == -4


def test_an_asked_einsatzleiter_is_the_next_moves() -> None:
    """Einsatzleiter before the 4th fire: the owner is asked after the fire is scored, so the
    draw tells the fire alone and the owner's move ("double") tells the doubling."""
    game, s = new(2, kai=True)
    own(game, s, 1, "Einsatzleiter", "base.fireman.2.A")
    draw = _drawn(game, s, "2. Brand")
    assert _texts(game, s, draw) == {
        f"draw 2. Brand (season C: {RULE}; player B gains 2 points (highest firemen total: 2); "
        "player A loses 2 points (lowest firemen total: 0))"
    }
    game.apply_action(s, draw)
    double = game.action_from_str("double")
    assert game.note_phrases(s, 1, double, None) == []
    assert game.observe_action(s, 1, double, None) == "double"


def test_the_panel_log_tells_the_fire_in_the_readers_language() -> None:
    """The web page's log (the player's trial): each seat and a spectator read the outcome."""
    seats = [Seat(seat, "human", None, f"P{seat}", True) for seat in range(3)]
    table = LiveTable("t", "speicherstadt", 3, {}, "live", "public", "playing", seats)
    state = table.state.clone()
    own(table.game, state, 0, "base.fireman.2.A")
    own(table.game, state, 1, "base.fireman.1.A")
    draw = _drawn(table.game, state, "1. Brand")
    table.commit(state, [table.step(state, CHANCE, draw)])
    for viewer in (0, 1, 2, None):
        english = render_panel(table.payload(viewer), "en")
        assert (
            "Fire 1 is turned up: the most firemen win, the fewest lose (player A gains 1 point "
            "(highest firemen total: 2); player C loses 1 point (lowest firemen total: 0))"
        ) in english
        german = render_panel(table.payload(viewer), "de")
        assert (
            "(Spieler A erhält 1 Punkt (höchste Summe der Feuerwehrmänner: 2); Spieler C erhält "
            "1 Minuspunkt (niedrigste Summe der Feuerwehrmänner: 0))"
        ) in german
        italian = render_panel(table.payload(viewer), "it")
        assert "(il giocatore A guadagna 1 punto (somma dei pompieri più alta: 2); " in italian


def _points(notes: list[Phrase], players: int) -> list[int]:
    """The points each seat gains (+) or loses (-) by the notes."""
    change = [0] * players
    for note in notes:
        fields = dict(note.fields)
        if "seat" in fields:
            points = int(fields.get("points", 1))  # "gains 1 point" has no field
            seat = SEAT_LETTERS.index(fields["seat"])
            change[seat] += -points if "loses" in note.template else points
    return change


@pytest.mark.parametrize("kai", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_notes_tell_every_point_a_fire_draw_scores(players: int, kai: bool) -> None:
    """In random games, each fire draw's notes add up to the points the draw scores (the end
    scoring that the 4th fire's draw may start aside), and every viewer's text ends with them.
    An Einsatzleiter or a Versicherung asked after the draw is a later move's."""
    game = make("speicherstadt", players, kaispeicher=kai)
    fires = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not game.is_terminal(s):
            if game.current_player(s) != CHANCE:
                game.apply_action(s, rng.choice(game.legal_actions(s)))
                continue
            action = sample_chance(game, s, rng)
            notes = game.note_phrases(s, CHANCE, action, None)
            texts = _texts(game, s, action)
            before = list(s.score)
            game.apply_action(s, action)
            if not notes:
                continue
            fires += 1
            assert texts == {next(iter(texts))}
            assert next(iter(texts)).endswith("; " + note_text(notes)[1:])
            if game.current_player(s) != CHANCE and not game.is_terminal(s):
                continue
            end = [
                scoring.end_points(game.tables, s, p) if game.is_terminal(s) else 0
                for p in range(players)
            ]
            scored = [after - was - e for after, was, e in zip(s.score, before, end, strict=True)]
            assert scored == _points(notes, players), (texts, scored)
    assert fires == 3 * 4
