"""The words of a notice (e-mail and webhook), in the language its reader saved the settings in.

A message is built from the spectator's view of the table only (the decision as those who wait
read it, with the reader's own name in it: "Anna (A) chooses an action"), the game's title, the
names at the table and links, so that no secret of any seat can ever be in a message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hanse.games import game_class
from hanse.server.live_table import game_for
from hanse.web.i18n import game_translations, translations

SEAT_MARKS = "ABCDEF"


@dataclass(frozen=True)
class Message:
    """One notice, ready for either channel: an e-mail's subject and body, a webhook's fields."""

    subject: str
    body: str
    fields: dict[str, Any]


def _seat_name(seat: dict[str, Any], number: int, translate: Any) -> str:
    name = seat.get("name") or f"{translate('bot')} {translate(seat.get('level') or '')}"
    return f"{name} ({SEAT_MARKS[number]})"


def table_said(payload: dict[str, Any], lang: str) -> str:
    """A table by its game and the people at it: "Kogge: Anna (A), Bert (B)"."""
    _ = translations(lang).gettext
    names = ", ".join(_seat_name(s, n, _) for n, s in enumerate(payload["seats"]))
    return f"{game_class(payload['game']).title}: {names}"


def decision_said(payload: dict[str, Any], lang: str) -> str:
    """The pending decision as the spectator's view tells it, with the decider's name."""
    _ = translations(lang).gettext
    game = game_for(payload["game"], payload["players"], payload["flags"])
    decider = int(payload["decider"])
    words = game_translations(lang, payload["game"]).gettext
    name = _seat_name(payload["seats"][decider], decider, _)
    return str(game.waiting_phrase(payload["view"]).text(words, player=name))


def turn(payload: dict[str, Any], lang: str, link: str, unsubscribe: str | None) -> Message:
    """It is the reader's decision at a table (`payload` is the spectator's)."""
    _ = translations(lang).gettext
    title = game_class(payload["game"]).title
    table = table_said(payload, lang)
    decision = decision_said(payload, lang)
    subject = _("Hanse: your turn at %(game)s") % {"game": title}
    lines = [
        _("It is your turn at the table %(table)s.") % {"table": table},
        decision + ".",
        "",
        _("Open the table: %(link)s") % {"link": link},
    ]
    return _message(subject, lines, unsubscribe, lang, payload, decision, link)


def reminder(
    payload: dict[str, Any], lang: str, link: str, hours: int, unsubscribe: str | None
) -> Message:
    """The reader's time for a decision runs out in `hours`."""
    _ = translations(lang).gettext
    title = game_class(payload["game"]).title
    decision = decision_said(payload, lang)
    subject = _("Hanse: your time at %(game)s runs out in %(hours)d h") % {
        "game": title,
        "hours": hours,
    }
    lines = [
        _("Your time for this decision at the table %(table)s runs out in %(hours)d hours.")
        % {"table": table_said(payload, lang), "hours": hours},
        decision + ".",
        "",
        _("Open the table: %(link)s") % {"link": link},
    ]
    return _message(subject, lines, unsubscribe, lang, payload, decision, link)


def digest(
    waiting: list[tuple[dict[str, Any], str]], lang: str, unsubscribe: str | None
) -> Message:
    """The daily list of tables that wait for the reader: (spectator payload, link) each."""
    _ = translations(lang).gettext
    subject = _("Hanse: %(count)d tables wait for you") % {"count": len(waiting)}
    if len(waiting) == 1:
        subject = _("Hanse: a table waits for you")
    heading = _("These tables wait for your decision:")
    if len(waiting) == 1:
        heading = _("This table waits for your decision:")
    lines = [heading, ""]
    for payload, link in waiting:
        lines.append(f"- {table_said(payload, lang)}: {decision_said(payload, lang)}")
        lines.append(f"  {link}")
    text = "\n".join(lines)
    fields = {"kind": "digest", "tables": [link for _payload, link in waiting]}
    return Message(subject, _with_unsubscribe(text, unsubscribe, lang), _chat(fields, text))


def confirm(lang: str, link: str) -> Message:
    """The link that confirms an address for notices."""
    _ = translations(lang).gettext
    lines = [
        _("Open this link to get turn notices from Hanse at this address:"),
        link,
        "",
        _("If you did not ask for them, ignore this message: nothing will be sent."),
    ]
    return Message(_("Hanse: confirm your e-mail address"), "\n".join(lines), {})


def _with_unsubscribe(text: str, unsubscribe: str | None, lang: str) -> str:
    if unsubscribe is None:
        return text
    _ = translations(lang).gettext
    stop = _("No more e-mail from Hanse to this address: %(link)s") % {"link": unsubscribe}
    return f"{text}\n\n-- \n{stop}\n"


def _message(
    subject: str,
    lines: list[str],
    unsubscribe: str | None,
    lang: str,
    payload: dict[str, Any],
    decision: str,
    link: str,
) -> Message:
    text = "\n".join(lines)
    fields = {
        "table": payload["id"],
        "game": payload["game"],
        "seat": payload["decider"],
        "decision": decision,
        "url": link,
    }
    return Message(subject, _with_unsubscribe(text, unsubscribe, lang), _chat(fields, text))


def _chat(fields: dict[str, Any], text: str) -> dict[str, Any]:
    """The JSON fields and the text chat services post as is (Discord's ``content``, Slack's
    ``text``)."""
    return {**fields, "content": text[:2000], "text": text}
