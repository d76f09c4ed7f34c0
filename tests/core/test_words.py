"""Every game in words (hanse.core.words; issue 16 "in words, what is being decided", the action
bar "labelled in the reader's language"; issue 19 item 9, no internal words on screen).

For each game with a ``words`` module, random games at both ends of the player counts and with
every flag on: each pending decision has a sentence, each legal action a phrase, the phrases of
one decision's actions are all different (they label the buttons), every action kind has a name
and an explanation, every chance outcome reads as words with no player and every viewer's log line
of it is in words (the whole outcome, or what the viewer saw of it), and the German and Italian
catalogs translate every template, kind and game term with exactly the template's fields.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from babel.messages.pofile import read_po

from hanse.core import CHANCE
from hanse.core.match import sample_chance
from hanse.core.testing import decision_nodes
from hanse.core.words import (
    Phrase,
    log_line,
    log_words,
    note_text,
    phrase,
    template_fields,
    unseen_words,
)
from hanse.games import REGISTRY, make
from hanse.web.i18n import LOCALE

GAMES = [game_id for game_id, cls in REGISTRY.items() if cls.words_module() is not None]
SEEDS = (0, 1)
EVERY = 3
LIMIT = 900  # decisions per game walked (Hansa's random games are long)


def _configurations(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    cls = REGISTRY[game_id]
    every_flag = {
        f.name: (not f.default) if isinstance(f.default, bool) else f.default
        for f in dataclasses.fields(cls.config_class)
    }
    return [
        (cls.min_players, {}),
        (cls.max_players, {}),
        (cls.min_players + 1, every_flag),
    ]


def _walk(game_id: str) -> tuple[set[str], set[str], set[str]]:
    """Templates, field values and action kinds met in random games; checks every node."""
    templates: set[str] = set()
    values: set[str] = set()
    kinds: set[str] = set()
    for players, flags in _configurations(game_id):
        game = make(game_id, players, **flags)
        viewers: list[int | None] = [*range(players), None]
        for seed in SEEDS:
            for state, seat in decision_nodes(game, seed, EVERY, LIMIT):
                view = game.view(state, seat)
                phrases = [game.decision_phrase(view)]
                labels: dict[str, str] = {}
                for action in game.legal_actions(state):
                    said = game.log_phrase(state, seat, action)
                    if said is not None:
                        _check_log_phrase(said)
                        templates.add(said.template)
                        values |= {value for _, value in said.fields}
                        for line in _partly_seen_lines(game, state, seat, action, viewers):
                            _check_log_phrase(line)
                            _check_seat_fields(game_id, line)
                            templates.add(line.template)
                            values |= {value for _, value in line.fields}
                        for note in _notes(game, state, seat, action, viewers):
                            _check_seat_fields(game_id, note)
                            templates.add(note.template)
                            values |= {value for _, value in note.fields}
                    obj = game.action_to_json(action)
                    kinds.add(obj["kind"])
                    said = game.action_phrase(obj, view)
                    phrases.append(said)
                    text = said.text()
                    notation = game.action_to_str(action)
                    assert text not in labels, (
                        f"{game_id}: {notation!r} and {labels[text]!r} both read {text!r}"
                    )
                    labels[text] = notation
                for said in phrases:
                    assert isinstance(said, Phrase)
                    _check_seat_fields(game_id, said)
                    assert said.text().strip() and "{" not in said.text()
                    assert template_fields(said.template) == {name for name, _ in said.fields}
                    templates.add(said.template)
                    values |= {value for _, value in said.fields}
    return templates, values, kinds


SEAT_FIELDS = ("seat", "robber")
"""Fields that name a player in the decisions and buttons of every game."""


def _check_seat_fields(game_id: str, said: Phrase) -> None:
    """A player is named by the letter the board and the log give the seat (A for seat 0),
    never by a seat number, which the board shows nowhere."""
    for name, value in said.fields:
        if name in SEAT_FIELDS:
            assert value in ("A", "B", "C", "D", "E", "?"), (
                f"{game_id}: {said.template!r} names a player {name}={value!r}"
            )


def _check_log_phrase(said: Phrase) -> None:
    """A log line in words: third person, its player left to the reader (``{player}``)."""
    assert isinstance(said, Phrase)
    assert template_fields(said.template) == {name for name, _ in said.fields} | {"player"}
    text = said.text(player="Anna (A)")
    assert text.strip() and "{" not in text and "Anna (A)" in text


def _partly_seen_lines(
    game: Any, state: Any, seat: int, action: Any, viewers: list[int | None]
) -> list[Phrase]:
    """The log lines in words of the viewers who saw only part of a move (Kogge's "start ?":
    ``words.unseen_log_phrase``), each checked to read as words with its note."""
    notation = game.action_to_str(action)
    seen = [game.observe_action(state, seat, action, viewer) for viewer in viewers]
    lines = game.log_said(state, seat, action, seen, viewers)
    partly = []
    for text, line in zip(seen, lines, strict=True):
        if line is None or text == notation or text.startswith(notation + " ("):
            continue
        said = log_line(line, str, "Anna (A)")
        assert "{" not in said and "Anna (A)" in said, (game.game_id, text, said)
        partly.append(Phrase.from_json(line))
    return partly


def _notes(
    game: Any, state: Any, seat: int, action: Any, viewers: list[int | None]
) -> list[Phrase]:
    """The notes of every viewer's log line (``GameBase.note_phrases``), each checked to be
    words with its fields and to say only what the viewer's own text says: its English is the
    note closing that text, or part of it."""
    notes = []
    for viewer in viewers:
        said = game.note_phrases(state, seat, action, viewer)
        if not said:
            continue
        text = game.observe_action(state, seat, action, viewer)
        for note in said:
            assert template_fields(note.template) == {name for name, _ in note.fields}
            assert "{" not in note.text() and note.text() in text, (text, note)
        assert note_text(said)[1:-1] in text, (text, said)
        notes += said
    return notes


def _walk_chance(game_id: str) -> tuple[set[str], set[str]]:
    """Templates and field values of the chance outcomes met in random games, every outcome of
    every chance node checked: chance in words with no player, and every viewer's log line of
    the outcome drawn in words (the whole outcome or what the viewer saw of it)."""
    templates: set[str] = set()
    values: set[str] = set()
    for players, flags in _configurations(game_id):
        game = make(game_id, players, **flags)
        viewers = [*range(players), None]
        for seed in SEEDS:
            state = game.new_initial_state()
            rng = random.Random(seed)
            decisions = 0
            while not game.is_terminal(state) and decisions < LIMIT:
                if game.current_player(state) != CHANCE:
                    legal = game.legal_actions(state)
                    game.apply_action(state, legal[rng.randrange(len(legal))])
                    decisions += 1
                    continue
                said = [game.log_phrase(state, CHANCE, a) for a, _ in game.chance_outcomes(state)]
                action = sample_chance(game, state, rng)
                seen = [game.observe_action(state, CHANCE, action, v) for v in viewers]
                lines = game.log_said(state, CHANCE, action, seen, viewers)
                assert all(line is not None for line in lines), (game_id, seen)
                said += [Phrase.from_json(line) for line in lines if line is not None]
                for phrase_ in said:
                    assert isinstance(phrase_, Phrase), (game_id, game.action_to_str(action))
                    _check_chance_phrase(game_id, phrase_)
                    templates.add(phrase_.template)
                    values |= {value for _, value in phrase_.fields}
                game.apply_action(state, action)
    return templates, values


def _check_chance_phrase(game_id: str, said: Phrase) -> None:
    """Chance in the log: words with no ``{player}`` (chance acts; the page says "chance")."""
    assert template_fields(said.template) == {name for name, _ in said.fields}
    assert "player" not in template_fields(said.template)
    text = said.text()
    assert text.strip() and "{" not in text, (game_id, text)
    _check_seat_fields(game_id, said)


@pytest.fixture(scope="module", params=GAMES)
def walked(request: pytest.FixtureRequest) -> tuple[str, set[str], set[str], set[str]]:
    templates, values, kinds = _walk(request.param)
    chance_templates, chance_values = _walk_chance(request.param)
    words = REGISTRY[request.param].words_module()
    # Every chance template, every partly seen move's and every note's, met or not (a Kogge +1
    # Wegemarker draw and a robbery while holdings are secret are rare in random games).
    for name in ("CHANCE_WORDS", "UNSEEN_WORDS", "UNSEEN_LOG_LINES", "NOTE_WORDS"):
        chance_templates |= set(getattr(words, name, {}).values())
    return request.param, templates | chance_templates, values | chance_values, kinds


def test_every_game_says_its_chance_in_words() -> None:
    for game_id in ("hansa", "kogge", "luebeck", "speicherstadt"):
        assert hasattr(REGISTRY[game_id].words_module(), "chance_phrase"), game_id


def test_every_game_has_its_words() -> None:
    assert {"hansa", "kogge", "luebeck", "speicherstadt"} <= set(GAMES)
    for game_id in ("hansa", "kogge", "luebeck", "speicherstadt"):
        assert hasattr(REGISTRY[game_id].words_module(), "log_phrase"), game_id


def test_every_decision_and_action_reads_as_words_and_labels_differ(
    walked: tuple[str, set[str], set[str], set[str]],
) -> None:
    game_id, templates, _values, kinds = walked
    words = REGISTRY[game_id].words_module()
    assert kinds <= set(words.KINDS), f"kinds without words: {kinds - set(words.KINDS)}"
    assert len(templates) > 5


def test_every_kind_of_action_has_a_name_and_an_explanation() -> None:
    for game_id in GAMES:
        cls = REGISTRY[game_id]
        game = make(game_id, cls.min_players)
        chance_kinds = _chance_kinds(game)
        for action_class in cls.action_classes:
            if action_class.kind in chance_kinds:
                continue
            words = game.kind_words().get(action_class.kind)
            assert words is not None, f"{game_id}: no words for {action_class.kind!r}"
            assert words.name and len(words.help) > 10


def _chance_kinds(game: Any) -> set[str]:
    """The kinds of the chance outcomes met in two random games (chance needs no words)."""
    kinds = set()
    for seed in SEEDS:
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not game.is_terminal(state):
            if game.current_player(state) == CHANCE:
                outcomes = game.chance_outcomes(state)
                kinds |= {game.action_to_json(action)["kind"] for action, _ in outcomes}
                game.apply_action(state, sample_chance(game, state, rng))
            else:
                legal = game.legal_actions(state)
                game.apply_action(state, legal[rng.randrange(len(legal))])
    return kinds


@pytest.mark.parametrize("lang", ["de", "it"])
def test_catalogs_translate_every_phrase_kind_and_term(
    walked: tuple[str, set[str], set[str], set[str]], lang: str
) -> None:
    game_id, templates, values, _kinds = walked
    words = REGISTRY[game_id].words_module()
    catalogs = []
    for name in (f"{game_id}.po", f"{game_id}_log.po"):  # the log's words may have their own
        path = LOCALE / lang / "LC_MESSAGES" / name
        if path.exists():
            with path.open("rb") as po:
                catalogs.append(read_po(po))

    def translated(msgid: str) -> str | None:
        for catalog in catalogs:
            message = catalog.get(msgid)
            if message is not None and message.string:
                return str(message.string)
        return None

    missing = [t for t in sorted(templates) if translated(t) is None]
    missing += [text for kind in words.KINDS.values() for text in kind if translated(text) is None]
    terms = set(words.TERMS)
    missing += [t for t in sorted(terms) if translated(t) is None and not t.isdigit()]
    assert not missing, f"{lang}/{game_id}.po lacks {missing}"
    unknown_terms = {v for v in values if translated(v) is not None} - terms
    assert not unknown_terms, f"translated field values that TERMS does not list: {unknown_terms}"
    for template in templates:
        text = translated(template)
        assert text is not None and template_fields(text) == template_fields(template), (
            f"{lang}/{game_id}.po: {text!r} has other fields than {template!r}"
        )


def test_an_unseen_chance_outcome_is_said_as_the_viewer_saw_it() -> None:
    """A chance outcome the viewer did not see is said in the words of what everybody sees of it,
    with the note its text closes with; the game's text where the game has no such words."""
    unseen = phrase("A marker is drawn for player {seat}", seat="B")
    assert unseen_words("deal ? to player B", unseen) == unseen.to_json()
    noted = unseen_words("deal ? to player B (player C cannot bid)", unseen)
    assert noted is not None and log_line(noted, str, "") == (
        "A marker is drawn for player B (player C cannot bid)"
    )
    assert unseen_words("deal ? (player B)", unseen) == unseen.to_json()
    assert unseen_words("draw ?", None) is None


