"""The prompt bar's parts (issue 30): a board target standing for several moves (Hansa: the piece
to displace) offers them as follow-ups whose shared words are said once; the sentence for the
one who decides, for those who wait, for a waiting and a finished table."""

from __future__ import annotations

from typing import Any

from hanse.server.prompt_bar import follow_ups, prompt_sentence


def _action(text: str) -> dict[str, Any]:
    return {"text": text, "json": {"kind": text.split()[0]}}


def test_a_targets_follow_ups_are_the_placed_moves_it_starts_with_their_shared_words_once() -> None:
    svg = '<g data-choose="displace A-B 1" role="button"/><g data-choose="displace A-B 2"/>'
    legal = [
        _action("displace A-B 1 t 0"),
        _action("displace A-B 1 m 1"),
        _action("displace A-B 2 t 0"),
        _action("displace A-B 10 t 0"),  # another post: never a follow-up of post 1
        _action("income 1"),
    ]
    placed = frozenset(a["text"] for a in legal if a["text"].startswith("displace"))
    labels = {
        "displace A-B 1 t 0": "Displace on A–B, post 1, with a trader",
        "displace A-B 1 m 1": "Displace on A–B, post 1, with a merchant",
        "displace A-B 2 t 0": "Displace on A–B, post 2, with a trader",
    }
    groups = follow_ups(svg, legal, placed, lambda a: labels[a["text"]], str.upper)
    assert [g["prefix"] for g in groups] == ["displace A-B 1", "displace A-B 2"]
    first, second = groups
    assert first["name"] == "Displace on A–B, post 1"
    assert [a["label"] for a in first["actions"]] == ["with a trader", "with a merchant"]
    assert second["name"] == "DISPLACE"  # one follow-up: its whole label, under its kind
    assert [a["label"] for a in second["actions"]] == ["Displace on A–B, post 2, with a trader"]


def _payload(**fields: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "human"}]
    base = {
        "status": "playing",
        "decider": 0,
        "seat": 1,
        "view": {"decision": "action"},
        "seats": seats,
    }
    return {**base, **fields}


class _Game:
    def decision_phrase(self, view: Any) -> Any:
        return _Said("Choose an action")

    def waiting_phrase(self, view: Any) -> Any:
        return _Said("{player} chooses an action")


class _Said:
    def __init__(self, template: str) -> None:
        self.template = template

    def text(self, translate: Any = str, **names: str) -> str:
        return self.template.format(**names)


def test_the_sentence_for_the_decider_the_others_a_waiting_and_a_finished_table() -> None:
    def name(seat: int) -> str:
        return f"P{seat}"

    same = str
    assert prompt_sentence(_payload(seat=0), _Game(), same, same, name) == "Choose an action"
    assert prompt_sentence(_payload(), _Game(), same, same, name) == "P0 chooses an action"
    assert prompt_sentence(_payload(seat=None), _Game(), same, same, name) == (
        "P0 chooses an action"
    )
    # a person whose seat a bot plays watches the bot decide, as the others do
    bot_plays_mine = _payload(seat=0, seats=[{"kind": "bot"}, {"kind": "human"}])
    assert prompt_sentence(bot_plays_mine, _Game(), same, same, name) == "P0 chooses an action"
    waiting = prompt_sentence(_payload(status="waiting"), _Game(), same, same, name)
    assert waiting == "The game starts when every seat is taken."
    over = _payload(status="finished", decider=None, winners=[1])
    assert prompt_sentence(over, _Game(), same, same, name) == "The game is over: P1 wins."
    shared = _payload(status="finished", decider=None, winners=[0, 1])
    assert prompt_sentence(shared, _Game(), same, same, name) == (
        "The game is over: P0, P1 share the win."
    )


def test_a_person_whose_seat_a_bot_plays_is_not_told_it_is_their_turn() -> None:
    """Issue 30 trial: while a bot plays Anna's seat (she left, or her time ran out), her page
    shows the bot deciding, never "Your turn" with an instruction addressed to her."""
    from hanse.server.live_table import LiveTable, Seat
    from hanse.server.pages import render_panel

    seats = [Seat(0, "bot", "easy", "Anna", True), Seat(1, "human", None, "Bruno", True)]
    table = LiveTable("t", "hansa", 2, {}, "live", "public", "playing", seats)
    table.commit(table.state, table.resolve_chance(table.state))
    assert table.decider == 0
    panel = render_panel(table.payload(0), "en")
    assert 'data-my-turn="no"' in panel and "Your turn" not in panel
    assert "Anna (A) chooses an action" in panel
