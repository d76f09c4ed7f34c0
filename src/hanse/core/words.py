"""Words for people: what a pending decision is and what an action does (issue 16, "in words, what
is being decided"; issue 19, item 9: no internal words on screen).

A game package may have a ``words`` module (DESIGN.md layout, like ``heuristics``) with

- ``KINDS``: for every action kind, a :class:`KindWords` (a short name and what it does);
- ``CONFIRM_KINDS`` (optional): the kinds of move that a click on the board asks to confirm,
  where the click does not look like what it costs (Lübeck's throw overboard);
- ``NOTE_WORDS`` (optional): the templates of the notes closing a log text
  (``GameBase.note_phrases``), which the web log translates;
- ``decision_phrase(view) -> Phrase``: the pending decision, addressed to the one who decides;
- ``action_phrase(action_json, view) -> Phrase``: one legal action, from its JSON form and the
  decider's view (the JSON holds numbers; the view gives the names behind them);
- ``log_phrase(action_json, view, actor) -> Phrase``: an action that was made, for the log, in the
  third person with a ``{player}`` field the reader fills ("{player} places a trader on
  Hamburg–Lübeck"), from the *spectator's* view before the action, so that it holds nothing
  secret; it is shown only to viewers who see the whole action (``observe_action`` gives them its
  notation), the others read ``unseen_log_phrase`` or, without it, the game's own text;
- ``chance_phrase(action_json, view) -> Phrase``: a chance outcome for the log ("Stettin 3 is
  drawn"), likewise from the spectator's view before it, with no ``{player}`` field; shown to the
  viewers whose log text is its notation, and to every viewer where the game's views hide
  nothing (:meth:`hanse.core.game.GameBase.log_said`);
- ``unseen_chance_phrase(view) -> Phrase``: what a viewer who did not see a chance outcome saw of
  it ("A card is dealt face down to player B"), from the spectator's view before it and nothing
  else, so that it cannot tell the outcome;
- ``unseen_log_phrase(kind, view, actor) -> Phrase``: what a viewer who saw only part of a
  player's action saw of it ("{player} chooses a start city in secret"), from its kind and the
  spectator's view before it, so that its hidden part cannot enter; None for a kind every viewer
  sees whole. Only for kinds the viewer's text names.

A :class:`Phrase` is an English template with named fields. The terminal prints it as it is; the web
pages translate the template and every field through the reader's catalog (gettext), so a field
that is a game term ("trader") is translated and a name ("Lübeck") stays as it is. Templates use
``str.format`` fields only, and a translation must keep exactly the template's fields (tested).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from string import Formatter
from typing import NamedTuple


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Phrase:
    """An English template and its fields, e.g. ``Phrase("place a {piece} on {route}", ...)``."""

    template: str
    fields: tuple[tuple[str, str], ...] = ()

    def text(self, translate: Callable[[str], str] = _same, **names: str) -> str:
        """The phrase in words; `translate` (gettext) is applied to the template and each field.
        `names` fill fields the phrase leaves to its reader, untranslated (a log line's
        ``{player}``: the seat's name as the page shows it)."""
        values = {name: translate(value) for name, value in self.fields}
        return translate(self.template).format(**values, **names)

    def to_json(self) -> dict[str, object]:
        return {"template": self.template, "fields": dict(self.fields)}

    @classmethod
    def from_json(cls, obj: dict[str, object]) -> Phrase:
        fields = obj.get("fields")
        assert isinstance(fields, dict)
        return cls(str(obj["template"]), tuple((str(k), str(v)) for k, v in fields.items()))


def phrase(template: str, **fields: object) -> Phrase:
    """A :class:`Phrase`; every field becomes text (numbers included)."""
    return Phrase(template, tuple((name, str(value)) for name, value in fields.items()))


def fill(
    template: str, fields: Mapping[str, object], renamed: Mapping[str, str] | None = None
) -> Phrase:
    """`template` with the fields it names, in the order it names them (``{player}``, unless
    given, is left to the reader); `renamed` gives a field the name the template knows it by (in
    place of a field that had that name). Lets one case analysis serve two templates
    (:class:`CaseWords`)."""
    renamed = renamed or {}
    named = {
        renamed.get(name, name): value
        for name, value in fields.items()
        if name in renamed or name not in renamed.values()
    }
    order = dict.fromkeys(name for _, name, _, _ in Formatter().parse(template) if name)
    return phrase(
        template, **{name: named[name] for name in order if name in named or name != "player"}
    )


class CaseWords(NamedTuple):
    """The two phrases of one case of an action: on its button and in the log."""

    button: str
    """The action offered, in the imperative ("Place a {piece} on {route}")."""
    log: str
    """The action made, in the third person with the reader's ``{player}`` field."""


def template_fields(template: str) -> set[str]:
    """The names of a template's fields (a translation must use the same ones)."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


class KindWords(NamedTuple):
    """An action kind for people: its short name ("place") and what it does, in a sentence."""

    name: str
    help: str


def log_words(
    seen: str, notation: str, phrase: Phrase | None, notes: Sequence[Phrase] | None = None
) -> dict[str, object] | None:
    """A viewer's log line in words (a :class:`Phrase` as JSON), or None to keep the game's text.

    In words only when the viewer saw the whole move: its notation, perhaps followed by a note
    in brackets of what the move showed ("move 1 pay o (the marker shows 5)"). The note goes
    beside the words: as `notes`, the game's phrases of it (``GameBase.note_phrases``: each
    translated, ``"notes"``), else as its text (``"note"``) unless the words already hold every
    word of it."""
    if phrase is None:
        return None
    if seen == notation:
        return _with_note(phrase, None, notes)
    if not (seen.startswith(notation + " (") and seen.endswith(")")):
        return None
    return _with_note(phrase, seen[len(notation) + 2 : -1], notes)


def unseen_words(
    seen: str, phrase: Phrase | None, notes: Sequence[Phrase] | None = None
) -> dict[str, object] | None:
    """A viewer's log line in words for a move or chance outcome it did not see whole: `phrase`,
    the words of what everybody sees of it (``unseen_chance_phrase``, ``unseen_log_phrase``), or
    None to keep the game's text. A note in brackets closing the viewer's text ("deal ? to player
    A (player C cannot bid)") is kept beside the words: as `notes` where the game gives them,
    else as its text unless the words already hold every word of it."""
    if phrase is None:
        return None
    return _with_note(phrase, _closing_note(seen), notes)


def _with_note(
    phrase: Phrase, note: str | None, notes: Sequence[Phrase] | None
) -> dict[str, object]:
    """`phrase` as JSON, with the game's `notes` beside it (``"notes"``), or where the game has
    none, the text `note` (``"note"``) unless the words say it already."""
    said = phrase.to_json()
    if notes is not None:
        return {**said, "notes": [n.to_json() for n in notes]} if notes else said
    told = set(re.findall(r"\w+", phrase.text(player="")))
    if note is None or set(re.findall(r"\w+", note)) <= told:
        return said
    return {**said, "note": f"({note})"}


def with_notes(phrase: Phrase, notes: Sequence[Phrase] | None) -> dict[str, object]:
    """`phrase` as JSON with the game's `notes` beside it (none given: the phrase alone)."""
    return _with_note(phrase, None, notes)


def note_text(notes: Sequence[Phrase], translate: Callable[[str], str] = _same) -> str:
    """Notes as a log text writes them after the move: "(the marker shows 5; ...)"."""
    return "(" + "; ".join(n.text(translate) for n in notes) + ")"


def closed_with_notes(text: str, notes: Sequence[Phrase]) -> str:
    """A log text with the game's `notes` (in English) in the bracket that closes it: the one it
    has already ("play Riga 3 @1 (cog in Riga; player A ends with ...)") or a new one."""
    if not notes:
        return text
    told = note_text(notes)
    if text.endswith(")"):
        return f"{text[:-1]}; {told[1:]}"
    return f"{text} {told}"


def _closing_note(text: str) -> str | None:
    """The inside of the bracket that closes `text` after a space ("a (b (c))" gives "b (c)")."""
    if not text.endswith(")"):
        return None
    depth = 0
    for index in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[index], 0)
        if depth == 0:
            return text[index + 1 : -1] if index > 0 and text[index - 1] == " " else None
    return None


def log_line(said: dict[str, object], translate: Callable[[str], str], player: str) -> str:
    """The text of a log line in words (:func:`log_words`) with the player's name."""
    text = Phrase.from_json(said).text(translate, player=player)
    notes = said.get("notes")
    if isinstance(notes, list):
        return f"{text} {note_text([Phrase.from_json(n) for n in notes], translate)}"
    note = said.get("note")
    return f"{text} {note}" if note else text
