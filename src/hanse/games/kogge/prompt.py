"""What the table's prompt bar tells those who wait while a player decides (DESIGN.md, "the page
a player sees"): the decision in the third person, one sentence per pending decision, with a
``{player}`` field the reader fills. The one who decides reads ``words.decision_phrase`` instead.
Each says only what the spectator's view shows (the name of the pending decision): a secret
choice is said to be one, never what is chosen."""

WAITING: dict[str, str] = {
    # Spielvorbereitung, Spielablauf (Reihenfolge, Gildemeister, Kogge ziehen, Aktionen)
    "choose_start": "{player} chooses a start city in secret",
    "start_swap": "{player} may swap a marker with a route square (Memory)",
    "bid": "{player} bids for the turn order",
    "move_guildmaster": "{player} moves the guild master",
    "pay_tax": "{player} pays the guild master's tax",
    "move": "{player} moves the cog",
    "pay_fee": "{player} pays for the secret route",
    "action": "{player} takes actions in the city",
    "exchange": "{player} exchanges goods with the city",
    "take_marker": "{player} takes a marker from the guild master",
    "offer_trade": "{player} puts a trade offer together",
    "answer_trade": "{player} answers a trade offer",
    "split": "{player} lays the cargo in two piles",
    "choose_pile": "{player} takes one of the two piles",
    "forced_step": "{player} chooses the route the robber's cog steps away on",
    # Zusatzregel C: Konflikte
    "attack": "{player} decides whether to attack another cog",
    "conflict_bid": "{player} puts markers into the conflict in secret",
    "demand": "{player} names the goods to take",
    "push": "{player} decides whether to push the other cog away",
}
