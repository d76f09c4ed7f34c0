"""Kogge in the words a player reads (a newcomer's trial): players are "player A" on the buttons
and in the decisions, as in the log; the numbers a player reads count from 1 (lots 1 to 4, the
first and the second route of a city), except a city's number, which is printed on the board."""

from __future__ import annotations

import re

from hanse.core.testing import decision_nodes
from hanse.games import make


def _texts(players: int, **flags: bool) -> list[str]:
    """Every decision and button text met in a random game."""
    game = make("kogge", players, **flags)
    said = []
    for state, seat in decision_nodes(game, 3, 1, 700):
        view = game.view(state, seat)
        said.append(game.decision_phrase(view).text())
        said += [
            game.action_phrase(game.action_to_json(a), view).text()
            for a in game.legal_actions(state)
        ]
    return said


def test_players_are_named_as_in_the_log_and_lots_and_routes_count_from_1() -> None:
    said = _texts(3, conflicts=True, kontor_trade=True, open_holdings=True)
    assert not [text for text in said if re.search(r"\b[Ss]eat [A-E?]\b", text)]
    assert any(re.search(r"\b[Pp]layer [A-C]\b", text) for text in said)
    lots = {int(n) for text in said for n in re.findall(r"\bBuy lot (\d)", text)}
    assert lots and lots <= {1, 2, 3, 4} and 4 in lots
    routes = " ".join(said)
    assert "first route" in routes and "second route" in routes
    assert "left route" not in routes and "right route" not in routes


def test_counted_goods_read_right_for_any_count_in_german_and_italian() -> None:
    """'{fur} Fell' read '2 Fell', '{fur} pelliccia' '2 pelliccia': in German and Italian a count
    of goods follows the good's name ('Felle 2', 'pellicce 1'), right for one and for many."""
    from babel.messages.pofile import read_po

    from hanse.web.i18n import LOCALE

    counted = re.compile(r"\{(?:give_|ask_|take_)?(?:ore|fur|amber|salt)\}")
    for lang in ("de", "it"):
        for name in ("kogge.po", "kogge_log.po"):
            with (LOCALE / lang / "LC_MESSAGES" / name).open("rb") as po:
                for message in read_po(po):
                    text = str(message.string or "")
                    for match in counted.finditer(text):
                        before = text[: match.start()].rstrip()
                        assert re.search(r"\w$", before), (lang, text)  # a name, not a comma
