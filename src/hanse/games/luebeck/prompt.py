"""What the table's prompt bar tells those who wait while a player decides (DESIGN.md, "the page
a player sees"): the decision in the third person, one sentence per pending decision, with a
``{player}`` field the reader fills. The one who decides reads ``words.decision_phrase`` instead.
Each says only what the spectator's view shows (the name of the pending decision)."""

WAITING: dict[str, str] = {
    # Ablauf einer Runde: Karten nehmen, Startspieler bestimmen, Aktionen, Figuren zurücknehmen
    "draft": "{player} takes a pack of cards",
    "choose_first": "{player} names who takes the first action of the round",
    "action": "{player} takes an action",
    "take_back": "{player} takes figures back from the cogs",
}