def test_a_log_line_is_in_words_only_for_a_viewer_who_saw_the_whole_move() -> None:
    """The log in words (issue 16, "a readable log") never says more than the viewer's own log
    text: a hidden part ("route 0 ?") keeps the game's text; a note of what the move showed is
    kept beside the words unless they already say it."""
    said = phrase("{player} lays marker {marker} on the left route", marker=3)
    assert log_words("route 0 3", "route 0 3", said) == said.to_json()
    assert log_words("route 0 ?", "route 0 3", said) is None
    noted = log_words("route 0 3 (the marker shows 5)", "route 0 3", said)
    assert noted is not None and log_line(noted, str, "Anna") == (
        "Anna lays marker 3 on the left route (the marker shows 5)"
    )
    assert log_words("route 0 3 (marker 3)", "route 0 3", said) == said.to_json()
    assert log_words("route 0 3", "route 0 3", None) is None


def test_a_games_notes_go_beside_the_words_and_are_translated() -> None:
    """Where the game gives the phrases of a note (``GameBase.note_phrases``), they stand beside
    the words in place of the note's text, each translated, and none where the game gives an
    empty list (the words say it already)."""
    said = phrase("{player} sails along the right route")
    shows = phrase("the marker shows {marker}", marker=5)
    line = log_words("move 1 (the marker shows 5)", "move 1", said, [shows])
    assert line is not None and line["notes"] == [shows.to_json()] and "note" not in line
    german = {"the marker shows {marker}": "der Wegemarker zeigt {marker}"}
    assert log_line(line, lambda text: german.get(text, text), "Anna") == (
        "Anna sails along the right route (der Wegemarker zeigt 5)"
    )
    assert log_words("move 1 (cog in Riga)", "move 1", said, []) == said.to_json()
    assert log_words("move 1 (the marker shows 5)", "move 1", said) == {
        **said.to_json(),
        "note": "(the marker shows 5)",
    }


