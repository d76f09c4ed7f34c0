"""The rules of Hansa Teutonica, one module per section of the rulebook.

- :mod:`.setup` — Startaufbau, Regeln für zwei Spieler (set-up of the neutral player)
- :mod:`.cities` — Stadtkontrolle, voll besetzte Städte, Ost-West-Verbindung, Netzwerk
- :mod:`.actions` — Aktionen 1-4: Einnahmen, Einsetzen, Verdrängen (with the displaced owner's
  placements), Umsetzen
- :mod:`.establish` — Aktion 5: Eine Handelsroute einrichten (a, b, c1-c3), and the neutral
  player's establishing in the 2-player rules
- :mod:`.bonus` — Bonusmarker: using them, and placing new ones at the end of the turn
- :mod:`.turn` — Spielablauf: actions per turn, end of the turn, Spielende
- :mod:`.scoring` — Auswertung der Prestigepunkte A-F and the tie-breaks
- :mod:`.posts` — pieces on posts, with the per-route counts the generators read
"""
