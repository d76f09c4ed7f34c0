"""What the table's prompt bar tells those who wait while a player decides (DESIGN.md, "the page
a player sees"): the decision in the third person, one sentence per pending decision, with a
``{player}`` field the reader fills. The one who decides reads ``words.decision_phrase`` instead.
Each says only what the spectator's view shows (the name of the pending decision)."""

WAITING: dict[str, str] = {
    # Aktionen: Einsetzen, Verdrängen, Umsetzen, Einkommen, Handelsroute besetzen
    "action": "{player} chooses an action",
    "move_lift": "{player} picks up pieces to move them",
    "move_place": "{player} puts the moved pieces on free posts",
    "displaced_place": "{player} puts the displaced pieces on neighbouring routes",
    "establish_choice": "{player} takes an office, an ability or the prestige",
    "remove_pieces": "{player} removes pieces from routes",
    "neutral_office": "{player} chooses the city of the neutral office",
    "place_bonus": "{player} places a bonus marker beside a route",
}