COUNTED_FIELDS = ("pack", "lot", "post", "column", "own_card", "other_card", "own_space")
COUNTED_FIELDS += ("other_space", "left", "right")
"""Fields that number a thing the player counts (a pack, a lot, a post, a card of a row, a
building space, an office): counted from 1, never the notation's 0."""


@pytest.mark.parametrize("game_id", ["hansa", "kogge", "luebeck", "speicherstadt"])
def test_numbers_a_player_reads_count_from_1(game_id: str) -> None:
    """A newcomer read 'Pack 0' and 'lot 0': every numbered thing on a button, in a decision or
    in the log counts from 1 (a Kogge city's printed number, 0 to 8, is no count)."""
    met: dict[str, int] = {}
    for players, flags in _configurations(game_id):
        game = make(game_id, players, **flags)
        for state, seat in decision_nodes(game, 0, EVERY, 300):
            view = game.view(state, seat)
            said = [game.decision_phrase(view)]
            for action in game.legal_actions(state):
                said.append(game.action_phrase(game.action_to_json(action), view))
                logged = game.log_phrase(state, seat, action)
                said += [logged] if logged is not None else []
            for phrase_ in said:
                for name, value in phrase_.fields:
                    if name in COUNTED_FIELDS and value.isdigit():
                        met[name] = min(met.get(name, 99), int(value))
    assert met, f"{game_id}: no numbered thing met"
    assert all(lowest >= 1 for lowest in met.values()), met
