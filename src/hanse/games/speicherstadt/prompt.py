"""What the table's prompt bar tells those who wait while a player decides (DESIGN.md, "the page
a player sees"): the decision in the third person, one sentence per pending decision, with a
``{player}`` field the reader fills. The one who decides reads ``words.decision_phrase`` instead.
Each says only what the spectator's view shows (the name of the pending decision)."""

WAITING: dict[str, str] = {
    # Nachfrage, Kauf, Verladung; Feuer; Kaispeicher-Karten
    "demand": "{player} places a worker",
    "spy": "{player} decides whether to use the Spy",
    "purchase": "{player} decides whether to buy",
    "loading": "{player} loads goods",
    "truck": "{player} moves goods between contracts with the truck",
    "insurance": "{player} decides whether to pay the Insurance",
    "fire_chief": "{player} decides whether to use the Fire Chief",
}
